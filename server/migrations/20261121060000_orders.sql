-- Orders (issue 6): what `POST /api/orders` makes of a visitor's basket. An order keeps the contact and delivery
-- details as the shopper sent them; its lines snapshot each offer as it was when ordered (name, code, page, first
-- picture, price), so the order reads the same after the catalogue changes or a first import replaces the demo one.
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    -- What the shopper and the shop owner call the order: the id as decimal text (as the original's ORDER_ID);
    -- TEXT so that a later format (a prefix, a year) needs no migration.
    number TEXT NOT NULL UNIQUE,
    -- The session's visitor id: `GET /api/orders/{number}` answers only that visitor.
    visitor_id TEXT NOT NULL,
    -- The shopper's account once accounts exist (issue 7).
    user_id INTEGER,
    status TEXT NOT NULL DEFAULT 'new',
    name TEXT NOT NULL,
    -- As sent (trimmed; the checkout sends the international format, `+7 912 345-67-89`), valid for `phone_country`.
    phone TEXT NOT NULL,
    -- iso2, lower case: `ru`.
    phone_country TEXT NOT NULL,
    email TEXT,
    city TEXT NOT NULL,
    -- Only with courier delivery.
    address TEXT,
    delivery_method TEXT NOT NULL CHECK (delivery_method IN ('pickup', 'courier')),
    payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'card_on_delivery')),
    comment TEXT,
    currency_id TEXT NOT NULL,
    -- Sum of the lines' sums, minor units of `currency_id`.
    total_minor INTEGER NOT NULL,
    -- RFC 3339, UTC, seconds.
    created_at TEXT NOT NULL
);
CREATE INDEX orders_visitor ON orders (visitor_id);

-- No foreign key to `offers`: a line is a snapshot and outlives the offer.
CREATE TABLE order_lines (
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    -- 1-based, in the order the basket had them.
    position INTEGER NOT NULL,
    offer_id TEXT NOT NULL,
    name TEXT NOT NULL,
    vendor_code TEXT,
    -- The offer's storefront page when ordered: `/catalog/konstruktory/little-starter/`.
    url TEXT NOT NULL,
    -- The offer's first picture when ordered.
    picture TEXT,
    -- Minor units of `currency_id`.
    price_minor INTEGER NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    sum_minor INTEGER NOT NULL,
    currency_id TEXT NOT NULL,
    PRIMARY KEY (order_id, position)
);
