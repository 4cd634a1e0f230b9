import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * What a lazy route module may give its route's `handle`: `prepare` loads what the page's first render needs beyond
 * the module itself (the catalogue route's section or product page), given the query cache as it stands.
 */
export interface RouteHandle {
  prepare?: (pathname: string, client: QueryClient) => Promise<void>;
  /**
   * The server render's alone (issue 39): fetches into `client` the queries the page needs that its path names, before
   * the first pass, so the render does not find them out one pass after another. Runs before `prepare`. A query the
   * host did not hand over fails here as in a pass (the caller resets it).
   */
  prefetch?: (pathname: string, client: QueryClient) => Promise<void>;
}

/** How {@link resolveLazyRoutes} resolves: `prefetch` runs the matched routes' `handle.prefetch` (the server's render). */
export interface ResolveOptions {
  prefetch?: boolean;
}

/**
 * A copy of `routes` in which the routes matching `pathname` carry their lazily loaded module (their `lazy` resolved
 * and removed), so the first render shows the page itself and not the router's `HydrateFallback`.
 *
 * The server renders a page from the resolved copy (`ssr/entry-server.tsx`), and the browser resolves the same
 * routes before it hydrates (`main.tsx`); both therefore draw the same tree, as hydration requires (issue 22).
 * Routes that do not match keep `lazy`, so a later navigation still loads its chunk on demand. A resolved route's
 * `handle.prepare` ({@link RouteHandle}) runs too, with `client`, and with `options.prefetch` its `handle.prefetch`
 * before it.
 */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  pathname: string,
  client: QueryClient,
  options: ResolveOptions = {},
): Promise<RouteObject[]> {
  const matched = new Set((matchRoutes(routes, pathname) ?? []).map((match) => match.route));
  const resolve = async (route: RouteObject): Promise<RouteObject> => {
    const children = route.children ? await Promise.all(route.children.map(resolve)) : undefined;
    const copy = { ...route, children } as RouteObject;
    if (matched.has(route) && typeof route.lazy === 'function') {
      const loaded = await route.lazy();
      const handle = loaded.handle as RouteHandle | undefined;
      if (options.prefetch) await handle?.prefetch?.(pathname, client);
      await handle?.prepare?.(pathname, client);
      return { ...copy, ...loaded, lazy: undefined } as RouteObject;
    }
    return copy;
  };
  return Promise.all(routes.map(resolve));
}
