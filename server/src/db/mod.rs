//! Storage: SQLite through sqlx. One module per table group; each function says the SQL it runs. The only module
//! that holds SQL or opens a transaction (issue 36): handlers and the importer ask for one here ([`begin_import`]).

pub mod accounts;
pub mod basket;
pub mod facets;
pub mod forms;
pub mod lists;
pub mod locations;
pub mod menus;
pub mod offers;
pub mod orders;
pub mod pictures;
pub mod reviews;
pub mod search;
pub mod sections;
pub mod sessions;
pub mod shop;
pub mod stores;

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::path::Path;
use std::time::Duration;

/// Opens (creating when missing) the database at `path` with WAL and foreign keys on, and applies every pending
/// migration embedded in the binary. Creates the parent folder too.
pub async fn connect(path: &Path) -> anyhow::Result<SqlitePool> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10));
    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
    sqlx::migrate!("./migrations").run(&pool).await?;
    let repaired = offers::repair_cut_descriptions(&pool).await?;
    if repaired > 0 {
        tracing::info!(repaired, "descriptions an earlier cut left open were cleaned again");
    }
    Ok(pool)
}

/// Writes a consistent copy of the database at `db` to `out` while the shop may be serving and writing (SQLite's
/// `VACUUM INTO`: one read transaction, so the copy is the state of one instant, compacted), then checks the copy
/// with `PRAGMA integrity_check`. The database is opened read-only and never migrated: a newer binary backing up an
/// older shop's file leaves it as it is. Errors: no database at `db`, `out` exists (it is never overwritten), the
/// copy cannot be written, or the check fails (the copy is then removed).
pub async fn backup(db: &Path, out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        anyhow::bail!("{} exists; a backup never overwrites a file", out.display());
    }
    if !db.exists() {
        anyhow::bail!("no database at {}", db.display());
    }
    let target = out.to_str().ok_or_else(|| anyhow::anyhow!("the backup path is not UTF-8"))?;
    let source = SqliteConnectOptions::new().filename(db).read_only(true).busy_timeout(Duration::from_secs(10));
    let mut connection = sqlx::ConnectOptions::connect(&source).await?;
    sqlx::query("VACUUM INTO ?1").bind(target).execute(&mut connection).await?;
    sqlx::Connection::close(connection).await?;
    let copy = SqliteConnectOptions::new().filename(out).read_only(true);
    let mut connection = sqlx::ConnectOptions::connect(&copy).await?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut connection).await?;
    sqlx::Connection::close(connection).await?;
    if check != "ok" {
        let _ = std::fs::remove_file(out);
        anyhow::bail!("the copy failed its integrity check: {check}");
    }
    Ok(())
}

/// The import's transaction (`BEGIN`): an import writes the whole catalogue in one, so a reader sees the catalogue
/// before it or after it, never half of it. SQLite lets one writer at a time in; a second import waits for it.
pub async fn begin_import(pool: &SqlitePool) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Sqlite>> {
    pool.begin().await
}

/// Whether the database answers a query (`SELECT 1`): the readiness probe's (`GET /api/health/ready`).
pub async fn ping(pool: &SqlitePool) -> bool {
    sqlx::query_scalar::<_, i64>("SELECT 1").fetch_one(pool).await.is_ok()
}

/// Now as stored in `*_at` text columns: RFC 3339 in UTC to the second (`2026-11-23T10:00:00Z`).
pub fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
