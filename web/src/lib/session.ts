import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSession, getSession, type SessionAnswer } from './api-client';

/** Query key of the session. */
export const SESSION_QUERY_KEY = ['session'] as const;

let fetched = false;

/**
 * The visitor's session (`GET /api/session`: CSRF token, user, settings) as a query. Its first run shares the one
 * request `getSession` makes for the CSRF token; a refetch (after a log-in, a log-out or a profile change) asks the
 * server anew. It stays fresh otherwise: settings change only with a server restart.
 */
export const sessionQueryOptions = queryOptions<SessionAnswer>({
  queryKey: SESSION_QUERY_KEY,
  queryFn: () => {
    if (!fetched) {
      fetched = true;
      return getSession();
    }
    return fetchSession();
  },
  staleTime: Infinity,
});

/** The session query (see {@link sessionQueryOptions}). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
