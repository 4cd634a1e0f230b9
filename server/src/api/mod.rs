//! The HTTP API: one module per resource, each exposing `router()`; this file is the whole route table.
//! The OpenAPI 3.1 document is generated from the handlers (utoipa) and served at `/api/openapi.json`.

pub mod accounts;
pub mod admin;
pub mod auth;
pub mod basket;
pub mod forms;
pub mod health;
pub mod listing;
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
use axum::http::{HeaderValue, header};
use axum::{Router, routing::get};
use tower_http::set_header::SetResponseHeaderLayer;
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
    let sessions = admin::session_layer(state.db.clone(), state.settings.https());
    let (router, document) = routes(Some(sessions));
    // Written once; every request answers the same bytes.
    let document = axum::body::Bytes::from(serde_json::to_vec(&document).expect("the OpenAPI document serialises"));
    let json = [(axum::http::header::CONTENT_TYPE, "application/json")];
    router
        .route("/api/openapi.json", get(move || async move { (json, document.clone()) }))
        .route("/api", get(crate::error::api_not_found))
        .route("/api/{*rest}", get(crate::error::api_not_found).fallback(crate::error::api_not_found))
        .method_not_allowed_fallback(crate::error::method_not_allowed)
        .with_state(state)
}

/// The OpenAPI 3.1 document that `GET /api/openapi.json` serves, as JSON. `vitrina openapi` prints it, and the
/// front-end's API types are generated from it (`web/src/lib/api/schema.d.ts`, issue 21).
pub fn openapi_document() -> serde_json::Value {
    routes(None).1
}

/// The API's routes and their OpenAPI document, with the shared error answers added and flattened schemas opened.
/// `staff_sessions`: the back office's session layer (`None`: the document alone is wanted).
fn routes(
    staff_sessions: Option<tower_sessions::SessionManagerLayer<crate::db::sessions::DbSessionStore>>,
) -> (Router<AppState>, serde_json::Value) {
    let (router, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(health::router())
        .merge(shop::router())
        .merge(sections::router())
        .merge(offers::router())
        .merge(menus::router())
        .merge(search::router())
        .merge(personal(session::router()))
        .merge(personal(forms::router()))
        .merge(personal(basket::router()))
        .merge(personal(lists::router()))
        .merge(personal(orders::router()))
        .merge(personal(auth::router()))
        .merge(personal(me::router()))
        .merge(stores::router())
        .merge(reviews::router())
        .merge(locations::router())
        .merge(admin::router(staff_sessions))
        .split_for_parts();
    let mut openapi = openapi;
    document_common_answers(&mut openapi);
    let mut document = serde_json::to_value(&openapi).expect("the OpenAPI document serialises");
    open_flattened_schemas(&mut document);
    (router, document)
}

/// Marks every answer of `router` `Cache-Control: no-store` unless it says otherwise (issue 20): these answers
/// depend on the visitor's session (the basket, the compare and viewed lists, the account, orders, a form's prefill
/// and captcha, the chosen city), so no shared cache may keep one shopper's for another.
fn personal(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    router.layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
}

/// Adds to every operation of `openapi` the error answers the shared middleware and extractors give, unless the
/// operation documents them itself (issue 9: every answer the API gives is in the document):
///
/// - `400` on every operation: a malformed parameter or body (`QUERY_INVALID`, `PATH_INVALID`, `BODY_INVALID`), or
///   the NUL character in the path, the query or the body (`TEXT_NUL`, issue 36);
/// - `403` on state-changing methods (`CSRF_TOKEN_INVALID`, `session::require_csrf`);
/// - `413` when it takes a body (`BODY_TOO_LARGE`, over `limits::REQUEST_BODY_MAX_BYTES` or the route's own limit);
/// - `414` on every operation (`QUERY_TOO_LONG`, over `limits::QUERY_MAX_BYTES`).
///
/// Each with the `ErrorBody` shape.
pub fn document_common_answers(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let answer = |description: &str| {
        let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
        ResponseBuilder::new().description(description).content("application/json", content).build()
    };
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            (&mut item.get, false),
            (&mut item.head, false),
            (&mut item.post, true),
            (&mut item.put, true),
            (&mut item.patch, true),
            (&mut item.delete, true),
        ];
        for (operation, changes_state) in operations {
            let Some(operation) = operation.as_mut() else { continue };
            let has_body = operation.request_body.is_some();
            let responses = &mut operation.responses.responses;
            let mut add = |status: &str, description: &str| {
                responses.entry(status.to_owned()).or_insert_with(|| answer(description).into());
            };
            // Any path or query may hold a `%00`, which `security::limit_request` refuses on every operation.
            add(
                "400",
                "A parameter or the body is malformed (QUERY_INVALID, PATH_INVALID, BODY_INVALID), or holds the NUL \
                 character (TEXT_NUL)",
            );
            if changes_state {
                add("403", "The session's CSRF token is missing or wrong (CSRF_TOKEN_INVALID)");
            }
            if has_body {
                add("413", "The body is larger than the endpoint takes (BODY_TOO_LARGE)");
            }
            add("414", "The query string is over 8 KiB (QUERY_TOO_LONG)");
        }
    }
}

/// Drops `additionalProperties: false` from every component schema that an `allOf` names. utoipa writes it for a type
/// with serde's `deny_unknown_fields` (a strict input such as `FormDefinition` of `vitrina forms import`); when an
/// answer flattens that type beside its own fields (`FormAnswer`), the closed part would forbid the answer's other
/// fields and no valid answer could match (found by schemathesis, issue 9).
pub fn open_flattened_schemas(document: &mut serde_json::Value) {
    fn collect(value: &serde_json::Value, names: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(serde_json::Value::Array(items)) = map.get("allOf") {
                    for item in items {
                        if let Some(name) = item.get("$ref").and_then(|r| r.as_str()).and_then(|r| r.rsplit('/').next())
                        {
                            names.push(name.to_owned());
                        }
                    }
                }
                map.values().for_each(|v| collect(v, names));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, names)),
            _ => {}
        }
    }
    let mut names = Vec::new();
    collect(document, &mut names);
    let Some(schemas) = document.pointer_mut("/components/schemas").and_then(|s| s.as_object_mut()) else { return };
    for name in names {
        if let Some(schema) = schemas.get_mut(&name).and_then(|s| s.as_object_mut())
            && schema.get("additionalProperties") == Some(&serde_json::Value::Bool(false))
        {
            schema.remove("additionalProperties");
        }
    }
}
