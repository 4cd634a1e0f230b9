//! What every handler shares. Cheap to clone.

use sqlx::SqlitePool;
use std::sync::Arc;

/// Shared application state: the database pool, the search engine, the offer cache, the settings, the notification mailer and
/// the per-address rate limiters.
#[derive(Clone)]
pub struct AppState {
    pub db: SqlitePool,
    pub search: Arc<crate::search::engine::SearchEngine>,
    /// Offers by id, emptied after each import (the catalogue service's cache).
    pub offers: Arc<crate::catalog::OfferCache>,
    pub settings: Arc<Settings>,
    pub mailer: Arc<crate::mail::Mailer>,
    pub limiters: Arc<crate::rate_limit::RateLimiters>,
}

/// Settings the handlers need (from [`crate::config`]).
#[derive(Debug, Clone)]
pub struct Settings {
    /// The shop's public origin without a trailing slash (`https://shop.example`): canonical links, the sitemap,
    /// Open Graph URLs.
    pub public_url: String,
    /// `RIGHT` or `PAGE` (`VITRINA_BASKET_VIEW`; issue 6), sent to the front-end in `GET /api/session`.
    pub basket_view: crate::config::BasketView,
    /// The store maps' tiles (`VITRINA_MAP_TILES`, `VITRINA_MAP_ATTRIBUTION`; issue 8); `None`: no tiles.
    pub map_tiles: Option<MapTiles>,
    /// Shoppers' reviews are published at once (`VITRINA_REVIEWS_AUTOPUBLISH`), not after moderation.
    pub reviews_autopublish: bool,
}

impl Settings {
    /// Whether the shop is served over https (its public URL says so): cookies are then `Secure`.
    pub fn https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// Where the store maps take their tiles from, sent to the front-end in `GET /api/session`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct MapTiles {
    /// Leaflet's tile URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
    pub url: String,
    /// Shown in the map's corner.
    pub attribution: String,
}
