//! Every business constant and limit of spec §9, named in one place (the front-end mirrors them in
//! `web/src/config/constants.ts`). Server code refers to these names, never to the literals.

use std::time::Duration;

/// Desktop/mobile breakpoint, px (spec §9). Wide layouts start at this width.
pub const DESKTOP_BREAKPOINT_PX: u32 = 1043;

/// Request time-out (spec §7 "a 60 time-out value", §9), seconds. The server ends any request that takes longer.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// Delay between the last keystroke and a search request, ms (spec §9).
pub const SEARCH_DELAY_MS: u64 = 500;

/// Search page size (spec §9): also the largest `perPage` any listing accepts.
pub const SEARCH_PAGE_SIZE: u32 = 100;

/// Lifetime of the availability-flag and visited-flag cookies, seconds (spec §9): 380 days.
pub const FLAG_COOKIE_LIFETIME_S: u64 = 32_832_000;

/// Height of the search sections container, px (spec §9).
pub const SECTIONS_CONTAINER_HEIGHT_PX: u32 = 92;

/// Hover-intent delay before a menu dropdown opens, ms (spec §9).
pub const MENU_HOVER_DELAY_MS: u64 = 200;

/// Fade duration of a menu dropdown, ms (spec §9).
pub const MENU_FADE_MS: u64 = 150;

/// Slide-panel close animation, ms (spec §9).
pub const PANEL_CLOSE_MS: u64 = 300;

/// Scroll distance after which the scroll-up button appears, px (spec §9).
pub const SCROLL_UP_AFTER_PX: u32 = 150;

/// Scroll-to-top animation, ms (spec §9).
pub const SCROLL_UP_ANIMATION_MS: u64 = 500;

/// A horizontal menu of this many items or fewer never gets the "…" overflow item (spec §9).
pub const MENU_OVERFLOW_THRESHOLD: usize = 2;

/// A rating at or below this value gets a `rate` attribute equal to its integer part (spec §9), tenths: 4.4.
pub const RATING_RATE_ATTR_MAX_TENTHS: u32 = 44;

/// Input-mask default step (spec §9).
pub const MASK_STEP: u32 = 1;

/// Mini-cart / wishlist shake duration after a change, ms (spec §9).
pub const SHAKE_MS: u64 = 1000;

/// Recently-viewed header fade-in, ms (spec §9).
pub const VIEWED_FADE_MS: u64 = 2000;

/// Delay before the captcha word is checked remotely, ms (spec §9).
pub const CAPTCHA_CHECK_DELAY_MS: u64 = 1000;

/// Preferred phone countries, in order (spec §9).
pub const PREFERRED_PHONE_COUNTRIES: [&str; 4] = ["ru", "by", "ua", "kz"];

/// The basket-view setting under which the slide cart is enabled (spec §9).
pub const SLIDE_CART_BASKET_VIEW: &str = "RIGHT";

// ---- Our own limits (not from the spec; see docs/decisions.md) ----

/// Default `perPage` of offer listings.
pub const DEFAULT_PER_PAGE: u32 = 24;

/// Largest `page` a listing accepts (guards against absurd OFFSETs).
pub const MAX_PAGE: u32 = 100_000;

/// Most ids one `GET /api/offers?ids=` may ask for.
pub const MAX_IDS_PER_REQUEST: usize = SEARCH_PAGE_SIZE as usize;

/// Default and largest `limit` of a home-page collection.
pub const DEFAULT_COLLECTION_LIMIT: u32 = 12;

/// Offers per catalogue page the front-end asks for (`CATALOG_PAGE_SIZE` of `web/src/config/constants.ts`, same
/// value): the first HTML preloads exactly that listing URL (issue 9).
pub const CATALOG_PAGE_SIZE: u32 = 20;

/// Offers per home-page tab the front-end asks for (`HOME_COLLECTION_LIMIT` of `web/src/config/constants.ts`, same
/// value): the home page's HTML preloads exactly that collection URL (issue 9).
pub const HOME_COLLECTION_LIMIT: u32 = 10;

/// Longest slug, in characters; longer names are cut at a word boundary.
pub const MAX_SLUG_CHARS: usize = 80;

/// URLs per sitemap file (the sitemaps.org protocol's limit).
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// Most items one menu may hold, all levels together (`vitrina menu import`).
pub const MAX_MENU_ITEMS: usize = 500;

/// Deepest nesting of a menu: top items are level 1.
pub const MAX_MENU_DEPTH: usize = 4;

/// Longest menu item title, in characters.
pub const MAX_MENU_TITLE_CHARS: usize = 100;

/// Longest menu item URL, in characters.
pub const MAX_MENU_URL_CHARS: usize = 2048;

/// Longest search text, in characters: longer text is cut, never refused (issue 4).
pub const MAX_SEARCH_QUERY_CHARS: usize = 200;

/// How often `serve` checks for a finished import to rebuild the search index, ms.
pub const SEARCH_WATCH_INTERVAL_MS: u64 = 1000;

/// Tags an import records of what it changed (issue 39, `feeds::changes`); past it, it records "everything" and the
/// serving shops forget every rendered page (a first import, a price list replaced whole).
pub const CONTENT_CHANGE_TAGS_MAX: usize = 20_000;

/// Imports whose changes `content_changes` keeps (issue 39): a shop that has not looked for longer forgets every
/// rendered page.
pub const CONTENT_CHANGES_KEPT_IMPORTS: i64 = 100;

/// Invalidations the page cache remembers (issue 39): a page not asked for since older ones is rendered again.
pub const PAGE_CACHE_CHANGES_KEPT: usize = 256;

/// Brotli quality of the pages the page cache keeps (issue 39): 5 packs a 74 KB product page into some 10 KB in about
/// a millisecond, against 80 ms for its render.
pub const PAGE_CACHE_BROTLI_QUALITY: i32 = 5;

/// Pages rendered again in the background after a change, at most, the ones visitors had last first (issue 39,
/// `web::refresh`); the others are rendered when next asked for.
pub const PAGE_REFRESH_MAX: usize = 64;

/// A page that shows a store's hours is kept until the next minute at which a store opens, closes or starts a new
/// day, and at most this long, s (issue 39).
pub const PAGE_CACHE_CLOCK_MAX_S: u64 = 86_400;

/// Disk the rendered pages kept across restarts may take by default, MiB (`VITRINA_PAGE_DISK_MB`, issue 39; 0: none
/// kept). Some 13 KB a page in brotli: 1,024 MiB keeps a 100,000-offer shop's whole sitemap.
pub const PAGE_DISK_MB: u64 = 1024;

/// A sweep of the kept pages, once they pass their disk budget, leaves this share of it, percent: the pages written
/// first go (issue 39).
pub const PAGE_DISK_SWEEP_TO_PERCENT: u64 = 90;

/// A kept page's file larger than this is not read, bytes: pages are some 13 KB in brotli, the largest well under 1 MB.
pub const PAGE_DISK_FILE_MAX_BYTES: u64 = 8 << 20;

/// Pairs of content versions whose changes the page cache remembers, for pages read from disk (issue 39).
pub const PAGE_DISK_CHANGES_MEMO: usize = 256;

/// Memory the server's caches may hold together by default, MiB (`VITRINA_CACHE_MB`, issue 39): rendered pages, search
/// answers, offers and listings' facet counts, each its share below ([`CacheBudget`]).
/// Each is weighed in bytes; what does not fit goes, least used first.
pub const CACHE_MB: u64 = 96;

/// Shares of [`CACHE_MB`] (of `VITRINA_CACHE_MB`), percent: rendered pages (about 0.1–0.2 MB each), serialised
/// `/api/search` answers (about 60 KB for 100 items), offers by id (`catalog::CatalogCache`, about 1–2 KB each: an
/// answer not cached reads only the offers not seen since the last import), and listings' facet counts (some 30 KB a
/// large section's), and frequent search terms' documents as bit sets (`search::bits`, a bit per offer: 125 KB a term
/// at a million offers).
pub const CACHE_SHARE_PAGES_PERCENT: u64 = 50;
pub const CACHE_SHARE_ANSWERS_PERCENT: u64 = 10;
pub const CACHE_SHARE_OFFERS_PERCENT: u64 = 25;
pub const CACHE_SHARE_COUNTS_PERCENT: u64 = 5;
pub const CACHE_SHARE_TERM_BITS_PERCENT: u64 = 10;

/// Of the offers' share, the part the shown pictures by id may take (`catalog::CatalogCache::pictures`, issue 39: what
/// a search answer's cards show), as a divisor: about 100 bytes a picture, some 40,000 pictures at the default 24 MB.
pub const CACHE_PICTURES_DIVISOR: u64 = 6;

/// Bytes each cache may hold: `VITRINA_CACHE_MB` split by the shares above (`CACHE_SHARE_*_PERCENT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheBudget {
    /// Rendered pages (`web::render::PageCache`).
    pub pages: u64,
    /// Serialised search answers (`search::engine::SearchEngine`).
    pub answers: u64,
    /// Offers by id (`catalog::CatalogCache`).
    pub offers: u64,
    /// Listings' facet counts (`facets::FacetIndex::counts_cached`).
    pub counts: u64,
    /// Frequent search terms' documents as bit sets (`search::bits`).
    pub term_bits: u64,
}

impl CacheBudget {
    /// `mb` MiB, split.
    pub fn of_mb(mb: u64) -> Self {
        let share = |percent: u64| mb.saturating_mul(1024 * 1024) / 100 * percent;
        CacheBudget {
            pages: share(CACHE_SHARE_PAGES_PERCENT),
            answers: share(CACHE_SHARE_ANSWERS_PERCENT),
            offers: share(CACHE_SHARE_OFFERS_PERCENT),
            counts: share(CACHE_SHARE_COUNTS_PERCENT),
            term_bits: share(CACHE_SHARE_TERM_BITS_PERCENT),
        }
    }
}

impl Default for CacheBudget {
    fn default() -> Self {
        Self::of_mb(CACHE_MB)
    }
}

/// Threads of the search pool per core (issue 39): each takes the next question from one queue and works it to the
/// end, so a core never waits for a turn to be handed over. On 2 cores, 64 connections asking new questions: one per
/// core answered ×1.33–1.42 the requests/s of the earlier two blocking-pool turns per core at 100,000 offers (with
/// facets; ×1.09–1.21 at a million, the instant search's ×1.21–1.28); two per core only ×1.02–1.10 of them
/// (docs/performance.md "twenty-sixth session").
pub const SEARCH_THREADS_PER_CORE: usize = 1;

/// Largest `page` of `GET /api/search`: with 100 items a page, the 10,000 best matches can be paged through. Deeper
/// pages would make the engine rank (and hold) ever more hits for one answer; nobody pages that far.
pub const MAX_SEARCH_PAGE: u32 = 100;

/// Longest prefix of a word the search index holds as a term of its own, in characters (issue 4): the last word of a
/// query, while the shopper is still typing it, is looked up as one term when it is at most this long. Longer
/// words (rare) are matched through a prefix automaton instead. Every indexed word of a name, SKU, brand or section
/// name adds up to this many terms.
pub const SEARCH_PREFIX_MAX_CHARS: usize = 15;

/// Most dictionary words one misspelt query word is corrected to, per field (issue 4): the ones found in the most
/// offers. Bounds the work of a typo on a short word in a large catalogue.
pub const SEARCH_TYPO_MAX_TERMS: usize = 32;

/// Shortest last word of a query, in characters, whose start is also looked up among the words of parameters and
/// descriptions (issue 23: "дива" finds what "диван" finds). Shorter starts are too common to say anything there.
pub const SEARCH_PREFIX_COMPLETION_MIN_CHARS: usize = 3;

/// Fewest offers matching every word of a query that make a whole answer (issue 23): with fewer, the offers
/// matching most of the words follow them ("настольная игра для всей семьи" has one board game with "семья" in its
/// name; the other board games come after it).
pub const SEARCH_FULL_MATCHES_ENOUGH: usize = 5;

/// Matches of one index segment from which a question's scan is shared with another search thread when one is idle
/// (issue 39, `SearchIndex::collect`): a wide question then takes about half the time. Below it, handing work over
/// costs more than it saves.
pub const SEARCH_SHARE_MIN_MATCHES: usize = 16_384;

/// Parts of about as many matches a shared scan is cut into (issue 39), taken in turn by the search threads that help:
/// one that starts late leaves more parts to the others.
pub const SEARCH_SHARE_PARTS: usize = 16;

/// Largest synonyms text a shop can load (`vitrina synonyms import`), bytes (issue 23).
pub const MAX_SYNONYMS_BYTES: usize = 256 * 1024;

/// Most rules a synonyms text can hold (issue 23): each is a lookup per query word, bounded all the same.
pub const MAX_SYNONYM_RULES: usize = 5_000;

/// Most words of the parameters, and of the descriptions, that the last word's start stands for: the ones in the most
/// offers (issue 23). Bounds the posting lists a short start reads.
pub const SEARCH_PREFIX_COMPLETIONS: usize = 16;

/// Indexing memory of a search index build, bytes: up to this much indexing data (the 100,000 offers of
/// `vitrina generate-feed` fit; half of it did not) the index is written as one segment, in the offers' order;
/// beyond, it is flushed in several and merged into one (a one-segment index answers fastest). Taken as needed, not
/// reserved.
pub const SEARCH_INDEX_BUILD_BYTES: usize = 100_000_000;

/// An import's update of the indexes (issue 39, `search::update`) is declined, and the indexes built anew, when it
/// changes more than this share of the products, percent: a build then costs about as much, and leaves no old
/// documents behind.
pub const UPDATE_MAX_SHARE_PERCENT: usize = 20;

/// An update of at most this many products is always made, whatever their share (a small shop's import).
pub const UPDATE_ALWAYS_PRODUCTS: usize = 1000;

/// After an index update, a query term held by at most this many documents is checked, posting by posting, to be
/// held by an offer still shown (`search::plan`): a word only replaced documents hold reads as missing, as in a
/// fresh build.
pub const SEARCH_LIVE_CHECK_MAX_DOCS: u64 = 512;

/// A search term held by at least 1/this of its segment's documents is matched through a bit set of them
/// (`search::bits`, issue 39): the set (a bit per document) is then at most 8 bytes per posting, and ANDing it word by
/// word costs less than decoding the postings.
pub const SEARCH_TERM_BITS_MIN_SHARE: u64 = 64;

/// Segments the search index may have before an update is declined and the index built anew as one: each update
/// adds one, and a query walks each.
pub const UPDATE_MAX_SEGMENTS: usize = 16;

/// A visitor session ends after this long without a request (issue 5): 30 days, in days.
pub const SESSION_INACTIVITY_DAYS: i64 = 30;

/// Name of the session cookie (`HttpOnly`, `SameSite=Lax`, `Secure` behind TLS).
pub const SESSION_COOKIE_NAME: &str = "vitrina_session";

/// The CSRF cookie of a visitor without a stored session (issue 20: sessions start lazily, at the first request that
/// writes state): `GET /api/session` hands its token out as `sessid`, and the first state-changing request that
/// sends it back starts the session with it. `HttpOnly`, `SameSite=Lax`, [`SESSION_INACTIVITY_DAYS`] long.
pub const CSRF_COOKIE_NAME: &str = "vitrina_csrf";

/// The header a state-changing `/api` request carries the session's CSRF token in (spec §3 "sessid").
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The phone country of a shopper who has not chosen one yet (issue 5): the form's initial country.
pub const DEFAULT_PHONE_COUNTRY: &str = "ru";

/// Longest value of a form field other than a textarea, in characters (issue 5: `FORMS_VALUE_TOO_LONG`).
pub const FORM_VALUE_MAX_CHARS: usize = 500;

/// Longest textarea value of a form, in characters.
pub const FORM_TEXTAREA_MAX_CHARS: usize = 5000;

/// Most fields one form may have (`vitrina forms import`).
pub const MAX_FORM_FIELDS: usize = 50;

/// Largest JSON body of a form submission or captcha check, bytes; larger ones are 413 `BODY_TOO_LARGE`.
pub const FORM_BODY_MAX_BYTES: usize = 64 * 1024;

/// Characters of a captcha word (issue 5).
pub const CAPTCHA_LENGTH: u32 = 5;

/// A captcha is void this long after it was made, seconds (issue 5: 10 minutes).
pub const CAPTCHA_LIFETIME_S: i64 = 600;

/// Form submissions one client address may send at once before it must wait (issue 5: 429 `RATE_LIMITED`);
/// `VITRINA_FORM_RATE_BURST` overrides it.
pub const FORM_SUBMISSION_BURST: u32 = 10;

/// After the burst, one more submission per address every this many seconds.
pub const FORM_SUBMISSION_REPLENISH_S: u64 = 60;

/// Captcha checks (and captcha images) one client address may ask for at once; they do not use a captcha up,
/// so they are limited to keep a word from being guessed by trying.
pub const CAPTCHA_CHECK_BURST: u32 = 30;

/// After the burst, one more captcha check per address every this many milliseconds.
pub const CAPTCHA_CHECK_REPLENISH_MS: u64 = 2000;

/// Largest quantity of one basket line (issue 6): 1..=999.
pub const BASKET_MAX_QUANTITY: i64 = 999;

/// Most lines a basket holds, and most a wishlist holds (issue 20: one anonymous session held 2,000 of each, and
/// every add answered the whole 1.14 MB basket). A new line past it is 409 `BASKET_LINES_LIMIT`.
pub const BASKET_MAX_LINES: i64 = 100;

/// Most pieces one order holds in all (issue 20): a basket past it is 409 `ORDER_QUANTITY_LIMIT` at checkout.
pub const ORDER_MAX_PIECES: i64 = 9_999;

/// Most offers one compare list holds (issue 6).
pub const COMPARE_MAX_ITEMS: i64 = 20;

/// Recently viewed offers `GET /api/viewed` answers, newest first (issue 6); older views are forgotten.
pub const VIEWED_MAX_ITEMS: i64 = 20;

/// Longest shopper's name of an order, in characters (issue 6: `FORMS_VALUE_TOO_LONG`).
pub const ORDER_NAME_MAX_CHARS: usize = 200;

/// Longest e-mail, city or address of an order, in characters (as a form's value).
pub const ORDER_VALUE_MAX_CHARS: usize = FORM_VALUE_MAX_CHARS;

/// Longest comment of an order, in characters.
pub const ORDER_COMMENT_MAX_CHARS: usize = 2000;

/// Largest JSON body of `POST /api/orders`, bytes; larger ones are 413 `BODY_TOO_LARGE`.
pub const ORDER_BODY_MAX_BYTES: usize = 64 * 1024;

/// Fewest characters (Unicode scalar values) of an account's password (issue 7: `AUTH_PASSWORD_TOO_SHORT`).
pub const PASSWORD_MIN_CHARS: usize = 8;

/// Most characters of an account's password (`FORMS_VALUE_TOO_LONG`): long passphrases fit, megabyte "passwords"
/// do not reach the hasher.
pub const PASSWORD_MAX_CHARS: usize = 256;

/// Longest account name, in characters (as an order's name).
pub const ACCOUNT_NAME_MAX_CHARS: usize = ORDER_NAME_MAX_CHARS;

/// Longest account e-mail, in characters: the longest address SMTP can carry (RFC 5321's 254).
pub const ACCOUNT_EMAIL_MAX_CHARS: usize = 254;

/// Longest account phone as typed, in characters; longer text is `FORMS_PHONE_WRONG` (no phone is that long).
pub const ACCOUNT_PHONE_MAX_CHARS: usize = 50;

/// argon2id memory cost, KiB (OWASP Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1).
pub const ARGON2_MEMORY_KIB: u32 = 19_456;

/// argon2id passes over the memory (OWASP: 2).
pub const ARGON2_ITERATIONS: u32 = 2;

/// argon2id lanes (OWASP: 1).
pub const ARGON2_PARALLELISM: u32 = 1;

/// Failed log-ins one account e-mail, and one client address, may have per [`LOGIN_WINDOW`] before 429
/// `RATE_LIMITED` (issue 7); `VITRINA_LOGIN_ATTEMPTS` overrides it. Password-reset requests per address count
/// against the same number.
pub const LOGIN_ATTEMPTS_PER_WINDOW: u32 = 5;

/// The window of [`LOGIN_ATTEMPTS_PER_WINDOW`]: 15 minutes. A blocked key may try again when its oldest counted
/// attempt is this old.
pub const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);

/// A password-reset link is void this long after it was made (issue 7): 1 hour. It works once.
pub const PASSWORD_RESET_TTL: Duration = Duration::from_secs(60 * 60);

/// Random bytes of a password-reset token (sent base64url, 43 characters; stored as its SHA-256).
pub const PASSWORD_RESET_TOKEN_BYTES: usize = 32;

/// A session logged in with "remember me" ends after this long without a request, days (issue 7); without it the
/// cookie ends with the browser.
pub const REMEMBER_ME_INACTIVITY_DAYS: i64 = 30;

/// Largest JSON body of the account routes (`/api/auth/*`, `/api/me*`), bytes; larger ones are 413.
pub const ACCOUNT_BODY_MAX_BYTES: usize = 16 * 1024;

/// Most stores one shop lists (`vitrina stores import`; issue 8).
pub const MAX_STORES: usize = 100;

/// Most values one contact list of a store holds (phones, e-mails, …).
pub const STORE_CONTACTS_MAX: usize = 20;

/// Longest store name, address, contact value or description, in characters.
pub const STORE_TEXT_MAX_CHARS: usize = 500;

/// Reviews per page of `GET /api/reviews` (issue 8).
pub const REVIEWS_PAGE_SIZE: u32 = 10;

/// Largest `page` of `GET /api/reviews`.
pub const MAX_REVIEWS_PAGE: u32 = 10_000;

/// Most stars a review gives (issue 8): ratings are 1..=5 (`REVIEW_RATING_INVALID` otherwise).
pub const REVIEW_RATING_MAX: i64 = 5;

/// Longest reviewer's name, in characters (issue 8: `FORMS_VALUE_TOO_LONG`).
pub const REVIEW_NAME_MAX_CHARS: usize = 100;

/// Longest review text, in characters.
pub const REVIEW_TEXT_MAX_CHARS: usize = 2000;

/// Largest JSON body of `POST /api/reviews` and `POST /api/location`, bytes; larger ones are 413.
pub const REVIEW_BODY_MAX_BYTES: usize = 16 * 1024;

/// Where a store answer's `reviewsPageLink` points (spec §3): the reviews page.
pub const REVIEWS_PAGE_PATH: &str = "/reviews/";

/// Most cities `GET /api/locations` answers (issue 8: "at most 20"), and its default `limit`.
pub const LOCATIONS_MAX_RESULTS: u32 = 20;

/// Longest `q` of `GET /api/locations`, in characters: longer text is cut (no city name is that long).
pub const LOCATION_QUERY_MAX_CHARS: usize = 100;

/// Cookie holding the shopper's chosen location id (issue 8); lives [`LOCATION_COOKIE_LIFETIME_S`].
pub const LOCATION_COOKIE_NAME: &str = "vitrina_location";

/// Lifetime of the location cookie, seconds: as the spec's flag cookies (spec §9, 32,832,000 s = 380 days).
pub const LOCATION_COOKIE_LIFETIME_S: u64 = FLAG_COOKIE_LIFETIME_S;

/// Tile address of the store maps unless `VITRINA_MAP_TILES` says otherwise: OpenStreetMap's standard tiles
/// (their tile usage policy asks for the attribution below and moderate use; a busy shop sets its own provider).
pub const DEFAULT_MAP_TILES: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/// Attribution shown on the maps with [`DEFAULT_MAP_TILES`].
pub const DEFAULT_MAP_ATTRIBUTION: &str = "© OpenStreetMap contributors";

/// Largest request body any endpoint takes, bytes (issue 9): a bigger one is 413 `BODY_TOO_LARGE` before it is
/// read. Endpoints may take less (`FORM_BODY_MAX_BYTES`, …).
pub const REQUEST_BODY_MAX_BYTES: usize = 64 * 1024;

/// Longest query string (after `?`) any URL may carry, bytes (issue 9): a longer one is 414 `QUERY_TOO_LONG`.
pub const QUERY_MAX_BYTES: usize = 8 * 1024;

/// Longest picture URL an import keeps, bytes (issue 19): browsers and crawlers take about 2 KB; a longer
/// `<picture>` is dropped and counted in the import summary.
pub const PICTURE_URL_MAX_BYTES: usize = 2048;

/// Most dropped pictures an import summary lists one by one (issue 19); all are counted.
pub const IMPORT_REPORT_MAX_ITEMS: usize = 1000;

/// Bytes of a SQLite database each connection reads through a memory mapping (`PRAGMA mmap_size`, issue 39): the
/// pages come from the system's file cache without a copy, and count as shared, reclaimable memory, not the heap.
pub const SQLITE_MMAP_BYTES: u64 = 1024 * 1024 * 1024;

/// Bytes of SQLite's page cache an import's connection may hold while it writes (`PRAGMA cache_size`, issue 39),
/// for the import's transaction only ([`crate::db::begin_import`]): the cache grows with the offers added or changed,
/// [`IMPORT_SQLITE_CACHE_BYTES_PER_OFFER`] each, doubling from [`IMPORT_SQLITE_CACHE_START_BYTES`] up to this. With
/// SQLite's default of 2 MB a million-offer import spilled its dirty b-tree pages into the WAL again and again (31 s
/// of system time in a 90 s import); with 64 MiB its peak resident set is some 116 MiB against the 200 MB aim.
pub const IMPORT_SQLITE_CACHE_MAX_BYTES: i64 = 64 * 1024 * 1024;

/// SQLite's page cache an import starts with, bytes ([`IMPORT_SQLITE_CACHE_MAX_BYTES`]).
pub const IMPORT_SQLITE_CACHE_START_BYTES: i64 = 4 * 1024 * 1024;

/// Bytes of SQLite's page cache an import's connection is given per offer added or changed so far, about a quarter of
/// what an offer takes on disk ([`IMPORT_SQLITE_CACHE_MAX_BYTES`]): a 100,000-offer import stays under its 100 MB aim.
pub const IMPORT_SQLITE_CACHE_BYTES_PER_OFFER: i64 = 256;

/// Bytes of a statement's journal SQLite keeps in memory before it spills to a temporary file
/// (`SQLITE_CONFIG_STMTJRNL_SPILL`, process-wide, issue 39; SQLite's default is 64 KiB). An import's multi-row
/// statement journals every page it changes that existed when it began: with the default, a 100,000-offer import
/// wrote 717 MiB to temporary files in 366,582 calls, six times the database it made. SQLite allocates the journal
/// in memory as one block of this size (through the system's `malloc`); only the pages written to it are resident.
pub const SQLITE_STATEMENT_JOURNAL_MEMORY_BYTES: i32 = 16 * 1024 * 1024;

/// Offers an import checks before it writes them together (issue 39): one read of what is stored and a few multi-row
/// statements a batch, instead of five statements an offer.
pub const IMPORT_BATCH_OFFERS: usize = 500;

/// Characters of a dropped address an import summary shows.
pub const IMPORT_REPORT_URL_MAX_CHARS: usize = 200;

/// Most digits before the decimal point of a price an import takes (issue 20): 999,999,999 major units. A larger
/// "price" is a feed's mistake, and at 999 pieces a line (`BASKET_MAX_QUANTITY`) a basket of such offers could
/// overflow an i64 of minor units; with this cap a line is at most about 10^14 minor units.
pub const PRICE_MAX_MAJOR_DIGITS: usize = 9;

/// Password hashes (argon2id, 19 MiB and tens of ms of CPU each) computed at once, for registrations, log-ins,
/// password changes and resets together (issue 20: 192 registrations at once took the server from 339 MiB to
/// 4.8 GiB). More wait their turn; at most 4 × 19 MiB are in use.
pub const PASSWORD_HASHES_AT_ONCE: usize = 4;

/// Registrations one client address may make per [`LOGIN_WINDOW`] for each allowed failed log-in (issue 20: twice
/// `VITRINA_LOGIN_ATTEMPTS`, so 10 per 15 minutes by default); past it 429 `RATE_LIMITED`.
pub const REGISTRATIONS_PER_LOGIN_ATTEMPT: u32 = 2;

/// `Retry-After` of a search asked while the first index after a start is being built (503 `SEARCH_STARTING`,
/// issue 20), seconds.
pub const SEARCH_STARTING_RETRY_AFTER_S: u64 = 2;

/// How often a serving shop deletes expired sessions and void captchas (issue 20).
pub const SWEEP_INTERVAL: Duration = Duration::from_secs(10 * 60);

/// How long a connection may stay silent while the server waits for a request's head, the first on a new
/// connection or the next on a kept-alive one, and how long a write may make no progress (issue 20: idle sockets
/// were never closed, so 1,100 of them exhausted the descriptors). Nginx's `client_header_timeout` plays the same
/// part. `serve --idle-timeout` overrides it.
pub const CONNECTION_IDLE_TIMEOUT: Duration = Duration::from_secs(20);

/// Connections served at once (issue 20); more wait in the listen backlog until one closes. Lowered at start to
/// what the open-file limit leaves after [`FILE_DESCRIPTORS_RESERVED`]. `serve --max-connections` overrides it.
pub const CONNECTIONS_MAX: u64 = 1024;

/// Descriptors kept free of connections for the database, the search index, the listener and the log.
pub const FILE_DESCRIPTORS_RESERVED: u64 = 128;

/// The fewest connections the cap is ever lowered to, whatever the open-file limit.
pub const CONNECTIONS_MIN: u64 = 16;

/// The window of the order limits (issue 20: 60 orders from one visitor queued 60 mails to a stranger in 0.2 s).
pub const ORDER_WINDOW: Duration = Duration::from_secs(15 * 60);

/// Orders one client address may place per [`ORDER_WINDOW`] before 429 `RATE_LIMITED`; `serve
/// --orders-per-address` overrides it (an office or a mobile carrier puts many shoppers behind one address).
pub const ORDERS_PER_ADDRESS: u32 = 20;

/// Orders one session may place per [`ORDER_WINDOW`]; `serve --orders-per-session` overrides it.
pub const ORDERS_PER_SESSION: u32 = 5;

/// Order confirmations one e-mail address may receive per [`ORDER_WINDOW`]; past it the order stands, unmailed.
pub const ORDER_CONFIRMATIONS_PER_EMAIL: u32 = 3;

/// Most bytes of one element's text the YML reader keeps (issue 20: a 52 MB `<name>` and a 200 MiB
/// `<description>` were taken whole); the rest is counted, not kept. Above every field cap below.
pub const FEED_TEXT_MAX_BYTES: usize = 64 * 1024;

/// Longest offer name an import keeps, characters; a longer one is cut with "…" and reported (Yandex Market asks
/// for names of at most 150 characters; the real feeds' longest is 137).
pub const OFFER_NAME_MAX_CHARS: usize = 255;

/// Longest short text of a feed an import keeps, characters: vendor, model, type prefix, vendor code, a parameter's
/// name, unit and value, a category's name, the shop's name and company.
pub const FEED_SHORT_TEXT_MAX_CHARS: usize = 255;

/// Longest offer description an import keeps, characters of the feed's text before sanitising (Yandex Market allows
/// 3,000; the real feeds' longest is 623).
pub const OFFER_DESCRIPTION_MAX_CHARS: usize = 10_000;

/// Most parameters an import keeps per offer; the rest are reported (the real feeds' most is 9).
pub const OFFER_PARAMS_MAX: usize = 50;

/// Most pictures an import keeps per offer (Yandex Market takes up to 30; the real feeds' most is 11).
pub const OFFER_PICTURES_MAX: usize = 20;

/// Longest offer id an import takes, characters: an id is a key, so a longer one skips the offer.
pub const OFFER_ID_MAX_CHARS: usize = 255;

/// Time a visitor waits for a server render before the page goes out as the client-rendered shell, ms (issue 22;
/// `VITRINA_RENDER_BUDGET_MS`). The render itself goes on, up to [`RENDER_LIMIT_MS`], into the page cache.
pub const RENDER_BUDGET_MS: u64 = 250;

/// Time one server render may run at all, ms (or the budget, when that is longer): past it the render is
/// interrupted, counted as failed, and its runtime rebuilt. A page this slow is not rendered until the content
/// changes.
pub const RENDER_LIMIT_MS: u64 = 2000;

/// JavaScript heap of one render runtime at most, bytes (issue 22): a page that needs more fails and is sent as the
/// shell, and its runtime is rebuilt.
pub const RENDER_MEMORY_BYTES: usize = 64 * 1024 * 1024;

/// Native stack one render may use, bytes (QuickJS's recursion guard; the render threads get a bit more). QuickJS
/// counts the native frames between its runtime's creation and the script too: at 1 MiB the home page's render of a
/// debug build (the API tests') ran out after an unrelated change grew them (React error 426 as the symptom).
pub const RENDER_STACK_BYTES: usize = 2 * 1024 * 1024;

/// Stack size of a render thread, bytes: room for [`RENDER_STACK_BYTES`] of JavaScript plus the engine's own frames.
pub const RENDER_THREAD_STACK_BYTES: usize = 4 * 1024 * 1024;

/// Pages waiting for a render thread at most, per thread; past it a page is sent as the shell at once (issue 22).
pub const RENDER_QUEUE_PER_THREAD: usize = 4;

/// Renders one client address may have under way at once (issue 34; `VITRINA_RENDER_SHARE`): its next uncached page
/// waits in its own queue, within its budget, or goes out as the shell, so one client cannot take every render
/// thread from the others.
pub const RENDER_SHARE_PER_CLIENT: usize = 1;

/// Client addresses whose render shares are kept before idle ones are forgotten.
pub const RENDER_SHARE_CLIENTS_MAX: usize = 4096;

/// Renders of one page at most: the second adds the public answers the first found missing (issue 22).
pub const RENDER_ATTEMPTS: usize = 2;

/// The cookie holding the shopper's interface language (`ru`, `en`), which pages are rendered in (issue 22; the
/// front-end's `LANGUAGE_COOKIE_NAME`).
pub const LANGUAGE_COOKIE_NAME: &str = "vitrina_language";

/// A cookie a browser sets to `off` to get every page client-rendered (issue 22): for debugging a page as the
/// browser draws it, and for browser tests that stub the first load's API answers.
pub const RENDER_COOKIE_NAME: &str = "vitrina_render";

// Issue 35: facets (`facets`).

/// A parameter shows as a facet of a listing when at least this share of the listing's offers carry it, percent
/// (Bitrix's smart filter shows every property the section's offers have; a parameter of a handful of offers out of
/// thousands only lengthens the panel). A chosen facet always shows; the vendor always does.
pub const FACET_MIN_SHARE_PERCENT: u8 = 10;

/// A parameter with more distinct values than this share of the offers that carry it, percent, names offers rather
/// than groups them (a part number, a printer list: the cartridge feed's "Партномер" has one value per offer) and is
/// not shown as a facet unless chosen; numbers filter by a range whatever their count.
pub const FACET_MAX_DISTINCT_PERCENT: u8 = 50;

/// A numeric parameter lists its values beside its range only up to this many (a warranty of 6, 12 or 24 months);
/// past it, the range alone (495 weights make no list).
pub const FACET_NUMERIC_VALUES_MAX: usize = 10;

/// A search's matches past which its facets' counts are estimated (issue 39): the values are tallied over an even
/// sample of about this many of them and scaled up, as Algolia's approximate facet counts and Elasticsearch's
/// `random_sampler` do. Counting all of a common word's 147,589 matched products at a million offers walked 1.5
/// million value entries per question, 47 % of an uncached search's time. The total, the price span, the numeric
/// ranges and which values are shown stay exact.
pub const FACET_SAMPLE_MATCHES: u64 = 32_768;

/// A search's matches from which their facets' sample (about [`FACET_SAMPLE_MATCHES`] of them) is read from the
/// offers kept apart by sample level (`facets::sample`), in times the sample's size: from four on, the sample takes a
/// quarter of the catalogue's offers or fewer, and those offers' values, kept side by side, are read in a stream
/// instead of hashing every match and fetching each sampled one's values from wherever it lies (issue 39).
pub const FACET_SAMPLE_LAID_OUT_FROM: u64 = 4;

/// A page near the start of a listing in a kept order (price, name, newness, discount, the feed's) is found by
/// walking the order from its start, keeping the listing's offers it meets, when that takes at most 1/this of the
/// listing's size in steps (the page's end times the catalogue over the listing, as the listing's offers spread over
/// the order); a walk that meets too few gives up there. Else the page is selected by rank among all the listing's
/// offers (`FacetIndex::page`, issue 39). A step of the walk (a look-up in the listing's bitmap) costs several of the
/// selection's (a listed offer read in order): at 4, a filtered first page of 8,965 of a million offers walked some
/// 2,200 steps and read x0.79 of the selection (one round over HTTP).
pub const FACET_ORDER_WALK_COST: u64 = 16;

/// A price span of at least this many entries (a search's matches, a section) is found by walking the entries by
/// price from both ends to the first among them (issue 39); fewer are read one by one, as the walk's first look-ups
/// would cost more than reading them.
pub const FACET_PRICE_WALK_MIN_IDS: u64 = 64;

/// A facet that all but at most 1/this of the catalogue's offers carry counts the carriers among some offers by
/// subtracting those without it (`Facet::carried_in`, issue 39): a few bytes kept per facet, not an intersection with
/// every offer that carries it.
pub const FACET_UNCARRIED_SHARE: u64 = 16;

/// A value met fewer times than this in the sample is counted exactly instead (its estimate would be off by more
/// than a seventh: the relative error of a sampled count is about one over its square root); one met 50 times or more
/// is an estimate, rounded to two significant digits and marked so (`FacetValue.estimate`). Why 50 of 32,768, not
/// 100 of 16,384: docs/performance.md, issue 39's thirteenth slice.
pub const FACET_ESTIMATE_MIN_SAMPLED: u32 = 50;

/// Values a listing request may choose in all its facets together (`?vendor=…&p.Цвет=…`); more is a 400
/// `FILTER_TOO_MANY_VALUES`. A shopper ticks a handful; a thousand are a crafted URL.
pub const FACET_MAX_CHOSEN_VALUES: usize = 100;

/// Seconds a client is told to wait (`Retry-After`) when it asks for a filtered listing before the first facet
/// index is built (503 `FACETS_STARTING`).
pub const FACETS_STARTING_RETRY_AFTER_S: u64 = 2;

// Issue 34: log lines a client cannot multiply (`log`).

/// A warning a request can cause (a page sent as the shell, a render's own warning) is logged at most once per this
/// many seconds, with the count of the same warnings left out since.
pub const LOG_REPEAT_INTERVAL_S: u64 = 60;

/// Longest URL a log line carries, characters; a longer one is cut, with its length.
pub const LOG_URL_MAX_CHARS: usize = 200;

// Issue 24: the shop's own pictures (`pictures`).

/// Width of the derivative for a thumbnail, px: the product page's gallery row, the search overlay's items, the
/// basket's lines (96 CSS px, 192 on a 2× screen, which takes [`PICTURE_WIDTH_CARD`]).
pub const PICTURE_WIDTH_THUMBNAIL: u32 = 160;

/// Width of the derivative for a product card in a grid, px (about 170–300 CSS px wide at 1×).
pub const PICTURE_WIDTH_CARD: u32 = 320;

/// Width of the derivative for the product page's main picture and the quick view, px (at most 560 CSS px at 1×),
/// and a card on a 2× screen.
pub const PICTURE_WIDTH_PAGE: u32 = 640;

/// Width of the derivative for the product page's main picture on a 2× screen, px, and what Open Graph and the
/// JSON-LD `image` name.
pub const PICTURE_WIDTH_ZOOM: u32 = 1280;

/// Every derivative width, px, narrowest first: the only widths `/pictures/{hash}/{width}.{format}` serves. A
/// picture narrower than one is not enlarged: that derivative is the picture at its own width.
pub const PICTURE_WIDTHS: [u32; 4] =
    [PICTURE_WIDTH_THUMBNAIL, PICTURE_WIDTH_CARD, PICTURE_WIDTH_PAGE, PICTURE_WIDTH_ZOOM];

/// `sizes` of the product page's main picture: how wide it is drawn at each viewport width, CSS px (the front-end's
/// `PICTURE_SIZES.page`; the page's picture preload names the same, so the browser picks the same file for both).
pub const PICTURE_SIZES_PAGE: &str = "(min-width: 1280px) 560px, (min-width: 900px) 45vw, calc(100vw - 64px)";

/// Largest picture the shop downloads, bytes: a larger body is cut off and the picture recorded as failed.
pub const PICTURE_BYTES_MAX: u64 = 20 * 1024 * 1024;

/// Largest picture the shop decodes, pixels (width × height): a decompression bomb (a small file of a huge
/// picture) is refused from its header, before any pixel is decoded.
pub const PICTURE_PIXELS_MAX: u64 = 50_000_000;

/// Memory one picture's decoding may take at most, bytes: [`PICTURE_PIXELS_MAX`] pixels of 4 bytes, and room.
pub const PICTURE_DECODE_MEMORY_MAX: u64 = 256 * 1024 * 1024;

/// How long one download may take in all, ms, connection and body together (a slow-drip server hits it). The
/// default of `--pictures-timeout-ms`.
pub const PICTURE_FETCH_TIMEOUT_MS: u64 = 30_000;

/// How long connecting to a picture's host may take, ms.
pub const PICTURE_CONNECT_TIMEOUT_MS: u64 = 10_000;

/// Redirects one download follows at most; a loop ends here.
pub const PICTURE_REDIRECTS_MAX: usize = 5;

/// Downloads under way at once, over all hosts.
pub const PICTURE_FETCH_CONCURRENCY: usize = 8;

/// Downloads under way at once from one host: a supplier's site is not hammered.
pub const PICTURE_FETCH_PER_HOST: usize = 2;

/// Attempts at a picture before it is recorded as failed, when each failed in a way worth retrying (a time-out, a
/// refused connection, a 5xx or 429 answer). A 404, a body that is not a picture or a refused address fails at once.
pub const PICTURE_ATTEMPTS_MAX: i64 = 4;

/// Back-off before the first retry, s; each further retry waits four times longer (1, 4, 16 minutes).
pub const PICTURE_RETRY_BASE_S: i64 = 60;

/// How long a worker's claim on a picture lasts, s: a worker that died mid-download leaves it to another after this.
pub const PICTURE_CLAIM_LEASE_S: i64 = 600;

/// Pictures a worker claims at once.
pub const PICTURE_CLAIM_BATCH: i64 = 32;

/// How often, at most, a serving shop shows the pictures that became ready since it last did, ms: each time it
/// forgets its cached offers and rendered pages. A picture after a quiet spell shows at the watcher's next look;
/// while a long fetch makes pictures ready every second, they show in batches, so pages stay cached in between.
pub const PICTURE_SHOW_INTERVAL_MS: u64 = 10_000;

/// How often the serving shop's worker looks for pictures to fetch when it has none, ms (an import is seen sooner:
/// the catalogue watcher wakes it).
pub const PICTURE_POLL_INTERVAL_MS: u64 = 5_000;

/// Quality of the AVIF derivatives (ravif's 1–100).
pub const PICTURE_AVIF_QUALITY: f32 = 60.0;

/// Speed of the AVIF encoder (rav1e's 1 slowest – 10 fastest). Measured on a 2000 px picture of noise and
/// gradients: 9 takes half the time of 8 (1.7 against 3.2 s at 1280 px) for files 1 % larger; 10 takes a third
/// less again for files 27 % larger, larger than WebP on flat drawings.
pub const PICTURE_AVIF_SPEED: u8 = 9;

/// Quality of the WebP derivatives (libwebp's 0–100, lossy).
pub const PICTURE_WEBP_QUALITY: f32 = 78.0;

/// Quality of the JPEG derivatives (0–100).
pub const PICTURE_JPEG_QUALITY: u8 = 82;

/// A file of the picture store younger than this is never swept, s: a worker may be writing it before its row says
/// so.
pub const PICTURE_SWEEP_GRACE_S: u64 = 3_600;

/// Most variants of one product its page offers to choose among (issue 35); a feed's larger group shows its first
/// ones in the shop's order (each still has its own page and is found by search through its product).
pub const PRODUCT_VARIANTS_MAX: u32 = 200;

/// Most connections one instance opens to PostgreSQL (issue 36). PostgreSQL's default `max_connections` is 100:
/// several instances at 16 each leave room for the CLI, an import and the operator's `psql`.
pub const PG_POOL_MAX_CONNECTIONS: u32 = 16;

/// `Retry-After` of a 503 `DATABASE_UNAVAILABLE` (issue 36: PostgreSQL restarting), s.
pub const DATABASE_RETRY_AFTER_S: u64 = 5;

/// How long a request waits for a PostgreSQL connection before it answers 503 `DATABASE_UNAVAILABLE`, ms: while
/// the server is away the pool keeps trying to connect for this long. Long enough for a pool that is only busy.
pub const PG_ACQUIRE_TIMEOUT_MS: u64 = 5_000;

/// The outbox's first retry of a failed mail comes this long after it, ms; each next one four times later (issue
/// 37: 30 s, 2 min, 8 min, 32 min, 2 h). `VITRINA_MAIL_RETRY_MS`.
pub const MAIL_RETRY_FIRST_MS: u64 = 30_000;

/// Attempts to mail one message before the outbox gives it up and shows it as failed (`VITRINA_MAIL_ATTEMPTS`).
pub const MAIL_ATTEMPTS: u32 = 6;

/// How long one instance holds a due mail it claimed before another may take it (the first died mid-send).
pub const MAIL_CLAIM_LEASE: Duration = Duration::from_secs(5 * 60);

/// The outbox worker looks for due mail at least this often (another instance's mail, a retry come due).
pub const MAIL_POLL_MAX: Duration = Duration::from_secs(5);

/// One SMTP conversation's time-out: a server that hangs counts as a failed attempt.
pub const MAIL_SEND_TIMEOUT: Duration = Duration::from_secs(30);

/// Most characters of a status change's comment (issue 37), which the shopper sees.
pub const ORDER_STATUS_COMMENT_MAX_CHARS: usize = 1000;

/// Random bytes of an order's guest link token (issue 37): 32, as a password reset's.
pub const ORDER_GUEST_TOKEN_BYTES: usize = 32;

/// The staff's session cookie (issue 37): apart from the shoppers', sent to `/api/admin` only.
pub const STAFF_SESSION_COOKIE_NAME: &str = "vitrina_staff";

/// A staff session ends after this long without a request (issue 37: shorter than a shopper's 30 days), s.
pub const STAFF_SESSION_IDLE_S: i64 = 2 * 3600;

/// How long a staff member's one-time set-password link works (issue 37).
pub const STAFF_LINK_TTL: Duration = Duration::from_secs(24 * 3600);

/// Orders per page of the back office's list: the default and the most.
pub const ADMIN_ORDERS_PER_PAGE: i64 = 25;
pub const ADMIN_ORDERS_PER_PAGE_MAX: i64 = 100;

/// Orders per batch of the CSV export's keyset paging (each batch one short query).
pub const ADMIN_EXPORT_BATCH: i64 = 500;

// 1C's exchange (issue 38, CommerceML 2).

/// The exchange's endpoint, outside `/api` (1C's "адрес сайта" is the shop's origin plus this path).
pub const EXCHANGE_PATH: &str = "/1c/exchange";

/// The cookie `mode=checkauth` names, which 1C sends back on every later call of the exchange.
pub const EXCHANGE_COOKIE_NAME: &str = "vitrina_1c";

/// How long an exchange session lasts after `checkauth`, s: a long catalogue import fits in it.
pub const EXCHANGE_SESSION_TTL_S: i64 = 12 * 3600;

/// Most bytes one `mode=file` call may carry (`file_limit` in the answer to `mode=init`); 1C sends a larger file in
/// chunks of this size, each appended to the last. The shop's 64 KB body limit does not apply to this route.
pub const EXCHANGE_FILE_LIMIT_BYTES: u64 = 8 * 1024 * 1024;

/// The most `file_limit` may be set to, bytes; the request limits let a body of this size through to the exchange's
/// route, which holds it to the configured `file_limit`.
pub const EXCHANGE_FILE_LIMIT_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// How long `mode=import` waits for its import before answering `progress`, ms, by default.
pub const EXCHANGE_STEP_MS: u64 = 2_000;

/// Most bytes the exchange's folder may hold at once (uploads and unpacked archives), by default.
pub const EXCHANGE_DIR_MAX_BYTES: u64 = 2 * 1024 * 1024 * 1024;

/// Most files an uploaded archive may unpack into, and most bytes one unpacked file may have (a zip bomb's entries
/// are refused before they are written).
pub const EXCHANGE_ZIP_MAX_FILES: usize = 100_000;
pub const EXCHANGE_ZIP_ENTRY_MAX_BYTES: u64 = 512 * 1024 * 1024;

/// Longest file name 1C may give (`import_files/ab/…jpg`), bytes, and deepest folder nesting.
pub const EXCHANGE_FILENAME_MAX_BYTES: usize = 512;
pub const EXCHANGE_FILENAME_MAX_DEPTH: usize = 8;

/// Largest picture file the exchange copies into the picture store, bytes (the picture worker's own limit).
pub const EXCHANGE_PICTURE_MAX_BYTES: u64 = 32 * 1024 * 1024;

/// Most bytes of names and text in one element a CommerceML reader keeps whole (a `Товар`, a `Предложение`, the
/// classifier's group tree); a larger one fails the file.
pub const CML_ELEMENT_MAX_BYTES: usize = 16 * 1024 * 1024;

/// Deepest nesting inside one element a CommerceML reader keeps whole (1C's deepest, a group tree, is a few levels;
/// a hostile document nested thousands deep would overflow the stack when the tree is dropped).
pub const CML_ELEMENT_MAX_DEPTH: usize = 64;

/// How far behind a `type=sale&mode=query` the orders' cursor is set, s: an order whose change was stamped before the
/// query but committed after it read is sent at the next query (a repeat, never a loss).
pub const EXCHANGE_ORDERS_MARGIN_S: i64 = 2;
