import { useLayoutEffect, useState, type RefObject } from 'react';
import type { DisclosureState } from './use-hover-intent';

/** Attribute a dropdown carries while it is flipped to the other side. */
export const FLIP_ATTRIBUTE = 'data-flip';

/**
 * Keeps a dropdown inside the viewport horizontally (issue 3: "nested dropdowns open to the side
 * and flip to stay inside the viewport"). Each time `state` turns `open`, the dropdown is measured
 * on its default side (the {@link FLIP_ATTRIBUTE} removed for the measurement, before paint); when
 * its right edge passes the viewport's, the hook answers `true` and the stylesheet places it on the
 * other side (`[data-flip]`: nested ones open to the left, top-level ones align to their item's
 * right edge).
 */
export function useViewportFlip(state: DisclosureState, ref: RefObject<HTMLElement | null>): boolean {
  const [flip, setFlip] = useState(false);
  useLayoutEffect(() => {
    if (state !== 'open') return;
    const element = ref.current;
    if (!element) return;
    const previous = element.getAttribute(FLIP_ATTRIBUTE);
    element.removeAttribute(FLIP_ATTRIBUTE);
    const rect = element.getBoundingClientRect();
    if (previous !== null) element.setAttribute(FLIP_ATTRIBUTE, previous);
    setFlip(rect.right > document.documentElement.clientWidth);
  }, [state, ref]);
  return flip;
}
