//! Table `stores` (issue 8). Each function says the SQL it runs.

use super::Db;
use super::now_text;
use crate::domain::stores::{StoreData, parse_stores_file};

/// The demo store (our own, `server/defaults/stores.json`): seeded into a shop that has none.
pub const DEMO_STORES_JSON: &str = include_str!("../../defaults/stores.json");

/// `INSERT INTO stores` the demo store when the table is empty (a new shop); never touches a shop's own stores.
pub async fn ensure_defaults(db: &Db) -> anyhow::Result<()> {
    let count: i64 = on_pool!(db, pool => sqlx::query_scalar("SELECT count(*) FROM stores").fetch_one(pool).await)?;
    if count == 0 {
        let mut stores = parse_stores_file(DEMO_STORES_JSON)?;
        let problems = crate::domain::stores::validate_stores(&mut stores);
        anyhow::ensure!(problems.is_empty(), "the demo store is invalid: {problems:?}");
        replace_all(db, &stores).await?;
    }
    Ok(())
}

/// `DELETE FROM stores`, then `INSERT` each store (with its id, which [`validate_stores`] has set) in the given
/// order, in one transaction (`vitrina stores import`).
///
/// [`validate_stores`]: crate::domain::stores::validate_stores
pub async fn replace_all(db: &Db, stores: &[StoreData]) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query("DELETE FROM stores").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    for (position, store) in stores.iter().enumerate() {
        let id = store.id.ok_or_else(|| anyhow::anyhow!("store {:?} has no id", store.name))?;
        let data = StoreData { id: None, ..store.clone() };
        on_tx!(tx, tx => sqlx::query("INSERT INTO stores (id, position, data, updated_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(i64::try_from(position)?)
            .bind(serde_json::to_string(&data)?)
            .bind(now_text())
            .execute(&mut *tx)
            .await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(())
}

fn read(id: i64, data: &str) -> anyhow::Result<StoreData> {
    let mut store: StoreData = serde_json::from_str(data)?;
    store.id = Some(id);
    Ok(store)
}

/// `SELECT id, data FROM stores ORDER BY position`: every store, the main one first.
pub async fn list(db: &Db) -> anyhow::Result<Vec<StoreData>> {
    let rows: Vec<(i64, String)> =
        on_pool!(db, pool => sqlx::query_as("SELECT id, data FROM stores ORDER BY position").fetch_all(pool).await)?;
    rows.iter().map(|(id, data)| read(*id, data)).collect()
}

/// `SELECT id, data FROM stores WHERE id = ?`.
pub async fn find(db: &Db, id: i64) -> anyhow::Result<Option<StoreData>> {
    let row: Option<(i64, String)> = on_pool!(db, pool => sqlx::query_as("SELECT id, data FROM stores WHERE id = $1").bind(id).fetch_optional(pool).await)?;
    row.map(|(id, data)| read(id, &data)).transpose()
}
