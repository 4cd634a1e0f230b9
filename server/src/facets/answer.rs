//! The facets of a listing or of a search's results as the API answers them (issue 35; docs/api.md "Facets"): the
//! [`Counts`] of the index with prices in major units and each facet named by its query key.

use super::{Counts, VENDOR};
use crate::domain::money::{CurrencyCode, Money};
use serde::Serialize;
use utoipa::ToSchema;

/// The query key of the vendor facet (`?vendor=HP&vendor=Canon`).
pub const VENDOR_FIELD: &str = "vendor";

/// The query key prefix of a parameter facet: `p.{name}` for its values, `p.{name}.min` and `p.{name}.max` for its
/// range (`?p.Цвет=Чёрный&p.Ресурс.min=1000`).
pub const PARAM_FIELD_PREFIX: &str = "p.";

/// A span of numbers, both ends included.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NumberSpan {
    pub min: f64,
    pub max: f64,
}

/// A span of prices, major units of `ListingFacets.currencyId`, exact (docs/api.md "Money").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PriceSpan {
    #[schema(value_type = f64)]
    pub min: serde_json::Number,
    #[schema(value_type = f64)]
    pub max: serde_json::Number,
}

/// One value of a facet and what choosing it would leave.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FacetValue {
    /// As the feed wrote it; sent back as is to choose it.
    #[schema(value_type = String)]
    pub value: std::sync::Arc<str>,
    /// Offers it would leave with the other facets' choices; 0 is shown disabled, not hidden.
    pub count: u64,
    /// Present and `true` when `count` is an estimate, rounded to two significant digits: a search's facets counted
    /// over a sample of its many matches (issue 39; the front-end shows "≈"). Absent when exact.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub estimate: bool,
    pub chosen: bool,
}

/// One facet of a listing: the vendor, or an offer parameter.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FacetItem {
    /// Its query key: `vendor`, or `p.{name}` (a numeric one's range: `p.{name}.min`, `p.{name}.max`).
    pub field: String,
    /// As the feed wrote it (`Производитель` for the vendor).
    pub name: String,
    /// The parameter's unit (`стр.`, `г`), if any.
    #[schema(required)]
    pub unit: Option<String>,
    /// Its values, most offers first; empty for a numeric facet of many values (a range alone).
    pub values: Vec<FacetValue>,
    /// A numeric facet: the smallest and largest number the other choices leave; `null` for others, or when they
    /// leave nothing.
    #[schema(required)]
    pub range: Option<NumberSpan>,
}

/// The facets of a listing (issue 35; docs/api.md "Facets").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingFacets {
    /// The lowest and highest price of what the other filters leave; `null` when they leave nothing.
    #[schema(required)]
    pub price: Option<PriceSpan>,
    /// ISO 4217 code of `price` and of `priceMin`/`priceMax`.
    pub currency_id: String,
    /// Vendor first, then parameters most offers carry first.
    pub items: Vec<FacetItem>,
}

impl ListingFacets {
    /// The API's shape of `counts`, prices in `currency`.
    pub fn from_counts(counts: Counts, currency: &str) -> Self {
        let currency_code = CurrencyCode::parse(currency).unwrap_or_default();
        let major = |minor| Money { minor, currency: currency_code.clone() }.major_json();
        ListingFacets {
            price: counts.price.map(|(min, max)| PriceSpan { min: major(min), max: major(max) }),
            currency_id: currency.to_owned(),
            items: counts
                .facets
                .into_iter()
                .map(|facet| FacetItem {
                    field: if facet.key == VENDOR {
                        VENDOR_FIELD.to_owned()
                    } else {
                        format!("{PARAM_FIELD_PREFIX}{}", facet.name)
                    },
                    name: facet.name,
                    unit: facet.unit,
                    values: facet
                        .values
                        .into_iter()
                        .map(|v| FacetValue { value: v.label, count: v.count, estimate: v.estimate, chosen: v.chosen })
                        .collect(),
                    range: facet.range.map(|(min, max)| NumberSpan { min, max }),
                })
                .collect(),
        }
    }
}
