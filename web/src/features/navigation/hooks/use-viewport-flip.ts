import { useLayoutEffect, useState, type RefObject } from 'react';
import type { DisclosureState } from './use-hover-intent';

/** Attribute a dropdown carries while it is flipped to the other side. */
export const FLIP_ATTRIBUTE = 'data-flip';

/**
 * Measures `element` on its default side and on the flipped side ({@link FLIP_ATTRIBUTE} removed,
 * then set; both before paint) and answers whether the flipped side is the better one: the default
 * side passes the viewport's right edge and the flipped side passes its left edge by less (so a
 * dropdown too wide for either side stays where it overflows least).
 */
export function shouldFlip(element: HTMLElement, viewportWidth: number): boolean {
  const previous = element.getAttribute(FLIP_ATTRIBUTE);
  element.removeAttribute(FLIP_ATTRIBUTE);
  const normal = element.getBoundingClientRect();
  let flip = false;
  const overRight = normal.right - viewportWidth;
  if (overRight > 0) {
    element.setAttribute(FLIP_ATTRIBUTE, 'true');
    const flipped = element.getBoundingClientRect();
    const overLeft = Math.max(0, -flipped.left, flipped.right - viewportWidth);
    flip = overLeft < overRight;
  }
  if (previous === null) element.removeAttribute(FLIP_ATTRIBUTE);
  else element.setAttribute(FLIP_ATTRIBUTE, previous);
  return flip;
}

/**
 * Keeps a dropdown inside the viewport horizontally (issue 3: "nested dropdowns open to the side
 * and flip to stay inside the viewport"). While `state` is `open` the dropdown is measured
 * ({@link shouldFlip}) when it opens and again on every window resize; the hook answers `true`
 * when it should sit on the other side, and the stylesheet places it there (`[data-flip]`: nested
 * ones open to the left, top-level ones align to their item's right edge). The flipped side is
 * taken only when it fits better, so flipping never pushes the dropdown past the left edge.
 */
export function useViewportFlip(state: DisclosureState, ref: RefObject<HTMLElement | null>): boolean {
  const [flip, setFlip] = useState(false);
  useLayoutEffect(() => {
    if (state !== 'open') return;
    const measure = () => {
      const element = ref.current;
      if (element) setFlip(shouldFlip(element, document.documentElement.clientWidth));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [state, ref]);
  return flip;
}
