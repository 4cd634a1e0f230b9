import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { getOverlaysAbove } from '@/components/ui/overlay';
import type { Offer } from '@/lib/api/types';

/**
 * Key of the marker the quick view puts into `history.state` on the entry it pushes; its value is
 * the offer id. An entry without it is not a quick-view entry.
 */
export const QUICK_VIEW_HISTORY_KEY = 'vitrinaQuickView';

function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

/** What {@link useQuickView} returns. */
export interface QuickView {
  /** The offer shown in the pop-up, `null` when closed. */
  offer: Offer | null;
  /**
   * The control that opened the pop-up (the card's button), where focus returns on close; `null`
   * when not given.
   */
  opener: HTMLElement | null;
  /** Id of the pop-up in the overlay stack: pass it to the pop-up (`overlayId`). */
  overlayId: string;
  /**
   * Opens the pop-up for `offer` and puts its address in the location bar. `opener` is the
   * control clicked (`event.currentTarget`); focus returns to it on close, also in Safari, which
   * does not focus a clicked button.
   */
  open: (offer: Offer, opener?: HTMLElement | null) => void;
  /** Closes the pop-up (close button, Escape, outside press) and restores the stored address. */
  close: () => void;
  /**
   * Closes the pop-up without touching the history: for a link inside it that navigates itself
   * (with `replace`, taking over the quick-view entry).
   */
  dismiss: () => void;
}

/**
 * State and address handling of the product quick view (spec §2: "Product popup panel … may change
 * the address to a stored link when closed"; "The back-button closes an open product popup;
 * otherwise the page reloads to the new address").
 *
 * The router is not navigated. Opening stores the current address (`pathname + search + hash`) and
 * pushes a history entry with the product's `url` whose state is a copy of the current one (so
 * React Router keeps its `idx`: going back to the page is a pop of delta 0 and merely re-renders
 * it), with a fresh `key` and the {@link QUICK_VIEW_HISTORY_KEY} marker. Closing goes back over
 * that entry (the address returns to the stored link), or replaces the address with the stored
 * link when the entry is not ours. A `popstate` that lands on an entry without our marker — the
 * browser's Back button — closes the pop-up without touching the history again, together with
 * any overlay opened above it in the overlay stack (they belonged to the pop-up's address).
 */
export function useQuickView(): QuickView {
  const overlayId = useId();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const offerRef = useRef<Offer | null>(null);
  const storedLinkRef = useRef<string | null>(null);

  const open = useCallback((next: Offer, openedBy: HTMLElement | null = null) => {
    const { pathname, search, hash } = window.location;
    storedLinkRef.current = `${pathname}${search}${hash}`;
    const entry = { ...historyState(), key: `qv-${Math.random().toString(36).slice(2, 10)}`, [QUICK_VIEW_HISTORY_KEY]: next.id };
    window.history.pushState(entry, '', next.url);
    offerRef.current = next;
    setOpener(openedBy);
    setOffer(next);
  }, []);

  const dismiss = useCallback(() => {
    offerRef.current = null;
    setOffer(null);
  }, []);

  const close = useCallback(() => {
    const current = offerRef.current;
    if (!current) return;
    dismiss();
    if (historyState()[QUICK_VIEW_HISTORY_KEY] === current.id) {
      window.history.back();
    } else if (storedLinkRef.current !== null) {
      window.history.replaceState(window.history.state, '', storedLinkRef.current);
    }
  }, [dismiss]);

  useEffect(() => {
    if (!offer) return;
    const onPopState = () => {
      if (historyState()[QUICK_VIEW_HISTORY_KEY] === offerRef.current?.id) return;
      for (const above of [...getOverlaysAbove(overlayId)].reverse()) above.close();
      dismiss();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [offer, dismiss, overlayId]);

  return { offer, opener, overlayId, open, close, dismiss };
}
