import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { listingParams, withQuery } from '@/config/paths';
import { SORT_ORDERS, type SortOrder } from '../api/listing-params';
import { isYes } from '@/config/yes-no';

/** What a listing keeps in the URL (`?sort=price&available=Y&page=2`). */
export interface ListingUrlState {
  /** `undefined`: the shop's own order. */
  sort?: SortOrder;
  /** `available=Y`: only in-stock offers. */
  available: boolean;
  /** 1-based page. */
  page: number;
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
  };
}

/** `next` with the order `sort` (`undefined`: the shop's own, no parameter). */
function writeSort(next: URLSearchParams, sort: SortOrder | undefined): void {
  if (sort) next.set(listingParams.sort, sort);
  else next.delete(listingParams.sort);
}

/** `next` with the "only available" flag (`available=Y`, or no parameter). */
function writeAvailable(next: URLSearchParams, available: boolean): void {
  if (available) next.set(listingParams.available, 'Y');
  else next.delete(listingParams.available);
}

/**
 * The listing state held in the URL (HOUSE_STYLE: "The URL holds what a shopper may bookmark or
 * share"), with setters that write it back:
 *
 * - `setSort(sort)` / `setAvailable(flag)` push a new history entry and reset the page to 1
 *   (the page is dropped from the URL); other query parameters are kept.
 * - `pageHref(page)` is the link of another page (`page=1` is left out); `sortHref(sort)` and `availableHref(flag)`
 *   are the links of the first page in another order or with the other flag (the listing without JavaScript,
 *   issue 22).
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

  const update = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(current);
      edit(next);
      next.delete(listingParams.page);
      setPending(next);
      setSearchParams(next, { preventScrollReset: true });
    },
    [current, setSearchParams],
  );

  const setSort = useCallback((sort: SortOrder | undefined) => update((next) => writeSort(next, sort)), [update]);

  const setAvailable = useCallback(
    (available: boolean) => update((next) => writeAvailable(next, available)),
    [update],
  );

  /** The link of the listing's first page with `edit` made to the current query. */
  const firstPageHref = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(searchParams);
      edit(next);
      next.delete(listingParams.page);
      return withQuery(pathname, next);
    },
    [pathname, searchParams],
  );
  const sortHref = useCallback(
    (sort: SortOrder | undefined) => firstPageHref((next) => writeSort(next, sort)),
    [firstPageHref],
  );
  const availableHref = useCallback(
    (available: boolean) => firstPageHref((next) => writeAvailable(next, available)),
    [firstPageHref],
  );

  const pageHref = useCallback(
    (page: number) => {
      const next = new URLSearchParams(searchParams);
      if (page > 1) next.set(listingParams.page, String(page));
      else next.delete(listingParams.page);
      return withQuery(pathname, next);
    },
    [pathname, searchParams],
  );

  return { ...state, setSort, setAvailable, pageHref, sortHref, availableHref };
}
