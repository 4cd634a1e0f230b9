//! Stores (issue 8; spec §2 contacts panel, §3 "Contact item (store)", "Working hours today", §7
//! `workingHoursToday`): `GET /api/stores`, `GET /api/stores/{id}`. Each store comes with `today`, computed on the
//! server at the moment of the request in the store's time zone (`crate::domain::working_hours`), and the shop's
//! rating from its published reviews.

use crate::db;
use crate::domain::reviews::{mean_tenths, reviews_declension};
use crate::domain::stores::StoreData;
use crate::domain::working_hours::{Today, today_at};
use crate::error::{ApiError, ApiPath};
use crate::limits::REVIEWS_PAGE_PATH;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The shop's rating (spec §3 `ratingValue`, `reviewsCount`, `reviewsPageLink`), the same on every store.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// Mean stars of the published reviews, one decimal (4.6); `null` without reviews.
    #[schema(required)]
    pub rating_value: Option<f64>,
    /// Published reviews.
    pub reviews_count: i64,
    /// "отзыв", "отзыва" or "отзывов": the word after `reviewsCount` (spec §3; Russian plural rules).
    pub reviews_declension: &'static str,
    /// The reviews page: `/reviews/`.
    pub reviews_page_link: String,
}

/// A store as shoppers see it: the owner's description ([`StoreData`], the format `vitrina stores import` reads)
/// plus `today` and the rating, which an import ignores.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreAnswer {
    /// The owner's description of the store.
    #[serde(flatten)]
    pub store: StoreData,
    /// The shop's rating from its published reviews.
    #[serde(flatten)]
    pub rating: Rating,
    /// Today's hours and whether the store is open now; `null` when its week has no entry for today.
    #[schema(required)]
    pub today: Option<Today>,
}

/// The shop's rating now.
pub async fn shop_rating(state: &AppState) -> Result<Rating, ApiError> {
    let (count, sum) = db::reviews::published_stats(&state.db).await?;
    // Tenths fit in f64 exactly enough to print one decimal (46 → 4.6).
    #[allow(clippy::cast_precision_loss)]
    let rating_value = mean_tenths(sum, count).map(|tenths| tenths as f64 / 10.0);
    Ok(Rating {
        rating_value,
        reviews_count: count,
        reviews_declension: reviews_declension(count),
        reviews_page_link: REVIEWS_PAGE_PATH.to_owned(),
    })
}

fn answer(store: StoreData, rating: Rating, now: chrono::DateTime<chrono::Utc>) -> StoreAnswer {
    // The time zone was checked at import; a row that no longer parses shows no `today` rather than failing.
    let today = store.timezone.parse().ok().and_then(|tz| today_at(&store.working_hours, tz, now));
    StoreAnswer { store, rating, today }
}

/// `today` changes with the clock: browsers must ask again rather than reuse an answer.
fn no_cache(response: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], response).into_response()
}

/// Every store, the main one first (the header's contacts panel shows the first). `Cache-Control: no-cache`.
#[utoipa::path(get, path = "/api/stores", tag = "stores", responses((status = 200, body = Vec<StoreAnswer>)))]
pub async fn list_stores(State(state): State<AppState>) -> Result<Response, ApiError> {
    let rating = shop_rating(&state).await?;
    let now = chrono::Utc::now();
    let stores: Vec<StoreAnswer> =
        db::stores::list(&state.db).await?.into_iter().map(|s| answer(s, rating.clone(), now)).collect();
    Ok(no_cache(Json(stores)))
}

/// One store. 404 `STORE_NOT_FOUND` for an unknown (or non-numeric) id. `Cache-Control: no-cache`.
#[utoipa::path(get, path = "/api/stores/{id}", tag = "stores",
    params(("id" = String, Path, description = "The store's id")),
    responses((status = 200, body = StoreAnswer), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_store(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("STORE_NOT_FOUND", format!("no store {id:?}"));
    let number: i64 = id.trim().parse().map_err(|_| not_found())?;
    let store = db::stores::find(&state.db, number).await?.ok_or_else(not_found)?;
    Ok(no_cache(Json(answer(store, shop_rating(&state).await?, chrono::Utc::now()))))
}

/// The store routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_stores)).routes(routes!(get_store))
}
