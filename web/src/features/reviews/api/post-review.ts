import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { reviewKeys } from './get-reviews';
import type { PostedReview, ReviewInput } from '@/lib/api/types';

/**
 * Query-key prefix of the stores (the contacts panel's rating and reviews count, issue 8). The reviews feature does
 * not import the contacts feature: it invalidates by this prefix.
 */
export const STORES_KEY_PREFIX = ['stores'] as const;

/**
 * `POST /api/reviews {rating, name, text}` (issue 8): sends a review; 201 `{status, review}` where `status` is
 * `published` (shown at once) or `pending` (shown after moderation).
 *
 * @throws {ApiError} 422 with field errors (`REVIEW_RATING_INVALID` on `rating`, `FORMS_NOT_EMPTY_INVALID` and
 *   `FORMS_VALUE_TOO_LONG` on `name` and `text`), 429 `RATE_LIMITED`, network failures.
 */
export function postReview(input: ReviewInput): Promise<PostedReview> {
  return apiPost<PostedReview>('/api/reviews', input);
}

/**
 * Mutation of {@link postReview}. A published review changes the list, the count and the mean rating: every reviews
 * query and every query under `['stores']` (the contacts panel's rating) reload. A pending one changes nothing shown
 * until the owner publishes it, so nothing reloads.
 */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: async (posted) => {
      if (posted.status !== 'published') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: STORES_KEY_PREFIX }),
      ]);
    },
  });
}
