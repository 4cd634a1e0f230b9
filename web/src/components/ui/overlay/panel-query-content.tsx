import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';
import { Alert } from '../alert';
import { LoadingState } from '../status-states';

/** Message code of the alert a panel shows instead of content it could not get (spec §8). */
export const SLIDE_PANEL_UNDEFINED_ERROR = 'SLIDE_PANEL_UNDEFINED_ERROR';

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

/** Props of {@link PanelQueryContent}. */
export interface PanelQueryContentProps<T> {
  /** The query filling the panel (a TanStack Query result). */
  query: UseQueryResult<T, unknown>;
  /**
   * Whether an answer holds what the panel needs (spec §8: a slide-panel answer "lacking content
   * or JS" is an error). Called with the parsed JSON as it came, so check the fields you use;
   * throwing counts as `false`.
   */
  hasContent: (data: T) => boolean;
  /** Renders the content from a good answer. */
  children: (data: T) => ReactNode;
}

function safeHasContent<T>(hasContent: (data: T) => boolean, data: T): boolean {
  try {
    return data !== null && data !== undefined && hasContent(data);
  } catch {
    return false;
  }
}

/**
 * The content area of a slide panel or pop-up filled from the server: a spinner
 * (`role="status"`, "Загрузка…") while the query is pending (retries included), then either the
 * content or — when the query failed (HTTP error, network failure, the 60 s time-out) or the
 * answer lacks what the panel needs — the error alert `SLIDE_PANEL_UNDEFINED_ERROR`
 * ("Возникла неопределенная ошибка", spec §8). Never a blank panel or an endless spinner, as long
 * as the query is enabled.
 */
export function PanelQueryContent<T>({ query, hasContent, children }: PanelQueryContentProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState compact />;
  if (query.isError || !safeHasContent(hasContent, query.data)) {
    return <Alert variant="error">{t(SLIDE_PANEL_UNDEFINED_ERROR)}</Alert>;
  }
  return <>{children(query.data)}</>;
}
