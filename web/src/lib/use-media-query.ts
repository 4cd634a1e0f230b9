import { useSyncExternalStore } from 'react';
import { DESKTOP_MEDIA_QUERY } from '@/config/constants';

/**
 * Subscribes to a CSS media query and returns whether it matches now, re-rendering when that
 * changes (window resize, orientation, emulated media). Without `matchMedia` (SSR, old test
 * environments) it answers `false`.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/**
 * True at the desktop layout: viewport width at or above `DESKTOP_BREAKPOINT_PX` (1043 px, spec §9).
 * Widgets that exist on one side only (hover mega menu vs slide menus, search popup vs search
 * slide panel) switch on this.
 */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY);
}

/** Media query of the user's "reduce motion" setting (HOUSE_STYLE: it turns animations off). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True while the user asks for reduced motion: animations and fades are skipped (0 ms). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
