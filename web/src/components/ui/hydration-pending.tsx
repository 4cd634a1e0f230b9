import { useHydrated } from '@/lib/use-hydrated';
import { HYDRATION_PENDING_ATTRIBUTE } from '@/lib/early-events';

/**
 * An inert mark inside a `Suspense` boundary the server rendered (issue 33): React hydrates such a boundary after the
 * rest of the page, when the browser is idle, and until it has, the boundary's controls do not act. The mark is in the
 * server's HTML and goes in the render after the boundary's hydration, so the page is wholly the app's once no mark
 * is left (`whenHydrated`, which the app waits for before it acts on the shopper's early presses).
 */
export function HydrationPending() {
  const hydrated = useHydrated();
  return hydrated ? null : <template {...{ [HYDRATION_PENDING_ATTRIBUTE]: '' }} />;
}
