import { useSyncExternalStore } from 'react';
import { DESKTOP_MEDIA_QUERY } from '@/config/constants';
import { useHydrated } from './use-hydrated';

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

/** A side of the 1043 px breakpoint. */
export type LayoutSide = 'desktop' | 'mobile';

/**
 * The side of the breakpoint the window is on, once the page is hydrated; `undefined` on the server and in the
 * hydration render (issue 22). Then a widget that differs by side draws both, each marked `data-only="desktop"` or
 * `data-only="mobile"`, and CSS shows the one that fits (`global.css`): the server's HTML looks right at any width
 * and nothing moves when the browser takes over and keeps one.
 */
export function useLayoutSide(): LayoutSide | undefined {
  const hydrated = useHydrated();
  const isDesktop = useIsDesktop();
  if (!hydrated) return undefined;
  return isDesktop ? 'desktop' : 'mobile';
}
