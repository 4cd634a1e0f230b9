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
 * the count query from it, so the buttons, the page and the header widget agree without another request. Resolves
 * once written.
 */
export async function storeCompareList(queryClient: QueryClient, list: CompareList): Promise<void> {
  // Fetches of the list or count still on their way began before this change (a press in a page's first moments
  // comes while the page loads them; issue 33): their older answers must not land over this one.
  await queryClient.cancelQueries({ queryKey: compareKeys.all });
  queryClient.setQueryData<CompareList>(compareKeys.list, list);
  queryClient.setQueryData<CompareCount>(compareKeys.count, { count: list.count });
}
