import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { listingQuery } from './get-offers';
import type { ListingParams } from './listing-params';
import type { OfferPage } from '@/lib/api/types';

/** `GET /api/sections/{id}/offers?page=&perPage=&sort=&available=`: offers of a section and its subsections. */
export function getSectionOffers(sectionId: string, params: ListingParams, signal?: AbortSignal): Promise<OfferPage> {
  return apiGet<OfferPage>(`/api/sections/${encodeURIComponent(sectionId)}/offers`, {
    params: listingQuery(params),
    signal,
  });
}

/** Query options for {@link getSectionOffers}; the previous page stays on screen while the next loads. */
export function sectionOffersQueryOptions(sectionId: string, params: ListingParams) {
  return queryOptions({
    queryKey: ['offers', 'section', sectionId, params],
    queryFn: ({ signal }) => getSectionOffers(sectionId, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of a section's offers; `enabled: false` keeps the query idle. */
export function useSectionOffers(sectionId: string, params: ListingParams, enabled = true) {
  return useQuery({ ...sectionOffersQueryOptions(sectionId, params), enabled });
}
