//! `/sitemap.xml` and its parts `/sitemaps/{n}.xml` (the sitemaps.org protocol), built once per version of the shop's
//! public content (issue 34: built anew on every request, 747 KB and about 22 ms of CPU each for the real catalogue,
//! the sitemap let 8 connections crowd out the product pages' renders).
//!
//! - Up to [`SITEMAP_MAX_URLS`] URLs the sitemap is one `<urlset>`; past it, a `<sitemapindex>` of parts of at most
//!   that many URLs each, as the protocol requires.
//! - The files are kept ([`SitemapCache`]) until the content generation moves (an import, a menu, the stores, a
//!   published review: [`crate::state::ContentGeneration`]); requests meanwhile wait for the one build.
//! - Each answer carries an `ETag` (the file's SHA-256, cut to 128 bits) and a `Last-Modified` (when it was built),
//!   and answers `304 Not Modified` to a crawler that sends them back (`If-None-Match`, else `If-Modified-Since`).

use super::seo;
use crate::error::ApiError;
use crate::limits::SITEMAP_MAX_URLS;
use crate::state::AppState;
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::SystemTime;

/// One sitemap file as it goes out.
#[derive(Debug)]
struct File {
    body: Bytes,
    /// `"…"`: 32 hex digits of the body's SHA-256.
    etag: HeaderValue,
}

/// The sitemap files of one content generation: `/sitemap.xml` first, then the parts `/sitemaps/1.xml` … (none when
/// the first file is a `<urlset>`).
#[derive(Debug)]
struct Sitemaps {
    generation: u64,
    /// When they were built, to whole seconds (HTTP dates have no finer unit).
    built: SystemTime,
    files: Vec<File>,
}

/// The sitemap files of the current content generation, built on the first request that needs them. Cheap to clone.
#[derive(Clone, Default)]
pub struct SitemapCache {
    current: Arc<tokio::sync::Mutex<Built>>,
}

/// What [`SitemapCache`] holds: the files kept for their generation, and the last files built, kept or not.
#[derive(Default)]
struct Built {
    kept: Option<Arc<Sitemaps>>,
    last: Option<Arc<Sitemaps>>,
}

impl SitemapCache {
    /// The files for the shop's content as it is now: kept ones, or built now (one build at a time; requests that
    /// come meanwhile wait for it and take its files). Files built again with the same bytes keep the date they
    /// were first built at, so a crawler's `If-Modified-Since` stays current across a rebuild that changed nothing.
    async fn current(&self, state: &AppState) -> Result<Arc<Sitemaps>, ApiError> {
        let generation = state.content.get();
        let mut current = self.current.lock().await;
        if let Some(sitemaps) = current.kept.as_ref().filter(|s| s.generation == generation) {
            return Ok(Arc::clone(sitemaps));
        }
        // Before the first facet index (seconds after a start) the vendor pages are missing: not kept.
        let complete = state.search.is_ready();
        let paths = seo::sitemap_paths(state).await?;
        let mut built = build(&state.settings.public_url, &paths, generation);
        if let Some(last) = current.last.as_ref().filter(|last| same_files(last, &built)) {
            built.built = last.built;
        }
        let sitemaps = Arc::new(built);
        current.last = Some(Arc::clone(&sitemaps));
        if complete {
            current.kept = Some(Arc::clone(&sitemaps));
        }
        Ok(sitemaps)
    }
}

/// Whether `a` and `b` hold the same files (their ETags, digests of their bytes, agree).
fn same_files(a: &Sitemaps, b: &Sitemaps) -> bool {
    a.files.len() == b.files.len() && a.files.iter().zip(&b.files).all(|(x, y)| x.etag == y.etag)
}

/// The files listing `paths` under `base`.
fn build(base: &str, paths: &[String], generation: u64) -> Sitemaps {
    let mut bodies = Vec::new();
    if paths.len() <= SITEMAP_MAX_URLS {
        bodies.push(seo::urlset(base, paths));
    } else {
        let mut index = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        for n in 1..=paths.len().div_ceil(SITEMAP_MAX_URLS) {
            index.push_str(&format!("<sitemap><loc>{base}/sitemaps/{n}.xml</loc></sitemap>\n"));
        }
        index.push_str("</sitemapindex>\n");
        bodies.push(index);
        bodies.extend(paths.chunks(SITEMAP_MAX_URLS).map(|chunk| seo::urlset(base, chunk)));
    }
    let files = bodies
        .into_iter()
        .map(|body| {
            let digest = Sha256::digest(body.as_bytes());
            let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
            let etag = HeaderValue::from_str(&format!("\"{hex}\"")).expect("hex digits are a header value");
            File { body: Bytes::from(body), etag }
        })
        .collect();
    // HTTP dates have whole seconds: a date sent back must compare equal to the one given.
    let seconds = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let built = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
    Sitemaps { generation, built, files }
}

/// `GET /sitemap.xml`: the `<urlset>` of the shop's public pages, or past [`SITEMAP_MAX_URLS`] the
/// `<sitemapindex>` of its parts. `304` when the crawler's copy is current.
pub async fn sitemap(
    State(state): State<AppState>,
    Extension(cache): Extension<SitemapCache>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let sitemaps = cache.current(&state).await?;
    Ok(answer(&sitemaps, 0, &headers))
}

/// `GET /sitemaps/{n}.xml`: part `n` (from 1) of a sitemap past [`SITEMAP_MAX_URLS`] URLs; 404 for a part that is
/// not there.
pub async fn sitemap_part(
    State(state): State<AppState>,
    Extension(cache): Extension<SitemapCache>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Some(n) = file.strip_suffix(".xml").and_then(|n| n.parse::<usize>().ok()).filter(|n| *n >= 1) else {
        return Ok(StatusCode::NOT_FOUND.into_response());
    };
    let sitemaps = cache.current(&state).await?;
    if n >= sitemaps.files.len() {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    Ok(answer(&sitemaps, n, &headers))
}

/// File `n` of `sitemaps`, or `304 Not Modified` when the request's validators say the client has it.
fn answer(sitemaps: &Sitemaps, n: usize, headers: &HeaderMap) -> Response {
    let file = &sitemaps.files[n];
    let last_modified = HeaderValue::from_str(&httpdate::fmt_http_date(sitemaps.built)).expect("an HTTP date");
    let validators = [
        (header::ETAG, file.etag.clone()),
        (header::LAST_MODIFIED, last_modified),
        // Crawlers ask again when they like; each time the validators spare them the body.
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    if not_modified(headers, &file.etag, sitemaps.built) {
        return (StatusCode::NOT_MODIFIED, validators).into_response();
    }
    let content_type = (header::CONTENT_TYPE, HeaderValue::from_static("application/xml; charset=utf-8"));
    (validators, [content_type], file.body.clone()).into_response()
}

/// Whether the client's copy is current (RFC 9110 §13.1): `If-None-Match` names `etag` (or is `*`); without it,
/// `If-Modified-Since` is not before `built`.
fn not_modified(headers: &HeaderMap, etag: &HeaderValue, built: SystemTime) -> bool {
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    if let Some(tags) = text(header::IF_NONE_MATCH) {
        let ours = etag.to_str().unwrap_or_default();
        return tags.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == ours);
    }
    text(header::IF_MODIFIED_SINCE)
        .and_then(|date| httpdate::parse_http_date(date).ok())
        .is_some_and(|since| since >= built)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_limit_the_sitemap_is_an_index_of_parts() {
        let paths: Vec<String> = (0..SITEMAP_MAX_URLS + 1).map(|n| format!("/catalog/x/o{n}/")).collect();
        let sitemaps = build("https://shop.example", &paths, 7);
        assert_eq!(sitemaps.files.len(), 3, "the index and two parts");
        let index = std::str::from_utf8(&sitemaps.files[0].body).unwrap();
        assert!(index.contains("<sitemap><loc>https://shop.example/sitemaps/2.xml</loc></sitemap>"), "{index}");
        let last = std::str::from_utf8(&sitemaps.files[2].body).unwrap();
        assert_eq!(last.matches("<url>").count(), 1);
        let small = build("https://shop.example", &paths[..3], 7);
        assert_eq!(small.files.len(), 1);
    }

    #[test]
    fn a_current_copy_is_not_sent_again() {
        let sitemaps = build("https://shop.example", &["/".to_owned()], 0);
        let etag = sitemaps.files[0].etag.clone();
        let with = |name: header::HeaderName, value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(name, HeaderValue::from_str(value).unwrap());
            not_modified(&headers, &etag, sitemaps.built)
        };
        assert!(with(header::IF_NONE_MATCH, etag.to_str().unwrap()));
        assert!(with(header::IF_NONE_MATCH, &format!("\"other\", W/{}", etag.to_str().unwrap())));
        assert!(!with(header::IF_NONE_MATCH, "\"other\""));
        let built = httpdate::fmt_http_date(sitemaps.built);
        assert!(with(header::IF_MODIFIED_SINCE, &built));
        assert!(!with(header::IF_MODIFIED_SINCE, "Sun, 06 Nov 1994 08:49:37 GMT"));
        assert!(!not_modified(&HeaderMap::new(), &etag, sitemaps.built));
    }
}
