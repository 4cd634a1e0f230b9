import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Offer } from '@/lib/api/types';

/**
 * `GET /api/offers/by-slug/{slug}`: the offer whose `url` ends with `slug`.
 * @throws {ApiError} 404 `OFFER_NOT_FOUND` for an unknown slug.
 */
export function getOfferBySlug(slug: string, signal?: AbortSignal): Promise<Offer> {
  return apiGet<Offer>(`/api/offers/by-slug/${encodeURIComponent(slug)}`, { signal });
}

/** Query options for {@link getOfferBySlug}. */
export function offerBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['offer', 'by-slug', slug],
    queryFn: ({ signal }) => getOfferBySlug(slug, signal),
  });
}

/** The offer of a product page, by the last segment of its path. */
export function useOfferBySlug(slug: string) {
  return useQuery(offerBySlugQueryOptions(slug));
}
