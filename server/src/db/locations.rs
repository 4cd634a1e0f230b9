//! Table `locations` (issue 8): the cities a shopper can choose. Each function says the SQL it runs.

use super::Db;
use crate::domain::locations::{NewLocation, fold, location_id, parse_locations_csv};
use serde::Serialize;
use utoipa::ToSchema;

/// The shipped list: 50 large cities of Russia, Ukraine, Kazakhstan and Belarus (our own file,
/// `server/defaults/locations.csv`; populations rounded from public estimates).
pub const DEFAULT_LOCATIONS_CSV: &str = include_str!("../../defaults/locations.csv");

/// A city as the API answers it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Location {
    /// Stable across imports ([`crate::domain::locations::location_id`]).
    pub id: i64,
    /// The city's name.
    pub name: String,
    /// As shoppers read it: "Свердловская область".
    pub region: String,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: String,
    /// WGS 84 degrees.
    pub lat: f64,
    /// Longitude, WGS 84 degrees.
    pub lon: f64,
    /// Inhabitants; 0 when unknown.
    pub population: i64,
}

/// Loads the shipped list when the table is empty (a new shop).
pub async fn ensure_defaults(db: &Db) -> anyhow::Result<()> {
    let count: i64 = on_pool!(db, pool => sqlx::query_scalar("SELECT count(*) FROM locations").fetch_one(pool).await)?;
    if count == 0 {
        let parsed = parse_locations_csv(DEFAULT_LOCATIONS_CSV.as_bytes()).map_err(anyhow::Error::msg)?;
        replace_all(db, &parsed.locations).await?;
    }
    Ok(())
}

/// `DELETE FROM locations`, then `INSERT … ON CONFLICT DO NOTHING` each city under its stable [`location_id`], in one transaction
/// (`vitrina locations import`); returns how many were written (a city listed twice, same country, region and name,
/// is written once). A shopper's chosen city keeps its id when the new list holds it, and is forgotten when not.
pub async fn replace_all(db: &Db, locations: &[NewLocation]) -> anyhow::Result<u64> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query("DELETE FROM locations").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    let mut written = 0;
    for l in locations {
        written += on_tx!(tx, tx => sqlx::query(
            "INSERT INTO locations (id, name, search_name, region, country, lat, lon, population)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
        )
        .bind(location_id(&l.country, &l.region, &l.name))
        .bind(&l.name)
        .bind(fold(&l.name))
        .bind(&l.region)
        .bind(&l.country)
        .bind(l.lat)
        .bind(l.lon)
        .bind(l.population)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(written)
}

/// The biggest `limit` cities whose name starts with `prefix` (folded: case and `ё` do not matter), or the biggest
/// of all when `prefix` is empty: `… WHERE search_name >= ? AND search_name < ? ORDER BY population DESC, name
/// LIMIT ?` (a range on the folded name: the index answers it, and no LIKE wildcard can come from the text).
pub async fn search(db: &Db, prefix: &str, limit: u32) -> sqlx::Result<Vec<Location>> {
    let folded = fold(prefix);
    // Every name starting with `folded` sorts below `folded` + U+10FFFF (the largest code point).
    let upper = format!("{folded}\u{10FFFF}");
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, name, region, country, lat, lon, population FROM locations
         WHERE search_name >= $1 AND search_name < $2 ORDER BY population DESC, name LIMIT $3",
    )
    .bind(&folded)
    .bind(&upper)
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await)
}

/// `SELECT … FROM locations WHERE id = ?`.
pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<Location>> {
    on_pool!(db, pool => sqlx::query_as("SELECT id, name, region, country, lat, lon, population FROM locations WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_reads_whole() {
        let parsed = parse_locations_csv(DEFAULT_LOCATIONS_CSV.as_bytes()).unwrap();
        assert_eq!(parsed.skipped, Vec::new());
        assert_eq!(parsed.locations.len(), 50);
        for country in ["RU", "BY", "UA", "KZ"] {
            assert!(parsed.locations.iter().any(|l| l.country == country), "{country}");
        }
    }
}
