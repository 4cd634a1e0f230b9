-- Issue 35: offers of one product (YML `group_id`) are its variants; the storefront shows them as one card and lets
-- the shopper choose among them on the product page.
ALTER TABLE offers ADD COLUMN group_id TEXT;
CREATE INDEX offers_group ON offers (group_id, position) WHERE group_id IS NOT NULL;
