//! `GET|POST /1c/exchange` (issue 38): 1C's side of the CommerceML 2 exchange, as Bitrix's `catalog.import.1c`
//! answers it. Every answer is `text/plain; charset=utf-8`, its first line `success`, `progress` or `failure` and
//! then the reason.
//!
//! - `mode=checkauth`: HTTP Basic with the exchange user (`VITRINA_1C_USER`, `VITRINA_1C_PASSWORD`) opens a session:
//!   `success`, the cookie's name and its value, which 1C sends back on every later call. Failed attempts count
//!   against the client address as failed log-ins do (429 past the limit). No CSRF token applies: 1C is no browser,
//!   the credentials and the session cookie are the guard.
//! - `mode=init`: a new exchange; the folder is emptied (409 while an import of the last one is under way).
//!   `zip=yes|no` and `file_limit=<bytes>`.
//! - `mode=file&filename=…` (POST): the body is appended to the file (1C sends a file over `file_limit` in chunks).
//! - `mode=import&filename=…`: applies the file's package ([`crate::exchange::catalog`]) in the background, after unpacking the
//!   uploaded archives; `progress` while it runs (1C calls again), then `success` or `failure` and the reason.
//!
//! - `type=sale`: `mode=query` (the orders since the last `mode=success`, a CommerceML document), `mode=success`,
//!   `mode=file` (1C's statuses back), as [`crate::exchange::sale`] describes.
//!
//! Request errors are 4xx with a `failure` body: 401 (no credentials or session), 400 (a refused file name, an
//! unknown mode), 413 (a body over `file_limit`, a full folder), 429. An import refused for its data is a 200
//! `failure`: the call itself was right.

use crate::exchange::{Exchange, Job, catalog, files};
use crate::limits::{EXCHANGE_COOKIE_NAME, EXCHANGE_PATH, EXCHANGE_SESSION_TTL_S};
use crate::rate_limit::ClientAddr;
use crate::state::AppState;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Instant;

/// The query of every call: `type=catalog|sale`, `mode=…`, `filename=…`.
#[derive(Debug, Deserialize)]
pub struct Call {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub mode: Option<String>,
    pub filename: Option<String>,
}

/// The exchange's route, with its own body limit (`file_limit`) in place of the shop's 64 KB.
pub fn router(state: AppState) -> Router {
    let limit = state.exchange.settings.file_limit;
    Router::new()
        .route(EXCHANGE_PATH, axum::routing::get(exchange).post(exchange))
        .layer(DefaultBodyLimit::max(usize::try_from(limit).unwrap_or(usize::MAX)))
        .with_state(state)
}

/// A protocol answer: `status` and the lines, as 1C reads them.
fn answer(status: StatusCode, lines: &[&str]) -> Response {
    let mut body = lines.join("\n");
    body.push('\n');
    let mut response = (status, body).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn failure(status: StatusCode, reason: &str) -> Response {
    answer(status, &["failure", reason])
}

fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The user and password of an `Authorization: Basic …` header.
fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (user, password) = text.split_once(':')?;
    Some((user.to_owned(), password.to_owned()))
}

async fn exchange(
    State(state): State<AppState>,
    addr: ClientAddr,
    Query(call): Query<Call>,
    headers: HeaderMap,
    request: axum::extract::Request,
) -> Response {
    let exchange = state.exchange.clone();
    let mode = call.mode.as_deref().unwrap_or_default();
    if mode == "checkauth" {
        return checkauth(&state, &exchange, addr, &headers).await;
    }
    let token = crate::session::request_cookie(&headers, EXCHANGE_COOKIE_NAME).unwrap_or_default();
    let token_hash = crate::domain::accounts::token_hash(&token);
    match crate::db::exchange::session_open(&state.db, &token_hash, unix_now()).await {
        Ok(true) => {}
        Ok(false) => return failure(StatusCode::UNAUTHORIZED, "no exchange session: call mode=checkauth first"),
        Err(err) => {
            tracing::warn!(%err, "1C's exchange: the session could not be read");
            return failure(StatusCode::SERVICE_UNAVAILABLE, "the shop's database is unavailable; try again");
        }
    }
    // The body is read only now: a caller without a session never makes the shop hold `file_limit` bytes.
    let limit = usize::try_from(exchange.settings.file_limit).unwrap_or(usize::MAX);
    let body: Bytes = match axum::body::to_bytes(request.into_body(), limit).await {
        Ok(body) => body,
        Err(_) => {
            let reason = format!("the body is over file_limit ({limit} bytes) or was cut off");
            return failure(StatusCode::PAYLOAD_TOO_LARGE, &reason);
        }
    };
    let kind = call.kind.as_deref().unwrap_or("catalog");
    match (kind, mode) {
        ("catalog", "init") => init(&exchange).await,
        // The orders' exchange keeps no files: its `init` leaves a catalogue import under way alone.
        ("sale", "init") => init_answer(&exchange),
        ("catalog", "file") => file(&exchange, call.filename.as_deref(), body).await,
        ("catalog", "import") => import(&exchange, call.filename.as_deref()).await,
        // Protocol 3.x closes a catalogue exchange with these; nothing is left to do.
        ("catalog", "complete" | "deactivate") => answer(StatusCode::OK, &["success"]),
        ("sale", "query") => query(&exchange).await,
        ("sale", "success") => match exchange.orders_received().await {
            Ok(()) => answer(StatusCode::OK, &["success"]),
            Err(err) => {
                tracing::warn!(%err, "1C's exchange: the orders' cursor could not be moved");
                failure(StatusCode::SERVICE_UNAVAILABLE, "the shop's database is unavailable; try again")
            }
        },
        ("sale", "file") => {
            let ctx =
                crate::orders::Context { db: &state.db, mailer: &state.mailer, public_url: &state.settings.public_url };
            match exchange.apply_orders(ctx, body).await {
                Ok(summary) => answer(StatusCode::OK, &["success", &summary]),
                Err(reason) => failure(StatusCode::OK, &reason),
            }
        }
        // Some 1C builds ask to import the orders file they sent: it was applied on arrival.
        ("sale", "import") => answer(StatusCode::OK, &["success"]),
        _ => failure(StatusCode::BAD_REQUEST, &format!("unknown type={kind} mode={mode}")),
    }
}

/// `type=sale&mode=query`: the orders' document, streamed.
async fn query(exchange: &Arc<Exchange>) -> Response {
    match exchange.query_orders().await {
        Ok(stream) => {
            let kind = match exchange.settings.sale.encoding {
                crate::exchange::sale::SaleEncoding::Utf8 => "application/xml; charset=utf-8",
                crate::exchange::sale::SaleEncoding::Windows1251 => "application/xml; charset=windows-1251",
            };
            let mut response = axum::body::Body::from_stream(stream).into_response();
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(err) => {
            tracing::warn!(%err, "1C's exchange: the orders could not be read");
            failure(StatusCode::SERVICE_UNAVAILABLE, "the shop's database is unavailable; try again")
        }
    }
}

/// Whether `user` and `password` are the configured exchange user's, or a staff account's of the `exchange` role
/// (`vitrina staff add EMAIL --role exchange`; its argon2id hash checked as a back-office log-in's).
async fn right_credentials(
    state: &AppState,
    exchange: &Exchange,
    user: String,
    password: String,
) -> Result<bool, crate::error::ApiError> {
    let settings = &exchange.settings;
    let configured = !settings.user.is_empty()
        && crate::session::same(user.as_bytes(), settings.user.as_bytes())
            & crate::session::same(password.as_bytes(), settings.password.as_bytes());
    if configured {
        return Ok(true);
    }
    let email = crate::domain::contact::login_name(&user);
    let found = crate::db::staff::find_for_login(&state.db, &email).await?;
    let stored = found.as_ref().filter(|(member, _)| member.role == "exchange").and_then(|(_, hash)| hash.clone());
    let password = crate::domain::accounts::Password::new(password);
    if stored.is_none() {
        // As long as a real check, so a guess does not learn which accounts exist.
        crate::api::accounts::verify(password, None).await?;
        return Ok(false);
    }
    crate::api::accounts::verify(password, stored).await
}

async fn checkauth(state: &AppState, exchange: &Exchange, addr: ClientAddr, headers: &HeaderMap) -> Response {
    let limited = || failure(StatusCode::TOO_MANY_REQUESTS, "too many failed attempts; try later");
    let limiters = &state.limiters;
    let attempt = match limiters.login_addresses.acquire(addr.0).await {
        Ok(attempt) => attempt,
        Err(crate::error::ApiError::TooManyRequests { .. }) => return limited(),
        Err(err) => return err.into_response(),
    };
    let credentials = basic_credentials(headers);
    // As the back office's log-in: per address, and per account from every address.
    let account = credentials.as_ref().map(|(user, _)| crate::domain::contact::login_name(user));
    let by_account = match &account {
        Some(account) => match limiters.staff_logins.acquire(account.clone()).await {
            Ok(attempt) => Some(attempt),
            Err(crate::error::ApiError::TooManyRequests { .. }) => {
                let _ = limiters.login_addresses.forgive(attempt).await;
                return limited();
            }
            Err(err) => return err.into_response(),
        },
        None => None,
    };
    let right = match credentials {
        Some((user, password)) => match right_credentials(state, exchange, user, password).await {
            Ok(right) => right,
            Err(err) => return err.into_response(),
        },
        None => false,
    };
    if !right {
        let mut response = failure(StatusCode::UNAUTHORIZED, "wrong exchange user or password");
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Basic realm=\"1C exchange\", charset=\"UTF-8\""),
        );
        return response;
    }
    if let Err(err) = limiters.login_addresses.forgive(attempt).await {
        return err.into_response();
    }
    if let (Some(by_account), Some(account)) = (by_account, account) {
        let forgiven = limiters.staff_logins.forgive(by_account).await;
        if let Err(err) = forgiven.and(limiters.staff_logins.clear(&account).await) {
            return err.into_response();
        }
    }
    let token = crate::session::random_hex::<32>();
    let now = unix_now();
    let hash = crate::domain::accounts::token_hash(&token);
    if let Err(err) = crate::db::exchange::open_session(&state.db, &hash, now, now + EXCHANGE_SESSION_TTL_S).await {
        tracing::warn!(%err, "1C's exchange: the session could not be stored");
        return failure(StatusCode::SERVICE_UNAVAILABLE, "the shop's database is unavailable; try again");
    }
    answer(StatusCode::OK, &["success", EXCHANGE_COOKIE_NAME, &token])
}

async fn init(exchange: &Arc<Exchange>) -> Response {
    if exchange.jobs().values().any(|(job, _)| matches!(job, Job::Running)) {
        return failure(StatusCode::CONFLICT, "an import of the last exchange is still under way; try again shortly");
    }
    let dir = exchange.settings.dir.clone();
    if let Err(err) =
        tokio::task::spawn_blocking(move || files::clear(&dir)).await.map_err(std::io::Error::other).flatten()
    {
        tracing::warn!(%err, "1C's exchange: the folder could not be emptied");
        return failure(StatusCode::INTERNAL_SERVER_ERROR, "the exchange's folder could not be emptied");
    }
    exchange.jobs().clear();
    *exchange.session_floor() = None;
    init_answer(exchange)
}

/// `zip=yes|no` and `file_limit=<bytes>`.
fn init_answer(exchange: &Exchange) -> Response {
    let zip = format!("zip={}", if exchange.settings.zip { "yes" } else { "no" });
    let limit = format!("file_limit={}", exchange.settings.file_limit);
    answer(StatusCode::OK, &[&zip, &limit])
}

fn refused(err: &files::FileError) -> Response {
    let status = match err {
        files::FileError::Name(..) => StatusCode::BAD_REQUEST,
        files::FileError::FolderFull { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        files::FileError::Archive { .. } => StatusCode::OK,
        files::FileError::Io(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    if status.is_server_error() {
        tracing::warn!(%err, "1C's exchange: the folder failed");
    }
    failure(status, &err.to_string())
}

async fn file(exchange: &Arc<Exchange>, filename: Option<&str>, body: Bytes) -> Response {
    let Some(name) = filename.map(str::to_owned) else {
        return failure(StatusCode::BAD_REQUEST, "mode=file needs filename");
    };
    let (dir, caps) = (exchange.settings.dir.clone(), exchange.settings.caps);
    let written = tokio::task::spawn_blocking(move || files::append(&dir, &name, &body, caps)).await;
    match written {
        Ok(Ok(())) => answer(StatusCode::OK, &["success"]),
        Ok(Err(err)) => refused(&err),
        Err(err) => failure(StatusCode::INTERNAL_SERVER_ERROR, &err.to_string()),
    }
}

async fn import(exchange: &Arc<Exchange>, filename: Option<&str>) -> Response {
    let Some(name) = filename else {
        return failure(StatusCode::BAD_REQUEST, "mode=import needs filename");
    };
    let relative = match files::checked_name(name) {
        Ok(relative) => relative,
        Err(err) => return refused(&err),
    };
    let Some((_, key)) = catalog::package_of(name) else {
        return failure(
            StatusCode::BAD_REQUEST,
            &format!("{name} is no catalogue file (import, offers, prices, rests)"),
        );
    };
    let started = Instant::now();
    let mut asked = false;
    loop {
        let state = exchange.jobs().get(&key).cloned();
        match state {
            Some((Job::Running, _)) if started.elapsed() < exchange.settings.step => {
                tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            }
            Some((Job::Running, _)) => return answer(StatusCode::OK, &["progress", "the import is under way"]),
            Some((Job::Done(result), names)) if names.iter().any(|n| n == name) => {
                return match result {
                    Ok(summary) => answer(StatusCode::OK, &["success", &summary]),
                    Err(reason) => failure(StatusCode::OK, &reason),
                };
            }
            // Not applied yet (or uploaded after its package was): start once; a file still absent then was never
            // uploaded.
            _ if !asked => {
                asked = true;
                if let Err(response) = start(exchange, &key, name, &relative).await {
                    return response;
                }
            }
            _ => return failure(StatusCode::BAD_REQUEST, &format!("{name} was not uploaded (mode=file)")),
        }
    }
}

/// Unpacks the uploaded archives, then starts applying package `key` (`name`, at `relative` in the folder, triggered
/// it) in the background; a file that is not there was never uploaded.
async fn start(exchange: &Arc<Exchange>, key: &str, name: &str, relative: &std::path::Path) -> Result<(), Response> {
    let (dir, caps) = (exchange.settings.dir.clone(), exchange.settings.caps);
    let unpacked = tokio::task::spawn_blocking(move || -> Result<(), files::FileError> {
        for archive in files::archives(&dir)? {
            files::unpack(&dir, &archive, caps)?;
        }
        Ok(())
    })
    .await
    .map_err(|err| failure(StatusCode::INTERNAL_SERVER_ERROR, &err.to_string()))?;
    unpacked.map_err(|err| refused(&err))?;
    if !exchange.settings.dir.join(relative).is_file() {
        return Err(failure(StatusCode::BAD_REQUEST, &format!("{name} was not uploaded (mode=file)")));
    }
    let names = catalog::package_names(&exchange.settings.dir, key)
        .map_err(|err| failure(StatusCode::INTERNAL_SERVER_ERROR, &err.to_string()))?;
    exchange.jobs().insert(key.to_owned(), (Job::Running, names));
    let (exchange, key, source) = (exchange.clone(), key.to_owned(), format!("1c:{name}"));
    tokio::spawn(async move {
        let result = exchange.apply_package(&key, &source).await;
        let outcome = match result {
            Ok(s) => {
                tracing::info!(
                    source,
                    added = s.offers_added,
                    updated = s.offers_updated,
                    removed = s.offers_removed,
                    skipped = s.offers_skipped,
                    "1C's catalogue applied"
                );
                Ok(format!(
                    "{} sections; offers: {} added, {} updated, {} removed, {} skipped",
                    s.sections, s.offers_added, s.offers_updated, s.offers_removed, s.offers_skipped
                ))
            }
            Err(err) => {
                tracing::warn!(%err, source, "1C's catalogue was refused; nothing was written");
                Err(err.to_string())
            }
        };
        if let Some(job) = exchange.jobs().get_mut(&key) {
            job.0 = Job::Done(outcome);
        }
    });
    Ok(())
}
