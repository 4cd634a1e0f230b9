import type { QueryClient } from '@tanstack/react-query';
import type { CompareCount, CompareList } from '@/lib/api/types';

/** Query keys of the compare list; everything lives under `['compare']`. */
export const compareKeys = {
  /** Every compare query (invalidate them all). */
  all: ['compare'] as const,
  /** `GET /api/compare`: the offers. */
  list: ['compare', 'list'] as const,
  /** `GET /api/compare/count`: the header widget's count. */
  count: ['compare', 'count'] as const,
};

/**
 * Writes a compare list answered by a mutation (each answers the whole list) into the list query's cache and sets
 * the count query from it, so the buttons, the page and the header widget agree without another request.
 */
export function storeCompareList(queryClient: QueryClient, list: CompareList): void {
  queryClient.setQueryData<CompareList>(compareKeys.list, list);
  queryClient.setQueryData<CompareCount>(compareKeys.count, { count: list.count });
}
