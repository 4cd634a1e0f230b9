-- The compare list and the recently viewed offers of a visitor (issue 6).
CREATE TABLE compare_items (
    visitor_id TEXT NOT NULL,
    offer_id TEXT NOT NULL REFERENCES offers (id),
    added_at TEXT NOT NULL,
    PRIMARY KEY (visitor_id, offer_id)
);

CREATE TABLE viewed_offers (
    visitor_id TEXT NOT NULL,
    offer_id TEXT NOT NULL REFERENCES offers (id),
    -- Unix milliseconds of the last view: the newest first.
    viewed_at INTEGER NOT NULL,
    PRIMARY KEY (visitor_id, offer_id)
);
CREATE INDEX viewed_offers_recent ON viewed_offers (visitor_id, viewed_at);
