/*
 * What the catalogue's listing requests take (docs/api.md "Offers"): the sort orders, a listing's parameters and the
 * home page's collection codes. The answers' types are the API's (`@/lib/api/types`).
 */

import type { FilterPair } from '../utils/filters';

/** Sort orders of an offer listing; `undefined` means the shop's own (feed) order. */
export const SORT_ORDERS = ['price', '-price', 'name', 'new', 'discount'] as const;

/** One of {@link SORT_ORDERS}. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Parameters of an offer listing as the API takes them. */
export interface ListingParams {
  /** 1-based page. */
  page: number;
  perPage: number;
  sort?: SortOrder;
  /** `true` sends `available=Y` (only in-stock offers). */
  available: boolean;
  /** The facet filters, canonical (issue 35); none when omitted. */
  filters?: readonly FilterPair[];
}

/** Codes of the home page's collections (spec §2 "Main tabs"), in tab order. */
export const COLLECTION_CODES = ['new', 'hits', 'sale'] as const;

/** One of {@link COLLECTION_CODES}. */
export type CollectionCode = (typeof COLLECTION_CODES)[number];
