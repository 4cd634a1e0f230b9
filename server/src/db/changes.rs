//! The `content_changes` table (issue 39): the tags of what each import changed (`domain::changes`), which every
//! serving instance's catalogue watcher reads for the imports it has not seen, to forget exactly the rendered pages
//! that show them.

use super::{Db, Tx};

/// Writes the tags of import `import_id` (in its transaction), and deletes those of imports older than the last
/// `kept` (a watcher further behind forgets every page). SQL: `INSERT INTO content_changes (import_id, tag) VALUES …`
/// in chunks, `DELETE FROM content_changes WHERE import_id <= ?`.
pub async fn record(conn: &mut Tx, import_id: i64, tags: &[String], kept: i64) -> sqlx::Result<()> {
    for chunk in tags.chunks(super::IN_LIST_CHUNK) {
        on_tx!(conn, conn => {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO content_changes (import_id, tag) ");
            q.push_values(chunk, |mut row, tag| {
                row.push_bind(import_id).push_bind(tag.as_str());
            });
            q.push(" ON CONFLICT DO NOTHING");
            q.build().execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    on_tx!(conn, conn => sqlx::query("DELETE FROM content_changes WHERE import_id <= $1")
        .bind(import_id - kept)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The tags of the imports after `seen` up to `last`, each once: `SELECT DISTINCT tag FROM content_changes WHERE
/// import_id > ? AND import_id <= ?`.
pub async fn since(db: &Db, seen: i64, last: i64) -> sqlx::Result<Vec<String>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "SELECT DISTINCT tag FROM content_changes WHERE import_id > $1 AND import_id <= $2",
    )
    .bind(seen)
    .bind(last)
    .fetch_all(pool)
    .await)
}
