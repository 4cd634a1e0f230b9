//! Health for a load balancer or an orchestrator (issue 20): `GET /api/health/live` and `GET /api/health/ready`,
//! public; and the operator's counters (`GET /api/health/render`, issue 22; `GET /api/health/pictures`, issue 24),
//! which answer only the operator ([`operator`], issue 34: a flooder watched its effect on them). None reads or makes
//! a session nor writes anything, so a probe every second costs the shop nothing.

use crate::error::ApiError;
use crate::rate_limit::ClientAddr;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Seconds a load balancer is asked to wait before probing a shop that is not ready again.
const READY_RETRY_AFTER_S: &str = "1";

/// `GET /api/health/live`: `{"status":"live"}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Liveness {
    /// Always `live`.
    pub status: &'static str,
}

/// `GET /api/health/ready`: whether the shop can serve shoppers, and what it waits for.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready`, or `starting` while something below is not.
    pub status: &'static str,
    /// The database answers a query.
    pub database: bool,
    /// The search and facet indexes of the catalogue are built (after a start it takes seconds on a large
    /// catalogue).
    pub search: bool,
    /// Pages can be rendered on the server: a render runtime has loaded the server bundle (about a second after a
    /// start), or pages are not rendered at all (`VITRINA_RENDER=off`, or no bundle that starts). Until then the
    /// first pages would go out as the client-rendered shell, their render budget spent waiting (issue 39).
    pub render: bool,
    /// The import (`vitrina import`'s id) the listings, counts and search answers show: an import has reached the
    /// shoppers once this is its id (within a second or so of its end); -1 before the first build.
    pub indexed_import: i64,
    /// Bytes the facet index holds, about (issue 35).
    pub facet_bytes: u64,
    /// How the search and facet indexes in use came to be (issue 39).
    pub index: IndexHealth,
}

/// How the search and facet indexes in use came to be (issue 39): opened from the folder they are kept in, or built
/// from the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexHealth {
    /// The indexes in use since the start were opened from the disk (`VITRINA_INDEX_DIR`), not built at start.
    pub opened: bool,
    /// Products (a product's variants count once) indexed by this process's builds since its start: 0 after a
    /// restart that opened indexes of the current catalogue.
    pub built_products: u64,
    /// Products changed or added by this process's updates of the indexes after imports (a product taken off is not
    /// counted): an import of one changed price updates one, where a build would index them all.
    pub updated_products: u64,
}

/// `GET /api/health/render`: the server renders since the start (issue 22).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenderHealth {
    /// Pages are rendered on the server (`VITRINA_RENDER=on` and a binary built with the front-end).
    pub enabled: bool,
    /// Pages rendered.
    pub rendered: u64,
    /// Pages served from the page cache without a render.
    pub cached: u64,
    /// Pages sent as the client-rendered shell because their render failed.
    pub failed: u64,
    /// Render runtimes started: one per render thread, and one more each time a failed render's runtime was replaced.
    pub runtimes: u64,
    /// Pages sent as the shell because their render passed its budget (`VITRINA_RENDER_BUDGET_MS`).
    pub timed_out: u64,
    /// Pages sent as the shell because every render thread was busy.
    pub busy: u64,
    /// Pages sent as the shell because their client had its share of renders under way (`VITRINA_RENDER_SHARE`):
    /// a client asking for many uncached pages at once.
    pub throttled: u64,
    /// Pages the cache forgot because something they show changed (an import naming their offers or sections, a menu,
    /// a store, a review), or because a store's hours they show moved on (issue 39).
    pub invalidated: u64,
    /// Share of the pages asked for that came from the page cache, `cached / (cached + rendered)` (0 before any).
    pub hit_rate: f64,
    /// Pages the page cache holds now, about.
    pub cache_pages: u64,
    /// Bytes the page cache holds now (URLs and documents), about; at most `VITRINA_CACHE_MB`'s share.
    pub cache_bytes: u64,
    /// Pages kept on disk across restarts (`VITRINA_PAGE_DIR`), about (issue 39).
    pub disk_pages: u64,
    /// Bytes of the pages kept on disk, about; at most `VITRINA_PAGE_DISK_MB`.
    pub disk_bytes: u64,
    /// Pages served from those kept on disk, still current (after a restart, or pushed out of memory); they count in
    /// `cached` too.
    pub from_disk: u64,
    /// How many changes of the public content (imports, menus, stores, published reviews) the shop has seen since
    /// the start; a change made by the CLI beside it moves this within a second, and pages rendered before it are
    /// not served again.
    pub content_generation: u64,
}

/// Liveness: the process answers HTTP. Always 200; `Cache-Control: no-store`.
#[utoipa::path(get, path = "/api/health/live", tag = "health", responses((status = 200, body = Liveness)))]
pub async fn get_liveness() -> Response {
    ([(header::CACHE_CONTROL, "no-store")], Json(Liveness { status: "live" })).into_response()
}

/// Readiness: 200 `ready` when the database answers (`SELECT 1`), the search index is built and the server renderer
/// has a runtime (or pages are not rendered), else 503 `starting` with `Retry-After: 1` (s) and which of the three is
/// missing. `Cache-Control: no-store`.
#[utoipa::path(get, path = "/api/health/ready", tag = "health",
    responses((status = 200, body = Readiness), (status = 503, body = Readiness)))]
pub async fn get_readiness(State(state): State<AppState>) -> Response {
    let database = crate::db::ping(&state.db).await;
    let search = state.search.is_ready();
    let render = state.render.settled();
    let ready = database && search && render;
    let status = if ready { "ready" } else { "starting" };
    let body = Json(Readiness {
        status,
        database,
        search,
        render,
        indexed_import: state.search.indexed_import(),
        facet_bytes: state.search.facet_bytes(),
        index: {
            let origin = state.search.origin();
            IndexHealth {
                opened: origin.opened,
                built_products: origin.built_products,
                updated_products: origin.updated_products,
            }
        },
    });
    if ready {
        ([(header::CACHE_CONTROL, "no-store")], body).into_response()
    } else {
        let headers = [(header::CACHE_CONTROL, "no-store"), (header::RETRY_AFTER, READY_RETRY_AFTER_S)];
        (StatusCode::SERVICE_UNAVAILABLE, headers, body).into_response()
    }
}

/// Whether the request comes from the shop's operator: a loopback client (the address `VITRINA_TRUSTED_PROXIES`
/// resolves, so a proxy on this machine does not make every visitor one), or one that sends `Authorization: Bearer
/// {VITRINA_HEALTH_TOKEN}`.
fn operator(state: &AppState, client: ClientAddr, headers: &HeaderMap) -> bool {
    if client.0.to_canonical().is_loopback() {
        return true;
    }
    let Some(token) = state.settings.health_token.as_deref() else { return false };
    let sent = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    sent.is_some_and(|sent| crate::session::same(sent.as_bytes(), token.as_bytes()))
}

/// 404 `NOT_FOUND` for whoever is not the operator: the counters are not there for them.
fn not_for_you() -> Response {
    ApiError::not_found("NOT_FOUND", "no such page").into_response()
}

/// The render counters since the start: how many pages were rendered, served from the page cache, or sent as the
/// shell and why. 200 to the operator ([`operator`]), else 404; `Cache-Control: no-store`. Reads no database.
#[utoipa::path(get, path = "/api/health/render", tag = "health",
    responses((status = 200, body = RenderHealth), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_render_health(State(state): State<AppState>, client: ClientAddr, headers: HeaderMap) -> Response {
    if !operator(&state, client, &headers) {
        return not_for_you();
    }
    let stats = &state.render;
    let read = crate::state::RenderStats::read;
    let (rendered, cached) = (read(&stats.rendered), read(&stats.cached));
    let fill = match stats.cache_size.get() {
        Some(size) => (size.0)().await,
        None => crate::state::CacheFill::default(),
    };
    let body = RenderHealth {
        enabled: stats.enabled.load(std::sync::atomic::Ordering::Relaxed),
        rendered,
        cached,
        hit_rate: if rendered + cached == 0 { 0.0 } else { cached as f64 / (rendered + cached) as f64 },
        cache_pages: fill.pages,
        cache_bytes: fill.bytes,
        disk_pages: fill.disk_pages,
        disk_bytes: fill.disk_bytes,
        from_disk: read(&stats.from_disk),
        failed: read(&stats.failed),
        runtimes: read(&stats.runtimes),
        timed_out: read(&stats.timed_out),
        busy: read(&stats.busy),
        throttled: read(&stats.throttled),
        invalidated: read(&stats.invalidated),
        content_generation: state.content.get(),
    };
    ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// `GET /api/health/pictures`: the shop's own pictures by state (issue 24), as `vitrina pictures status` counts them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PictureHealth {
    /// Pictures still to download (new, or waiting for a retry).
    pub pending: u64,
    /// Pictures the shop serves its own copy of.
    pub ready: u64,
    /// Pictures that could not be had (`vitrina pictures status` names the reasons).
    pub failed: u64,
    /// Ready pictures whose AVIF derivatives are still to make (WebP and JPEG are served meanwhile).
    pub avif_pending: u64,
    /// Whether the pages show every ready picture and AVIF. `false` from a picture or an AVIF made until the cached
    /// pages take it up (at most `VITRINA_PICTURES_SHOW_INTERVAL_MS` later, 10 s by default), so most of the time
    /// while a long fetch runs.
    pub shown: bool,
}

/// The pictures by state: how far the background downloads are, and whether the pages show them all yet. 200 to the
/// operator ([`operator`]), else 404; `Cache-Control: no-store`. One `SELECT state, COUNT(*) … GROUP BY state` and
/// the picture version.
#[utoipa::path(get, path = "/api/health/pictures", tag = "health",
    responses((status = 200, body = PictureHealth), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_picture_health(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if !operator(&state, client, &headers) {
        return Ok(not_for_you());
    }
    let counts = crate::db::pictures::counts(&state.db).await?;
    let body = PictureHealth {
        pending: counts.pending,
        ready: counts.ready,
        failed: counts.failed,
        avif_pending: counts.avif_pending,
        shown: state.pictures_shown.get() >= crate::db::pictures::version(&state.db).await?,
    };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The health routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_liveness))
        .routes(routes!(get_readiness))
        .routes(routes!(get_render_health))
        .routes(routes!(get_picture_health))
}
