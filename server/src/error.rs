//! One error type for the HTTP API and its JSON shape:
//! `{"errors":[{"code":"SORT_INVALID","field":"sort","detail":"…"}]}` (docs/api.md "Conventions").
//! Client mistakes are 4xx naming the field and a message code; server faults are a logged 500 with a generic text.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// One problem with a request.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct ErrorItem {
    /// A stable message code (`OFFER_NOT_FOUND`, `SORT_INVALID`, …); the front-end translates it.
    pub code: String,
    /// The request field at fault (query parameter or JSON key), `null` when none is.
    #[schema(required)]
    pub field: Option<String>,
    /// An English explanation for developers.
    pub detail: String,
}

/// The body of every error answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorBody {
    pub errors: Vec<ErrorItem>,
}

/// An error answer: status plus one or more [`ErrorItem`]s, or an internal fault.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 404: the thing asked for does not exist.
    #[error("{code}: {detail}")]
    NotFound { code: &'static str, detail: String },
    /// 400: a query parameter or body field is invalid.
    #[error("{code}: {detail}")]
    BadRequest { code: &'static str, field: std::borrow::Cow<'static, str>, detail: String },
    /// 401: the request needs a logged-in account (`AUTH_REQUIRED`), or its credentials are wrong
    /// (`AUTH_INVALID_CREDENTIALS`); no field is at fault.
    #[error("{code}: {detail}")]
    Unauthorized { code: &'static str, detail: String },
    /// 403: the request may not do this (e.g. a state-changing request without the session's CSRF token).
    #[error("{code}: {detail}")]
    Forbidden { code: &'static str, field: &'static str, detail: String },
    /// 409: the request conflicts with the state of what it names (an out-of-stock offer, a full basket line).
    #[error("{code}: {detail}")]
    Conflict { code: &'static str, field: &'static str, detail: String },
    /// 409 with one item per conflict (each offer of a basket that cannot be ordered).
    #[error("{} conflicts", errors.len())]
    Conflicts { errors: Vec<ErrorItem> },
    /// 422: a well-formed body whose values break the endpoint's rules; one item per field at fault, all at once
    /// (the checkout's validation).
    #[error("{} invalid fields", errors.len())]
    Unprocessable { errors: Vec<ErrorItem> },
    /// 413: the request body is larger than the endpoint takes.
    #[error("BODY_TOO_LARGE: {detail}")]
    PayloadTooLarge { detail: String },
    /// 429 `RATE_LIMITED` with `Retry-After: retry_after_s` (seconds): the client address (or, for log-ins, the
    /// account) made too many requests of this kind (`crate::rate_limit`).
    #[error("RATE_LIMITED: retry after {retry_after_s} s")]
    TooManyRequests { retry_after_s: u64 },
    /// 503 with `Retry-After: retry_after_s` (seconds): the service is starting and cannot answer yet (the search
    /// index being built after a start, issue 20).
    #[error("{code}: {detail}")]
    Unavailable { code: &'static str, detail: String, retry_after_s: u64 },
    /// 500: logged with its cause chain; the client sees `INTERNAL`.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// 400 naming `field` (a fixed name, or one the request wrote: a facet's `p.Цвет`).
    pub fn bad_request(
        code: &'static str,
        field: impl Into<std::borrow::Cow<'static, str>>,
        detail: impl Into<String>,
    ) -> Self {
        Self::BadRequest { code, field: field.into(), detail: detail.into() }
    }

    /// 404 with `code`.
    pub fn not_found(code: &'static str, detail: impl Into<String>) -> Self {
        Self::NotFound { code, detail: detail.into() }
    }

    /// The JSON body of a 404 as [`IntoResponse`] sends it; `None` for any other error. For the server render, which
    /// hands a page the API's answers without an HTTP round trip (issue 22).
    pub fn not_found_body(&self) -> Option<ErrorBody> {
        match self {
            Self::NotFound { code, detail } => Some(ErrorBody {
                errors: vec![ErrorItem { code: (*code).to_owned(), field: None, detail: detail.clone() }],
            }),
            _ => None,
        }
    }
}

impl From<crate::domain::forms::FieldError> for ErrorItem {
    fn from(e: crate::domain::forms::FieldError) -> Self {
        Self { code: e.code.to_owned(), field: Some(e.field), detail: e.detail }
    }
}

impl ApiError {
    /// 503 `DATABASE_UNAVAILABLE` with `Retry-After`: the database is away (PostgreSQL restarting, the network to it
    /// down; issue 36), which is no fault of the request.
    pub fn database_unavailable() -> Self {
        Self::Unavailable {
            code: "DATABASE_UNAVAILABLE",
            detail: "the shop's database is unavailable; try again shortly".into(),
            retry_after_s: crate::limits::DATABASE_RETRY_AFTER_S,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::bad_request("QUERY_INVALID", "query", rejection.body_text())
    }
}

/// An error answer of one [`ErrorItem`], for answers made outside a handler (middleware).
pub fn error_response(status: StatusCode, code: &str, field: Option<&str>, detail: String) -> Response {
    let item = ErrorItem { code: code.to_owned(), field: field.map(str::to_owned), detail };
    (status, Json(ErrorBody { errors: vec![item] })).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::NotFound { .. } => {
                let body = self.not_found_body().expect("a NotFound has a body");
                (StatusCode::NOT_FOUND, Json(body)).into_response()
            }
            Self::BadRequest { code, field, detail } => {
                error_response(StatusCode::BAD_REQUEST, code, Some(&field), detail)
            }
            Self::Unauthorized { code, detail } => error_response(StatusCode::UNAUTHORIZED, code, None, detail),
            Self::Forbidden { code, field, detail } => error_response(StatusCode::FORBIDDEN, code, Some(field), detail),
            Self::Conflict { code, field, detail } => error_response(StatusCode::CONFLICT, code, Some(field), detail),
            Self::Conflicts { errors } => (StatusCode::CONFLICT, Json(ErrorBody { errors })).into_response(),
            Self::Unprocessable { errors } => {
                (StatusCode::UNPROCESSABLE_ENTITY, Json(ErrorBody { errors })).into_response()
            }
            Self::PayloadTooLarge { detail } => {
                error_response(StatusCode::PAYLOAD_TOO_LARGE, "BODY_TOO_LARGE", Some("body"), detail)
            }
            Self::TooManyRequests { retry_after_s } => {
                let mut response = error_response(
                    StatusCode::TOO_MANY_REQUESTS,
                    "RATE_LIMITED",
                    None,
                    format!("too many requests of this kind; try again in {retry_after_s} s"),
                );
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_s.into());
                response
            }
            Self::Unavailable { code, detail, retry_after_s } => {
                let mut response = error_response(StatusCode::SERVICE_UNAVAILABLE, code, None, detail);
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_s.into());
                response
            }
            // The database away (PostgreSQL restarting, the network to it down; issue 36): 503 with a retry, not a
            // 500, and a warning rather than an error per request.
            Self::Internal(err) if err.chain().any(|e| e.downcast_ref().is_some_and(crate::db::is_unavailable)) => {
                tracing::warn!(error = format!("{err:#}"), "the database is unavailable");
                Self::database_unavailable().into_response()
            }
            Self::Internal(err) => {
                tracing::error!(error = format!("{err:#}"), "internal error");
                error_response(StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL", None, "internal server error".into())
            }
        }
    }
}

/// Whether `headers` say the body is JSON: `application/json` or `application/…+json`, parameters aside (as axum's
/// `Json` reads it).
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text holds the escape `\u0000` (the NUL character) in a string: a `\` that is itself escaped
/// (`\\u0000`, the six characters) does not count.
pub fn has_nul_escape(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(b"\\u0000") && json[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0
    })
}

/// 400 `TEXT_NUL` for `field` (`body`, `path`, `query`): text holding the NUL character (U+0000), which no shop text
/// needs and PostgreSQL cannot store (issue 36: schemathesis sent one in an offer id, and got a 500).
pub fn nul_refused(field: &'static str) -> ApiError {
    ApiError::bad_request("TEXT_NUL", field, "text may not hold the NUL character (U+0000)")
}

/// The answer to an unknown `/api/*` path: a JSON 404 with code `API_NOT_FOUND`, never the HTML shell.
pub async fn api_not_found(uri: axum::http::Uri) -> Response {
    ApiError::not_found("API_NOT_FOUND", format!("no API endpoint at {}", uri.path())).into_response()
}

/// The answer to a known `/api` path asked with a method it does not take: a JSON 405 `METHOD_NOT_ALLOWED`.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "METHOD_NOT_ALLOWED",
        None,
        format!("{method} is not allowed on {}", uri.path()),
    )
}

/// `Query<T>` whose rejection is an [`ApiError`] (400 `QUERY_INVALID` in our JSON shape), not axum's plain text.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for ApiQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Query(value) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Self(value))
    }
}

/// `Path<T>` whose rejection is an [`ApiError`] (400 `PATH_INVALID`, field `path`, in our JSON shape), not axum's
/// plain text: e.g. a basket line id past `i64`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiPath<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Self(value)),
            Err(rejection) => Err(ApiError::bad_request("PATH_INVALID", "path", rejection.body_text())),
        }
    }
}

/// `Json<T>` whose rejection is an [`ApiError`]: 413 `BODY_TOO_LARGE` past the route's body limit, else 400
/// `BODY_INVALID` (field `body`) naming what is wrong (not JSON, wrong shape, no JSON content type).
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        if !json_content_type(req.headers()) {
            let detail = "Expected request with `Content-Type: application/json`".to_owned();
            return Err(ApiError::bad_request("BODY_INVALID", "body", detail));
        }
        let bytes = match axum::body::Bytes::from_request(req, state).await {
            Ok(bytes) => bytes,
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ApiError::PayloadTooLarge { detail: rejection.body_text() });
            }
            Err(rejection) => return Err(ApiError::bad_request("BODY_INVALID", "body", rejection.body_text())),
        };
        if has_nul_escape(&bytes) {
            return Err(nul_refused("body"));
        }
        match Json::<T>::from_bytes(&bytes) {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(ApiError::bad_request("BODY_INVALID", "body", rejection.body_text())),
        }
    }
}
