-- Issue 24: the shop's own copies of its offers' pictures. One row per source address an offer names
-- (`offer_pictures.url`); the bytes live in the picture store under the data directory, content-addressed by
-- `hash` (pictures/{hash[0..2]}/{hash}/), with their derivatives beside them. An import adds a `pending` row for
-- each new address; the picture worker (`vitrina serve`, `vitrina pictures fetch`) downloads it and makes the
-- derivatives, then marks it `ready`, or `failed` with the reason. A row no offer names any more is removed by the
-- sweep after an import.
CREATE TABLE pictures (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
    -- The first 32 hex digits of the original's SHA-256: its folder in the store and its public address.
    hash TEXT,
    -- The original's size, px.
    width INTEGER,
    height INTEGER,
    -- The original's size, bytes.
    bytes INTEGER,
    -- Whether the AVIF derivatives are made (after the WebP and JPEG ones, which `ready` implies).
    avif INTEGER NOT NULL DEFAULT 0,
    -- The validators of the last download, for a conditional request (`vitrina pictures fetch --refresh`).
    etag TEXT,
    last_modified TEXT,
    -- Why it failed (`failed`), or why the last attempt did (`pending`, to be retried): a code such as
    -- PICTURE_NOT_IMAGE, then `: ` and the detail.
    failure TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    -- Unix seconds before which no worker takes it: the retry's back-off, or a worker's claim.
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    -- Unix seconds of the last download.
    fetched_at INTEGER
);
CREATE INDEX pictures_due ON pictures (state, next_attempt_at);
CREATE INDEX pictures_hash ON pictures (hash);

-- Moves whenever a picture becomes ready (or its AVIF does): the serving shop's watcher then forgets the offers
-- and pages it holds, so they name the new picture.
CREATE TABLE picture_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO picture_version (id, version) VALUES (1, 0);

-- The catalogue imported before this version: its pictures are fetched like a new import's.
INSERT OR IGNORE INTO pictures (url)
    SELECT p.url FROM offer_pictures p JOIN offers o ON o.id = p.offer_id WHERE o.active = 1
    ORDER BY o.position, p.position;
