import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelQueryRetry } from '@/lib/query-client';
import { SECTIONS_STALE_TIME_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { Section, SectionsResponse } from './types';

export type { Section, SectionsResponse } from './types';

/** Thrown by {@link getSections} when the answer has no `sections` array (`{}`, an HTML page, …). */
export class MalformedSectionsError extends Error {
  constructor() {
    super('GET /api/sections did not answer {"sections": [...]}');
    this.name = 'MalformedSectionsError';
  }
}

/** Query key of `GET /api/sections`, the one cache entry of the section tree. */
export const SECTIONS_QUERY_KEY = ['sections'] as const;

/**
 * `GET /api/sections`: the whole section tree as a flat list in tree order.
 *
 * @throws {ApiError} when the request fails (non-2xx, network, the 60 s time-out of spec §7).
 * @throws {MalformedSectionsError} when the answer has no `sections` array (spec §8: an answer
 *   lacking content is an error).
 */
export async function getSections(signal?: AbortSignal): Promise<Section[]> {
  const body = await apiGet<Partial<SectionsResponse> | null>('/api/sections', { signal });
  if (!body || typeof body !== 'object' || !Array.isArray(body.sections)) throw new MalformedSectionsError();
  return body.sections;
}

/**
 * Whether to retry a failed {@link getSections}: as the overlays' queries do (`panelQueryRetry`:
 * network failures and 5xx twice, never 4xx or after the 60 s time-out, so the catalogue menus
 * show their alert after one minute, not three), and never a malformed answer.
 */
export function sectionsRetry(failureCount: number, error: Error): boolean {
  return !(error instanceof MalformedSectionsError) && panelQueryRetry(failureCount, error);
}

/**
 * Query options for {@link getSections}: cached for {@link SECTIONS_STALE_TIME_MS} (pages resolve
 * paths with it, the menus list it), retried by {@link sectionsRetry}.
 */
export function sectionsQueryOptions() {
  return queryOptions({
    queryKey: SECTIONS_QUERY_KEY,
    queryFn: ({ signal }) => getSections(signal),
    staleTime: SECTIONS_STALE_TIME_MS,
    retry: sectionsRetry,
  });
}

/** The section tree (flat, tree order): catalogue pages and the catalogue menus. */
export function useSections() {
  return useQuery(sectionsQueryOptions());
}
