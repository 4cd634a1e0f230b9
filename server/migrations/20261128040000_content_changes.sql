-- Issue 39: what each import changed, as tags (`domain::changes`), so that a serving shop forgets exactly the rendered
-- pages that show it, whichever process imported. Written in the import's transaction, read by every instance's
-- catalogue watcher for the imports it has not seen; rows of all but the last imports are deleted by the import.
CREATE TABLE content_changes (
    import_id INTEGER NOT NULL,
    tag TEXT NOT NULL,
    PRIMARY KEY (import_id, tag)
);
