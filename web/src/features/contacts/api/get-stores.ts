import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { panelQueryRetry } from '@/components/ui/overlay';
import { STORES_REFRESH_MS } from '@/config/constants';
import type { Store } from '@/lib/api/types';

/**
 * Whether an answer holds a store the panel can show (spec §8: content it cannot build is an error): a name, an
 * address and a week array.
 */
export function isShowableStore(data: unknown): data is Store {
  const store = data as Partial<Store> | null;
  return (
    !!store &&
    typeof store.id === 'number' &&
    typeof store.name === 'string' &&
    typeof store.address === 'string' &&
    Array.isArray(store.workingHours)
  );
}

/** Query key root of the stores; the reviews feature invalidates it after a review (the rating changes). */
export const STORES_QUERY_KEY = ['stores'] as const;

/** `GET /api/stores`: every store, the main one first. */
export function getStores(signal?: AbortSignal): Promise<Store[]> {
  return apiGet<Store[]>('/api/stores', { signal });
}

/**
 * Query options for {@link getStores} (key `['stores', 'list']`), asked again every {@link STORES_REFRESH_MS} while
 * shown: today's status changes with the clock.
 */
export const storesQueryOptions = queryOptions({
  queryKey: [...STORES_QUERY_KEY, 'list'] as const,
  queryFn: ({ signal }) => getStores(signal),
  refetchInterval: STORES_REFRESH_MS,
});

/** The stores (the header's contacts widget, the contacts page). */
export function useStores() {
  return useQuery(storesQueryOptions);
}

/** `GET /api/stores/{id}`: one store with today's hours as of now (spec §7 `workingHoursToday`). */
export function getStore(id: number, signal?: AbortSignal): Promise<Store> {
  return apiGet<Store>(`/api/stores/${encodeURIComponent(String(id))}`, { signal });
}

/**
 * Query options for {@link getStore} (key `['stores', 'one', id]`), for the contacts panel: loaded anew at each
 * opening (its `today` is the moment's), retried as every panel's content.
 */
export function storeQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...STORES_QUERY_KEY, 'one', id] as const,
    queryFn: ({ signal }) => getStore(id, signal),
    retry: panelQueryRetry,
  });
}
