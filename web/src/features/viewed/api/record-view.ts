import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { viewedKeys } from './get-viewed';

/**
 * `POST /api/viewed {offerId}` → 204: records that this session opened the offer's page.
 * @throws {ApiError} 404 `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`.
 */
export function recordView(offerId: string): Promise<void> {
  return apiSend<void>('POST', '/api/viewed', { offerId });
}

/** Mutation of {@link recordView}; a recorded view makes every recently viewed list stale. Takes the offer id. */
export function useRecordViewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewedKeys.all }),
  });
}
