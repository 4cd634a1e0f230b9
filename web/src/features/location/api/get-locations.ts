import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATIONS_LIMIT, LOCATIONS_STALE_TIME_MS } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { LocationList } from '@/lib/api/types';
import { panelQueryRetry } from '@/lib/query-client';

export type { LocationList } from '@/lib/api/types';

/** Query keys of the city lists; everything lives under `['locations']`. */
export const locationKeys = {
  /** Every city list (invalidate them all). */
  all: ['locations'] as const,
  /** The list for the trimmed `text` (`''`: the popular cities). */
  list: (text: string) => ['locations', text] as const,
};

/**
 * `GET /api/locations?q=TEXT&limit=20`: the cities whose name starts with `text` (case-insensitive, `ё` as `е`),
 * biggest population first; without text (blank) the biggest cities ("popular").
 *
 * @throws {ApiError} network failures and time-outs; 400 for a bad `limit` (never sent).
 */
export function getLocations(text: string, signal?: AbortSignal): Promise<LocationList> {
  return apiGet<LocationList>('/api/locations', { params: { q: text.trim(), limit: LOCATIONS_LIMIT }, signal });
}

/** What a cities query holds: the trimmed text it answers and the server's answer as it came. */
export interface LocationsResult {
  /** The trimmed text (`''`: the popular cities). */
  text: string;
  /** The answer of {@link getLocations}; checked by {@link hasLocationItems} before use. */
  list: LocationList;
}

/**
 * Query options of {@link getLocations} for `text` (trimmed, so `"Ка "` and `"Ка"` share one answer). The lists fill
 * the delivery location slide panel, so failures are retried as the other panels' (`panelQueryRetry`); they stay
 * fresh {@link LOCATIONS_STALE_TIME_MS}, as the list changes only with `vitrina locations import`. The result keeps its
 * text, so a list shown while the next one loads still says what it answers.
 */
export function locationsQueryOptions(text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: locationKeys.list(trimmed),
    queryFn: async ({ signal }): Promise<LocationsResult> => ({ text: trimmed, list: await getLocations(trimmed, signal) }),
    staleTime: LOCATIONS_STALE_TIME_MS,
    retry: panelQueryRetry,
  });
}

/**
 * Whether a cities answer can fill the panel: it has an `items` array (spec §8: a slide-panel answer lacking its
 * content gives SLIDE_PANEL_UNDEFINED_ERROR). An empty array is a good answer ("Город не найден").
 */
export function hasLocationItems(result: LocationsResult): boolean {
  return typeof result.list === 'object' && result.list !== null && Array.isArray(result.list.items);
}

/**
 * The cities for `text`, fetched only while `enabled` (the panel is open). While a new text's answer is on its way
 * the previous list stays (`isPlaceholderData`), so the list does not flash a spinner at every keystroke.
 */
export function useLocations(text: string, enabled: boolean) {
  return useQuery({ ...locationsQueryOptions(text), enabled, placeholderData: keepPreviousData });
}
