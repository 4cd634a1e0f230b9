//! The section tree: sections in tree order with their subtree's offer counts.

use crate::db::Db;
use crate::db::sections::{self as db_sections, SectionRow};
use crate::domain::slug::section_path;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A section of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Section {
    /// The feed's category id.
    pub id: String,
    pub name: String,
    /// Its storefront page, e.g. `/catalog/konstruktory/`.
    pub url: String,
    #[schema(required)]
    pub parent_id: Option<String>,
    /// 0 for a top-level section.
    pub depth: u32,
    /// Active offers in this section and all its subsections.
    pub offer_count: i64,
}

/// The whole tree as a flat list (`GET /api/sections`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SectionList {
    /// In tree order: a parent before its children, siblings in feed order.
    pub sections: Vec<Section>,
}

/// Orders `rows` (feed order) as a tree (parent first, depth-first) and sums each subtree's offers. A section
/// whose parent is not among `rows` is treated as top-level.
pub fn build_tree(rows: Vec<SectionRow>) -> Vec<Section> {
    let index: HashMap<&str, usize> = rows.iter().enumerate().map(|(i, r)| (r.id.as_str(), i)).collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); rows.len()];
    let mut roots = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        match r.parent_id.as_deref().and_then(|p| index.get(p)) {
            Some(&p) if p != i => children[p].push(i),
            _ => roots.push(i),
        }
    }
    // Depth-first, parents before children; `visited` guards against a cycle that slipped through.
    let mut order: Vec<(usize, u32)> = Vec::with_capacity(rows.len());
    let mut visited = vec![false; rows.len()];
    let mut stack: Vec<(usize, u32)> = roots.iter().rev().map(|&r| (r, 0)).collect();
    while let Some((i, depth)) = stack.pop() {
        if std::mem::replace(&mut visited[i], true) {
            continue;
        }
        order.push((i, depth));
        stack.extend(children[i].iter().rev().map(|&c| (c, depth + 1)));
    }
    let mut totals: Vec<i64> = rows.iter().map(|r| r.direct_offers).collect();
    for &(i, _) in order.iter().rev() {
        let sum: i64 = children[i].iter().map(|&c| totals[c]).sum();
        totals[i] += sum;
    }
    order
        .into_iter()
        .map(|(i, depth)| {
            let r = &rows[i];
            Section {
                id: r.id.clone(),
                name: r.name.clone(),
                url: section_path(&r.slug),
                parent_id: r.parent_id.clone().filter(|p| index.contains_key(p.as_str())),
                depth,
                offer_count: totals[i],
            }
        })
        .collect()
}

/// The active sections as a tree ([`build_tree`]).
pub async fn section_tree(pool: &Db) -> sqlx::Result<Vec<Section>> {
    Ok(build_tree(db_sections::list_active(pool).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, parent: Option<&str>, n: i64) -> SectionRow {
        SectionRow {
            id: id.into(),
            parent_id: parent.map(Into::into),
            name: id.into(),
            slug: id.into(),
            direct_offers: n,
        }
    }

    #[test]
    fn tree_puts_parents_before_children_and_sums_subtrees() {
        let tree =
            build_tree(vec![row("c", Some("b"), 1), row("a", None, 2), row("b", Some("a"), 3), row("d", None, 4)]);
        let ids: Vec<_> = tree.iter().map(|s| (s.id.as_str(), s.depth, s.offer_count)).collect();
        assert_eq!(ids, vec![("a", 0, 6), ("b", 1, 4), ("c", 2, 1), ("d", 0, 4)]);
    }

    #[test]
    fn a_missing_parent_makes_a_top_level_section() {
        let tree = build_tree(vec![row("x", Some("gone"), 1)]);
        assert_eq!((tree[0].depth, tree[0].parent_id.clone()), (0, None));
    }
}
