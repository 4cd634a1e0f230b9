import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { describe, expect, it } from 'vitest';
import { OVERLAY_PART_ATTRIBUTE, SCROLL_LOCK_FIXED_CLASS, isInsideOverlayPart } from './overlay-parts';

describe('overlay parts', () => {
  it('uses the class react-remove-scroll-bar compensates on fixed elements', () => {
    expect(SCROLL_LOCK_FIXED_CLASS).toBe(zeroRightClassName);
  });

  it('finds the overlay-part attribute on the target or an ancestor', () => {
    const part = document.createElement('div');
    part.setAttribute(OVERLAY_PART_ATTRIBUTE, '');
    const child = document.createElement('span');
    part.append(child);
    document.body.append(part);
    expect(isInsideOverlayPart(part)).toBe(true);
    expect(isInsideOverlayPart(child)).toBe(true);
    expect(isInsideOverlayPart(document.body)).toBe(false);
    expect(isInsideOverlayPart(null)).toBe(false);
    part.remove();
  });
});
