//! What every handler shares. Cheap to clone.

use crate::db::Db;
use crate::db::shop::ContentVersion;
use crate::domain::changes::Changed;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

/// Shared application state: the database pool, the search engine, the catalogue cache, the settings, the notification mailer,
/// the per-address rate limiters, the content generation and the render counters.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub search: Arc<crate::search::engine::SearchEngine>,
    /// Offers by id and the section tree, emptied after each import (the catalogue service's cache).
    pub catalog: Arc<crate::catalog::CatalogCache>,
    pub settings: Arc<Settings>,
    pub mailer: Arc<crate::mail::Mailer>,
    pub limiters: Arc<crate::rate_limit::RateLimiters>,
    /// Moves whenever what the public pages show has changed (the page cache keys on it).
    pub content: Arc<ContentGeneration>,
    /// Counters of the server renders (issue 22), read by `GET /api/health/render`.
    pub render: Arc<RenderStats>,
    /// The shop's own pictures (issue 24), served by `web::pictures`.
    pub pictures: crate::pictures::PictureStore,
    /// Derivatives made on request (a missing one, e.g. an AVIF not made yet) at once, at most.
    pub picture_derives: Arc<tokio::sync::Semaphore>,
    /// rav1e's speed for AVIF derivatives made on request (`--pictures-avif-speed`).
    pub picture_avif_speed: u8,
    /// The picture version the public pages show (moved by the catalogue watcher), read by `GET /api/health/pictures`.
    pub pictures_shown: Arc<PicturesShown>,
    /// 1C's exchange (issue 38).
    pub exchange: Arc<crate::exchange::Exchange>,
}

/// The picture version (`picture_version` in the database) the cached offers and rendered pages show: the catalogue
/// watcher moves it to the database's after an import, or at most every `--pictures-show-interval-ms` while
/// pictures become ready (`startup::PictureShowing`). -1 until the watcher's first look.
#[derive(Debug)]
pub struct PicturesShown(AtomicI64);

impl Default for PicturesShown {
    fn default() -> Self {
        PicturesShown(AtomicI64::new(-1))
    }
}

impl PicturesShown {
    /// The version shown.
    pub fn get(&self) -> i64 {
        self.0.load(Ordering::Acquire)
    }

    /// The pages now show `version`.
    pub fn set(&self, version: i64) {
        self.0.store(version, Ordering::Release);
    }
}

/// How many times the shop has seen its public content change since the start: an import, a menu, the stores, a
/// published review (`content_version` in the database, watched by `startup`), and what each change named (issue 39,
/// [`Changed`]). Whatever keeps something derived from all of that content (the sitemap) keys it on
/// [`ContentGeneration::get`]; the page cache keeps each page until a change names what it read
/// ([`ContentGeneration::unchanged_since`]).
#[derive(Debug, Default)]
pub struct ContentGeneration {
    generation: AtomicU64,
    /// The last changes and the database's version now.
    log: std::sync::Mutex<ChangeLog>,
}

/// What [`ContentGeneration`] remembers under its lock.
#[derive(Debug, Default)]
struct ChangeLog {
    /// The last changes, `(generation it moved to, what it named)`, oldest first: at most
    /// [`PAGE_CACHE_CHANGES_KEPT`](crate::limits::PAGE_CACHE_CHANGES_KEPT).
    changes: std::collections::VecDeque<(u64, Arc<Changed>)>,
    /// What the current generation shows; `None` while unknown (a start without a kept index).
    versions: Option<Versions>,
}

/// The content versions of a generation (issue 39): what its pages show, and what the database holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    /// What a page rendered now shows, at the oldest: the database's version, with the import and synonyms of the
    /// search index in use when that is older (after a start, until the catalogue watcher's first look builds it).
    pub shown: ContentVersion,
    /// The database's version: a page kept on disk is current when nothing changed between its own and this.
    pub database: ContentVersion,
}

impl ContentGeneration {
    /// The current generation.
    pub fn get(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The current generation with its versions (`None` while unknown), read together: a page rendered now is
    /// kept on disk as showing `shown` (issue 39).
    pub fn snapshot(&self) -> (u64, Option<Versions>) {
        let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        (self.get(), log.versions)
    }

    /// At start: the pages show `versions`.
    pub fn start(&self, versions: Versions) {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).versions = Some(versions);
    }

    /// The content has changed, as `changed` names, to the database's `version` (pages show it whole from now):
    /// entries keyed on an older generation are not read again.
    pub fn advance(&self, changed: Changed, version: Option<ContentVersion>) {
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        let generation = self.generation.fetch_add(1, Ordering::AcqRel) + 1;
        log.changes.push_back((generation, Arc::new(changed)));
        log.versions = version.map(|v| Versions { shown: v, database: v });
        while log.changes.len() > crate::limits::PAGE_CACHE_CHANGES_KEPT {
            log.changes.pop_front();
        }
    }

    /// The generation now when no change after generation `since` names any of `tags`; `None` when one does, or when
    /// the changes since are no longer all remembered.
    pub fn unchanged_since(&self, since: u64, tags: &[String]) -> Option<u64> {
        // Every cached page's read passes here: no lock while nothing changed since.
        if self.get() == since {
            return Some(since);
        }
        let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        let (changes, now) = (&log.changes, self.get());
        // Generations are consecutive: the change to `since + 1` must still be kept.
        if changes.front().is_none_or(|(first, _)| *first > since + 1) {
            return None;
        }
        let hit = changes.iter().filter(|(at, _)| *at > since).any(|(_, c)| c.hits(tags.iter().map(String::as_str)));
        (!hit).then_some(now)
    }
}

/// Counters of the server renders since the start (issue 22 "failure never shows"): `GET /api/health/render` gives
/// them, and every fallback's warning in the log carries them.
#[derive(Debug, Default)]
pub struct RenderStats {
    /// Pages are rendered on the server (`VITRINA_RENDER=on` and the binary carries a server bundle that starts).
    pub enabled: AtomicBool,
    /// Render runtimes started since the start: one per render thread once it has loaded the bundle, and one more
    /// each time a failed render's runtime is replaced (issue 39). Readiness waits for the first.
    pub runtimes: AtomicU64,
    /// Pages rendered.
    pub rendered: AtomicU64,
    /// Pages answered from the page cache, without a render.
    pub cached: AtomicU64,
    /// Renders that failed (a thrown error, the memory limit, or the time limit `RENDER_LIMIT_MS`); their pages went
    /// out as the shell.
    pub failed: AtomicU64,
    /// Pages answered with the shell because their render was not done within the visitor's budget
    /// (`VITRINA_RENDER_BUDGET_MS`); the render went on into the page cache.
    pub timed_out: AtomicU64,
    /// Pages answered with the shell because every render thread was busy.
    pub busy: AtomicU64,
    /// Pages the cache forgot because something they show changed (an import, an edit) or the clock moved past a
    /// store's hours they show (issue 39).
    pub invalidated: AtomicU64,
    /// Pages answered with the shell because their client had its share of renders under way for the whole budget
    /// (`VITRINA_RENDER_SHARE`, issue 34).
    pub throttled: AtomicU64,
    /// Pages the page cache read back from disk (kept by this process or one before it) and served (issue 39); they
    /// count in `cached` too.
    pub from_disk: AtomicU64,
    /// What the page cache holds now (issue 39): set by the renderer, which owns the cache.
    pub cache_size: std::sync::OnceLock<CacheSize>,
}

/// What the page cache holds: in memory and on disk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheFill {
    /// Pages in memory and their bytes (URL, document and tags).
    pub pages: u64,
    pub bytes: u64,
    /// Pages kept on disk and their files' bytes, about (`VITRINA_PAGE_DISK_MB`).
    pub disk_pages: u64,
    pub disk_bytes: u64,
}

/// Reads the page cache's size, once the cache has counted what it was doing.
pub struct CacheSize(pub Box<dyn Fn() -> futures::future::BoxFuture<'static, CacheFill> + Send + Sync>);

impl std::fmt::Debug for CacheSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CacheSize")
    }
}

impl RenderStats {
    /// Adds one to `counter`.
    pub fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The value of `counter`.
    pub fn read(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// Whether a page asked for now can be rendered on the server, or will not be in any case: a render runtime has
    /// started, or pages are not rendered (`VITRINA_RENDER=off`, no server bundle, or one that does not start).
    /// `false` only in the second or so after a start while the runtimes load the bundle (readiness, issue 39).
    pub fn settled(&self) -> bool {
        !self.enabled.load(Ordering::Relaxed) || Self::read(&self.runtimes) > 0
    }
}

/// Settings the handlers need (from [`crate::config`]).
#[derive(Debug, Clone)]
pub struct Settings {
    /// The shop's public origin without a trailing slash (`https://shop.example`): canonical links, the sitemap,
    /// Open Graph URLs.
    pub public_url: String,
    /// `RIGHT` or `PAGE` (`VITRINA_BASKET_VIEW`; issue 6), sent to the front-end in `GET /api/session`.
    pub basket_view: crate::config::BasketView,
    /// The store maps' tiles (`VITRINA_MAP_TILES`, `VITRINA_MAP_ATTRIBUTION`; issue 8); `None`: no tiles.
    pub map_tiles: Option<MapTiles>,
    /// Shoppers' reviews are published at once (`VITRINA_REVIEWS_AUTOPUBLISH`), not after moderation.
    pub reviews_autopublish: bool,
    /// The token that opens the operator's counters (`GET /api/health/render`, `/pictures`) to clients beyond
    /// loopback (`VITRINA_HEALTH_TOKEN`, issue 34); `None`: loopback only.
    pub health_token: Option<String>,
}

impl Settings {
    /// Whether the shop is served over https (its public URL says so): cookies are then `Secure`.
    pub fn https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// Where the store maps take their tiles from, sent to the front-end in `GET /api/session`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct MapTiles {
    /// Leaflet's tile URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
    pub url: String,
    /// Shown in the map's corner.
    pub attribution: String,
}
