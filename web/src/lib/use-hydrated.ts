import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * `false` on the server and during hydration, `true` from the render after (issue 22). A value that only the browser
 * knows (its origin, whether it can share) is drawn from this, so the first render in the browser matches the
 * server's HTML exactly and the value appears one render later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
