//! Offers: `GET /api/offers`, `/api/offers/{id}`, `/api/offers/by-slug/{slug}`, `/api/collections/{code}`.

use super::listing::{FilterParams, listing_answer};
use super::params::ListParams;
use crate::catalog::{Collection, Offer, OfferList, OfferPage, collection, offer_by_id, offer_by_slug, offers_by_ids};
use crate::error::ApiQuery;
use crate::error::{ApiError, ApiPath, ErrorBody};
use crate::limits::{DEFAULT_COLLECTION_LIMIT, MAX_IDS_PER_REQUEST, SEARCH_PAGE_SIZE};
use crate::state::AppState;
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

/// `GET /api/offers` query: a listing, or `ids`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OffersQuery {
    /// Comma-separated offer ids (at most 100); when given, the answer holds these offers in this order
    /// (unknown or removed ones left out) and the listing parameters are ignored.
    pub ids: Option<String>,
    #[serde(flatten)]
    pub listing: ListParams,
}

/// Offers of the whole catalogue, paged, narrowed by facets, with the facets' counts (issue 35; `api::listing`); or
/// the offers named by `ids`, without facets.
#[utoipa::path(get, path = "/api/offers", tag = "offers", params(("ids" = Option<String>, Query, description = "Comma-separated offer ids (at most 100): answers these offers in this order; listing parameters are then ignored"), ListParams, FilterParams),
    responses((status = 200, body = OfferPage), (status = 400, body = ErrorBody),
        (status = 503, body = ErrorBody, description = "FACETS_STARTING: a filtered listing asked before the first facet index is built")))]
pub async fn list_offers(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<OffersQuery>,
    RawQuery(raw): RawQuery,
) -> Result<Json<OfferPage>, ApiError> {
    let Some(ids) = q.ids else {
        return Ok(Json(
            listing_answer(&state, None, q.listing.validate()?, raw.as_deref().unwrap_or_default()).await?,
        ));
    };
    let ids: Vec<String> = ids.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
    if ids.is_empty() || ids.len() > MAX_IDS_PER_REQUEST {
        return Err(ApiError::bad_request(
            "IDS_INVALID",
            "ids",
            format!("ids must list 1 to {MAX_IDS_PER_REQUEST} offer ids"),
        ));
    }
    let offers = offers_by_ids(&state.db, &ids).await?;
    let n = offers.len() as u32;
    Ok(Json(OfferPage {
        total: i64::from(n),
        page: 1,
        per_page: n.max(1),
        pages: u32::from(n > 0),
        items: offers,
        facets: None,
    }))
}

/// One offer by the feed's offer id.
#[utoipa::path(get, path = "/api/offers/{id}", tag = "offers", params(("id" = String, Path, description = "The feed's offer id")),
    responses((status = 200, body = Offer), (status = 404, body = ErrorBody)))]
pub async fn get_offer(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Json<Offer>, ApiError> {
    let offer = offer_by_id(&state.db, &id).await?;
    Ok(Json(offer.ok_or_else(|| offer_not_found(&id))?))
}

/// One offer by its URL slug (the last segment of its `url`).
#[utoipa::path(get, path = "/api/offers/by-slug/{slug}", tag = "offers", params(("slug" = String, Path)),
    responses((status = 200, body = Offer), (status = 404, body = ErrorBody)))]
pub async fn get_offer_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Offer>, ApiError> {
    let offer = offer_by_slug(&state.db, &slug).await?;
    Ok(Json(offer.ok_or_else(|| offer_not_found(&slug))?))
}

/// 404 `OFFER_NOT_FOUND`: no offer on the storefront has the id or slug `key`.
pub fn offer_not_found(key: &str) -> ApiError {
    ApiError::not_found("OFFER_NOT_FOUND", format!("no offer {key:?} in the catalogue"))
}

/// `?limit=` of a collection.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionQuery {
    /// How many offers, 1..=100; default 12.
    pub limit: Option<String>,
}

impl CollectionQuery {
    /// The checked `limit`. Errors (400): `LIMIT_INVALID`.
    pub fn limit(&self) -> Result<u32, ApiError> {
        match self.limit.as_deref() {
            None => Ok(DEFAULT_COLLECTION_LIMIT),
            Some(s) => s.trim().parse().ok().filter(|n| (1..=SEARCH_PAGE_SIZE).contains(n)).ok_or_else(|| {
                ApiError::bad_request(
                    "LIMIT_INVALID",
                    "limit",
                    format!("limit must be a whole number from 1 to {SEARCH_PAGE_SIZE}"),
                )
            }),
        }
    }
}

/// A home-page collection: `new` (most recently added), `hits` (in stock, in the shop's order, until orders
/// exist), `sale` (with an old price, largest discount first). docs/decisions.md "Home tabs".
#[utoipa::path(get, path = "/api/collections/{code}", tag = "offers",
    params(("code" = String, Path, description = "new | hits | sale"), CollectionQuery),
    responses((status = 200, body = OfferList), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list_collection(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiQuery(q): ApiQuery<CollectionQuery>,
) -> Result<Json<OfferList>, ApiError> {
    let Some(wanted) = Collection::parse(&code) else {
        return Err(ApiError::not_found(
            "COLLECTION_NOT_FOUND",
            format!("no collection {code:?}: use new, hits or sale"),
        ));
    };
    Ok(Json(OfferList { items: collection(&state.db, wanted, q.limit()?).await? }))
}

/// The offers routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_offers))
        .routes(routes!(get_offer))
        .routes(routes!(get_offer_by_slug))
        .routes(routes!(list_collection))
}
