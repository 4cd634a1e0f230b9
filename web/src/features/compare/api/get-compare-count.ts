import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { compareKeys } from './compare-keys';
import type { CompareCount } from '@/lib/api/types';
import { SESSION_SCOPED } from '@/lib/session';

/** `GET /api/compare/count`: how many offers the compare list holds (spec §3; 0 without a session). */
export function getCompareCount(signal?: AbortSignal): Promise<CompareCount> {
  return apiGet<CompareCount>('/api/compare/count', { signal });
}

/** Query options for {@link getCompareCount} (key `['compare', 'count']`; the mutations set it from their answer). */
export function compareCountQueryOptions() {
  return queryOptions({
    queryKey: compareKeys.count,
    meta: SESSION_SCOPED,
    queryFn: ({ signal }) => getCompareCount(signal),
  });
}

/** The compare list's count, for the header's compare widget (spec §4). */
export function useCompareCount() {
  return useQuery(compareCountQueryOptions());
}
