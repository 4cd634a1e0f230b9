-- Issue 22: a number that every change to what the public pages show moves, so the shop's page cache (rendered
-- pages, web/render/cache.rs) knows when to forget them, whichever process made the change: `vitrina menu import`,
-- `vitrina stores import` and `vitrina reviews publish` run beside the serving shop. The catalogue itself (offers,
-- sections, the shop's header) changes only in an import, which the `imports` log already tells. A pending review
-- (a visitor's, not shown yet) moves nothing: a stream of them cannot empty the cache.
CREATE TABLE content_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 0);

CREATE TRIGGER menus_insert_content AFTER INSERT ON menus
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER menus_update_content AFTER UPDATE ON menus
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER menus_delete_content AFTER DELETE ON menus
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER menu_items_insert_content AFTER INSERT ON menu_items
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER menu_items_update_content AFTER UPDATE ON menu_items
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER menu_items_delete_content AFTER DELETE ON menu_items
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER stores_insert_content AFTER INSERT ON stores
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER stores_update_content AFTER UPDATE ON stores
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER stores_delete_content AFTER DELETE ON stores
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER reviews_insert_content AFTER INSERT ON reviews WHEN NEW.status = 'published'
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER reviews_update_content AFTER UPDATE ON reviews
    WHEN OLD.status = 'published' OR NEW.status = 'published'
BEGIN UPDATE content_version SET version = version + 1; END;
CREATE TRIGGER reviews_delete_content AFTER DELETE ON reviews WHEN OLD.status = 'published'
BEGIN UPDATE content_version SET version = version + 1; END;
