//! Builds the application (database, state, routes, middleware), binds and serves with graceful shutdown.

use crate::config::ServeArgs;
use crate::state::{AppState, Settings};
use crate::{api, db, feeds, limits, security, session, web};
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// A bound, ready-to-run shop.
pub struct Application {
    listener: TcpListener,
    router: Router,
    connections: crate::serve::ConnectionLimits,
}

/// The whole route table with middleware: API, then the web front-end; the visitor session, its upkeep (the
/// account's stamp checked, the cookie's life; issue 7) and its CSRF check on state-changing `/api` requests
/// (issue 5), gzip/brotli compression, one tracing span per request, and the request time-out of spec §9.
/// Outermost come the request limits and security headers of issue 9 ([`security`]): a request too large is refused
/// before the session is loaded, and every answer, errors included, carries the headers. `trusted_proxies`: the
/// reverse proxies whose `X-Forwarded-For` names the client (`rate_limit::resolve_client`).
pub fn app(state: AppState, trusted_proxies: Vec<std::net::IpAddr>, renderer: web::render::PageRenderer) -> Router {
    let sessions = session::layer(state.db.clone(), state.settings.https());
    api::router(state.clone())
        .merge(web::exchange::router(state.clone()))
        .merge(web::router(state.clone(), renderer))
        .layer(axum::extract::DefaultBodyLimit::max(limits::REQUEST_BODY_MAX_BYTES))
        .layer(axum::middleware::from_fn(session::require_csrf))
        .layer(axum::middleware::from_fn_with_state(state, session::keep_session))
        .layer(sessions)
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::GATEWAY_TIMEOUT, limits::REQUEST_TIMEOUT))
        .layer(axum::middleware::from_fn_with_state(Arc::new(trusted_proxies), crate::rate_limit::resolve_client))
        .layer(axum::middleware::from_fn(security::limit_request))
        .layer(axum::middleware::from_fn_with_state(content_security_policy(), security::security_headers))
        .layer(TraceLayer::new_for_http())
}

/// The pages' Content-Security-Policy, allowing the build's own inline scripts by their hashes.
fn content_security_policy() -> axum::http::HeaderValue {
    let policy = security::content_security_policy(&web::inline_script_hashes());
    axum::http::HeaderValue::from_str(&policy).expect("the policy is ASCII")
}

/// Render threads: one per core, as the async workers (issue 22).
fn render_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

impl Application {
    /// Opens and migrates the database, seeds the demo catalogue into an empty one, and binds `args.addr`
    /// (port 0 picks a free port: see [`Application::addr`]).
    pub async fn build(args: &ServeArgs) -> anyhow::Result<Self> {
        crate::pictures::fetch::install_crypto_provider();
        let pool = db::connect(&args.db.db).await?;
        feeds::seed_demo_if_empty(&pool).await?;
        // A database from before issue 39 has no planner statistics until its next import: make them now, aside.
        let stats_pool = pool.clone();
        tokio::spawn(async move {
            if let Err(err) = crate::db::refresh_statistics(&stats_pool).await {
                tracing::warn!(%err, "the database's statistics were not refreshed at start");
            }
        });
        db::menus::ensure_top(&pool).await?;
        db::forms::ensure_defaults(&pool).await?;
        db::stores::ensure_defaults(&pool).await?;
        db::locations::ensure_defaults(&pool).await?;
        let filled = db::orders::backfill_search_text(&pool).await?;
        if filled > 0 {
            tracing::info!(orders = filled, "the back office's search text filled for orders placed before it");
        }
        let mail = &args.mail;
        let mailer = Arc::new(crate::mail::Mailer::new(
            mail.smtp_url.as_deref(),
            &mail.mail_from,
            mail.notify_email.as_deref(),
            mail.retry(),
        )?);
        tokio::spawn(mailer.clone().run_outbox(pool.clone()));
        let limiters = Arc::new(crate::rate_limit::RateLimiters::new(
            &pool,
            crate::rate_limit::Allowances {
                form_burst: args.form_rate_burst,
                login_attempts: args.login_attempts,
                orders_per_address: args.orders_per_address,
                orders_per_session: args.orders_per_session,
            },
        ));
        limiters.spawn_cleaner();
        let listener = TcpListener::bind(args.addr).await?;
        let addr = listener.local_addr()?;
        let public_url = args.public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
        let map_tiles = (!args.map_tiles.trim().is_empty()).then(|| crate::state::MapTiles {
            url: args.map_tiles.trim().to_owned(),
            attribution: args.map_attribution.clone(),
        });
        let settings = Settings {
            public_url: public_url.trim_end_matches('/').to_owned(),
            basket_view: args.basket_view,
            map_tiles,
            reviews_autopublish: args.reviews_autopublish,
            health_token: args.health_token.clone().filter(|token| !token.is_empty()),
        };
        // The first index builds in the background: the shop serves meanwhile (search answers "nothing found").
        let facet_settings = crate::facets::FacetSettings {
            min_share_percent: args.facet_min_share,
            order: args.facet_order.iter().map(|name| name.trim().to_owned()).filter(|n| !n.is_empty()).collect(),
        };
        // What a rendered page shows beside the content: a page kept on disk under other settings is not served.
        let page_settings = format!("{settings:?} {facet_settings:?}");
        let search = Arc::new(
            crate::search::engine::SearchEngine::new()?
                .with_facet_settings(facet_settings)
                .with_facet_exact_matches(args.facet_exact_matches)
                .with_store(args.index_store()?)
                .with_cache_budget(args.cache_budget()),
        );
        // The indexes kept on disk answer from the first request (issue 39); the watcher's first look builds anew
        // when they show an older catalogue or none is kept.
        search.open_stored(|import| crate::db::search::import_finished_at(&pool, import)).await;
        let catalog = Arc::new(crate::catalog::CatalogCache::with_bytes(args.cache_budget().offers));
        let content = Arc::new(crate::state::ContentGeneration::default());
        // The content the first pages show, known before any is served, so pages kept on disk are checked against it
        // from the first request (issue 39); the watcher advances from it. Until its first look, pages read the index
        // kept on disk: they show its import and synonyms (older than the database's after an import while the shop
        // was down; the first look names what changed since), while a page kept on disk is checked against the
        // database's. Without an index, pages are neither read from disk nor kept there, and the first look forgets
        // them all.
        let database = db::shop::content_version(&pool).await?;
        let start = search.shown().map(|(last_import, synonyms)| db::shop::ContentVersion {
            last_import,
            synonyms,
            ..database
        });
        if let Some(shown) = start {
            content.start(crate::state::Versions { shown, database });
        }
        let pictures = args.pictures.store(&args.db)?;
        let worker = if args.pictures.pictures_worker {
            let worker = crate::pictures::PictureWorker::new(pool.clone(), pictures.clone(), args.pictures.worker())?;
            tokio::spawn(worker.clone().run(crate::pictures::RunMode::Serve));
            Some(worker)
        } else {
            None
        };
        let pictures_shown = Arc::new(crate::state::PicturesShown::default());
        let showing = PictureShowing::new(std::time::Duration::from_millis(args.pictures.pictures_show_interval_ms));
        spawn_catalogue_watcher(
            pool.clone(),
            search.clone(),
            catalog.clone(),
            (content.clone(), start),
            worker,
            (showing, pictures_shown.clone()),
        );
        spawn_sweeper(pool.clone());
        let render = Arc::new(crate::state::RenderStats::default());
        // Pages kept across restarts (issue 39): a folder that cannot be used costs the shop its restarts' renders only.
        let page_disk = match args.page_disk().filter(|_| args.render == crate::config::RenderMode::On) {
            Some((dir, budget)) => web::render::disk::DiskPages::open(dir, budget, pool.clone(), &page_settings)
                .await
                .inspect_err(|err| tracing::warn!(err = format!("{err:#}"), "rendered pages are not kept on disk"))
                .ok(),
            None => None,
        };
        let exchange =
            crate::exchange::Exchange::new(args.exchange.settings(&args.db)?, pool.clone(), pictures.clone());
        let state = AppState {
            db: pool,
            search,
            catalog,
            settings: Arc::new(settings),
            mailer,
            limiters,
            content,
            render: render.clone(),
            pictures,
            picture_derives: Arc::new(tokio::sync::Semaphore::new(1)),
            picture_avif_speed: args.pictures.pictures_avif_speed,
            pictures_shown,
            exchange,
        };
        let connections = crate::serve::ConnectionLimits::fitted(
            std::time::Duration::from_secs(args.idle_timeout),
            args.max_connections,
        );
        let renderer = match args.render {
            crate::config::RenderMode::Off => web::render::PageRenderer::default(),
            crate::config::RenderMode::On => web::render::PageRenderer::start(
                web::render::PoolSettings {
                    threads: render_threads(),
                    queue: render_threads() * limits::RENDER_QUEUE_PER_THREAD,
                    memory_bytes: limits::RENDER_MEMORY_BYTES,
                    limit: std::time::Duration::from_millis(args.render_budget_ms.max(limits::RENDER_LIMIT_MS)),
                },
                std::time::Duration::from_millis(args.render_budget_ms),
                args.render_share,
                (args.cache_budget().pages, page_disk),
                render,
            )
            .with_fault(args.render_fault.clone()),
        };
        Ok(Self { listener, router: app(state, args.trusted_proxies.clone(), renderer), connections })
    }

    /// The address actually bound.
    pub fn addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests under way ([`crate::serve::serve`]: time-outs
    /// and a connection cap).
    pub async fn run(self) -> std::io::Result<()> {
        crate::serve::serve(self.listener, self.router, self.connections, shutdown_signal()).await
    }
}

/// Watches the database for changes made by this process or another (`vitrina import`, `vitrina menu import`, `vitrina
/// stores import`, `vitrina reviews publish` run beside the shop), every
/// [`SEARCH_WATCH_INTERVAL_MS`](crate::limits::SEARCH_WATCH_INTERVAL_MS):
/// - after an import, and at start when the indexes kept on disk (opened before it starts, issue 39) show an older
///   catalogue or none is kept, it builds them
///   and empties the catalogue cache, so pages and answers read the imported offers and sections; after `vitrina
///   synonyms import` or `reset` it builds the index too;
/// - after an import, it wakes the picture worker (when this process runs one), which sweeps and fetches;
/// - after a picture became ready (`picture_version`), it empties the catalogue cache: offers name their pictures.
///   While pictures keep becoming ready (a long fetch), at most every `--pictures-show-interval-ms`
///   ([`PictureShowing`]), and it records the version the pages show in `shown`;
/// - after any change of what the public pages show (an import, `content_version`, or pictures shown), it advances
///   the content generation with what changed ([`crate::catalog::changes::between`]: the tags the imports recorded,
///   issue 39), so the rendered pages that show it are not served again and the others are;
/// - at its first look, when no index was kept, it advances with everything: the pages rendered since the start read
///   none; when one was, with what changed since the catalogue it shows;
/// - last, it records the import the indexes show (`indexedImport`): by then the import has reached every page.
///
/// Runs until the process ends; a failed build is logged and retried at the next change.
fn spawn_catalogue_watcher(
    pool: crate::db::Db,
    search: Arc<crate::search::engine::SearchEngine>,
    catalog: Arc<crate::catalog::CatalogCache>,
    (content, start): (Arc<crate::state::ContentGeneration>, Option<crate::db::shop::ContentVersion>),
    worker: Option<Arc<crate::pictures::PictureWorker>>,
    (mut showing, shown): (PictureShowing, Arc<crate::state::PicturesShown>),
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        // What the catalogue cache and the rendered pages were last made for (with the pictures shown, not the
        // newest): the catalogue cache holds its import and pictures. Pages are rendered from `start` until the first
        // look (`None`: from no index).
        let mut seen = start;
        let mut first = true;
        let period = std::time::Duration::from_millis(crate::limits::SEARCH_WATCH_INTERVAL_MS);
        let mut interval = tokio::time::interval(period);
        // On PostgreSQL, another instance's (or the CLI's) change wakes the watcher at once; the interval stays the
        // safety net.
        let mut listener = crate::db::ContentListener::new(&pool).await;
        loop {
            tokio::select! {
                _ = interval.tick() => {}
                () = listener.changed() => {}
            }
            let now = match crate::db::shop::content_version(&pool).await {
                Ok(now) => now,
                Err(err) => {
                    tracing::warn!(%err, "the catalogue watcher cannot read the content version");
                    continue;
                }
            };
            // Told once the pages have moved on too (`indexedImport`: the import has reached the shoppers).
            let mut indexed = None;
            if !search.shows(now.last_import, now.synonyms) {
                let built = async {
                    let stamp = crate::db::search::import_finished_at(&pool, now.last_import).await?;
                    search.refresh(&pool, search.version_of(now.last_import, stamp, now.synonyms)).await
                };
                match built.await {
                    Ok(_) => indexed = Some(now.last_import),
                    Err(err) => tracing::error!(err = format!("{err:#}"), "search index build failed"),
                }
            }
            // Synonyms change the index only; an import changes the offers too, and a picture made ready the offers
            // that name it (once it is due to show).
            let imported = seen.is_none_or(|seen| seen.last_import != now.last_import);
            let now = crate::db::shop::ContentVersion {
                pictures: showing.show(now.pictures, imported, std::time::Instant::now()),
                ..now
            };
            if first || seen.is_none_or(|seen| (seen.last_import, seen.pictures) != (now.last_import, now.pictures)) {
                catalog.clear();
            }
            // The search answers kept name the pictures shown when they were made (their cards' pictures are read
            // from the catalogue cache just cleared).
            if seen.is_some_and(|seen| seen.pictures != now.pictures) {
                search.forget_answers();
            }
            // An import (this process's or another's) names new pictures, and may leave copies unused.
            if let Some(worker) = &worker
                && imported
                && !first
            {
                worker.wake_after_import();
            }
            // After the index and the offers: a page rendered in the new generation reads both as they are now.
            match seen {
                // The pages rendered since the start read no index.
                None => content.advance(crate::domain::changes::Changed::All, Some(now)),
                Some(seen) if seen != now => {
                    let changed = crate::catalog::changes::between(&pool, seen, now).await.unwrap_or_else(|err| {
                        tracing::warn!(%err, "what an import changed cannot be read: every page is rendered again");
                        crate::domain::changes::Changed::All
                    });
                    content.advance(changed, Some(now));
                }
                Some(_) => {}
            }
            shown.set(now.pictures);
            if let Some(import) = indexed {
                search.mark_indexed(import);
            }
            (seen, first) = (Some(now), false);
        }
    })
}

/// Which picture version the pages show (`picture_version`; the catalogue watcher asks once a look): a change is
/// shown at once after an import (the pages are rebuilt anyway) or when the last one shown is `interval` old, else
/// it waits until it is. So a picture made ready after a quiet spell shows within the watcher's second, and a fetch
/// that makes pictures ready every second forgets the cached pages once per `interval`, not once per second.
#[derive(Debug)]
pub struct PictureShowing {
    interval: std::time::Duration,
    /// The version shown, and when it was first shown.
    shown: Option<(i64, std::time::Instant)>,
}

impl PictureShowing {
    /// Nothing shown yet; changes at most every `interval`.
    pub fn new(interval: std::time::Duration) -> Self {
        PictureShowing { interval, shown: None }
    }

    /// The version to show at `now`, given the database's `current` and whether an import was seen since the last
    /// look (`imported`).
    pub fn show(&mut self, current: i64, imported: bool, now: std::time::Instant) -> i64 {
        match self.shown {
            Some((version, _)) if version == current => version,
            Some((version, at)) if !imported && now.saturating_duration_since(at) < self.interval => version,
            _ => {
                self.shown = Some((current, now));
                current
            }
        }
    }
}

/// What one sweep removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    /// Sessions (shoppers' and staff's) past their expiry.
    pub sessions: u64,
    /// Captchas past their ten minutes.
    pub captchas: u64,
}

/// Removes expired sessions and void captchas (issue 20: expired session rows were never deleted, so the table
/// grew with every visitor who ever came).
pub async fn sweep_expired(pool: &crate::db::Db) -> sqlx::Result<Swept> {
    let sessions = crate::db::sessions::DbSessionStore::new(pool.clone()).delete_expired().await?
        + crate::db::sessions::DbSessionStore::staff(pool.clone()).delete_expired().await?;
    let captchas = db::forms::delete_void_captchas(pool).await?;
    Ok(Swept { sessions, captchas })
}

/// Runs [`sweep_expired`] every [`limits::SWEEP_INTERVAL`], the first time one interval after start; a failure is
/// logged and the next sweep tries again.
fn spawn_sweeper(pool: crate::db::Db) {
    tokio::spawn(async move {
        // The first sweep waits one interval: at start the shop has better things to write (the demo catalogue, the
        // first import's readers).
        let first = tokio::time::Instant::now() + limits::SWEEP_INTERVAL;
        let mut every = tokio::time::interval_at(first, limits::SWEEP_INTERVAL);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            match sweep_expired(&pool).await {
                Ok(swept) => {
                    tracing::debug!(sessions = swept.sessions, captchas = swept.captchas, "expired rows swept")
                }
                Err(e) => tracing::warn!(error = %e, "sweeping expired rows failed"),
            }
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = terminate => {} }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::PictureShowing;
    use std::time::{Duration, Instant};

    #[test]
    fn pictures_show_at_once_after_a_quiet_spell_and_in_batches_while_they_keep_coming() {
        let start = Instant::now();
        let at = |ms| start + Duration::from_millis(ms);
        let mut showing = PictureShowing::new(Duration::from_millis(10_000));
        assert_eq!(showing.show(0, true, at(0)), 0, "the first look shows what there is");
        // A picture after a quiet spell: at once.
        assert_eq!(showing.show(1, false, at(60_000)), 1);
        // More every second: held until the one shown is 10 s old, then all of them at once.
        assert_eq!(showing.show(2, false, at(61_000)), 1);
        assert_eq!(showing.show(5, false, at(69_999)), 1);
        assert_eq!(showing.show(6, false, at(70_000)), 6);
        assert_eq!(showing.show(7, false, at(71_000)), 6);
        // An import rebuilds the pages anyway: its pictures come with it.
        assert_eq!(showing.show(8, true, at(72_000)), 8);
        assert_eq!(showing.show(8, false, at(73_000)), 8);
    }

    #[test]
    fn an_interval_of_zero_shows_every_picture_at_the_next_look() {
        let now = Instant::now();
        let mut showing = PictureShowing::new(Duration::ZERO);
        assert_eq!(showing.show(3, false, now), 3);
        assert_eq!(showing.show(4, false, now), 4);
    }
}
