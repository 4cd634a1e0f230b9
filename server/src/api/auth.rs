//! Registration, log-in, log-out and password reset (issue 7; spec §2 user slide panel, §6): `POST
//! /api/auth/register`, `/login`, `/logout`, `/password-reset` and `/password-reset/confirm`. Every route needs the
//! CSRF token. Log-ins and registrations start the account's session (`crate::session::log_in`) after merging the
//! guest's basket, wishlist, compare list and recently viewed into the account's
//! (`crate::db::accounts::merge_visitor`). Rules and their reasons: docs/decisions.md "Accounts (issue 7)".

use crate::api::accounts::{
    UserView, email_taken, hash, invalid_credentials, login_credentials, unprocessable, verify,
};
use crate::db::accounts::{self as store, Account, NewUser, WriteError};
use crate::db::outbox::NewMessage;
use crate::domain::accounts::{
    RegisterRequest, check_email, check_new_password, needs_rehash, new_reset_token, new_session_stamp, token_hash,
    validate_registration,
};
use crate::domain::forms::FieldError;
use crate::error::{ApiError, ApiJson};
use crate::limits::{ACCOUNT_BODY_MAX_BYTES, PASSWORD_RESET_TTL};
use crate::rate_limit::ClientAddr;
use crate::session::{SessionAccount, existing_visitor_id, new_visitor_id};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The answer of a registration or log-in: the account, now logged in. The session has a new CSRF token: fetch
/// `GET /api/session` again.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserAnswer {
    pub user: UserView,
}

/// `POST /api/auth/login` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// Compared trimmed and lower-cased.
    pub email: Option<String>,
    #[schema(value_type = String, format = Password)]
    pub password: Option<String>,
    /// `true`: the session lasts 30 days without a request; `false` (default): it ends with the browser.
    #[serde(default)]
    pub remember: bool,
    /// The captcha's id (`POST /api/auth/captcha`), when the log-in asked for one (`AUTH_CAPTCHA_REQUIRED`).
    pub captcha_sid: Option<String>,
    /// The word of that captcha's picture.
    pub captcha_word: Option<String>,
}

/// `POST /api/auth/password-reset` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ResetRequest {
    pub email: Option<String>,
}

/// `POST /api/auth/password-reset/confirm` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ResetConfirm {
    /// The `token` of the mailed link `/personal/password-reset/?token=…`.
    pub token: Option<String>,
    /// The new password, at least 8 characters.
    #[schema(value_type = String, format = Password)]
    pub password: Option<String>,
}

/// 400 `RESET_TOKEN_INVALID` (field `token`).
fn invalid_token() -> ApiError {
    ApiError::bad_request("RESET_TOKEN_INVALID", "token", "the link is unknown, used or expired; ask for a new one")
}

/// Logs the session in as `account`: a guest's basket, wishlist, compare list and recently viewed join the
/// account's first (a session already logged in, as this or another account, brings nothing: its visitor id is
/// an account's).
async fn sign_in(state: &AppState, session: &Session, account: &Account, remember: bool) -> Result<(), ApiError> {
    if crate::session::account(session).await?.is_none()
        && let Some(guest) = existing_visitor_id(session).await?
    {
        store::merge_visitor(&state.db, &guest, &account.visitor_id).await?;
    }
    let who = SessionAccount { id: account.id, stamp: account.session_stamp.clone() };
    crate::session::log_in(session, who, &account.visitor_id, remember).await?;
    Ok(())
}

/// Creates an account and logs the session in as it (201 `{user}`); the guest's basket, wishlist, compare list
/// and recently viewed become the account's. 422 with every problem at once (`FORMS_NOT_EMPTY_INVALID`,
/// `FORMS_EMAIL_INVALID`, `AUTH_PASSWORD_TOO_SHORT`, `FORMS_VALUE_TOO_LONG`, `FORMS_PHONE_WRONG`); 409
/// `AUTH_EMAIL_TAKEN` (field `email`), which counts as a failed log-in of the client address; 429 `RATE_LIMITED`
/// with `Retry-After` while the address is over its failed log-ins or its registrations (every attempt counts,
/// twice the log-in limit per 15 minutes; issue 20); 403 without the CSRF token.
#[utoipa::path(post, path = "/api/auth/register", tag = "accounts", request_body = RegisterRequest,
    responses((status = 201, body = UserAnswer), (status = 409, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn register(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> Result<(StatusCode, Json<UserAnswer>), ApiError> {
    state.limiters.login_addresses.check(&addr.0).await?;
    state.limiters.registrations.check_and_record(addr.0).await?;
    let new = validate_registration(&body).map_err(unprocessable)?;
    if store::email_taken(&state.db, &new.email, None).await? {
        state.limiters.login_addresses.record(addr.0).await?;
        return Err(email_taken());
    }
    let password_hash = hash(new.password.clone()).await?;
    let user = NewUser {
        email: &new.email,
        password_hash: &password_hash,
        name: &new.name,
        phone: new.phone.as_ref(),
        visitor_id: &new_visitor_id(),
        session_stamp: &new_session_stamp(),
    };
    let account = match store::create(&state.db, &user).await {
        Ok(account) => account,
        Err(WriteError::EmailTaken) => {
            state.limiters.login_addresses.record(addr.0).await?;
            return Err(email_taken());
        }
        Err(WriteError::Db(e)) => return Err(e.into()),
    };
    sign_in(&state, &session, &account, body.remember).await?;
    tracing::info!(user_id = account.id, "account registered");
    Ok((StatusCode::CREATED, Json(UserAnswer { user: account.into() })))
}

/// Logs in (200 `{user}`) and merges the guest's basket, wishlist, compare list and recently viewed into the
/// account's. An unknown e-mail and a wrong password both get 401 `AUTH_INVALID_CREDENTIALS` (field `null`) with the
/// same body, after the same work (a dummy hash is verified for an unknown e-mail). Each failure counts against the
/// client address, the e-mail from that address, and the e-mail from every address (issue 34, OWASP's
/// authentication guidance), 5 each per 15 minutes:
///
/// - past the address's or the e-mail-and-address's, 429 `RATE_LIMITED` with `Retry-After` (seconds), before the
///   password is looked at;
/// - past the e-mail's from every address, the account is not locked against its owner: the log-in asks for the
///   shop's captcha (`POST /api/auth/captcha`), 422 `AUTH_CAPTCHA_REQUIRED` (field `captchaWord`) without one and
///   `FORMS_CAPTCHA_WRONG` for a wrong word, and goes on as usual with the right one. The account's owner is mailed
///   once per window when it is reached.
///
/// 422 `FORMS_NOT_EMPTY_INVALID` for an empty e-mail or password (not counted); 403 without the CSRF token.
#[utoipa::path(post, path = "/api/auth/login", tag = "accounts", request_body = LoginRequest,
    responses((status = 200, body = UserAnswer), (status = 401, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiJson(body): ApiJson<LoginRequest>,
) -> Result<Json<UserAnswer>, ApiError> {
    let (email, password) = login_credentials(body.email.as_deref(), body.password)?;
    // The attempt counts before the slow hash is verified (issue 20): requests arriving together cannot all pass the
    // limit first. A successful log-in takes it back.
    let limiters = &state.limiters;
    let address_attempt = limiters.login_addresses.acquire(addr.0).await?;
    let pair = (email.clone(), addr.0);
    let pair_attempt = match limiters.login_pairs.acquire(pair.clone()).await {
        Ok(at) => at,
        Err(limited) => {
            limiters.login_addresses.forgive(address_attempt).await?;
            return Err(limited);
        }
    };
    // Past the account's limit from every address the owner is not locked out (issue 34): the captcha stands in.
    if limiters.login_accounts.acquire(email.clone()).await.is_err() {
        if let Err(refused) = check_login_captcha(&state, &session, &body.captcha_sid, &body.captcha_word).await {
            limiters.login_addresses.forgive(address_attempt).await?;
            limiters.login_pairs.forgive(pair_attempt).await?;
            return Err(refused);
        }
        limiters.login_accounts.record(email.clone()).await?;
    }
    let found = store::find_by_email(&state.db, &email).await?;
    let stored = found.as_ref().map(|(_, hash)| hash.clone());
    let right = verify(password.clone(), stored).await?;
    let (account, stored) = match found {
        Some(found) if right => found,
        found => {
            tracing::info!(client = %addr.0, "log-in failed");
            // This failure filled the account's window: its owner hears of it, once per window.
            if let Some((account, _)) = found
                && limiters.login_accounts.check(&email).await.is_err()
                && limiters.login_alerts.check_and_record(email.clone()).await.is_ok()
            {
                alert_owner(&state, &account).await?;
            }
            return Err(invalid_credentials());
        }
    };
    limiters.login_accounts.clear(&email).await?;
    limiters.login_pairs.clear(&pair).await?;
    limiters.login_addresses.forgive(address_attempt).await?;
    if needs_rehash(&stored) {
        // Hashed under older parameters: store today's (the password is at hand only now).
        let new_hash = hash(password).await?;
        store::rehash(&state.db, account.id, &stored, &new_hash).await?;
    }
    sign_in(&state, &session, &account, body.remember).await?;
    tracing::info!(user_id = account.id, "logged in");
    Ok(Json(UserAnswer { user: account.into() }))
}

/// The captcha a log-in past its account's limit must carry (issue 34): `sid` from `POST /api/auth/captcha`, bound
/// to this visitor, used up by this check. 422 `AUTH_CAPTCHA_REQUIRED` without one, `FORMS_CAPTCHA_WRONG` for a
/// wrong word or a captcha that is not this visitor's or is used up (field `captchaWord` both).
async fn check_login_captcha(
    state: &AppState,
    session: &Session,
    sid: &Option<String>,
    word: &Option<String>,
) -> Result<(), ApiError> {
    let (Some(sid), Some(word)) = (sid.as_deref().filter(|s| !s.is_empty()), word.as_deref().filter(|w| !w.is_empty()))
    else {
        let detail = "many failed log-ins: solve the captcha (POST /api/auth/captcha)".to_owned();
        return Err(unprocessable(vec![FieldError {
            code: "AUTH_CAPTCHA_REQUIRED",
            field: "captchaWord".into(),
            detail,
        }]));
    };
    let visitor = crate::session::visitor_id(session).await?;
    let guess = crate::db::forms::CaptchaGuess { sid, form_code: LOGIN_CAPTCHA, visitor: &visitor, word };
    if crate::db::forms::use_captcha(&state.db, &guess).await? {
        return Ok(());
    }
    let detail = "the captcha's word is wrong".to_owned();
    Err(unprocessable(vec![FieldError { code: "FORMS_CAPTCHA_WRONG", field: "captchaWord".into(), detail }]))
}

/// The `form_code` of the log-in's captchas (`captchas` table; not a form).
const LOGIN_CAPTCHA: &str = "login";

/// A captcha for the log-in (issue 34), bound to this visitor, once `POST /api/auth/login` answered
/// `AUTH_CAPTCHA_REQUIRED`: 201 `{sid, imageUrl}`; its picture and spoken word are the forms' (`GET
/// /api/captcha/{sid}`). 429 `RATE_LIMITED` past the per-address captcha limit; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/auth/captcha", tag = "accounts",
    responses((status = 201, body = crate::api::forms::CaptchaRef), (status = 429, body = crate::error::ErrorBody)))]
pub async fn create_login_captcha(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
) -> Result<axum::response::Response, ApiError> {
    crate::rate_limit::check(&state.limiters.captcha, addr)?;
    let captcha = crate::api::forms::new_captcha(&state, LOGIN_CAPTCHA, &session).await?;
    Ok(crate::api::forms::no_store((StatusCode::CREATED, Json(captcha))))
}

/// Tells `account`'s owner that their account has seen the limit of failed log-ins (issue 34): someone may be
/// guessing at its password. Russian, the shop's language; queued through the outbox like every mail.
async fn alert_owner(state: &AppState, account: &Account) -> Result<(), ApiError> {
    let shop = crate::db::shop::find(&state.db).await?.unwrap_or_default().name;
    let attempts = state.limiters.login_accounts.limit();
    let minutes = crate::limits::LOGIN_WINDOW.as_secs() / 60;
    let context = minijinja::context! { shop, name => account.name, minutes, attempts };
    let message =
        crate::mail::templates::render("login_alert", "ru", "login_alert", Some(account.email.clone()), &context)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("log-in alert mail: {e}")))?;
    state.mailer.send(&state.db, message).await?;
    tracing::info!(user_id = account.id, "failed log-ins reached the account's limit: its owner is told");
    Ok(())
}

/// Logs out (204): the session is deleted and its cookie removed; the next `GET /api/session` starts a guest's
/// (with an empty basket: the account keeps its own). A guest's session is left as it is. 403 without the CSRF
/// token.
#[utoipa::path(post, path = "/api/auth/logout", tag = "accounts", responses((status = 204, description = "Logged out")))]
pub async fn logout(session: Session) -> Result<StatusCode, ApiError> {
    if let Some(account) = crate::session::account(&session).await? {
        crate::session::log_out(&session).await?;
        tracing::info!(user_id = account.id, "logged out");
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Unix seconds now.
fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Sends a password-reset link when the e-mail has an account, and answers 204 whatever the case (no account
/// enumeration here): the outbox gets a message (topic `password_reset`, to the account's e-mail, mailed with
/// SMTP) with `{public_url}/personal/password-reset/?token=T`, good once within 1 hour. Each request counts
/// against the client address: past 5 in 15 minutes, 429 `RATE_LIMITED` with `Retry-After`; past 5 mails in 15
/// minutes to one account, the request still answers 204 and nothing is sent. 422 `FORMS_NOT_EMPTY_INVALID` /
/// `FORMS_EMAIL_INVALID` / `FORMS_VALUE_TOO_LONG` (field `email`); 403 without the CSRF token.
#[utoipa::path(post, path = "/api/auth/password-reset", tag = "accounts", request_body = ResetRequest,
    responses((status = 204, description = "A link was sent if the e-mail has an account"),
        (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn request_reset(
    State(state): State<AppState>,
    addr: ClientAddr,
    ApiJson(body): ApiJson<ResetRequest>,
) -> Result<StatusCode, ApiError> {
    state.limiters.reset_addresses.check_and_record(addr.0).await?;
    let email = check_email("email", body.email.as_deref().unwrap_or("")).map_err(|e| unprocessable(vec![e]))?;
    // The answer waits for neither the look-up nor the mail, so an address with an account and one without take
    // the same time (issue 20: 1.10 against 0.76 ms told them apart).
    tokio::spawn(send_reset_if_account(state, email));
    Ok(StatusCode::NO_CONTENT)
}

/// Sends a reset link to the account of `email`, if there is one and it has not had its share of links. Failures
/// are logged: the shopper was answered already, the same whatever happens here.
async fn send_reset_if_account(state: AppState, email: String) {
    let account = match store::find_by_email(&state.db, &email).await {
        Ok(Some((account, _))) => account,
        Ok(None) => return,
        Err(e) => return tracing::error!(error = %e, "password-reset request not looked up"),
    };
    if state.limiters.reset_accounts.check_and_record(email).await.is_err() {
        return tracing::info!(user_id = account.id, "password-reset link not sent: too many asked for this account");
    }
    if let Err(e) = send_reset(&state, &account).await {
        tracing::error!(user_id = account.id, error = %e, "password-reset link not sent");
    }
}

/// Makes a reset link for `account`, stores its hash and writes (and with SMTP mails) the message.
async fn send_reset(state: &AppState, account: &Account) -> anyhow::Result<()> {
    let (token, token_hash) = new_reset_token();
    let now = unix_now();
    let ttl = i64::try_from(PASSWORD_RESET_TTL.as_secs())?;
    store::create_reset(&state.db, account.id, &token_hash, now, now + ttl).await?;
    let shop = crate::db::shop::name_or_default(&state.db).await?;
    let link = format!("{}/personal/password-reset/?token={token}", state.settings.public_url);
    state.mailer.send(&state.db, reset_message(&shop, &account.name, &account.email, &link)?).await?;
    tracing::info!(user_id = account.id, "password-reset link sent");
    Ok(())
}

/// The reset message (template `password_reset`, Russian, the shop's language): plain text and HTML with the name
/// escaped. The subject never
/// holds the link (subjects are logged).
fn reset_message(shop: &str, name: &str, email: &str, link: &str) -> Result<NewMessage, ApiError> {
    let hours = PASSWORD_RESET_TTL.as_secs() / 3600;
    let context = minijinja::context! { shop, name, hours, link };
    crate::mail::templates::render("password_reset", "ru", "password_reset", Some(email.to_owned()), &context)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("password reset mail: {e}")))
}

/// Sets a new password with a reset link's token (204) and uses the link up, with any other link of the account;
/// every session of the account is logged out. 400 `RESET_TOKEN_INVALID` (field `token`) for an unknown, used or
/// expired token (checked first); 422 `AUTH_PASSWORD_TOO_SHORT` / `FORMS_NOT_EMPTY_INVALID` /
/// `FORMS_VALUE_TOO_LONG` (field `password`), the link unused; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/auth/password-reset/confirm", tag = "accounts", request_body = ResetConfirm,
    responses((status = 204, description = "The password is set"), (status = 400, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody)))]
pub async fn confirm_reset(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetConfirm>,
) -> Result<StatusCode, ApiError> {
    let token_hash = token_hash(body.token.as_deref().unwrap_or("").trim());
    let now = unix_now();
    // Looked at before any hashing: a made-up token costs one indexed read, not an argon2 run.
    if store::reset_user(&state.db, &token_hash, now).await?.is_none() {
        return Err(invalid_token());
    }
    let password =
        check_new_password("password", body.password.as_deref().unwrap_or("")).map_err(|e| unprocessable(vec![e]))?;
    let password_hash = hash(password).await?;
    let user_id = store::confirm_reset(&state.db, &token_hash, now, &password_hash, &new_session_stamp())
        .await?
        .ok_or_else(invalid_token)?;
    tracing::info!(user_id, "password reset");
    Ok(StatusCode::NO_CONTENT)
}

/// The `/api/auth` routes. Bodies are limited to [`ACCOUNT_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(create_login_captcha))
        .routes(routes!(logout))
        .routes(routes!(request_reset))
        .routes(routes!(confirm_reset))
        .layer(DefaultBodyLimit::max(ACCOUNT_BODY_MAX_BYTES))
}
