import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ListingParams } from './listing-params';
import type { OfferPage } from '@/lib/api/types';
import { toYesNo } from '@/config/yes-no';
import { filterQuery } from '../utils/filters';

/**
 * The query-string of a listing request: `page`, `perPage`, `sort` (if any), `available=Y` (if set), then the facet
 * filters in their canonical order: the order the server's render preloads it in (`web::preload`).
 */
export function listingQuery(params: ListingParams) {
  return {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    available: params.available ? toYesNo(params.available) : undefined,
    ...filterQuery(params.filters ?? []),
  };
}

/** `GET /api/offers?page=&perPage=&sort=&available=`: a page of the whole catalogue. */
export function getOffers(params: ListingParams, signal?: AbortSignal): Promise<OfferPage> {
  return apiGet<OfferPage>('/api/offers', { params: listingQuery(params), signal });
}

/** Query options for {@link getOffers}; the previous page stays on screen while the next loads. */
export function offersQueryOptions(params: ListingParams) {
  return queryOptions({
    queryKey: ['offers', 'all', params],
    queryFn: ({ signal }) => getOffers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A page of all offers (the `/catalog/` page lists every offer, with or without a section).
 * `enabled: false` keeps the query idle (a listing uses either this or the section query).
 */
export function useOffers(params: ListingParams, enabled = true) {
  return useQuery({ ...offersQueryOptions(params), enabled });
}
