import { queryOptions, useQuery } from '@tanstack/react-query';
import { SECTIONS_STALE_TIME_MS } from '@/config/constants';
import { panelQueryRetry } from '@/components/ui/overlay';
import { apiGet } from '@/lib/api-client';
import type { MenuItem, TopMenuResponse } from '@/lib/api/types';

/** Thrown by {@link getTopMenu} when the answer is not a menu (`{}`, an HTML page, …). */
export class MalformedMenuError extends Error {
  constructor() {
    super('GET /api/menus/top did not answer {"items": [...]}');
    this.name = 'MalformedMenuError';
  }
}

function isMenuItem(value: unknown): value is { id: unknown; title: string; url: string; children?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.title === 'string' && item.title.trim() !== '' && typeof item.url === 'string' && item.url !== '';
}

/**
 * Keeps the well-formed items of a menu answer, recursively: an item needs a non-empty `title` and
 * `url`; a missing or malformed `children` counts as none; a missing numeric `id` gets a negative
 * stand-in so React keys stay unique.
 */
export function sanitizeMenuItems(value: unknown, nextId: { value: number } = { value: -1 }): MenuItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isMenuItem).map((item) => ({
    id: typeof item.id === 'number' ? item.id : nextId.value--,
    title: item.title,
    url: item.url,
    children: sanitizeMenuItems(item.children, nextId),
  }));
}

/**
 * `GET /api/menus/top`: the top-level items of the top panel's menu (issue 3).
 *
 * @throws {ApiError} when the request fails (non-2xx, network, the 60 s time-out of spec §7).
 * @throws {MalformedMenuError} when the answer has no `items` array (spec §8: a slide-panel answer
 *   lacking content is an error).
 */
export async function getTopMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  const body = await apiGet<Partial<TopMenuResponse> | null>('/api/menus/top', { signal });
  if (!body || typeof body !== 'object' || !Array.isArray(body.items)) throw new MalformedMenuError();
  return sanitizeMenuItems(body.items);
}

/**
 * Whether to retry a failed {@link getTopMenu}: as the overlays' queries do (`panelQueryRetry`: network
 * failures and 5xx twice, never 4xx or the 60 s time-out), and never a malformed answer.
 */
export function topMenuRetry(failureCount: number, error: Error): boolean {
  return !(error instanceof MalformedMenuError) && panelQueryRetry(failureCount, error);
}

/**
 * Query options for {@link getTopMenu}; the menu changes only with an import, so it stays fresh as
 * long as the section tree.
 */
export function topMenuQueryOptions() {
  return queryOptions({
    queryKey: ['menus', 'top'],
    queryFn: ({ signal }) => getTopMenu(signal),
    staleTime: SECTIONS_STALE_TIME_MS,
    retry: topMenuRetry,
  });
}

/** The top panel's menu: the desktop horizontal menu, the mobile main menu and the mobile foot read it. */
export function useTopMenu() {
  return useQuery(topMenuQueryOptions());
}
