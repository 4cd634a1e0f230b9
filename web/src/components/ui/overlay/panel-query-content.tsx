import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '../alert';
import { LoadingState } from '../status-states';

/** Message code of the alert a panel shows instead of content it could not get (spec §8). */
export const SLIDE_PANEL_UNDEFINED_ERROR = 'SLIDE_PANEL_UNDEFINED_ERROR';

/** Re-exported from `lib/query-client.ts`, where every query's retry rule lives. */
export { panelQueryRetry } from '@/lib/query-client';

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
