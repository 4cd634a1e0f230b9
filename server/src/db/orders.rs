//! Tables `orders` and `order_lines` (issue 6): a visitor's basket placed as an order in one transaction, and an
//! order read back for the visitor (or the account, issue 7) that placed it; an account's order history. Each
//! function says the SQL it runs.

use super::Db;
use super::now_text;
use crate::domain::orders::{CleanOrder, DeliveryMethod, PaymentMethod};
use crate::domain::slug::offer_path;
use crate::limits::ORDER_MAX_PIECES;

/// One line of an order: the offer as it was when ordered.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderLine {
    /// The feed's offer id.
    pub offer_id: String,
    /// The offer's name when ordered.
    pub name: String,
    /// The offer's SKU when ordered, if any.
    pub vendor_code: Option<String>,
    /// The offer's storefront page when ordered (a site path).
    pub url: String,
    /// The address of the offer's first picture when ordered.
    pub picture: Option<String>,
    /// The shop's own copy of that picture, when it holds one (read with the order; issue 24).
    #[sqlx(skip)]
    pub own_picture: Option<crate::domain::pictures::Picture>,
    /// Minor units of `currency_id`.
    pub price_minor: i64,
    /// 1..=999.
    pub quantity: i64,
    /// `price_minor × quantity`.
    pub sum_minor: i64,
    /// ISO 4217 code of the amounts.
    pub currency_id: String,
}

/// An order with its lines, in their basket order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Row id (the number is made from it).
    pub id: i64,
    /// The order's id as decimal text (docs/decisions.md "Orders").
    pub number: String,
    /// `new` until the shop works on it; then as `crate::domain::order_status::OrderStatus` names it (issue 37).
    pub status: String,
    /// RFC 3339, UTC, seconds.
    pub created_at: String,
    /// RFC 3339, UTC, seconds: the last status change, or the placement.
    pub updated_at: String,
    /// `ru` or `en`: the language the shopper ordered in, which the status mails speak.
    pub language: String,
    /// The account that placed it, if the shopper was logged in.
    pub user_id: Option<i64>,
    /// The contact and delivery details as checked by `validate_order`.
    pub details: CleanOrder,
    /// ISO 4217 code of the amounts.
    pub currency_id: String,
    /// The sum of the lines' sums, minor units of `currency_id`.
    pub total_minor: i64,
    pub lines: Vec<OrderLine>,
}

/// An offer of the basket that cannot be ordered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unorderable {
    /// The feed's offer id.
    pub offer_id: String,
    /// The offer's name, for the message.
    pub name: String,
    /// `true`: no longer in the catalogue (the basket already hides its line); `false`: out of stock.
    pub removed: bool,
}

/// Why [`place`] made no order.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The visitor's basket has no lines outside the wishlist.
    #[error("the basket is empty")]
    Empty,
    /// These offers cannot be ordered now; nothing was ordered and the basket's visible lines are as they were.
    #[error("{} offers of the basket cannot be ordered", .0.len())]
    Unavailable(Vec<Unorderable>),
    /// The basket's lines are priced in more than one currency (one order has one currency).
    #[error("the basket holds offers priced in more than one currency")]
    MixedCurrencies,
    /// The total does not fit 64 bits of minor units.
    #[error("the order's total is too large")]
    TotalOverflow,
    /// The basket holds more than [`ORDER_MAX_PIECES`] pieces in all (issue 20).
    #[error("the order holds more than {ORDER_MAX_PIECES} pieces")]
    TooManyPieces,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// A basket line with its offer as the catalogue has it now.
#[derive(Debug, sqlx::FromRow)]
struct BasketOffer {
    offer_id: String,
    quantity: i64,
    name: String,
    vendor_code: Option<String>,
    slug: String,
    section_slug: Option<String>,
    picture: Option<String>,
    price_minor: i64,
    currency_id: String,
    active: bool,
    available: bool,
}

/// Who places an order, and how it is to be found again.
#[derive(Debug, Clone, Copy)]
pub struct Placing<'a> {
    /// The visitor whose basket is ordered.
    pub visitor: &'a str,
    /// The logged-in account, if any (its order history lists the order).
    pub user_id: Option<i64>,
    /// `ru` or `en`: the language the shopper ordered in.
    pub language: &'a str,
    /// SHA-256 (hex) of the guest link's token (issue 37).
    pub guest_token_hash: &'a str,
}

/// Places the visitor's basket (its lines outside the wishlist) as an order with `details`, in one transaction
/// begun with `BEGIN IMMEDIATE`, so the write lock is held from the first read and no concurrent add, change or
/// second checkout of the same basket can come between:
///
/// 1. `SELECT` the non-delayed `basket_lines` joined with `offers`, their sections and first pictures, oldest first;
///    none → [`PlaceError::Empty`].
/// 2. Any offer now out of stock or no longer in the catalogue → [`PlaceError::Unavailable`] naming each, and no
///    order. Lines of removed offers are deleted then (the basket already hides and does not count them, so the
///    shopper could neither see nor remove them, and the next attempt would fail again); every other line stays.
/// 3. `INSERT INTO orders` with id and number the next of the orders' sequence (`UPDATE sequences … RETURNING`;
///    and `user_id`, the logged-in account, if any),
///    `INSERT INTO order_lines` one per line with the
///    snapshot (name, vendor code, page, picture, price, quantity, sum), `DELETE` the visitor's non-delayed
///    `basket_lines` (the wishlist stays), `COMMIT`.
///
/// Any failure rolls everything back: no order, the basket as it was.
pub async fn place(db: &Db, placing: &Placing<'_>, details: &CleanOrder) -> Result<Order, PlaceError> {
    let Placing { visitor, user_id, language, guest_token_hash } = *placing;
    let mut tx = db.begin_locked(super::WriteLock::Accounts).await?;
    let basket: Vec<BasketOffer> = on_tx!(tx, tx => sqlx::query_as(
        "SELECT l.offer_id, l.quantity, o.name, o.vendor_code, o.slug, s.slug AS section_slug,
                (SELECT p.url FROM offer_pictures p WHERE p.offer_id = o.id ORDER BY p.position LIMIT 1) AS picture,
                o.price_minor, o.currency_id, o.active, o.available
         FROM basket_lines l JOIN offers o ON o.id = l.offer_id LEFT JOIN sections s ON s.id = o.section_id
         WHERE l.visitor_id = $1 AND l.delay = FALSE ORDER BY l.id",
    )
    .bind(visitor)
    .fetch_all(&mut *tx)
    .await)?;
    if basket.is_empty() {
        return Err(PlaceError::Empty);
    }
    let unorderable: Vec<Unorderable> = basket
        .iter()
        .filter(|b| !b.active || !b.available || b.price_minor == 0)
        .map(|b| Unorderable { offer_id: b.offer_id.clone(), name: b.name.clone(), removed: !b.active })
        .collect();
    if !unorderable.is_empty() {
        if unorderable.iter().any(|u| u.removed) {
            on_tx!(tx, tx => sqlx::query(
                "DELETE FROM basket_lines WHERE visitor_id = $1 AND delay = FALSE
                 AND offer_id IN (SELECT id FROM offers WHERE active = FALSE)",
            )
            .bind(visitor)
            .execute(&mut *tx)
            .await.map(|r| r.rows_affected()))?;
            tx.commit().await?;
        }
        return Err(PlaceError::Unavailable(unorderable));
    }
    let currency_id = basket[0].currency_id.clone();
    if basket.iter().any(|b| b.currency_id != currency_id) {
        return Err(PlaceError::MixedCurrencies);
    }
    if basket.iter().map(|b| b.quantity).sum::<i64>() > ORDER_MAX_PIECES {
        return Err(PlaceError::TooManyPieces);
    }
    let mut lines = Vec::with_capacity(basket.len());
    let mut total_minor: i64 = 0;
    for b in basket {
        let sum_minor = b.price_minor.checked_mul(b.quantity).ok_or(PlaceError::TotalOverflow)?;
        total_minor = total_minor.checked_add(sum_minor).ok_or(PlaceError::TotalOverflow)?;
        lines.push(OrderLine {
            url: offer_path(b.section_slug.as_deref(), &b.slug),
            offer_id: b.offer_id,
            name: b.name,
            vendor_code: b.vendor_code,
            picture: b.picture,
            own_picture: None,
            price_minor: b.price_minor,
            quantity: b.quantity,
            sum_minor,
            currency_id: b.currency_id,
        });
    }
    // The next number of the orders' sequence (issue 36): taken in this transaction, so a rollback gives it back.
    let id: i64 = on_tx!(tx, tx => sqlx::query_scalar("UPDATE sequences SET value = value + 1 WHERE name = 'orders' RETURNING value")
        .fetch_one(&mut *tx)
        .await)?;
    let number = id.to_string();
    let created_at = now_text();
    on_tx!(tx, tx => sqlx::query(
        "INSERT INTO orders (id, number, visitor_id, user_id, status, name, phone, phone_country, email, city,
             address, delivery_method, payment_method, comment, currency_id, total_minor, created_at, updated_at,
             language, guest_token_hash, phone_digits, search_text)
         VALUES ($1, $2, $3, $4, 'new', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)",
    )
    .bind(id)
    .bind(&number)
    .bind(visitor)
    .bind(user_id)
    .bind(&details.name)
    .bind(&details.phone)
    .bind(&details.phone_country)
    .bind(&details.email)
    .bind(&details.city)
    .bind(&details.address)
    .bind(details.delivery_method.as_str())
    .bind(details.payment_method.as_str())
    .bind(&details.comment)
    .bind(&currency_id)
    .bind(total_minor)
    .bind(&created_at)
    .bind(&created_at)
    .bind(language)
    .bind(guest_token_hash)
    .bind(phone_digits(&details.phone))
    .bind(search_text(&number, &details.name, details.email.as_deref()))
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    for (position, line) in (1_i64..).zip(&lines) {
        on_tx!(tx, tx => sqlx::query(
            "INSERT INTO order_lines (order_id, position, offer_id, name, vendor_code, url, picture, price_minor,
                 quantity, sum_minor, currency_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(id)
        .bind(position)
        .bind(&line.offer_id)
        .bind(&line.name)
        .bind(&line.vendor_code)
        .bind(&line.url)
        .bind(&line.picture)
        .bind(line.price_minor)
        .bind(line.quantity)
        .bind(line.sum_minor)
        .bind(&line.currency_id)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    }
    on_tx!(tx, tx => sqlx::query("DELETE FROM basket_lines WHERE visitor_id = $1 AND delay = FALSE").bind(visitor).execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(Order {
        id,
        number,
        status: "new".into(),
        updated_at: created_at.clone(),
        created_at,
        language: language.to_owned(),
        user_id,
        details: details.clone(),
        currency_id,
        total_minor,
        lines,
    })
}

/// An order row as stored.
#[derive(Debug, sqlx::FromRow)]
struct OrderRow {
    id: i64,
    number: String,
    status: String,
    created_at: String,
    updated_at: String,
    language: String,
    user_id: Option<i64>,
    name: String,
    phone: String,
    phone_country: String,
    email: Option<String>,
    city: String,
    address: Option<String>,
    delivery_method: String,
    payment_method: String,
    comment: Option<String>,
    currency_id: String,
    total_minor: i64,
}

fn bad_column(column: &str, value: &str) -> sqlx::Error {
    sqlx::Error::ColumnDecode { index: column.to_owned(), source: format!("unknown value {value:?}").into() }
}

/// The columns [`read`] reads.
const ORDER_COLUMNS: &str =
    "SELECT id, number, status, created_at, updated_at, language, user_id, name, phone, phone_country,
        email, city, address, delivery_method, payment_method, comment, currency_id, total_minor FROM orders";

/// How an order is looked up.
#[derive(Debug, Clone, Copy)]
pub enum OrderKey<'a> {
    /// By number, only when `visitor` or the account `user_id` placed it (the shopper's own pages).
    Shopper { number: &'a str, visitor: Option<&'a str>, user_id: Option<i64> },
    /// By the SHA-256 (hex) of its guest link's token (issue 37).
    GuestToken(&'a str),
    /// By number, whoever placed it (the back office and the CLI).
    Number(&'a str),
}

/// The order `number` with its lines, only when `visitor` or the account `user_id` placed it: `SELECT … FROM
/// orders WHERE number = ? AND (visitor_id = ? OR user_id = ?)`, then its lines ([`read`]). `None` for an unknown
/// number or someone else's order.
pub async fn find(db: &Db, number: &str, visitor: Option<&str>, user_id: Option<i64>) -> sqlx::Result<Option<Order>> {
    read(db, OrderKey::Shopper { number, visitor, user_id }).await
}

/// The order `key` names with its lines: `SELECT … FROM orders WHERE …`, then `SELECT … FROM order_lines WHERE
/// order_id = ? ORDER BY position` and their pictures' copies (`pictures`). `None` when there is no such order.
pub async fn read(db: &Db, key: OrderKey<'_>) -> sqlx::Result<Option<Order>> {
    let row: Option<OrderRow> = match key {
        OrderKey::Shopper { number, visitor, user_id } => {
            let sql = format!("{ORDER_COLUMNS} WHERE number = $1 AND (visitor_id = $2 OR user_id = $3)");
            on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
                .bind(number)
                .bind(visitor)
                .bind(user_id)
                .fetch_optional(pool)
                .await)?
        }
        OrderKey::GuestToken(hash) => {
            let sql = format!("{ORDER_COLUMNS} WHERE guest_token_hash = $1");
            on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(hash).fetch_optional(pool).await)?
        }
        OrderKey::Number(number) => {
            let sql = format!("{ORDER_COLUMNS} WHERE number = $1");
            on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(number).fetch_optional(pool).await)?
        }
    };
    let Some(row) = row else { return Ok(None) };
    let mut lines: Vec<OrderLine> = on_pool!(db, pool => sqlx::query_as(
        "SELECT offer_id, name, vendor_code, url, picture, price_minor, quantity, sum_minor, currency_id
         FROM order_lines WHERE order_id = $1 ORDER BY position",
    )
    .bind(row.id)
    .fetch_all(pool)
    .await)?;
    let copies: Vec<(String, String, i64, i64, bool)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT p.url, p.hash, p.width, p.height, p.avif FROM pictures p
         JOIN order_lines l ON l.picture = p.url AND l.order_id = $1 WHERE p.hash IS NOT NULL",
    )
    .bind(row.id)
    .fetch_all(pool)
    .await)?;
    for line in &mut lines {
        line.own_picture = copies
            .iter()
            .find(|(url, ..)| line.picture.as_ref() == Some(url))
            .map(|(_, hash, w, h, avif)| crate::db::pictures::picture(hash.clone(), *w, *h, *avif));
    }
    let delivery_method = DeliveryMethod::parse(&row.delivery_method)
        .ok_or_else(|| bad_column("delivery_method", &row.delivery_method))?;
    let payment_method =
        PaymentMethod::parse(&row.payment_method).ok_or_else(|| bad_column("payment_method", &row.payment_method))?;
    Ok(Some(Order {
        id: row.id,
        number: row.number,
        status: row.status,
        created_at: row.created_at,
        updated_at: row.updated_at,
        language: row.language,
        user_id: row.user_id,
        details: CleanOrder {
            name: row.name,
            phone: row.phone,
            phone_country: row.phone_country,
            email: row.email,
            city: row.city,
            address: row.address,
            delivery_method,
            payment_method,
            comment: row.comment,
        },
        currency_id: row.currency_id,
        total_minor: row.total_minor,
        lines,
    }))
}

/// One order of an account's history.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderSummary {
    pub number: String,
    /// RFC 3339, UTC, seconds.
    pub created_at: String,
    pub status: String,
    /// Minor units of `currency_id`.
    pub total_minor: i64,
    pub currency_id: String,
    /// Pieces over the order's lines.
    pub item_count: i64,
}

/// The account's orders, newest first: `SELECT number, created_at, status, total_minor, currency_id, (SELECT
/// SUM(quantity) FROM order_lines …) FROM orders WHERE user_id = ? ORDER BY id DESC`.
pub async fn list_for_user(db: &Db, user_id: i64) -> sqlx::Result<Vec<OrderSummary>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT o.number, o.created_at, o.status, o.total_minor, o.currency_id,
                CAST(COALESCE((SELECT SUM(l.quantity) FROM order_lines l WHERE l.order_id = o.id), 0) AS BIGINT) AS item_count
         FROM orders o WHERE o.user_id = $1 ORDER BY o.id DESC",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await)
}

/// The digits of `phone` (`+7 912 345-67-89` → `79123456789`): what the back office's phone search compares.
pub fn phone_digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// The order's number, name and e-mail, lower-cased (Unicode) and joined by spaces: what the back office's text
/// search looks in (`orders.search_text`).
pub fn search_text(number: &str, name: &str, email: Option<&str>) -> String {
    format!("{number} {name} {}", email.unwrap_or("")).to_lowercase()
}

/// Fills `search_text` of orders placed before it existed (`search_text = ''`), in batches of 500: the server's
/// start runs it. Returns how many it filled.
pub async fn backfill_search_text(db: &Db) -> sqlx::Result<u64> {
    let mut filled = 0;
    loop {
        let rows: Vec<(i64, String, String, Option<String>)> = on_pool!(db, pool => sqlx::query_as(
            "SELECT id, number, name, email FROM orders WHERE search_text = '' ORDER BY id LIMIT 500",
        )
        .fetch_all(pool)
        .await)?;
        if rows.is_empty() {
            return Ok(filled);
        }
        for (id, number, name, email) in rows {
            let text = search_text(&number, &name, email.as_deref());
            on_pool!(db, pool => sqlx::query("UPDATE orders SET search_text = $1 WHERE id = $2")
                .bind(&text)
                .bind(id)
                .execute(pool)
                .await.map(|r| r.rows_affected()))?;
            filled += 1;
        }
    }
}
