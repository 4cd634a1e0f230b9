import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Offer } from '@/lib/api/types';

/**
 * `GET /api/offers/{id}`: the offer with the feed's offer id `id` (docs/api.md "Offers").
 * @throws {ApiError} 404 `OFFER_NOT_FOUND` for an unknown id.
 */
export function getOffer(id: string, signal?: AbortSignal): Promise<Offer> {
  return apiGet<Offer>(`/api/offers/${encodeURIComponent(id)}`, { signal });
}

/** Query options for {@link getOffer}. */
export function offerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['offer', 'by-id', id],
    queryFn: ({ signal }) => getOffer(id, signal),
  });
}

/**
 * The offer `id`; `retry` overrides the app's default (overlays pass `panelQueryRetry`, which
 * does not retry the 60 s time-out).
 */
export function useOffer(id: string, options: { retry?: (failureCount: number, error: unknown) => boolean } = {}) {
  return useQuery({ ...offerQueryOptions(id), ...(options.retry ? { retry: options.retry } : {}) });
}
