/**
 * How many menu items, in order, stay on the horizontal menu's single line (issue 3, spec §2
 * "The multilevel menu moves items that do not fit into a dropdown marked with three dots").
 *
 * - A menu of `threshold` items or fewer in total never gets the "…" item: all stay
 *   (spec §9 "Menu overflow threshold: 2 items").
 * - When every item fits into `available`, all stay.
 * - Otherwise the longest prefix that fits together with the "…" item stays (possibly none);
 *   the rest move into the "…" dropdown in their original order.
 *
 * @param itemWidths width of each item on the line, px, in menu order
 * @param moreWidth width of the "…" item, px
 * @param available width of the line, px
 * @param threshold menus of this many items or fewer are never split (`MENU_OVERFLOW_THRESHOLD_ITEMS`)
 * @returns the number of leading items that stay visible (`itemWidths.length` when nothing overflows)
 */
export function computeVisibleCount(
  itemWidths: readonly number[],
  moreWidth: number,
  available: number,
  threshold: number,
): number {
  const count = itemWidths.length;
  if (count <= threshold) return count;
  const total = itemWidths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return count;
  let used = moreWidth;
  let visible = 0;
  for (const width of itemWidths) {
    if (used + width > available) break;
    used += width;
    visible += 1;
  }
  return visible;
}
