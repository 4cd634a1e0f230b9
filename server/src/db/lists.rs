//! Tables `compare_items` and `viewed_offers` (issue 6): the visitor's compare list and recently viewed offers.
//! Each function says the SQL it runs.

use super::{Db, Tx};
use crate::limits::{COMPARE_MAX_ITEMS, VIEWED_MAX_ITEMS};

/// What adding to the compare list came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareAdd {
    /// The offer is in the list (it may have been already).
    Listed,
    /// The list holds [`COMPARE_MAX_ITEMS`] other offers; nothing changed.
    Full,
}

/// Puts `offer_id` into the visitor's compare list unless it holds [`COMPARE_MAX_ITEMS`] offers still in the
/// catalogue already (the ones the list shows; offers that left it do not count): one `INSERT … SELECT … WHERE
/// (count) < max ON CONFLICT DO NOTHING` under the visitor's lock ([`Db::begin_for_visitor`]), so concurrent adds
/// cannot pass the limit on either database.
pub async fn compare_add(db: &Db, visitor: &str, offer_id: &str) -> sqlx::Result<CompareAdd> {
    let mut tx = db.begin_for_visitor(visitor).await?;
    let added_at = next_compare_stamp(&mut tx, visitor).await?.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    on_tx!(tx, c => sqlx::query(
        "INSERT INTO compare_items (visitor_id, offer_id, added_at)
         SELECT $1, $2, $3 WHERE (SELECT count(*) FROM compare_items c JOIN offers o ON o.id = c.offer_id
                               WHERE c.visitor_id = $4 AND o.active = TRUE) < $5
         ON CONFLICT (visitor_id, offer_id) DO NOTHING",
    )
    .bind(visitor)
    .bind(offer_id)
    .bind(added_at)
    .bind(visitor)
    .bind(COMPARE_MAX_ITEMS)
    .execute(&mut *c)
    .await.map(|r| r.rows_affected()))?;
    let listed: Option<i64> = on_tx!(tx, c => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM compare_items WHERE visitor_id = $1 AND offer_id = $2")
        .bind(visitor)
        .bind(offer_id)
        .fetch_optional(&mut *c)
        .await)?;
    tx.commit().await?;
    Ok(if listed.is_some() { CompareAdd::Listed } else { CompareAdd::Full })
}

/// The `added_at` for the visitor's next compare item: now, or one millisecond past the visitor's newest item when
/// that is not older than now, so two adds within one millisecond (or a log-in merge right after an add) keep
/// their order. Read inside the caller's transaction, which holds the lock its writes to this list take (the
/// visitor's for an add, the accounts' for a log-in merge).
pub(crate) async fn next_compare_stamp(
    tx: &mut super::Tx,
    visitor: &str,
) -> sqlx::Result<chrono::DateTime<chrono::Utc>> {
    let newest: Option<String> = on_tx!(tx, c => sqlx::query_scalar("SELECT MAX(added_at) FROM compare_items WHERE visitor_id = $1")
        .bind(visitor)
        .fetch_one(&mut *c)
        .await)?;
    let now = chrono::Utc::now();
    let after_newest = newest
        .and_then(|n| chrono::DateTime::parse_from_rfc3339(&n).ok())
        .map(|n| n.with_timezone(&chrono::Utc) + chrono::Duration::milliseconds(1));
    Ok(after_newest.map_or(now, |next| next.max(now)))
}

/// `DELETE FROM compare_items WHERE visitor_id = ? [AND offer_id = ?]`: one offer, or the whole list.
pub async fn compare_remove(db: &Db, visitor: &str, offer_id: Option<&str>) -> sqlx::Result<u64> {
    let result: u64 = match offer_id {
        Some(id) => {
            on_pool!(db, pool => sqlx::query("DELETE FROM compare_items WHERE visitor_id = $1 AND offer_id = $2")
                .bind(visitor)
                .bind(id)
                .execute(pool)
                .await.map(|r| r.rows_affected()))?
        }
        None => {
            on_pool!(db, pool => sqlx::query("DELETE FROM compare_items WHERE visitor_id = $1").bind(visitor).execute(pool).await.map(|r| r.rows_affected()))?
        }
    };
    Ok(result)
}

/// The offer ids of the visitor's compare list, in the order they were added.
pub async fn compare_ids(db: &Db, visitor: &str) -> sqlx::Result<Vec<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT offer_id FROM compare_items WHERE visitor_id = $1 ORDER BY added_at, offer_id")
        .bind(visitor)
        .fetch_all(pool)
        .await)
}

/// How many offers of the visitor's compare list are still on the storefront.
pub async fn compare_count(db: &Db, visitor: &str) -> sqlx::Result<i64> {
    on_pool!(db, pool => sqlx::query_scalar(
        "SELECT count(*) FROM compare_items c JOIN offers o ON o.id = c.offer_id
         WHERE c.visitor_id = $1 AND o.active = TRUE",
    )
    .bind(visitor)
    .fetch_one(pool)
    .await)
}

/// Records that the visitor viewed `offer_id` now (a repeat view moves it to the front) and forgets views past the
/// newest [`VIEWED_MAX_ITEMS`]. Two views within one millisecond keep their order: a view is stamped one past the
/// visitor's newest when that is not older than now.
pub async fn record_view(db: &Db, visitor: &str, offer_id: &str) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query(
        "INSERT INTO viewed_offers (visitor_id, offer_id, viewed_at) VALUES ($1, $2,
             COALESCE((SELECT MAX(viewed_at) + 1 FROM viewed_offers WHERE visitor_id = $1 AND viewed_at >= $3), $3))
         ON CONFLICT (visitor_id, offer_id) DO UPDATE SET viewed_at = excluded.viewed_at",
    )
    .bind(visitor)
    .bind(offer_id)
    .bind(chrono::Utc::now().timestamp_millis())
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    trim_viewed(&mut tx, visitor).await?;
    tx.commit().await
}

/// Forgets all but the visitor's newest [`VIEWED_MAX_ITEMS`] + 1 views (one more than the answer keeps the list full
/// when the shown offer is excluded): `DELETE … WHERE offer_id NOT IN (the newest …)`. Run inside the writer's
/// transaction (a view, a log-in's merge).
pub async fn trim_viewed(conn: &mut Tx, visitor: &str) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "DELETE FROM viewed_offers WHERE visitor_id = $1 AND offer_id NOT IN
         (SELECT offer_id FROM viewed_offers WHERE visitor_id = $2 ORDER BY viewed_at DESC LIMIT $3)",
    )
    .bind(visitor)
    .bind(visitor)
    .bind(VIEWED_MAX_ITEMS + 1)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The visitor's viewed offer ids, newest first, without `exclude`, at most [`VIEWED_MAX_ITEMS`].
pub async fn viewed_ids(db: &Db, visitor: &str, exclude: Option<&str>) -> sqlx::Result<Vec<String>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "SELECT offer_id FROM viewed_offers WHERE visitor_id = $1 AND offer_id IS DISTINCT FROM $2
         ORDER BY viewed_at DESC, offer_id LIMIT $3",
    )
    .bind(visitor)
    .bind(exclude)
    .bind(VIEWED_MAX_ITEMS)
    .fetch_all(pool)
    .await)
}
