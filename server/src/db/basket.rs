//! Table `basket_lines` (issue 6): the visitor's basket and wishlist. Each function says the SQL it runs.

use super::Db;
use crate::limits::{BASKET_MAX_LINES, BASKET_MAX_QUANTITY};

/// One stored line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    pub id: i64,
    pub offer_id: String,
    pub quantity: i64,
    pub delay: bool,
}

/// What adding to a line came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// The line exists with the new quantity; its id.
    Line(i64),
    /// The line would pass [`BASKET_MAX_QUANTITY`]; nothing changed.
    OverLimit,
    /// The basket (or the wishlist) already holds [`BASKET_MAX_LINES`] other offers; nothing changed.
    TooManyLines,
}

/// Adds `quantity` of `offer_id` to the visitor's line, or makes the line. A line on the other side (`delay`
/// differs: a wishlisted offer added to the basket, or a basket line put into the wishlist) moves over and keeps its
/// quantity, as the cart page's move does. One statement, `INSERT … SELECT … WHERE (other lines of that side) < cap
/// ON CONFLICT DO UPDATE SET quantity = CASE …`, under the visitor's lock ([`Db::begin_for_visitor`]: PostgreSQL's
/// READ COMMITTED lets two concurrent statements each count the other's line out), so concurrent adds never lose an
/// update nor pass the caps: a sum
/// over [`BASKET_MAX_QUANTITY`], or a new line on a side that holds [`BASKET_MAX_LINES`] other offers (issue 20),
/// changes nothing.
pub async fn add(db: &Db, visitor: &str, offer_id: &str, quantity: i64, delay: bool) -> sqlx::Result<Added> {
    let mut tx = db.begin_for_visitor(visitor).await?;
    let id: Option<i64> = on_tx!(tx, c => sqlx::query_scalar(
        "INSERT INTO basket_lines (visitor_id, offer_id, quantity, delay, added_at)
         SELECT $1, $2, $3, $4, $5
         WHERE (SELECT COUNT(*) FROM basket_lines WHERE visitor_id = $6 AND delay = $7 AND offer_id <> $8) < $9
         ON CONFLICT (visitor_id, offer_id) DO UPDATE SET
         quantity = CASE WHEN basket_lines.delay = excluded.delay
                         THEN basket_lines.quantity + excluded.quantity ELSE basket_lines.quantity END,
         delay = excluded.delay
         WHERE CASE WHEN basket_lines.delay = excluded.delay
                    THEN basket_lines.quantity + excluded.quantity ELSE basket_lines.quantity END <= $10
         RETURNING id",
    )
    .bind(visitor)
    .bind(offer_id)
    .bind(quantity)
    .bind(delay)
    .bind(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    .bind(visitor)
    .bind(delay)
    .bind(offer_id)
    .bind(BASKET_MAX_LINES)
    .bind(BASKET_MAX_QUANTITY)
    .fetch_optional(&mut *c)
    .await)?;
    if let Some(id) = id {
        tx.commit().await?;
        return Ok(Added::Line(id));
    }
    // Nothing changed: say which cap held (a line of this offer on this side hit the quantity cap; otherwise the side
    // was full).
    let same_side: Option<i64> = on_tx!(tx, c => sqlx::query_scalar("SELECT id FROM basket_lines WHERE visitor_id = $1 AND offer_id = $2 AND delay = $3")
            .bind(visitor)
            .bind(offer_id)
            .bind(delay)
            .fetch_optional(&mut *c)
            .await)?;
    tx.commit().await?;
    Ok(if same_side.is_some() { Added::OverLimit } else { Added::TooManyLines })
}

/// What changing a line came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Updated {
    /// The line changed.
    Done,
    /// The visitor has no such line.
    NotFound,
    /// Moving it would put more than [`BASKET_MAX_LINES`] lines on the other side (issue 20); nothing changed.
    TooManyLines,
}

/// `UPDATE basket_lines SET quantity = COALESCE(?, quantity), delay = COALESCE(?, delay)` on the visitor's line
/// `id`, when a move to the other side leaves that side within [`BASKET_MAX_LINES`] (checked in the same statement,
/// under the visitor's lock as [`add`] is).
pub async fn update(
    db: &Db,
    visitor: &str,
    id: i64,
    quantity: Option<i64>,
    delay: Option<bool>,
) -> sqlx::Result<Updated> {
    let mut tx = db.begin_for_visitor(visitor).await?;
    let changed = on_tx!(tx, c => sqlx::query(
        "UPDATE basket_lines SET quantity = COALESCE($1, quantity), delay = COALESCE($2, delay)
         WHERE id = $3 AND visitor_id = $4
         AND ($5 IS NULL OR delay = $6
              OR (SELECT COUNT(*) FROM basket_lines WHERE visitor_id = $7 AND delay = $8) < $9)",
    )
    .bind(quantity)
    .bind(delay)
    .bind(id)
    .bind(visitor)
    .bind(delay)
    .bind(delay)
    .bind(visitor)
    .bind(delay)
    .bind(BASKET_MAX_LINES)
    .execute(&mut *c)
    .await.map(|r| r.rows_affected()))?
        == 1;
    if changed {
        tx.commit().await?;
        return Ok(Updated::Done);
    }
    let exists: Option<i64> = on_tx!(tx, c => sqlx::query_scalar("SELECT id FROM basket_lines WHERE id = $1 AND visitor_id = $2")
        .bind(id)
        .bind(visitor)
        .fetch_optional(&mut *c)
        .await)?;
    tx.commit().await?;
    Ok(if exists.is_some() { Updated::TooManyLines } else { Updated::NotFound })
}

/// `DELETE FROM basket_lines WHERE id = ? AND visitor_id = ?`; false when there was no such line.
pub async fn delete(db: &Db, visitor: &str, id: i64) -> sqlx::Result<bool> {
    Ok(on_pool!(db, pool => sqlx::query("DELETE FROM basket_lines WHERE id = $1 AND visitor_id = $2")
        .bind(id)
        .bind(visitor)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?
        == 1)
}

/// The visitor's lines, oldest first.
pub async fn lines(db: &Db, visitor: &str) -> sqlx::Result<Vec<LineRow>> {
    on_pool!(db, pool => sqlx::query_as("SELECT id, offer_id, quantity, delay FROM basket_lines WHERE visitor_id = $1 ORDER BY id")
        .bind(visitor)
        .fetch_all(pool)
        .await)
}

/// `SELECT offer_id FROM basket_lines WHERE id = ? AND visitor_id = ?`: the offer of the visitor's line `id`.
pub async fn line_offer(db: &Db, visitor: &str, id: i64) -> sqlx::Result<Option<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT offer_id FROM basket_lines WHERE id = $1 AND visitor_id = $2")
        .bind(id)
        .bind(visitor)
        .fetch_optional(pool)
        .await)
}

/// `SELECT active, available AND price_minor > 0 FROM offers WHERE id = ?`: whether the offer is on the storefront,
/// and whether it can be bought: in stock, with a price (a zero price is "price on request", issue 35); `None` for an
/// id no feed ever had.
pub async fn offer_state(db: &Db, offer_id: &str) -> sqlx::Result<Option<(bool, bool)>> {
    on_pool!(db, pool => sqlx::query_as("SELECT active, available AND price_minor > 0 FROM offers WHERE id = $1")
        .bind(offer_id)
        .fetch_optional(pool)
        .await)
}

/// A line with its offer's current price, for the mini cart's sums.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PricedLine {
    pub quantity: i64,
    pub delay: bool,
    pub price_minor: i64,
    pub currency_id: String,
}

/// The visitor's lines of offers still on the storefront with their prices, oldest first (one join, no details).
pub async fn priced_lines(db: &Db, visitor: &str) -> sqlx::Result<Vec<PricedLine>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT l.quantity, l.delay, o.price_minor, o.currency_id FROM basket_lines l
         JOIN offers o ON o.id = l.offer_id WHERE l.visitor_id = $1 AND o.active = TRUE ORDER BY l.id",
    )
    .bind(visitor)
    .fetch_all(pool)
    .await)
}
