//! `GET /api/menus/{code}`: a site menu as a tree (issue 3; the top panel's horizontal menu is `top`).

use crate::db;
use crate::db::menus::MenuNode;
use crate::error::{ApiError, ApiPath};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// One menu item: where it leads and its sub-items (empty for a leaf).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MenuItem {
    /// Row id; stable until the menu is replaced (an import or `vitrina menu import`). For React keys.
    pub id: i64,
    /// Shown text.
    pub title: String,
    /// A site path (`/catalog/konstruktory/`, `/catalog/?sort=new`) or an absolute `http(s)://` link.
    pub url: String,
    /// Sub-items in order; empty for a leaf.
    #[schema(no_recursion)]
    pub children: Vec<MenuItem>,
}

/// A menu: its top-level items in order.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Menu {
    /// Top-level items in order.
    pub items: Vec<MenuItem>,
}

impl From<MenuNode> for MenuItem {
    fn from(node: MenuNode) -> Self {
        Self {
            id: node.id,
            title: node.title,
            url: node.url,
            children: node.children.into_iter().map(Into::into).collect(),
        }
    }
}

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
    let tree = db::menus::load_tree(&state.db, &code)
        .await?
        .ok_or_else(|| ApiError::not_found("MENU_NOT_FOUND", format!("no menu {code:?}")))?;
    Ok(Json(Menu { items: tree.into_iter().map(Into::into).collect() }))
}

/// The menu routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_menu))
}
