import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, isNotFoundError } from '@/lib/api-client';
import type { Offer } from '@/lib/api/types';

/**
 * `GET /api/offers/by-slug/{slug}`: the offer whose `url` ends with `slug`.
 * @throws {ApiError} 404 `OFFER_NOT_FOUND` for an unknown slug.
 */
export function getOfferBySlug(slug: string, signal?: AbortSignal): Promise<Offer> {
  return apiGet<Offer>(`/api/offers/by-slug/${encodeURIComponent(slug)}`, { signal });
}

/**
 * Query options for {@link getOfferBySlug}. An unknown slug is an answer, not a failure: the data is `null`. So a
 * server-rendered "not found" page (issue 22) carries it in its state like any other answer, and the browser's first
 * render draws the same 404 page instead of a spinner (an errored query would be fetched again on mount).
 */
export function offerBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['offer', 'by-slug', slug],
    queryFn: async ({ signal }): Promise<Offer | null> => {
      try {
        return await getOfferBySlug(slug, signal);
      } catch (error) {
        if (isNotFoundError(error)) return null;
        throw error;
      }
    },
  });
}

/**
 * The offer of a product page, by the last segment of its path; `null` when no offer has that slug. With
 * `keepPrevious` (another variant of the product shown, issue 35) the page keeps the variant it shows until the
 * chosen one has come (`isPlaceholderData`), so it neither blanks nor loses the shopper's focus and place.
 */
export function useOfferBySlug(slug: string, keepPrevious = false) {
  return useQuery({ ...offerBySlugQueryOptions(slug), placeholderData: keepPrevious ? keepPreviousData : undefined });
}
