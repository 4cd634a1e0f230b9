//! Catalogue feeds: the YML reader, the importer, the embedded demo catalogue and the synthetic feed generator.

pub mod changes;
pub mod commerceml;
pub mod fields;
pub mod generate;
pub mod import;
pub mod offer;
pub mod yml;

use crate::db::Db;

/// The demo catalogue (our own content, see `server/demo/`), a YML feed embedded in the binary.
pub const DEMO_FEED: &[u8] = include_bytes!("../../demo/catalog.yml");

/// Imports the demo catalogue when no catalogue was ever imported into `pool`. Returns whether it did.
pub async fn seed_demo_if_empty(pool: &Db) -> Result<bool, import::ImportError> {
    if crate::db::shop::count_imports(pool).await? > 0 {
        return Ok(false);
    }
    let summary = import::import_feed(pool, std::io::Cursor::new(DEMO_FEED), import::DEMO_SOURCE).await?;
    tracing::info!(offers = summary.offers_added, sections = summary.sections, "seeded the demo catalogue");
    Ok(true)
}
