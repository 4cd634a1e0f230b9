/*
 * The API's wire types (issue 21): named aliases of the schemas of the server's OpenAPI document, which
 * `npm run api-types` turns into `./schema.d.ts` (generated, never edited; `make test` fails when it is out of date).
 * A change of an answer's shape is made in the server's Rust types and reaches the front-end through here.
 *
 * Only relative imports, so the e2e helpers (no `@/` alias) can import these types too. Front-end-only types (UI
 * state, request constants) live where they are used, not here.
 */
import type { components } from './schema';

/** Every schema of the document, by its name in `components.schemas`. */
type Schemas = components['schemas'];

/** The API's error body: `{"errors":[…]}` (docs/api.md "Errors"). */
export type ApiErrorBody = Schemas['ErrorBody'];

/** One entry of the API's error body: a stable `code`, the `field` at fault when there is one, a `detail`. */
export type ApiErrorItem = Schemas['ErrorItem'];

// Catalogue (docs/api.md "Sections", "Offers").

/** One characteristic of an offer (`<param>` of the feed). */
export type OfferParam = Schemas['Param'];

/**
 * A picture the shop holds its own copy of (issue 24): content address, original size (px), whether its AVIF
 * derivatives are made. Derivatives: `/pictures/{id}/{width}.{avif|webp|jpg}` ({@link PICTURE_WIDTHS}).
 */
export type OwnPicture = Schemas['Picture'];

/** An offer as the API sends it: prices in major units of `currencyId`, shared by every list of offers. */
export type Offer = Schemas['Offer'];

/**
 * What a product's variants span (issue 35), on each of them: how many, how many in stock, the lowest and highest
 * price; `choice` (the chooser) only where one offer is asked for, `null` in lists.
 */
export type Variants = Schemas['Variants'];

/** The chooser of a variant's page: the product's page and the parameters its variants differ in. */
export type VariantChoice = Schemas['VariantChoice'];

/** One parameter to choose a variant by (`name` `""`: the variants by name). */
export type VariantOption = Schemas['VariantOption'];

/** A page of offers (`GET /api/offers`, `GET /api/sections/{id}/offers`); `page` is 1-based. */
export type OfferPage = Schemas['OfferPage'];

/** The facets of a listing with their counts (issue 35; docs/api.md "Facets"), `null` before the index is built. */
export type ListingFacets = Schemas['ListingFacets'];

/** One facet of a listing: the vendor or an offer parameter, its values with their counts, a numeric one's range. */
export type FacetItem = Schemas['FacetItem'];

/** One value of a facet and how many offers choosing it would leave. */
export type FacetValue = Schemas['FacetValue'];

/** `GET /api/collections/{code}`: a home page collection's offers. */
export type OfferList = Schemas['OfferList'];

/** One catalogue section of `GET /api/sections`. */
export type Section = Schemas['Section'];

/** `GET /api/sections`: the whole section tree, flat, in tree order (a parent before its children). */
export type SectionsResponse = Schemas['SectionList'];

/** `GET /api/shop`: the shop of the last imported feed. */
export type Shop = Schemas['Shop'];

// Menus (docs/api.md "Menus").

/** One item of a site menu (`GET /api/menus/{code}`); `children` is empty for a leaf. */
export type MenuItem = Schemas['MenuItem'];

/** `GET /api/menus/top`: the top panel's menu, top-level items in order. */
export type TopMenuResponse = Schemas['Menu'];

// Search (docs/api.md "Search").

/** The body of `GET /api/search`. */
export type SearchAnswer = Schemas['SearchAnswer'];

/** One section of a search answer (spec §3 "Search result": SECTIONS). */
export type SearchSection = Schemas['SearchSection'];

/** One found offer (spec §3 "Search result": ITEMS). */
export type SearchItem = Schemas['SearchItem'];

/** One name/value characteristic of a found offer. */
export type SearchItemParameter = Schemas['SearchParameter'];

// Session, accounts and location (docs/api.md "Session", "Accounts", "Location").

/** `GET /api/session`: the CSRF token, the logged-in user, the shop's settings, the chosen city. */
export type SessionAnswer = Schemas['SessionAnswer'];

/** The shop's settings the front-end follows (`SessionAnswer.settings`). */
export type SessionSettings = Schemas['SessionSettings'];

/** The store maps' tile server (`VITRINA_MAP_TILES`). */
export type MapTiles = Schemas['MapTiles'];

/** The logged-in user (`GET /api/session` `user`, `GET /api/me`). */
export type User = Schemas['UserView'];

/** `POST /api/auth/login` and `POST /api/auth/register`: the user now logged in. */
export type UserAnswer = Schemas['UserAnswer'];

/** One order of `GET /api/me/orders`, money in major units of `currencyId`. */
export type MyOrder = Schemas['OrderSummaryView'];

/** `GET /api/me/orders`: the account's orders, newest first. */
export type OrderHistory = Schemas['OrderHistory'];

/** A delivery city (`GET /api/locations`, `POST /api/location`). Named after the API; not the DOM's `Location`. */
export type Location = Schemas['Location'];

/** `GET /api/locations`: the cities matching a text, biggest first. */
export type LocationList = Schemas['LocationList'];

// Basket, orders, compare list and recently viewed (docs/api.md "Basket", "Orders", "Compare list…").

/** One line of the basket or the wishlist (`delay`). */
export type BasketLine = Schemas['BasketLine'];

/** The mini cart's figures (`GET /api/basket/summary`, and `totals` of the basket). */
export type BasketSummary = Schemas['BasketSummary'];

/** `GET /api/basket`, and the answer of every basket mutation. */
export type Basket = Schemas['Basket'];

/** A delivery method of the checkout. */
export type DeliveryMethod = Schemas['DeliveryMethod'];

/** A payment method of the checkout. */
export type PaymentMethod = Schemas['PaymentMethod'];

/** `POST /api/orders`: the placed order's number. */
export type PlacedOrder = Schemas['Placed'];

/** One line of a placed order: the offer as it was when ordered. */
export type OrderLine = Schemas['OrderLineView'];

/** `GET /api/orders/{number}`. */
export type Order = Schemas['OrderView'];

/** Where an order is in its life (issue 37): new, accepted, paid, shipped, completed, cancelled. */
export type OrderStatus = Schemas['OrderStatus'];

/** One status change of an order as the shopper sees it: when, to which status, the shop's comment. */
export type StatusStep = Schemas['StatusStep'];

// The back office (issue 37; docs/api.md "Back office").

/** `GET /api/admin/session`: the staff member logged in (or `null`) and the staff session's CSRF token. */
export type StaffSession = Schemas['StaffSession'];

/** A staff member: e-mail, role (`owner`, `manager`), whether their password is set. */
export type StaffView = Schemas['StaffView'];

/** A staff member's role. */
export type StaffRole = Schemas['Role'];

/** `GET /api/admin/orders`: a page of orders, the total and the counts per status. */
export type AdminOrdersPage = Schemas['AdminOrdersPage'];

/** One order of the back office's list. */
export type AdminOrderRow = Schemas['AdminOrderRow'];

/** `GET /api/admin/orders/{number}`: the order, its whole history, the statuses it may move to. */
export type AdminOrder = Schemas['AdminOrder'];

/** One entry of an order's history in the back office (refused attempts included). */
export type AdminHistoryEntry = Schemas['AdminHistoryEntry'];

/** `POST /api/admin/orders/{number}/status` body. */
export type StatusRequest = Schemas['StatusRequest'];

/** A review as the back office lists it (`pending` or `published`). */
export type OwnerReview = Schemas['OwnerReview'];

/** `GET /api/admin/state`: the last imports, the pictures and the outbox. */
export type ShopState = Schemas['ShopState'];

/** `GET /api/compare` and every compare mutation's answer. */
export type CompareList = Schemas['CompareList'];

/** `GET /api/compare/count`. */
export type CompareCount = Schemas['CompareCount'];

/** `GET /api/viewed`: the session's last viewed offers, newest first. */
export type ViewedList = Schemas['ViewedList'];

// Stores (docs/api.md "Stores").

/** A weekday code of a working-hours entry. */
export type DayCode = Schemas['Day'];

/** One weekday's hours, `HH:MM` or `null` (spec §3 names); both work times `null`: a day off. */
export type DayHours = Schemas['DayHours'];

/** Today's hours and status, computed by the server in the store's time zone at the time of the request. */
export type TodayHours = Schemas['Today'];

/** One way to reach a store: the value as shoppers read it and what it is for. */
export type ContactValue = Schemas['ContactValue'];

/** A store with its computed `today` and the shop's rating (`GET /api/stores`, `GET /api/stores/{id}`). */
export type Store = Schemas['StoreAnswer'];

// Reviews (docs/api.md "Reviews").

/** One published review. */
export type Review = Schemas['Review'];

/** `GET /api/reviews?page=N`: one page of the published reviews, newest first, with the shop's rating. */
export type ReviewPage = Schemas['ReviewsPage'];

/** `POST /api/reviews` body. */
export type ReviewInput = Schemas['ReviewRequest'];

/** What became of a sent review: shown at once, or after the shop's moderation. */
export type ReviewStatus = Schemas['ReviewStatus'];

/** `POST /api/reviews` 201 answer. */
export type PostedReview = Schemas['ReviewPosted'];

// Forms (docs/api.md "Forms").

/** Kind of a form field; decides the control. */
export type FormFieldType = Schemas['FieldType'];

/** Input-mask options of a `number`, `percentage`, `currency` or `date` field; absent members take defaults. */
export type FieldMask = Schemas['FieldMask'];

/** One field of a form, described by the server (spec §3: a code and a required flag Y/N). */
export type FormField = Schemas['FormField'];

/** A captcha to show: its id and picture address. */
export type FormCaptcha = Schemas['CaptchaRef'];

/** `GET /api/forms/{code}`: the form's definition with this visitor's prefill. */
export type FormAnswer = Schemas['FormAnswer'];

/** `POST /api/forms/{code}/captcha-check`. */
export type CaptchaCheckAnswer = Schemas['CaptchaCheckAnswer'];

/** One field error of a refused form submission (or checkout): a message code, the field code, a detail. */
export type FieldError = Schemas['FieldError'];

/** `POST /api/forms/{code}/submissions`: accepted, or refused with field errors and a new captcha. */
export type SubmissionAnswer = Schemas['SubmissionAnswer'];
