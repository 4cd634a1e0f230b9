import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_STALE_TIME_MS } from '@/config/constants';
import { ApiError } from './api-client';

/** Maximum number of retries of a failed query that may succeed on a second try. */
const MAX_RETRIES = 2;

/**
 * Whether a failed query is worth retrying: never the client's mistakes (4xx, e.g. an unknown
 * offer slug answering 404), at most {@link MAX_RETRIES} times for network failures and 5xx.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * `retry` for the queries that fill overlays: like the app's default (at most two retries of
 * network failures and 5xx, never of 4xx), but never after the 60 s time-out (`REQUEST_TIMEOUT_MS`,
 * spec §7, §9), so a server that does not answer ends in the alert after one minute instead of
 * three. Quick failures are still retried, as a dropped connection often succeeds on the next try.
 */
export function panelQueryRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'TIMEOUT') return false;
  return shouldRetry(failureCount, error);
}

/**
 * Creates the app's TanStack Query client (server state lives only here, HOUSE_STYLE).
 * Tests create their own with {@link createQueryClient}`({ retry: false })`.
 */
export function createQueryClient(overrides: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: overrides.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
