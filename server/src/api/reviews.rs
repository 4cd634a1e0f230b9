//! Reviews of the shop (issue 8; spec §2 "a rating with reviews count and a link to the reviews page (or an
//! add-review button when there are no reviews)"): `GET /api/reviews?page=`, `POST /api/reviews`.

use crate::api::params::number;
use crate::db::reviews::{self as store, Publication, Review};
use crate::domain::reviews::{ReviewRequest, validate_review};
use crate::error::{ApiError, ApiJson, ApiQuery};
use crate::limits::{MAX_REVIEWS_PAGE, REVIEW_BODY_MAX_BYTES, REVIEWS_PAGE_SIZE};
use crate::rate_limit::{ClientAddr, check};
use crate::session::visitor_id;
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// `?page=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewsParams {
    /// 1-based page, 1..=10000; default 1. A page past the end is empty.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 10000)]
    pub page: Option<String>,
}

/// One page of published reviews, newest first, with the shop's rating.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewsPage {
    /// This page's reviews, newest first.
    pub items: Vec<Review>,
    /// The page shown, from 1.
    pub page: u32,
    /// Reviews per page (10).
    pub per_page: u32,
    /// Published reviews in all.
    pub total: i64,
    /// Mean stars, one decimal; `null` without reviews.
    #[schema(required)]
    pub rating_value: Option<f64>,
}

/// `POST /api/reviews` answer (201).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewPosted {
    /// `published`: shown now; `pending`: shown once the shop owner publishes it.
    pub status: ReviewStatus,
    /// The review as stored.
    pub review: Review,
}

/// What became of a posted review, as `ReviewPosted.status` says it: the [`Publication`] it was stored with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReviewStatus {
    /// Shown now.
    Published,
    /// Shown once the shop owner publishes it.
    Pending,
}

impl From<Publication> for ReviewStatus {
    fn from(publication: Publication) -> Self {
        match publication {
            Publication::Published => Self::Published,
            Publication::Pending => Self::Pending,
        }
    }
}

/// A page of the published reviews. 400 `PAGE_INVALID`.
#[utoipa::path(get, path = "/api/reviews", tag = "reviews", params(ReviewsParams),
    responses((status = 200, body = ReviewsPage), (status = 400, body = crate::error::ErrorBody)))]
pub async fn list_reviews(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<ReviewsParams>,
) -> Result<Json<ReviewsPage>, ApiError> {
    Ok(Json(reviews_page(&state, &params).await?))
}

/// The page of published reviews `params` asks for (`GET /api/reviews`, and a server render of `/reviews/`).
/// Errors: 400 `PAGE_INVALID`; the database's.
pub async fn reviews_page(state: &AppState, params: &ReviewsParams) -> Result<ReviewsPage, ApiError> {
    let page = number(params.page.as_deref(), 1, MAX_REVIEWS_PAGE, "PAGE_INVALID", "page")?;
    let items = store::published_page(&state.db, page, REVIEWS_PAGE_SIZE).await?;
    let rating = crate::catalog::shop_rating(&state.db).await?;
    Ok(ReviewsPage {
        items,
        page,
        per_page: REVIEWS_PAGE_SIZE,
        total: rating.reviews_count,
        rating_value: rating.rating_value,
    })
}

/// Adds a review: `{rating: 1..5, name, text}`, every field checked at once → 422 `{errors}` with
/// `REVIEW_RATING_INVALID`, `FORMS_NOT_EMPTY_INVALID`, `FORMS_VALUE_TOO_LONG`. Stored as typed and published at once
/// with `VITRINA_REVIEWS_AUTOPUBLISH`, else pending until `vitrina reviews publish`; the owner is notified (outbox,
/// log, mail). 201 [`ReviewPosted`]; 400 `BODY_INVALID`, 413 `BODY_TOO_LARGE`, 429 `RATE_LIMITED` (per client
/// address, as form submissions), 403 without the CSRF token.
#[utoipa::path(post, path = "/api/reviews", tag = "reviews", request_body = ReviewRequest,
    responses((status = 201, body = ReviewPosted), (status = 422, body = crate::error::ErrorBody),
        (status = 400, body = crate::error::ErrorBody), (status = 413, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn add_review(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiJson(body): ApiJson<ReviewRequest>,
) -> Result<(StatusCode, Json<ReviewPosted>), ApiError> {
    check(&state.limiters.reviews, addr)?;
    let clean = validate_review(&body)
        .map_err(|errors| ApiError::Unprocessable { errors: errors.into_iter().map(Into::into).collect() })?;
    let publication = if state.settings.reviews_autopublish { Publication::Published } else { Publication::Pending };
    let visitor = visitor_id(&session).await?;
    let client_addr = (!addr.0.is_unspecified()).then(|| addr.0.to_string());
    let review = store::insert(&state.db, &clean, publication, &visitor, client_addr.as_deref()).await?;
    let status = ReviewStatus::from(publication);
    let shop = crate::db::shop::name_or_default(&state.db).await?;
    let stars = "★".repeat(usize::try_from(review.rating).unwrap_or(0));
    let context = minijinja::context! {
        shop, stars, id => review.id, name => review.name, text => review.text,
        published => publication == Publication::Published,
        admin_link => format!("{}/admin/reviews", state.settings.public_url),
    };
    let recipient = state.mailer.owner_address().map(str::to_owned);
    let message = crate::mail::templates::render("review", "ru", "review", recipient, &context)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("review mail: {e}")))?;
    state.mailer.send(&state.db, message).await?;
    Ok((StatusCode::CREATED, Json(ReviewPosted { status, review })))
}

/// The review routes; `POST` bodies are limited to [`REVIEW_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews))
        .routes(routes!(add_review))
        .layer(DefaultBodyLimit::max(REVIEW_BODY_MAX_BYTES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_status_says_what_the_status_column_says() {
        for publication in [Publication::Published, Publication::Pending] {
            let json = serde_json::to_value(ReviewStatus::from(publication)).unwrap();
            assert_eq!(json, publication.as_str());
        }
    }
}
