//! Request limits and security headers for every answer (issue 9).
//!
//! - [`limit_request`]: a declared body over [`REQUEST_BODY_MAX_BYTES`] is 413 `BODY_TOO_LARGE` and a query string
//!   over [`QUERY_MAX_BYTES`] is 414 `QUERY_TOO_LONG`, both in the API's JSON error shape, before any handler runs.
//!   Bodies without a `Content-Length` (chunked) are cut at the same size by axum's `DefaultBodyLimit` in
//!   the application's router (`startup::app`, which stacks these layers), and the JSON extractor turns that into
//!   the same 413.
//! - [`security_headers`]: `X-Content-Type-Options: nosniff` and a `Referrer-Policy` on every answer; on HTML
//!   answers also the Content-Security-Policy ([`content_security_policy`]: no foreign scripts and no inline ones
//!   but those the shop's own `index.html` carries, no framing) and `X-Frame-Options: DENY` for browsers that predate
//!   `frame-ancestors`.

use crate::error::{ApiError, error_response};
use crate::limits::{QUERY_MAX_BYTES, REQUEST_BODY_MAX_BYTES};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The Content-Security-Policy of every HTML answer, before the hashes of the page's own inline scripts are added
/// to its `script-src` ([`content_security_policy`]).
///
/// - Scripts only from the shop's own origin, and the inline scripts of the build's `index.html` by their SHA-256
///   (the event contract, issue 33). JSON-LD blocks (`application/ld+json`) and the page's state
///   (`application/json`) are data, not run, so they need no exception.
/// - Styles from the shop plus inline styles: Radix's scroll lock and Leaflet write `<style>` and `style=`
///   at run time. A style cannot run code.
/// - Images from anywhere over http(s): product pictures come from the shop's own feed host (a YML feed names
///   absolute URLs) and map tiles from `VITRINA_MAP_TILES`, neither known when the binary is built.
/// - Requests (`fetch`) only to the shop itself; no plugins; no `<base>` or form posts elsewhere; never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The Referrer-Policy of every answer: other sites learn the shop's origin, never the page (a search text or an
/// order's address stays here).
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";

/// Refuses a post of a page's own form (`POST /basket/add`, issue 33) that another site may have made: such posts
/// carry no `X-CSRF-Token` (they work without scripts), so the browser's word stands in for it. `Sec-Fetch-Site` must
/// be `same-origin`; a browser that does not send it must send an `Origin` naming the request's `Host`. Else 403
/// `FORM_ORIGIN_INVALID` (field `Origin`).
pub fn check_same_origin(headers: &axum::http::HeaderMap) -> Result<(), ApiError> {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let same = match text(header::HeaderName::from_static("sec-fetch-site")) {
        Some(site) => site == "same-origin",
        None => match (text(header::ORIGIN), text(header::HOST)) {
            (Some(origin), Some(host)) => {
                origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) == Some(host)
            }
            _ => false,
        },
    };
    if same {
        return Ok(());
    }
    Err(ApiError::Forbidden {
        code: "FORM_ORIGIN_INVALID",
        field: "Origin",
        detail: "the shop's forms are posted from the shop's own pages".into(),
    })
}

/// Middleware: refuses, before reading it, a request whose path or query holds a percent-encoded NUL (400
/// `TEXT_NUL`), whose query string is longer than [`QUERY_MAX_BYTES`] (414 `QUERY_TOO_LONG`, field `query`) or
/// whose `Content-Length` is over [`REQUEST_BODY_MAX_BYTES`] (413 `BODY_TOO_LARGE`, field `body`).
pub async fn limit_request(request: Request, next: Next) -> Response {
    // A percent-encoded NUL (`%00`) in the path or the query: 400 `TEXT_NUL` (a raw one is no valid URI).
    if request.uri().path().contains("%00") {
        return crate::error::nul_refused("path").into_response();
    }
    if request.uri().query().is_some_and(|q| q.contains("%00")) {
        return crate::error::nul_refused("query").into_response();
    }
    let query_len = request.uri().query().map_or(0, str::len);
    if query_len > QUERY_MAX_BYTES {
        return error_response(
            StatusCode::URI_TOO_LONG,
            "QUERY_TOO_LONG",
            Some("query"),
            format!("the query string is {query_len} bytes; at most {QUERY_MAX_BYTES} are taken"),
        );
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    // 1C's exchange uploads files in chunks of its own `file_limit`, which its route holds it to.
    let most = if request.uri().path() == crate::limits::EXCHANGE_PATH {
        crate::limits::EXCHANGE_FILE_LIMIT_MAX_BYTES
    } else {
        REQUEST_BODY_MAX_BYTES as u64
    };
    if let Some(length) = declared
        && length > most
    {
        let detail = format!("the body is {length} bytes; at most {most} are taken");
        return ApiError::PayloadTooLarge { detail }.into_response();
    }
    next.run(request).await
}

/// [`CONTENT_SECURITY_POLICY`] with `script_hashes` (each `'sha256-…'`, as
/// `web::inline_script_hashes` gives them) allowed in its `script-src`.
pub fn content_security_policy(script_hashes: &[String]) -> String {
    let mut allowed = String::from("script-src 'self'");
    for hash in script_hashes {
        allowed.push(' ');
        allowed.push_str(hash);
    }
    CONTENT_SECURITY_POLICY.replacen("script-src 'self'", &allowed, 1)
}

/// Middleware: adds the security headers (module comment) to the answer; `policy` is the page's
/// Content-Security-Policy ([`content_security_policy`]).
pub async fn security_headers(State(policy): State<HeaderValue>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let is_html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("text/html"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static(REFERRER_POLICY));
    if is_html {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_post_must_come_from_the_shops_own_pages() {
        let check = |pairs: &[(&'static str, &'static str)]| {
            let mut headers = axum::http::HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(*name, HeaderValue::from_static(value));
            }
            check_same_origin(&headers).is_ok()
        };
        assert!(check(&[("sec-fetch-site", "same-origin")]));
        assert!(!check(&[("sec-fetch-site", "cross-site"), ("origin", "http://shop"), ("host", "shop")]));
        assert!(!check(&[("sec-fetch-site", "same-site")]));
        assert!(check(&[("origin", "https://shop.example"), ("host", "shop.example")]));
        assert!(!check(&[("origin", "https://evil.example"), ("host", "shop.example")]));
        assert!(!check(&[("origin", "null"), ("host", "shop.example")]));
        assert!(!check(&[("host", "shop.example")]));
    }

    #[test]
    fn the_policy_allows_no_inline_script_and_no_framing() {
        let script = CONTENT_SECURITY_POLICY.split(';').map(str::trim).find(|d| d.starts_with("script-src"));
        assert_eq!(script, Some("script-src 'self'"));
        assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
        assert!(!CONTENT_SECURITY_POLICY.contains("unsafe-eval"));
    }

    #[test]
    fn inline_scripts_are_allowed_by_their_hash_alone() {
        let policy = content_security_policy(&["'sha256-AAAA'".to_owned(), "'sha256-BBBB'".to_owned()]);
        let script = policy.split(';').map(str::trim).find(|d| d.starts_with("script-src"));
        assert_eq!(script, Some("script-src 'self' 'sha256-AAAA' 'sha256-BBBB'"));
        assert_eq!(content_security_policy(&[]), CONTENT_SECURITY_POLICY);
    }
}
