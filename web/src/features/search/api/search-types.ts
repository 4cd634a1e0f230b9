/**
 * Wire types of `GET /api/search` (docs/api.md "Search"), import-free so the end-to-end specs can share them.
 */

/** Id of the "Все результаты" pseudo-section: always `sections[0]`, choosing it shows every item (spec §4). */
export const ALL_SECTIONS_ID = '0';

/** One section of a search answer (spec §3 "Search result": SECTIONS). */
export interface SearchSection {
  /** Section id (`"0"` for "Все результаты", {@link ALL_SECTIONS_ID}). */
  id: string;
  /** Display name. */
  value: string;
  /** Matches in this section over all results, not only those on the page (`total` for id `"0"`). */
  found: number;
}

/** One name/value characteristic of a found offer, shown as "name: value". */
export interface SearchItemParameter {
  name: string;
  value: string;
}

/** One found offer (spec §3 "Search result": ITEMS). */
export interface SearchItem {
  /** The feed's offer id. */
  id: string;
  /** The offer's own section id (a {@link SearchSection} id); `null` for an offer without a section. */
  categoryId: string | null;
  name: string;
  /** Product page path, e.g. `/catalog/…/`. */
  url: string;
  /** Picture address, or `null` (the UI shows a placeholder). */
  picture: string | null;
  parameters: SearchItemParameter[];
  /** Price in major units of `currencyId` (e.g. roubles); shown only above 0. */
  price: number;
  /** Previous price in major units, or `null` when there is none. */
  oldPrice: number | null;
  /** ISO 4217 currency code, e.g. `RUB`. */
  currencyId: string;
  /** In stock. */
  available: boolean;
}

/** The body of `GET /api/search` (docs/api.md "Search"). */
export interface SearchAnswer {
  /** Number of matches (after the availability filter, before the section filter). */
  total: number;
  /** "Все результаты" first, then every section holding matches in order of first appearance. */
  sections: SearchSection[];
  /** The best matches of the asked page, best first, at most `perPage`; restricted to `section` when one was asked for. */
  items: SearchItem[];
  /** Matches the items are paged from: `total` without `section`, else those of the section and its subsections. */
  itemsTotal: number;
}
