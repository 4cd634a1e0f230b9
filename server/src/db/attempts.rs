//! Table `limit_attempts` (issue 36): the counted attempts behind the log-in, registration, password-reset,
//! e-mail-probe and order limits (`rate_limit::AttemptWindow`), shared by every instance on the database. Times are
//! Unix ms. Each function says the SQL it runs.

use super::Db;

/// Where a key stands in its window: how many of its last `limit` attempts are inside it, and the oldest of those
/// (Unix ms; `None` when there are none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub count: i64,
    pub oldest_ms: Option<i64>,
}

/// The last `limit` attempts of `(kind, key)` after `since_ms`:
/// `SELECT COUNT(*), MIN(at_ms) FROM (SELECT at_ms … ORDER BY at_ms DESC LIMIT $4)`.
pub async fn standing(db: &Db, kind: &str, key: &str, since_ms: i64, limit: i64) -> sqlx::Result<Standing> {
    let (count, oldest_ms) = on_pool!(db, pool => sqlx::query_as(STANDING)
        .bind(kind)
        .bind(key)
        .bind(since_ms)
        .bind(limit)
        .fetch_one(pool)
        .await)?;
    Ok(Standing { count, oldest_ms })
}

const STANDING: &str = "SELECT COUNT(*), MIN(at_ms) FROM (SELECT at_ms FROM limit_attempts \
     WHERE kind = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms DESC LIMIT $4) AS recent";

/// Counts one attempt of `(kind, key)` at `now_ms` when fewer than `limit` lie after `since_ms`, in one
/// transaction that holds the key's lock (SQLite's `BEGIN IMMEDIATE`; PostgreSQL's `pg_advisory_xact_lock` on the
/// key's hash), so attempts arriving together, on any instance, cannot all pass the check before any is counted.
/// Answers the attempt's id (for [`forgive`]), or the key's [`Standing`] when it is full.
pub async fn acquire(
    db: &Db,
    kind: &str,
    key: &str,
    now_ms: i64,
    since_ms: i64,
    limit: i64,
) -> sqlx::Result<Result<i64, Standing>> {
    let mut tx = db.begin_locked_on(&format!("attempt\u{1f}{kind}\u{1f}{key}")).await?;
    let (count, oldest_ms): (i64, Option<i64>) = on_tx!(tx, tx => sqlx::query_as(STANDING)
        .bind(kind)
        .bind(key)
        .bind(since_ms)
        .bind(limit)
        .fetch_one(&mut *tx)
        .await)?;
    if count >= limit {
        return Ok(Err(Standing { count, oldest_ms }));
    }
    let id: i64 = on_tx!(tx, tx => sqlx::query_scalar(
        "INSERT INTO limit_attempts (kind, key, at_ms) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(kind)
    .bind(key)
    .bind(now_ms)
    .fetch_one(&mut *tx)
    .await)?;
    tx.commit().await?;
    Ok(Ok(id))
}

/// `INSERT INTO limit_attempts (kind, key, at_ms)`: counts one attempt without a check.
pub async fn record(db: &Db, kind: &str, key: &str, now_ms: i64) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("INSERT INTO limit_attempts (kind, key, at_ms) VALUES ($1, $2, $3)")
        .bind(kind)
        .bind(key)
        .bind(now_ms)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// `DELETE FROM limit_attempts WHERE id = $1`: takes back an attempt [`acquire`] counted.
pub async fn forgive(db: &Db, id: i64) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("DELETE FROM limit_attempts WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// `DELETE FROM limit_attempts WHERE kind = $1 AND key = $2`: forgets a key's attempts.
pub async fn clear(db: &Db, kind: &str, key: &str) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("DELETE FROM limit_attempts WHERE kind = $1 AND key = $2")
        .bind(kind)
        .bind(key)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// `DELETE FROM limit_attempts WHERE at_ms < $1`: drops attempts older than every window; answers how many.
pub async fn sweep(db: &Db, before_ms: i64) -> sqlx::Result<u64> {
    on_pool!(db, pool => sqlx::query("DELETE FROM limit_attempts WHERE at_ms < $1")
        .bind(before_ms)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))
}
