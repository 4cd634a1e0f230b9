-- Issue 34: 20261126000000_feed_field_caps cut stored descriptions (sanitised HTML) at 10,000 characters with
-- substr(), sometimes inside a tag or an attribute, and a page then swallowed the markup after one into it. The
-- descriptions that long are listed here; the binary cleans them again with ammonia at its start
-- (db::offers::repair_cut_descriptions) and empties the list. Cleaning a whole description again changes nothing.
CREATE TABLE description_repairs (
    offer_id TEXT PRIMARY KEY
);
INSERT INTO description_repairs (offer_id) SELECT id FROM offers WHERE length(description) >= 10000;
