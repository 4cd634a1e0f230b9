import { useCallback, useEffect, useState } from 'react';
import { TOP_PANEL_SCROLL_TOLERANCE_PX } from '@/config/constants';

/** Options of {@link useHideOnScroll}. */
export interface HideOnScrollOptions {
  /** Off: never hidden (e.g. at the desktop layout). Turning it off shows the element again. */
  enabled: boolean;
  /** Scroll offset, px, above which it is always shown (e.g. while the top panel is still in place). */
  revealAbovePx: () => number;
  /**
   * On: the element keeps its state whatever scrolls (e.g. while an overlay locks the page, whose
   * scroll lock and restore must not slide the foot). Turning it off starts measuring afresh from
   * the position then.
   */
  frozen?: boolean;
}

/**
 * Whether the top panel's foot is hidden (spec §2: "On narrow screens its footer hides on
 * scroll-down and shows on scroll-up"): scrolling down past `revealAbovePx()` hides it, any
 * scroll up shows it; moves under {@link TOP_PANEL_SCROLL_TOLERANCE_PX} are ignored (touch
 * jitter, elastic overscroll). Read once per animation frame. `reveal()` shows it at once (e.g.
 * when keyboard focus enters it). While `frozen` it neither hides nor shows.
 */
export function useHideOnScroll({ enabled, revealAbovePx, frozen = false }: HideOnScrollOptions): { hidden: boolean; reveal: () => void } {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    if (frozen) return;
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (y <= revealAbovePx()) {
        setHidden(false);
        last = y;
        return;
      }
      const delta = y - last;
      if (Math.abs(delta) < TOP_PANEL_SCROLL_TOLERANCE_PX) return;
      setHidden(delta > 0);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [enabled, frozen, revealAbovePx]);

  const reveal = useCallback(() => setHidden(false), []);
  return { hidden, reveal };
}
