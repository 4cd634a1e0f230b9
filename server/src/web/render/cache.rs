//! Rendered pages kept in memory (issue 22): a public page is the same for every visitor in one language, so it is
//! rendered once and served from here, the whole HTML document with its head, until the shop's content changes
//! ([`ContentGeneration`]), for at most [`PAGE_CACHE_TTL_S`] s, within its share of `VITRINA_CACHE_MB`. Visitors asking
//! for a page that is being rendered wait for that render rather than starting their own.
//!
//! [`ContentGeneration`]: crate::state::ContentGeneration

use crate::limits::PAGE_CACHE_TTL_S;
use axum::http::StatusCode;
use bytes::Bytes;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What a rendered page depends on: the content generation it was rendered in, its URL (path and query) and its
/// language. Nothing else of the request reaches a render (a visitor's own data is asked for after hydration).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub generation: u64,
    pub url: String,
    pub language: &'static str,
}

impl PageKey {
    /// The key of the page at `url` in `language` for the shop's content as it is now.
    pub fn now(state: &crate::state::AppState, url: &str, language: &'static str) -> Self {
        PageKey { generation: state.content.get(), url: url.to_owned(), language }
    }
}

/// A rendered page as it goes out: its HTTP status (200, or 404 for a "not found" page) and its HTML document.
#[derive(Debug, Clone)]
pub struct Page {
    pub status: StatusCode,
    pub document: Bytes,
}

/// The page cache: [`Page`]s by [`PageKey`]. Cheap to clone (one cache inside).
#[derive(Clone)]
pub struct PageCache {
    pages: moka::future::Cache<PageKey, Page>,
}

/// Where a page came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// This request rendered it.
    Rendered,
    /// The cache had it, or another request rendered it meanwhile.
    Cached,
}

impl Default for PageCache {
    fn default() -> Self {
        Self::with_bytes(crate::limits::CacheBudget::default().pages)
    }
}

impl PageCache {
    /// A cache keeping at most `bytes` of pages (`VITRINA_CACHE_MB`'s share, issue 39).
    pub fn with_bytes(bytes: u64) -> Self {
        let pages = moka::future::Cache::builder()
            .max_capacity(bytes)
            .weigher(|key: &PageKey, page: &Page| {
                u32::try_from(key.url.len() + page.document.len()).unwrap_or(u32::MAX)
            })
            .time_to_live(Duration::from_secs(PAGE_CACHE_TTL_S))
            .build();
        Self { pages }
    }

    /// Pages kept and their bytes (as weighed: URL and document), once the cache has counted its pending work.
    pub async fn size(&self) -> (u64, u64) {
        self.pages.run_pending_tasks().await;
        (self.pages.entry_count(), self.pages.weighted_size())
    }

    /// The page at `key` when the cache holds it.
    pub async fn get(&self, key: &PageKey) -> Option<Page> {
        self.pages.get(key).await
    }

    /// The page at `key`: from the cache, or from `render` (which runs once for every request asking for `key` at
    /// the same time), kept when it gives a page. `None` when `render` gives none; nothing is kept then, and the
    /// next request tries again.
    pub async fn page(&self, key: PageKey, render: impl Future<Output = Option<Page>>) -> Option<(Page, Source)> {
        let ran = AtomicBool::new(false);
        let page = self
            .pages
            .optionally_get_with(key, async {
                ran.store(true, Ordering::Relaxed);
                render.await
            })
            .await?;
        let source = if ran.load(Ordering::Relaxed) { Source::Rendered } else { Source::Cached };
        Some((page, source))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(generation: u64) -> PageKey {
        PageKey { generation, url: "/".into(), language: "ru" }
    }

    fn page(html: &'static str) -> Page {
        Page { status: StatusCode::OK, document: Bytes::from_static(html.as_bytes()) }
    }

    #[tokio::test]
    async fn a_page_is_rendered_once_per_generation() {
        let cache = PageCache::default();
        let (first, source) = cache.page(key(0), async { Some(page("a")) }).await.unwrap();
        assert_eq!((&first.document[..], source), (&b"a"[..], Source::Rendered));
        let (again, source) = cache.page(key(0), async { Some(page("b")) }).await.unwrap();
        assert_eq!((&again.document[..], source), (&b"a"[..], Source::Cached));
        let (next, source) = cache.page(key(1), async { Some(page("c")) }).await.unwrap();
        assert_eq!((&next.document[..], source), (&b"c"[..], Source::Rendered));
    }

    #[tokio::test]
    async fn a_page_that_did_not_render_is_not_kept() {
        let cache = PageCache::default();
        assert!(cache.page(key(0), async { None }).await.is_none());
        let (page, source) = cache.page(key(0), async { Some(page("a")) }).await.unwrap();
        assert_eq!((&page.document[..], source), (&b"a"[..], Source::Rendered));
    }
}
