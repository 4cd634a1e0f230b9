//! The back office's reviews (the CLI's moderation in the browser), the shop's state (the last imports, the
//! pictures, the outbox) and, for owners, the staff list (issue 37).

use super::{Role, Staff, StaffView};
use crate::db::outbox::{Counts as MailCounts, Unsent};
use crate::db::pictures::{Counts as PictureCounts, FailureRow};
use crate::db::reviews::OwnerReview;
use crate::db::shop::ImportRow;
use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::limits::IMPORT_REPORT_MAX_ITEMS;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// `GET /api/admin/reviews` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewsParams {
    /// `true` (default): only the reviews waiting for moderation; `false`: all.
    pub pending: Option<bool>,
}

/// The reviews, oldest first: the pending ones (default) or all, as `vitrina reviews list` prints them. 401.
#[utoipa::path(get, path = "/api/admin/reviews", tag = "admin", params(ReviewsParams),
    responses((status = 200, body = Vec<OwnerReview>), (status = 401, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_list_reviews(
    State(state): State<AppState>,
    staff: Staff,
    ApiQuery(params): ApiQuery<ReviewsParams>,
) -> Result<Json<Vec<OwnerReview>>, ApiError> {
    staff.require(Role::Manager)?;
    Ok(Json(crate::db::reviews::list_for_owner(&state.db, params.pending.unwrap_or(true)).await?))
}

fn review_not_found(id: i64) -> ApiError {
    ApiError::not_found("REVIEW_NOT_FOUND", format!("no pending review {id}"))
}

/// Publishes a pending review: it shows on the reviews page and counts in the rating. 204; 404 `REVIEW_NOT_FOUND`
/// (unknown or published already); 401; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/admin/reviews/{id}/publish", tag = "admin",
    params(("id" = i64, Path, description = "The review's id")),
    responses((status = 204), (status = 404, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_publish_review(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, ApiError> {
    staff.require(Role::Manager)?;
    if crate::db::reviews::publish(&state.db, &[id]).await? == 0 {
        return Err(review_not_found(id));
    }
    tracing::info!(review = id, staff_id = staff.member.id, "review published");
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a review for good (published or not). 204; 404 `REVIEW_NOT_FOUND`; 401; 403 without the CSRF token.
#[utoipa::path(delete, path = "/api/admin/reviews/{id}", tag = "admin",
    params(("id" = i64, Path, description = "The review's id")),
    responses((status = 204), (status = 404, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_delete_review(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, ApiError> {
    staff.require(Role::Manager)?;
    if crate::db::reviews::delete(&state.db, &[id]).await? == 0 {
        return Err(review_not_found(id));
    }
    tracing::info!(review = id, staff_id = staff.member.id, "review deleted");
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/admin/state`: what `vitrina pictures status`, `vitrina mail status` and the import summaries tell.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopState {
    /// The newest ten imports, newest first.
    pub imports: Vec<ImportRow>,
    /// The pictures by state.
    pub pictures: PictureCounts,
    /// The failed pictures (and pending ones whose last attempt failed) with why, at most 100.
    pub picture_failures: Vec<FailureRow>,
    /// The outbox by state.
    pub mail: MailCounts,
    /// Mails waiting or given up, newest first, at most 100, with their last error.
    pub unsent_mail: Vec<Unsent>,
}

/// The shop's state: the last imports with their summaries, the pictures and the outbox. 401.
#[utoipa::path(get, path = "/api/admin/state", tag = "admin",
    responses((status = 200, body = ShopState), (status = 401, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_get_state(State(state): State<AppState>, staff: Staff) -> Result<Json<ShopState>, ApiError> {
    staff.require(Role::Manager)?;
    let limit = IMPORT_REPORT_MAX_ITEMS as i64;
    Ok(Json(ShopState {
        imports: crate::db::shop::recent_imports(&state.db, 10).await?,
        pictures: crate::db::pictures::counts(&state.db).await?,
        picture_failures: crate::db::pictures::failures(&state.db, limit).await?,
        mail: crate::db::outbox::counts(&state.db).await?,
        unsent_mail: crate::db::outbox::unsent(&state.db, limit).await?,
    }))
}

/// The shop's staff, oldest first (owners only: `vitrina staff` adds and removes them). 401; 403
/// `STAFF_ROLE_FORBIDDEN` for a manager.
#[utoipa::path(get, path = "/api/admin/staff", tag = "admin",
    responses((status = 200, body = Vec<StaffView>), (status = 401, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_list_staff(State(state): State<AppState>, staff: Staff) -> Result<Json<Vec<StaffView>>, ApiError> {
    staff.require(Role::Owner)?;
    let members = crate::db::staff::list(&state.db).await?;
    Ok(Json(members.iter().map(StaffView::new).collect()))
}

/// The reviews', state's and staff routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_reviews))
        .routes(routes!(admin_publish_review))
        .routes(routes!(admin_delete_review))
        .routes(routes!(admin_get_state))
        .routes(routes!(admin_list_staff))
}
