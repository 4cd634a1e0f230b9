import type { Offer } from '@/lib/api/offer-types';

/** `GET /api/compare` and every compare mutation's answer (docs/api.md "Compare list and recently viewed"). */
export interface CompareList {
  /** The offers on the list, with their params, in the order they were added (at most `COMPARE_MAX_ITEMS`). */
  items: Offer[];
  /** `items.length`: the compare widget's count (spec §3 "Compare list: a count of items"). */
  count: number;
}

/** `GET /api/compare/count`: how many offers the compare list holds (spec §3, §4 compare widget). */
export interface CompareCount {
  count: number;
}
