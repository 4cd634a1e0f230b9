import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { storeCompareList } from './compare-keys';
import type { CompareList } from '@/lib/api/types';

/**
 * `POST /api/compare {offerId}`: puts the offer on the compare list (again is fine) and answers the list.
 * @throws {ApiError} 409 `COMPARE_LIMIT` when the list already holds `COMPARE_MAX_ITEMS` (20) offers, 404
 *   `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED` (the offer left the catalogue).
 */
export function addToCompare(offerId: string): Promise<CompareList> {
  return apiSend<CompareList>('POST', '/api/compare', { offerId });
}

/** Mutation of {@link addToCompare}; its answer replaces the cached list and count. Takes the offer id. */
export function useAddToCompare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCompare,
    onSuccess: (list) => storeCompareList(queryClient, list),
  });
}
