import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ViewedList } from '@/lib/api/types';
import { SESSION_SCOPED } from '@/lib/session';

/** Query keys of recently viewed; everything lives under `['viewed']`. */
export const viewedKeys = {
  /** Every recently viewed query (a recorded view invalidates them all). */
  all: ['viewed'] as const,
  /** The list without `exclude` (`null`: the whole list). */
  list: (exclude: string | null) => ['viewed', 'list', { exclude }] as const,
};

/**
 * `GET /api/viewed?exclude=ID`: the offers this session viewed last, newest first, without `exclude` (the product
 * page's own offer). Empty for a visitor without a session.
 */
export function getViewed(exclude: string | null, signal?: AbortSignal): Promise<ViewedList> {
  return apiGet<ViewedList>('/api/viewed', { params: { exclude }, signal });
}

/** Query options for {@link getViewed}. */
export function viewedQueryOptions(exclude: string | null) {
  return queryOptions({
    queryKey: viewedKeys.list(exclude),
    meta: SESSION_SCOPED,
    queryFn: ({ signal }) => getViewed(exclude, signal),
  });
}

/** The recently viewed offers, without `exclude` (the "Вы смотрели" block; spec §2, §4). */
export function useViewed(exclude: string | null = null) {
  return useQuery(viewedQueryOptions(exclude));
}
