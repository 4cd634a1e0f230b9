import { queryOptions, useQuery } from '@tanstack/react-query';
import { SECTIONS_STALE_TIME_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { NavSection } from './types';

/**
 * Query key of `GET /api/sections`. It is the catalogue feature's key too
 * (`features/catalog/api/get-sections.ts`), so both features share one cache entry and one request;
 * `get-nav-sections.test.ts` fails if the two drift apart. Both query functions return the body's
 * `sections` array unchanged.
 */
export const SECTIONS_QUERY_KEY = ['sections'] as const;

/** `GET /api/sections`: the whole section tree, flat, in tree order (a parent before its children). */
export async function getNavSections(signal?: AbortSignal): Promise<NavSection[]> {
  const body = await apiGet<{ sections: NavSection[] }>('/api/sections', { signal });
  return body.sections;
}

/** Query options for {@link getNavSections}, cached like the catalogue's section tree. */
export function navSectionsQueryOptions() {
  return queryOptions({
    queryKey: SECTIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNavSections(signal),
    staleTime: SECTIONS_STALE_TIME_MS,
  });
}

/** The section tree for the catalogue menus (desktop mega menu, mobile catalogue slide menu). */
export function useNavSections() {
  return useQuery(navSectionsQueryOptions());
}
