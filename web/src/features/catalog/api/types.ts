/**
 * Wire types of the catalogue API (docs/api.md "Sections", "Offers"). JSON, camelCase keys.
 * Prices are JSON numbers in major units (`1480`, `3.54`) with `currencyId` beside them.
 */

/** Sections (`GET /api/sections`) are shared with the navigation; their types live in `lib/api/section-types.ts`. */
export type { Section, SectionsResponse } from '../../../lib/api/section-types';

/** Offers are shared with the basket, compare list and recently viewed; their types live in `lib/api/offer-types.ts`. */
// Relative paths: the e2e helpers import these types without the `@/` alias.
import type { Offer } from '../../../lib/api/offer-types';
export type { Offer, OfferParam } from '../../../lib/api/offer-types';

/** A page of offers (`GET /api/offers`, `GET /api/sections/{id}/offers`). `page` is 1-based. */
export interface OfferPage {
  items: Offer[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
}

/** `GET /api/collections/{code}`. */
export interface OfferList {
  items: Offer[];
}

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
}

/** Codes of the home page's collections (spec §2 "Main tabs"), in tab order. */
export const COLLECTION_CODES = ['new', 'hits', 'sale'] as const;

/** One of {@link COLLECTION_CODES}. */
export type CollectionCode = (typeof COLLECTION_CODES)[number];
