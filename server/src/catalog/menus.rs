//! Site menus as trees (issue 3; the top panel's horizontal menu is `top`).

use crate::db;
use crate::db::Db;
use crate::db::menus::MenuNode;
use serde::Serialize;
use utoipa::ToSchema;

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

/// The menu `code`; `None` when the shop has no such menu.
pub async fn menu(pool: &Db, code: &str) -> sqlx::Result<Option<Menu>> {
    let tree = db::menus::load_tree(pool, code).await?;
    Ok(tree.map(|tree| Menu { items: tree.into_iter().map(Into::into).collect() }))
}
