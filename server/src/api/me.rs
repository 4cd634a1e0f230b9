//! The logged-in account (issue 7; spec §6 personal area): `GET` and `PATCH /api/me`, `POST /api/me/password`,
//! `GET /api/me/orders`. A guest gets 401 `AUTH_REQUIRED`; the mutations need the CSRF token; answers are
//! `Cache-Control: no-store`.

use crate::api::accounts::{UserView, current, email_taken, hash, unprocessable, verify};
use crate::db::accounts::{self as store, Account, WriteError};
use crate::domain::accounts::{Password, ProfileRequest, check_new_password, new_session_stamp, validate_profile};
use crate::domain::forms::FieldError;
use crate::domain::money::{CurrencyCode, Money};
use crate::error::{ApiError, ApiJson};
use crate::limits::ACCOUNT_BODY_MAX_BYTES;
use crate::rate_limit::ClientAddr;
use crate::session::{SessionAccount, restamp};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The logged-in account, or 401 `AUTH_REQUIRED`.
async fn required(state: &AppState, session: &Session) -> Result<Account, ApiError> {
    current(state, session).await?.ok_or_else(|| ApiError::Unauthorized {
        code: "AUTH_REQUIRED",
        detail: "log in first (POST /api/auth/login)".into(),
    })
}

fn no_store(response: impl IntoResponse) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], response).into_response()
}

/// The logged-in account: `{id, email, name, phone, phoneCountry}`. 401 `AUTH_REQUIRED` for a guest.
#[utoipa::path(get, path = "/api/me", tag = "accounts",
    responses((status = 200, body = UserView), (status = 401, body = crate::error::ErrorBody)))]
pub async fn get_me(State(state): State<AppState>, session: Session) -> Result<Response, ApiError> {
    Ok(no_store(Json(UserView::from(required(&state, &session).await?))))
}

/// Changes the keys sent of the profile (name, e-mail, phone) and answers the account. 422 with every problem at
/// once (`FORMS_NOT_EMPTY_INVALID`, `FORMS_EMAIL_INVALID`, `FORMS_VALUE_TOO_LONG`, `FORMS_PHONE_WRONG`); 409
/// `AUTH_EMAIL_TAKEN` (field `email`) when another account has the e-mail; 401 `AUTH_REQUIRED`; 403 without the
/// CSRF token; 429 `RATE_LIMITED` with `Retry-After` for a change of e-mail once the account, or the client
/// address, has had its share of `AUTH_EMAIL_TAKEN` answers (`VITRINA_LOGIN_ATTEMPTS` per 15 minutes; issue 20:
/// the answer tells which e-mails have an account, and it had no limit).
#[utoipa::path(patch, path = "/api/me", tag = "accounts", request_body = ProfileRequest,
    responses((status = 200, body = UserView), (status = 401, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn patch_me(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiJson(body): ApiJson<ProfileRequest>,
) -> Result<Response, ApiError> {
    let account = required(&state, &session).await?;
    let change = validate_profile(&body).map_err(unprocessable)?;
    if let Some(email) = &change.email {
        // Counted before the look-up, in one step each, so probes sent at once cannot all pass; a change to a free
        // address is then forgiven.
        let limits = &state.limiters;
        let by_address = limits.login_addresses.acquire(addr.0).await?;
        let by_account = match limits.email_probes.acquire(account.id).await {
            Ok(attempt) => attempt,
            Err(limited) => {
                limits.login_addresses.forgive(by_address).await?;
                return Err(limited);
            }
        };
        if store::email_taken(&state.db, email, Some(account.id)).await? {
            return Err(email_taken());
        }
        limits.login_addresses.forgive(by_address).await?;
        limits.email_probes.forgive(by_account).await?;
    }
    let updated = match store::update_profile(&state.db, account.id, &change).await {
        Ok(Some(updated)) => updated,
        Ok(None) => {
            return Err(ApiError::Internal(anyhow::anyhow!("account {} vanished during its update", account.id)));
        }
        Err(WriteError::EmailTaken) => return Err(email_taken()),
        Err(WriteError::Db(e)) => return Err(e.into()),
    };
    Ok(no_store(Json(UserView::from(updated))))
}

/// `POST /api/me/password` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    /// The password the account has now.
    #[schema(value_type = String, format = Password)]
    pub current_password: Option<String>,
    /// At least 8 characters.
    #[schema(value_type = String, format = Password)]
    pub new_password: Option<String>,
}

/// Sets a new password (204). This session stays logged in (under a new session id); the account's other sessions
/// are logged out. 422 with each problem: `FORMS_NOT_EMPTY_INVALID` or `AUTH_PASSWORD_WRONG` (field
/// `currentPassword`), `AUTH_PASSWORD_TOO_SHORT` or `FORMS_VALUE_TOO_LONG` (field `newPassword`). A wrong current
/// password counts as a failed log-in of the account from the client's address: 429 `RATE_LIMITED` with
/// `Retry-After` past that limit (issue 34: not the account's from every address, which others can fill). 401
/// `AUTH_REQUIRED`; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/me/password", tag = "accounts", request_body = PasswordChange,
    responses((status = 204, description = "Changed"), (status = 401, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn change_password(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiJson(body): ApiJson<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    let account = required(&state, &session).await?;
    let pair = (account.email.clone(), addr.0);
    state.limiters.login_pairs.check(&pair).await?;
    let mut errors: Vec<FieldError> = Vec::new();
    let current = Password::new(body.current_password.unwrap_or_default());
    if current.expose().is_empty() {
        errors.push(FieldError {
            code: "FORMS_NOT_EMPTY_INVALID",
            field: "currentPassword".into(),
            detail: "the current password is required".into(),
        });
    } else {
        let stored = store::password_hash(&state.db, account.id).await?;
        if !verify(current, stored).await? {
            state.limiters.login_pairs.record(pair).await?;
            errors.push(FieldError {
                code: "AUTH_PASSWORD_WRONG",
                field: "currentPassword".into(),
                detail: "not the account's password".into(),
            });
        }
    }
    let new = check_new_password("newPassword", body.new_password.as_deref().unwrap_or("")).map_err(|e| errors.push(e));
    let (Ok(new), true) = (new, errors.is_empty()) else { return Err(unprocessable(errors)) };
    let password_hash = hash(new).await?;
    let stamp = new_session_stamp();
    store::set_password(&state.db, account.id, &password_hash, &stamp).await?;
    restamp(&session, SessionAccount { id: account.id, stamp }).await?;
    tracing::info!(user_id = account.id, "password changed");
    Ok(StatusCode::NO_CONTENT)
}

/// One order of `GET /api/me/orders`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummaryView {
    /// For `GET /api/orders/{number}` and `/personal/orders/{number}/`.
    pub number: String,
    /// RFC 3339, UTC: `2026-11-21T10:00:00Z`.
    pub created_at: String,
    /// Where the order is in its life (issue 37).
    pub status: crate::domain::order_status::OrderStatus,
    /// Major units of `currencyId`, exact.
    #[schema(value_type = f64)]
    pub total: serde_json::Number,
    pub currency_id: String,
    /// Pieces over the order's lines.
    pub item_count: i64,
}

/// `GET /api/me/orders`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderHistory {
    /// Newest first.
    pub items: Vec<OrderSummaryView>,
}

/// The orders the account placed while logged in, newest first. 401 `AUTH_REQUIRED` for a guest.
#[utoipa::path(get, path = "/api/me/orders", tag = "accounts",
    responses((status = 200, body = OrderHistory), (status = 401, body = crate::error::ErrorBody)))]
pub async fn my_orders(State(state): State<AppState>, session: Session) -> Result<Response, ApiError> {
    let account = required(&state, &session).await?;
    let items = crate::db::orders::list_for_user(&state.db, account.id)
        .await?
        .into_iter()
        .map(|o| -> Result<OrderSummaryView, ApiError> {
            let currency = CurrencyCode::parse(&o.currency_id)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("order {}: {e}", o.number)))?;
            let status = crate::domain::order_status::OrderStatus::parse(&o.status)
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("order {}: status {:?}", o.number, o.status)))?;
            Ok(OrderSummaryView {
                total: Money { minor: o.total_minor, currency }.major_json(),
                number: o.number,
                created_at: o.created_at,
                status,
                currency_id: o.currency_id,
                item_count: o.item_count,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(no_store(Json(OrderHistory { items })))
}

/// The account routes. Bodies are limited to [`ACCOUNT_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_me, patch_me))
        .routes(routes!(change_password))
        .routes(routes!(my_orders))
        .layer(DefaultBodyLimit::max(ACCOUNT_BODY_MAX_BYTES))
}
