/**
 * Every business constant of the spec (§9 "Business constants and limits"), plus the few
 * front-end settings the app needs. Nothing else in `src/` writes these numbers as literals.
 *
 * The Rust side keeps the same values in `server/src/limits.rs`.
 *
 * CSS cannot read these values (media queries do not accept custom properties), so the
 * stylesheets write the breakpoint as `1043px` next to a comment naming
 * {@link DESKTOP_BREAKPOINT_PX}; keep them in step.
 */

// ---------------------------------------------------------------------------
// Spec §9
// ---------------------------------------------------------------------------

/** Desktop/mobile breakpoint, px: widths at or above it get the desktop layout (spec §9, §2). */
export const DESKTOP_BREAKPOINT_PX = 1043;

/** Media query matching the desktop layout, built from {@link DESKTOP_BREAKPOINT_PX}. */
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;

/** Time-out of every HTTP request, ms (spec §7, §9: "60" — seconds). Enforced in `lib/api-client.ts`. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Delay between the last keystroke and the search request, ms (spec §9). */
export const SEARCH_DELAY_MS = 500;

/** Number of items one search request asks for (spec §9 "Search page size"). */
export const SEARCH_PAGE_SIZE = 100;

/** Lifetime of the availability-flag cookie, s (spec §9; 380 days). */
export const AVAILABILITY_COOKIE_MAX_AGE_S = 32_832_000;

/** Name of the cookie holding the search availability flag, `Y` or `N` (spec §4; lives {@link AVAILABILITY_COOKIE_MAX_AGE_S}). */
export const AVAILABILITY_COOKIE_NAME = 'vitrina_search_available';

/**
 * Lifetime of the visited-flag cookie, s (spec §9; same as the availability cookie): set on a shopper's first visit,
 * so the voice-search microphone pulses only once (issue 4).
 */
export const VISITED_COOKIE_MAX_AGE_S = 32_832_000;

/** Name of the visited-flag cookie (`Y`; lives {@link VISITED_COOKIE_MAX_AGE_S}). */
export const VISITED_COOKIE_NAME = 'vitrina_visited';

/** Language of voice search recognition (spec §5: "language is Russian"). */
export const VOICE_RECOGNITION_LANG = 'ru-RU';

/** Height of the collapsed search-sections container, px (spec §9); more sections get a show-all toggle. */
export const SECTIONS_CONTAINER_HEIGHT_PX = 92;

/** Hover-intent delay before a menu dropdown opens, ms (spec §2, §9). */
export const MENU_HOVER_DELAY_MS = 200;

/** Fade duration of a menu dropdown, ms (spec §2, §9). */
export const MENU_FADE_MS = 150;

/** Slide panel close animation, ms (spec §9). Also the top-panel footer slide on narrow screens (spec §2). */
export const PANEL_CLOSE_ANIMATION_MS = 300;

/** Slide duration of the sticky top panel's footer on narrow screens, ms (spec §2). */
export const TOP_PANEL_FOOTER_SLIDE_MS = 300;

/** Scroll distance after which the scroll-up button appears raised, px (spec §2, §9). */
export const SCROLL_UP_THRESHOLD_PX = 150;

/** Duration of the scroll-to-top animation, ms (spec §9). */
export const SCROLL_UP_ANIMATION_MS = 500;

/**
 * Menu overflow threshold (spec §9): a horizontal menu of this many items or fewer never gets the
 * "…" dropdown; longer menus move the items that do not fit into it (issue 3).
 */
export const MENU_OVERFLOW_THRESHOLD_ITEMS = 2;

/** Ratings at or below this value get a `rate` attribute equal to their integer part (spec §9). */
export const RATING_RATE_ATTRIBUTE_MAX = 4.4;

/** Default step of numeric input masks (spec §9). */
export const MASK_DEFAULT_STEP = 1;

/** Numeric mask shortcuts: typing the key appends the zeros (spec §9: k adds 000, m adds 000000). */
export const MASK_SHORTCUTS: Readonly<Record<string, string>> = { k: '000', m: '000000' };

/** Decimals of a currency mask unless the form sets `digits` (spec §5 "currency 2 decimals"). */
export const MASK_CURRENCY_DIGITS = 2;

/** Prefix of a currency mask unless the form sets a prefix or a suffix (spec §5 "a dollar prefix by default"). */
export const MASK_CURRENCY_PREFIX = '$ ';

/** Range of a percentage mask, inclusive (spec §5 "percentage 0 to 100, no negatives"). */
export const MASK_PERCENTAGE_MIN = 0;

/** Upper end of {@link MASK_PERCENTAGE_MIN}'s range (spec §5). */
export const MASK_PERCENTAGE_MAX = 100;

/**
 * Format of a date mask unless the form sets one (forms contract `FieldMask.format`): tokens `dd` day,
 * `mm` month, `yyyy` year, `HH` hours, `MM` minutes, `ss` seconds; other characters are literal.
 */
export const MASK_DATE_FORMAT = 'dd.mm.yyyy';

/** Duration of the mini-cart / wishlist icon shake after a change, ms (spec §4, §9). */
export const SHAKE_DURATION_MS = 1000;

/** Fade-in duration of the recently viewed header, ms (spec §4, §9). */
export const RECENTLY_VIEWED_FADE_MS = 2000;

/** Delay before the captcha word is checked with the server, ms (spec §5, §9). */
export const CAPTCHA_CHECK_DELAY_MS = 1000;

/** Longest value of a form field other than a textarea, characters (issue 5; the server's `FORM_VALUE_MAX_CHARS`). */
export const FORM_VALUE_MAX_CHARS = 500;

/** Longest textarea value of a form, characters (the server's `FORM_TEXTAREA_MAX_CHARS`). */
export const FORM_TEXTAREA_MAX_CHARS = 5000;

/** Preferred countries of the phone input, in order (spec §5, §9). */
export const PREFERRED_PHONE_COUNTRIES: readonly string[] = ['ru', 'by', 'ua', 'kz'];

/** Phone country (ISO 3166-1 alpha-2, lower case) when the server names none (forms contract `FormAnswer.country`). */
export const DEFAULT_PHONE_COUNTRY = 'ru';

/** Most pieces one basket line holds (issue 6; the server's `BASKET_MAX_QUANTITY`). */
export const BASKET_MAX_QUANTITY = 999;

/**
 * Most offers the compare list holds (issue 6; the server's `COMPARE_MAX_ITEMS`): one more answers 409
 * `COMPARE_LIMIT`, whose message names this number.
 */
export const COMPARE_MAX_ITEMS = 20;

/** Longest name at checkout, characters (issue 6; the server's `ORDER_NAME_MAX_CHARS`). */
export const CHECKOUT_NAME_MAX_CHARS = 200;

/** Longest e-mail, city or address at checkout, characters (the server's `ORDER_VALUE_MAX_CHARS`). */
export const CHECKOUT_VALUE_MAX_CHARS = 500;

/** Longest checkout comment, characters (the server's `ORDER_COMMENT_MAX_CHARS`). */
export const CHECKOUT_COMMENT_MAX_CHARS = 2000;

/** Shortest password of an account, characters (issue 7; the server's `PASSWORD_MIN_CHARS`). */
export const PASSWORD_MIN_CHARS = 8;

/** Most cities one `GET /api/locations` answers (issue 8; the server's `LOCATIONS_MAX_RESULTS`, its default `limit`). */
export const LOCATIONS_LIMIT = 20;

/** Longest text of the city search, characters (the server's `LOCATION_QUERY_MAX_CHARS` cuts longer ones). */
export const LOCATION_QUERY_MAX_CHARS = 100;

/** Highest star rating of a review; the lowest is 1 (issue 8; the server's `REVIEW_RATING_INVALID` rule). */
export const REVIEW_RATING_MAX = 5;

/** Longest reviewer's name, characters (issue 8; the server's `REVIEW_NAME_MAX_CHARS`). */
export const REVIEW_NAME_MAX_CHARS = 100;

/** Longest review text, characters (issue 8; the server's `REVIEW_TEXT_MAX_CHARS`). */
export const REVIEW_TEXT_MAX_CHARS = 2000;

/** Basket view setting value that enables the slide-out cart (spec §2, §9). */
export const SLIDE_CART_BASKET_VIEW = 'RIGHT';

// ---------------------------------------------------------------------------
// Front-end settings (not in the spec)
// ---------------------------------------------------------------------------

/**
 * Grace period after the pointer leaves an open menu dropdown before it closes, ms (issue 3 lets us
 * choose). As long as {@link MENU_HOVER_DELAY_MS}, so a diagonal path across a neighbouring item
 * (which needs that long to open) reaches a nested dropdown before it closes.
 */
export const MENU_CLOSE_GRACE_MS = MENU_HOVER_DELAY_MS;

/**
 * Scroll moves smaller than this, px, do not hide or show the top panel's foot on narrow screens
 * (touch jitter, elastic overscroll at the page ends).
 */
export const TOP_PANEL_SCROLL_TOLERANCE_PX = 4;

/**
 * How often the header's contacts block asks for the stores again, ms (issue 8): its "Открыто" / "Закрыто" follows
 * the clock while a page stays open (the panel loads its store anew at each opening anyway).
 */
export const STORES_REFRESH_MS = 60_000;

/**
 * Offers per catalogue page (`perPage`); 20 fills 5, 4 and 2 columns evenly. API range 1..=100. The server's
 * `limits::CATALOG_PAGE_SIZE` is the same: the first HTML preloads this listing URL.
 */
export const CATALOG_PAGE_SIZE = 20;

/**
 * Offers per home-page collection tab (`limit`); two rows of the widest grid. API range 1..=100. The server's
 * `limits::HOME_COLLECTION_LIMIT` is the same: the home page's HTML preloads this collection URL.
 */
export const HOME_COLLECTION_LIMIT = 10;

/**
 * How long search answers stay in the in-memory cache once no field shows them, ms (spec §5, §9 "Search cache:
 * in memory"). They never go stale meanwhile; an hour keeps a long browsing session's memory bounded.
 */
export const SEARCH_CACHE_TIME_MS = 60 * 60_000;

/** How long the API's section tree stays fresh in the query cache, ms. */
export const SECTIONS_STALE_TIME_MS = 5 * 60_000;

/** Default freshness of other queries, ms. */
export const DEFAULT_STALE_TIME_MS = 60_000;

/**
 * Delay between the last keystroke in the delivery location panel's field and the cities request, ms (issue 8). The
 * spec names no value for it; shorter than the product search's `SEARCH_DELAY_MS` (500 ms), as a city list is one
 * small indexed prefix query and a shopper typing a city expects the list to follow closely.
 */
export const LOCATION_SEARCH_DELAY_MS = 300;

/**
 * How long a cities answer stays fresh in the query cache, ms (the list changes only when the owner runs
 * `vitrina locations import`).
 */
export const LOCATIONS_STALE_TIME_MS = 60 * 60_000;

/** How long the "link copied" confirmation of the share block stays visible, ms. */
export const SHARE_CONFIRMATION_MS = 4000;

/** Locale used to format money (the catalogue's prices are Russian-formatted: `1 480 ₽`). */
export const MONEY_LOCALE = 'ru-RU';

/** Languages the interface is translated to; the first is the default (spec: Russian shop). */
export const LANGUAGES = ['ru', 'en'] as const;

/** A supported interface language. */
export type Language = (typeof LANGUAGES)[number];

/** Default interface language. */
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * Cookie holding the shopper's chosen interface language (`ru`, `en`): a cookie, not `localStorage`, so the server
 * renders the page in it (issue 22). Lives {@link LANGUAGE_COOKIE_MAX_AGE_S}.
 */
export const LANGUAGE_COOKIE_NAME = 'vitrina_language';

/** Lifetime of {@link LANGUAGE_COOKIE_NAME}, s: a year. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 31_536_000;

/**
 * Widths of the shop's picture derivatives, px, narrowest first (issue 24; the server's `PICTURE_WIDTHS`):
 * thumbnail, card, page, zoom. `/pictures/{id}/{width}.{format}` serves these only.
 */
export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;

/**
 * How wide each slot draws its picture at each viewport width, CSS px (`sizes`), so the browser takes the smallest
 * derivative that is sharp. `page` is the server's `PICTURE_SIZES_PAGE` too: the product page's picture preload must
 * name the same, or the browser fetches the picture twice.
 */
export const PICTURE_SIZES = {
  thumbnail: '96px',
  // Measured in the grid: 139.5 px at 375, 158 at 412, 175 at 900, 208 at 1280 (5 columns from 1200 px).
  card: '(min-width: 1200px) 208px, (min-width: 900px) calc(25vw - 50px), (min-width: 640px) calc(33vw - 52px), calc(50vw - 48px)',
  page: '(min-width: 1280px) 560px, (min-width: 900px) 45vw, calc(100vw - 64px)',
} as const;

/** Nominal pixel size given to card pictures (`width`/`height` attributes; the box is square). */
export const CARD_IMAGE_SIZE_PX = 400;

/** Nominal pixel size of the product page's main picture. */
export const PRODUCT_IMAGE_SIZE_PX = 800;

/** Nominal pixel size of a gallery thumbnail. */
export const THUMBNAIL_IMAGE_SIZE_PX = 96;

/** Characteristics (`params`) the product quick view lists; the product page shows them all. */
export const QUICK_VIEW_PARAMS_LIMIT = 6;

/**
 * `sessionStorage` key of the release reloads done in this tab (issue 19): the `/assets/` files that were missing
 * (a 404 after a new release) and when the page last reloaded for one.
 */
export const RELEASE_RELOAD_STORAGE_KEY = 'vitrina.releaseReload';

/**
 * Shortest time between two release reloads of one tab, ms (issue 19: "reloads the page once, never in a loop").
 * A missing file reloads the page at most once, and no second missing file reloads it again within this time.
 */
export const RELEASE_RELOAD_MIN_INTERVAL_MS = 60_000;

/**
 * How long focus waits for a new page's `<h1>` after an in-app navigation, ms (issue 19): a page whose data has not
 * come by then keeps focus where it was.
 */
export const ROUTE_FOCUS_WAIT_MS = 10_000;

/** Size of a captcha picture, px (the server's `CAPTCHA_WIDTH_PX` × `CAPTCHA_HEIGHT_PX`). */
export const CAPTCHA_WIDTH_PX = 220;

/** Height of a captcha picture, px. */
export const CAPTCHA_HEIGHT_PX = 90;

/** Most lines a basket holds, and most a wishlist holds (the server's `BASKET_MAX_LINES`, issue 20). */
export const BASKET_MAX_LINES = 100;

/** `id` of the `<script type="application/json">` a server-rendered page carries its state in (issue 22). */
export const RENDERED_STATE_ID = 'vitrina-state';

/**
 * Render passes of a server render at most (issue 22): the first draws the page with what the server handed over;
 * a query that only mounts once another's data is there (a product page's reviews after the product) needs another.
 */
export const SSR_MAX_PASSES = 4;

/**
 * Attribute set on `<html>` once the app has drawn its first page in the browser, hydrated or rendered there (issue
 * 22): a server-rendered page reads and its links work before, its buttons act from then on. The browser tests wait
 * for it after each page load; devtools show it.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Longest wait, after the page itself is hydrated, for its server-rendered `Suspense` boundaries (the section and
 * product pages) to be hydrated too before the app marks itself ready and acts on the shopper's early presses, ms
 * (issue 33). React hydrates them when the browser is idle: a few hundred ms on a slow phone.
 */
export const HYDRATION_WAIT_MAX_MS = 5000;

/**
 * Longest wait for an idle moment before the overlays' dialog chunk is fetched anyway, ms (issue 22): the chunk
 * leaves the page's first JavaScript, and is fetched once the page started and the browser is idle.
 */
export const OVERLAY_DIALOG_PRELOAD_TIMEOUT_MS = 2000;

/**
 * Texts a language's translate function remembers at most (`i18n/use-translation.ts`); past it they are forgotten
 * and looked up again. Labels repeat on every card; texts with a name or number put in vary.
 */
export const TRANSLATION_CACHE_MAX_ENTRIES = 2_000;

/** A facet shows its first this many values, and the rest behind "Показать все" (issue 35). */
export const FACET_VALUES_SHOWN = 10;

/** A facet of at least this many values gets a search field over them (issue 35). */
export const FACET_SEARCH_FROM = 15;
