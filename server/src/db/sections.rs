//! The `sections` table: the catalogue tree (the feed's `<categories>`).

use super::{Db, Tx};

/// An active section with the number of active offers directly in it (not counting subsections).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SectionRow {
    pub id: String,
    pub parent_id: Option<String>,
    pub name: String,
    pub slug: String,
    pub direct_offers: i64,
}

/// All active sections in feed order, each with its direct count of active products (a product of several variants
/// once, issue 35): `SELECT s.*, (SELECT COUNT(*) FROM offers WHERE section_id = s.id AND active = 1 AND <first of its
/// product>) ... ORDER BY s.position`. The correlated count walks the `offers_section_position` index once per section
/// instead of joining every offer.
pub async fn list_active(db: &Db) -> sqlx::Result<Vec<SectionRow>> {
    let sql = format!(
        "SELECT s.id, s.parent_id, s.name, s.slug,
           (SELECT COUNT(*) FROM offers o WHERE o.section_id = s.id AND o.active = TRUE{}) AS direct_offers
         FROM sections s
         WHERE s.active = TRUE
         ORDER BY s.position",
        super::offers::CANONICAL_ONLY
    );
    on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await)
}

/// `SELECT id, parent_id FROM sections`: every section's parent, for the sections whose listings an offer shows in.
pub async fn parents(conn: &mut Tx) -> sqlx::Result<std::collections::HashMap<String, Option<String>>> {
    let rows: Vec<(String, Option<String>)> =
        on_tx!(conn, conn => sqlx::query_as("SELECT id, parent_id FROM sections").fetch_all(conn).await)?;
    Ok(rows.into_iter().collect())
}

/// `SELECT 1 FROM sections WHERE id = ? AND active = 1`: whether `id` is a section of the storefront.
pub async fn is_active(db: &Db, id: &str) -> sqlx::Result<bool> {
    let row: Option<i64> = on_pool!(db, pool => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM sections WHERE id = $1 AND active = TRUE").bind(id).fetch_optional(pool).await)?;
    Ok(row.is_some())
}

/// `SELECT COUNT(*) FROM sections WHERE active = 1`.
pub async fn count_active(db: &Db) -> sqlx::Result<i64> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sections WHERE active = TRUE").fetch_one(pool).await)
}

/// `SELECT id FROM sections`: every stored section, shown or not (a changes-only import's offers may name them).
pub async fn ids(conn: &mut Tx) -> sqlx::Result<Vec<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT id FROM sections").fetch_all(conn).await)
}

/// `SELECT slug, active FROM sections WHERE id = ?`.
pub async fn find_slug(conn: &mut Tx, id: &str) -> sqlx::Result<Option<String>> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT slug FROM sections WHERE id = $1").bind(id).fetch_optional(conn).await)
}

/// `SELECT 1 FROM sections WHERE slug = ? AND id <> ?`: whether another section holds `slug`.
pub async fn slug_taken(conn: &mut Tx, slug: &str, id: &str) -> sqlx::Result<bool> {
    let row: Option<i64> = on_tx!(conn, conn => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM sections WHERE slug = $1 AND id <> $2")
        .bind(slug)
        .bind(id)
        .fetch_optional(conn)
        .await)?;
    Ok(row.is_some())
}

/// One section as an import writes it.
#[derive(Debug, Clone)]
pub struct SectionWrite<'a> {
    pub id: &'a str,
    pub parent_id: Option<&'a str>,
    pub name: &'a str,
    pub slug: &'a str,
    pub position: i64,
    pub import_id: i64,
}

/// `INSERT ... ON CONFLICT (id) DO UPDATE`: writes a section and marks it active and seen by this import.
pub async fn upsert(conn: &mut Tx, s: &SectionWrite<'_>) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO sections (id, parent_id, name, slug, position, active, seen_import_id)
         VALUES ($1, $2, $3, $4, $5, TRUE, $6)
         ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, name = excluded.name,
           slug = excluded.slug, position = excluded.position, active = TRUE, seen_import_id = excluded.seen_import_id",
    )
    .bind(s.id)
    .bind(s.parent_id)
    .bind(s.name)
    .bind(s.slug)
    .bind(s.position)
    .bind(s.import_id)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `UPDATE sections SET parent_id = NULL WHERE id = ?`: cuts a section loose from a missing or cyclic parent.
pub async fn clear_parent(conn: &mut Tx, id: &str) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query("UPDATE sections SET parent_id = NULL WHERE id = $1").bind(id).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `UPDATE sections SET active = FALSE WHERE seen_import_id < ?`: hides sections no import since `floor` listed.
pub async fn deactivate_unseen(conn: &mut Tx, floor: i64) -> sqlx::Result<u64> {
    let done = on_tx!(conn, conn => sqlx::query("UPDATE sections SET active = FALSE WHERE active = TRUE AND seen_import_id < $1")
        .bind(floor)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(done)
}
