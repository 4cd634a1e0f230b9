import { toYesNo } from '@/config/yes-no';

/**
 * The page routes (docs/api.md "Pages") and helpers that build or read them.
 *
 * - `/`                                   home
 * - `/catalog/`                           all sections and all products
 * - `/catalog/{section-slug}/`            a section (its `url` from `GET /api/sections`)
 * - `/catalog/{section-slug}/{offer-slug}/` a product (its `url` from the offer)
 * - `/catalog/products/{offer-slug}/`     a product without a section; `/catalog/products/` itself is the
 *                                         catalogue root (issue 20: it answered 404)
 * - `/search/?q=&available=&section=&page=` the full search results (issue 4)
 * - `/feedback/`                          the feedback form (issue 5)
 * - `/catalog/compare/`                   the compare list (issue 6)
 * - `/personal/`                          the account: profile and password (issue 7)
 * - `/personal/orders/`, `/personal/orders/{number}/` the user's orders and one order (issue 7)
 * - `/personal/password-reset/?token=T`   the new-password form of a reset link (issue 7)
 * - `/personal/cart/?delay=Y`             the basket, or with `delay=Y` the wishlist (issue 6)
 * - `/personal/order/make/?ORDER_ID=N`    the checkout, or with `ORDER_ID` the confirmation of order N (issue 6)
 * - `/contacts/`, `/contacts/#store-{id}` the stores, their hours and map (issue 8)
 * - `/reviews/?page=N`, `/reviews/#add-review` the shop's reviews and the add-review form (issue 8)
 *
 * Section and product URLs are never built on the client: the API hands them out in `url`.
 */
export const paths = {
  /** Home page. */
  home: '/',
  /** Catalogue root: all sections and all products. */
  catalog: '/catalog/',
  /** The folder of the products without a section: the catalogue root lists them (server: `UNSECTIONED_SLUG`). */
  unsectioned: '/catalog/products/',
  /** The full search results page; build its links with {@link searchResultsPath}. */
  search: '/search/',
  /** The feedback form page (issue 5). */
  feedback: '/feedback/',
  /** The compare list page (issue 6). */
  compare: '/catalog/compare/',
  /** The cart page (spec §2: the slide-out cart does not open on paths containing it). */
  cart: '/personal/cart/',
  /** The cart page's wishlist tab. */
  wishlist: '/personal/cart/?delay=Y',
  /** The checkout page (spec §2: the slide-out cart does not open on paths containing it). */
  checkout: '/personal/order/make/',
  /** The account's profile page (issue 7). */
  personal: '/personal/',
  /** The user's order history (issue 7); one order is {@link myOrderPath}. */
  myOrders: '/personal/orders/',
  /** The new-password page a reset link opens (`?token=T`; issue 7). */
  passwordReset: '/personal/password-reset/',
  /** The stores with their hours, contacts and map (issue 8); one store is {@link storePath}. */
  contacts: '/contacts/',
  /** The shop's reviews (issue 8; `?page=N`); its form is {@link addReviewPath}. */
  reviews: '/reviews/',
  /**
   * Where "В корзину" posts its form without scripts (issue 33; server `web::BASKET_ADD_PATH`): fields `offerId` and
   * `back`, the page to come back to. Not a page.
   */
  basketAdd: '/basket/add',
} as const;

/** The page of the user's order `number` in the order history. */
export function myOrderPath(number: string): string {
  return `${paths.myOrders}${encodeURIComponent(number)}/`;
}


/** A store's card on the contacts page: `/contacts/#store-{id}` (the map's "Подробнее"). */
export function storePath(id: number): string {
  return `${paths.contacts}#${storeAnchor(id)}`;
}

/** `id` of a store's card on the contacts page. */
export function storeAnchor(id: number): string {
  return `store-${id}`;
}

/** `id` of the reviews page's add-review form: `/reviews/#add-review` scrolls to it and focuses it (issue 8). */
export const ADD_REVIEW_ID = 'add-review';

/** The reviews page scrolled to its add-review form (the contacts panel's add-review button, issue 8). */
export const addReviewPath = `${paths.reviews}#${ADD_REVIEW_ID}`;

/** Query-string key of the reviews page's page number. */
export const reviewsParams = {
  page: 'page',
} as const;

/** The link of page `page` of the reviews: `/reviews/`, or `/reviews/?page=N` after the first. */
export function reviewsPagePath(page: number): string {
  return page > 1 ? withQuery(paths.reviews, new URLSearchParams({ [reviewsParams.page]: String(page) })) : paths.reviews;
}

/** Query-string keys of the cart and checkout pages (the original's `delay=Y`, `ORDER_ID`). */
export const basketParams = {
  delay: 'delay',
  orderId: 'ORDER_ID',
} as const;

/**
 * Key of the router's navigation state marking a navigation to another page at the same path (`{ [NEW_PAGE_STATE]:
 * true }`; the checkout's confirmation at `?ORDER_ID=N`): focus goes to the new page's heading, as after a change of
 * path (issue 19, `app/use-route-focus.ts`).
 */
export const NEW_PAGE_STATE = 'vitrinaNewPage';

/**
 * Key of the router's navigation state marking a change of path that stays on the same page for the shopper
 * (`{ [SAME_PAGE_STATE]: pageKey }`; another variant of a product, issue 35): the page keeps its React key (the
 * `pageKey`, the slug of the variant first shown) and so its state and focus, and focus stays on the control pressed
 * instead of going to the heading (`app/use-route-focus.ts`).
 */
export const SAME_PAGE_STATE = 'vitrinaSamePage';

/** The page key a navigation marked with {@link SAME_PAGE_STATE} keeps; `null` for any other navigation. */
export function samePageKey(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const key = (state as Record<string, unknown>)[SAME_PAGE_STATE];
  return typeof key === 'string' ? key : null;
}

/** Whether the router's navigation `state` is marked with {@link NEW_PAGE_STATE}. */
export function isNewPageState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[NEW_PAGE_STATE] === true;
}

/** The confirmation page of order `number`: the checkout path with `ORDER_ID` (as the original's). */
export function orderConfirmationPath(number: string): string {
  return withQuery(paths.checkout, new URLSearchParams({ [basketParams.orderId]: number }));
}

/** React Router patterns matching {@link paths}; `catalogSplat` catches sections and products. */
export const routePatterns = {
  home: '/',
  catalog: 'catalog',
  catalogSplat: 'catalog/*',
  search: 'search',
  feedback: 'feedback',
  compare: 'catalog/compare',
  cart: 'personal/cart',
  checkout: 'personal/order/make',
  orderStatus: 'personal/order/status',
  admin: 'admin/*',
  personal: 'personal',
  myOrders: 'personal/orders',
  myOrder: 'personal/orders/:number',
  passwordReset: 'personal/password-reset',
  reviews: 'reviews',
  contacts: 'contacts',
  notFound: '*',
} as const;

/** Query-string keys of the search results page. */
export const searchParams = {
  text: 'q',
  available: 'available',
  section: 'section',
  page: 'page',
} as const;

/**
 * The link of the search results page: `/search/?q=TEXT&available=Y|N`, plus `section` when not all (`"0"`), the
 * facet filters (canonical pairs, issue 35) and `page` when not the first (issue 4: Enter with no active item opens
 * it). The order is the server's page URL's (`web::page_url`).
 */
export function searchResultsPath(
  text: string,
  available: boolean,
  section = '0',
  page = 1,
  filters: readonly (readonly [string, string])[] = [],
): string {
  const params = new URLSearchParams({ [searchParams.text]: text, [searchParams.available]: toYesNo(available) });
  if (section !== '0') params.set(searchParams.section, section);
  for (const [key, value] of filters) params.append(key, value);
  if (page > 1) params.set(searchParams.page, String(page));
  return withQuery(paths.search, params);
}

/** First path segment of every catalogue page. */
export const CATALOG_SEGMENT = 'catalog';

/**
 * Query-string keys a listing keeps in the URL so it can be bookmarked (HOUSE_STYLE), with its facet filters
 * (issue 35; docs/api.md "Facets"): `priceMin`, `priceMax`, `vendor` (repeated), `p.{name}` (repeated) and a
 * numeric parameter's `p.{name}.min`, `p.{name}.max`.
 */
export const listingParams = {
  sort: 'sort',
  available: 'available',
  page: 'page',
  priceMin: 'priceMin',
  priceMax: 'priceMax',
  vendor: 'vendor',
  /** Prefix of a parameter facet's key. */
  paramPrefix: 'p.',
} as const;

/**
 * Normalises a pathname for comparison with API `url`s: ensures a leading and a trailing slash and
 * decodes percent-escapes (`/catalog/a` → `/catalog/a/`).
 */
export function normalizePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape: compare the raw text.
  }
  if (!path.startsWith('/')) path = `/${path}`;
  if (!path.endsWith('/')) path = `${path}/`;
  return path;
}

/** Non-empty segments of a pathname: `/catalog/a/b/` → `['catalog', 'a', 'b']`. */
export function pathSegments(pathname: string): string[] {
  return normalizePath(pathname).split('/').filter(Boolean);
}

/**
 * The offer slug a product path ends with, or `null` when the path cannot be a product page.
 * A product path has at least three segments: `catalog`, a section slug (or `products`), the offer slug.
 */
export function offerSlugFromPath(pathname: string): string | null {
  const segments = pathSegments(pathname);
  if (segments.length < 3 || segments[0] !== CATALOG_SEGMENT) return null;
  return segments[segments.length - 1] ?? null;
}

/**
 * Builds `pathname?query` with the given search parameters; empty values are left out.
 * Used for paging links (`withQuery('/catalog/x/', params)`).
 */
export function withQuery(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
