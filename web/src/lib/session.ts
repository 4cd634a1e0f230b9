import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession, type SessionAnswer } from './api-client';

/**
 * The visitor's session (`GET /api/session`: CSRF token, user, settings) as a query. It shares the one request
 * `getSession` makes for the CSRF token, and stays fresh for the page's life: the settings change only with a
 * server restart, the token only when the session ends (then `resetCsrfToken` and a refetch).
 */
export const sessionQueryOptions = queryOptions<SessionAnswer>({
  queryKey: ['session'],
  queryFn: () => getSession(),
  staleTime: Infinity,
});

/** The session query (see {@link sessionQueryOptions}). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
