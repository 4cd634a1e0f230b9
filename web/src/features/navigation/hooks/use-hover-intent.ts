import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { MENU_CLOSE_GRACE_MS, MENU_FADE_MS, MENU_HOVER_DELAY_MS } from '@/config/constants';
import { usePrefersReducedMotion } from '@/lib/use-media-query';

/**
 * Where a hover-intent disclosure is: `open`; `closing` while it fades out (still shown, no longer
 * expanded); `closed` (hidden).
 */
export type DisclosureState = 'open' | 'closing' | 'closed';

/** Options of {@link useHoverIntent}; the defaults are the spec's values. */
export interface HoverIntentOptions {
  /** Pointer rest before opening, ms (spec §2, §9: 200). */
  openDelayMs?: number;
  /** Grace period after the pointer leaves before closing, ms ({@link MENU_CLOSE_GRACE_MS}). */
  closeDelayMs?: number;
  /**
   * Fade-out time during which the content stays rendered, ms (spec §2, §9: 150). 0 under
   * `prefers-reduced-motion: reduce`, whatever is given, as the stylesheet skips the fade then.
   */
  fadeMs?: number;
  /**
   * Asked when the open delay runs out; `false` keeps the disclosure closed (e.g. while a modal
   * overlay covers the page, the pointer resting on the menu behind it must not open it).
   */
  canOpenOnHover?: () => boolean;
}

/** What {@link useHoverIntent} returns. */
export interface HoverIntent {
  /** Whether the disclosure is open: drives `aria-expanded`. */
  open: boolean;
  /** `open`, `closing` (fading out) or `closed`: drives `hidden` and the fade (`data-state`). */
  state: DisclosureState;
  /** Opens or closes at once (clicks, keys), cancelling pending hover timers. */
  setOpen: (open: boolean) => void;
  /**
   * True while the disclosure is open because the mouse rested on it (not by a click or a key)
   * and the pointer is still inside: a click then should keep it open rather than toggle it shut.
   */
  isHoverOpened: () => boolean;
  /** Spread on the element that holds both the trigger and its dropdown. */
  hoverProps: {
    onPointerEnter: (event: PointerEvent) => void;
    onPointerLeave: (event: PointerEvent) => void;
  };
}

/**
 * Hover intent for menu dropdowns (issue 3, spec §2 "Dropdowns open after a 200 ms hover-intent
 * delay with a 150 ms fade"):
 *
 * - the pointer entering starts the open delay ({@link MENU_HOVER_DELAY_MS}); leaving before it
 *   runs out cancels the opening;
 * - leaving an open disclosure starts a grace period ({@link MENU_CLOSE_GRACE_MS}, as long as the
 *   open delay, so a diagonal path across a neighbouring item to a nested dropdown does not close
 *   it); coming back in time keeps it open, otherwise it closes and stays rendered in the
 *   `closing` state for the fade ({@link MENU_FADE_MS});
 * - touch pointers are ignored (a tap is a click; the toggle buttons handle it);
 * - under `prefers-reduced-motion: reduce` the fade is 0 ms: the content disappears at once.
 */
export function useHoverIntent(options: HoverIntentOptions = {}): HoverIntent {
  const { openDelayMs = MENU_HOVER_DELAY_MS, closeDelayMs = MENU_CLOSE_GRACE_MS, canOpenOnHover } = options;
  const reducedMotion = usePrefersReducedMotion();
  const fadeMs = reducedMotion ? 0 : (options.fadeMs ?? MENU_FADE_MS);
  const [open, setOpenState] = useState(false);
  const [present, setPresent] = useState(false);
  const openRef = useRef(false);
  const openedByHoverRef = useRef(false);
  const pointerInsideRef = useRef(false);
  const canOpenRef = useRef(canOpenOnHover);
  useEffect(() => {
    canOpenRef.current = canOpenOnHover;
  });
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearHoverTimer = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = undefined;
  };

  const apply = useCallback(
    (next: boolean) => {
      clearTimeout(fadeTimer.current);
      openRef.current = next;
      setOpenState(next);
      if (next) {
        setPresent(true);
      } else if (fadeMs > 0) {
        fadeTimer.current = setTimeout(() => setPresent(false), fadeMs);
      } else {
        setPresent(false);
      }
    },
    [fadeMs],
  );

  const setOpen = useCallback(
    (next: boolean) => {
      clearHoverTimer();
      openedByHoverRef.current = false;
      if (next !== openRef.current) apply(next);
    },
    [apply],
  );

  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      pointerInsideRef.current = true;
      clearHoverTimer();
      if (openRef.current) return;
      hoverTimer.current = setTimeout(() => {
        hoverTimer.current = undefined;
        if (canOpenRef.current && !canOpenRef.current()) return;
        openedByHoverRef.current = true;
        apply(true);
      }, openDelayMs);
    },
    [apply, openDelayMs],
  );

  const onPointerLeave = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      pointerInsideRef.current = false;
      clearHoverTimer();
      if (!openRef.current) return;
      hoverTimer.current = setTimeout(() => {
        hoverTimer.current = undefined;
        apply(false);
      }, closeDelayMs);
    },
    [apply, closeDelayMs],
  );

  useEffect(
    () => () => {
      clearTimeout(hoverTimer.current);
      clearTimeout(fadeTimer.current);
    },
    [],
  );

  const isHoverOpened = useCallback(() => openRef.current && openedByHoverRef.current && pointerInsideRef.current, []);

  const state: DisclosureState = open ? 'open' : present ? 'closing' : 'closed';
  return { open, state, setOpen, isHoverOpened, hoverProps: { onPointerEnter, onPointerLeave } };
}
