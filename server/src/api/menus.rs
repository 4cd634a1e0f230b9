//! `GET /api/menus/{code}`: a site menu as a tree (issue 3; the top panel's horizontal menu is `top`).

use crate::catalog::{Menu, menu};
use crate::error::{ApiError, ApiPath};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The menu `code` (`top`: the horizontal menu of the top panel). 404 `MENU_NOT_FOUND` for an unknown code.
#[utoipa::path(
    get,
    path = "/api/menus/{code}",
    tag = "menus",
    params(("code" = String, Path, description = "Menu code, e.g. `top`")),
    responses(
        (status = 200, body = Menu),
        (status = 404, body = crate::error::ErrorBody, description = "MENU_NOT_FOUND"),
    )
)]
pub async fn get_menu(State(state): State<AppState>, ApiPath(code): ApiPath<String>) -> Result<Json<Menu>, ApiError> {
    let menu = menu(&state.db, &code).await?;
    Ok(Json(menu.ok_or_else(|| ApiError::not_found("MENU_NOT_FOUND", format!("no menu {code:?}")))?))
}

/// The menu routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_menu))
}
