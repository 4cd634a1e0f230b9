-- Issue 39: one random identity per database, made with it. A rendered page kept on disk names the database it was
-- rendered from; a page of another database (a folder shared by mistake, a database replaced) is never served.
CREATE TABLE shop_identity (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    value TEXT NOT NULL
);
INSERT INTO shop_identity (id, value) VALUES (1, md5(random()::text || clock_timestamp()::text));
