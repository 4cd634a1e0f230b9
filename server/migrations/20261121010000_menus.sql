-- Site menus (issue 3): the horizontal top menu, and later others. Portable SQL.
-- `source` says who wrote the menu: 'generated' (built from the catalogue, rebuilt after each import)
-- or 'owner' (loaded with `vitrina menu import`, never touched by imports). docs/decisions.md "Menus".
CREATE TABLE menus (
    code TEXT PRIMARY KEY,
    source TEXT NOT NULL CHECK (source IN ('generated', 'owner')),
    updated_at TEXT NOT NULL
);

CREATE TABLE menu_items (
    id INTEGER PRIMARY KEY,
    menu_code TEXT NOT NULL REFERENCES menus (code) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES menu_items (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,         -- order among its siblings
    title TEXT NOT NULL,
    url TEXT NOT NULL
);
CREATE INDEX menu_items_menu ON menu_items (menu_code, position);
