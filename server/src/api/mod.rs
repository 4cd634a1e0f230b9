//! The HTTP API: one module per resource, each exposing `router()`; this file is the whole route table.
//! The OpenAPI 3.1 document is generated from the handlers (utoipa) and served at `/api/openapi.json`.

pub mod auth;
pub mod basket;
pub mod forms;
pub mod lists;
pub mod locations;
pub mod me;
pub mod menus;
pub mod offers;
pub mod orders;
pub mod params;
pub mod reviews;
pub mod search;
pub mod sections;
pub mod session;
pub mod shop;
pub mod stores;

use crate::state::AppState;
use axum::{Json, Router, routing::get};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(title = "Vitrina API", description = "The storefront's HTTP API. Human tour: docs/api.md."),
    components(schemas(crate::error::ErrorBody, crate::error::ErrorItem))
)]
struct ApiDoc;

/// Every `/api` route plus `/api/openapi.json`; unknown `/api/*` paths answer a JSON 404.
pub fn router(state: AppState) -> Router {
    let (router, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(shop::router())
        .merge(sections::router())
        .merge(offers::router())
        .merge(menus::router())
        .merge(search::router())
        .merge(session::router())
        .merge(forms::router())
        .merge(basket::router())
        .merge(lists::router())
        .merge(orders::router())
        .merge(auth::router())
        .merge(me::router())
        .merge(stores::router())
        .merge(reviews::router())
        .merge(locations::router())
        .split_for_parts();
    let openapi = std::sync::Arc::new(openapi);
    router
        .route("/api/openapi.json", get(move || async move { Json(openapi.as_ref().clone()) }))
        .route("/api", get(crate::error::api_not_found))
        .route("/api/{*rest}", get(crate::error::api_not_found).fallback(crate::error::api_not_found))
        .method_not_allowed_fallback(crate::error::method_not_allowed)
        .with_state(state)
}
