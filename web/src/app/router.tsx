import { createBrowserRouter, type RouteObject } from 'react-router';
import { routePatterns } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

/**
 * The route table (docs/api.md "Pages"). Page modules load lazily, each in its own chunk:
 *
 * - `/`           home (tabs + top-level sections)
 * - `/catalog/`   all sections and all offers
 * - `/catalog/*`  a section or a product, resolved against the API (unknown → 404 page)
 * - `/search/`    the full search results (issue 4)
 * - `/feedback/`  the feedback form (issue 5)
 * - anything else → 404 page
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/home-route')).HomeRoute }),
      },
      {
        path: routePatterns.catalog,
        lazy: async () => ({ Component: (await import('./routes/catalog-route')).CatalogRoute }),
      },
      {
        path: routePatterns.catalogSplat,
        lazy: async () => ({ Component: (await import('./routes/catalog-path-route')).CatalogPathRoute }),
      },
      {
        path: routePatterns.search,
        lazy: async () => ({ Component: (await import('./routes/search-route')).SearchRoute }),
      },
      {
        path: routePatterns.feedback,
        lazy: async () => ({ Component: (await import('./routes/feedback-route')).FeedbackRoute }),
      },
      {
        path: routePatterns.notFound,
        lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }),
      },
    ],
  },
];

/** Creates the browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
