import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ReviewPage } from '@/lib/api/types';

/** Query keys of the reviews; everything lives under `['reviews']`. */
export const reviewKeys = {
  /** Every reviews query (a new review invalidates them all). */
  all: ['reviews'] as const,
  /** Page `page` of the published reviews. */
  page: (page: number) => ['reviews', 'page', page] as const,
};

/**
 * `GET /api/reviews?page=N` (issue 8): page `page` (1-based) of the published reviews, newest first, with their
 * count and mean rating. A page past the end answers no items.
 *
 * @throws {ApiError} 400 for a malformed page (never sent: the page reads its number defensively), network failures.
 */
export function getReviews(page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return apiGet<ReviewPage>('/api/reviews', { params: { page }, signal });
}

/** Query options of {@link getReviews} (key `['reviews', 'page', N]`). */
export function reviewsQueryOptions(page: number) {
  return queryOptions({
    queryKey: reviewKeys.page(page),
    queryFn: ({ signal }) => getReviews(page, signal),
  });
}

/** Page `page` of the reviews, for the reviews page. */
export function useReviews(page: number) {
  return useQuery(reviewsQueryOptions(page));
}
