//! Offers: `GET /api/offers`, `/api/offers/{id}`, `/api/offers/by-slug/{slug}`, `/api/collections/{code}`.

use super::params::{ListParams, Listing};
use crate::db::offers::{self as db_offers, OfferFilter, OfferRow, OfferSort};
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::slug::offer_path;
use crate::error::ApiQuery;
use crate::error::{ApiError, ApiPath, ErrorBody};
use crate::limits::{DEFAULT_COLLECTION_LIMIT, MAX_IDS_PER_REQUEST, SEARCH_PAGE_SIZE};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// A parameter of an offer: `{"name":"Вес","value":"300","unit":"г"}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Param {
    pub name: String,
    pub value: String,
    pub unit: Option<String>,
}

/// An offer as the storefront shows it. Prices are JSON numbers in major units, exact (docs/api.md "Money").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// The feed's offer id.
    pub id: String,
    pub name: String,
    /// The offer's storefront page, e.g. `/catalog/konstruktory/little-starter/`.
    pub url: String,
    pub section_id: Option<String>,
    /// Picture URLs as the feed gives them (often dead: the UI shows a placeholder).
    pub pictures: Vec<String>,
    /// Price in major units of `currencyId` (e.g. `1480`, `3.54`).
    #[schema(value_type = f64, example = 1480)]
    pub price: serde_json::Number,
    /// The price before a discount, major units; `null` when there is no discount.
    #[schema(value_type = Option<f64>)]
    pub old_price: Option<serde_json::Number>,
    /// ISO 4217 code (`RUB`, `KZT`, …).
    pub currency_id: String,
    pub available: bool,
    pub vendor: Option<String>,
    pub vendor_code: Option<String>,
    pub params: Vec<Param>,
    /// Sanitised HTML.
    pub description: Option<String>,
}

/// A page of offers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferPage {
    pub items: Vec<Offer>,
    /// Offers matching the filter on all pages.
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
    pub pages: u32,
}

/// A list of offers (the home page's collections).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OfferList {
    pub items: Vec<Offer>,
}

fn money(minor: i64, currency: &str) -> serde_json::Number {
    let currency = CurrencyCode::parse(currency).unwrap_or_default();
    Money { minor, currency }.major_json()
}

/// Turns rows into [`Offer`]s with their pictures and params (two more queries for the whole list).
pub async fn load_offers(state: &AppState, rows: Vec<OfferRow>) -> Result<Vec<Offer>, ApiError> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let (mut pictures, mut params) = db_offers::details(&state.db, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| Offer {
            url: offer_path(r.section_slug.as_deref(), &r.slug),
            pictures: pictures.remove(&r.id).unwrap_or_default(),
            params: params
                .remove(&r.id)
                .unwrap_or_default()
                .into_iter()
                .map(|p| Param { name: p.name, value: p.value, unit: p.unit })
                .collect(),
            price: money(r.price_minor, &r.currency_id),
            old_price: r.old_price_minor.map(|m| money(m, &r.currency_id)),
            id: r.id,
            name: r.name,
            section_id: r.section_id,
            currency_id: r.currency_id,
            available: r.available,
            vendor: r.vendor,
            vendor_code: r.vendor_code,
            description: r.description,
        })
        .collect())
}

/// Runs a listing and wraps it as an [`OfferPage`].
pub async fn offer_page(state: &AppState, section_id: Option<&str>, listing: Listing) -> Result<OfferPage, ApiError> {
    let filter =
        OfferFilter { section_id, available_only: listing.available_only, discounted_only: false, sort: listing.sort };
    let (rows, total) = db_offers::page(&state.db, &filter, listing.per_page, listing.offset()).await?;
    Ok(OfferPage {
        items: load_offers(state, rows).await?,
        total,
        page: listing.page,
        per_page: listing.per_page,
        pages: ((total + i64::from(listing.per_page) - 1) / i64::from(listing.per_page)) as u32,
    })
}

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

/// Offers of the whole catalogue, paged; or the offers named by `ids`.
#[utoipa::path(get, path = "/api/offers", tag = "offers", params(("ids" = Option<String>, Query, description = "Comma-separated offer ids (at most 100): answers these offers in this order; listing parameters are then ignored"), ListParams),
    responses((status = 200, body = OfferPage), (status = 400, body = ErrorBody)))]
pub async fn list_offers(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<OffersQuery>,
) -> Result<Json<OfferPage>, ApiError> {
    let Some(ids) = q.ids else {
        return Ok(Json(offer_page(&state, None, q.listing.validate()?).await?));
    };
    let ids: Vec<String> = ids.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
    if ids.is_empty() || ids.len() > MAX_IDS_PER_REQUEST {
        return Err(ApiError::bad_request(
            "IDS_INVALID",
            "ids",
            format!("ids must list 1 to {MAX_IDS_PER_REQUEST} offer ids"),
        ));
    }
    let rows = db_offers::find_active_by_ids(&state.db, &ids).await?;
    let mut offers = load_offers(&state, rows).await?;
    offers.sort_by_key(|o| ids.iter().position(|id| *id == o.id));
    let n = offers.len() as u32;
    Ok(Json(OfferPage { total: i64::from(n), page: 1, per_page: n.max(1), pages: u32::from(n > 0), items: offers }))
}

/// One offer by the feed's offer id.
#[utoipa::path(get, path = "/api/offers/{id}", tag = "offers", params(("id" = String, Path, description = "The feed's offer id")),
    responses((status = 200, body = Offer), (status = 404, body = ErrorBody)))]
pub async fn get_offer(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Json<Offer>, ApiError> {
    let row = db_offers::find_active_by_id(&state.db, &id).await?;
    one(&state, row, &id).await
}

/// One offer by its URL slug (the last segment of its `url`).
#[utoipa::path(get, path = "/api/offers/by-slug/{slug}", tag = "offers", params(("slug" = String, Path)),
    responses((status = 200, body = Offer), (status = 404, body = ErrorBody)))]
pub async fn get_offer_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Offer>, ApiError> {
    let row = db_offers::find_active_by_slug(&state.db, &slug).await?;
    one(&state, row, &slug).await
}

async fn one(state: &AppState, row: Option<OfferRow>, key: &str) -> Result<Json<Offer>, ApiError> {
    let row =
        row.ok_or_else(|| ApiError::not_found("OFFER_NOT_FOUND", format!("no offer {key:?} in the catalogue")))?;
    let mut offers = load_offers(state, vec![row]).await?;
    Ok(Json(offers.remove(0)))
}

/// `?limit=` of a collection.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CollectionQuery {
    /// How many offers, 1..=100; default 12.
    pub limit: Option<String>,
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
    let filter = match code.as_str() {
        "new" => OfferFilter { section_id: None, available_only: false, discounted_only: false, sort: OfferSort::New },
        "hits" => OfferFilter { section_id: None, available_only: true, discounted_only: false, sort: OfferSort::Feed },
        "sale" => {
            OfferFilter { section_id: None, available_only: false, discounted_only: true, sort: OfferSort::Discount }
        }
        _ => {
            return Err(ApiError::not_found(
                "COLLECTION_NOT_FOUND",
                format!("no collection {code:?}: use new, hits or sale"),
            ));
        }
    };
    let limit = match q.limit.as_deref() {
        None => DEFAULT_COLLECTION_LIMIT,
        Some(s) => s.trim().parse().ok().filter(|n| (1..=SEARCH_PAGE_SIZE).contains(n)).ok_or_else(|| {
            ApiError::bad_request(
                "LIMIT_INVALID",
                "limit",
                format!("limit must be a whole number from 1 to {SEARCH_PAGE_SIZE}"),
            )
        })?,
    };
    let (rows, _) = db_offers::page(&state.db, &filter, limit, 0).await?;
    Ok(Json(OfferList { items: load_offers(&state, rows).await? }))
}

/// The offers routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_offers))
        .routes(routes!(get_offer))
        .routes(routes!(get_offer_by_slug))
        .routes(routes!(list_collection))
}
