//! 1C's exchange (issue 38; migration `20261128030000_exchange_1c.sql`): what 1C last said of each good, offer and
//! price type (`exchange_goods`, `exchange_offers`, `exchange_price_types`, JSON bodies the exchange reads back), and
//! the sessions `mode=checkauth` opens (`exchange_sessions`). The staging rows are written in the catalogue
//! writer's transaction, so a failed exchange leaves them as they were. Each function says the SQL it runs.

use super::{Db, IN_LIST_CHUNK, Tx, in_list};

/// `INSERT INTO exchange_goods … ON CONFLICT (id) DO UPDATE`: what 1C now says of good `id`, seen by `import_id`.
pub async fn upsert_good(conn: &mut Tx, id: &str, body: &str, import_id: i64) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO exchange_goods (id, body, seen_import_id) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body, seen_import_id = excluded.seen_import_id",
    )
    .bind(id)
    .bind(body)
    .bind(import_id)
    .execute(conn)
    .await
    .map(drop))
}

/// What 1C said of good `id` before: `SELECT body FROM exchange_goods WHERE id = ?`.
pub async fn good_body(conn: &mut Tx, id: &str) -> sqlx::Result<Option<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT body FROM exchange_goods WHERE id = $1").bind(id).fetch_optional(conn).await)
}

/// Forgets goods `ids` (1C deleted them) and their offers: `DELETE FROM exchange_offers WHERE good_id IN (…)
/// RETURNING id`, `DELETE FROM exchange_goods WHERE id IN (…)`. Returns the forgotten offers' ids, for the
/// catalogue writer to take off the storefront.
pub async fn forget_goods(conn: &mut Tx, ids: &[String]) -> sqlx::Result<Vec<String>> {
    let mut offers = Vec::new();
    for chunk in ids.chunks(IN_LIST_CHUNK) {
        let found: Vec<String> = on_tx!(conn, conn => {
            let mut q = in_list("DELETE FROM exchange_offers WHERE good_id IN", chunk, "RETURNING id");
            q.build_query_scalar().fetch_all(&mut *conn).await
        })?;
        offers.extend(found);
        on_tx!(conn, conn => {
            let mut q = in_list("DELETE FROM exchange_goods WHERE id IN", chunk, "");
            q.build().execute(&mut *conn).await.map(drop)
        })?;
    }
    Ok(offers)
}

/// The goods no import since `floor` (the first of this exchange session) named: `SELECT id FROM exchange_goods WHERE
/// seen_import_id < ?`.
pub async fn goods_unseen(conn: &mut Tx, floor: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT id FROM exchange_goods WHERE seen_import_id < $1 ORDER BY id")
        .bind(floor)
        .fetch_all(conn)
        .await)
}

/// Whether 1C has sent good `id`: `SELECT 1 FROM exchange_goods WHERE id = ?`.
pub async fn good_known(conn: &mut Tx, id: &str) -> sqlx::Result<bool> {
    let found: Option<i64> = on_tx!(conn, conn => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM exchange_goods WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await)?;
    Ok(found.is_some())
}

/// What 1C said of offer `id` before: `SELECT body FROM exchange_offers WHERE id = ?`.
pub async fn offer_body(conn: &mut Tx, id: &str) -> sqlx::Result<Option<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT body FROM exchange_offers WHERE id = $1").bind(id).fetch_optional(conn).await)
}

/// `INSERT INTO exchange_offers … ON CONFLICT (id) DO UPDATE`: what 1C now says of offer `id` of good `good_id`.
pub async fn upsert_offer(conn: &mut Tx, id: &str, good_id: &str, body: &str, import_id: i64) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO exchange_offers (id, good_id, body, seen_import_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET good_id = excluded.good_id, body = excluded.body,
           seen_import_id = excluded.seen_import_id",
    )
    .bind(id)
    .bind(good_id)
    .bind(body)
    .bind(import_id)
    .execute(conn)
    .await
    .map(drop))
}

/// Forgets offers `ids` (1C deleted them): `DELETE FROM exchange_offers WHERE id IN (…)`.
pub async fn forget_offers(conn: &mut Tx, ids: &[String]) -> sqlx::Result<()> {
    for chunk in ids.chunks(IN_LIST_CHUNK) {
        on_tx!(conn, conn => {
            let mut q = in_list("DELETE FROM exchange_offers WHERE id IN", chunk, "");
            q.build().execute(&mut *conn).await.map(drop)
        })?;
    }
    Ok(())
}

/// Forgets the offers no import since `floor` (the first of this exchange session) named: `DELETE FROM exchange_offers
/// WHERE seen_import_id < ?`. The catalogue writer takes them off the storefront with everything else the exchange
/// did not list.
pub async fn forget_offers_unseen(conn: &mut Tx, floor: i64) -> sqlx::Result<u64> {
    on_tx!(conn, conn => sqlx::query("DELETE FROM exchange_offers WHERE seen_import_id < $1")
        .bind(floor)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))
}

/// An offer joined with its good, as the exchange writes it to the catalogue.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Joined {
    pub id: String,
    pub offer: String,
    pub good: String,
}

/// Up to `limit` offers after `after` (by id, byte order) that this exchange (`import_id`) named or whose good it
/// named, or every offer when `all`, each with its good: `SELECT o.id, o.body, g.body FROM exchange_offers o JOIN
/// exchange_goods g ON g.id = o.good_id WHERE o.id > ? AND (? OR o.seen_import_id = ? OR g.seen_import_id = ?) ORDER
/// BY o.id LIMIT ?`.
pub async fn joined(conn: &mut Tx, import_id: i64, all: bool, after: &str, limit: i64) -> sqlx::Result<Vec<Joined>> {
    on_tx!(conn, conn => sqlx::query_as(
        "SELECT o.id AS id, o.body AS offer, g.body AS good
         FROM exchange_offers o JOIN exchange_goods g ON g.id = o.good_id
         WHERE o.id > $1 AND ($2 OR o.seen_import_id = $3 OR g.seen_import_id = $3)
         ORDER BY o.id LIMIT $4",
    )
    .bind(after)
    .bind(all)
    .bind(import_id)
    .bind(limit)
    .fetch_all(conn)
    .await)
}

/// Goods this exchange (`import_id`) named that no offer sells (1C sent no price for them), at most `limit`, and how
/// many there are: `SELECT g.id … WHERE g.seen_import_id = ? AND NOT EXISTS (SELECT 1 FROM exchange_offers o WHERE
/// o.good_id = g.id)`.
pub async fn goods_without_offers(conn: &mut Tx, import_id: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(conn, conn => sqlx::query_scalar(
        "SELECT g.id FROM exchange_goods g
         WHERE g.seen_import_id = $1 AND NOT EXISTS (SELECT 1 FROM exchange_offers o WHERE o.good_id = g.id)
         ORDER BY g.id LIMIT $2",
    )
    .bind(import_id)
    .bind(limit)
    .fetch_all(conn)
    .await)
}

/// `INSERT INTO exchange_properties … ON CONFLICT (id) DO UPDATE`: a property of 1C's classifier (its name and
/// `Справочник` values, JSON), so goods of a later file or exchange resolve their values.
pub async fn upsert_property(conn: &mut Tx, id: &str, body: &str) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO exchange_properties (id, body) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET body = excluded.body",
    )
    .bind(id)
    .bind(body)
    .execute(conn)
    .await
    .map(drop))
}

/// Every property 1C has sent: `SELECT id, body FROM exchange_properties`.
pub async fn properties(conn: &mut Tx) -> sqlx::Result<Vec<(String, String)>> {
    on_tx!(conn, conn => sqlx::query_as("SELECT id, body FROM exchange_properties").fetch_all(conn).await)
}

/// A price type as 1C named it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PriceTypeRow {
    pub id: String,
    pub name: String,
    pub currency: String,
}

/// `INSERT INTO exchange_price_types … ON CONFLICT (id) DO UPDATE`.
pub async fn upsert_price_type(conn: &mut Tx, row: &PriceTypeRow) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO exchange_price_types (id, name, currency) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, currency = excluded.currency",
    )
    .bind(&row.id)
    .bind(&row.name)
    .bind(&row.currency)
    .execute(conn)
    .await
    .map(drop))
}

/// Every price type 1C has named: `SELECT id, name, currency FROM exchange_price_types ORDER BY name, id`.
pub async fn price_types(conn: &mut Tx) -> sqlx::Result<Vec<PriceTypeRow>> {
    on_tx!(conn, conn => sqlx::query_as("SELECT id, name, currency FROM exchange_price_types ORDER BY name, id")
        .fetch_all(conn)
        .await)
}

/// Opens an exchange session: `INSERT INTO exchange_sessions (token_hash, expires_at)`, and forgets the sessions
/// that ended before `now` (unix s).
pub async fn open_session(db: &Db, token_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("DELETE FROM exchange_sessions WHERE expires_at < $1").bind(now).execute(pool).await.map(drop))?;
    on_pool!(db, pool => sqlx::query("INSERT INTO exchange_sessions (token_hash, expires_at) VALUES ($1, $2)")
        .bind(token_hash)
        .bind(expires_at)
        .execute(pool)
        .await
        .map(drop))
}

/// Whether the session of `token_hash` is open at `now` (unix s): `SELECT 1 FROM exchange_sessions WHERE token_hash =
/// ? AND expires_at >= ?`.
pub async fn session_open(db: &Db, token_hash: &str, now: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = on_pool!(db, pool => sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM exchange_sessions WHERE token_hash = $1 AND expires_at >= $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await)?;
    Ok(found.is_some())
}

/// The exchange's value `name` (`exchange_state`): `SELECT value FROM exchange_state WHERE name = ?`.
pub async fn state(db: &Db, name: &str) -> sqlx::Result<Option<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT value FROM exchange_state WHERE name = $1").bind(name).fetch_optional(pool).await)
}

const SET_STATE: &str =
    "INSERT INTO exchange_state (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value";

/// Sets the exchange's value `name`: `INSERT INTO exchange_state … ON CONFLICT (name) DO UPDATE`.
pub async fn set_state(db: &Db, name: &str, value: &str) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query(SET_STATE).bind(name).bind(value).execute(pool).await.map(drop))
}

/// [`set_state`] in the catalogue writer's transaction.
pub async fn set_state_in(conn: &mut Tx, name: &str, value: &str) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(SET_STATE).bind(name).bind(value).execute(conn).await.map(drop))
}

/// [`state`] in the catalogue writer's transaction.
pub async fn state_in(conn: &mut Tx, name: &str) -> sqlx::Result<Option<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT value FROM exchange_state WHERE name = $1").bind(name).fetch_optional(conn).await)
}

/// Up to `limit` numbers of orders placed or changed at or after `since` (RFC 3339, as `orders.updated_at` holds
/// it; empty: every order), after row id `after`, oldest first (keyset paging, each batch its own short query):
/// `SELECT id, number FROM orders WHERE updated_at >= ? AND id > ? ORDER BY id LIMIT ?`.
pub async fn changed_orders(db: &Db, since: &str, after: i64, limit: i64) -> sqlx::Result<Vec<(i64, String)>> {
    on_pool!(db, pool => sqlx::query_as("SELECT id, number FROM orders WHERE updated_at >= $1 AND id > $2 ORDER BY id LIMIT $3")
        .bind(since)
        .bind(after)
        .bind(limit)
        .fetch_all(pool)
        .await)
}
