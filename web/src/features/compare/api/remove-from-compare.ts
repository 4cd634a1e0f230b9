import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { storeCompareList } from './compare-keys';
import type { CompareList } from '@/lib/api/types';

/** `DELETE /api/compare/{offerId}`: takes the offer off the compare list (absent is fine) and answers the list. */
export function removeFromCompare(offerId: string): Promise<CompareList> {
  return apiSend<CompareList>('DELETE', `/api/compare/${encodeURIComponent(offerId)}`);
}

/** Mutation of {@link removeFromCompare}; its answer replaces the cached list and count. Takes the offer id. */
export function useRemoveFromCompare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCompare,
    onSuccess: (list) => storeCompareList(queryClient, list),
  });
}
