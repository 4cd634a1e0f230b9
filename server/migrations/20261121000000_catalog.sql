-- The catalogue as the last YML feed describes it. Portable SQL (SQLite and PostgreSQL share it).
-- Offers and sections are never deleted by an import: those absent from a new feed get active = 0,
-- because orders will reference them (docs/decisions.md "Re-import").

CREATE TABLE shop (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL,
    company TEXT,
    url TEXT
);

CREATE TABLE imports (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    sections INTEGER NOT NULL,
    offers_added INTEGER NOT NULL,
    offers_updated INTEGER NOT NULL,
    offers_removed INTEGER NOT NULL,
    offers_skipped INTEGER NOT NULL
);

-- Currency rates as the feed gives them (decimal text, or CBRF/NBRB/... keywords).
CREATE TABLE currencies (
    id TEXT PRIMARY KEY,
    rate TEXT NOT NULL
);

CREATE TABLE sections (
    id TEXT PRIMARY KEY,               -- the feed's category id
    parent_id TEXT,                    -- no foreign key: a feed may list a child before its parent
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL,         -- order in the feed
    active INTEGER NOT NULL DEFAULT 1,
    seen_import_id INTEGER NOT NULL
);
CREATE INDEX sections_parent ON sections (parent_id);

CREATE TABLE offers (
    id TEXT PRIMARY KEY,               -- the feed's offer id
    section_id TEXT REFERENCES sections (id),
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,            -- lower-cased name, for sorting by name
    price_minor INTEGER NOT NULL,      -- minor units of currency_id
    old_price_minor INTEGER,           -- only when greater than price_minor
    currency_id TEXT NOT NULL,
    available INTEGER NOT NULL,
    vendor TEXT,
    vendor_code TEXT,
    description TEXT,                  -- sanitised HTML (ammonia)
    source_url TEXT,                   -- the offer's page on the shop's former site, from the feed
    position INTEGER NOT NULL,         -- order in the feed: "the shop's own order"
    content_hash TEXT NOT NULL,        -- tells an updated offer from an unchanged one on re-import
    active INTEGER NOT NULL DEFAULT 1,
    added_import_id INTEGER NOT NULL,  -- the import that (re)added it to the storefront: "new" sort
    seen_import_id INTEGER NOT NULL
);
CREATE INDEX offers_active_position ON offers (active, position);
CREATE INDEX offers_section ON offers (section_id, active);

CREATE TABLE offer_pictures (
    offer_id TEXT NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (offer_id, position)
);

CREATE TABLE offer_params (
    offer_id TEXT NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    unit TEXT,
    PRIMARY KEY (offer_id, position)
);
