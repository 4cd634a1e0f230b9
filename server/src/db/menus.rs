//! The `menus` and `menu_items` tables: site menus as trees (issue 3).

use super::{Db, Tx};
use crate::domain::menu::{MenuEntry, MenuSection};
use crate::domain::slug::section_path;

/// Who wrote a menu: Vitrina from the catalogue, or the shop owner (`vitrina menu import`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuSource {
    /// Built from the catalogue; every import rebuilds it.
    Generated,
    /// Loaded with `vitrina menu import`; imports leave it alone.
    Owner,
}

impl MenuSource {
    fn as_str(self) -> &'static str {
        match self {
            Self::Generated => "generated",
            Self::Owner => "owner",
        }
    }
}

/// One stored menu item, as the API shows it: the tree with each item's row id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuNode {
    /// `menu_items.id`.
    pub id: i64,
    /// Shown text.
    pub title: String,
    /// A site path or an absolute `http(s)://` link.
    pub url: String,
    /// Sub-items in order.
    pub children: Vec<MenuNode>,
}

/// `SELECT source FROM menus WHERE code = ?`: who wrote menu `code`, `None` when it does not exist.
pub async fn find_source(conn: &mut Tx, code: &str) -> sqlx::Result<Option<MenuSource>> {
    let source: Option<String> = on_tx!(conn, conn => sqlx::query_scalar("SELECT source FROM menus WHERE code = $1").bind(code).fetch_optional(conn).await)?;
    Ok(source.map(|s| if s == "owner" { MenuSource::Owner } else { MenuSource::Generated }))
}

/// Replaces menu `code` whole: `DELETE FROM menu_items WHERE menu_code = ?`, upsert the `menus` row, then one
/// `INSERT INTO menu_items` per entry, parents before children. Run it in a transaction.
pub async fn replace(conn: &mut Tx, code: &str, source: MenuSource, items: &[MenuEntry]) -> sqlx::Result<()> {
    on_tx!(conn, conn => sqlx::query("DELETE FROM menu_items WHERE menu_code = $1").bind(code).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(conn, conn => sqlx::query(
        "INSERT INTO menus (code, source, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO UPDATE SET source = excluded.source, updated_at = excluded.updated_at",
    )
    .bind(code)
    .bind(source.as_str())
    .bind(chrono::Utc::now().to_rfc3339())
    .execute(&mut *conn)
    .await.map(|r| r.rows_affected()))?;
    // Depth-first with an explicit stack: (parent row id, position, entry).
    let mut stack: Vec<(Option<i64>, i64, &MenuEntry)> =
        items.iter().enumerate().rev().map(|(i, item)| (None, i as i64, item)).collect();
    while let Some((parent, position, item)) = stack.pop() {
        let id: i64 = on_tx!(conn, conn => sqlx::query_scalar(
            "INSERT INTO menu_items (menu_code, parent_id, position, title, url) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(code)
        .bind(parent)
        .bind(position)
        .bind(&item.title)
        .bind(&item.url)
        .fetch_one(&mut *conn)
        .await)?;
        stack.extend(item.children.iter().enumerate().rev().map(|(i, child)| (Some(id), i as i64, child)));
    }
    Ok(())
}

/// The tree of menu `code`: `SELECT id, parent_id, title, url FROM menu_items WHERE menu_code = ?
/// ORDER BY position, id`, assembled in memory. `None` when the menu does not exist. Both reads share one
/// transaction, so a menu replaced meanwhile is seen whole or not at all.
pub async fn load_tree(db: &Db, code: &str) -> sqlx::Result<Option<Vec<MenuNode>>> {
    let mut tx = db.begin().await?;
    let exists: Option<i64> = on_tx!(tx, tx => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM menus WHERE code = $1").bind(code).fetch_optional(&mut *tx).await)?;
    if exists.is_none() {
        return Ok(None);
    }
    let rows: Vec<(i64, Option<i64>, String, String)> = on_tx!(tx, tx => sqlx::query_as("SELECT id, parent_id, title, url FROM menu_items WHERE menu_code = $1 ORDER BY position, id")
            .bind(code)
            .fetch_all(&mut *tx)
            .await)?;
    Ok(Some(assemble(rows)))
}

/// Builds the tree from rows in sibling order; rows whose parent is missing are dropped.
fn assemble(rows: Vec<(i64, Option<i64>, String, String)>) -> Vec<MenuNode> {
    use std::collections::HashMap;
    let mut by_parent: HashMap<Option<i64>, Vec<(i64, String, String)>> = HashMap::new();
    for (id, parent, title, url) in rows {
        by_parent.entry(parent).or_default().push((id, title, url));
    }
    fn build(parent: Option<i64>, by_parent: &mut HashMap<Option<i64>, Vec<(i64, String, String)>>) -> Vec<MenuNode> {
        let Some(level) = by_parent.remove(&parent) else {
            return Vec::new();
        };
        level
            .into_iter()
            .map(|(id, title, url)| MenuNode { id, title, url, children: build(Some(id), by_parent) })
            .collect()
    }
    build(None, &mut by_parent)
}

/// The active sections in catalogue order, as the generated menu needs them:
/// `SELECT id, parent_id, name, slug FROM sections WHERE active = 1 ORDER BY position`.
pub async fn menu_sections(conn: &mut Tx) -> sqlx::Result<Vec<MenuSection>> {
    let rows: Vec<(String, Option<String>, String, String)> = on_tx!(conn, conn => sqlx::query_as("SELECT id, parent_id, name, slug FROM sections WHERE active = TRUE ORDER BY position")
            .fetch_all(conn)
            .await)?;
    Ok(rows
        .into_iter()
        .map(|(id, parent_id, name, slug)| MenuSection { id, parent_id, name, path: section_path(&slug) })
        .collect())
}

/// Rebuilds the top menu from the catalogue unless the shop owner loaded their own (source `owner`).
/// The importer calls it inside its transaction; `serve` calls it at start-up for a database that has none.
/// Returns whether it rebuilt the menu.
pub async fn regenerate_top_if_generated(conn: &mut Tx) -> sqlx::Result<bool> {
    use crate::domain::menu::{TOP_MENU, generate_top_menu};
    let source = find_source(conn, TOP_MENU).await?;
    if source == Some(MenuSource::Owner) {
        return Ok(false);
    }
    let sections = menu_sections(conn).await?;
    let menu = generate_top_menu(&sections);
    // Unchanged, it is left alone (issue 39): a rewrite moves `content_version`, which forgets every rendered page.
    if source == Some(MenuSource::Generated) && stored_items(conn, TOP_MENU).await? == items_of(&menu) {
        return Ok(true);
    }
    replace(conn, TOP_MENU, MenuSource::Generated, &menu).await?;
    Ok(true)
}

/// One item as stored: its depth, title and URL, in tree order.
type Item = (usize, String, String);

/// The items of `entries` in tree order (parents before children), as [`stored_items`] reads them.
fn items_of(entries: &[MenuEntry]) -> Vec<Item> {
    fn walk(entries: &[MenuEntry], depth: usize, out: &mut Vec<Item>) {
        for entry in entries {
            out.push((depth, entry.title.clone(), entry.url.clone()));
            walk(&entry.children, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    walk(entries, 0, &mut out);
    out
}

/// Menu `code`'s items in tree order: `SELECT id, parent_id, title, url FROM menu_items WHERE menu_code = ? ORDER BY
/// position, id`, assembled.
async fn stored_items(conn: &mut Tx, code: &str) -> sqlx::Result<Vec<Item>> {
    let rows: Vec<(i64, Option<i64>, String, String)> = on_tx!(conn, conn => sqlx::query_as("SELECT id, parent_id, title, url FROM menu_items WHERE menu_code = $1 ORDER BY position, id")
            .bind(code)
            .fetch_all(conn)
            .await)?;
    fn walk(nodes: &[MenuNode], depth: usize, out: &mut Vec<Item>) {
        for node in nodes {
            out.push((depth, node.title.clone(), node.url.clone()));
            walk(&node.children, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    walk(&assemble(rows), 0, &mut out);
    Ok(out)
}

/// Makes sure the top menu exists (a database from before menus, or one with no import yet), generating it when
/// missing. Leaves an existing menu alone.
pub async fn ensure_top(db: &Db) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    if find_source(&mut tx, crate::domain::menu::TOP_MENU).await?.is_none() {
        regenerate_top_if_generated(&mut tx).await?;
    }
    tx.commit().await
}

/// Puts the generated top menu back, forgetting the owner's (`vitrina menu reset`).
pub async fn reset_top(db: &Db) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query("DELETE FROM menus WHERE code = $1").bind(crate::domain::menu::TOP_MENU).execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    regenerate_top_if_generated(&mut tx).await?;
    tx.commit().await
}

/// Stores the owner's menu `code` in one transaction (`vitrina menu import`). Validate it first.
pub async fn import_owner_menu(db: &Db, code: &str, items: &[MenuEntry]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    replace(&mut tx, code, MenuSource::Owner, items).await?;
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assemble_keeps_sibling_order_and_drops_orphans() {
        let rows = vec![
            (1, None, "a".into(), "/a/".into()),
            (2, Some(1), "a1".into(), "/a1/".into()),
            (3, None, "b".into(), "/b/".into()),
            (4, Some(1), "a2".into(), "/a2/".into()),
            (5, Some(99), "orphan".into(), "/o/".into()),
        ];
        let tree = assemble(rows);
        assert_eq!(tree.len(), 2);
        assert_eq!(tree[0].children.iter().map(|c| c.title.as_str()).collect::<Vec<_>>(), ["a1", "a2"]);
        assert_eq!(tree[1].title, "b");
    }

    /// Both reads of `load_tree` go through its transaction's connection: with one connection in the pool, a read
    /// that asked the pool for a second one would wait for the acquire timeout. Under load (every server-rendered
    /// page reads the top menu) that was a deadlock of the whole pool.
    #[tokio::test]
    async fn load_tree_needs_one_connection() {
        let options = sqlx::sqlite::SqliteConnectOptions::new().in_memory(true);
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(std::time::Duration::from_secs(2))
            .connect_with(options)
            .await
            .unwrap();
        sqlx::migrate!("./migrations").run(&pool).await.unwrap();
        let db = Db { pool: super::super::Pool::Sqlite(pool) };
        import_owner_menu(&db, "footer", &[]).await.unwrap();
        let tree = load_tree(&db, "footer").await.expect("one connection is enough");
        assert_eq!(tree.map(|t| t.len()), Some(0));
    }
}
