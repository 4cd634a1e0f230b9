-- The visitor's basket (issue 6; spec §3 "Mini cart request"): one line per offer; the wishlist ("delay") is lines
-- with `delay = 1`, as in the original. Lines belong to the session's visitor id.
CREATE TABLE basket_lines (
    id INTEGER PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    offer_id TEXT NOT NULL REFERENCES offers (id),
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    delay INTEGER NOT NULL DEFAULT 0,
    added_at TEXT NOT NULL,
    UNIQUE (visitor_id, offer_id)
);
