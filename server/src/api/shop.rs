//! `GET /api/shop`: the shop's name and catalogue size.

use crate::catalog::Shop;
use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The shop's name and catalogue size, as of the last import (kept by the catalogue cache until the next).
#[utoipa::path(get, path = "/api/shop", tag = "shop", responses((status = 200, body = Shop)))]
pub async fn get_shop(State(state): State<AppState>) -> Result<Json<Shop>, ApiError> {
    Ok(Json(Shop::clone(&*state.catalog.shop(&state.db).await?)))
}

/// The shop routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_shop))
}
