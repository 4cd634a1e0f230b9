-- Issue 23: the shop's search synonyms, as the text `vitrina synonyms import` loaded (NULL: the rules the binary
-- ships, `server/src/search/synonyms.txt`). `version` moves on every change, so a serving shop, watching it, rebuilds
-- its search index and forgets its rendered pages.
CREATE TABLE search_synonyms (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    rules TEXT,
    version INTEGER NOT NULL
);
INSERT INTO search_synonyms (id, rules, version) VALUES (1, NULL, 0);
