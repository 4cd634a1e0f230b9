//! Sections: `GET /api/sections` (the tree) and `GET /api/sections/{id}/offers`.

use super::listing::{FilterParams, listing_answer};
use super::params::ListParams;
use crate::catalog::{OfferPage, SectionList};
use crate::db::sections as db_sections;
use crate::error::{ApiError, ApiPath, ApiQuery, ErrorBody};
use crate::state::AppState;
use axum::Json;
use axum::extract::{RawQuery, State};
use utoipa_axum::{router::OpenApiRouter, routes};

/// The section tree.
#[utoipa::path(get, path = "/api/sections", tag = "sections", responses((status = 200, body = SectionList)))]
pub async fn list_sections(State(state): State<AppState>) -> Result<Json<SectionList>, ApiError> {
    Ok(Json(SectionList { sections: state.catalog.section_tree(&state.db).await?.to_vec() }))
}

/// Offers of a section and all its subsections, paged, narrowed by facets, with the facets' counts (issue 35;
/// `api::listing`).
#[utoipa::path(get, path = "/api/sections/{id}/offers", tag = "sections",
    params(("id" = String, Path, description = "The feed's category id"), ListParams, FilterParams),
    responses((status = 200, body = OfferPage), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 503, body = ErrorBody, description = "FACETS_STARTING: a filtered listing asked before the first facet index is built")))]
pub async fn list_section_offers(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<ListParams>,
    RawQuery(raw): RawQuery,
) -> Result<Json<OfferPage>, ApiError> {
    let listing = q.validate()?;
    if !db_sections::is_active(&state.db, &id).await? {
        return Err(ApiError::not_found("SECTION_NOT_FOUND", format!("no section {id:?} in the catalogue")));
    }
    Ok(Json(listing_answer(&state, Some(id), listing, raw.as_deref().unwrap_or_default()).await?))
}

/// The sections routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_sections)).routes(routes!(list_section_offers))
}
