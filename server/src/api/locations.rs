//! Delivery locations (issue 8; spec §2 "delivery location panel", §7 `sPanelGeoLocationRequest`):
//! `GET /api/locations?q=`, `POST /api/location`. The shopper's choice lives in the session and in the cookie
//! [`LOCATION_COOKIE_NAME`] (32,832,000 s), so it outlives the session; `GET /api/session` answers it.

use crate::db::locations::{self as store, Location};
use crate::error::{ApiError, ApiJson, ApiQuery};
use crate::limits::{
    LOCATION_COOKIE_LIFETIME_S, LOCATION_COOKIE_NAME, LOCATION_QUERY_MAX_CHARS, LOCATIONS_MAX_RESULTS,
    REVIEW_BODY_MAX_BYTES,
};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use tower_sessions::cookie::{Cookie, SameSite};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// `?q=&limit=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocationsParams {
    /// The start of a city's name (case and `ё` do not matter); empty or missing: the biggest cities.
    pub q: Option<String>,
    /// How many, 1..=20; default 20.
    pub limit: Option<String>,
}

/// `GET /api/locations` answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LocationList {
    /// Biggest first.
    pub items: Vec<Location>,
}

/// `POST /api/location` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct LocationChoice {
    /// A city's `id` from `GET /api/locations`.
    pub id: i64,
}

/// Cities whose name starts with `q`, biggest first, at most `limit` (20). 400 `LIMIT_INVALID`.
#[utoipa::path(get, path = "/api/locations", tag = "locations", params(LocationsParams),
    responses((status = 200, body = LocationList), (status = 400, body = crate::error::ErrorBody)))]
pub async fn search_locations(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<LocationsParams>,
) -> Result<Json<LocationList>, ApiError> {
    let limit = crate::api::params::number(
        params.limit.as_deref(),
        LOCATIONS_MAX_RESULTS,
        LOCATIONS_MAX_RESULTS,
        "LIMIT_INVALID",
        "limit",
    )?;
    let q: String = params.q.unwrap_or_default().chars().take(LOCATION_QUERY_MAX_CHARS).collect();
    Ok(Json(LocationList { items: store::search(&state.db, &q, limit).await? }))
}

/// Key of the chosen location's id in the session's data.
const LOCATION_KEY: &str = "location";

/// The id in the location cookie of `headers`, if any.
fn cookie_location(headers: &HeaderMap) -> Option<i64> {
    crate::session::request_cookie(headers, LOCATION_COOKIE_NAME).and_then(|value| value.trim().parse().ok())
}

/// The shopper's chosen city: the session's, else the cookie's (a returning shopper whose session ended); `None`
/// when neither names a city of the list (never chosen, or the list was imported anew).
pub async fn current_location(
    state: &AppState,
    session: &Session,
    headers: &HeaderMap,
) -> Result<Option<Location>, ApiError> {
    let chosen: Option<i64> = session.get(LOCATION_KEY).await.map_err(|e| ApiError::Internal(e.into()))?;
    match chosen.or_else(|| cookie_location(headers)) {
        Some(id) => Ok(store::find(&state.db, id).await?),
        None => Ok(None),
    }
}

/// Chooses the shopper's city: kept in the session and in the cookie `vitrina_location` (`Max-Age` 32,832,000 s,
/// `Path=/`, `SameSite=Lax`, `HttpOnly`, `Secure` behind https). 200 the city; 422 `LOCATION_NOT_FOUND` (field
/// `id`), 400 `BODY_INVALID`, 403 without the CSRF token.
#[utoipa::path(post, path = "/api/location", tag = "locations", request_body = LocationChoice,
    responses((status = 200, body = Location), (status = 422, body = crate::error::ErrorBody),
        (status = 400, body = crate::error::ErrorBody)))]
pub async fn choose_location(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<LocationChoice>,
) -> Result<Response, ApiError> {
    let Some(location) = store::find(&state.db, body.id).await? else {
        let detail = format!("no city {} in the list", body.id);
        return Err(ApiError::Unprocessable {
            errors: vec![crate::error::ErrorItem {
                code: "LOCATION_NOT_FOUND".into(),
                field: Some("id".into()),
                detail,
            }],
        });
    };
    session.insert(LOCATION_KEY, location.id).await.map_err(|e| ApiError::Internal(e.into()))?;
    let lifetime = i64::try_from(LOCATION_COOKIE_LIFETIME_S).unwrap_or(i64::MAX);
    let cookie = Cookie::build((LOCATION_COOKIE_NAME, location.id.to_string()))
        .max_age(time::Duration::seconds(lifetime))
        .path("/")
        .same_site(SameSite::Lax)
        .http_only(true)
        .secure(state.settings.https())
        .build();
    Ok(([(header::SET_COOKIE, cookie.to_string()), (header::CACHE_CONTROL, "no-store".to_owned())], Json(location))
        .into_response())
}

/// The location routes; `POST` bodies are limited as the reviews'.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_locations))
        .routes(routes!(choose_location))
        .layer(DefaultBodyLimit::max(REVIEW_BODY_MAX_BYTES))
}
