//! What both account routers use (`auth` for registration, log-in and resets; `me` for the logged-in account;
//! `session` for its `user`): the account as the API shows it, the session's account, the shared error answers and
//! password hashing bounded to a few at once. It sits below them, so neither imports the other.

use crate::db::accounts::{self as store, Account};
use crate::domain::accounts::{Password, hash_password, verify_dummy, verify_password};
use crate::domain::contact::login_name;
use crate::domain::forms::FieldError;
use crate::error::{ApiError, ErrorItem};
use crate::limits::PASSWORD_HASHES_AT_ONCE;
use crate::state::AppState;
use serde::Serialize;
use tokio::sync::Semaphore;
use tower_sessions::Session;
use utoipa::ToSchema;

/// An account as the API shows it (`GET /api/me`, `GET /api/session`'s `user`, the log-in's answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i64,
    /// Lower-cased: the log-in name.
    pub email: String,
    pub name: String,
    /// International format (`+7 912 345-67-89`), `null` when not given.
    #[schema(required)]
    pub phone: Option<String>,
    /// The phone's country, iso2 lower case (`ru`), `null` without a phone.
    #[schema(required)]
    pub phone_country: Option<String>,
}

impl From<Account> for UserView {
    fn from(a: Account) -> Self {
        Self { id: a.id, email: a.email, name: a.name, phone: a.phone, phone_country: a.phone_country }
    }
}

/// The account the session is logged in as (`None` for a guest, or when the account is gone).
pub async fn current(state: &AppState, session: &Session) -> Result<Option<Account>, ApiError> {
    match crate::session::account(session).await? {
        Some(account) => Ok(store::find(&state.db, account.id).await?),
        None => Ok(None),
    }
}

/// 409 `AUTH_EMAIL_TAKEN` (field `email`).
pub fn email_taken() -> ApiError {
    ApiError::Conflict { code: "AUTH_EMAIL_TAKEN", field: "email", detail: "another account has this e-mail".into() }
}

/// 422 with `errors`, each naming its field.
/// A log-in's e-mail (trimmed, lower-cased) and password, or 422 `FORMS_NOT_EMPTY_INVALID` naming each empty one:
/// the shop's log-in and the back office's (issue 37) read them alike.
pub fn login_credentials(email: Option<&str>, password: Option<String>) -> Result<(String, Password), ApiError> {
    let email = login_name(email.unwrap_or(""));
    let password = Password::new(password.unwrap_or_default());
    let empty: Vec<FieldError> = [("email", email.is_empty()), ("password", password.expose().is_empty())]
        .into_iter()
        .filter(|(_, blank)| *blank)
        .map(|(field, _)| FieldError {
            code: "FORMS_NOT_EMPTY_INVALID",
            field: field.into(),
            detail: format!("the {field} is required"),
        })
        .collect();
    if empty.is_empty() { Ok((email, password)) } else { Err(unprocessable(empty)) }
}

/// 401 `AUTH_INVALID_CREDENTIALS`: the same answer for an unknown e-mail and a wrong password.
pub fn invalid_credentials() -> ApiError {
    ApiError::Unauthorized { code: "AUTH_INVALID_CREDENTIALS", detail: "wrong e-mail or password".into() }
}

pub fn unprocessable(errors: Vec<FieldError>) -> ApiError {
    ApiError::Unprocessable { errors: errors.into_iter().map(ErrorItem::from).collect() }
}

/// Password hashes computed at once ([`PASSWORD_HASHES_AT_ONCE`]); a flood of registrations or log-ins queues here
/// instead of taking 19 MiB each at the same moment (issue 20).
static PASSWORD_HASHING: Semaphore = Semaphore::const_new(PASSWORD_HASHES_AT_ONCE);

/// Waits for a turn at hashing a password.
async fn hashing_turn() -> Result<tokio::sync::SemaphorePermit<'static>, ApiError> {
    PASSWORD_HASHING.acquire().await.map_err(|e| ApiError::Internal(e.into()))
}

/// `password` hashed (argon2id) on a blocking thread: the hash takes tens of milliseconds of CPU and 19 MiB, so at
/// most [`PASSWORD_HASHES_AT_ONCE`] run at once.
pub async fn hash(password: Password) -> Result<String, ApiError> {
    let _turn = hashing_turn().await?;
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(anyhow::Error::from)?
        .map_err(|e| ApiError::Internal(e.into()))
}

/// Whether `password` matches `stored`, on a blocking thread; with no `stored` hash (no such account) the same
/// work is done against a dummy hash and the answer is `false`.
pub async fn verify(password: Password, stored: Option<String>) -> Result<bool, ApiError> {
    let _turn = hashing_turn().await?;
    tokio::task::spawn_blocking(move || match stored {
        Some(stored) => verify_password(&password, &stored),
        None => verify_dummy(&password),
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))
}
