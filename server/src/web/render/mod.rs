//! Server rendering (issue 22): the app's own React components render a page's HTML inside this process, in QuickJS
//! ([`engine`]), from data the catalogue service loads in process ([`data`]). The browser then hydrates that HTML
//! from the state the page carries, instead of drawing an empty `#root`.
//!
//! One request: the page's head names the API answers it needs first ([`super::preload`]); [`data::load`] makes
//! those that are the same for every visitor; a render thread ([`pool`]) renders the page with them. When the page
//! asked for more public answers than it was given (a product's reviews, a section's listing under a query), they
//! are loaded and the page is rendered once more. A rendered page is kept ([`cache`]) until the shop's content
//! changes. A render that fails, or that is not done within the visitor's budget, is logged and counted, and the
//! page goes out as the client-rendered shell; a slow render goes on meanwhile and fills the cache.

mod cache;
mod data;
pub mod disk;
mod engine;
mod page;
mod pool;

pub use cache::PageCache;
pub use page::{Page, PageKey, Stored};
pub use pool::{PoolSettings, RenderError, RenderPool};

use crate::state::{AppState, RenderStats};
use bytes::Bytes;

use data::Answer;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

/// The server bundle that Vite builds beside the browser's (`web/dist-server`, `npm run build`).
#[derive(rust_embed::RustEmbed)]
#[folder = "../web/dist-server"]
struct ServerBundle;

/// The bundle's file.
const BUNDLE_FILE: &str = "entry-server.js";

/// `RenderInput` of `web/src/ssr/entry-server.tsx`.
#[derive(Serialize)]
struct RenderInput<'a> {
    url: &'a str,
    language: &'a str,
    answers: &'a BTreeMap<String, Answer>,
    /// Throw inside the React tree (a forced failure, `VITRINA_RENDER_FAULT`; tests only).
    fault: bool,
}

/// `RenderOutput` of `web/src/ssr/entry-server.tsx`.
#[derive(Deserialize)]
struct RenderOutput {
    html: String,
    state: String,
    missing: Vec<String>,
    passes: u32,
}

/// A rendered page: the inside of `#root`, the state the browser hydrates from (JSON), and the API URLs whose answers
/// the page was given (the head's preload links leave them out).
#[derive(Debug, Clone)]
pub struct Rendered {
    pub html: String,
    pub state: String,
    pub carried: std::collections::BTreeSet<String>,
    /// What the page read: the tags of its answers (`domain::changes`, issue 39).
    pub tags: Vec<String>,
    /// When the clock alone changes what it shows (a store's hours), if it shows that.
    pub expires: Option<chrono::DateTime<chrono::Utc>>,
}

impl Rendered {
    /// When the page cache forgets the page by the clock: [`Rendered::expires`], at most
    /// [`PAGE_CACHE_CLOCK_MAX_S`](crate::limits::PAGE_CACHE_CLOCK_MAX_S) from now.
    fn expires_at(&self) -> Option<std::time::Instant> {
        let expires = self.expires?;
        let left = (expires - chrono::Utc::now()).to_std().unwrap_or_default();
        Some(
            std::time::Instant::now() + left.min(std::time::Duration::from_secs(crate::limits::PAGE_CACHE_CLOCK_MAX_S)),
        )
    }
}

/// Renders under way per client address (issue 34): each client may have `per_client` at once; its next uncached
/// page waits for one of them. Addresses with nothing under way are forgotten once more than
/// `RENDER_SHARE_CLIENTS_MAX` are kept.
#[derive(Clone, Default)]
struct ClientShares {
    per_client: usize,
    clients: Arc<std::sync::Mutex<std::collections::HashMap<IpAddr, Arc<tokio::sync::Semaphore>>>>,
}

impl ClientShares {
    fn new(per_client: usize) -> Self {
        ClientShares { per_client: per_client.max(1), clients: Arc::default() }
    }

    /// The renders `client` may start: one permit each.
    fn of(&self, client: IpAddr) -> Arc<tokio::sync::Semaphore> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if clients.len() >= crate::limits::RENDER_SHARE_CLIENTS_MAX {
            // Only this map holds an idle client's semaphore, and all its permits are back.
            clients.retain(|_, share| Arc::strong_count(share) > 1 || share.available_permits() < self.per_client);
        }
        Arc::clone(clients.entry(client).or_insert_with(|| Arc::new(tokio::sync::Semaphore::new(self.per_client))))
    }
}

/// One page to render ([`PageRenderer::render`]).
pub struct PageAsk<'a> {
    /// The client's address (its share of the render threads).
    pub client: IpAddr,
    /// The URL (path and query) the page is rendered and cached under (`web::page_url`).
    pub url: &'a str,
    /// The URL as the visitor asked for it.
    pub asked: &'a str,
    pub language: &'static str,
    /// 200, or 404 for a "not found" page.
    pub status: axum::http::StatusCode,
    /// The API answers the page asks for first (its preload list).
    pub api: &'a [String],
}

/// Renders pages, and keeps them ([`PageCache`]); no pool inside when the binary has no server bundle or rendering
/// is off (`VITRINA_RENDER=off`).
#[derive(Clone, Default)]
pub struct PageRenderer {
    pool: Option<RenderPool>,
    pages: PageCache,
    /// How long a visitor waits for a render (`VITRINA_RENDER_BUDGET_MS`), their wait for their share included.
    budget: std::time::Duration,
    /// Renders under way per client (`VITRINA_RENDER_SHARE`).
    shares: ClientShares,
    /// Pages whose URL contains this text fail their render (`VITRINA_RENDER_FAULT`; tests only).
    fault: Option<Arc<str>>,
}

impl PageRenderer {
    /// Starts the render threads with the embedded bundle, counting into `stats` (and marking it enabled); visitors
    /// wait `budget` for a page, and each client address has at most `share` renders under way. Without a bundle (a
    /// binary built before the front-end) pages go out as the client-rendered shell.
    ///
    /// The page cache keeps at most `page_bytes` in memory (`VITRINA_CACHE_MB`'s share, issue 39), and every page on
    /// `disk` too when given; `stats` reads its size.
    pub fn start(
        settings: PoolSettings,
        budget: std::time::Duration,
        share: usize,
        (page_bytes, disk): (u64, Option<Arc<disk::DiskPages>>),
        stats: Arc<RenderStats>,
    ) -> Self {
        let Some(file) = ServerBundle::get(BUNDLE_FILE) else {
            tracing::warn!("this binary has no server bundle (web/dist-server): pages are rendered in the browser");
            return PageRenderer::default();
        };
        let bundle: Arc<str> = Arc::from(String::from_utf8_lossy(&file.data).as_ref());
        stats.enabled.store(true, std::sync::atomic::Ordering::Relaxed);
        let pages = PageCache::with_bytes(page_bytes).with_disk(disk);
        let sized = pages.clone();
        let size = move || -> futures::future::BoxFuture<'static, crate::state::CacheFill> {
            let sized = sized.clone();
            Box::pin(async move { sized.size().await })
        };
        let _ = stats.cache_size.set(crate::state::CacheSize(Box::new(size)));
        PageRenderer {
            pool: Some(RenderPool::start(bundle, settings, stats)),
            pages,
            budget,
            shares: ClientShares::new(share),
            fault: None,
        }
    }

    /// Makes every page whose URL (path and query) contains `marker` fail its render inside the bundle
    /// (`VITRINA_RENDER_FAULT`): tests see the fallback and the rebuilt runtime through HTTP and a browser. `None`
    /// (a real shop) changes nothing.
    pub fn with_fault(mut self, marker: Option<String>) -> Self {
        self.fault = marker.filter(|m| !m.is_empty()).map(Arc::from);
        self
    }

    /// The page at `url` (path and query) in `language` when the page cache holds it for the shop's content as it is
    /// now ([`crate::state::ContentGeneration`]); a hit reads nothing else.
    pub async fn cached(&self, state: &AppState, url: &str, language: &'static str) -> Option<Stored> {
        self.pool.as_ref()?;
        let page = self.pages.get(&PageKey::new(url, language), &state.content, &state.render).await?;
        RenderStats::bump(&state.render.cached);
        Some(page)
    }

    /// Up to `limit` pages kept that no longer show the shop as it is, the ones visitors had last first (issue 39);
    /// none when pages are not rendered.
    pub fn stale(&self, state: &AppState, limit: usize) -> Vec<PageKey> {
        if self.pool.is_none() {
            return Vec::new();
        }
        self.pages.stale(&state.content, limit)
    }

    /// Whether the clock has passed a kept page's expiry (a store's hours it shows moved on, issue 39).
    pub fn clock_passed(&self) -> bool {
        self.pool.is_some() && self.pages.clock_passed()
    }

    /// Whether pages are rendered on the server.
    pub fn is_on(&self) -> bool {
        self.pool.is_some()
    }

    /// Whether the page at `asked` (the URL as asked for) fails its render on purpose (`VITRINA_RENDER_FAULT`;
    /// tests only): such a page is never answered from the cache either.
    pub fn faulty(&self, asked: &str) -> bool {
        self.fault.as_deref().is_some_and(|marker| asked.contains(marker))
    }

    /// The page `page` asks for, answered with its status: rendered ([`render_page`]), made a document by `document`
    /// (the shell around the rendered page), and kept in the page cache under `page.url`. `None` when it cannot be
    /// rendered, or not within the visitor's budget: the caller sends the shell. A render that passes the budget
    /// goes on (up to its limit, `RENDER_LIMIT_MS`) and fills the cache for the next visitor.
    ///
    /// A render counts against its client's share (issue 34) until it ends, past the visitor's budget too; a client
    /// with its share under way waits for a place within the budget, and past it gets the shell (`throttled`).
    pub async fn render(
        &self,
        state: &AppState,
        page: PageAsk<'_>,
        document: impl Fn(&Rendered) -> String + Send + Sync + 'static,
    ) -> Option<Stored> {
        let PageAsk { client, url, asked, language, status, api } = page;
        let pool = self.pool.clone()?;
        let deadline = tokio::time::Instant::now() + self.budget;
        let share = self.shares.of(client);
        let Ok(Ok(place)) = tokio::time::timeout_at(deadline, share.acquire_owned()).await else {
            RenderStats::bump(&state.render.throttled);
            warn_shell(
                &LOAD_SHELLS,
                &state.render,
                url,
                "its client had its share of renders under way: sent as the shell",
            );
            return None;
        };
        let key = PageKey::new(url, language);
        let fault = self.faulty(asked);
        let (pages, state_owned, url_owned, api) = (self.pages.clone(), state.clone(), url.to_owned(), api.to_vec());
        // A task of its own: a visitor who stops waiting does not stop the render, which holds its client's place.
        let render = tokio::spawn(async move {
            let render = || async {
                let page = render_page(&pool, &state_owned, &url_owned, language, &api, fault).await?;
                let expires = page.expires_at();
                let tags = page.tags.clone();
                Some(cache::Fresh { page: Page { status, document: Bytes::from(document(&page)) }, tags, expires })
            };
            // A page made to fail is rendered, never taken from the cache nor kept in it (tests only).
            let page = if fault {
                render().await.map(|fresh| (Stored::of(&fresh.page), cache::Source::Rendered))
            } else {
                pages.page(key, &state_owned.content, &state_owned.render, render).await
            };
            drop(place);
            page
        });
        match tokio::time::timeout_at(deadline, render).await {
            Ok(Ok(Some((page, source)))) => {
                if source == cache::Source::Cached {
                    RenderStats::bump(&state.render.cached);
                }
                Some(page)
            }
            Ok(Ok(None)) => None,
            Ok(Err(err)) => {
                tracing::error!(%err, url, "a render task ended without a page");
                None
            }
            Err(_) => {
                RenderStats::bump(&state.render.timed_out);
                warn_shell(
                    &LOAD_SHELLS,
                    &state.render,
                    url,
                    "not rendered within its budget: sent as the shell, the render goes on into the page cache",
                );
                None
            }
        }
    }
}

/// Pages sent as the shell because of load (a client past its share, a render past its budget, every thread busy):
/// one warning a minute at most, however many (issue 34: one per page let a client write 27 MB of log in 10 s).
static LOAD_SHELLS: crate::log::Throttle = crate::log::Throttle::new();

/// Pages sent as the shell because their render failed: throttled apart, so a flood's load warnings never hide one.
static FAILED_SHELLS: crate::log::Throttle = crate::log::Throttle::new();

/// Renders that gave no `RenderOutput`: one warning a minute at most.
static OUTPUT_WARNINGS: crate::log::Throttle = crate::log::Throttle::new();

/// Logs why the page at `url` went out as the shell, with the render counters: at most once a minute, with the
/// number of such pages left out of the log since (`repeated`; the counters count them all) and the URL cut to
/// `LOG_URL_MAX_CHARS`.
fn warn_shell(throttle: &crate::log::Throttle, stats: &RenderStats, url: &str, why: &str) {
    let Some(repeated) = throttle.admit() else { return };
    let read = RenderStats::read;
    tracing::warn!(
        url = %crate::log::url(url),
        repeated,
        rendered = read(&stats.rendered),
        cached = read(&stats.cached),
        failed = read(&stats.failed),
        timed_out = read(&stats.timed_out),
        busy = read(&stats.busy),
        throttled = read(&stats.throttled),
        "{why}"
    );
}

/// Renders the page at `url` (path and query) in `language` on `pool`, starting from the API answers `api` (the
/// page's preload list); `fault` makes the bundle throw (tests only). `None` when it cannot: the reason is logged
/// with the path and the render counters, and the caller sends the shell.
async fn render_page(
    pool: &RenderPool,
    state: &AppState,
    url: &str,
    language: &str,
    api: &[String],
    fault: bool,
) -> Option<Rendered> {
    let mut answers = BTreeMap::new();
    for wanted in api {
        if let Some(answer) = data::load(state, wanted).await {
            answers.insert(wanted.clone(), answer);
        }
    }
    let mut tried: std::collections::BTreeSet<String> = api.iter().cloned().collect();
    for attempt in 1..=crate::limits::RENDER_ATTEMPTS {
        let input = serde_json::to_string(&RenderInput { url, language, answers: &answers, fault }).ok()?;
        let began = std::time::Instant::now();
        let output = match pool.render(input).await {
            Ok(json) => serde_json::from_str::<RenderOutput>(&json)
                .inspect_err(|err| {
                    if let Some(repeated) = OUTPUT_WARNINGS.admit() {
                        tracing::warn!(%err, url = %crate::log::url(url), repeated, "a render gave no RenderOutput");
                    }
                })
                .ok()?,
            Err(err) => {
                let throttle = if matches!(err, RenderError::Busy) { &LOAD_SHELLS } else { &FAILED_SHELLS };
                warn_shell(
                    throttle,
                    &state.render,
                    url,
                    &format!("not rendered on the server ({err}): sent as the shell"),
                );
                return None;
            }
        };
        tracing::debug!(
            url,
            attempt,
            passes = output.passes,
            ms = began.elapsed().as_millis(),
            missing = ?output.missing,
            "rendered"
        );
        let mut more = false;
        for wanted in output.missing {
            if tried.insert(wanted.clone())
                && let Some(answer) = data::load(state, &wanted).await
            {
                answers.insert(wanted, answer);
                more = true;
            }
        }
        if !more || attempt == crate::limits::RENDER_ATTEMPTS {
            let mut tags: Vec<String> = answers.values().flat_map(|a| a.tags.iter().cloned()).collect();
            tags.sort();
            tags.dedup();
            let expires = answers.values().filter_map(|a| a.expires).min();
            let carried = answers.into_keys().collect();
            return Some(Rendered { html: output.html, state: output.state, carried, tags, expires });
        }
    }
    None
}

/// `state` as the text of a `<script type="application/json">`: `<` is written `\u003c`, so no `</script>` or
/// `<!--` inside a string can end or confuse the element. The JSON means the same.
pub fn script_json(state: &str) -> String {
    state.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_cannot_close_its_script() {
        let state = r#"{"name":"</script><script>alert(1)</script><!--"}"#;
        let text = script_json(state);
        assert!(!text.contains('<'));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["name"], "</script><script>alert(1)</script><!--");
    }
}
