//! The visitor's compare list and recently viewed offers (issue 6; spec §3 "Compare list: a count of items", §4
//! compare widget, recently viewed header): `GET/POST/DELETE /api/compare`, `DELETE /api/compare/{offerId}`,
//! `GET /api/compare/count`, `GET/POST /api/viewed`. Mutations need the CSRF token; reads never start a session.

use crate::catalog::{Offer, load_offers};
use crate::db::lists::{self as store, CompareAdd};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::session::{existing_visitor_id, visitor_id};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// The compare list: its offers (with their params, for the side-by-side table) in the order they were added.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompareList {
    /// The listed offers still in the catalogue, with their params, in the order added.
    pub items: Vec<Offer>,
    /// `items.len()`: the compare widget's count (spec §3).
    pub count: usize,
}

/// `GET /api/compare/count`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompareCount {
    /// Offers on the list (0..=20).
    pub count: usize,
}

/// `POST /api/compare` and `POST /api/viewed` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferRef {
    /// The feed's offer id.
    pub offer_id: String,
}

/// The active offers of `ids`, in that order (offers that left the catalogue are skipped).
async fn offers_in_order(state: &AppState, ids: &[String]) -> Result<Vec<Offer>, ApiError> {
    let rows = crate::db::offers::find_active_by_ids(&state.db, ids).await?;
    let mut offers: std::collections::HashMap<String, Offer> =
        load_offers(&state.db, rows).await?.into_iter().map(|o| (o.id.clone(), o)).collect();
    Ok(ids.iter().filter_map(|id| offers.remove(id)).collect())
}

async fn compare_list(state: &AppState, session: &Session) -> Result<CompareList, ApiError> {
    let ids = match existing_visitor_id(session).await? {
        Some(visitor) => store::compare_ids(&state.db, &visitor).await?,
        None => Vec::new(),
    };
    let items = offers_in_order(state, &ids).await?;
    Ok(CompareList { count: items.len(), items })
}

/// 404 `OFFER_NOT_FOUND` / 409 `OFFER_REMOVED` unless `offer_id` is on the storefront.
async fn require_active(state: &AppState, offer_id: &str) -> Result<(), ApiError> {
    match crate::db::basket::offer_state(&state.db, offer_id).await? {
        None => Err(ApiError::not_found("OFFER_NOT_FOUND", format!("no offer {offer_id:?}"))),
        Some((false, _)) => Err(ApiError::Conflict {
            code: "OFFER_REMOVED",
            field: "offerId",
            detail: "the offer is no longer in the catalogue".into(),
        }),
        Some(_) => Ok(()),
    }
}

/// The compare list of this session.
#[utoipa::path(get, path = "/api/compare", tag = "compare", responses((status = 200, body = CompareList)))]
pub async fn get_compare(State(state): State<AppState>, session: Session) -> Result<Json<CompareList>, ApiError> {
    Ok(Json(compare_list(&state, &session).await?))
}

/// How many offers the compare list holds (the compare widget, spec §3, §4).
#[utoipa::path(get, path = "/api/compare/count", tag = "compare", responses((status = 200, body = CompareCount)))]
pub async fn get_compare_count(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<CompareCount>, ApiError> {
    // The header widget asks on every page: a count, not the offers.
    let count = match existing_visitor_id(&session).await? {
        Some(visitor) => store::compare_count(&state.db, &visitor).await?,
        None => 0,
    };
    Ok(Json(CompareCount { count: usize::try_from(count).unwrap_or(0) }))
}

/// Adds an offer to the compare list (again is fine); answers the list. 404 `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`,
/// 409 `COMPARE_LIMIT` (20 offers already), 403 without the CSRF token.
#[utoipa::path(post, path = "/api/compare", tag = "compare", request_body = OfferRef,
    responses((status = 200, body = CompareList), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody)))]
pub async fn add_compare(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<OfferRef>,
) -> Result<Json<CompareList>, ApiError> {
    require_active(&state, &body.offer_id).await?;
    let visitor = visitor_id(&session).await?;
    if store::compare_add(&state.db, &visitor, &body.offer_id).await? == CompareAdd::Full {
        return Err(ApiError::Conflict {
            code: "COMPARE_LIMIT",
            field: "offerId",
            detail: format!("the compare list holds at most {} offers", crate::limits::COMPARE_MAX_ITEMS),
        });
    }
    Ok(Json(compare_list(&state, &session).await?))
}

/// Empties the compare list; answers it (empty). 403 without the CSRF token.
#[utoipa::path(delete, path = "/api/compare", tag = "compare", responses((status = 200, body = CompareList)))]
pub async fn clear_compare(State(state): State<AppState>, session: Session) -> Result<Json<CompareList>, ApiError> {
    if let Some(visitor) = existing_visitor_id(&session).await? {
        store::compare_remove(&state.db, &visitor, None).await?;
    }
    Ok(Json(compare_list(&state, &session).await?))
}

/// Takes an offer off the compare list (absent is fine); answers the list. 403 without the CSRF token.
#[utoipa::path(delete, path = "/api/compare/{offerId}", tag = "compare",
    params(("offerId" = String, Path, description = "The offer's id")),
    responses((status = 200, body = CompareList)))]
pub async fn remove_compare(
    State(state): State<AppState>,
    session: Session,
    ApiPath(offer_id): ApiPath<String>,
) -> Result<Json<CompareList>, ApiError> {
    if let Some(visitor) = existing_visitor_id(&session).await? {
        store::compare_remove(&state.db, &visitor, Some(&offer_id)).await?;
    }
    Ok(Json(compare_list(&state, &session).await?))
}

/// `GET /api/viewed` query.
#[derive(Debug, Clone, Deserialize, IntoParams)]
pub struct ViewedQuery {
    /// Leave this offer out (the product page showing it).
    pub exclude: Option<String>,
}

/// `GET /api/viewed`: the recently viewed offers.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ViewedList {
    /// At most 20, newest first.
    pub items: Vec<Offer>,
}

/// The offers this session viewed last, newest first, at most 20, without `exclude`.
#[utoipa::path(get, path = "/api/viewed", tag = "viewed", params(ViewedQuery),
    responses((status = 200, body = ViewedList)))]
pub async fn get_viewed(
    State(state): State<AppState>,
    session: Session,
    ApiQuery(query): ApiQuery<ViewedQuery>,
) -> Result<Json<ViewedList>, ApiError> {
    let ids = match existing_visitor_id(&session).await? {
        Some(visitor) => store::viewed_ids(&state.db, &visitor, query.exclude.as_deref()).await?,
        None => Vec::new(),
    };
    Ok(Json(ViewedList { items: offers_in_order(&state, &ids).await? }))
}

/// Records that this session opened the offer's page (the product page calls it); answers 204. 404
/// `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`, 403 without the CSRF token.
#[utoipa::path(post, path = "/api/viewed", tag = "viewed", request_body = OfferRef,
    responses((status = 204), (status = 404, body = crate::error::ErrorBody)))]
pub async fn record_viewed(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<OfferRef>,
) -> Result<axum::http::StatusCode, ApiError> {
    require_active(&state, &body.offer_id).await?;
    let visitor = visitor_id(&session).await?;
    store::record_view(&state.db, &visitor, &body.offer_id).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// The compare and viewed routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_compare, add_compare, clear_compare))
        .routes(routes!(get_compare_count))
        .routes(routes!(remove_compare))
        .routes(routes!(get_viewed, record_viewed))
}
