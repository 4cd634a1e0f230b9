//! The visitor session (issue 5): every visitor's session lives in SQLite (table `sessions`) through
//! tower-sessions, behind the cookie [`SESSION_COOKIE_NAME`] (`HttpOnly`, `SameSite=Lax`, `Secure` when the shop's
//! public URL is https). The session carries the CSRF token (spec §3 "sessid") that every state-changing `/api`
//! request must send in the `X-CSRF-Token` header ([`require_csrf`]).
//!
//! The store is ours (`db::sessions::DbSessionStore`), not `tower-sessions-sqlx-store`: that crate is built on sqlx
//! 0.8, and two sqlx versions cannot link SQLite into one binary.
//!
//! Accounts (issue 7): a logged-in session keeps the account's id and session stamp ([`log_in`]); its visitor id is
//! the account's. [`keep_session`] checks the stamp on every `/api` request (a password change elsewhere logs the
//! session out), keeps a not-remembered session's cookie ending with the browser, and refreshes a session's
//! expiry once a day.

use crate::db::Db;
use crate::db::sessions::DbSessionStore;
use crate::error::ApiError;
use crate::limits::{
    CSRF_COOKIE_NAME, CSRF_HEADER, REMEMBER_ME_INACTIVITY_DAYS, SESSION_COOKIE_NAME, SESSION_INACTIVITY_DAYS,
};
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, Session, SessionManagerLayer};

/// Key of the CSRF token in the session's data.
const CSRF_KEY: &str = "csrf";

/// The session middleware: cookie [`SESSION_COOKIE_NAME`], path `/`, `HttpOnly`, `SameSite=Lax`, `Secure` when
/// `secure` (the shop is served over https), ending after [`SESSION_INACTIVITY_DAYS`] days without a request.
pub fn layer(pool: Db, secure: bool) -> SessionManagerLayer<DbSessionStore> {
    SessionManagerLayer::new(DbSessionStore::new(pool))
        .with_name(SESSION_COOKIE_NAME)
        .with_path("/")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(secure)
        .with_expiry(Expiry::OnInactivity(time::Duration::days(SESSION_INACTIVITY_DAYS)))
}

/// The visitor's CSRF token (spec §3 "sessid"), 32 random bytes as 64 hex digits, and the `Set-Cookie` value that
/// keeps it when the visitor has no stored session yet. A session's own token comes first (kept for its life,
/// renewed at log-in); without one, the token of the [`CSRF_COOKIE_NAME`] cookie, or a new one. Nothing is stored:
/// a visitor who only reads never costs a session row (issue 20: every `GET /api/session` without a cookie stored
/// one). `secure`: the cookie is `Secure` (the shop is served over https). Errors only when the session store fails.
pub async fn csrf_token(
    session: &Session,
    headers: &axum::http::HeaderMap,
    secure: bool,
) -> Result<(String, Option<axum::http::HeaderValue>), ApiError> {
    if let Some(token) = session.get::<String>(CSRF_KEY).await.map_err(store_error)? {
        return Ok((token, None));
    }
    let token = csrf_cookie(headers).unwrap_or_else(random_hex::<32>);
    // Sent again on every such answer, so the cookie lives as long after the last visit as a session would.
    let cookie = tower_sessions::cookie::Cookie::build((CSRF_COOKIE_NAME, token.clone()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::days(SESSION_INACTIVITY_DAYS))
        .build();
    let value = axum::http::HeaderValue::from_str(&cookie.to_string()).map_err(|e| ApiError::Internal(e.into()))?;
    Ok((token, Some(value)))
}

/// The value of the request's cookie `name` (the first, if it sends several), as the browser sent it.
pub fn request_cookie(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(tower_sessions::cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name)
        .map(|cookie| cookie.value().to_owned())
}

/// The visitor's language: their choice in the [`crate::limits::LANGUAGE_COOKIE_NAME`] cookie (`en`), else
/// Russian, the shop's first language. Pages are rendered in it; a new order keeps it for its mails (issue 37).
pub fn language(headers: &axum::http::HeaderMap) -> &'static str {
    if request_cookie(headers, crate::limits::LANGUAGE_COOKIE_NAME).as_deref() == Some("en") { "en" } else { "ru" }
}

/// The token of the request's [`CSRF_COOKIE_NAME`] cookie, when it is one this shop made (64 lower-case hex digits).
fn csrf_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    request_cookie(headers, CSRF_COOKIE_NAME)
        .filter(|token| token.len() == 64 && token.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
}

/// Starts a stored session for a visitor whose state-changing request carried the CSRF cookie's `token`: the
/// session takes the token (so the `sessid` the visitor holds stays good) and a visitor id derived from it. Two
/// first requests sent at once each start a session, of which the browser keeps one; both wrote under the same
/// visitor id, so nothing either wrote is lost.
async fn adopt_csrf(session: &Session, token: &str) -> Result<(), ApiError> {
    session.insert(CSRF_KEY, token).await.map_err(store_error)?;
    let visitor = crate::domain::accounts::token_hash(token)[..32].to_owned();
    session.insert(VISITOR_KEY, visitor).await.map_err(store_error)?;
    session.insert(SEEN_KEY, today()).await.map_err(store_error)?;
    Ok(())
}

/// Replaces the session's CSRF token with a new one (32 random bytes as hex) and returns it: at first use, and at
/// log-in (issue 7), so a token seen before the log-in does not work after it.
async fn renew_csrf(session: &Session) -> Result<String, ApiError> {
    let token = random_hex::<32>();
    session.insert(CSRF_KEY, &token).await.map_err(store_error)?;
    Ok(token)
}

/// `N` random bytes (the thread RNG, ChaCha) as `2 × N` hex digits.
pub(crate) fn random_hex<const N: usize>() -> String {
    let bytes: [u8; N] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new visitor id: 16 random bytes as hex (a guest's, or an account's own).
pub fn new_visitor_id() -> String {
    random_hex::<16>()
}

/// Key of the visitor id in the session's data.
const VISITOR_KEY: &str = "visitor";
/// Key of the last values sent per form code (`{code: {FIELD: value}}`).
const FORM_VALUES_KEY: &str = "form_values";
/// Key of the shopper's last phone country (iso2).
const PHONE_COUNTRY_KEY: &str = "phone_country";
/// Key of the logged-in account ([`SessionAccount`]).
const ACCOUNT_KEY: &str = "account";
/// Key of the log-in's "remember me" (`bool`).
const REMEMBER_KEY: &str = "remember";
/// Key of the day (Unix days) the session was last saved by [`keep_session`].
const SEEN_KEY: &str = "seen";

/// Today as Unix days (UTC).
fn today() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp().div_euclid(86_400)
}

/// A session store's error as the API answers it: 503 when the database is away, else 500.
pub(crate) fn store_error(err: tower_sessions::session::Error) -> ApiError {
    if crate::db::sessions::is_unavailable(&err) {
        return ApiError::database_unavailable();
    }
    ApiError::Internal(err.into())
}

/// The visitor's id (16 random bytes as hex), made with the session's CSRF token (or on first use by a session
/// older than that rule): what stored submissions and basket lines name the visitor by. Not the session cookie's
/// value, which is a secret.
pub async fn visitor_id(session: &Session) -> Result<String, ApiError> {
    if let Some(id) = session.get::<String>(VISITOR_KEY).await.map_err(store_error)? {
        return Ok(id);
    }
    let id = new_visitor_id();
    session.insert(VISITOR_KEY, &id).await.map_err(store_error)?;
    Ok(id)
}

/// The visitor's id for a post of a page's own form (`POST /basket/add`, issue 33), which carries no CSRF token
/// (`security::check_same_origin` stands in for it). A session with a token keeps its visitor; a visitor without one
/// starts their session as their first API request would: with the CSRF cookie's token ([`adopt_csrf`]) when their
/// browser holds one, so the `sessid` their scripts have stays good, else with a new token.
pub async fn form_visitor_id(session: &Session, headers: &axum::http::HeaderMap) -> Result<String, ApiError> {
    let has_token = session.get::<String>(CSRF_KEY).await.map_err(store_error)?.is_some();
    let has_visitor = existing_visitor_id(session).await?.is_some();
    match csrf_cookie(headers) {
        _ if has_token => {}
        Some(token) if !has_visitor => adopt_csrf(session, &token).await?,
        _ => {
            renew_csrf(session).await?;
        }
    }
    visitor_id(session).await
}

/// The visitor's id if the session has one; never makes one (reads such as `GET /api/basket` must not start
/// sessions).
pub async fn existing_visitor_id(session: &Session) -> Result<Option<String>, ApiError> {
    session.get::<String>(VISITOR_KEY).await.map_err(store_error)
}

/// What the visitor last sent with form `code` (field code → value), empty when nothing (issue 5 prefill).
pub async fn form_values(session: &Session, code: &str) -> Result<BTreeMap<String, String>, ApiError> {
    let all: BTreeMap<String, BTreeMap<String, String>> =
        session.get(FORM_VALUES_KEY).await.map_err(store_error)?.unwrap_or_default();
    Ok(all.get(code).cloned().unwrap_or_default())
}

/// Remembers what the visitor sent with form `code`, and their phone country when one was chosen.
pub async fn remember_form(
    session: &Session,
    code: &str,
    values: BTreeMap<String, String>,
    phone_country: Option<&str>,
) -> Result<(), ApiError> {
    let mut all: BTreeMap<String, BTreeMap<String, String>> =
        session.get(FORM_VALUES_KEY).await.map_err(store_error)?.unwrap_or_default();
    all.insert(code.to_owned(), values);
    session.insert(FORM_VALUES_KEY, all).await.map_err(store_error)?;
    if let Some(country) = phone_country {
        session.insert(PHONE_COUNTRY_KEY, country).await.map_err(store_error)?;
    }
    Ok(())
}

/// The visitor's last phone country (iso2), if they sent a phone before.
pub async fn phone_country(session: &Session) -> Result<Option<String>, ApiError> {
    session.get(PHONE_COUNTRY_KEY).await.map_err(store_error)
}

/// The account a session is logged in as: its id and the session stamp it logged in with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionAccount {
    /// `users.id`.
    pub id: i64,
    /// `users.session_stamp` at log-in (or at this session's own password change).
    pub stamp: String,
}

/// The account the session is logged in as, `None` for a guest. [`keep_session`] has checked its stamp at the
/// start of this request.
pub async fn account(session: &Session) -> Result<Option<SessionAccount>, ApiError> {
    session.get(ACCOUNT_KEY).await.map_err(store_error)
}

/// Logs the session in as `account` (issue 7): a new session id (`cycle_id`: an id known before the log-in, say a
/// planted one, is void after it), a new CSRF token (returned), the account's visitor id, and the cookie's life:
/// `remember` → [`REMEMBER_ME_INACTIVITY_DAYS`] days without a request, else until the browser ends. The guest's
/// data must have been merged into the account's visitor id before (`crate::db::accounts::merge_visitor`); form
/// prefill and phone country stay.
pub async fn log_in(
    session: &Session,
    account: SessionAccount,
    visitor_id: &str,
    remember: bool,
) -> Result<String, ApiError> {
    session.cycle_id().await.map_err(store_error)?;
    let token = renew_csrf(session).await?;
    session.insert(VISITOR_KEY, visitor_id).await.map_err(store_error)?;
    session.insert(ACCOUNT_KEY, account).await.map_err(store_error)?;
    session.insert(REMEMBER_KEY, remember).await.map_err(store_error)?;
    session.insert(SEEN_KEY, today()).await.map_err(store_error)?;
    session.set_expiry(Some(cookie_expiry(remember)));
    Ok(token)
}

/// The cookie's life for a log-in with or without "remember me".
fn cookie_expiry(remember: bool) -> Expiry {
    if remember {
        Expiry::OnInactivity(time::Duration::days(REMEMBER_ME_INACTIVITY_DAYS))
    } else {
        Expiry::OnSessionEnd
    }
}

/// After this session changed the account's password: keep it logged in with the new `stamp` (the account's other
/// sessions are logged out by it) under a new session id.
pub async fn restamp(session: &Session, account: SessionAccount) -> Result<(), ApiError> {
    session.cycle_id().await.map_err(store_error)?;
    session.insert(ACCOUNT_KEY, account).await.map_err(store_error)?;
    Ok(())
}

/// Logs out: the session is deleted from the store and its cookie removed; the next request starts a guest's.
pub async fn log_out(session: &Session) -> Result<(), ApiError> {
    session.flush().await.map_err(store_error)
}

/// Middleware for `/api` requests (pages and assets never read the session):
///
/// - before the handler, for a visitor with a session cookie: a logged-in session whose stamp is no longer the
///   account's (its password changed elsewhere, or the account is gone) is logged out ([`log_out`]), so it cannot
///   reach the account's basket; and a session is saved once a day it is used, which moves its end to 30 days after
///   that day (tower-sessions saves only changed sessions, so an unchanged one would end 30 days after its last
///   change, however busy);
/// - after the handler, when the session changed (and so will be saved with a new cookie): the cookie's life of the
///   log-in's "remember me" is put back, since tower-sessions starts every request with the layer's 30-day expiry
///   and would turn a browser-session cookie into a 30-day one. Setting it only then keeps unchanged sessions from
///   being saved on every request.
pub async fn keep_session(State(state): State<AppState>, session: Session, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api/") || is_back_office(request.uri().path()) {
        return next.run(request).await;
    }
    if session.id().is_some()
        && let Err(err) = refresh(&state.db, &session).await
    {
        return err.into_response();
    }
    let response = next.run(request).await;
    if session.is_modified() {
        match session.get::<bool>(REMEMBER_KEY).await {
            Ok(Some(remember)) => session.set_expiry(Some(cookie_expiry(remember))),
            Ok(None) => {}
            Err(err) => tracing::error!(error = %err, "session not read after the request"),
        }
    }
    response
}

async fn refresh(pool: &Db, session: &Session) -> Result<(), ApiError> {
    let seen: Option<i64> = session.get(SEEN_KEY).await.map_err(store_error)?;
    if session.id().is_none() {
        // The cookie named no stored session (expired or deleted): nothing to keep, and nothing is started here.
        return Ok(());
    }
    if let Some(account) = account(session).await? {
        let stamp = crate::db::accounts::session_stamp(pool, account.id).await?;
        if stamp.as_deref() != Some(account.stamp.as_str()) {
            tracing::info!(user_id = account.id, "session logged out: the account's password changed or it is gone");
            return log_out(session).await;
        }
    }
    let today = today();
    if seen != Some(today) {
        session.insert(SEEN_KEY, today).await.map_err(store_error)?;
    }
    Ok(())
}

/// Whether `path` is the back office's API (issue 37), which keeps the staff's session and checks the staff's CSRF
/// token (`crate::api::admin`), never the shopper's.
fn is_back_office(path: &str) -> bool {
    path == "/api/admin" || path.starts_with("/api/admin/")
}

/// Whether `a` and `b` are equal, in time that does not depend on where they differ.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Middleware: a state-changing request (not `GET`, `HEAD` or `OPTIONS`) to `/api/…` must carry the visitor's CSRF
/// token in `X-CSRF-Token`, else `403 CSRF_TOKEN_INVALID` (field `X-CSRF-Token`): the session's token, or for a
/// visitor without a stored session the [`CSRF_COOKIE_NAME`] cookie's (double submit). Such a visitor's first
/// accepted request starts the session ([`adopt_csrf`]); when it is refused (any answer but 2xx) the new session is
/// dropped again, so a stream of bad requests stores nothing. The token comes from `GET /api/session`.
pub async fn require_csrf(session: Session, request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || !request.uri().path().starts_with("/api/") || is_back_office(request.uri().path()) {
        return next.run(request).await;
    }
    let sent = request.headers().get(CSRF_HEADER).map(|v| v.as_bytes().to_vec());
    let stored = match session.get::<String>(CSRF_KEY).await {
        Ok(token) => token,
        Err(err) => return ApiError::Internal(err.into()).into_response(),
    };
    let (expected, adopting) = match stored {
        Some(token) => (Some(token), false),
        None => (csrf_cookie(request.headers()), true),
    };
    match (sent, expected) {
        (Some(sent), Some(expected)) if same(&sent, expected.as_bytes()) => {
            if !adopting {
                return next.run(request).await;
            }
            if let Err(err) = adopt_csrf(&session, &expected).await {
                return err.into_response();
            }
            let response = next.run(request).await;
            if !response.status().is_success() {
                session.clear().await;
            }
            response
        }
        _ => csrf_refused("state-changing requests need the session's CSRF token (GET /api/session: sessid)")
            .into_response(),
    }
}

/// 403 `CSRF_TOKEN_INVALID` (field `X-CSRF-Token`): `which` names the token the request should have sent; the shop's
/// and the back office's sessions each have their own.
pub(crate) fn csrf_refused(which: &str) -> ApiError {
    ApiError::Forbidden {
        code: "CSRF_TOKEN_INVALID",
        field: "X-CSRF-Token",
        detail: format!("{which} in X-CSRF-Token"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_compares_whole_values() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"abcd"));
        assert!(!same(b"", b"a"));
    }
}
