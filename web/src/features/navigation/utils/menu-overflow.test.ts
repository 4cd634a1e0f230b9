import { describe, expect, it } from 'vitest';
import { MENU_OVERFLOW_THRESHOLD_ITEMS } from '@/config/constants';
import { computeVisibleCount } from './menu-overflow';

describe('computeVisibleCount', () => {
  it('keeps every item when they all fit', () => {
    expect(computeVisibleCount([100, 100, 100], 40, 300, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(3);
  });

  it('keeps the longest prefix that fits together with the "…" item', () => {
    // 100 + 100 + 40 = 240 ≤ 250, a third item would need 340.
    expect(computeVisibleCount([100, 100, 100, 100], 40, 250, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(2);
  });

  it('reserves room for the "…" item even when the items alone would fit one more', () => {
    // 3 items take 300 ≤ 310, but 300 + 40 > 310: only 2 stay beside the "…".
    expect(computeVisibleCount([100, 100, 100, 100], 40, 310, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(2);
  });

  it('keeps order: a narrow later item does not jump ahead of a wide earlier one', () => {
    expect(computeVisibleCount([100, 300, 20, 20], 40, 200, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(1);
  });

  it('moves everything into "…" when not even the first item fits beside it', () => {
    expect(computeVisibleCount([200, 100, 100], 40, 150, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(0);
  });

  it('never splits a menu of the threshold number of items or fewer', () => {
    expect(computeVisibleCount([500, 500], 40, 100, 2)).toBe(2);
    expect(computeVisibleCount([500], 40, 100, 2)).toBe(1);
    expect(computeVisibleCount([], 40, 100, 2)).toBe(0);
  });

  it('splits a menu of one item more than the threshold', () => {
    expect(computeVisibleCount([100, 100, 100], 40, 250, 2)).toBe(2);
  });

  it('brings items back when the line gets wider (recomputed on resize)', () => {
    const widths = [120, 90, 150, 110, 130];
    const narrow = computeVisibleCount(widths, 40, 400, 2);
    const wide = computeVisibleCount(widths, 40, 1000, 2);
    expect(narrow).toBe(3);
    expect(wide).toBe(5);
  });
});
