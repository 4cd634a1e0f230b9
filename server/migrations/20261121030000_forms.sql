-- Server-described forms (issue 5): definitions, submissions, captchas and the notification outbox.

-- One row per form; `definition` is the form's JSON as `vitrina forms import` reads it (docs/operations.md "Forms").
CREATE TABLE forms (
    code TEXT PRIMARY KEY NOT NULL,
    definition TEXT NOT NULL,
    -- 1 when the shop owner imported it; seeded defaults are 0 and are never overwritten once imported.
    imported INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);

-- What shoppers sent. `field_values` is a JSON object by field code (PHONE as the spec's object), kept as typed:
-- every place that shows it escapes it.
CREATE TABLE form_submissions (
    id INTEGER PRIMARY KEY,
    form_code TEXT NOT NULL,
    field_values TEXT NOT NULL,
    source_url TEXT,
    -- The session's visitor id (not the session cookie's secret).
    visitor_id TEXT NOT NULL,
    client_addr TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX form_submissions_form ON form_submissions (form_code, created_at);

-- Captchas: made with a form's answer, drawn (with a fresh word) when the image is fetched, used up by one
-- submission, void after 10 minutes.
CREATE TABLE captchas (
    sid TEXT PRIMARY KEY NOT NULL,
    form_code TEXT NOT NULL,
    -- NULL until the image has been drawn.
    word TEXT,
    -- Unix seconds.
    created_at INTEGER NOT NULL,
    used_at INTEGER
);
CREATE INDEX captchas_created ON captchas (created_at);

-- Notifications to the shop owner (and later to shoppers): every one is written here and logged; with SMTP
-- configured it is also mailed, and `sent_at` or `last_error` say how that went.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    recipient TEXT,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
