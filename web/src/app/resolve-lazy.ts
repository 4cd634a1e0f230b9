import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * What a lazy route module may give its route's `handle`: `prepare` loads what the page's first render needs beyond
 * the module itself (the catalogue route's section or product page), given the query cache as it stands.
 */
export interface RouteHandle {
  prepare?: (pathname: string, client: QueryClient) => Promise<void>;
}

/**
 * A copy of `routes` in which the routes matching `pathname` carry their lazily loaded module (their `lazy` resolved
 * and removed), so the first render shows the page itself and not the router's `HydrateFallback`.
 *
 * The server renders a page from the resolved copy (`ssr/entry-server.tsx`), and the browser resolves the same
 * routes before it hydrates (`main.tsx`); both therefore draw the same tree, as hydration requires (issue 22).
 * Routes that do not match keep `lazy`, so a later navigation still loads its chunk on demand. A resolved route's
 * `handle.prepare` ({@link RouteHandle}) runs too, with `client`.
 */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  pathname: string,
  client: QueryClient,
): Promise<RouteObject[]> {
  const matched = new Set((matchRoutes(routes, pathname) ?? []).map((match) => match.route));
  const resolve = async (route: RouteObject): Promise<RouteObject> => {
    const children = route.children ? await Promise.all(route.children.map(resolve)) : undefined;
    const copy = { ...route, children } as RouteObject;
    if (matched.has(route) && typeof route.lazy === 'function') {
      const loaded = await route.lazy();
      await (loaded.handle as RouteHandle | undefined)?.prepare?.(pathname, client);
      return { ...copy, ...loaded, lazy: undefined } as RouteObject;
    }
    return copy;
  };
  return Promise.all(routes.map(resolve));
}
