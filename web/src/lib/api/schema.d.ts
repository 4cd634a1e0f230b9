/*
 * GENERATED FILE, do not edit. The types of the API's OpenAPI document (`vitrina openapi`, served at
 * /api/openapi.json), made by openapi-typescript. Regenerate with `npm run api-types` (in web/) after changing the
 * server's API types; `npm run api-types:check` (run by `make test`) fails while this file is out of date.
 * The app imports the named aliases of `./types.ts`, not this file.
 */

export interface paths {
    "/api/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Logs a staff member in, limited as the shop's log-in is (issue 37): every attempt counts against the client
         *     address (`VITRINA_LOGIN_ATTEMPTS` failures per 15 minutes, shared with the shop's log-in) and against the e-mail
         *     from every address; a successful one takes its counts back. Past either, 429 `RATE_LIMITED` with `Retry-After`
         *     (no captcha here: an owner locked out by someone else's guesses still has `vitrina staff reset-password`).
         *     A new session id and CSRF token; the shopper's session, if any, is untouched.
         * @description 401 `AUTH_INVALID_CREDENTIALS` (a wrong password, an unknown e-mail or a member whose password is not set yet,
         *     alike); 422 `FORMS_NOT_EMPTY_INVALID` for an empty field; 403 without the CSRF token.
         */
        post: operations["admin_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Logs the staff member out: the staff session is deleted and its cookie removed. 204; 401 when nobody is logged
         *     in; 403 without the CSRF token.
         */
        post: operations["admin_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** `GET /api/admin/me`: the logged-in member. 401 without one. */
        get: operations["admin_get_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The orders the filters list, newest first, one page, with the counts per status. 400 `QUERY_INVALID` naming the
         *     parameter; 401 without a staff session.
         */
        get: operations["admin_list_orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The orders the filters list (a date range, a status, a search), oldest first, as CSV in UTF-8 with a byte order
         *     mark (so Excel opens Cyrillic right), streamed in batches of 500 (keyset paging: the answer's size does not grow
         *     the server's memory, and no connection is held between batches). `Content-Disposition: attachment;
         *     filename="orders.csv"`. 400 `QUERY_INVALID`; 401.
         */
        get: operations["admin_export_orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order with its lines, totals, contacts, delivery, comment and whole history. 404 `ORDER_NOT_FOUND`; 401
         *     without a staff session.
         */
        get: operations["admin_get_order"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{number}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Moves the order to another status by the life cycle's rules, records it in the history under the staff member's
         *     e-mail and, asked to, mails the shopper through the outbox. Answers the order as `GET` does.
         * @description 409 `ORDER_STATUS_FINAL` (completed or cancelled), `ORDER_STATUS_BACKWARDS`, `ORDER_STATUS_SAME`, and
         *     `ORDER_STATUS_CHANGED` when another change came first (the history keeps that attempt); 422
         *     `ORDER_COMMENT_TOO_LONG` (field `comment`); 404 `ORDER_NOT_FOUND`; 401; 403 without the CSRF token.
         */
        post: operations["admin_set_status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a staff member's password through their one-time link (24 hours; used up by this): every session of theirs
         *     ends. Log in afterwards. 204; 400 `STAFF_LINK_INVALID` (field `token`) for an unknown, used or expired link; 422
         *     `AUTH_PASSWORD_TOO_SHORT` / `…_TOO_LONG` / `FORMS_NOT_EMPTY_INVALID` (field `password`); 403 without the CSRF
         *     token.
         */
        post: operations["admin_set_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reviews, oldest first: the pending ones (default) or all, as `vitrina reviews list` prints them. 401. */
        get: operations["admin_list_reviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a review for good (published or not). 204; 404 `REVIEW_NOT_FOUND`; 401; 403 without the CSRF token. */
        delete: operations["admin_delete_review"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publishes a pending review: it shows on the reviews page and counts in the rating. 204; 404 `REVIEW_NOT_FOUND`
         *     (unknown or published already); 401; 403 without the CSRF token.
         */
        post: operations["admin_publish_review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff session: the member logged in (or `null`) and its CSRF token (made on first use, which stores the
         *     session). Never 401.
         */
        get: operations["admin_get_session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shop's staff, oldest first (owners only: `vitrina staff` adds and removes them). 401; 403
         *     `STAFF_ROLE_FORBIDDEN` for a manager.
         */
        get: operations["admin_list_staff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's state: the last imports with their summaries, the pictures and the outbox. 401. */
        get: operations["admin_get_state"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A captcha for the log-in (issue 34), bound to this visitor, once `POST /api/auth/login` answered
         *     `AUTH_CAPTCHA_REQUIRED`: 201 `{sid, imageUrl}`; its picture and spoken word are the forms' (`GET
         *     /api/captcha/{sid}`). 429 `RATE_LIMITED` past the per-address captcha limit; 403 without the CSRF token.
         */
        post: operations["create_login_captcha"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Logs in (200 `{user}`) and merges the guest's basket, wishlist, compare list and recently viewed into the
         *     account's. An unknown e-mail and a wrong password both get 401 `AUTH_INVALID_CREDENTIALS` (field `null`) with the
         *     same body, after the same work (a dummy hash is verified for an unknown e-mail). Each failure counts against the
         *     client address, the e-mail from that address, and the e-mail from every address (issue 34, OWASP's
         *     authentication guidance), 5 each per 15 minutes:
         * @description - past the address's or the e-mail-and-address's, 429 `RATE_LIMITED` with `Retry-After` (seconds), before the
         *       password is looked at;
         *     - past the e-mail's from every address, the account is not locked against its owner: the log-in asks for the
         *       shop's captcha (`POST /api/auth/captcha`), 422 `AUTH_CAPTCHA_REQUIRED` (field `captchaWord`) without one and
         *       `FORMS_CAPTCHA_WRONG` for a wrong word, and goes on as usual with the right one. The account's owner is mailed
         *       once per window when it is reached.
         *
         *     422 `FORMS_NOT_EMPTY_INVALID` for an empty e-mail or password (not counted); 403 without the CSRF token.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Logs out (204): the session is deleted and its cookie removed; the next `GET /api/session` starts a guest's
         *     (with an empty basket: the account keeps its own). A guest's session is left as it is. 403 without the CSRF
         *     token.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends a password-reset link when the e-mail has an account, and answers 204 whatever the case (no account
         *     enumeration here): the outbox gets a message (topic `password_reset`, to the account's e-mail, mailed with
         *     SMTP) with `{public_url}/personal/password-reset/?token=T`, good once within 1 hour. Each request counts
         *     against the client address: past 5 in 15 minutes, 429 `RATE_LIMITED` with `Retry-After`; past 5 mails in 15
         *     minutes to one account, the request still answers 204 and nothing is sent. 422 `FORMS_NOT_EMPTY_INVALID` /
         *     `FORMS_EMAIL_INVALID` / `FORMS_VALUE_TOO_LONG` (field `email`); 403 without the CSRF token.
         */
        post: operations["request_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a new password with a reset link's token (204) and uses the link up, with any other link of the account;
         *     every session of the account is logged out. 400 `RESET_TOKEN_INVALID` (field `token`) for an unknown, used or
         *     expired token (checked first); 422 `AUTH_PASSWORD_TOO_SHORT` / `FORMS_NOT_EMPTY_INVALID` /
         *     `FORMS_VALUE_TOO_LONG` (field `password`), the link unused; 403 without the CSRF token.
         */
        post: operations["confirm_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates an account and logs the session in as it (201 `{user}`); the guest's basket, wishlist, compare list
         *     and recently viewed become the account's. 422 with every problem at once (`FORMS_NOT_EMPTY_INVALID`,
         *     `FORMS_EMAIL_INVALID`, `AUTH_PASSWORD_TOO_SHORT`, `FORMS_VALUE_TOO_LONG`, `FORMS_PHONE_WRONG`); 409
         *     `AUTH_EMAIL_TAKEN` (field `email`), which counts as a failed log-in of the client address; 429 `RATE_LIMITED`
         *     with `Retry-After` while the address is over its failed log-ins or its registrations (every attempt counts,
         *     twice the log-in limit per 15 minutes; issue 20); 403 without the CSRF token.
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The basket and wishlist of this session. */
        get: operations["get_basket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basket/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds `quantity` of an offer to its line (making it when new); `delay` puts the line into the wishlist. Answers
         *     the whole basket. 400 `QUANTITY_INVALID` (outside 1..=999), 404 `OFFER_NOT_FOUND`, 409 `OFFER_UNAVAILABLE`
         *     (out of stock), 409 `OFFER_REMOVED` (no longer in the catalogue), 409 `BASKET_QUANTITY_LIMIT` (the line would
         *     pass 999), 409 `BASKET_LINES_LIMIT` (a new line past `BASKET_MAX_LINES`, 100, of the basket or the wishlist),
         *     403 without the CSRF token.
         */
        post: operations["add_item"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basket/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a line; answers the whole basket. 404 `BASKET_LINE_NOT_FOUND`, 403 without the CSRF token. */
        delete: operations["delete_item"];
        options?: never;
        head?: never;
        /**
         * Changes a line's quantity (1..=999) or moves it to or from the wishlist; answers the whole basket.
         *     400 `QUANTITY_INVALID`, 404 `BASKET_LINE_NOT_FOUND` (not this session's), 409 `OFFER_UNAVAILABLE` /
         *     `OFFER_REMOVED` when a wishlist line of an offer out of stock or out of the catalogue would move into the basket,
         *     409 `BASKET_LINES_LIMIT` when the side it moves to is full, 403 without the CSRF token.
         */
        patch: operations["update_item"];
        trace?: never;
    };
    "/api/basket/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The mini cart's figures (`{count, quantity, sum, currencyId, delayCount}`). */
        get: operations["get_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/captcha/{sid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The captcha `sid` as a PNG (220×90 px) of a freshly drawn word, which replaces the captcha's previous word
         *     (so fetching the image again is "another picture"). 404 `CAPTCHA_NOT_FOUND` when the captcha is unknown, used
         *     up or older than 10 minutes; 429 past the per-address limit.
         */
        get: operations["get_captcha_image"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/captcha/{sid}/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The captcha `sid`'s word spoken (issue 19, WCAG 1.1.1: an alternative to the picture that does not need sight):
         *     a WAV (8 kHz, 16-bit mono) of the word the last image showed, character by character, in `lang`. Fetching it
         *     does not change the word. A captcha no image was drawn for yet gets its word here. 404 `CAPTCHA_NOT_FOUND` when
         *     the captcha is unknown, used up or older than 10 minutes; 429 past the per-address limit (shared with the
         *     images).
         */
        get: operations["get_captcha_audio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/collections/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A home-page collection: `new` (most recently added), `hits` (in stock, in the shop's order, until orders
         *     exist), `sale` (with an old price, largest discount first). docs/decisions.md "Home tabs".
         */
        get: operations["list_collection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The compare list of this session. */
        get: operations["get_compare"];
        put?: never;
        /**
         * Adds an offer to the compare list (again is fine); answers the list. 404 `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`,
         *     409 `COMPARE_LIMIT` (20 offers already), 403 without the CSRF token.
         */
        post: operations["add_compare"];
        /** Empties the compare list; answers it (empty). 403 without the CSRF token. */
        delete: operations["clear_compare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compare/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many offers the compare list holds (the compare widget, spec §3, §4). */
        get: operations["get_compare_count"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compare/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Takes an offer off the compare list (absent is fine); answers the list. 403 without the CSRF token. */
        delete: operations["remove_compare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forms/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form `code` for this visitor: definition, prefill and phone country. A form with `useCaptcha` gets its
         *     captcha from `POST /api/forms/{code}/captcha` (issue 20: reading a form stored a captcha). Not cached
         *     (`Cache-Control: no-store`). 404 `FORM_NOT_FOUND`.
         */
        get: operations["get_form"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forms/{code}/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new captcha for the form `code` (spec §5), bound to this visitor (issue 20): asked for when a form that uses
         *     one is shown, so a visitor who only reads stores nothing. 201 `{sid, imageUrl}`; 404 `FORM_NOT_FOUND`; 409
         *     `CAPTCHA_NOT_USED` (field `code`) for a form without a captcha; 429 `RATE_LIMITED` past the per-address captcha
         *     limit (shared with the images and checks); 403 without the CSRF token.
         */
        post: operations["create_captcha"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forms/{code}/captcha-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether `word` is the captcha's word (case-insensitive); does not use the captcha up (spec §5: the form checks
         *     while the shopper types, 1000 ms after the last keystroke); only the visitor whose form drew the captcha gets
         *     `true` (issue 20). 404 `FORM_NOT_FOUND`; 429 past the per-address
         *     limit; 403 without the CSRF token.
         */
        post: operations["check_captcha"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forms/{code}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends form `code` (spec §7 sendForm): every field by code, `SOURCE_URL`, `USER_CONSENT` (`Y`), `CAPTCHA_SID`
         *     and `CAPTCHA_WORD`; with `phoneMask`, `PHONE` as `{COUNTRY:{iso2, dialCode, name}, VALUE, FULL_VALUE}`.
         *     Everything is checked again (spec §5 codes); the captcha is used up, right or wrong. On success the submission
         *     is stored, remembered for the visitor's next visit to the form and notified (outbox, log, mail) → 200
         *     `{status: true}`. Otherwise 422 `{status: false, errors: [{code, field, detail}], captcha}` with a new captcha.
         *     400 `BODY_INVALID` (not a JSON object), 413 `BODY_TOO_LARGE` (over 64 KiB), 404 `FORM_NOT_FOUND`, 429
         *     `RATE_LIMITED` (per client address, `Retry-After`), 403 without the CSRF token.
         */
        post: operations["submit_form"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers HTTP. Always 200; `Cache-Control: no-store`. */
        get: operations["get_liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/pictures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pictures by state: how far the background downloads are, and whether the pages show them all yet. 200 to the
         *     operator ([`operator`]), else 404; `Cache-Control: no-store`. One `SELECT state, COUNT(*) … GROUP BY state` and
         *     the picture version.
         */
        get: operations["get_picture_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 200 `ready` when the database answers (`SELECT 1`), the search index is built and the server renderer
         *     has a runtime (or pages are not rendered), else 503 `starting` with `Retry-After: 1` (s) and which of the three is
         *     missing. `Cache-Control: no-store`.
         */
        get: operations["get_readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The render counters since the start: how many pages were rendered, served from the page cache, or sent as the
         *     shell and why. 200 to the operator ([`operator`]), else 404; `Cache-Control: no-store`. Reads no database.
         */
        get: operations["get_render_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Chooses the shopper's city: kept in the session and in the cookie `vitrina_location` (`Max-Age` 32,832,000 s,
         *     `Path=/`, `SameSite=Lax`, `HttpOnly`, `Secure` behind https). 200 the city; 422 `LOCATION_NOT_FOUND` (field
         *     `id`), 400 `BODY_INVALID`, 403 without the CSRF token.
         */
        post: operations["choose_location"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cities whose name starts with `q`, biggest first, at most `limit` (20). 400 `LIMIT_INVALID`. */
        get: operations["search_locations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in account: `{id, email, name, phone, phoneCountry}`. 401 `AUTH_REQUIRED` for a guest. */
        get: operations["get_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Changes the keys sent of the profile (name, e-mail, phone) and answers the account. 422 with every problem at
         *     once (`FORMS_NOT_EMPTY_INVALID`, `FORMS_EMAIL_INVALID`, `FORMS_VALUE_TOO_LONG`, `FORMS_PHONE_WRONG`); 409
         *     `AUTH_EMAIL_TAKEN` (field `email`) when another account has the e-mail; 401 `AUTH_REQUIRED`; 403 without the
         *     CSRF token; 429 `RATE_LIMITED` with `Retry-After` for a change of e-mail once the account, or the client
         *     address, has had its share of `AUTH_EMAIL_TAKEN` answers (`VITRINA_LOGIN_ATTEMPTS` per 15 minutes; issue 20:
         *     the answer tells which e-mails have an account, and it had no limit).
         */
        patch: operations["patch_me"];
        trace?: never;
    };
    "/api/me/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The orders the account placed while logged in, newest first. 401 `AUTH_REQUIRED` for a guest. */
        get: operations["my_orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a new password (204). This session stays logged in (under a new session id); the account's other sessions
         *     are logged out. 422 with each problem: `FORMS_NOT_EMPTY_INVALID` or `AUTH_PASSWORD_WRONG` (field
         *     `currentPassword`), `AUTH_PASSWORD_TOO_SHORT` or `FORMS_VALUE_TOO_LONG` (field `newPassword`). A wrong current
         *     password counts as a failed log-in of the account from the client's address: 429 `RATE_LIMITED` with
         *     `Retry-After` past that limit (issue 34: not the account's from every address, which others can fill). 401
         *     `AUTH_REQUIRED`; 403 without the CSRF token.
         */
        post: operations["change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/menus/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The menu `code` (`top`: the horizontal menu of the top panel). 404 `MENU_NOT_FOUND` for an unknown code. */
        get: operations["get_menu"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Offers of the whole catalogue, paged, narrowed by facets, with the facets' counts (issue 35; `api::listing`); or
         *     the offers named by `ids`, without facets.
         */
        get: operations["list_offers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One offer by its URL slug (the last segment of its `url`). */
        get: operations["get_offer_by_slug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One offer by the feed's offer id. */
        get: operations["get_offer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Places the basket's lines (not the wishlist's) as an order (issue 6): the body is checked first, every problem
         *     at once (`crate::domain::orders::validate_order`), then one transaction re-reads the basket with the
         *     catalogue's current prices, refuses offers that cannot be ordered, writes the order with a snapshot of each
         *     line and empties the basket (`crate::db::orders::place`); a logged-in account's order records its `user_id`
         *     (issue 7: its order history). After the commit the shop owner is notified (outbox
         *     topic `order`, mailed to `VITRINA_NOTIFY_EMAIL`) and a shopper who gave an e-mail gets a confirmation (topic
         *     `order_confirmation`); a notification that cannot be written is logged and never fails the order.
         * @description 201 `{number}`. 422 `{errors: [{code, field, detail}]}` with the field codes of `validate_order`; 409
         *     `BASKET_EMPTY` (field `basket`); 409 `OFFER_UNAVAILABLE`, one item per offer out of stock or no longer in the
         *     catalogue (field `offerId`, the detail names the offer and its id); 409 `BASKET_CURRENCY_MIXED` (field
         *     `basket`); 400 `BODY_INVALID` (not JSON, or a value that is not a string); 413 `BODY_TOO_LARGE` (over 64 KiB);
         *     403 without the CSRF token; 429 `RATE_LIMITED` with `Retry-After` past the orders one client address
         *     (`VITRINA_ORDERS_PER_ADDRESS`) or one session (`VITRINA_ORDERS_PER_SESSION`) may place per 15 minutes (issue
         *     20: 60 orders in 0.2 s queued 60 mails to a stranger); an order refused for another reason does not count.
         */
        post: operations["place_order"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/guest/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order whose guest link carries `token` (issue 37: the confirmation mail's link, for a shopper without an
         *     account or not logged in), with its lines and status history; no session needed. `Cache-Control: no-store`,
         *     `Referrer-Policy: no-referrer`. 404 `ORDER_NOT_FOUND` for a wrong or empty token, alike.
         */
        get: operations["get_guest_order"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order `number` of this session, or of the logged-in account from any of its sessions (issue 7), with its
         *     lines as ordered. `Cache-Control: no-store` (personal data). 404 `ORDER_NOT_FOUND` for an unknown number or
         *     someone else's order. Never starts a session.
         */
        get: operations["get_order"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the published reviews. 400 `PAGE_INVALID`. */
        get: operations["list_reviews"];
        put?: never;
        /**
         * Adds a review: `{rating: 1..5, name, text}`, every field checked at once → 422 `{errors}` with
         *     `REVIEW_RATING_INVALID`, `FORMS_NOT_EMPTY_INVALID`, `FORMS_VALUE_TOO_LONG`. Stored as typed and published at once
         *     with `VITRINA_REVIEWS_AUTOPUBLISH`, else pending until `vitrina reviews publish`; the owner is notified (outbox,
         *     log, mail). 201 [`ReviewPosted`]; 400 `BODY_INVALID`, 413 `BODY_TOO_LARGE`, 429 `RATE_LIMITED` (per client
         *     address, as form submissions), 403 without the CSRF token.
         */
        post: operations["add_review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Searches the catalogue, narrowed by the listings' facet filters (issue 35: `vendor`, `priceMin`, `priceMax`,
         *     `p.{name}`, `p.{name}.min`, `p.{name}.max`; `api::listing`), and answers the facets of the matches. Errors (400):
         *     `SEARCH_QUERY_EMPTY` (`q` missing or blank), `PER_PAGE_INVALID`, `AVAILABLE_INVALID`, `PAGE_INVALID`,
         *     `SUBSECTIONS_INVALID`, `FACETS_INVALID`, and the facet filters' codes; 503 `SEARCH_STARTING` with `Retry-After` (s) while the
         *     first index after a start is being built. An unknown `section` finds no items; a page past the last has none.
         * @description The search engine answers (`SearchEngine::answer`): from its cache when the same question was
         *     asked since the last index swap; otherwise its items come from the index's cards (`search::cards`), their pictures
         *     from the catalogue's picture cache (docs/performance.md "HTTP under wrk").
         */
        get: operations["search_offers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The section tree. */
        get: operations["list_sections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sections/{id}/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Offers of a section and all its subsections, paged, narrowed by facets, with the facets' counts (issue 35;
         *     `api::listing`).
         */
        get: operations["list_section_offers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The visitor's session, stored or not. A visitor without a stored session gets the `vitrina_csrf` cookie with
         *     the token and nothing is stored: the first state-changing request starts the session (issue 20).
         *     `Cache-Control: no-store` (it names the user).
         */
        get: operations["get_session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's name and catalogue size, as of the last import (kept by the catalogue cache until the next). */
        get: operations["get_shop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every store, the main one first (the header's contacts panel shows the first). `Cache-Control: no-cache`. */
        get: operations["list_stores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One store. 404 `STORE_NOT_FOUND` for an unknown (or non-numeric) id. `Cache-Control: no-cache`. */
        get: operations["get_store"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/viewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The offers this session viewed last, newest first, at most 20, without `exclude`. */
        get: operations["get_viewed"];
        put?: never;
        /**
         * Records that this session opened the offer's page (the product page calls it); answers 204. 404
         *     `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`, 403 without the CSRF token.
         */
        post: operations["record_viewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Who changed an order's status, as its history records it.
         * @enum {string}
         */
        ActorKind: "staff" | "cli" | "1c";
        /** @description `POST /api/basket/items` body. */
        AddItem: {
            /** @description `true` puts (or moves) the line into the wishlist, `false` into the basket (default). */
            delay?: boolean;
            offerId: string;
            /**
             * Format: int64
             * @description Pieces to add, 1..=999; default 1.
             */
            quantity?: number;
        };
        /** @description One entry of an order's history as the back office shows it: applied changes and refused attempts. */
        AdminHistoryEntry: {
            /** @description The staff member's e-mail, or the CLI's user. */
            actor: string | null;
            /** @description `staff`, `cli` or `1c`. */
            actorKind: components["schemas"]["ActorKind"];
            /** @description RFC 3339, UTC. */
            at: string;
            comment: string | null;
            from: components["schemas"]["OrderStatus"];
            /** @description Whether the shopper was mailed about it. */
            mailed: boolean;
            /** @description `applied`, or the refusal's code (`ORDER_STATUS_CHANGED`: another change came first). */
            outcome: string;
            to: components["schemas"]["OrderStatus"];
        };
        /**
         * @description `GET /api/admin/orders/{number}`: the order as the shopper sees it, with the whole history and the statuses it may
         *     move to.
         */
        AdminOrder: components["schemas"]["OrderView"] & {
            /** @description Whether the shopper left an e-mail (the status dialog offers to mail them only then). */
            canMail: boolean;
            /** @description Oldest first; refused attempts included. */
            history: components["schemas"]["AdminHistoryEntry"][];
            /** @description `ru` or `en`: the language the shopper's mails speak. */
            language: string;
            /** @description The statuses the life cycle allows next, in life order (empty once final). */
            next: components["schemas"]["OrderStatus"][];
        };
        /** @description One order of the list. */
        AdminOrderRow: {
            /** @description RFC 3339, UTC. */
            createdAt: string;
            currencyId: string;
            email: string | null;
            /**
             * Format: int64
             * @description Pieces over the order's lines.
             */
            itemCount: number;
            name: string;
            number: string;
            phone: string;
            status: components["schemas"]["OrderStatus"];
            /**
             * Format: double
             * @description Major units of `currencyId`, exact.
             */
            total: number;
            /** @description The last status change, RFC 3339, UTC. */
            updatedAt: string;
        };
        /** @description `GET /api/admin/orders`. */
        AdminOrdersPage: {
            /** @description Orders the filter lists per status, its own status left out: every status, 0 when none (the tabs' counts). */
            counts: {
                [key: string]: number;
            };
            /** @description Newest first. */
            items: components["schemas"]["AdminOrderRow"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            perPage: number;
            /**
             * Format: int64
             * @description Orders the filter lists, its status included.
             */
            total: number;
        };
        /** @description `GET /api/basket`. */
        Basket: {
            /** @description Basket and wishlist lines, oldest first. Lines of offers that left the catalogue are not shown or counted. */
            lines: components["schemas"]["BasketLine"][];
            totals: components["schemas"]["BasketSummary"];
        };
        /** @description One basket line: the offer as the catalogue has it now, the quantity and the line's sum. */
        BasketLine: {
            /** @description `true`: the line is in the wishlist ("delay"), not in the basket. */
            delay: boolean;
            /**
             * Format: int64
             * @description The line's id (for `PATCH`/`DELETE /api/basket/items/{id}`).
             */
            id: number;
            offer: components["schemas"]["Offer"];
            /**
             * Format: int64
             * @description 1..=999.
             */
            quantity: number;
            /**
             * Format: double
             * @description Price × quantity, major units of `offer.currencyId`, exact.
             */
            sum: number;
        };
        /** @description The mini cart's figures (spec §4): lines and pieces in the basket, their sum, and the wishlist's lines. */
        BasketSummary: {
            /**
             * Format: int64
             * @description Basket lines (not the wishlist's).
             */
            count: number;
            /** @description The basket's currency (the first line's; the catalogue has one), `RUB` when empty. */
            currencyId: string;
            /**
             * Format: int64
             * @description Wishlist lines.
             */
            delayCount: number;
            /**
             * Format: int64
             * @description Pieces over the basket lines.
             */
            quantity: number;
            /**
             * Format: double
             * @description Sum of the basket lines, major units of `currencyId`, exact.
             */
            sum: number;
        };
        /**
         * @description The basket-view setting (spec §2, §9; issue 6).
         * @enum {string}
         */
        BasketView: "RIGHT" | "PAGE";
        /** @description `POST /api/forms/{code}/captcha-check` body. */
        CaptchaCheck: {
            /** @description The captcha's id (`captcha.sid`). */
            sid: string;
            /** @description The word as typed; compared case-insensitively. */
            word: string;
        };
        /** @description `POST /api/forms/{code}/captcha-check` answer. */
        CaptchaCheckAnswer: {
            valid: boolean;
        };
        /**
         * @description A captcha to show: its id and its image (`GET /api/captcha/{sid}`, a PNG of a fresh word each time it is
         *     fetched; the last word drawn is the one that counts).
         */
        CaptchaRef: {
            /** @description `/api/captcha/{sid}`. */
            imageUrl: string;
            /** @description Send back as `CAPTCHA_SID` (spec §3). */
            sid: string;
        };
        /** @description `GET /api/compare/count`. */
        CompareCount: {
            /** @description Offers on the list (0..=20). */
            count: number;
        };
        /** @description The compare list: its offers (with their params, for the side-by-side table) in the order they were added. */
        CompareList: {
            /** @description `items.len()`: the compare widget's count (spec §3). */
            count: number;
            /** @description The listed offers still in the catalogue, with their params, in the order added. */
            items: components["schemas"]["Offer"][];
        };
        /** @description One way to reach the store (spec §3: "each a list of values with a description"). */
        ContactValue: {
            /** @description What it is for ("Отдел продаж"); `null` or empty when nothing is said. */
            description: string | null;
            /**
             * @description As the shopper should read it: `+7 495 123-45-67`, `vitrina_shop`, `shop@example.ru`. The front-end makes
             *     the link (`tel:`, `https://wa.me/…`, …) from it.
             */
            value: string;
        };
        /** @description A point on the map, WGS 84 degrees. */
        Coordinates: {
            /**
             * Format: double
             * @description Latitude, −90..90.
             */
            lat: number;
            /**
             * Format: double
             * @description Longitude, −180..180.
             */
            lon: number;
        };
        /**
         * @description A weekday code of a working-hours entry: `mon` … `sun`.
         * @enum {string}
         */
        Day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
        /**
         * @description One weekday's hours (spec §3 `workingHours`: `WORK_START`, `WORK_END`, `BREAK_START`, `BREAK_END`, each `HH:MM`
         *     or `null`/empty). Both work times empty: a day off.
         */
        DayHours: {
            /**
             * @description End of the break (applies only with `BREAK_START`).
             * @example 14:00
             */
            BREAK_END: string | null;
            /**
             * @description Start of the break (applies only with `BREAK_END`).
             * @example 13:00
             */
            BREAK_START: string | null;
            /**
             * @description Closing time; equal to `WORK_START`: open 24 hours; before it: the shift ends the next morning.
             * @example 21:00
             */
            WORK_END: string | null;
            /**
             * @description Opening time; with `WORK_END` empty too, a day off.
             * @example 09:00
             */
            WORK_START: string | null;
            /** @description The weekday this entry is for (each at most once a week). */
            day: components["schemas"]["Day"];
        };
        /**
         * @description How the order reaches the shopper.
         * @enum {string}
         */
        DeliveryMethod: "pickup" | "courier";
        /** @description The body of every error answer. */
        ErrorBody: {
            errors: components["schemas"]["ErrorItem"][];
        };
        /** @description One problem with a request. */
        ErrorItem: {
            /** @description A stable message code (`OFFER_NOT_FOUND`, `SORT_INVALID`, …); the front-end translates it. */
            code: string;
            /** @description An English explanation for developers. */
            detail: string;
            /** @description The request field at fault (query parameter or JSON key), `null` when none is. */
            field: string | null;
        };
        /** @description One facet of a listing: the vendor, or an offer parameter. */
        FacetItem: {
            /** @description Its query key: `vendor`, or `p.{name}` (a numeric one's range: `p.{name}.min`, `p.{name}.max`). */
            field: string;
            /** @description As the feed wrote it (`Производитель` for the vendor). */
            name: string;
            range: components["schemas"]["NumberSpan"] | null;
            /** @description The parameter's unit (`стр.`, `г`), if any. */
            unit: string | null;
            /** @description Its values, most offers first; empty for a numeric facet of many values (a range alone). */
            values: components["schemas"]["FacetValue"][];
        };
        /** @description One value of a facet and what choosing it would leave. */
        FacetValue: {
            chosen: boolean;
            /**
             * Format: int64
             * @description Offers it would leave with the other facets' choices; 0 is shown disabled, not hidden.
             */
            count: number;
            /**
             * @description Present and `true` when `count` is an estimate, rounded to two significant digits: a search's facets counted
             *     over a sample of its many matches (issue 39; the front-end shows "≈"). Absent when exact.
             */
            estimate?: boolean;
            /** @description As the feed wrote it; sent back as is to choose it. */
            value: string;
        };
        /** @description A failure as `vitrina pictures status` lists it. */
        FailureRow: {
            /** Format: int64 */
            attempts: number;
            /** @description `CODE: detail`. */
            failure: string;
            state: string;
            url: string;
        };
        /** @description One problem with a submission: a message code of spec §5 (or ours) and the field code at fault. */
        FieldError: {
            /**
             * @description `FORMS_NOT_EMPTY_INVALID`, `FORMS_PHONE_WRONG`, `FORMS_PHONE_INVALID`, `FORMS_USER_CONSENT_NOT_EMPTY_INVALID`,
             *     `FORMS_CAPTCHA_WRONG`, `FORMS_EMAIL_INVALID`, `FORMS_NUMBER_INVALID`, `FORMS_DATE_INVALID`,
             *     `FORMS_VALUE_TOO_LONG`; the checkout adds `ORDER_DELIVERY_INVALID` and `ORDER_PAYMENT_INVALID`
             *     (`crate::domain::orders`).
             */
            code: string;
            /** @description An English explanation for developers. */
            detail: string;
            /** @description The field code: `PHONE`, `USER_CONSENT`, `CAPTCHA_WORD`, … (the checkout's: its JSON keys, `name`, `phone`, …) */
            field: string;
        };
        /** @description Input-mask options of a `number`, `percentage`, `currency` or `date` field (spec §5, §9). */
        FieldMask: {
            /**
             * Format: int32
             * @description `currency`: decimals, 0..=4, default 2 (spec §5).
             */
            digits?: number;
            /** @description `date`: the layout, made of `dd`, `mm`, `yyyy`, `HH`, `MM`, `ss` and separators; default `dd.mm.yyyy`. */
            format?: string;
            /**
             * Format: int64
             * @description `number`: the largest value.
             */
            max?: number;
            /**
             * Format: int64
             * @description `number`: the smallest value.
             */
            min?: number;
            /** @description `currency`: text before the sum; default `"$ "` when no suffix is set (spec §5). */
            prefix?: string;
            /**
             * Format: int32
             * @description `number`: the step of the arrow keys, default 1 (spec §9).
             */
            step?: number;
            /** @description `currency`: text after the sum, e.g. `" ₽"`. */
            suffix?: string;
        };
        /**
         * @description What a field holds and how the browser enters it.
         * @enum {string}
         */
        FieldType: "text" | "email" | "phone" | "textarea" | "checkbox" | "hidden" | "number" | "percentage" | "currency" | "date";
        /** @description `GET /api/forms/{code}`: the definition plus what this visitor needs to fill it in (spec §7 getData). */
        FormAnswer: components["schemas"]["FormDefinition"] & {
            /** @description The phone's initial country (iso2, lower case): the visitor's last one, else `ru`. */
            country: string;
            /** @description Prefill per field code: what this visitor sent with the form last time (phones in international format). */
            values: {
                [key: string]: string;
            };
        };
        /** @description A form as the shop owner describes it (`vitrina forms import`; `GET /api/forms/{code}` answers it). */
        FormDefinition: {
            /** @description `callback`, `feedback`, …: lower-case letters, digits, `-` and `_`, 1..=40 characters. */
            code: string;
            /** @description The consent checkbox's label; required with `useConsent`. */
            consentText: string | null;
            /** @description `USER_CONSENT_URL`: the page of the terms the shopper agrees to (a site path or an `http(s)` link). */
            consentUrl: string | null;
            description: string | null;
            fields: components["schemas"]["FormField"][];
            /** @description Phone fields use the per-country mask and send the spec's `PHONE` object (spec §3, §5). */
            phoneMask: boolean;
            /** @description The submit button's text; default "Отправить". */
            submitText: string;
            /** @description The success alert's text; `null` shows the standard `FORMS_ALERT_SUCCESS` text. */
            successText: string | null;
            title: string;
            /** @description Ask for a captcha word (spec §5). */
            useCaptcha: boolean;
            /** @description Ask for consent (`USER_CONSENT`, spec §5). */
            useConsent: boolean;
        };
        /** @description One field of a form. */
        FormField: {
            /** @description The code the value is sent under: upper-case letters, digits and `_` (`NAME`, `PHONE`, `MESSAGE`). */
            code: string;
            /** @description The label shown to the shopper. */
            label: string;
            mask: components["schemas"]["FieldMask"] | null;
            placeholder: string | null;
            /** @description `Y`: must not be empty (`FORMS_NOT_EMPTY_INVALID`); a required checkbox must be ticked. */
            required: components["schemas"]["YesNo"];
            type: components["schemas"]["FieldType"];
            /** @description The starting value (a hidden field's value). */
            value: string | null;
        };
        /** @description One import as the back office lists it (issue 37). */
        ImportRow: {
            finishedAt: string;
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            offersAdded: number;
            /** Format: int64 */
            offersRemoved: number;
            /** Format: int64 */
            offersSkipped: number;
            /** Format: int64 */
            offersUpdated: number;
            /** Format: int64 */
            sections: number;
            /** @description The feed's file, URL or `-` (standard input). */
            source: string;
            /** @description RFC 3339, UTC. */
            startedAt: string;
        };
        /**
         * @description How the search and facet indexes in use came to be (issue 39): opened from the folder they are kept in, or built
         *     from the catalogue.
         */
        IndexHealth: {
            /**
             * Format: int64
             * @description Products (a product's variants count once) indexed by this process's builds since its start: 0 after a
             *     restart that opened indexes of the current catalogue.
             */
            builtProducts: number;
            /** @description The indexes in use since the start were opened from the disk (`VITRINA_INDEX_DIR`), not built at start. */
            opened: boolean;
            /**
             * Format: int64
             * @description Products changed or added by this process's updates of the indexes after imports (a product taken off is not
             *     counted): an import of one changed price updates one, where a build would index them all.
             */
            updatedProducts: number;
        };
        /** @description The facets of a listing (issue 35; docs/api.md "Facets"). */
        ListingFacets: {
            /** @description ISO 4217 code of `price` and of `priceMin`/`priceMax`. */
            currencyId: string;
            /** @description Vendor first, then parameters most offers carry first. */
            items: components["schemas"]["FacetItem"][];
            price: components["schemas"]["PriceSpan"] | null;
        };
        /** @description `GET /api/health/live`: `{"status":"live"}`. */
        Liveness: {
            /** @description Always `live`. */
            status: string;
        };
        /** @description A city as the API answers it. */
        Location: {
            /** @description ISO 3166-1 alpha-2, upper case. */
            country: string;
            /**
             * Format: int64
             * @description Stable across imports ([`crate::domain::locations::location_id`]).
             */
            id: number;
            /**
             * Format: double
             * @description WGS 84 degrees.
             */
            lat: number;
            /**
             * Format: double
             * @description Longitude, WGS 84 degrees.
             */
            lon: number;
            /** @description The city's name. */
            name: string;
            /**
             * Format: int64
             * @description Inhabitants; 0 when unknown.
             */
            population: number;
            /** @description As shoppers read it: "Свердловская область". */
            region: string;
        };
        /** @description `POST /api/location` body. */
        LocationChoice: {
            /**
             * Format: int64
             * @description A city's `id` from `GET /api/locations`.
             */
            id: number;
        };
        /** @description `GET /api/locations` answer. */
        LocationList: {
            /** @description Biggest first. */
            items: components["schemas"]["Location"][];
        };
        /** @description `POST /api/auth/login` body. */
        LoginRequest: {
            /** @description The captcha's id (`POST /api/auth/captcha`), when the log-in asked for one (`AUTH_CAPTCHA_REQUIRED`). */
            captchaSid?: string | null;
            /** @description The word of that captcha's picture. */
            captchaWord?: string | null;
            /** @description Compared trimmed and lower-cased. */
            email?: string | null;
            /** Format: password */
            password: string;
            /** @description `true`: the session lasts 30 days without a request; `false` (default): it ends with the browser. */
            remember?: boolean;
        };
        /** @description The outbox's counts, for `vitrina mail status` and the back office. */
        MailCounts: {
            /**
             * Format: int64
             * @description Given up after the last attempt.
             */
            failed: number;
            /**
             * Format: int64
             * @description Kept only: written without SMTP configured or without a recipient.
             */
            kept: number;
            /**
             * Format: int64
             * @description Mailed.
             */
            sent: number;
            /**
             * Format: int64
             * @description To be mailed: due now or after a failed attempt's backoff.
             */
            waiting: number;
        };
        /** @description Where the store maps take their tiles from, sent to the front-end in `GET /api/session`. */
        MapTiles: {
            /** @description Shown in the map's corner. */
            attribution: string;
            /** @description Leaflet's tile URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
            url: string;
        };
        /** @description A menu: its top-level items in order. */
        Menu: {
            /** @description Top-level items in order. */
            items: components["schemas"]["MenuItem"][];
        };
        /** @description One menu item: where it leads and its sub-items (empty for a leaf). */
        MenuItem: {
            /** @description Sub-items in order; empty for a leaf. */
            children: components["schemas"]["MenuItem"][];
            /**
             * Format: int64
             * @description Row id; stable until the menu is replaced (an import or `vitrina menu import`). For React keys.
             */
            id: number;
            /** @description Shown text. */
            title: string;
            /** @description A site path (`/catalog/konstruktory/`, `/catalog/?sort=new`) or an absolute `http(s)://` link. */
            url: string;
        };
        /** @description A span of numbers, both ends included. */
        NumberSpan: {
            /** Format: double */
            max: number;
            /** Format: double */
            min: number;
        };
        /** @description An offer as the storefront shows it. Prices are JSON numbers in major units, exact (docs/api.md "Money"). */
        Offer: {
            available: boolean;
            /** @description ISO 4217 code (`RUB`, `KZT`, …). */
            currencyId: string;
            /** @description Sanitised HTML. */
            description: string | null;
            /**
             * @description The product this offer is a variant of (YML `group_id`, issue 35): offers sharing it are one product's
             *     variants; `null` for an offer of its own.
             */
            groupId: string | null;
            /** @description The feed's offer id. */
            id: string;
            name: string;
            /**
             * Format: double
             * @description The price before a discount, major units; `null` when there is no discount.
             */
            oldPrice: number | null;
            params: components["schemas"]["Param"][];
            /**
             * @description The pictures the shop holds its own copy of, in the feed's order (issue 24); one still being fetched, or whose
             *     download failed, is left out (the UI shows a placeholder when none is left).
             */
            pictures: components["schemas"]["Picture"][];
            /**
             * Format: double
             * @description Price in major units of `currencyId` (e.g. `1480`, `3.54`).
             * @example 1480
             */
            price: number;
            sectionId: string | null;
            /** @description The offer's storefront page, e.g. `/catalog/konstruktory/little-starter/`. */
            url: string;
            variants: components["schemas"]["Variants"] | null;
            vendor: string | null;
            vendorCode: string | null;
        };
        /** @description A list of offers (the home page's collections). */
        OfferList: {
            items: components["schemas"]["Offer"][];
        };
        /** @description A page of offers. */
        OfferPage: {
            facets: components["schemas"]["ListingFacets"] | null;
            items: components["schemas"]["Offer"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pages: number;
            /** Format: int32 */
            perPage: number;
            /**
             * Format: int64
             * @description Offers matching the filter on all pages.
             */
            total: number;
        };
        /** @description `POST /api/compare` and `POST /api/viewed` body. */
        OfferRef: {
            /** @description The feed's offer id. */
            offerId: string;
        };
        /** @description `GET /api/me/orders`. */
        OrderHistory: {
            /** @description Newest first. */
            items: components["schemas"]["OrderSummaryView"][];
        };
        /** @description One line of an order: the offer as it was when ordered. */
        OrderLineView: {
            /** @description The offer's name when ordered. */
            name: string;
            /** @description The feed's offer id. */
            offerId: string;
            picture: components["schemas"]["Picture"] | null;
            /**
             * Format: double
             * @description Price when ordered, major units of the order's `currencyId`, exact.
             */
            price: number;
            /**
             * Format: int64
             * @description 1..=999.
             */
            quantity: number;
            /**
             * Format: double
             * @description Price × quantity, major units, exact.
             */
            sum: number;
            /** @description The offer's storefront page when ordered (a site path; the offer may have left the catalogue since). */
            url: string;
            /** @description The offer's SKU (`vendorCode`) when ordered, if any. */
            vendorCode: string | null;
        };
        /**
         * @description `POST /api/orders` body, as sent. Every key may be missing or `null` (then it counts as empty): the answer is a
         *     422 naming each problem, not a 400. Values of another JSON type than a string are a 400 `BODY_INVALID`.
         */
        OrderRequest: {
            /** @description Required with `courier` delivery; ignored with `pickup`. */
            address?: string | null;
            /** @description Required. */
            city?: string | null;
            /** @description Optional, at most 2000 characters. */
            comment?: string | null;
            /** @description `pickup` or `courier`. */
            deliveryMethod?: string | null;
            /** @description Optional; a shopper who gives one gets a confirmation. */
            email?: string | null;
            /** @description Required, at most 200 characters. */
            name?: string | null;
            /** @description `cash` or `card_on_delivery`. */
            paymentMethod?: string | null;
            /** @description Required: a valid number of `phoneCountry`, in international format (`+7 912 345-67-89`). */
            phone?: string | null;
            /** @description The phone's country, iso2 (`ru`, `by`, …); default `ru`. */
            phoneCountry?: string | null;
        };
        /**
         * @description An order's status, in the order of its life (issue 37).
         * @enum {string}
         */
        OrderStatus: "new" | "accepted" | "paid" | "shipped" | "completed" | "cancelled";
        /** @description One order of `GET /api/me/orders`. */
        OrderSummaryView: {
            /** @description RFC 3339, UTC: `2026-11-21T10:00:00Z`. */
            createdAt: string;
            currencyId: string;
            /**
             * Format: int64
             * @description Pieces over the order's lines.
             */
            itemCount: number;
            /** @description For `GET /api/orders/{number}` and `/personal/orders/{number}/`. */
            number: string;
            /** @description Where the order is in its life (issue 37). */
            status: components["schemas"]["OrderStatus"];
            /**
             * Format: double
             * @description Major units of `currencyId`, exact.
             */
            total: number;
        };
        /** @description `GET /api/orders/{number}`. */
        OrderView: {
            /** @description Set with courier delivery only. */
            address: string | null;
            /** @description The delivery or pick-up city. */
            city: string;
            comment: string | null;
            /** @description RFC 3339, UTC: `2026-11-21T10:00:00Z`. */
            createdAt: string;
            /** @description ISO 4217 code of every amount of the order. */
            currencyId: string;
            deliveryMethod: components["schemas"]["DeliveryMethod"];
            /** @description The shopper's e-mail, when given (a confirmation went there). */
            email: string | null;
            /** @description In basket order. */
            lines: components["schemas"]["OrderLineView"][];
            /** @description The shopper's name. */
            name: string;
            /** @description The order's number (`POST /api/orders` answers it; the confirmation page shows it). */
            number: string;
            paymentMethod: components["schemas"]["PaymentMethod"];
            /** @description As sent, international format. */
            phone: string;
            /** @description Where the order is in its life (issue 37). */
            status: components["schemas"]["OrderStatus"];
            /** @description The status changes made, oldest first, with the shop's comments: what the shopper sees of the history. */
            statusHistory: components["schemas"]["StatusStep"][];
            /**
             * Format: double
             * @description The sum of the lines' sums, major units of `currencyId`, exact.
             */
            total: number;
            /** @description The last status change (the placement before one), RFC 3339, UTC. */
            updatedAt: string;
        };
        /** @description A review as the owner sees it (`vitrina reviews list`). */
        OwnerReview: components["schemas"]["Review"] & {
            /** @description `pending` or `published`. */
            status: string;
        };
        /** @description A parameter of an offer: `{"name":"Вес","value":"300","unit":"г"}`. */
        Param: {
            name: string;
            unit: string | null;
            value: string;
        };
        /** @description `POST /api/me/password` body. */
        PasswordChange: {
            /**
             * Format: password
             * @description The password the account has now.
             */
            currentPassword: string;
            /**
             * Format: password
             * @description At least 8 characters.
             */
            newPassword: string;
        };
        /**
         * @description How the shopper pays.
         * @enum {string}
         */
        PaymentMethod: "cash" | "card_on_delivery";
        /**
         * @description A picture as the shop serves it (issue 24): its own copy in the picture store, made from a feed's picture. The
         *     derivatives are at [`Picture::path`]: `/pictures/{id}/{width}.{avif|webp|jpg}`, for each of
         *     [`PICTURE_WIDTHS`](crate::limits::PICTURE_WIDTHS); a derivative is never wider than the picture. A picture not
         *     fetched yet, or whose download failed, is not listed at all: the storefront shows its placeholder.
         */
        Picture: {
            /** @description Whether the AVIF derivatives are made (they follow the WebP and JPEG ones, which always exist). */
            avif: boolean;
            /**
             * Format: int32
             * @description The original's height, px.
             */
            height: number;
            /**
             * @description The content address: 32 hex digits of the original's SHA-256.
             * @example 3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d
             */
            id: string;
            /**
             * Format: int32
             * @description The original's width, px.
             */
            width: number;
        };
        /** @description Counts of the pictures the active offers name, by state (`vitrina pictures status`, the import summary). */
        PictureCounts: {
            /**
             * Format: int64
             * @description Of the ready ones, those whose AVIF derivatives are still to make.
             */
            avifPending: number;
            /**
             * Format: int64
             * @description Bytes of the originals held.
             */
            bytes: number;
            /** Format: int64 */
            failed: number;
            /** Format: int64 */
            pending: number;
            /** Format: int64 */
            ready: number;
        };
        /** @description `GET /api/health/pictures`: the shop's own pictures by state (issue 24), as `vitrina pictures status` counts them. */
        PictureHealth: {
            /**
             * Format: int64
             * @description Ready pictures whose AVIF derivatives are still to make (WebP and JPEG are served meanwhile).
             */
            avifPending: number;
            /**
             * Format: int64
             * @description Pictures that could not be had (`vitrina pictures status` names the reasons).
             */
            failed: number;
            /**
             * Format: int64
             * @description Pictures still to download (new, or waiting for a retry).
             */
            pending: number;
            /**
             * Format: int64
             * @description Pictures the shop serves its own copy of.
             */
            ready: number;
            /**
             * @description Whether the pages show every ready picture and AVIF. `false` from a picture or an AVIF made until the cached
             *     pages take it up (at most `VITRINA_PICTURES_SHOW_INTERVAL_MS` later, 10 s by default), so most of the time
             *     while a long fetch runs.
             */
            shown: boolean;
        };
        /**
         * @description `POST /api/orders` answer (201): the new order's number, for `GET /api/orders/{number}` and the confirmation
         *     page (`/personal/order/make/?ORDER_ID={number}`).
         */
        Placed: {
            /** @description The order's number: decimal digits, `"12"`. */
            number: string;
        };
        /** @description A span of prices, major units of `ListingFacets.currencyId`, exact (docs/api.md "Money"). */
        PriceSpan: {
            /** Format: double */
            max: number;
            /** Format: double */
            min: number;
        };
        /**
         * @description `PATCH /api/me` body: only the keys sent change. `null` or empty `name`/`email` are refused
         *     (`FORMS_NOT_EMPTY_INVALID`); `null` or empty `phone` removes the phone.
         */
        ProfileRequest: {
            /** @description An e-mail address no other account has (409 `AUTH_EMAIL_TAKEN`). */
            email?: string | null;
            /** @description At most 200 characters. */
            name?: string | null;
            /** @description International format, valid for `phoneCountry`; empty or `null` removes it. */
            phone?: string | null;
            /** @description The phone's country, iso2; default `ru`. Read only with `phone`. */
            phoneCountry?: string | null;
        };
        /** @description The shop's rating (spec §3 `ratingValue`, `reviewsCount`, `reviewsPageLink`), the same on every store. */
        Rating: {
            /**
             * Format: double
             * @description Mean stars of the published reviews, one decimal (4.6); `null` without reviews.
             */
            ratingValue: number | null;
            /**
             * Format: int64
             * @description Published reviews.
             */
            reviewsCount: number;
            /** @description "отзыв", "отзыва" or "отзывов": the word after `reviewsCount` (spec §3; Russian plural rules). */
            reviewsDeclension: string;
            /** @description The reviews page: `/reviews/`. */
            reviewsPageLink: string;
        };
        /** @description `GET /api/health/ready`: whether the shop can serve shoppers, and what it waits for. */
        Readiness: {
            /** @description The database answers a query. */
            database: boolean;
            /**
             * Format: int64
             * @description Bytes the facet index holds, about (issue 35).
             */
            facetBytes: number;
            /** @description How the search and facet indexes in use came to be (issue 39). */
            index: components["schemas"]["IndexHealth"];
            /**
             * Format: int64
             * @description The import (`vitrina import`'s id) the listings, counts and search answers show: an import has reached the
             *     shoppers once this is its id (within a second or so of its end); -1 before the first build.
             */
            indexedImport: number;
            /**
             * @description Pages can be rendered on the server: a render runtime has loaded the server bundle (about a second after a
             *     start), or pages are not rendered at all (`VITRINA_RENDER=off`, or no bundle that starts). Until then the
             *     first pages would go out as the client-rendered shell, their render budget spent waiting (issue 39).
             */
            render: boolean;
            /**
             * @description The search and facet indexes of the catalogue are built (after a start it takes seconds on a large
             *     catalogue).
             */
            search: boolean;
            /** @description `ready`, or `starting` while something below is not. */
            status: string;
        };
        /**
         * @description `POST /api/auth/register` body, as sent. Missing or `null` keys count as empty (a 422 naming each problem);
         *     values of another JSON type than the one named are a 400 `BODY_INVALID`.
         */
        RegisterRequest: {
            /** @description Required: an e-mail address, at most 254 characters; stored trimmed and lower-cased. */
            email?: string | null;
            /** @description Required, at most 200 characters. */
            name?: string | null;
            /**
             * Format: password
             * @description Required: at least 8 characters (`PASSWORD_MIN_CHARS`), at most 256; taken as typed.
             */
            password?: string | null;
            /** @description Optional: a valid number of `phoneCountry` in international format (`+7 912 345-67-89`). */
            phone?: string | null;
            /** @description The phone's country, iso2 (`ru`, `by`, …); default `ru`. */
            phoneCountry?: string | null;
            /** @description `true`: the new session lasts 30 days without a request; default `false`: it ends with the browser. */
            remember?: boolean;
        };
        /** @description `GET /api/health/render`: the server renders since the start (issue 22). */
        RenderHealth: {
            /**
             * Format: int64
             * @description Pages sent as the shell because every render thread was busy.
             */
            busy: number;
            /**
             * Format: int64
             * @description Bytes the page cache holds now (URLs and documents), about; at most `VITRINA_CACHE_MB`'s share.
             */
            cacheBytes: number;
            /**
             * Format: int64
             * @description Pages the page cache holds now, about.
             */
            cachePages: number;
            /**
             * Format: int64
             * @description Pages served from the page cache without a render.
             */
            cached: number;
            /**
             * Format: int64
             * @description How many changes of the public content (imports, menus, stores, published reviews) the shop has seen since
             *     the start; a change made by the CLI beside it moves this within a second, and pages rendered before it are
             *     not served again.
             */
            contentGeneration: number;
            /**
             * Format: int64
             * @description Bytes of the pages kept on disk, about; at most `VITRINA_PAGE_DISK_MB`.
             */
            diskBytes: number;
            /**
             * Format: int64
             * @description Pages kept on disk across restarts (`VITRINA_PAGE_DIR`), about (issue 39).
             */
            diskPages: number;
            /** @description Pages are rendered on the server (`VITRINA_RENDER=on` and a binary built with the front-end). */
            enabled: boolean;
            /**
             * Format: int64
             * @description Pages sent as the client-rendered shell because their render failed.
             */
            failed: number;
            /**
             * Format: int64
             * @description Pages served from those kept on disk, still current (after a restart, or pushed out of memory); they count in
             *     `cached` too.
             */
            fromDisk: number;
            /**
             * Format: double
             * @description Share of the pages asked for that came from the page cache, `cached / (cached + rendered)` (0 before any).
             */
            hitRate: number;
            /**
             * Format: int64
             * @description Pages the cache forgot because something they show changed (an import naming their offers or sections, a menu,
             *     a store, a review), or because a store's hours they show moved on (issue 39).
             */
            invalidated: number;
            /**
             * Format: int64
             * @description Pages rendered.
             */
            rendered: number;
            /**
             * Format: int64
             * @description Render runtimes started: one per render thread, and one more each time a failed render's runtime was replaced.
             */
            runtimes: number;
            /**
             * Format: int64
             * @description Pages sent as the shell because their client had its share of renders under way (`VITRINA_RENDER_SHARE`):
             *     a client asking for many uncached pages at once.
             */
            throttled: number;
            /**
             * Format: int64
             * @description Pages sent as the shell because their render passed its budget (`VITRINA_RENDER_BUDGET_MS`).
             */
            timedOut: number;
        };
        /** @description `POST /api/auth/password-reset/confirm` body. */
        ResetConfirm: {
            /**
             * Format: password
             * @description The new password, at least 8 characters.
             */
            password: string;
            /** @description The `token` of the mailed link `/personal/password-reset/?token=…`. */
            token?: string | null;
        };
        /** @description `POST /api/auth/password-reset` body. */
        ResetRequest: {
            email?: string | null;
        };
        /** @description A review as shoppers see it. */
        Review: {
            /** @description RFC 3339, UTC. */
            createdAt: string;
            /**
             * Format: int64
             * @description The review's number (`vitrina reviews publish ID`).
             */
            id: number;
            /** @description The reviewer's name as shown. */
            name: string;
            /**
             * Format: int64
             * @description Stars, 1..=5.
             */
            rating: number;
            /** @description As typed (plain text: shown escaped, never as HTML). */
            text: string;
        };
        /** @description `POST /api/reviews` answer (201). */
        ReviewPosted: {
            /** @description The review as stored. */
            review: components["schemas"]["Review"];
            /** @description `published`: shown now; `pending`: shown once the shop owner publishes it. */
            status: components["schemas"]["ReviewStatus"];
        };
        /** @description `POST /api/reviews` body. */
        ReviewRequest: {
            /** @description The shopper's name as shown with the review, at most 100 characters. */
            name?: string | null;
            /**
             * Format: int64
             * @description Stars, an integer 1..=5.
             */
            rating?: number | null;
            /** @description The review, at most 2000 characters; kept as typed and always shown as text. */
            text?: string | null;
        };
        /**
         * @description What became of a posted review, as `ReviewPosted.status` says it: the [`Publication`] it was stored with.
         * @enum {string}
         */
        ReviewStatus: "published" | "pending";
        /** @description One page of published reviews, newest first, with the shop's rating. */
        ReviewsPage: {
            /** @description This page's reviews, newest first. */
            items: components["schemas"]["Review"][];
            /**
             * Format: int32
             * @description The page shown, from 1.
             */
            page: number;
            /**
             * Format: int32
             * @description Reviews per page (10).
             */
            perPage: number;
            /**
             * Format: double
             * @description Mean stars, one decimal; `null` without reviews.
             */
            ratingValue: number | null;
            /**
             * Format: int64
             * @description Published reviews in all.
             */
            total: number;
        };
        /**
         * @description A staff member's role (issue 37).
         * @enum {string}
         */
        Role: "exchange" | "manager" | "owner";
        /** @description The answer: totals, sections, items. */
        SearchAnswer: {
            /** @description Of `itemsTotal`, the offers that match every word of the query: the first ones of the ranking (issue 23). */
            exact: number;
            facets: components["schemas"]["ListingFacets"] | null;
            /**
             * @description The best `perPage` offers of page `page`, best first (of `section` and its subsections when given). Offers
             *     removed since the index was built are left out (the next index swap, within a second of an import, catches
             *     up).
             */
            items: components["schemas"]["SearchItem"][];
            /**
             * @description All matches `items` are paged from: `total` without `section`, else the matches in that section and its
             *     subsections. Pages = ⌈itemsTotal / perPage⌉.
             */
            itemsTotal: number;
            /**
             * @description Fewer than 5 offers match every word of the query, so the offers matching most of its words (at least half)
             *     follow them (issue 23; docs/decisions.md "Search").
             */
            partial: boolean;
            /**
             * @description `"0"` ("Все результаты", `found` = total) first, then each section with matches in order of first appearance
             *     among the ranked matches, `found` counting all its matches.
             */
            sections: components["schemas"]["SearchSection"][];
            /** @description All matches (after `available`). */
            total: number;
        };
        /** @description A found offer (spec §3 `ITEMS`). */
        SearchItem: {
            available: boolean;
            /** @description The offer's section, `null` for an offer without one. */
            categoryId: string | null;
            currencyId: string;
            id: string;
            name: string;
            /**
             * Format: double
             * @description The price before a discount, `null` when there is none.
             */
            oldPrice: number | null;
            parameters: components["schemas"]["SearchParameter"][];
            picture: components["schemas"]["Picture"] | null;
            /**
             * Format: double
             * @description Major units, exact (docs/api.md "Money").
             */
            price: number;
            /** @description The product page. */
            url: string;
        };
        /** @description A name and value of a found offer (spec §3 `parameters`). */
        SearchParameter: {
            name: string;
            /** @description The value with its unit, e.g. `540 шт`. */
            value: string;
        };
        /** @description A section holding matches (spec §3 `SECTIONS`). */
        SearchSection: {
            /** @description Matching offers in the section (its own offers, not its subsections'); for `"0"` all matches. */
            found: number;
            /** @description Section id (`"0"`: all results). */
            id: string;
            /** @description Section name. */
            value: string;
        };
        /** @description A section of the catalogue. */
        Section: {
            /**
             * Format: int32
             * @description 0 for a top-level section.
             */
            depth: number;
            /** @description The feed's category id. */
            id: string;
            name: string;
            /**
             * Format: int64
             * @description Active offers in this section and all its subsections.
             */
            offerCount: number;
            parentId: string | null;
            /** @description Its storefront page, e.g. `/catalog/konstruktory/`. */
            url: string;
        };
        /** @description The whole tree as a flat list (`GET /api/sections`). */
        SectionList: {
            /** @description In tree order: a parent before its children, siblings in feed order. */
            sections: components["schemas"]["Section"][];
        };
        /** @description The session: its CSRF token, the logged-in user, the settings and the chosen delivery location. */
        SessionAnswer: {
            location: components["schemas"]["Location"] | null;
            /**
             * @description The session's CSRF token: send it in `X-CSRF-Token` with every state-changing request (else 403
             *     `CSRF_TOKEN_INVALID`). Stable until the session logs in or out (then fetch this again).
             */
            sessid: string;
            settings: components["schemas"]["SessionSettings"];
            user: components["schemas"]["UserView"] | null;
        };
        /** @description Shop settings the front-end needs for the session. */
        SessionSettings: {
            /** @description `RIGHT`: the mini cart opens the slide cart; `PAGE`: it links to the cart page (spec §2, §9). */
            basketView: components["schemas"]["BasketView"];
            mapTiles: components["schemas"]["MapTiles"] | null;
        };
        /** @description `POST /api/admin/password` body: the one-time link's token and the new password. */
        SetPasswordRequest: {
            /**
             * Format: password
             * @description 8 to 128 characters, as a shopper's.
             */
            password: string;
            /** @description The token of the link `vitrina staff add|reset-password` printed (the part after `#`). */
            token?: string | null;
        };
        /** @description The shop as its last feed names it. */
        Shop: {
            company: string | null;
            name: string;
            /**
             * Format: int64
             * @description Active offers.
             */
            offerCount: number;
            /**
             * Format: int64
             * @description Active sections.
             */
            sectionCount: number;
            /** @description The shop's own site as the feed gives it. */
            url: string | null;
        };
        /** @description `GET /api/admin/state`: what `vitrina pictures status`, `vitrina mail status` and the import summaries tell. */
        ShopState: {
            /** @description The newest ten imports, newest first. */
            imports: components["schemas"]["ImportRow"][];
            /** @description The outbox by state. */
            mail: components["schemas"]["MailCounts"];
            /** @description The failed pictures (and pending ones whose last attempt failed) with why, at most 100. */
            pictureFailures: components["schemas"]["FailureRow"][];
            /** @description The pictures by state. */
            pictures: components["schemas"]["PictureCounts"];
            /** @description Mails waiting or given up, newest first, at most 100, with their last error. */
            unsentMail: components["schemas"]["Unsent"][];
        };
        /**
         * @description `POST /api/admin/login` answer: the member now logged in. The session has a new id and a new CSRF token (fetch
         *     the session again).
         */
        StaffAnswer: {
            staff: components["schemas"]["StaffView"];
        };
        /** @description `POST /api/admin/login` body. */
        StaffLoginRequest: {
            /** @description Compared trimmed and lower-cased. */
            email?: string | null;
            /** Format: password */
            password: string;
        };
        /** @description `GET /api/admin/session`: who is logged in, and the token state-changing requests send. */
        StaffSession: {
            /** @description Sent in `X-CSRF-Token` with every state-changing back-office request. */
            csrfToken: string;
            staff: components["schemas"]["StaffView"] | null;
        };
        /** @description A staff member as the back office shows them. */
        StaffView: {
            /** @description The password is set (their one-time link was used). */
            active: boolean;
            /** @description RFC 3339, UTC. */
            createdAt: string;
            email: string;
            /** Format: int64 */
            id: number;
            role: components["schemas"]["Role"];
        };
        /**
         * @description `OPEN` or `CLOSED` (spec §3 "STATUS (OPEN or other)").
         * @enum {string}
         */
        Status: "OPEN" | "CLOSED";
        /** @description `POST /api/admin/orders/{number}/status` body. */
        StatusRequest: {
            /** @description Shown to the shopper with the change; at most 1000 characters. */
            comment?: string | null;
            /** @description Mail the shopper about it (in the order's language), when they left an e-mail. */
            notify?: boolean;
            /**
             * @description The status the staff member saw when they chose (the order page's): when the order has another by now, the
             *     change is refused (409 `ORDER_STATUS_CHANGED`) and recorded as such.
             */
            seen: components["schemas"]["OrderStatus"];
            /** @description The status to move to. */
            status: components["schemas"]["OrderStatus"];
        };
        /** @description One status change as the shopper sees it. */
        StatusStep: {
            /** @description RFC 3339, UTC. */
            at: string;
            /** @description The shop's comment, if it wrote one. */
            comment: string | null;
            /** @description The status the order moved to. */
            status: components["schemas"]["OrderStatus"];
        };
        /**
         * @description A store as shoppers see it: the owner's description ([`StoreData`], the format `vitrina stores import` reads)
         *     plus `today` and the rating, which an import ignores.
         */
        StoreAnswer: components["schemas"]["StoreData"] & components["schemas"]["Rating"] & {
            today: components["schemas"]["Today"] | null;
        };
        /** @description A store as the shop owner describes it. */
        StoreData: {
            /** @description The street address, as written on a letter. */
            address: string;
            /** @description E-mail addresses: `mailto:` links. */
            email: components["schemas"]["ContactValue"][];
            /**
             * Format: int64
             * @description Positive and unique in the file; given in order (1, 2, …) when missing. The first store is the shop's main
             *     one: the header's contacts panel shows it.
             */
            id: number;
            /** @description Instagram names. */
            instagram: components["schemas"]["ContactValue"][];
            map: components["schemas"]["Coordinates"] | null;
            /** @description As shoppers know the store ("Витрина на Никольской"). */
            name: string;
            /** @description Phones: `tel:` links. */
            phone: components["schemas"]["ContactValue"][];
            /** @description The store's picture: a path on this shop (`/demo/images/store.svg`) or an `http(s)` URL; `null` for none. */
            previewPicture: string | null;
            /** @description Skype names. */
            skype: components["schemas"]["ContactValue"][];
            /** @description Telegram names (`@name` or its `t.me` address). */
            telegram: components["schemas"]["ContactValue"][];
            /** @description IANA time zone of the working hours (`Europe/Moscow`). */
            timezone: string;
            /** @description Viber numbers: `viber://chat` links. */
            viber: components["schemas"]["ContactValue"][];
            /** @description WhatsApp numbers: `https://wa.me/<digits>` links. */
            whatsapp: components["schemas"]["ContactValue"][];
            /** @description The week, one entry per weekday at most; a missing weekday says nothing about that day. */
            workingHours: components["schemas"]["DayHours"][];
        };
        /**
         * @description `POST /api/forms/{code}/submissions` answer: `{status: true}` (200), or `{status: false, errors, captcha}`
         *     (422; spec §8: the new captcha replaces the old one, which the submission used up).
         */
        SubmissionAnswer: {
            captcha?: components["schemas"]["CaptchaRef"];
            errors?: components["schemas"]["FieldError"][];
            status: boolean;
        };
        /** @description Today's hours and whether the store is open at the moment asked about (issue 8 `today`). */
        Today: {
            /**
             * @description End of today's break.
             * @example 14:00
             */
            breakEnd: string | null;
            /**
             * @description Both given or both `null` (a break with one time does not apply, rule 5).
             * @example 13:00
             */
            breakStart: string | null;
            /** @description The store's local weekday. */
            day: components["schemas"]["Day"];
            /**
             * @description While `OPEN`: when this open spell ends (the break's start, the shift's end, or for last night's shift past
             *     midnight its end this morning, which may differ from today's own times); `null` when closed or open 24 hours
             *     without a break.
             * @example 21:00
             */
            openUntil: string | null;
            /** @description Open or closed at the moment of the request. */
            status: components["schemas"]["Status"];
            /**
             * @description Today's closing time (the next morning for a shift past midnight).
             * @example 21:00
             */
            workEnd: string | null;
            /**
             * @description `null` both: a day off. Equal: open 24 hours.
             * @example 09:00
             */
            workStart: string | null;
        };
        /** @description A message waiting or given up, as `vitrina mail status` lists it. */
        Unsent: {
            /** Format: int64 */
            attempts: number;
            createdAt: string;
            /** @description When it was given up. */
            failedAt?: string | null;
            /** Format: int64 */
            id: number;
            /** @description The last attempt's error, as the SMTP server or the connection gave it. */
            lastError?: string | null;
            /** @description When the next attempt is due; none once given up. */
            nextAttemptAt?: string | null;
            recipient?: string | null;
            subject: string;
            topic: string;
        };
        /** @description `PATCH /api/basket/items/{id}` body: what to change. */
        UpdateItem: {
            /** @description Move to (`true`) or from (`false`) the wishlist. */
            delay?: boolean | null;
            /**
             * Format: int64
             * @description The new quantity, 1..=999.
             */
            quantity?: number | null;
        };
        /**
         * @description The answer of a registration or log-in: the account, now logged in. The session has a new CSRF token: fetch
         *     `GET /api/session` again.
         */
        UserAnswer: {
            user: components["schemas"]["UserView"];
        };
        /** @description An account as the API shows it (`GET /api/me`, `GET /api/session`'s `user`, the log-in's answer). */
        UserView: {
            /** @description Lower-cased: the log-in name. */
            email: string;
            /** Format: int64 */
            id: number;
            name: string;
            /** @description International format (`+7 912 345-67-89`), `null` when not given. */
            phone: string | null;
            /** @description The phone's country, iso2 lower case (`ru`), `null` without a phone. */
            phoneCountry: string | null;
        };
        /** @description The chooser of a variant's page. */
        VariantChoice: {
            /**
             * @description The parameters the variants differ in, in the order the feed lists them (`Цвет`, `Размер`). When they differ
             *     in none, one option named `""` lists the variants by name.
             */
            options: components["schemas"]["VariantOption"][];
            /**
             * @description The product's page: its first variant's in the shop's order (in stock or not, so it does not move with the
             *     stock), the canonical link of every variant's page.
             */
            productUrl: string;
        };
        /** @description One parameter to choose by. */
        VariantOption: {
            /** @description As the feed writes it; `""` for the variants by name. */
            name: string;
            values: components["schemas"]["VariantValue"][];
        };
        /** @description One value of a [`VariantOption`] and the variant choosing it leads to. */
        VariantValue: {
            /** @description Whether that variant is in stock: one that is not is shown crossed out, not hidden. */
            available: boolean;
            /** @description This variant has the value. */
            chosen: boolean;
            /**
             * @description The variant with this value that keeps most of this variant's other values (one in stock before one that is
             *     not, then the first in the shop's order).
             */
            offerId: string;
            /** @description That variant's page. */
            url: string;
            /** @description As the feed writes it. */
            value: string;
        };
        /**
         * @description What a product's variants span, on each of them (`Offer.variants`): `{"count":3,"available":2,"minPrice":900,
         *     "maxPrice":1500,"choice":null}`. Prices in major units of the offer's `currencyId`.
         */
        Variants: {
            /**
             * Format: int32
             * @description How many of them are in stock.
             */
            available: number;
            choice: components["schemas"]["VariantChoice"] | null;
            /**
             * Format: int32
             * @description Active variants of the product, this one included (2 or more).
             */
            count: number;
            /**
             * Format: double
             * @description The highest variant price, major units.
             * @example 1500
             */
            maxPrice: number;
            /**
             * Format: double
             * @description The lowest variant price, major units.
             * @example 900
             */
            minPrice: number;
        };
        /** @description `GET /api/viewed`: the recently viewed offers. */
        ViewedList: {
            /** @description At most 20, newest first. */
            items: components["schemas"]["Offer"][];
        };
        /**
         * @description `Y` or `N`, as the spec writes the required flag (§3).
         * @enum {string}
         */
        YesNo: "Y" | "N";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    admin_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffLoginRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_get_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffView"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_list_orders: {
        parameters: {
            query?: {
                /** @description One status: `new`, `accepted`, `paid`, `shipped`, `completed` or `cancelled`; all when absent. */
                status?: string;
                /**
                 * @description Placed at or after this instant (RFC 3339 with its offset: the back office sends the start of the staff
                 *     member's local day).
                 */
                from?: string;
                /** @description Placed before this instant (RFC 3339). */
                to?: string;
                /**
                 * @description Looked for in the number, the name and the e-mail (case-insensitive), and in the phone's digits when it
                 *     holds three digits or more (`912 345` finds `+7 912 345-67-89`).
                 */
                q?: string;
                /** @description 1-based page; default 1. */
                page?: number;
                /** @description Orders per page, 1..=100; default 25. */
                perPage?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrdersPage"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_export_orders: {
        parameters: {
            query?: {
                /** @description One status: `new`, `accepted`, `paid`, `shipped`, `completed` or `cancelled`; all when absent. */
                status?: string;
                /**
                 * @description Placed at or after this instant (RFC 3339 with its offset: the back office sends the start of the staff
                 *     member's local day).
                 */
                from?: string;
                /** @description Placed before this instant (RFC 3339). */
                to?: string;
                /**
                 * @description Looked for in the number, the name and the e-mail (case-insensitive), and in the phone's digits when it
                 *     holds three digits or more (`912 345` finds `+7 912 345-67-89`).
                 */
                q?: string;
                /** @description 1-based page; default 1. */
                page?: number;
                /** @description Orders per page, 1..=100; default 25. */
                perPage?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_get_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrder"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_set_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrder"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_set_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetPasswordRequest"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_list_reviews: {
        parameters: {
            query?: {
                /** @description `true` (default): only the reviews waiting for moderation; `false`: all. */
                pending?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerReview"][];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_delete_review: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The review's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_publish_review: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The review's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_get_session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSession"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_list_staff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffView"][];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    admin_get_state: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShopState"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_login_captcha: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptchaRef"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    request_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetRequest"];
            };
        };
        responses: {
            /** @description A link was sent if the e-mail has an account */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    confirm_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetConfirm"];
            };
        };
        responses: {
            /** @description The password is set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_basket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Basket"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_item: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddItem"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Basket"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_item: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The line's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Basket"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_item: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The line's id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateItem"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Basket"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasketSummary"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_captcha_image: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `captcha.sid` of a form answer */
                sid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The captcha image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_captcha_audio: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `captcha.sid` of a form answer */
                sid: string;
                /** @description Language the characters are named in: `ru` (default) or `en`. */
                lang: string | null;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The captcha's word, spoken */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": unknown;
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_collection: {
        parameters: {
            query?: {
                /** @description How many offers, 1..=100; default 12. */
                limit?: string;
            };
            header?: never;
            path: {
                /** @description new | hits | sale */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_compare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_compare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferRef"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    clear_compare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_compare_count: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareCount"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_compare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The offer's id */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_form: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's code: `callback`, `feedback`, … */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_captcha: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's code: `callback`, `feedback`, … */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptchaRef"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    check_captcha: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's code */
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaptchaCheck"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptchaCheckAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submit_form: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The form's code */
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionAnswer"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionAnswer"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_picture_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PictureHealth"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    get_render_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderHealth"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    choose_location: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationChoice"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Location"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    search_locations: {
        parameters: {
            query?: {
                /** @description The start of a city's name (case and `ё` do not matter); empty or missing: the biggest cities. */
                q?: string;
                /** @description How many, 1..=20; default 20. */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserView"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patch_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserView"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    my_orders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderHistory"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description Changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_menu: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Menu code, e.g. `top` */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Menu"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description MENU_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_offers: {
        parameters: {
            query?: {
                /** @description Comma-separated offer ids (at most 100): answers these offers in this order; listing parameters are then ignored */
                ids?: string;
                /** @description 1-based page number, 1..=100000; default 1. */
                page?: string;
                /** @description Offers per page, 1..=100 (spec §9 page size); default 24. */
                perPage?: string;
                /** @description `price`, `-price`, `name`, `new` or `discount`; omitted: the shop's own order. */
                sort?: string;
                /** @description `Y`: only offers in stock; `N` (default): all. */
                available?: string;
                /**
                 * @description A vendor; repeat the key for several (OR). Parameter facets take the same shape: `p.{name}={value}` (e.g.
                 *     `p.Цвет=Чёрный`, repeated for OR), and a numeric one its range: `p.{name}.min=`, `p.{name}.max=`. Facets
                 *     combine with AND; names and values match whatever their case, spaces and `ё`. 400 `FACET_UNKNOWN` for a
                 *     parameter no offer has, `FACET_RANGE_INVALID` for a broken range, `FILTER_TOO_MANY_VALUES` past 100 values.
                 */
                vendor?: string[];
                /** @description Lowest price, major units of the catalogue's currency (`1500`, `349.90`); 400 `PRICE_INVALID`. */
                priceMin?: string;
                /** @description Highest price, major units; 400 `PRICE_INVALID`, or when below `priceMin`. */
                priceMax?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferPage"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description FACETS_STARTING: a filtered listing asked before the first facet index is built */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_offer_by_slug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_offer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The feed's offer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    place_order: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Placed"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_guest_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The guest link's token (after `#` in the link) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderView"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderView"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_reviews: {
        parameters: {
            query?: {
                /** @description 1-based page, 1..=10000; default 1. A page past the end is empty. */
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewsPage"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_review: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewPosted"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    search_offers: {
        parameters: {
            query?: {
                /** @description The shopper's text, at least one character that is not a space (spec §5); cut to 200 characters. */
                q?: string;
                /** @description `Y`: only offers in stock; `N` (default): all. */
                available?: string;
                /** @description A section id: only offers of this section and its subsections in `items` (`0` or omitted: all). */
                section?: string;
                /**
                 * @description `N`: with `section`, only the section's own offers (those its `found` counts); `Y` (default): its
                 *     subsections' too.
                 */
                subsections?: string;
                /** @description Items per answer, 1..=100 (spec §9 search page size); default 100. */
                perPage?: number;
                /** @description 1-based page of items, 1..=100 ([`MAX_SEARCH_PAGE`]); default 1. The results page `/search/` pages with it. */
                page?: number;
                /**
                 * @description `N`: the answer leaves the facets out (`facets: null`), for a client that does not show them (the header's
                 *     instant search: counting them was a quarter of an uncached search's work, issue 39); `Y` (default): with them.
                 */
                facets?: string;
                /**
                 * @description A vendor; repeat the key for several (OR). Parameter facets take the same shape: `p.{name}={value}` (e.g.
                 *     `p.Цвет=Чёрный`, repeated for OR), and a numeric one its range: `p.{name}.min=`, `p.{name}.max=`. Facets
                 *     combine with AND; names and values match whatever their case, spaces and `ё`. 400 `FACET_UNKNOWN` for a
                 *     parameter no offer has, `FACET_RANGE_INVALID` for a broken range, `FILTER_TOO_MANY_VALUES` past 100 values.
                 */
                vendor?: string[];
                /** @description Lowest price, major units of the catalogue's currency (`1500`, `349.90`); 400 `PRICE_INVALID`. */
                priceMin?: string;
                /** @description Highest price, major units; 400 `PRICE_INVALID`, or when below `priceMin`. */
                priceMax?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchAnswer"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_sections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SectionList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_section_offers: {
        parameters: {
            query?: {
                /** @description 1-based page number, 1..=100000; default 1. */
                page?: string;
                /** @description Offers per page, 1..=100 (spec §9 page size); default 24. */
                perPage?: string;
                /** @description `price`, `-price`, `name`, `new` or `discount`; omitted: the shop's own order. */
                sort?: string;
                /** @description `Y`: only offers in stock; `N` (default): all. */
                available?: string;
                /**
                 * @description A vendor; repeat the key for several (OR). Parameter facets take the same shape: `p.{name}={value}` (e.g.
                 *     `p.Цвет=Чёрный`, repeated for OR), and a numeric one its range: `p.{name}.min=`, `p.{name}.max=`. Facets
                 *     combine with AND; names and values match whatever their case, spaces and `ё`. 400 `FACET_UNKNOWN` for a
                 *     parameter no offer has, `FACET_RANGE_INVALID` for a broken range, `FILTER_TOO_MANY_VALUES` past 100 values.
                 */
                vendor?: string[];
                /** @description Lowest price, major units of the catalogue's currency (`1500`, `349.90`); 400 `PRICE_INVALID`. */
                priceMin?: string;
                /** @description Highest price, major units; 400 `PRICE_INVALID`, or when below `priceMin`. */
                priceMax?: string;
            };
            header?: never;
            path: {
                /** @description The feed's category id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferPage"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description FACETS_STARTING: a filtered listing asked before the first facet index is built */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_shop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shop"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_stores: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreAnswer"][];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_store: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The store's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreAnswer"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_viewed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Leave this offer out (the product page showing it). */
                exclude: string | null;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewedList"];
                };
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    record_viewed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferRef"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL character (TEXT_NUL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the endpoint takes (BODY_TOO_LARGE) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The query string is over 8 KiB (QUERY_TOO_LONG) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
