import { queryOptions } from '@tanstack/react-query';
import { SEARCH_CACHE_TIME_MS, SEARCH_PAGE_SIZE } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import { panelQueryRetry } from '@/lib/query-client';
import type { SearchAnswer } from '@/lib/api/types';
import { toYesNo } from '@/config/yes-no';

export type { SearchAnswer, SearchItem, SearchItemParameter, SearchSection } from '@/lib/api/types';

/** Id of the "Все результаты" pseudo-section: always `sections[0]`, choosing it shows every item (spec §4). */
export const ALL_SECTIONS_ID = '0';

/** What {@link getSearch} asks for. */
export interface SearchParams {
  /** The shopper's text, at least 1 non-blank character (spec §5); blank text is `400 SEARCH_QUERY_EMPTY`. */
  text: string;
  /** `true`: in-stock offers only (`available=Y`); `false`: all (`available=N`). */
  available: boolean;
  /**
   * Restrict the items to this section's own offers (`section=ID&subsections=N`), the ones its `found` counts and
   * spec §4's "only items of its category"; {@link ALL_SECTIONS_ID} or absent: all.
   */
  section?: string;
  /** Items per answer, 1..=100; {@link SEARCH_PAGE_SIZE} (spec §9) by default. */
  perPage?: number;
  /** 1-based page of items, 1..=100; the first by default (the instant search never pages). */
  page?: number;
  /**
   * The results page's facet filters (issue 35; docs/api.md "Facets"), canonical: `[key, value]` pairs, a key
   * repeated for several values (`vendor`, `p.Цвет`).
   */
  filters?: readonly (readonly [string, string])[];
  /**
   * `false`: the answer leaves the facets out (`facets=N`, `facets: null`): the instant search shows none, and their
   * counts were a quarter of an uncached answer's work on the server (issue 39). Default: with them.
   */
  facets?: boolean;
}

/** Facet filter pairs as `apiGet`'s parameters, in their order: a list for a repeated key. */
function filterParams(filters: readonly (readonly [string, string])[]): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  for (const [key, value] of filters) (params[key] ??= []).push(value);
  return params;
}

/**
 * `GET /api/search?q=&available=Y|N&section=&subsections=N&perPage=&page=&facets=N` (issue 4; spec §3, §5, §9),
 * through `apiGet` (60 s time-out, spec §7). `section` is left out for "all"; `page` for the first; `facets` unless
 * they are left out.
 *
 * @throws {ApiError} `SEARCH_QUERY_EMPTY`, `PER_PAGE_INVALID`, `PAGE_INVALID`, `AVAILABLE_INVALID` (400),
 *   network/time-out failures.
 */
export function getSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  const { text, available, section, perPage = SEARCH_PAGE_SIZE, page, filters = [], facets = true } = params;
  const sectionParam = section === undefined || section === ALL_SECTIONS_ID ? undefined : section;
  return apiGet<SearchAnswer>('/api/search', {
    params: {
      q: text,
      available: toYesNo(available),
      section: sectionParam,
      subsections: sectionParam === undefined ? undefined : 'N',
      perPage,
      page: page === undefined || page === 1 ? undefined : page,
      facets: facets ? undefined : toYesNo(false),
      ...filterParams(filters),
    },
    signal,
  });
}

/**
 * The query key of one search: spec §5 caches results "per field name, text and availability flag"; a section
 * fetch adds its section id. `fieldName` names the search field (e.g. `header`), so two fields keep separate caches.
 */
export function searchQueryKey(fieldName: string, text: string, available: boolean, section: string = ALL_SECTIONS_ID) {
  return ['search', fieldName, text, toYesNo(available), section] as const;
}

/**
 * Query options of one search. Answers never go stale (`staleTime: Infinity`): a cached key shows its results at
 * once and sends no request (spec §5, §9 "Search cache: in memory"); unused answers are dropped after
 * {@link SEARCH_CACHE_TIME_MS}. The query's `signal` reaches `fetch`, so a request whose key is no longer shown
 * (the shopper typed on) is aborted. Retries as the overlays do: never 4xx, never after the 60 s time-out. The
 * instant search shows no facets, so it does not ask for them.
 */
export function searchQueryOptions(fieldName: string, text: string, available: boolean, section: string = ALL_SECTIONS_ID) {
  return queryOptions({
    queryKey: searchQueryKey(fieldName, text, available, section),
    queryFn: ({ signal }) => getSearch({ text, available, section, facets: false }, signal),
    staleTime: Infinity,
    gcTime: SEARCH_CACHE_TIME_MS,
    retry: (failureCount: number, error: Error) => panelQueryRetry(failureCount, error),
  });
}

/** What the results page `/search/` shows: its URL's query, flag, section and page. */
export interface SearchPageParams {
  text: string;
  available: boolean;
  section: string;
  page: number;
  /** The facet filters, canonical (issue 35). */
  filters?: readonly (readonly [string, string])[];
}

/**
 * Query options of the full results page (`/search/?q=&available=&section=&page=`): one page of
 * {@link SEARCH_PAGE_SIZE} items with the sections, cached apart from the instant search (which holds first pages
 * only) for {@link SEARCH_CACHE_TIME_MS}.
 */
export function searchPageQueryOptions({ text, available, section, page, filters = [] }: SearchPageParams) {
  return queryOptions({
    queryKey: ['search-page', text, toYesNo(available), section, page, filters] as const,
    queryFn: ({ signal }) => getSearch({ text, available, section, page, filters }, signal),
    staleTime: SEARCH_CACHE_TIME_MS,
    gcTime: SEARCH_CACHE_TIME_MS,
    retry: (failureCount: number, error: Error) => panelQueryRetry(failureCount, error),
  });
}
