import { useFocusScopeBranch } from '@radix-ui/react-focus-scope';
import { useEffect } from 'react';

/**
 * Attribute marking an element as part of the open overlay although it is rendered elsewhere in
 * the DOM (issue 3: "presses inside pop-ups that an overlay owns but renders elsewhere — a
 * phone-country dropdown, a consent pop-up, a map — count as inside"). A primary-button press on
 * such an element (or inside it) does not close the topmost overlay. Any value works; `""` is usual.
 *
 * The stylesheet of the overlays gives these elements `pointer-events: auto`, because a modal
 * overlay turns pointer events off on `<body>` while it is open.
 */
export const OVERLAY_PART_ATTRIBUTE = 'data-overlay-part';

/** CSS selector matching {@link OVERLAY_PART_ATTRIBUTE}. */
export const OVERLAY_PART_SELECTOR = `[${OVERLAY_PART_ATTRIBUTE}]`;

/** True when `target` is, or is inside, an element carrying {@link OVERLAY_PART_ATTRIBUTE}. */
export function isInsideOverlayPart(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OVERLAY_PART_SELECTOR) !== null;
}

/**
 * Class for fixed, full-width containers (the scroll-up button's, the compare bar's) so they do not
 * move when an overlay locks the page scroll: while the lock is on, react-remove-scroll-bar (used by
 * Radix Dialog) sets `right: <scrollbar width>` on elements with this class, so a container with
 * `left: 0; right: 0` keeps ending where the scrollbar began. Equals the library's `zeroRightClassName`
 * (checked by `overlay-parts.test.ts`). Do not put it on an element positioned with its own `right`
 * offset: the lock replaces that offset.
 */
export const SCROLL_LOCK_FIXED_CLASS = 'right-scroll-bar-position';

/**
 * Makes `node` — a pop-up the calling overlay owns but that is rendered outside it (a third-party
 * dropdown appended to `<body>`, a map) — count as inside the overlay: presses on it do not close
 * the overlay ({@link OVERLAY_PART_ATTRIBUTE}), focus may move into it despite the focus trap, and it
 * stays scrollable under the scroll lock (Radix's focus-scope branch registry, which the Dialog also
 * hands to react-remove-scroll as a shard). Call it from a component rendered inside the overlay.
 */
export function useOverlayPart(node: HTMLElement | null): void {
  useFocusScopeBranch(node);
  useEffect(() => {
    if (!node) return;
    const had = node.hasAttribute(OVERLAY_PART_ATTRIBUTE);
    if (!had) node.setAttribute(OVERLAY_PART_ATTRIBUTE, '');
    return () => {
      if (!had) node.removeAttribute(OVERLAY_PART_ATTRIBUTE);
    };
  }, [node]);
}
