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
