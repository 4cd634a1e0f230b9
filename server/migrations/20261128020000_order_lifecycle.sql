-- Orders worked to the end (issue 37): the order's language and guest link, its status history, the shop's staff
-- and their sessions, and the outbox's retries.

-- The language the shopper ordered in ('ru' or 'en'): the status mails speak it.
ALTER TABLE orders ADD COLUMN language TEXT NOT NULL DEFAULT 'ru';
-- SHA-256 (hex) of the guest link's token: the link shows the order's status without a session. NULL: no link
-- (orders placed before this migration).
ALTER TABLE orders ADD COLUMN guest_token_hash TEXT;
-- The phone's digits only, for the back office's search.
ALTER TABLE orders ADD COLUMN phone_digits TEXT NOT NULL DEFAULT '';
-- The name, e-mail and number lower-cased (Unicode, by the server: SQLite's lower() knows ASCII only), for the back
-- office's search. '' until the server fills it at its next start (orders placed before this migration).
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
-- RFC 3339 UTC: the last status change (the placement before one).
ALTER TABLE orders ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE orders SET updated_at = created_at,
    phone_digits = replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '');
CREATE UNIQUE INDEX orders_guest_token ON orders (guest_token_hash);
CREATE INDEX orders_status ON orders (status, id);
CREATE INDEX orders_created ON orders (created_at);

-- Every status change asked for, applied or refused, with who asked and why.
CREATE TABLE order_history (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    -- 'staff' (the back office), 'cli' (`vitrina orders set-status`), '1c' (the exchange).
    actor_kind TEXT NOT NULL CHECK (actor_kind IN ('staff', 'cli', '1c')),
    -- The staff member's e-mail, the CLI's user, or NULL.
    actor TEXT,
    old_status TEXT NOT NULL,
    new_status TEXT NOT NULL,
    comment TEXT,
    -- 'applied', or the refusal's code ('ORDER_STATUS_CHANGED': another change came first).
    outcome TEXT NOT NULL,
    -- The shopper's mail of this change in the outbox, when one was written.
    outbox_id INTEGER
);
CREATE INDEX order_history_order ON order_history (order_id, id);

-- The shop's staff (not shoppers): the back office's users.
CREATE TABLE staff (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'manager')),
    -- argon2id PHC string; NULL until the one-time link sets it.
    password_hash TEXT,
    -- Changes with the password and at removal: a staff session of an older stamp is void.
    session_stamp TEXT NOT NULL,
    -- SHA-256 (hex) of the one-time set-password link's token, and its end (RFC 3339 UTC).
    setup_token_hash TEXT UNIQUE,
    setup_expires_at TEXT,
    created_at TEXT NOT NULL
);

-- Staff sessions: the same shape as the shoppers' `sessions`, kept apart.
CREATE TABLE staff_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    data TEXT NOT NULL,
    expiry_date INTEGER NOT NULL
);
CREATE INDEX staff_sessions_expiry ON staff_sessions (expiry_date);

-- The outbox's retries: when the next attempt is due (NULL: none; no SMTP or no recipient, sent, or given up),
-- and when it was given up.
ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE outbox ADD COLUMN failed_at TEXT;
CREATE INDEX outbox_due ON outbox (next_attempt_at);
