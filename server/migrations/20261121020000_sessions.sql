-- Visitor sessions (issue 5): tower-sessions records, one row per session, removed when they expire.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    -- The session's data as JSON (tower-sessions `Record`).
    data TEXT NOT NULL,
    -- Unix seconds after which the session is void.
    expiry_date INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expiry_date);
