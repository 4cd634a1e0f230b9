-- Accounts (issue 7): shoppers who registered, and their password-reset links.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    -- Trimmed and lower-cased: the log-in name.
    email TEXT NOT NULL UNIQUE,
    -- argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`): the parameters travel with each hash.
    password_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    -- International format as typed (`+7 912 345-67-89`), valid for `phone_country`; NULL when not given.
    phone TEXT,
    -- iso2, lower case; set with `phone`.
    phone_country TEXT,
    -- The account's own visitor key: its basket, wishlist, compare list and recently viewed rows use it, and a
    -- logged-in session's visitor id becomes it.
    visitor_id TEXT NOT NULL UNIQUE,
    -- Random, replaced with each password change: a session remembers the stamp it logged in with, and a session
    -- with an older one is logged out (crate::session).
    session_stamp TEXT NOT NULL,
    -- RFC 3339, UTC, seconds.
    created_at TEXT NOT NULL
);

CREATE TABLE password_resets (
    -- SHA-256 of the token, hex: the token itself is only in the mail.
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Unix seconds after which the link is void.
    expires_at INTEGER NOT NULL,
    -- Unix seconds of its use; a used link is void.
    used_at INTEGER
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- `orders.user_id` (made by the orders migration) is set when a logged-in user places an order.
CREATE INDEX orders_user ON orders (user_id);
