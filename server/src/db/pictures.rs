//! The `pictures` and `picture_version` tables (issue 24; migration `20261127000000_pictures.sql`): one row per source
//! address an offer names, with the state of the shop's own copy.

use super::{Db, Tx};
use crate::domain::pictures::Picture;
use std::collections::HashSet;

/// Adds a `pending` row for each of `urls` no row holds yet, in their order (an import gives the addresses of the
/// offers it wrote in the shop's order: the first offers' pictures are fetched first): `INSERT INTO pictures (url)
/// VALUES ($1), … ON CONFLICT DO NOTHING`, in statements of 1,000. Returns how many rows were added. An import runs it
/// in its transaction for each batch of offers it wrote (issue 39: only an import writes an offer's pictures, so the
/// offers it did not write name registered addresses already; a scan of every offer's pictures at each import's end
/// took 0.18 s of a 100,000-offer re-import).
pub async fn register(conn: &mut Tx, urls: &[&str]) -> sqlx::Result<u64> {
    let mut once = HashSet::new();
    let urls: Vec<&str> = urls.iter().copied().filter(|url| once.insert(*url)).collect();
    let mut done = 0;
    for chunk in urls.chunks(super::BATCH_ROWS) {
        done += on_tx!(conn, conn => {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO pictures (url) ");
            q.push_values(chunk, |mut row, url| {
                row.push_bind(*url);
            });
            q.push(" ON CONFLICT DO NOTHING");
            q.build().persistent(false).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(done)
}

/// A picture to download, as a worker claimed it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DownloadJob {
    pub id: i64,
    pub url: String,
    /// The copy held already (a refresh), whose validators make the request conditional.
    pub hash: Option<String>,
    pub etag: Option<String>,
    pub last_modified: Option<String>,
    /// Attempts before this one.
    pub attempts: i64,
}

/// Claims up to `limit` pending pictures due at `now` (unix s) for `lease` s, oldest rows first:
/// `UPDATE pictures SET next_attempt_at = now + lease WHERE id IN (SELECT id … state = 'pending' AND next_attempt_at
/// <= now ORDER BY id LIMIT ?) RETURNING …`. Two workers (a serving shop and `vitrina pictures fetch`) never claim
/// the same row: SQLite runs one writer at a time.
pub async fn claim_downloads(db: &Db, now: i64, lease: i64, limit: i64) -> sqlx::Result<Vec<DownloadJob>> {
    // Under the pictures' lock, so two instances never claim the same rows (issue 36): the second's subquery reads
    // after the first committed.
    let mut tx = db.begin_locked(super::WriteLock::Pictures).await?;
    let mut jobs: Vec<DownloadJob> = on_tx!(tx, tx => sqlx::query_as(
        "UPDATE pictures SET next_attempt_at = $1 + $2
         WHERE id IN (SELECT id FROM pictures WHERE state = 'pending' AND next_attempt_at <= $1 ORDER BY id LIMIT $3)
         RETURNING id, url, hash, etag, last_modified, attempts",
    )
    .bind(now)
    .bind(lease)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await)?;
    tx.commit().await?;
    jobs.sort_by_key(|j| j.id);
    Ok(jobs)
}

/// A downloaded picture's row once its WebP and JPEG derivatives are made.
#[derive(Debug, Clone)]
pub struct Stored<'a> {
    pub hash: &'a str,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
    pub etag: Option<&'a str>,
    pub last_modified: Option<&'a str>,
    /// Whether the AVIF derivatives exist already (another address had the same bytes).
    pub avif: bool,
}

/// Marks picture `id` `ready` with its copy, and moves `picture_version` (the serving shop forgets the offers and
/// pages it holds).
pub async fn mark_ready(db: &Db, id: i64, stored: &Stored<'_>, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query(
        "UPDATE pictures SET state = 'ready', hash = $1, width = $2, height = $3, bytes = $4, etag = $5, last_modified = $6,
                avif = $7, failure = NULL, attempts = 0, next_attempt_at = 0, fetched_at = $8
         WHERE id = $9",
    )
    .bind(stored.hash)
    .bind(i64::from(stored.width))
    .bind(i64::from(stored.height))
    .bind(stored.bytes as i64)
    .bind(stored.etag)
    .bind(stored.last_modified)
    .bind(stored.avif)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    bump_version(&mut tx).await?;
    tx.commit().await
}

/// Marks picture `id` `ready` again after a `304 Not Modified`: the copy stands.
pub async fn mark_unchanged(db: &Db, id: i64, now: i64) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query(
        "UPDATE pictures SET state = 'ready', failure = NULL, attempts = 0, next_attempt_at = 0, fetched_at = $1
         WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(pool)
    .await.map(|r| r.rows_affected()))
    .map(drop)
}

/// Records a failed attempt at picture `id`: still `pending` with `retry_at` (unix s) when it may be tried again,
/// else `failed`. A copy held from before (a refresh) is kept and still shown.
pub async fn mark_failed(db: &Db, id: i64, failure: &str, retry_at: Option<i64>) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query(
        "UPDATE pictures SET state = CASE WHEN $2 IS NULL THEN 'failed' ELSE 'pending' END, failure = $1,
                attempts = attempts + 1, next_attempt_at = COALESCE($2, 0)
         WHERE id = $3",
    )
    .bind(failure)
    .bind(retry_at)
    .bind(id)
    .execute(pool)
    .await.map(|r| r.rows_affected()))
    .map(drop)
}

/// Claims up to `limit` ready pictures still without AVIF derivatives, one row per copy, for `lease` s, and gives
/// their copies' hashes: `UPDATE pictures SET next_attempt_at = now + lease WHERE id IN (… state = 'ready' AND avif =
/// 0 AND next_attempt_at <= now …) RETURNING hash`.
pub async fn claim_avif(db: &Db, now: i64, lease: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    let mut tx = db.begin_locked(super::WriteLock::Pictures).await?;
    let hashes = on_tx!(tx, tx => sqlx::query_scalar(
        "UPDATE pictures SET next_attempt_at = $1 + $2
         WHERE id IN (SELECT MIN(id) FROM pictures WHERE state = 'ready' AND avif = FALSE AND hash IS NOT NULL
                      AND next_attempt_at <= $1 GROUP BY hash ORDER BY MIN(id) LIMIT $3)
         RETURNING hash",
    )
    .bind(now)
    .bind(lease)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await)?;
    tx.commit().await?;
    Ok(hashes)
}

/// Marks every row of copy `hash` as having its AVIF derivatives, and moves `picture_version`.
pub async fn mark_avif(db: &Db, hash: &str) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query("UPDATE pictures SET avif = TRUE, next_attempt_at = 0 WHERE hash = $1")
        .bind(hash)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    bump_version(&mut tx).await?;
    tx.commit().await
}

async fn bump_version(conn: &mut Tx) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query("UPDATE picture_version SET version = version + 1").execute(conn).await.map(|r| r.rows_affected())).map(drop)
}

/// `SELECT version FROM picture_version`.
pub async fn version(db: &Db) -> sqlx::Result<i64> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT version FROM picture_version").fetch_one(pool).await)
}

/// The pictures among `ids` (`pictures.id`) the shop holds a copy of, each with its id: what a search answer's cards
/// show (`search::cards`; a pending or failed one shows the placeholder, as `db::offers::details` reads it).
/// SQL: `SELECT id, hash, width, height, avif FROM pictures WHERE hash IS NOT NULL AND id IN (…)`.
pub async fn shown_by_ids(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, Picture)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = on_pool!(db, pool => {
        let mut q = sqlx::QueryBuilder::new(
            "SELECT id, hash, width, height, avif FROM pictures WHERE hash IS NOT NULL AND id IN (",
        );
        let mut list = q.separated(", ");
        for id in ids {
            list.push_bind(*id);
        }
        q.push(")");
        q.build_query_as::<(i64, String, i64, i64, bool)>().fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(|(id, hash, width, height, avif)| (id, picture(hash, width, height, avif))).collect())
}

/// Makes every pending picture due now (a retry's back-off forgotten), and with `failed` every failed one pending
/// again with its attempts reset; with `refresh` every ready one too, to be asked again conditionally. Returns the
/// rows now due.
pub async fn requeue(db: &Db, failed: bool, refresh: bool) -> sqlx::Result<u64> {
    let mut tx = db.begin().await?;
    if failed {
        on_tx!(tx, tx => sqlx::query("UPDATE pictures SET state = 'pending', attempts = 0 WHERE state = 'failed'")
            .execute(&mut *tx)
            .await.map(|r| r.rows_affected()))?;
    }
    if refresh {
        on_tx!(tx, tx => sqlx::query("UPDATE pictures SET state = 'pending', attempts = 0 WHERE state = 'ready'")
            .execute(&mut *tx)
            .await.map(|r| r.rows_affected()))?;
    }
    let due = on_tx!(tx, tx => sqlx::query("UPDATE pictures SET next_attempt_at = 0 WHERE state = 'pending'").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(due)
}

/// Counts of the pictures the active offers name, by state (`vitrina pictures status`, the import summary).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PictureCounts)]
pub struct Counts {
    pub pending: u64,
    pub ready: u64,
    pub failed: u64,
    /// Of the ready ones, those whose AVIF derivatives are still to make.
    pub avif_pending: u64,
    /// Bytes of the originals held.
    pub bytes: u64,
}

/// [`Counts`] of every row: `SELECT state, COUNT(*), … FROM pictures GROUP BY state`.
pub async fn counts(db: &Db) -> sqlx::Result<Counts> {
    let rows: Vec<(String, i64, i64, i64)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT state, COUNT(*), CAST(COALESCE(SUM(CASE WHEN avif THEN 0 ELSE 1 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM pictures GROUP BY state",
    )
    .fetch_all(pool)
    .await)?;
    let mut counts = Counts::default();
    for (state, n, no_avif, bytes) in rows {
        let n = n as u64;
        match state.as_str() {
            "pending" => counts.pending = n,
            "ready" => {
                counts.ready = n;
                counts.avif_pending = no_avif as u64;
            }
            _ => counts.failed = n,
        }
        counts.bytes += bytes as u64;
    }
    Ok(counts)
}

/// A failure as `vitrina pictures status` lists it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailureRow {
    pub url: String,
    pub state: String,
    /// `CODE: detail`.
    pub failure: String,
    pub attempts: i64,
}

/// The failed pictures, and pending ones whose last attempt failed, first `limit` by id.
pub async fn failures(db: &Db, limit: i64) -> sqlx::Result<Vec<FailureRow>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT url, state, failure, attempts FROM pictures WHERE failure IS NOT NULL AND state <> 'ready'
         ORDER BY state, id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}

/// Removes the rows of addresses no active offer and no order line names any more; returns how many went. An import
/// runs it in its transaction when it took offers off or changed an offer's pictures (only an import changes which
/// offers are active and what they name); the worker then removes the copies no row names.
pub async fn sweep_rows(conn: &mut Tx) -> sqlx::Result<u64> {
    let done = on_tx!(conn, conn => sqlx::query(
        "DELETE FROM pictures
         WHERE url NOT IN (SELECT p.url FROM offer_pictures p JOIN offers o ON o.id = p.offer_id WHERE o.active = TRUE)
           AND url NOT IN (SELECT picture FROM order_lines WHERE picture IS NOT NULL)",
    )
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(done)
}

/// Every copy a row names: `SELECT DISTINCT hash FROM pictures WHERE hash IS NOT NULL`.
pub async fn live_hashes(db: &Db) -> sqlx::Result<HashSet<String>> {
    let rows: Vec<String> = on_pool!(db, pool => sqlx::query_scalar("SELECT DISTINCT hash FROM pictures WHERE hash IS NOT NULL").fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}

/// A picture of a row, as the storefront shows it.
pub(crate) fn picture(hash: String, width: i64, height: i64, avif: bool) -> Picture {
    Picture { id: hash, width: width as u32, height: height as u32, avif }
}
