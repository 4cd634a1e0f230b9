-- Issue 35: a blank `group_id` is no group (the import drops it since this change); rows an earlier import stored
-- with `''` would otherwise be gathered into one product by the SQL listings and the sitemap.
UPDATE offers SET group_id = NULL WHERE trim(group_id) = '';
