//! Storage: SQLite through sqlx. One module per table group; each function says the SQL it runs.
//! Handlers and the importer own transactions.

pub mod accounts;
pub mod basket;
pub mod forms;
pub mod lists;
pub mod locations;
pub mod menus;
pub mod offers;
pub mod orders;
pub mod reviews;
pub mod search;
pub mod sections;
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
    Ok(pool)
}

/// Now as stored in `*_at` text columns: RFC 3339 in UTC to the second (`2026-11-23T10:00:00Z`).
pub fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
