//! The `shop` row (the feed's `<shop>` header) and the `imports` log.

use super::{Db, Tx};
use serde::Serialize;

/// The shop as the last feed named it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, Default)]
pub struct ShopRow {
    pub name: String,
    pub company: Option<String>,
    pub url: Option<String>,
}

/// `SELECT name, company, url FROM shop WHERE id = 1`.
pub async fn find(db: &Db) -> sqlx::Result<Option<ShopRow>> {
    on_pool!(db, pool => sqlx::query_as("SELECT name, company, url FROM shop WHERE id = 1").fetch_optional(pool).await)
}

/// [`find`] inside a transaction: an import compares the header before and after it (issue 39).
pub async fn find_in(conn: &mut Tx) -> sqlx::Result<Option<ShopRow>> {
    on_tx!(conn, conn => sqlx::query_as("SELECT name, company, url FROM shop WHERE id = 1").fetch_optional(conn).await)
}

/// The shop's name when no feed gave one (mail subjects, the imported header without a name or company).
pub const DEFAULT_SHOP_NAME: &str = "Vitrina";

/// The shop's name, or [`DEFAULT_SHOP_NAME`] before any import.
pub async fn name_or_default(db: &Db) -> sqlx::Result<String> {
    Ok(find(db).await?.map_or_else(|| DEFAULT_SHOP_NAME.to_owned(), |shop| shop.name))
}

/// `INSERT ... ON CONFLICT (id) DO UPDATE`: replaces the shop header.
pub async fn upsert(conn: &mut Tx, shop: &ShopRow) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO shop (id, name, company, url) VALUES (1, $1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, company = excluded.company, url = excluded.url",
    )
    .bind(&shop.name)
    .bind(&shop.company)
    .bind(&shop.url)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `SELECT COUNT(*) FROM imports`: whether any catalogue was ever imported (the demo is seeded when not).
pub async fn count_imports(db: &Db) -> sqlx::Result<i64> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM imports").fetch_one(pool).await)
}

/// What the public pages are rendered from, as numbers that move on every change: the last finished import,
/// `content_version` (moved by the database's triggers on menus, stores and published reviews; migration
/// `20261126020000_content_version.sql`), the search synonyms' version (issue 23), and the pictures' (issue 24:
/// moved when a picture becomes ready).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ContentVersion {
    pub last_import: i64,
    pub version: i64,
    pub synonyms: i64,
    pub pictures: i64,
}

/// `SELECT (SELECT COALESCE(MAX(id), 0) FROM imports), version, (SELECT version FROM search_synonyms), (SELECT
/// version FROM picture_version) FROM content_version`.
pub async fn content_version(db: &Db) -> sqlx::Result<ContentVersion> {
    let (last_import, version, synonyms, pictures) = on_pool!(db, pool => sqlx::query_as(
        "SELECT (SELECT COALESCE(MAX(id), 0) FROM imports), version,
                (SELECT COALESCE(MAX(version), 0) FROM search_synonyms),
                (SELECT COALESCE(MAX(version), 0) FROM picture_version) FROM content_version",
    )
    .fetch_one(pool)
    .await)?;
    Ok(ContentVersion { last_import, version, synonyms, pictures })
}

/// `SELECT value FROM shop_identity`: the database's random identity, made with it (issue 39: a page kept on disk
/// names the database it was rendered from).
pub async fn identity(db: &Db) -> sqlx::Result<String> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT value FROM shop_identity WHERE id = 1").fetch_one(pool).await)
}

/// `SELECT COALESCE(MAX(id), 0) + 1 FROM imports`: the id the running import will be logged under.
pub async fn next_import_id(conn: &mut Tx) -> sqlx::Result<i64> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM imports").fetch_one(conn).await)
}

/// One finished import, as logged in `imports`.
#[derive(Debug, Clone)]
pub struct ImportLog<'a> {
    pub id: i64,
    pub source: &'a str,
    pub started_at: String,
    pub finished_at: String,
    pub sections: i64,
    pub added: i64,
    pub updated: i64,
    pub removed: i64,
    pub skipped: i64,
}

/// `INSERT INTO imports ...`.
pub async fn insert_import(conn: &mut Tx, log: &ImportLog<'_>) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO imports (id, source, started_at, finished_at, sections, offers_added, offers_updated,
         offers_removed, offers_skipped) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(log.id)
    .bind(log.source)
    .bind(&log.started_at)
    .bind(&log.finished_at)
    .bind(log.sections)
    .bind(log.added)
    .bind(log.updated)
    .bind(log.removed)
    .bind(log.skipped)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `INSERT ... ON CONFLICT DO UPDATE` one currency rate.
pub async fn upsert_currency(conn: &mut Tx, id: &str, rate: &str) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query("INSERT INTO currencies (id, rate) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET rate = excluded.rate")
        .bind(id)
        .bind(rate)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `SELECT COUNT(*) FROM imports WHERE source <> 'demo'` = 0 and some demo import exists: the catalogue is still the
/// demo one.
pub async fn only_demo_imported(conn: &mut Tx) -> sqlx::Result<bool> {
    let (demo, other): (i64, i64) = on_tx!(conn, conn => sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN source = 'demo' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN source <> 'demo' THEN 1 ELSE 0 END), 0) FROM imports",
    )
    .fetch_one(conn)
    .await)?;
    Ok(demo > 0 && other == 0)
}

/// Deletes the whole catalogue (offers with their pictures and params, sections, currencies) and what visitors kept
/// of it (basket and wishlist lines, compare lists, recently viewed): used once, when a shop owner's first import
/// replaces the demo catalogue. Orders keep their snapshot lines (no reference to `offers`).
pub async fn delete_catalogue(conn: &mut Tx) -> sqlx::Result<()> {
    for sql in [
        "DELETE FROM basket_lines",
        "DELETE FROM compare_items",
        "DELETE FROM viewed_offers",
        "DELETE FROM offer_pictures",
        "DELETE FROM offer_params",
        "DELETE FROM offers",
        "DELETE FROM sections",
        "DELETE FROM currencies",
    ] {
        on_tx!(conn, conn => sqlx::query(sql).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    }
    Ok(())
}

/// One import as the back office lists it (issue 37).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRow {
    pub id: i64,
    /// The feed's file, URL or `-` (standard input).
    pub source: String,
    /// RFC 3339, UTC.
    pub started_at: String,
    pub finished_at: String,
    pub sections: i64,
    pub offers_added: i64,
    pub offers_updated: i64,
    pub offers_removed: i64,
    pub offers_skipped: i64,
}

/// The newest `limit` imports: `SELECT … FROM imports ORDER BY id DESC LIMIT ?`.
pub async fn recent_imports(db: &Db, limit: i64) -> sqlx::Result<Vec<ImportRow>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, source, started_at, finished_at, sections, offers_added, offers_updated, offers_removed,
                offers_skipped FROM imports ORDER BY id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}
