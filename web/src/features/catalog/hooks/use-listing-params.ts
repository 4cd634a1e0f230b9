import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { listingParams, withQuery } from '@/config/paths';
import { SORT_ORDERS, type SortOrder } from '../api/listing-params';
import { isYes } from '@/config/yes-no';
import { type FilterPair, readFilters } from '../utils/filters';

/** What a listing keeps in the URL (`?sort=price&available=Y&page=2`). */
export interface ListingUrlState {
  /** `undefined`: the shop's own order. */
  sort?: SortOrder;
  /** `available=Y`: only in-stock offers. */
  available: boolean;
  /** 1-based page. */
  page: number;
  /** The facet filters, canonical (issue 35). */
  filters: FilterPair[];
}

/** True when `value` is one of the API's sort orders. */
export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value);
}

/**
 * Reads the listing state from a query string. Unknown sort values and malformed pages are
 * ignored (shop order, page 1), so a hand-edited URL never breaks the page.
 */
export function parseListingSearch(search: URLSearchParams): ListingUrlState {
  const sort = search.get(listingParams.sort);
  const page = Number(search.get(listingParams.page));
  return {
    sort: isSortOrder(sort) ? sort : undefined,
    available: isYes(search.get(listingParams.available)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filters: readFilters(search),
  };
}

/**
 * The query of a listing in its canonical order (`sort`, `available`, the filters, `page`), as the server's page
 * URL writes it (`web::page_url`); keys a listing does not read are dropped.
 */
export function listingSearch({ sort, available, filters, page }: ListingUrlState): URLSearchParams {
  const next = new URLSearchParams();
  if (sort) next.set(listingParams.sort, sort);
  if (available) next.set(listingParams.available, 'Y');
  for (const [key, value] of filters) next.append(key, value);
  if (page > 1) next.set(listingParams.page, String(page));
  return next;
}

/**
 * The listing state held in the URL (HOUSE_STYLE: "The URL holds what a shopper may bookmark or
 * share"), with setters that write it back:
 *
 * - `setSort(sort)` / `setAvailable(flag)` / `setFilters(pairs)` push a new history entry and reset the page to 1
 *   (the page is dropped from the URL); the query is written in its canonical order ({@link listingSearch}), and
 *   keys a listing does not read (`utm_source`) are dropped.
 * - `pageHref(page)` is the link of another page (`page=1` is left out); `sortHref(sort)`, `availableHref(flag)` and
 *   `filtersHref(pairs)` are the links of the first page in another order, with the other flag or other filters (the
 *   listing without JavaScript, issues 22 and 35).
 *
 * The router commits a navigation in a transition, a moment later; until it does, the state asked
 * for is shown at once (otherwise a controlled checkbox would flick back for a frame).
 */
export function useListingParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<URLSearchParams | null>(null);
  // Once the URL changes (our navigation landed, or back/forward), it is the truth again.
  useEffect(() => setPending(null), [searchParams]);
  const current = pending ?? searchParams;
  const state = useMemo(() => parseListingSearch(current), [current]);
  const shown = useMemo(() => parseListingSearch(searchParams), [searchParams]);

  /** Goes to the first page of the listing with `edit` made to its state. */
  const update = useCallback(
    (edit: Partial<ListingUrlState>) => {
      const next = listingSearch({ ...parseListingSearch(current), ...edit, page: 1 });
      setPending(next);
      setSearchParams(next, { preventScrollReset: true });
    },
    [current, setSearchParams],
  );

  const setSort = useCallback((sort: SortOrder | undefined) => update({ sort }), [update]);
  const setAvailable = useCallback((available: boolean) => update({ available }), [update]);
  const setFilters = useCallback((filters: FilterPair[]) => update({ filters }), [update]);

  /** The link of the listing's first page with `edit` made to the URL's state. */
  const firstPageHref = useCallback(
    (edit: Partial<ListingUrlState>) => withQuery(pathname, listingSearch({ ...shown, ...edit, page: 1 })),
    [pathname, shown],
  );
  const sortHref = useCallback((sort: SortOrder | undefined) => firstPageHref({ sort }), [firstPageHref]);
  const availableHref = useCallback((available: boolean) => firstPageHref({ available }), [firstPageHref]);
  const filtersHref = useCallback((filters: FilterPair[]) => firstPageHref({ filters }), [firstPageHref]);
  const pageHref = useCallback(
    (page: number) => withQuery(pathname, listingSearch({ ...shown, page })),
    [pathname, shown],
  );

  return { ...state, pathname, setSort, setAvailable, setFilters, pageHref, sortHref, availableHref, filtersHref };
}
