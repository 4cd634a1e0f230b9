//! Serves the embedded front-end (rust-embed of `web/dist`) and the pages search engines read.
//!
//! - Hashed assets under `/assets/` are `Cache-Control: public, max-age=31536000, immutable`; `index.html` is
//!   `no-cache`; other files of `dist` get an hour. A file with a Brotli twin from the build (`x.js.br`) goes out as
//!   that twin to browsers that take `br`.
//! - Client routes (`/`, `/catalog/…`) answer the app shell with their own `<title>`, meta description, canonical
//!   link, Open Graph tags and schema.org JSON-LD in the first HTML response ([`seo`]). The public pages (home,
//!   listings, products, search, contacts, reviews) come rendered on the server inside `#root`, with the state the
//!   browser hydrates from ([`render`], issue 22); when a render fails, and for private pages, `#root` is empty and
//!   the browser renders. Unknown paths, and catalogue paths naming no section or offer, answer status 404 with the
//!   app's "not found" page, rendered the same way.
//! - `/sitemap.xml`, `/robots.txt`, and the demo catalogue's pictures under `/demo/images/`.
//! - `POST /basket/add`, "В корзину" without scripts ([`basket_form`]).

pub mod basket_form;
pub mod exchange;
pub mod page_url;
pub mod pictures;
pub mod preload;
pub mod refresh;
pub mod render;
pub mod seo;
pub mod sitemap;

use crate::session::{language, request_cookie};
use crate::state::AppState;
use axum::Router;
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

/// The built front-end. `build.rs` makes sure the folder exists, so the server builds before the front-end does.
#[derive(RustEmbed)]
#[folder = "../web/dist"]
struct Dist;

/// Marker in `web/index.html` where page-specific head tags go.
const HEAD_MARKER: &str = "<!--app-head-->";

/// Shown when the binary was built before the front-end (`make build` builds both in order).
const NO_FRONTEND: &str = "<!doctype html><html lang=\"ru\"><head><meta charset=\"utf-8\"><title>Vitrina</title>\
    <!--app-head--></head><body><main><h1>Vitrina</h1><p>The front-end was not built into this binary: run \
    <code>make build</code>.</p></main></body></html>";

/// Where a page's "В корзину" form posts (`basket_form`, issue 33; the front-end's `paths.basketAdd`).
pub const BASKET_ADD_PATH: &str = "/basket/add";

/// The routes of this module; mount after the API. `renderer` renders the public pages (issue 22); with it on, the
/// changed pages are rendered again in the background ([`refresh`]).
pub fn router(state: AppState, renderer: render::PageRenderer) -> Router {
    let routes = routes(state.clone(), renderer.clone());
    if renderer.is_on() {
        tokio::spawn(refresh::run(state, renderer, routes.clone()));
    }
    routes
}

fn routes(state: AppState, renderer: render::PageRenderer) -> Router {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap::sitemap))
        .route("/sitemaps/{file}", get(sitemap::sitemap_part))
        .route("/demo/images/{file}", get(demo_image))
        .route(BASKET_ADD_PATH, axum::routing::post(basket_form::add))
        .route("/pictures/{id}/{file}", get(pictures::derivative))
        .fallback(page_or_asset)
        .layer(Extension(renderer))
        .layer(Extension(sitemap::SitemapCache::default()))
        .with_state(state)
}

fn asset_response(bytes: Vec<u8>, path: &str, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut res = bytes.into_response();
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(mime.as_ref()).expect("mime is ASCII"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

async fn demo_image(Path(file): Path<String>) -> Response {
    match crate::pictures::store::DemoPictures::get(&file) {
        Some(f) => asset_response(f.data.into_owned(), &file, "public, max-age=86400"),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Vite's manifest of the embedded build, read once; `None` when the binary has no front-end (or an unreadable
/// manifest: pages then go without route preloads, and the error is logged).
static MANIFEST: std::sync::LazyLock<Option<preload::Manifest>> = std::sync::LazyLock::new(|| {
    let file = Dist::get(".vite/manifest.json")?;
    preload::Manifest::parse(&file.data)
        .inspect_err(|err| tracing::error!(%err, "web/dist/.vite/manifest.json is not Vite's manifest"))
        .ok()
});

/// The URL the one "not found" page is rendered at and kept under, for every unknown path (issue 34); a path no
/// page has (slugs are `[a-z0-9-]`).
const NOT_FOUND_PAGE: &str = "/__not-found__/";

/// The empty root element of `index.html`, which a rendered page fills.
const ROOT_ELEMENT: &str = "<div id=\"root\"></div>";

/// `id` of the element carrying a rendered page's state (the front-end's `RENDERED_STATE_ID`).
const RENDERED_STATE_ID: &str = "vitrina-state";

/// The app shell (`index.html`) with `head` spliced in: the `<title>` replaced, the rest at [`HEAD_MARKER`], and the
/// page's preload links ([`preload`]) at the end of the head. With `rendered`, `#root` holds the page's HTML and is
/// followed by its state in a `<script type="application/json">`, `<html lang>` is the page's language, and the
/// `<noscript>` plea goes: the page reads without scripts.
pub fn render_shell(head: &seo::Head, rendered: Option<(&render::Rendered, &str)>) -> String {
    let index = Dist::get("index.html").map(|f| String::from_utf8_lossy(&f.data).into_owned());
    let index = index.unwrap_or_else(|| NO_FRONTEND.to_owned());
    let title = format!("<title>{}</title>", crate::domain::text::escape_html(&head.title));
    let index = match (index.find("<title>"), index.find("</title>")) {
        (Some(a), Some(b)) if a < b => {
            format!("{}{}{}", &index[..a], title, &index[b + "</title>".len()..])
        }
        _ => index.replacen(HEAD_MARKER, &format!("{title}{HEAD_MARKER}"), 1),
    };
    let mut index = index.replacen(HEAD_MARKER, &head.tags, 1);
    if let Some((page, language)) = rendered {
        let filled = format!(
            "<div id=\"root\">{}</div><script type=\"application/json\" id=\"{RENDERED_STATE_ID}\">{}</script>",
            page.html,
            render::script_json(&page.state)
        );
        // The shell's plea goes before the page comes in: the page may have `<noscript>`s of its own.
        if let (Some(a), Some(b)) = (index.find("<noscript>"), index.find("</noscript>")) {
            index.replace_range(a..b + "</noscript>".len(), "");
        }
        index = scripts_after_the_paint(&index, &head.preload.modules(MANIFEST.as_ref()));
        index = index.replacen(ROOT_ELEMENT, &filled, 1);
        index = index.replacen("<html lang=\"ru\">", &format!("<html lang=\"{language}\">"), 1);
    }
    // After index.html's own links: the entry's script and stylesheets are what the browser needs first.
    // A rendered page carries its answers in its state: the browser need not fetch them again.
    let mut preload = head.preload.clone();
    if let Some((page, _)) = rendered {
        preload.api.retain(|url| !page.carried.contains(url));
    }
    let tags = preload.tags(MANIFEST.as_ref(), rendered.is_some());
    index.replacen("</head>", &format!("{tags}</head>"), 1)
}

/// The `'sha256-…'` source of each inline script of the build's `index.html` (the event contract, issue 33), for
/// the Content-Security-Policy's `script-src` (`security::content_security_policy`). Empty without a front-end.
pub fn inline_script_hashes() -> Vec<String> {
    let Some(index) = Dist::get("index.html") else { return Vec::new() };
    inline_scripts(&String::from_utf8_lossy(&index.data)).into_iter().map(script_hash).collect()
}

/// The bodies of the `<script>` elements written without attributes in `html` (scripts to run, not data).
fn inline_scripts(html: &str) -> Vec<&str> {
    let mut bodies = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script>") {
        let body = &rest[start + "<script>".len()..];
        let Some(end) = body.find("</script>") else { break };
        bodies.push(&body[..end]);
        rest = &body[end..];
    }
    bodies
}

/// A script's CSP hash source: `'sha256-` + base64 of the SHA-256 of its UTF-8 text + `'`.
fn script_hash(body: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(body.as_bytes())))
}

/// The boot script of a rendered page (`web/public/boot.js`).
const BOOT_SCRIPT: &str = "/boot.js";

/// `index` (Vite's `index.html`) with its module script and module preloads started after the page is painted, for a
/// page whose HTML is already drawn (issue 22): they are taken out, and [`BOOT_SCRIPT`], told their URLs and the
/// route's `route_modules`, adds them once the first paint is reported and the load event has passed, a frame later
/// (or at the shopper's first press or key). The page's HTML, stylesheets and pictures so have the network to
/// themselves until the shopper sees the page. (Started at once, even at low priority, the
/// 180 KB of modules share a slow network with the page's picture, and Lighthouse counts every script that started
/// before the largest paint into it.)
fn scripts_after_the_paint(index: &str, route_modules: &[String]) -> String {
    let mut out = String::with_capacity(index.len());
    let (mut entry, mut modules) = (None::<String>, Vec::<String>::new());
    let mut rest = index;
    loop {
        let (at, is_script) = match (rest.find(MODULE_SCRIPT), rest.find(MODULE_PRELOAD)) {
            (Some(s), Some(p)) => (s.min(p), s < p),
            (Some(s), None) => (s, true),
            (None, Some(p)) => (p, false),
            (None, None) => break,
        };
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (end, url) = if is_script {
            let end = tail.find("</script>").map_or(tail.len(), |n| n + "</script>".len());
            (end, attribute(&tail[..end], "src"))
        } else {
            let end = tail.find('>').map_or(tail.len(), |n| n + 1);
            (end, attribute(&tail[..end], "href"))
        };
        match (url, is_script) {
            (Some(url), true) if entry.is_none() => entry = Some(url),
            (Some(url), false) => modules.push(url),
            // Not one of ours: left as it is.
            _ => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    let Some(entry) = entry else { return out };
    modules.extend(route_modules.iter().cloned());
    let boot = format!(
        "<script defer src=\"{BOOT_SCRIPT}\" data-entry=\"{}\" data-modules=\"{}\"></script>",
        crate::domain::text::escape_html(&entry),
        crate::domain::text::escape_html(&modules.join(" "))
    );
    out.replacen("</body>", &format!("{boot}</body>"), 1)
}

/// The value of `name="…"` in one tag, as written (the URLs here need no unescaping).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(tag[start..end].to_owned())
}

/// How Vite's `index.html` starts the entry's module script.
const MODULE_SCRIPT: &str = "<script type=\"module\"";
/// How Vite's `index.html` and [`preload::Preload::tags`] start a module preload.
pub const MODULE_PRELOAD: &str = "<link rel=\"modulepreload\" crossorigin";

/// An HTML document, `Cache-Control: no-cache` (the browser asks again, and a release or an import shows at once).
fn html_response(status: StatusCode, document: impl Into<axum::body::Body>) -> Response {
    let mut res = (status, axum::response::Html(document.into())).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// A rendered page as the cache keeps it (brotli, issue 39): sent as kept to a client that takes `br` (the
/// compression layer leaves an encoded answer alone), decompressed for another; `None` if it does not decompress.
fn stored_response(page: &render::Stored, headers: &HeaderMap) -> Option<Response> {
    if !accepts_coding(headers, "br") {
        return Some(html_response(page.status, page.document()?));
    }
    let mut res = html_response(page.status, page.brotli.clone());
    res.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Some(res)
}

/// The client-rendered shell with `head`.
fn shell_response(status: StatusCode, head: &seo::Head) -> Response {
    html_response(status, render_shell(head, None))
}

/// Everything that is neither API nor a fixed route: a file of `dist`, or a page of the app.
async fn page_or_asset(
    State(state): State<AppState>,
    Extension(renderer): Extension<render::PageRenderer>,
    client: crate::rate_limit::ClientAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path();
    let file = path.trim_start_matches('/');
    // The build manifest is the server's, not a page's asset.
    if !file.is_empty()
        && file != "index.html"
        && !file.starts_with(".vite/")
        && !file.ends_with(BROTLI_SUFFIX)
        && let Some(f) = Dist::get(file)
    {
        let cache =
            if file.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "public, max-age=3600" };
        let twin = accepts_brotli(&headers).then(|| Dist::get(&format!("{file}{BROTLI_SUFFIX}"))).flatten();
        let Some(twin) = twin else { return asset_response(f.data.into_owned(), file, cache) };
        let mut res = asset_response(twin.data.into_owned(), file, cache);
        // Sent as built: the compression layer leaves an encoded answer alone.
        res.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        res.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        return res;
    }
    // A hashed file that is not there (a tab left open across a release asks for the old build's chunk): a bare 404,
    // on which the app reloads once to the new release (issue 19), not a page shell the browser cannot run.
    if file.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    // Pages live at paths with a trailing slash; /catalog/x becomes /catalog/x/.
    if path.starts_with("/catalog") && !path.ends_with('/') && !file.contains('.') {
        let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
        return Redirect::permanent(&format!("{path}/{query}")).into_response();
    }
    let language = language(&headers);
    // `vitrina_render=off`: this browser asked for the client-rendered page (debugging; tests that stub the first
    // load's API answers).
    let render = request_cookie(&headers, crate::limits::RENDER_COOKIE_NAME).as_deref() != Some("off");
    let url = uri.path_and_query().map_or(path, |pq| pq.as_str());
    if render
        && let Some(page) = renderer.cached(&state, url, language).await
        && let Some(response) = stored_response(&page, &headers)
    {
        return response;
    }
    let (status, head) = match seo::page_head(&state, path, uri.query()).await {
        Ok(seo::PageHead::Found(head)) => (StatusCode::OK, head),
        Ok(seo::PageHead::NotFound(head)) => (StatusCode::NOT_FOUND, head),
        Ok(seo::PageHead::Moved(to)) => return Redirect::permanent(&to).into_response(),
        Err(err) => return err.into_response(),
    };
    match head.preload.route {
        Some(route) if render && route.server_rendered() => {
            // Rendered and kept under what the page reads of its URL (issue 34): a tracking parameter or a key the
            // page ignores cannot make it render again.
            // Every unknown path gets the one "not found" page (issue 34: unknown slugs were a render each).
            let not_found = status == StatusCode::NOT_FOUND;
            let key = if not_found { NOT_FOUND_PAGE.to_owned() } else { page_url::page_url(path, uri.query(), route) };
            if key != url
                && !renderer.faulty(url)
                && let Some(page) = renderer.cached(&state, &key, language).await
                && let Some(response) = stored_response(&page, &headers)
            {
                return response;
            }
            let shell = head.clone();
            let document = move |page: &render::Rendered| {
                if !not_found {
                    return render_shell(&shell, Some((page, language)));
                }
                // Drawn for whoever reads HTML (crawlers, no scripts); the browser renders the page at its own URL
                // anew, as it does a shell: the state of `NOT_FOUND_PAGE` is not that URL's.
                let html_only = render::Rendered {
                    html: page.html.clone(),
                    state: String::new(),
                    carried: Default::default(),
                    tags: Vec::new(),
                    expires: None,
                };
                render_shell(&shell, Some((&html_only, language)))
            };
            let ask =
                render::PageAsk { client: client.0, url: &key, asked: url, language, status, api: &head.preload.api };
            match renderer.render(&state, ask, document).await {
                Some(page) => stored_response(&page, &headers).unwrap_or_else(|| shell_response(status, &head)),
                None => shell_response(status, &head),
            }
        }
        _ if path == "/admin" || path.starts_with("/admin/") => {
            // The back office (issue 37): the shell, kept out of every index.
            let mut response = shell_response(status, &head);
            response.headers_mut().insert("x-robots-tag", HeaderValue::from_static("noindex"));
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        _ => shell_response(status, &head),
    }
}

/// The Brotli twin of a file of `dist` is that file's name plus this (written by the build, `web/vite.config.ts`).
const BROTLI_SUFFIX: &str = ".br";

/// Whether the request's `Accept-Encoding` (RFC 9110 §12.5.3) takes `br` with a weight above 0: named, or else
/// through `*`.
fn accepts_brotli(headers: &HeaderMap) -> bool {
    accepts_coding(headers, "br")
}

/// Whether the request's `Accept-Encoding` (RFC 9110 §12.5.3) takes `coding` with a weight above 0: named, or else
/// through `*`.
fn accepts_coding(headers: &HeaderMap, coding: &str) -> bool {
    let codings = headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok());
    let weighted: Vec<(&str, f32)> = codings
        .flat_map(|v| v.split(','))
        .map(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let weight = parts.find_map(|p| p.trim().strip_prefix("q=")?.trim().parse::<f32>().ok()).unwrap_or(1.0);
            (name, weight)
        })
        .collect();
    let weight_of = |wanted: &str| weighted.iter().find(|(name, _)| name.eq_ignore_ascii_case(wanted)).map(|c| c.1);
    weight_of(coding).or_else(|| weight_of("*")).is_some_and(|weight| weight > 0.0)
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /personal/\nDisallow: /admin/\n\nSitemap: {}/sitemap.xml\n",
        state.settings.public_url
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brotli_is_taken_when_the_browser_weighs_it_above_zero() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            accepts_brotli(&headers)
        };
        assert!(with("gzip, deflate, br, zstd"));
        assert!(with("br;q=0.5"));
        assert!(with("BR"));
        assert!(with("*"));
        assert!(!with("gzip"));
        assert!(!with("br;q=0, gzip"));
        assert!(!with("brotli"));
        assert!(!with("br;q=0, *"));
        assert!(!accepts_brotli(&HeaderMap::new()));
    }

    #[test]
    fn inline_scripts_are_found_and_hashed_as_browsers_do() {
        let html = "<head><script>a()</script><script type=\"application/json\">{}</script>\
            <script src=\"/x.js\"></script><script>b()</script></head>";
        assert_eq!(inline_scripts(html), vec!["a()", "b()"]);
        // `echo -n 'a()' | openssl dgst -sha256 -binary | base64`
        assert_eq!(script_hash("a()"), "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
        // The build's index.html carries the event contract, and the policy allows it.
        assert_eq!(inline_script_hashes().len(), 1, "one inline script in dist/index.html: the event contract");
    }

    #[test]
    fn a_rendered_page_starts_its_modules_from_the_boot_script_after_the_paint() {
        let document = "<html><head><script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>\
            <link rel=\"modulepreload\" crossorigin href=\"/assets/framework-2.js\">\
            <link rel=\"stylesheet\" crossorigin href=\"/assets/index-3.css\">\
            <script type=\"application/ld+json\">{}</script>\
            <link rel=\"modulepreload\" crossorigin href=\"/assets/route-4.js\"></head>\
            <body><div id=\"root\"><p>page</p></div></body></html>";
        let out = scripts_after_the_paint(document, &["/assets/page-5.js".to_owned()]);
        assert!(!out.contains("type=\"module\""), "{out}");
        assert!(!out.contains("modulepreload"), "{out}");
        assert!(out.contains("<link rel=\"stylesheet\" crossorigin href=\"/assets/index-3.css\">"), "{out}");
        assert!(out.contains("<script type=\"application/ld+json\">{}</script>"), "{out}");
        assert!(
            out.ends_with(
                "<div id=\"root\"><p>page</p></div><script defer src=\"/boot.js\" data-entry=\"/assets/index-1.js\" \
                 data-modules=\"/assets/framework-2.js /assets/route-4.js /assets/page-5.js\"></script></body></html>"
            ),
            "{out}"
        );
    }

    #[test]
    fn a_document_without_a_module_script_is_left_as_it_is() {
        let document = "<html><head><title>x</title></head><body></body></html>";
        assert_eq!(scripts_after_the_paint(document, &[]), document);
    }
}
