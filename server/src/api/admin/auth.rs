//! The back office's session (issue 37): `GET /api/admin/session`, `POST /api/admin/login`, `/logout` and
//! `/password` (the one-time link of `vitrina staff add|reset-password`).

use super::{Role, STAFF_KEY, Staff, StaffCsrf, StaffLogin, StaffView, csrf_token, logged_in, renew_csrf, store_error};
use crate::api::accounts::{hash, invalid_credentials, login_credentials, unprocessable, verify};
use crate::domain::accounts::{check_new_password, needs_rehash, new_session_stamp, token_hash};
use crate::error::{ApiError, ApiJson};
use crate::limits::ACCOUNT_BODY_MAX_BYTES;
use crate::rate_limit::ClientAddr;
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// `GET /api/admin/session`: who is logged in, and the token state-changing requests send.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSession {
    /// The logged-in staff member, `null` when nobody is.
    #[schema(required)]
    pub staff: Option<StaffView>,
    /// Sent in `X-CSRF-Token` with every state-changing back-office request.
    pub csrf_token: String,
}

/// The staff session: the member logged in (or `null`) and its CSRF token (made on first use, which stores the
/// session). Never 401.
#[utoipa::path(get, path = "/api/admin/session", tag = "admin",
    responses((status = 200, body = StaffSession)))]
pub async fn admin_get_session(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<StaffSession>, ApiError> {
    let staff = logged_in(&state.db, &session).await?.map(|(member, _)| StaffView::new(&member));
    Ok(Json(StaffSession { staff, csrf_token: csrf_token(&session).await? }))
}

/// `POST /api/admin/login` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct StaffLoginRequest {
    /// Compared trimmed and lower-cased.
    pub email: Option<String>,
    #[schema(value_type = String, format = Password)]
    pub password: Option<String>,
}

/// `POST /api/admin/login` answer: the member now logged in. The session has a new id and a new CSRF token (fetch
/// the session again).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffAnswer {
    pub staff: StaffView,
}

/// Logs a staff member in, limited as the shop's log-in is (issue 37): every attempt counts against the client
/// address (`VITRINA_LOGIN_ATTEMPTS` failures per 15 minutes, shared with the shop's log-in) and against the e-mail
/// from every address; a successful one takes its counts back. Past either, 429 `RATE_LIMITED` with `Retry-After`
/// (no captcha here: an owner locked out by someone else's guesses still has `vitrina staff reset-password`).
/// A new session id and CSRF token; the shopper's session, if any, is untouched.
///
/// 401 `AUTH_INVALID_CREDENTIALS` (a wrong password, an unknown e-mail or a member whose password is not set yet,
/// alike); 422 `FORMS_NOT_EMPTY_INVALID` for an empty field; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/admin/login", tag = "admin", request_body = StaffLoginRequest,
    responses((status = 200, body = StaffAnswer), (status = 401, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn admin_login(
    State(state): State<AppState>,
    StaffCsrf(session): StaffCsrf,
    addr: ClientAddr,
    ApiJson(body): ApiJson<StaffLoginRequest>,
) -> Result<Json<StaffAnswer>, ApiError> {
    let (email, password) = login_credentials(body.email.as_deref(), body.password)?;
    let limiters = &state.limiters;
    let by_address = limiters.login_addresses.acquire(addr.0).await?;
    let by_member = match limiters.staff_logins.acquire(email.clone()).await {
        Ok(attempt) => attempt,
        Err(limited) => {
            limiters.login_addresses.forgive(by_address).await?;
            return Err(limited);
        }
    };
    let found = crate::db::staff::find_for_login(&state.db, &email).await?;
    let stored = found.as_ref().and_then(|(_, hash)| hash.clone());
    let right = verify(password.clone(), stored.clone()).await?;
    let (member, stored) = match found {
        // An exchange account (issue 38) is for 1C's exchange only: to the back office it is a wrong log-in.
        Some((member, Some(hash))) if right && member.role != Role::Exchange.as_str() => (member, hash),
        _ => {
            tracing::info!(client = %addr.0, "staff log-in failed");
            return Err(invalid_credentials());
        }
    };
    limiters.login_addresses.forgive(by_address).await?;
    limiters.staff_logins.forgive(by_member).await?;
    limiters.staff_logins.clear(&email).await?;
    if needs_rehash(&stored) {
        let new_hash = hash(password).await?;
        crate::db::staff::rehash(&state.db, member.id, &stored, &new_hash).await?;
    }
    session.cycle_id().await.map_err(store_error)?;
    renew_csrf(&session).await?;
    let login = StaffLogin { id: member.id, stamp: member.session_stamp.clone() };
    session.insert(STAFF_KEY, login).await.map_err(store_error)?;
    tracing::info!(staff_id = member.id, "staff logged in");
    Ok(Json(StaffAnswer { staff: StaffView::new(&member) }))
}

/// Logs the staff member out: the staff session is deleted and its cookie removed. 204; 401 when nobody is logged
/// in; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/admin/logout", tag = "admin",
    responses((status = 204), (status = 401, body = crate::error::ErrorBody)))]
pub async fn admin_logout(staff: Staff) -> Result<StatusCode, ApiError> {
    staff.session.flush().await.map_err(store_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/password` body: the one-time link's token and the new password.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SetPasswordRequest {
    /// The token of the link `vitrina staff add|reset-password` printed (the part after `#`).
    pub token: Option<String>,
    /// 8 to 128 characters, as a shopper's.
    #[schema(value_type = String, format = Password)]
    pub password: Option<String>,
}

/// Sets a staff member's password through their one-time link (24 hours; used up by this): every session of theirs
/// ends. Log in afterwards. 204; 400 `STAFF_LINK_INVALID` (field `token`) for an unknown, used or expired link; 422
/// `AUTH_PASSWORD_TOO_SHORT` / `…_TOO_LONG` / `FORMS_NOT_EMPTY_INVALID` (field `password`); 403 without the CSRF
/// token.
#[utoipa::path(post, path = "/api/admin/password", tag = "admin", request_body = SetPasswordRequest,
    responses((status = 204), (status = 400, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody)))]
pub async fn admin_set_password(
    State(state): State<AppState>,
    _checked: StaffCsrf,
    ApiJson(body): ApiJson<SetPasswordRequest>,
) -> Result<StatusCode, ApiError> {
    let password =
        check_new_password("password", body.password.as_deref().unwrap_or("")).map_err(|e| unprocessable(vec![e]))?;
    let token = body.token.unwrap_or_default();
    let invalid = || ApiError::bad_request("STAFF_LINK_INVALID", "token", "the link is unknown, used or expired");
    if token.is_empty() || token.len() > 200 {
        return Err(invalid());
    }
    let new_hash = hash(password).await?;
    let id = crate::db::staff::set_password(&state.db, &token_hash(&token), &new_hash, &new_session_stamp()).await?;
    let id = id.ok_or_else(invalid)?;
    tracing::info!(staff_id = id, "staff password set through the one-time link");
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/admin/me`: the logged-in member. 401 without one.
#[utoipa::path(get, path = "/api/admin/me", tag = "admin",
    responses((status = 200, body = StaffView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn admin_get_me(staff: Staff) -> Result<Json<StaffView>, ApiError> {
    Ok(Json(StaffView::new(&staff.member)))
}

/// The session routes; bodies limited to [`ACCOUNT_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_get_session))
        .routes(routes!(admin_login))
        .routes(routes!(admin_logout))
        .routes(routes!(admin_set_password))
        .routes(routes!(admin_get_me))
        .layer(DefaultBodyLimit::max(ACCOUNT_BODY_MAX_BYTES))
}
