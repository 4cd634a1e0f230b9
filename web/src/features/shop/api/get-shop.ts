import { queryOptions, useQuery } from '@tanstack/react-query';
import { SECTIONS_STALE_TIME_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { Shop } from '@/lib/api/types';

export type { Shop } from '@/lib/api/types';

/** `GET /api/shop`. */
export function getShop(signal?: AbortSignal): Promise<Shop> {
  return apiGet<Shop>('/api/shop', { signal });
}

/** Query options for {@link getShop}; the shop rarely changes, so it stays fresh as long as the section tree. */
export function shopQueryOptions() {
  return queryOptions({
    queryKey: ['shop'],
    queryFn: ({ signal }) => getShop(signal),
    staleTime: SECTIONS_STALE_TIME_MS,
  });
}

/** The shop's name and counts (header logo, footer, page titles). */
export function useShop() {
  return useQuery(shopQueryOptions());
}
