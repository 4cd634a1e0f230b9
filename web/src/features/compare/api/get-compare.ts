import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { compareKeys } from './compare-keys';
import type { CompareList } from '@/lib/api/types';
import { SESSION_SCOPED } from '@/lib/session';

/** `GET /api/compare`: the session's compare list (offers with their params, in the order added; empty without a session). */
export function getCompare(signal?: AbortSignal): Promise<CompareList> {
  return apiGet<CompareList>('/api/compare', { signal });
}

/** Query options for {@link getCompare} (key `['compare', 'list']`). */
export function compareQueryOptions() {
  return queryOptions({
    queryKey: compareKeys.list,
    meta: SESSION_SCOPED,
    queryFn: ({ signal }) => getCompare(signal),
  });
}

/** The compare list: the compare page's offers, and which offers the "Сравнить" buttons show pressed. */
export function useCompareList() {
  return useQuery(compareQueryOptions());
}
