import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { storeCompareList } from './compare-keys';
import type { CompareList } from '@/lib/api/types';

/** `DELETE /api/compare`: empties the compare list and answers it (empty). */
export function clearCompare(): Promise<CompareList> {
  return apiSend<CompareList>('DELETE', '/api/compare');
}

/** Mutation of {@link clearCompare} ("Очистить" on the compare page); its answer replaces the cached list and count. */
export function useClearCompare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearCompare(),
    onSuccess: (list) => storeCompareList(queryClient, list),
  });
}
