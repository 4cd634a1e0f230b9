//! `GET /api/shop`: the shop's name and catalogue size.

use crate::catalog::{Shop, shop};
use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The shop's name and catalogue size.
#[utoipa::path(get, path = "/api/shop", tag = "shop", responses((status = 200, body = Shop)))]
pub async fn get_shop(State(state): State<AppState>) -> Result<Json<Shop>, ApiError> {
    Ok(Json(shop(&state.db).await?))
}

/// The shop routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_shop))
}
