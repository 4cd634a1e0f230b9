//! Server rendering (issue 22): the app's own React components render a page's HTML inside this process, in QuickJS
//! ([`engine`]), from data the catalogue service loads in process ([`data`]). The browser then hydrates that HTML
//! from the state the page carries, instead of drawing an empty `#root`.
//!
//! One request: the page's head names the API answers it needs first ([`super::preload`]); [`data::load`] makes
//! those that are the same for every visitor; a render thread ([`pool`]) renders the page with them. When the page
//! asked for more public answers than it was given (a product's reviews, a section's listing under a query), they
//! are loaded and the page is rendered once more. A render that fails or passes its budget is logged and counted,
//! and the page goes out as today's client-rendered shell.

mod data;
mod engine;
mod pool;

pub use pool::{PoolSettings, RenderError, RenderPool, RenderStats};

use data::Answer;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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
}

/// Renders pages; `None` inside when the binary has no server bundle or rendering is off (`VITRINA_RENDER=off`).
#[derive(Clone, Default)]
pub struct PageRenderer {
    pool: Option<RenderPool>,
}

impl PageRenderer {
    /// Starts the render threads with the embedded bundle; without a bundle (a binary built before the front-end)
    /// pages go out as the client-rendered shell.
    pub fn start(settings: PoolSettings) -> Self {
        let Some(file) = ServerBundle::get(BUNDLE_FILE) else {
            tracing::warn!("this binary has no server bundle (web/dist-server): pages are rendered in the browser");
            return PageRenderer { pool: None };
        };
        let bundle: Arc<str> = Arc::from(String::from_utf8_lossy(&file.data).as_ref());
        PageRenderer { pool: Some(RenderPool::start(bundle, settings)) }
    }

    /// The render counters, when rendering is on.
    pub fn stats(&self) -> Option<&RenderStats> {
        self.pool.as_ref().map(RenderPool::stats)
    }

    /// Renders the page at `url` (path and query) in `language`, starting from the API answers `api` (the page's
    /// preload list). `None` when it cannot: the reason is logged with the path, and the caller sends the shell.
    pub async fn render(
        &self,
        state: &crate::state::AppState,
        url: &str,
        language: &str,
        api: &[String],
    ) -> Option<Rendered> {
        let pool = self.pool.as_ref()?;
        let mut answers = BTreeMap::new();
        for wanted in api {
            if let Some(answer) = data::load(state, wanted).await {
                answers.insert(wanted.clone(), answer);
            }
        }
        let mut tried: std::collections::BTreeSet<String> = api.iter().cloned().collect();
        for attempt in 1..=crate::limits::RENDER_ATTEMPTS {
            let input = serde_json::to_string(&RenderInput { url, language, answers: &answers }).ok()?;
            let began = std::time::Instant::now();
            let output = match pool.render(input).await {
                Ok(json) => serde_json::from_str::<RenderOutput>(&json)
                    .inspect_err(|err| tracing::warn!(%err, url, "a render gave no RenderOutput"))
                    .ok()?,
                Err(err) => {
                    let stats = pool.stats();
                    let load =
                        |counter: &std::sync::atomic::AtomicU64| counter.load(std::sync::atomic::Ordering::Relaxed);
                    tracing::warn!(
                        %err,
                        url,
                        rendered = load(&stats.rendered),
                        failed = load(&stats.failed),
                        timed_out = load(&stats.timed_out),
                        busy = load(&stats.busy),
                        "the page was not rendered on the server: sent for the browser to render"
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
                let carried = answers.into_keys().collect();
                return Some(Rendered { html: output.html, state: output.state, carried });
            }
        }
        None
    }
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
