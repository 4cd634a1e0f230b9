//! The answer of `GET /api/search` as the API documents it (spec §3 "Search result": `SECTIONS`, `ITEMS`): these
//! types are what the engine serialises, so the OpenAPI document and the bytes sent cannot drift (issue 21).

use serde::Serialize;
use utoipa::ToSchema;

/// Id of the "all results" pseudo-section, first in every answer (spec §4: "section id 0 shows all").
pub const ALL_SECTIONS_ID: &str = "0";

/// Title of the "all results" pseudo-section.
pub const ALL_SECTIONS_TITLE: &str = "Все результаты";

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

impl SearchParameter {
    /// The parameter `name` of `value` in `unit` (none or empty: the value alone).
    pub fn of(name: &str, value: &str, unit: &Option<String>) -> Self {
        let value = match unit.as_deref() {
            Some(unit) if !unit.is_empty() => format!("{value} {unit}"),
            _ => value.to_owned(),
        };
        Self { name: name.to_owned(), value }
    }
}

/// A found offer (spec §3 `ITEMS`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchItem {
    pub id: String,
    /// The offer's section, `null` for an offer without one.
    #[schema(required)]
    pub category_id: Option<String>,
    pub name: String,
    /// The product page.
    pub url: String,
    /// The first picture, `null` when the shop holds none (the UI shows a placeholder).
    #[schema(required)]
    pub picture: Option<crate::domain::pictures::Picture>,
    pub parameters: Vec<SearchParameter>,
    /// Major units, exact (docs/api.md "Money").
    #[schema(value_type = f64)]
    pub price: serde_json::Number,
    /// The price before a discount, `null` when there is none.
    #[schema(value_type = Option<f64>, required)]
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
    /// The best `perPage` offers of page `page`, best first (of `section` and its subsections when given). Offers
    /// removed since the index was built are left out (the next index swap, within a second of an import, catches
    /// up).
    pub items: Vec<SearchItem>,
    /// All matches `items` are paged from: `total` without `section`, else the matches in that section and its
    /// subsections. Pages = ⌈itemsTotal / perPage⌉.
    pub items_total: usize,
    /// Fewer than 5 offers match every word of the query, so the offers matching most of its words (at least half)
    /// follow them (issue 23; docs/decisions.md "Search").
    pub partial: bool,
    /// Of `itemsTotal`, the offers that match every word of the query: the first ones of the ranking (issue 23).
    pub exact: usize,
    /// The facets of the matches with their counts, the facet filters of the question applied to `total`,
    /// `sections` and `items` (issue 35; docs/api.md "Facets"); `null` when the answer has no facets.
    #[schema(required)]
    pub facets: Option<crate::facets::ListingFacets>,
}

impl From<&crate::catalog::Offer> for SearchItem {
    fn from(o: &crate::catalog::Offer) -> Self {
        Self {
            id: o.id.clone(),
            category_id: o.section_id.clone(),
            name: o.name.clone(),
            url: o.url.clone(),
            picture: o.pictures.first().cloned(),
            parameters: o.params.iter().map(|p| SearchParameter::of(&p.name, &p.value, &p.unit)).collect(),
            price: o.price.clone(),
            old_price: o.old_price.clone(),
            currency_id: o.currency_id.clone(),
            available: o.available,
        }
    }
}
