//! `GET /api/search`: instant product search (issue 4; spec §3 "Search result", §5, §7, §9).

use crate::api::params::{flag, flag_or, number};
use crate::error::{ApiError, ApiQuery};
use crate::limits::{MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE, SEARCH_STARTING_RETRY_AFTER_S};
use crate::search::SearchRequest;
use crate::search::answer::{ALL_SECTIONS_ID, SearchAnswer, SearchItem};
use crate::search::engine::AnswerError;
use crate::state::AppState;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

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
    /// `N`: the answer leaves the facets out (`facets: null`), for a client that does not show them (the header's
    /// instant search: counting them was a quarter of an uncached search's work, issue 39); `Y` (default): with them.
    #[param(pattern = "^[YN]$")]
    pub facets: Option<String>,
}

/// Searches the catalogue, narrowed by the listings' facet filters (issue 35: `vendor`, `priceMin`, `priceMax`,
/// `p.{name}`, `p.{name}.min`, `p.{name}.max`; `api::listing`), and answers the facets of the matches. Errors (400):
/// `SEARCH_QUERY_EMPTY` (`q` missing or blank), `PER_PAGE_INVALID`, `AVAILABLE_INVALID`, `PAGE_INVALID`,
/// `SUBSECTIONS_INVALID`, `FACETS_INVALID`, and the facet filters' codes; 503 `SEARCH_STARTING` with `Retry-After` (s) while the
/// first index after a start is being built. An unknown `section` finds no items; a page past the last has none.
///
/// The search engine answers (`SearchEngine::answer`): from its cache when the same question was
/// asked since the last index swap; otherwise its items come from the index's cards (`search::cards`), their pictures
/// from the catalogue's picture cache (docs/performance.md "HTTP under wrk").
#[utoipa::path(get, path = "/api/search", tag = "search", params(SearchQuery, super::listing::FilterParams),
    responses((status = 200, body = SearchAnswer), (status = 400, body = crate::error::ErrorBody),
        (status = 503, body = crate::error::ErrorBody)))]
pub async fn search_offers(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<SearchQuery>,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let body = search_answer(&state, q.request()?, raw.as_deref().unwrap_or_default()).await?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response())
}

impl SearchQuery {
    /// The checked question. Errors (400): `SEARCH_QUERY_EMPTY`, `PER_PAGE_INVALID`, `PAGE_INVALID`,
    /// `AVAILABLE_INVALID`, `SUBSECTIONS_INVALID`, `FACETS_INVALID`.
    pub fn request(self) -> Result<SearchRequest, ApiError> {
        let text = self.q.unwrap_or_default();
        if text.trim().is_empty() {
            return Err(ApiError::bad_request("SEARCH_QUERY_EMPTY", "q", "q must hold at least one character"));
        }
        let limit =
            number(self.per_page.as_deref(), SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, "PER_PAGE_INVALID", "perPage")?;
        let page = number(self.page.as_deref(), 1, MAX_SEARCH_PAGE, "PAGE_INVALID", "page")?;
        let own_section_only = !flag_or(self.subsections.as_deref(), true, "SUBSECTIONS_INVALID", "subsections")?;
        let no_facets = !flag_or(self.facets.as_deref(), true, "FACETS_INVALID", "facets")?;
        Ok(SearchRequest {
            text,
            available_only: flag(self.available.as_deref(), "AVAILABLE_INVALID", "available")?,
            section: self.section.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty() && s != ALL_SECTIONS_ID),
            own_section_only,
            limit: limit as usize,
            offset: (page as usize - 1) * limit as usize,
            within: None,
            no_facets,
        })
    }
}

/// The serialised [`SearchAnswer`] to `request` narrowed by the facet filters of `raw_query` (the request's query
/// string), its offers from the catalogue's offer cache (`GET /api/search`, and a server render of `/search/`).
/// Errors: the facet filters' 400s; 503 `SEARCH_STARTING` until the first index is built; 500.
pub async fn search_answer(
    state: &AppState,
    request: SearchRequest,
    raw_query: &str,
) -> Result<bytes::Bytes, ApiError> {
    let choices = super::listing::Choices::parse(raw_query)?;
    let filter = if state.search.is_ready() {
        choices.filter(&state.search.facets(), None, request.available_only)?
    } else {
        crate::facets::Filter::default()
    };
    let load = |ids: Vec<String>| async move {
        let offers = state.catalog.offers(&state.db, &ids).await?;
        Ok(offers.iter().map(|offer| SearchItem::from(offer.as_ref())).collect())
    };
    let pictures = |ids: Vec<i64>| async move { Ok(state.catalog.pictures(&state.db, &ids).await?) };
    match state.search.answer(request, filter, load, pictures).await {
        Ok(body) => Ok(body),
        // Until the first index is built (seconds after a start on a large catalogue) an answer would say the shop
        // sells nothing of it (issue 20): say that search is starting instead.
        Err(AnswerError::Starting) => Err(ApiError::Unavailable {
            code: "SEARCH_STARTING",
            detail: "the search index is being built; try again in a moment".into(),
            retry_after_s: SEARCH_STARTING_RETRY_AFTER_S,
        }),
        Err(AnswerError::Failed(err)) => Err(ApiError::Internal(err)),
    }
}

/// The search routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_offers))
}
