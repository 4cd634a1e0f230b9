import { useEffect, useState, useSyncExternalStore } from 'react';
import { SHAKE_DURATION_MS } from '@/config/constants';

/** The kinds of change the mini cart reacts to (spec §4): the basket's or the wishlist's. */
export type BasketChangeKind = 'basket' | 'delay';

/**
 * The mini cart's change signals (spec §4 "after a basket change the cart reloads and shakes for 1 second; a delay
 * change … shakes the delay icon"): a counter per kind that every successful basket mutation bumps, and the last
 * announcement for the polite live region. A module store, as the mutations and the header widgets share no
 * component tree below the app.
 */
interface SignalState {
  basket: number;
  delay: number;
  /** The announcement text and a serial, so the same text is announced again. */
  announcement: { serial: number; text: string };
}

/** No change yet: how every page starts (also what a server-rendered page shows, issue 22). */
const INITIAL: SignalState = { basket: 0, delay: 0, announcement: { serial: 0, text: '' } };
let state = INITIAL;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a change of the basket or the wishlist, and (when given) the text to announce. */
export function signalBasketChange(kind: BasketChangeKind, announcement?: string): void {
  state = {
    ...state,
    [kind]: state[kind] + 1,
    announcement: announcement ? { serial: state.announcement.serial + 1, text: announcement } : state.announcement,
  };
  for (const listener of listeners) listener();
}

/** Resets the store (tests). */
export function resetBasketSignals(): void {
  state = INITIAL;
  for (const listener of listeners) listener();
}

/** The number of `kind` changes so far. */
export function useBasketSignal(kind: BasketChangeKind): number {
  return useSyncExternalStore(
    subscribe,
    () => state[kind],
    () => INITIAL[kind],
  );
}

/** The last announcement (`text` empty before the first). */
export function useBasketAnnouncement(): { serial: number; text: string } {
  return useSyncExternalStore(
    subscribe,
    () => state.announcement,
    () => INITIAL.announcement,
  );
}

/**
 * `true` for {@link SHAKE_DURATION_MS} (1000 ms, spec §9) after each change of `signal`; a change meanwhile
 * starts the time again. `restart` changes with every signal, so a keyed element replays its animation.
 */
export function useShake(signal: number): { shaking: boolean; restart: number } {
  const [shakingFor, setShakingFor] = useState(0);
  const [seen] = useState(signal);
  useEffect(() => {
    if (signal === seen) return;
    setShakingFor(signal);
    const timer = setTimeout(() => setShakingFor(0), SHAKE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [signal, seen]);
  return { shaking: shakingFor !== 0, restart: signal };
}
