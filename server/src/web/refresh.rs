//! Changed pages rendered again before anyone asks (issue 39): after each change of the shop's content, and when the
//! clock passes a kept page's expiry (a store opens or closes), the pages kept that no longer show the shop as it is
//! are rendered again in the background, those visitors had last first, up to [`PAGE_REFRESH_MAX`] a round. One at
//! a time, under a client address of their own ([`REFRESH_CLIENT`]): they take at most one render thread, and never
//! a visitor's share of them (issue 34).
//!
//! A page is asked for through the web routes as a visitor's browser would ask (`GET` with the language cookie), so
//! it is rendered and kept exactly as the visitor's would be.

use super::render::PageRenderer;
use crate::limits::{LANGUAGE_COOKIE_NAME, PAGE_REFRESH_MAX, SEARCH_WATCH_INTERVAL_MS};
use crate::state::AppState;
use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use std::net::{IpAddr, Ipv6Addr};
use tower::ServiceExt;

/// The client address background renders count against: one no visitor has (`::`).
pub const REFRESH_CLIENT: IpAddr = IpAddr::V6(Ipv6Addr::UNSPECIFIED);

/// Runs until the process ends: looks for a new content generation, or a page's clock passed, every half watcher
/// interval, then renders the stale pages again through `routes` (the web router, whose page handler keeps them).
pub async fn run(state: AppState, renderer: PageRenderer, routes: Router) {
    let mut seen = state.content.get();
    let mut tick = tokio::time::interval(std::time::Duration::from_millis(SEARCH_WATCH_INTERVAL_MS / 2));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let now = state.content.get();
        if now == seen && !renderer.clock_passed() {
            continue;
        }
        seen = now;
        for key in renderer.stale(&state, PAGE_REFRESH_MAX) {
            // A newer change: the next round picks the pages again.
            if state.content.get() != now {
                break;
            }
            let request = Request::get(&key.url)
                .header(header::COOKIE, format!("{LANGUAGE_COOKIE_NAME}={}", key.language))
                .extension(crate::rate_limit::ClientAddr(REFRESH_CLIENT))
                .body(Body::empty());
            let Ok(request) = request else { continue };
            if let Err(err) = routes.clone().oneshot(request).await {
                tracing::warn!(%err, url = %crate::log::url(&key.url), "a changed page was not rendered again");
            }
        }
    }
}
