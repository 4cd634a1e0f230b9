-- Issue 36: order numbers come from a sequence, never MAX(id) + 1: a counter row that every database updates the
-- same way (`UPDATE … RETURNING`), so two instances never read the same maximum, and a deleted last order's number
-- is never given again.
CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO sequences (name, value) SELECT 'orders', COALESCE(MAX(id), 0) FROM orders;
