//! Stores (issue 8; spec §2 contacts panel, §3 "Contact item (store)", "Working hours today", §7
//! `workingHoursToday`): `GET /api/stores`, `GET /api/stores/{id}`. Each store comes with `today`, computed at the
//! moment of the request in the store's time zone, and the shop's rating (the catalogue service's
//! [`crate::catalog::StoreAnswer`]).

use crate::catalog::{StoreAnswer, store, stores};
use crate::error::{ApiError, ApiPath};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

/// `today` changes with the clock: browsers must ask again rather than reuse an answer.
fn no_cache(response: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], response).into_response()
}

/// Every store, the main one first (the header's contacts panel shows the first). `Cache-Control: no-cache`.
#[utoipa::path(get, path = "/api/stores", tag = "stores", responses((status = 200, body = Vec<StoreAnswer>)))]
pub async fn list_stores(State(state): State<AppState>) -> Result<Response, ApiError> {
    Ok(no_cache(Json(stores(&state.db, chrono::Utc::now()).await?)))
}

/// One store. 404 `STORE_NOT_FOUND` for an unknown (or non-numeric) id. `Cache-Control: no-cache`.
#[utoipa::path(get, path = "/api/stores/{id}", tag = "stores",
    params(("id" = String, Path, description = "The store's id")),
    responses((status = 200, body = StoreAnswer), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_store(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("STORE_NOT_FOUND", format!("no store {id:?}"));
    let number: i64 = id.trim().parse().map_err(|_| not_found())?;
    let store = store(&state.db, number, chrono::Utc::now()).await?.ok_or_else(not_found)?;
    Ok(no_cache(Json(store)))
}

/// The store routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_stores)).routes(routes!(get_store))
}
