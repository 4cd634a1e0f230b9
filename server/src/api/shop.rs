//! `GET /api/shop`: the shop's name and catalogue size.

use crate::db;
use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

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

/// The shop's name and catalogue size.
#[utoipa::path(get, path = "/api/shop", tag = "shop", responses((status = 200, body = Shop)))]
pub async fn get_shop(State(state): State<AppState>) -> Result<Json<Shop>, ApiError> {
    let shop = db::shop::find(&state.db).await?.unwrap_or_default();
    let offer_count = db::offers::count_active(&state.db).await?;
    let section_count = db::sections::count_active(&state.db).await?;
    Ok(Json(Shop { name: shop.name, company: shop.company, url: shop.url, offer_count, section_count }))
}

/// The shop routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_shop))
}
