/**
 * Wire types of the catalogue API (docs/api.md "Sections", "Offers"). JSON, camelCase keys.
 * Prices are JSON numbers in major units (`1480`, `3.54`) with `currencyId` beside them.
 */

/** Sections (`GET /api/sections`) are shared with the navigation; their types live in `lib/api/section-types.ts`. */
export type { Section, SectionsResponse } from '../../../lib/api/section-types';

/** One characteristic of an offer (`<param>` of the feed). */
export interface OfferParam {
  name: string;
  value: string;
  /** Unit of `value`, e.g. `см`; `null` when none. */
  unit: string | null;
}

/** An offer (product) as the API sends it. */
export interface Offer {
  /** The feed's offer id. */
  id: string;
  name: string;
  /** Page path, e.g. `/catalog/konstruktory/konstruktor-…/` or `/catalog/products/…/`. */
  url: string;
  sectionId: string | null;
  /** Picture URLs, the first is the main one; may be empty. Remote ones often fail to load. */
  pictures: string[];
  /** Price in major units. */
  price: number;
  /** Price before the discount in major units, or `null`. */
  oldPrice: number | null;
  /** ISO 4217 code: `RUB`, `KZT`, `BYN`, `USD`, `EUR`, `UAH`. */
  currencyId: string;
  available: boolean;
  vendor: string | null;
  vendorCode: string | null;
  params: OfferParam[];
  /** Server-sanitised HTML, or `null`. */
  description: string | null;
}

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
