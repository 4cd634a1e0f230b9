import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '@/config/constants';

/**
 * What a server-rendered page carries for the browser to hydrate from (issue 22), as JSON inside
 * `<script type="application/json" id="vitrina-state">` (`RENDERED_STATE_ID`): not executable, so the CSP's ban on inline
 * scripts stands.
 */
export interface RenderedState {
  /** The language the page was rendered in; the browser renders its first frame in the same one. */
  language: Language;
  /** TanStack Query's dehydrated cache: every API answer the HTML was drawn from. */
  queries: DehydratedState;
}

/**
 * The page's answers as fetched `now` (issue 39). The server keeps a rendered page until something it shows changes
 * (an import naming its offers or sections, a menu, a store, a store's hours moving on) and serves it only while
 * current, so its answers are as fresh as the moment it arrives, however long ago it was rendered. Hydrated with
 * their render's time instead, a page kept an hour would ask for every answer again right after hydration.
 */
export function servedAt(queries: DehydratedState, now: number): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}
