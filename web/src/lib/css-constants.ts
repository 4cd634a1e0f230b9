import {
  MENU_FADE_MS,
  PANEL_CLOSE_ANIMATION_MS,
  RECENTLY_VIEWED_FADE_MS,
  SCROLL_UP_ANIMATION_MS,
  SHAKE_DURATION_MS,
  TOP_PANEL_FOOTER_SLIDE_MS,
} from '@/config/constants';

/**
 * Durations of spec §9 as CSS custom properties, so stylesheets animate with the values of
 * `config/constants.ts` instead of repeating them (`animation-duration: var(--duration-panel)`).
 * Keys are the property names, values CSS times.
 */
export const CSS_CONSTANTS: Readonly<Record<string, string>> = {
  '--duration-panel': `${PANEL_CLOSE_ANIMATION_MS}ms`,
  '--duration-menu-fade': `${MENU_FADE_MS}ms`,
  '--duration-footer-slide': `${TOP_PANEL_FOOTER_SLIDE_MS}ms`,
  '--duration-scroll-up': `${SCROLL_UP_ANIMATION_MS}ms`,
  '--duration-shake': `${SHAKE_DURATION_MS}ms`,
  '--duration-viewed-fade': `${RECENTLY_VIEWED_FADE_MS}ms`,
};

/** Writes {@link CSS_CONSTANTS} onto `root` (the `<html>` element by default). Called once in `main.tsx`. */
export function applyCssConstants(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(CSS_CONSTANTS)) root.style.setProperty(name, value);
}
