import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { SCROLL_UP_ANIMATION_MS, SCROLL_UP_THRESHOLD_PX } from '@/config/constants';
import { usePrefersReducedMotion } from '@/lib/use-media-query';
import { SCROLL_LOCK_FIXED_CLASS } from './overlay/overlay-parts';
import styles from './scroll-up-button.module.css';

/** Ease-in-out (cubic) of progress `t` in 0..1. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/**
 * Scrolls the window to the top over `durationMs` with `requestAnimationFrame` and an ease-in-out
 * curve (at once when `durationMs` is 0). A wheel turn, touch or key press of the shopper stops
 * the animation where it is. Resolves when the animation ends or stops. `registerCancel` receives
 * the function that stops it (for a caller that unmounts).
 */
export function animateScrollToTop(durationMs: number, registerCancel?: (cancel: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const from = window.scrollY;
    if (durationMs <= 0 || from <= 0) {
      window.scrollTo(0, 0);
      resolve();
      return;
    }
    let start: number | null = null;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
      resolve();
    };
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
    registerCancel?.(stop);
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min(1, (now - start) / durationMs);
      window.scrollTo(0, Math.round(from * (1 - easeInOutCubic(progress))));
      if (progress < 1) frame = requestAnimationFrame(step);
      else stop();
    };
    frame = requestAnimationFrame(step);
  });
}

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True when the page is scrolled more than `SCROLL_UP_THRESHOLD_PX` (150 px, spec §9). */
function useScrolledPastThreshold(): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY > SCROLL_UP_THRESHOLD_PX,
    () => false,
  );
}

/** Props of {@link ScrollUpButton}. */
export interface ScrollUpButtonProps {
  /**
   * Id of the element that receives focus after the page reached the top when the button had the
   * focus (keyboard use), so focus is not lost as the button hides: the `<main>` landmark.
   */
  focusTargetId?: string;
}

/**
 * The scroll-up button (spec §2 "moves to the top of the page and appears raised after 150 px of
 * scroll", §9: 150 px, 500 ms). Fixed at the bottom right; hidden (`visibility: hidden`, so not
 * focusable or announced) until the page is scrolled past `SCROLL_UP_THRESHOLD_PX`, then raised
 * (`data-raised="true"`: lifted with a shadow). A click scrolls to the top over
 * `SCROLL_UP_ANIMATION_MS` (at once under `prefers-reduced-motion`). Its full-width fixed
 * container carries `SCROLL_LOCK_FIXED_CLASS`, so the button does not move when an overlay locks
 * the page scroll.
 */
export function ScrollUpButton({ focusTargetId }: ScrollUpButtonProps) {
  const { t } = useTranslation();
  const raised = useScrolledPastThreshold();
  const reducedMotion = usePrefersReducedMotion();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelRef.current?.(), []);

  const onClick = useCallback(async () => {
    const hadFocus = document.activeElement === buttonRef.current;
    cancelRef.current?.();
    await animateScrollToTop(reducedMotion ? 0 : SCROLL_UP_ANIMATION_MS, (cancel) => {
      cancelRef.current = cancel;
    });
    cancelRef.current = null;
    if (hadFocus && window.scrollY <= SCROLL_UP_THRESHOLD_PX && focusTargetId) {
      document.getElementById(focusTargetId)?.focus({ preventScroll: true });
    }
  }, [reducedMotion, focusTargetId]);

  return (
    <div className={`${styles.dock} ${SCROLL_LOCK_FIXED_CLASS}`} data-testid="scroll-up-dock">
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        data-raised={raised ? 'true' : 'false'}
        aria-label={t('scrollUp.label')}
        onClick={() => void onClick()}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 19V5M5.5 11.5L12 5l6.5 6.5" />
        </svg>
      </button>
    </div>
  );
}
