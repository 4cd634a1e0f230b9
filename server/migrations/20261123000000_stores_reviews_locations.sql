-- Stores, reviews of the shop and delivery locations (issue 8).

-- The shop's stores, in the order the owner listed them (the first is the main one). `data` is the store's JSON as
-- `vitrina stores import` reads it (docs/operations.md "Stores"), without its id.
CREATE TABLE stores (
    id INTEGER PRIMARY KEY,
    position INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Reviews of the shop. `status` is 'pending' until the owner publishes it (or 'published' at once with
-- VITRINA_REVIEWS_AUTOPUBLISH). Texts are kept as typed: every place that shows them escapes them.
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'published')),
    visitor_id TEXT NOT NULL,
    client_addr TEXT,
    created_at TEXT NOT NULL,
    published_at TEXT
);
CREATE INDEX reviews_published ON reviews (status, created_at);

-- Cities a shopper can choose as the delivery location. `search_name` is the name lower-cased with ё as е: a prefix
-- search is a range scan on it.
CREATE TABLE locations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    search_name TEXT NOT NULL,
    region TEXT NOT NULL,
    country TEXT NOT NULL,
    lat REAL NOT NULL,
    lon REAL NOT NULL,
    population INTEGER NOT NULL
);
CREATE INDEX locations_search ON locations (search_name, population);
CREATE INDEX locations_population ON locations (population);
