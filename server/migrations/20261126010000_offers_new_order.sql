-- Issue 22: the home page's "new" collection (`ORDER BY added_import_id DESC, position DESC`) is read in the index's
-- order instead of sorting every active offer. Each server-rendered home page loads it: at 100,000 offers the sort
-- took 110 ms a request (0.004 s with this index, sqlite3 on the soak's database).
CREATE INDEX offers_active_added ON offers (active, added_import_id, position);
