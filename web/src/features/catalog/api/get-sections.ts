import { queryOptions, useQuery } from '@tanstack/react-query';
import { SECTIONS_STALE_TIME_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { Section, SectionsResponse } from './types';

/** `GET /api/sections`: the whole section tree as a flat list in tree order. */
export async function getSections(signal?: AbortSignal): Promise<Section[]> {
  const body = await apiGet<SectionsResponse>('/api/sections', { signal });
  return body.sections;
}

/** Query options for {@link getSections}; cached for {@link SECTIONS_STALE_TIME_MS} (pages resolve paths with it). */
export function sectionsQueryOptions() {
  return queryOptions({
    queryKey: ['sections'],
    queryFn: ({ signal }) => getSections(signal),
    staleTime: SECTIONS_STALE_TIME_MS,
  });
}

/** The section tree (flat, tree order). */
export function useSections() {
  return useQuery(sectionsQueryOptions());
}
