-- 1C's exchange (issue 38, CommerceML 2). What 1C last said of each good, offer and price type, so that a
-- changes-only exchange can join an offer with a good sent in an earlier one; the shop's offers are written from
-- these rows by the catalogue writer the YML import uses.

-- `Каталог/Товары/Товар`: the good's description as JSON (`feeds::commerceml::Good`).
CREATE TABLE exchange_goods (
    id TEXT PRIMARY KEY NOT NULL,
    body TEXT NOT NULL,
    -- The import that last named it (the catalogue writer's import id).
    seen_import_id INTEGER NOT NULL
);

-- `ПакетПредложений/Предложения/Предложение`: an offer of a good (`GOOD` or `GOOD#CHARACTERISTIC`) as JSON
-- (`feeds::commerceml::Offer`: its characteristics, prices per price type, stock).
CREATE TABLE exchange_offers (
    id TEXT PRIMARY KEY NOT NULL,
    good_id TEXT NOT NULL,
    body TEXT NOT NULL,
    seen_import_id INTEGER NOT NULL
);
CREATE INDEX exchange_offers_good ON exchange_offers (good_id);

-- `Классификатор/Свойства/Свойство`: a property's name and `Справочник` values as JSON
-- (`feeds::commerceml::Property`), so the goods of another file or a later exchange resolve their values.
CREATE TABLE exchange_properties (
    id TEXT PRIMARY KEY NOT NULL,
    body TEXT NOT NULL
);

-- `ПакетПредложений/ТипыЦен/ТипЦены`: the price types, which the settings name by `Ид` or `Наименование`.
CREATE TABLE exchange_price_types (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    currency TEXT NOT NULL
);

-- The sessions `mode=checkauth` opens: SHA-256 (hex) of the cookie's value, and their end (unix s).
CREATE TABLE exchange_sessions (
    token_hash TEXT PRIMARY KEY NOT NULL,
    expires_at INTEGER NOT NULL
);

-- The exchange's own values: `sale_cursor` (orders changed since it go to 1C at `mode=query`), `sale_pending` (the
-- cursor `mode=success` moves to: the time of the last query), `catalogue_id` (1C's `Каталог/Ид`, which the orders
-- name as `ИдКаталога`).
CREATE TABLE exchange_state (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- A third staff role: `exchange`, an account 1C's exchange authenticates as (it cannot log in to the back office).
-- SQLite cannot alter a CHECK: the table is made again with the same columns and rows.
CREATE TABLE staff_with_exchange (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'exchange')),
    password_hash TEXT,
    session_stamp TEXT NOT NULL,
    setup_token_hash TEXT UNIQUE,
    setup_expires_at TEXT,
    created_at TEXT NOT NULL
);
INSERT INTO staff_with_exchange (id, email, role, password_hash, session_stamp, setup_token_hash, setup_expires_at,
    created_at)
SELECT id, email, role, password_hash, session_stamp, setup_token_hash, setup_expires_at, created_at FROM staff;
DROP TABLE staff;
ALTER TABLE staff_with_exchange RENAME TO staff;

-- 1C's orders query reads the orders changed since its cursor.
CREATE INDEX orders_updated ON orders (updated_at, id);
