//! `GET /api/search`: instant product search (issue 4; spec §3 "Search result", §5, §7, §9).

use crate::api::params::{flag, number};
use crate::catalog::{Offer, load_offers};
use crate::db;
use crate::error::{ApiError, ApiQuery};
use crate::limits::{MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE, SEARCH_STARTING_RETRY_AFTER_S};
use crate::search::SearchRequest;
use crate::search::engine::SearchEngine;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// Id of the "all results" pseudo-section, first in every answer (spec §4: "section id 0 shows all").
pub const ALL_SECTIONS_ID: &str = "0";

/// Title of the "all results" pseudo-section.
pub const ALL_SECTIONS_TITLE: &str = "Все результаты";

/// `GET /api/search` parameters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The shopper's text, at least one character that is not a space (spec §5); cut to 200 characters.
    pub q: Option<String>,
    /// `Y`: only offers in stock; `N` (default): all.
    #[param(pattern = "^[YN]$")]
    pub available: Option<String>,
    /// A section id: only offers of this section and its subsections in `items` (`0` or omitted: all).
    pub section: Option<String>,
    /// `N`: with `section`, only the section's own offers (those its `found` counts); `Y` (default): its
    /// subsections' too.
    #[param(pattern = "^[YN]$")]
    pub subsections: Option<String>,
    /// Items per answer, 1..=100 (spec §9 search page size); default 100.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub per_page: Option<String>,
    /// 1-based page of items, 1..=100 ([`MAX_SEARCH_PAGE`]); default 1. The results page `/search/` pages with it.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub page: Option<String>,
}

/// A section holding matches (spec §3 `SECTIONS`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchSection {
    /// Section id (`"0"`: all results).
    pub id: String,
    /// Section name.
    pub value: String,
    /// Matching offers in the section (its own offers, not its subsections'); for `"0"` all matches.
    pub found: usize,
}

/// A name and value of a found offer (spec §3 `parameters`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchParameter {
    pub name: String,
    /// The value with its unit, e.g. `540 шт`.
    pub value: String,
}

/// A found offer (spec §3 `ITEMS`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchItem {
    pub id: String,
    /// The offer's section, `null` for an offer without one.
    pub category_id: Option<String>,
    pub name: String,
    /// The product page.
    pub url: String,
    /// The first picture, `null` when there is none (the UI shows a placeholder).
    pub picture: Option<String>,
    pub parameters: Vec<SearchParameter>,
    /// Major units, exact (docs/api.md "Money").
    #[schema(value_type = f64)]
    pub price: serde_json::Number,
    #[schema(value_type = Option<f64>)]
    pub old_price: Option<serde_json::Number>,
    pub currency_id: String,
    pub available: bool,
}

/// The answer: totals, sections, items.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    /// All matches (after `available`).
    pub total: usize,
    /// `"0"` ("Все результаты", `found` = total) first, then each section with matches in order of first appearance
    /// among the ranked matches, `found` counting all its matches.
    pub sections: Vec<SearchSection>,
    /// The best `perPage` offers of page `page`, best first (of `section` and its subsections when given).
    pub items: Vec<SearchItem>,
    /// All matches `items` are paged from: `total` without `section`, else the matches in that section and its
    /// subsections. Pages = ⌈itemsTotal / perPage⌉.
    pub items_total: usize,
}

impl From<Offer> for SearchItem {
    fn from(o: Offer) -> Self {
        Self {
            id: o.id,
            category_id: o.section_id,
            name: o.name,
            url: o.url,
            picture: o.pictures.into_iter().next(),
            parameters: o
                .params
                .into_iter()
                .map(|p| SearchParameter {
                    value: match p.unit {
                        Some(unit) if !unit.is_empty() => format!("{} {unit}", p.value),
                        _ => p.value,
                    },
                    name: p.name,
                })
                .collect(),
            price: o.price,
            old_price: o.old_price,
            currency_id: o.currency_id,
            available: o.available,
        }
    }
}

/// Searches the catalogue. Errors (400): `SEARCH_QUERY_EMPTY` (`q` missing or blank), `PER_PAGE_INVALID`,
/// `AVAILABLE_INVALID`, `PAGE_INVALID`, `SUBSECTIONS_INVALID`; 503 `SEARCH_STARTING` with `Retry-After` (s) while the
/// first index after a start is being built. An unknown `section` finds no items; a page past the last has none.
///
/// Answers come from the engine's cache of serialised answers when the same question was asked since the last
/// index swap; otherwise the items are assembled from cached item JSON, and only offers missing there are read from
/// SQLite (docs/performance.md "HTTP under wrk").
#[utoipa::path(get, path = "/api/search", tag = "search", params(SearchQuery),
    responses((status = 200, body = SearchAnswer), (status = 400, body = crate::error::ErrorBody),
        (status = 503, body = crate::error::ErrorBody)))]
pub async fn search_offers(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<SearchQuery>,
) -> Result<Response, ApiError> {
    let text = q.q.unwrap_or_default();
    if text.trim().is_empty() {
        return Err(ApiError::bad_request("SEARCH_QUERY_EMPTY", "q", "q must hold at least one character"));
    }
    let limit = number(q.per_page.as_deref(), SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, "PER_PAGE_INVALID", "perPage")?;
    let page = number(q.page.as_deref(), 1, MAX_SEARCH_PAGE, "PAGE_INVALID", "page")?;
    // `subsections` defaults to Y (unlike `flag`'s default N).
    let own_section_only = match q.subsections.as_deref() {
        None => false,
        raw => !flag(raw, "SUBSECTIONS_INVALID", "subsections")?,
    };
    let request = SearchRequest {
        text,
        available_only: flag(q.available.as_deref(), "AVAILABLE_INVALID", "available")?,
        section: q.section.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty() && s != ALL_SECTIONS_ID),
        own_section_only,
        limit: limit as usize,
        offset: (page as usize - 1) * limit as usize,
    };
    // Until the first index is built (seconds after a start on a large catalogue) an answer would say the shop sells
    // nothing of it (issue 20): say that search is starting instead.
    if !state.search.is_ready() {
        return Err(ApiError::Unavailable {
            code: "SEARCH_STARTING",
            detail: "the search index is being built; try again in a moment".into(),
            retry_after_s: SEARCH_STARTING_RETRY_AFTER_S,
        });
    }
    let engine = state.search.clone();
    let key = SearchEngine::key(&request);
    if let Some(body) = engine.cached_answer(&key) {
        return Ok(json_response(body));
    }
    let generation = engine.generation();
    let searcher = engine.clone();
    let hits = tokio::task::spawn_blocking(move || searcher.search(&request))
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .map_err(|e| ApiError::Internal(e.into()))?;

    let mut sections =
        vec![SearchSection { id: ALL_SECTIONS_ID.to_owned(), value: ALL_SECTIONS_TITLE.to_owned(), found: hits.total }];
    sections.extend(hits.sections.iter().map(|(id, name, found)| SearchSection {
        id: id.clone(),
        value: name.clone(),
        found: *found,
    }));

    // Items: from the item cache, the rest from SQLite (and into the cache).
    let mut items: Vec<Option<Bytes>> = hits.items.iter().map(|id| engine.cached_item(id)).collect();
    let missing: Vec<String> =
        hits.items.iter().zip(&items).filter(|(_, item)| item.is_none()).map(|(id, _)| id.clone()).collect();
    if !missing.is_empty() {
        let rows = db::offers::find_active_by_ids(&state.db, &missing).await?;
        for offer in load_offers(&state.db, rows).await? {
            let id = offer.id.clone();
            let item =
                Bytes::from(serde_json::to_vec(&SearchItem::from(offer)).map_err(|e| ApiError::Internal(e.into()))?);
            engine.store_item(generation, id.clone(), item.clone());
            if let Some(slot) = hits.items.iter().position(|i| *i == id) {
                items[slot] = Some(item);
            }
        }
    }

    // {"total":…,"sections":[…],"items":[…],"itemsTotal":…} with the items' JSON spliced in. Offers an import removed
    // since the index was built are left out (the next swap, within a second, catches up).
    let mut body = Vec::with_capacity(1024 + items.iter().flatten().map(Bytes::len).sum::<usize>());
    body.extend_from_slice(format!("{{\"total\":{},\"sections\":", hits.total).as_bytes());
    serde_json::to_writer(&mut body, &sections).map_err(|e| ApiError::Internal(e.into()))?;
    body.extend_from_slice(b",\"items\":[");
    for (n, item) in items.iter().flatten().enumerate() {
        if n > 0 {
            body.push(b',');
        }
        body.extend_from_slice(item);
    }
    body.extend_from_slice(format!("],\"itemsTotal\":{}}}", hits.items_total).as_bytes());
    let body = Bytes::from(body);
    engine.store_answer(generation, key, body.clone());
    Ok(json_response(body))
}

/// A `200 application/json` response of an already serialised body.
fn json_response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// The search routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_offers))
}
