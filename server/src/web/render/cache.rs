//! Rendered pages kept in memory (issue 22): a public page is the same for every visitor in one language, so it is
//! rendered once and served from here, the whole HTML document with its head, within its share of `VITRINA_CACHE_MB`.
//! Visitors asking for a page that is being rendered wait for that render rather than starting their own.
//!
//! A page is kept until something it shows changes (issue 39), not for a fixed time: it records the tags of what its
//! render read (`domain::changes`), and a change of the shop's content ([`ContentGeneration`]) that names one of them
//! forgets it, checked when the page is next asked for. A page showing a store's hours is kept until the next minute
//! at which a store opens, closes or starts a new day.
//!
//! [`ContentGeneration`]: crate::state::ContentGeneration

use super::disk::{DiskPages, Freshness};
use super::page::{Page, PageKey, Stored};
use crate::state::{CacheFill, ContentGeneration, RenderStats};
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// A page just rendered, with what it read: the tags of its API answers, and when the clock alone changes it.
#[derive(Debug, Clone)]
pub struct Fresh {
    pub page: Page,
    pub tags: Vec<String>,
    pub expires: Option<Instant>,
}

/// A page kept, with the generation up to which it is known to be current.
#[derive(Debug)]
struct Kept {
    page: Stored,
    tags: Box<[String]>,
    expires: Option<Instant>,
    /// The content generation its render started in, then the last one a read found it current in.
    checked: AtomicU64,
    /// When a visitor last had it, ms since the process started ([`since_start_ms`]).
    last_read: AtomicU64,
}

/// The instant [`since_start_ms`] counts from: the first call in this process.
static START: std::sync::LazyLock<Instant> = std::sync::LazyLock::new(Instant::now);

/// Milliseconds since the first call in this process.
fn since_start_ms() -> u64 {
    ms_since_start(Instant::now())
}

/// `at` as milliseconds since [`START`] (0 before it).
fn ms_since_start(at: Instant) -> u64 {
    u64::try_from(at.saturating_duration_since(*START).as_millis()).unwrap_or(u64::MAX)
}

impl Kept {
    /// Whether it still shows the content of `content`'s generation now; records that generation when it does.
    fn current(&self, content: &ContentGeneration) -> bool {
        if self.expires.is_some_and(|at| Instant::now() >= at) {
            return false;
        }
        match content.unchanged_since(self.checked.load(Ordering::Acquire), &self.tags) {
            Some(now) => {
                self.checked.fetch_max(now, Ordering::AcqRel);
                true
            }
            None => false,
        }
    }
}

/// The page cache: [`Page`]s by [`PageKey`], each with what it read, in memory and, when given a folder, on disk
/// ([`DiskPages`]). Cheap to clone (one cache inside).
#[derive(Clone)]
pub struct PageCache {
    pages: moka::future::Cache<PageKey, Arc<Kept>>,
    disk: Option<Arc<DiskPages>>,
    /// The soonest clock expiry among the pages kept and not yet past theirs, ms since start ([`ms_since_start`];
    /// `u64::MAX`: none): when it passes, pages are stale without a change of content.
    soonest: Arc<AtomicU64>,
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
            .weigher(|key: &PageKey, kept: &Arc<Kept>| {
                let tags: usize = kept.tags.iter().map(String::len).sum();
                u32::try_from(key.url.len() + kept.page.brotli.len() + tags).unwrap_or(u32::MAX)
            })
            .build();
        Self { pages, disk: None, soonest: Arc::new(AtomicU64::new(u64::MAX)) }
    }

    /// This cache, keeping every page it renders on `disk` too and reading back from there the pages its memory
    /// does not hold (issue 39).
    pub fn with_disk(mut self, disk: Option<Arc<DiskPages>>) -> Self {
        self.disk = disk;
        self
    }

    /// Pages kept and their bytes (as weighed: URL, document and tags), once the cache has counted its pending work;
    /// and on disk.
    pub async fn size(&self) -> CacheFill {
        self.pages.run_pending_tasks().await;
        let (disk_pages, disk_bytes) = self.disk.as_ref().map_or((0, 0), |disk| disk.size());
        CacheFill { pages: self.pages.entry_count(), bytes: self.pages.weighted_size(), disk_pages, disk_bytes }
    }

    /// The page at `key` when the cache holds it and it is current ([`Kept::current`]); a page no longer current is
    /// forgotten, and `stats.invalidated` counts it. A page the memory does not hold is read from disk when kept
    /// there and current (`stats.from_disk` counts it), and kept in memory again.
    pub async fn get(&self, key: &PageKey, content: &ContentGeneration, stats: &RenderStats) -> Option<Stored> {
        let Some(kept) = self.pages.get(key).await else {
            return self.read_disk(key, content, stats).await;
        };
        if kept.current(content) {
            kept.last_read.store(since_start_ms(), Ordering::Relaxed);
            return Some(kept.page.clone());
        }
        self.forget(key, &kept, &stats.invalidated).await;
        None
    }

    /// The page at `key` kept on disk, when it shows the content as it is now; kept in memory again.
    async fn read_disk(&self, key: &PageKey, content: &ContentGeneration, stats: &RenderStats) -> Option<Stored> {
        let disk = self.disk.as_ref()?;
        // Read before the file: a change after it is checked at the next read, as for a page rendered now.
        let (generation, Some(versions)) = content.snapshot() else { return None };
        let found = disk.read(key).await?;
        match disk.current(&found, versions.database).await {
            Freshness::Current => {}
            Freshness::Stale { removed_here } => {
                if removed_here {
                    stats.invalidated.fetch_add(1, Ordering::Relaxed);
                }
                return None;
            }
            Freshness::Unknown => return None,
        }
        let (checked, last_read) = (AtomicU64::new(generation), AtomicU64::new(since_start_ms()));
        let page = found.page.clone();
        let kept = Kept { page: found.page, tags: found.tags.into(), expires: found.expires, checked, last_read };
        self.note_expiry(kept.expires);
        self.pages.insert(key.clone(), Arc::new(kept)).await;
        stats.from_disk.fetch_add(1, Ordering::Relaxed);
        Some(page)
    }

    /// The page at `key`: from the cache while current, or from `render` (which runs once for every request asking
    /// for `key` at the same time), kept when it gives a page. `None` when `render` gives none; nothing is kept then,
    /// and the next request tries again. A page another request was rendering when what it read changed is not
    /// served: it is forgotten and `render` runs again (once; `None` if that too was overtaken).
    pub async fn page<Fut: Future<Output = Option<Fresh>>>(
        &self,
        key: PageKey,
        content: &ContentGeneration,
        stats: &RenderStats,
        render: impl Fn() -> Fut,
    ) -> Option<(Stored, Source)> {
        for _ in 0..2 {
            if let Some(page) = self.get(&key, content, stats).await {
                return Some((page, Source::Cached));
            }
            // Read before the render reads anything: a change after it forgets the page.
            let (since, versions) = content.snapshot();
            let ran = AtomicBool::new(false);
            let kept = self
                .pages
                .optionally_get_with(key.clone(), async {
                    ran.store(true, Ordering::Relaxed);
                    let Fresh { page, tags, expires } = render().await?;
                    let page = Stored::of(&page);
                    if let (Some(disk), Some(versions)) = (&self.disk, versions) {
                        disk.write(&key, &page, &tags, expires, versions.shown);
                    }
                    let (checked, last_read) = (AtomicU64::new(since), AtomicU64::new(since_start_ms()));
                    self.note_expiry(expires);
                    Some(Arc::new(Kept { page, tags: tags.into(), expires, checked, last_read }))
                })
                .await?;
            if ran.load(Ordering::Relaxed) {
                return Some((kept.page.clone(), Source::Rendered));
            }
            if kept.current(content) {
                return Some((kept.page.clone(), Source::Cached));
            }
            self.forget(&key, &kept, &stats.invalidated).await;
        }
        None
    }

    /// Forgets the page at `key` if it is still `kept` (a render that replaced it meanwhile stays), counting it in
    /// `invalidated`, and removes it from disk.
    async fn forget(&self, key: &PageKey, kept: &Arc<Kept>, invalidated: &AtomicU64) {
        use moka::ops::compute::{CompResult, Op};
        let removed = self
            .pages
            .entry_by_ref(key)
            .and_compute_with(|entry| {
                let ours = entry.is_some_and(|entry| Arc::ptr_eq(entry.value(), kept));
                std::future::ready(if ours { Op::Remove } else { Op::Nop })
            })
            .await;
        if matches!(removed, CompResult::Removed(_)) {
            invalidated.fetch_add(1, Ordering::Relaxed);
            // Its copy on disk is as old: nobody is to read it again.
            if let Some(disk) = &self.disk {
                disk.forget(key).await;
            }
        }
    }

    /// A page kept with clock expiry `expires` makes it the soonest when it is.
    fn note_expiry(&self, expires: Option<Instant>) {
        if let Some(at) = expires {
            self.soonest.fetch_min(ms_since_start(at), Ordering::AcqRel);
        }
    }

    /// Whether the clock has passed the expiry of a page kept (issue 39: a store opened or closed): pages are stale
    /// though the content did not change. [`PageCache::stale`] looks for the next one.
    pub fn clock_passed(&self) -> bool {
        self.soonest.load(Ordering::Acquire) <= since_start_ms()
    }

    /// Up to `limit` pages kept that are no longer current (changed, or past their clock), the ones visitors had last
    /// first (issue 39: rendered again in the background, before anyone asks). Notes the soonest clock expiry of the
    /// pages still current ([`PageCache::clock_passed`]).
    pub fn stale(&self, content: &ContentGeneration, limit: usize) -> Vec<PageKey> {
        // A page kept while this looks notes its own expiry on top.
        self.soonest.store(u64::MAX, Ordering::Release);
        let mut soonest = u64::MAX;
        let mut stale: Vec<(u64, PageKey)> = self
            .pages
            .iter()
            .filter(|(_, kept)| {
                let current = kept.current(content);
                if current && let Some(at) = kept.expires {
                    soonest = soonest.min(ms_since_start(at));
                }
                !current
            })
            .map(|(key, kept)| (kept.last_read.load(Ordering::Relaxed), (*key).clone()))
            .collect();
        self.soonest.fetch_min(soonest, Ordering::AcqRel);
        stale.sort_by_key(|(read, _)| std::cmp::Reverse(*read));
        stale.into_iter().take(limit).map(|(_, key)| key).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::changes::Changed;
    use axum::http::StatusCode;
    use bytes::Bytes;

    fn key() -> PageKey {
        PageKey::new("/", "ru")
    }

    fn fresh(html: &'static str, tags: &[&str]) -> Option<Fresh> {
        let page = Page { status: StatusCode::OK, document: Bytes::from_static(html.as_bytes()) };
        Some(Fresh { page, tags: tags.iter().map(|t| (*t).to_owned()).collect(), expires: None })
    }

    async fn ask(cache: &PageCache, content: &ContentGeneration, html: &'static str) -> (String, Source) {
        let counter = RenderStats::default();
        let (page, source) =
            cache.page(key(), content, &counter, || async { fresh(html, &["offer:1", "sections"]) }).await.unwrap();
        (String::from_utf8(page.document().unwrap().to_vec()).unwrap(), source)
    }

    #[tokio::test]
    async fn a_page_is_rendered_again_only_when_a_change_names_what_it_read() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        assert_eq!(ask(&cache, &content, "a").await, ("a".into(), Source::Rendered));
        assert_eq!(ask(&cache, &content, "b").await, ("a".into(), Source::Cached));
        content.advance(Changed::of(["offer:2".to_owned(), "section:5".to_owned()]), None);
        assert_eq!(ask(&cache, &content, "c").await, ("a".into(), Source::Cached), "a change it did not read");
        content.advance(Changed::of(["offer:1".to_owned()]), None);
        assert_eq!(ask(&cache, &content, "d").await, ("d".into(), Source::Rendered));
        content.advance(Changed::All, None);
        assert_eq!(ask(&cache, &content, "e").await, ("e".into(), Source::Rendered));
    }

    #[tokio::test]
    async fn a_page_whose_changes_are_forgotten_is_rendered_again() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        ask(&cache, &content, "a").await;
        for _ in 0..=crate::limits::PAGE_CACHE_CHANGES_KEPT {
            content.advance(Changed::of(["offer:2".to_owned()]), None);
        }
        assert_eq!(ask(&cache, &content, "b").await, ("b".into(), Source::Rendered));
    }

    #[tokio::test]
    async fn a_page_rendered_while_its_content_changed_is_not_served() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        // The change lands after the render read its data and before it is kept.
        let render = || async {
            content.advance(Changed::of(["sections".to_owned()]), None);
            fresh("old", &["sections"])
        };
        cache.page(key(), &content, &counter, render).await.unwrap();
        let (page, source) =
            cache.page(key(), &content, &counter, || async { fresh("new", &["sections"]) }).await.unwrap();
        assert_eq!((&page.document().unwrap()[..], source), (&b"new"[..], Source::Rendered));
        assert_eq!(counter.invalidated.load(Ordering::Relaxed), 1, "the page forgotten is counted");
    }

    #[tokio::test]
    async fn a_render_begun_before_a_change_is_not_served_to_a_request_after_it() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        let (started, release) = (tokio::sync::Notify::new(), tokio::sync::Notify::new());
        let first = cache.page(key(), &content, &counter, || async {
            started.notify_one();
            release.notified().await;
            fresh("old", &["sections"])
        });
        let second = async {
            started.notified().await;
            content.advance(Changed::of(["sections".to_owned()]), None);
            cache.page(key(), &content, &counter, || async { fresh("new", &["sections"]) }).await
        };
        let unblock = async {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            release.notify_one();
        };
        let (first, second, ()) = tokio::join!(first, second, unblock);
        assert_eq!(&first.unwrap().0.document().unwrap()[..], b"old", "the request that rendered it has it");
        let (page, source) = second.unwrap();
        assert_eq!((&page.document().unwrap()[..], source), (&b"new"[..], Source::Rendered));
    }

    #[tokio::test]
    async fn a_page_past_its_clock_is_rendered_again_and_counted() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        let mut first = fresh("a", &[]).unwrap();
        first.expires = Some(Instant::now());
        cache.page(key(), &content, &counter, || async { Some(first.clone()) }).await.unwrap();
        assert!(cache.get(&key(), &content, &counter).await.is_none());
        assert_eq!(counter.invalidated.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn the_clock_passing_a_kept_page_lists_it_stale_once() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        let soon = std::time::Duration::from_millis(50);
        for (url, after) in [("/soon/", soon), ("/later/", soon * 100)] {
            let mut page = fresh("x", &[]).unwrap();
            page.expires = Some(Instant::now() + after);
            cache.page(PageKey::new(url, "ru"), &content, &counter, || async { Some(page.clone()) }).await.unwrap();
        }
        assert!(!cache.clock_passed());
        tokio::time::sleep(soon * 2).await;
        assert!(cache.clock_passed(), "the store's hours on /soon/ moved on");
        let urls: Vec<String> = cache.stale(&content, 10).into_iter().map(|key| key.url).collect();
        assert_eq!(urls, ["/soon/"]);
        assert!(!cache.clock_passed(), "the next is /later/'s");
    }

    #[tokio::test]
    async fn the_stale_pages_visitors_had_last_come_first() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        for (url, tag) in [("/a/", "offer:a"), ("/b/", "offer:b"), ("/c/", "offer:c")] {
            cache.page(PageKey::new(url, "ru"), &content, &counter, || async { fresh("x", &[tag]) }).await.unwrap();
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        cache.get(&PageKey::new("/a/", "ru"), &content, &counter).await.unwrap();
        content.advance(Changed::of(["offer:a".to_owned(), "offer:b".to_owned()]), None);
        let urls: Vec<String> = cache.stale(&content, 10).into_iter().map(|key| key.url).collect();
        assert_eq!(urls, ["/a/", "/b/"]);
        assert_eq!(cache.stale(&content, 1).len(), 1);
    }

    #[tokio::test]
    async fn a_page_that_did_not_render_is_not_kept() {
        let (cache, content) = (PageCache::default(), ContentGeneration::default());
        let counter = RenderStats::default();
        assert!(cache.page(key(), &content, &counter, || async { None }).await.is_none());
        assert_eq!(ask(&cache, &content, "a").await, ("a".into(), Source::Rendered));
    }
}
