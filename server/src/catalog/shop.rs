//! The shop itself: its name and the catalogue's size (`GET /api/shop`, every page's header and footer).

use crate::db;
use crate::db::Db;
use serde::Serialize;
use utoipa::ToSchema;

/// The shop as its last feed names it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shop {
    pub name: String,
    #[schema(required)]
    pub company: Option<String>,
    /// The shop's own site as the feed gives it.
    #[schema(required)]
    pub url: Option<String>,
    /// Active offers.
    pub offer_count: i64,
    /// Active sections.
    pub section_count: i64,
}

/// The shop now (an empty name before the first import).
pub async fn shop(pool: &Db) -> sqlx::Result<Shop> {
    let shop = db::shop::find(pool).await?.unwrap_or_default();
    let offer_count = db::offers::count_active(pool).await?;
    let section_count = db::sections::count_active(pool).await?;
    Ok(Shop { name: shop.name, company: shop.company, url: shop.url, offer_count, section_count })
}

/// The shop's name, company and site as its last feed names them, without the catalogue's counts (a page's head):
/// empty before the first import.
pub async fn shop_record(pool: &Db) -> sqlx::Result<db::shop::ShopRow> {
    Ok(db::shop::find(pool).await?.unwrap_or_default())
}
