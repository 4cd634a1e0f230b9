import { createBrowserRouter, type RouteObject } from 'react-router';
import { routePatterns } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './resolve-lazy';
import { PageHydrateFallback, RootError, RouteError } from './routes/route-error';

/** The pages, each a lazy route module (see {@link routes}). */
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./routes/home-route')).HomeRoute }),
  },
  {
    path: routePatterns.catalog,
    lazy: async () => ({ Component: (await import('./routes/catalog-route')).CatalogRoute }),
  },
  {
    path: routePatterns.compare,
    lazy: async () => ({ Component: (await import('./routes/compare-route')).CompareRoute }),
  },
  {
    path: routePatterns.catalogSplat,
    lazy: async () => {
      const { CatalogPathRoute, prefetchCatalogPath, prepareCatalogPath } = await import('./routes/catalog-path-route');
      const handle: RouteHandle = { prepare: prepareCatalogPath, prefetch: prefetchCatalogPath };
      return { Component: CatalogPathRoute, handle };
    },
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
    path: routePatterns.cart,
    lazy: async () => ({ Component: (await import('./routes/cart-route')).CartRoute }),
  },
  {
    path: routePatterns.checkout,
    lazy: async () => ({ Component: (await import('./routes/checkout-route')).CheckoutRoute }),
  },
  {
    path: routePatterns.orderStatus,
    lazy: async () => ({ Component: (await import('./routes/order-status-route')).OrderStatusRoute }),
  },
  {
    path: routePatterns.personal,
    lazy: async () => ({ Component: (await import('./routes/personal-route')).PersonalRoute }),
  },
  {
    path: routePatterns.myOrders,
    lazy: async () => ({ Component: (await import('./routes/my-orders-route')).MyOrdersRoute }),
  },
  {
    path: routePatterns.myOrder,
    lazy: async () => ({ Component: (await import('./routes/my-orders-route')).MyOrderRoute }),
  },
  {
    path: routePatterns.passwordReset,
    lazy: async () => ({ Component: (await import('./routes/password-reset-route')).PasswordResetRoute }),
  },
  {
    path: routePatterns.contacts,
    lazy: async () => ({ Component: (await import('./routes/contacts-route')).ContactsRoute }),
  },
  {
    path: routePatterns.reviews,
    lazy: async () => ({ Component: (await import('./routes/reviews-route')).ReviewsRoute }),
  },
  {
    path: routePatterns.notFound,
    lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }),
  },
];

/**
 * The route table (docs/api.md "Pages"). Page modules load lazily, each in its own chunk:
 *
 * - `/`           home (tabs + top-level sections)
 * - `/catalog/`   all sections and all offers
 * - `/catalog/compare/` the compare list (issue 6); a static segment, so it outranks the splat below
 * - `/catalog/*`  a section or a product, resolved against the API (unknown → 404 page)
 * - `/search/`    the full search results (issue 4)
 * - `/feedback/`  the feedback form (issue 5)
 * - `/personal/cart/`        the basket and (`?delay=Y`) the wishlist (issue 6)
 * - `/personal/order/make/`  the checkout and (`?ORDER_ID=N`) the order's confirmation (issue 6)
 * - `/personal/`, `/personal/orders/`, `/personal/orders/{number}/`, `/personal/password-reset/` the account (issue 7)
 * - `/contacts/`  the stores, their hours, contacts and map (issue 8)
 * - `/reviews/`   the shop's reviews and the add-review form (issue 8)
 * - `/personal/order/status/#TOKEN` a guest's order through their mail's link (issue 37)
 * - `/admin/*`    the back office (issue 37), outside the shop's layout
 * - anything else → 404 page
 *
 * The pages sit in a pathless route inside the layout (issue 19): a page that fails (its chunk did not load, its code
 * threw) shows the error screen inside `<main>`, with the header and footer kept; and while the first page's chunk
 * loads, the layout is already drawn around an empty `<main>` (the router's `HydrateFallback`). Only a failure of the
 * layout itself reaches the root's bare error screen.
 */
export const routes: RouteObject[] = [
  {
    // The back office (issue 37): its own layout and route tree, in its own chunks, drawn in the browser only.
    path: routePatterns.admin,
    lazy: async () => ({ Component: (await import('@/admin/admin-app')).AdminApp }),
    ErrorBoundary: RootError,
  },
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootError,
    children: [{ ErrorBoundary: RouteError, HydrateFallback: PageHydrateFallback, children: pageRoutes }],
  },
];

/**
 * Creates the browser router of the app, from `table` (the {@link routes}, or a copy with some lazy routes resolved).
 * `hydrating`: the page on screen is the server's (issue 22), so the router takes it as its first state and the
 * layout's `ScrollRestoration` leaves the scroll where the shopper has it: without it the router would scroll to the
 * top when the app takes over, seconds after the shopper began to scroll (issue 33). A reload or a return to the
 * page is the browser's own scroll restoration then, before the app is there.
 */
export function createAppRouter(table: RouteObject[] = routes, { hydrating = false } = {}) {
  return createBrowserRouter(table, hydrating ? { hydrationData: {} } : undefined);
}
