import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getSession, resetCsrfToken, type Location, type SessionAnswer } from './api-client';

/**
 * `meta` of every query whose answer belongs to the visitor's session (the session itself, basket, compare list,
 * recently viewed, the account's data, orders): {@link refreshSessionQueries} reloads exactly these.
 */
export const SESSION_SCOPED = { sessionScoped: true } as const;

/** Query key of the session. */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The visitor's session (`GET /api/session`: CSRF token, user, settings) as a query. It shares the one request
 * `getSession` makes for the CSRF token; after a log-in or log-out `resetCsrfToken` drops that answer, so the
 * refetch asks the server anew. It stays fresh otherwise: settings change only with a server restart.
 */
export const sessionQueryOptions = queryOptions<SessionAnswer>({
  queryKey: SESSION_QUERY_KEY,
  meta: SESSION_SCOPED,
  queryFn: () => getSession(),
  staleTime: Infinity,
});

/** The session query (see {@link sessionQueryOptions}). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The shopper's chosen city from the session (issue 8): `undefined` while the session loads, `null` when none. The
 * location feature's choice writes it into the session query, so every reader (header, checkout) follows at once.
 */
export function useSessionLocation(): Location | null | undefined {
  const session = useSession();
  if (!session.data) return undefined;
  return session.data.location ?? null;
}

/**
 * After a log-in, registration or log-out the session changed: the kept session answer (CSRF token) is dropped and
 * the session-scoped queries reload (the user, and the basket, compare list and viewed list the log-in merged or the
 * log-out left behind). The catalogue's queries stay as they are.
 */
export async function refreshSessionQueries(queryClient: QueryClient): Promise<void> {
  resetCsrfToken();
  await queryClient.invalidateQueries({ predicate: (query) => query.meta?.sessionScoped === true });
}
