//! What every handler shares. Cheap to clone.

use sqlx::SqlitePool;
use std::sync::Arc;

/// Shared application state: the database pool, the search engine, the settings, the notification mailer and
/// the per-address rate limiters.
#[derive(Clone)]
pub struct AppState {
    pub db: SqlitePool,
    pub search: Arc<crate::search::engine::SearchEngine>,
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
}
