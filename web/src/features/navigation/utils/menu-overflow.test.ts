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
    for (let count = 0; count <= MENU_OVERFLOW_THRESHOLD_ITEMS; count += 1) {
      expect(computeVisibleCount(Array<number>(count).fill(500), 40, 100, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(count);
    }
  });

  it('splits a menu of one item more than the threshold', () => {
    const widths = Array<number>(MENU_OVERFLOW_THRESHOLD_ITEMS + 1).fill(100);
    // Room for all but one item plus the "…" item.
    const available = 100 * MENU_OVERFLOW_THRESHOLD_ITEMS + 40;
    expect(computeVisibleCount(widths, 40, available, MENU_OVERFLOW_THRESHOLD_ITEMS)).toBe(MENU_OVERFLOW_THRESHOLD_ITEMS);
  });

  it('brings items back when the line gets wider (recomputed on resize)', () => {
    const widths = [120, 90, 150, 110, 130];
    const narrow = computeVisibleCount(widths, 40, 400, MENU_OVERFLOW_THRESHOLD_ITEMS);
    const wide = computeVisibleCount(widths, 40, 1000, MENU_OVERFLOW_THRESHOLD_ITEMS);
    expect(narrow).toBe(3);
    expect(wide).toBe(5);
  });
});
