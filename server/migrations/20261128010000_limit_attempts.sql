-- The counts behind the log-in, registration, password-reset, e-mail-probe and order limits (issue 36), kept in
-- the database so that they hold across instances: an in-memory count would let an attacker multiply a limit by
-- the number of instances. One row per counted attempt; rows older than the longest window are swept.
CREATE TABLE limit_attempts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    at_ms INTEGER NOT NULL
);
CREATE INDEX limit_attempts_key ON limit_attempts (kind, key, at_ms);
CREATE INDEX limit_attempts_at ON limit_attempts (at_ms);
