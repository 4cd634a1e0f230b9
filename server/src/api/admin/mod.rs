//! The back office's API (issue 37), under `/api/admin/`: the shop's staff work orders, moderate reviews and look at
//! the shop's state. Staff are not shoppers: their own table (`db::staff`), their own session cookie
//! ([`STAFF_SESSION_COOKIE_NAME`], path `/api/admin`, `SameSite=Strict`, ending after
//! [`STAFF_SESSION_IDLE_S`] without a request) in their own table, and their own CSRF token, which every
//! state-changing request sends in `X-CSRF-Token` ([`Staff`], [`StaffCsrf`]).
//!
//! Every endpoint but the session, the log-in and the set-password link answers 401 `STAFF_AUTH_REQUIRED` without a
//! staff session ([`Staff`]) and 403 `STAFF_ROLE_FORBIDDEN` for a role that may not use it ([`Staff::require`]).
//! Answers are `Cache-Control: no-store` and `X-Robots-Tag: noindex`.

pub mod auth;
pub mod orders;
pub mod shop;

use crate::db::Db;
use crate::db::sessions::DbSessionStore;
use crate::db::staff::StaffMember;
use crate::error::ApiError;
use crate::limits::{CSRF_HEADER, STAFF_SESSION_COOKIE_NAME, STAFF_SESSION_IDLE_S};
use crate::session::{csrf_refused, random_hex, same, store_error};
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, header};
use serde::{Deserialize, Serialize};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, Session, SessionManagerLayer};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

/// The path every back-office endpoint lives under (and the staff cookie's path).
pub const ADMIN_API: &str = "/api/admin";

/// A staff member's role (issue 37).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// 1C's exchange authenticates as it (issue 38); it cannot log in to the back office.
    Exchange,
    /// Works orders and reviews, sees the shop's state.
    Manager,
    /// Everything a manager does, and sees the staff.
    Owner,
}

impl Role {
    /// `owner`, `manager` or `exchange`, as stored and typed at the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Exchange => "exchange",
            Self::Manager => "manager",
            Self::Owner => "owner",
        }
    }

    /// The role named `text` exactly.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Exchange, Self::Manager, Self::Owner].into_iter().find(|r| r.as_str() == text)
    }
}

/// Key of the logged-in staff member in the staff session ([`StaffLogin`]).
const STAFF_KEY: &str = "staff";
/// Key of the staff session's CSRF token.
const CSRF_KEY: &str = "csrf";
/// Key of the minute (Unix minutes) the session was last saved: saving it once a minute a staff member works keeps
/// the idle time-out from their last request, not their log-in.
const SEEN_KEY: &str = "seen";

/// Who a staff session is logged in as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct StaffLogin {
    id: i64,
    /// `staff.session_stamp` at log-in: another stamp (a new password, a removal) voids the session.
    stamp: String,
}

/// The staff session layer: its own store (`staff_sessions`), cookie [`STAFF_SESSION_COOKIE_NAME`] on path
/// [`ADMIN_API`], `HttpOnly`, `SameSite=Strict`, `Secure` over https, [`STAFF_SESSION_IDLE_S`] idle time-out.
pub fn session_layer(db: Db, secure: bool) -> SessionManagerLayer<DbSessionStore> {
    SessionManagerLayer::new(DbSessionStore::staff(db))
        .with_name(STAFF_SESSION_COOKIE_NAME)
        .with_path(ADMIN_API)
        .with_http_only(true)
        .with_same_site(SameSite::Strict)
        .with_secure(secure)
        .with_expiry(Expiry::OnInactivity(time::Duration::seconds(STAFF_SESSION_IDLE_S)))
}

/// The staff session's CSRF token, made (and the session stored) on first use.
async fn csrf_token(session: &Session) -> Result<String, ApiError> {
    if let Some(token) = session.get::<String>(CSRF_KEY).await.map_err(store_error)? {
        return Ok(token);
    }
    renew_csrf(session).await
}

async fn renew_csrf(session: &Session) -> Result<String, ApiError> {
    let token = random_hex::<32>();
    session.insert(CSRF_KEY, &token).await.map_err(store_error)?;
    Ok(token)
}

/// 403 `CSRF_TOKEN_INVALID` unless a state-changing request (not `GET`, `HEAD`, `OPTIONS`) carries the staff
/// session's CSRF token (from `GET /api/admin/session`) in `X-CSRF-Token`.
async fn check_csrf(parts: &Parts, session: &Session) -> Result<(), ApiError> {
    if matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let sent = parts.headers.get(CSRF_HEADER).map(|v| v.as_bytes().to_vec());
    let expected = session.get::<String>(CSRF_KEY).await.map_err(store_error)?;
    match (sent, expected) {
        (Some(sent), Some(expected)) if same(&sent, expected.as_bytes()) => Ok(()),
        _ => Err(csrf_refused(
            "state-changing back-office requests need the staff session's CSRF token (GET /api/admin/session: csrfToken)",
        )),
    }
}

async fn staff_session(parts: &mut Parts, state: &AppState) -> Result<Session, ApiError> {
    Session::from_request_parts(parts, state)
        .await
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("the staff session layer is missing")))
}

/// The staff session of a request anyone may send (the log-in, the set-password link) whose state-changing
/// method carried the session's CSRF token: else 403 `CSRF_TOKEN_INVALID`.
pub struct StaffCsrf(pub Session);

impl FromRequestParts<AppState> for StaffCsrf {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let session = staff_session(parts, state).await?;
        check_csrf(parts, &session).await?;
        Ok(Self(session))
    }
}

/// The logged-in staff member of a back-office request; as an extractor, 401 `STAFF_AUTH_REQUIRED` without one (no
/// staff session, or its stamp is no longer the member's: a new password, a removal), then for a state-changing
/// method 403 `CSRF_TOKEN_INVALID` without the staff session's token: a request without a staff session is told
/// to log in first, whatever it sent.
#[derive(Debug, Clone)]
pub struct Staff {
    pub member: StaffMember,
    pub role: Role,
    pub session: Session,
}

impl Staff {
    /// 403 `STAFF_ROLE_FORBIDDEN` unless the member's role is at least `role`.
    pub fn require(&self, role: Role) -> Result<(), ApiError> {
        if self.role >= role {
            return Ok(());
        }
        Err(ApiError::Forbidden {
            code: "STAFF_ROLE_FORBIDDEN",
            field: "role",
            detail: format!("this needs the {} role; you are a {}", role.as_str(), self.role.as_str()),
        })
    }
}

fn auth_required() -> ApiError {
    ApiError::Unauthorized { code: "STAFF_AUTH_REQUIRED", detail: "log in to the back office first".into() }
}

/// The logged-in member of `session`, `None` when nobody is or the session is void (then it is emptied).
async fn logged_in(db: &Db, session: &Session) -> Result<Option<(StaffMember, Role)>, ApiError> {
    let Some(login) = session.get::<StaffLogin>(STAFF_KEY).await.map_err(store_error)? else { return Ok(None) };
    let member = crate::db::staff::find(db, login.id).await?;
    let Some(member) = member.filter(|m| m.session_stamp == login.stamp) else {
        session.flush().await.map_err(store_error)?;
        return Ok(None);
    };
    let role = Role::parse(&member.role)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("staff {}: unknown role {:?}", member.id, member.role)))?;
    // Saved once a minute: the idle time-out runs from the last request.
    let minute = time::OffsetDateTime::now_utc().unix_timestamp().div_euclid(60);
    if session.get::<i64>(SEEN_KEY).await.map_err(store_error)? != Some(minute) {
        session.insert(SEEN_KEY, minute).await.map_err(store_error)?;
    }
    Ok(Some((member, role)))
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let session = staff_session(parts, state).await?;
        let (member, role) = logged_in(&state.db, &session).await?.ok_or_else(auth_required)?;
        // An exchange account never holds a back-office session; should one, it is no one here.
        if role == Role::Exchange {
            return Err(auth_required());
        }
        check_csrf(parts, &session).await?;
        Ok(Self { member, role, session })
    }
}

/// A staff member as the back office shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    pub id: i64,
    pub email: String,
    pub role: Role,
    /// The password is set (their one-time link was used).
    pub active: bool,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl StaffView {
    fn new(member: &StaffMember) -> Self {
        Self {
            id: member.id,
            email: member.email.clone(),
            role: Role::parse(&member.role).unwrap_or(Role::Manager),
            active: member.active,
            created_at: member.created_at.clone(),
        }
    }
}

/// The back office's routes, with `sessions` (the staff session layer) when they serve, or without it for the
/// OpenAPI document alone.
pub fn router(sessions: Option<SessionManagerLayer<DbSessionStore>>) -> OpenApiRouter<AppState> {
    let router = OpenApiRouter::new()
        .merge(auth::router())
        .merge(orders::router())
        .merge(shop::router())
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("x-robots-tag"),
            HeaderValue::from_static("noindex"),
        ));
    match sessions {
        Some(layer) => router.layer(layer),
        None => router,
    }
}
