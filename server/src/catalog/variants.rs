//! A product's variants as the storefront shows them (issue 35): the span of prices on a card, and the chooser on a
//! variant's page. The offers of one YML `group_id` are one product's variants; each keeps its own page, so the
//! chosen variant is in the URL and its price, stock, pictures and basket line are its own.

use crate::facets::normal;
use serde::Serialize;
use utoipa::ToSchema;

/// What a product's variants span, on each of them (`Offer.variants`): `{"count":3,"available":2,"minPrice":900,
/// "maxPrice":1500,"choice":null}`. Prices in major units of the offer's `currencyId`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Variants {
    /// Active variants of the product, this one included (2 or more).
    pub count: u32,
    /// How many of them are in stock.
    pub available: u32,
    /// The lowest variant price, major units.
    #[schema(value_type = f64, example = 900)]
    pub min_price: serde_json::Number,
    /// The highest variant price, major units.
    #[schema(value_type = f64, example = 1500)]
    pub max_price: serde_json::Number,
    /// The chooser: answered where one offer is asked for (`/api/offers/{id}`, `/api/offers/by-slug/{slug}`), `null`
    /// in lists.
    #[schema(required)]
    pub choice: Option<VariantChoice>,
}

/// The chooser of a variant's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantChoice {
    /// The product's page: its first variant's in the shop's order (in stock or not, so it does not move with the
    /// stock), the canonical link of every variant's page.
    pub product_url: String,
    /// The parameters the variants differ in, in the order the feed lists them (`Цвет`, `Размер`). When they differ
    /// in none, one option named `""` lists the variants by name.
    pub options: Vec<VariantOption>,
}

/// One parameter to choose by.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantOption {
    /// As the feed writes it; `""` for the variants by name.
    pub name: String,
    pub values: Vec<VariantValue>,
}

/// One value of a [`VariantOption`] and the variant choosing it leads to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantValue {
    /// As the feed writes it.
    pub value: String,
    /// The variant with this value that keeps most of this variant's other values (one in stock before one that is
    /// not, then the first in the shop's order).
    pub offer_id: String,
    /// That variant's page.
    pub url: String,
    /// Whether that variant is in stock: one that is not is shown crossed out, not hidden.
    pub available: bool,
    /// This variant has the value.
    pub chosen: bool,
}

/// One variant as the chooser reads it.
#[derive(Debug, Clone)]
pub struct VariantFacts {
    pub id: String,
    pub name: String,
    pub url: String,
    pub available: bool,
    /// `(name, value)` as the feed wrote them, in its order.
    pub params: Vec<(String, String)>,
}

/// The options of the chooser on the page of variant `current` among `variants` (in the shop's order); empty when
/// `current` is not among them or it has no sibling.
pub fn options(current: &str, variants: &[VariantFacts]) -> Vec<VariantOption> {
    let Some(me) = variants.iter().position(|v| v.id == current) else { return Vec::new() };
    if variants.len() < 2 {
        return Vec::new();
    }
    // Parameter names by their normal form, as first written, in order of first appearance.
    let mut names: Vec<(String, String)> = Vec::new();
    for (name, _) in variants.iter().flat_map(|v| &v.params) {
        let key = normal(name);
        if !key.is_empty() && !names.iter().any(|(k, _)| *k == key) {
            names.push((key, name.clone()));
        }
    }
    // Each variant's value of each name (normal, as written; `""` where it has none).
    let values: Vec<Vec<(String, String)>> = variants
        .iter()
        .map(|v| {
            names
                .iter()
                .map(|(key, _)| {
                    v.params
                        .iter()
                        .find(|(name, _)| normal(name) == *key)
                        .map(|(_, value)| (normal(value), value.clone()))
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    let differing: Vec<usize> =
        (0..names.len()).filter(|&n| values.iter().any(|of| of[n].0 != values[0][n].0)).collect();
    let value = |variant: usize, label: String, chosen: bool| VariantValue {
        value: label,
        offer_id: variants[variant].id.clone(),
        url: variants[variant].url.clone(),
        available: variants[variant].available,
        chosen,
    };
    if differing.is_empty() {
        let values = variants.iter().enumerate().map(|(i, v)| value(i, v.name.clone(), i == me)).collect();
        return vec![VariantOption { name: String::new(), values }];
    }
    differing
        .iter()
        .map(|&n| {
            let mut shown: Vec<VariantValue> = Vec::new();
            for (i, of) in values.iter().enumerate() {
                let (key, label) = &of[n];
                if key.is_empty() || shown.iter().any(|v| normal(&v.value) == *key) {
                    continue;
                }
                // The variant with this value closest to this one: most other differing values kept, then in
                // stock, then first.
                let best = (i..variants.len())
                    .filter(|&j| values[j][n].0 == *key)
                    .max_by_key(|&j| {
                        let kept = differing.iter().filter(|&&m| m != n && values[j][m].0 == values[me][m].0).count();
                        (kept, variants[j].available, std::cmp::Reverse(j))
                    })
                    .unwrap_or(i);
                shown.push(value(best, label.clone(), values[me][n].0 == *key));
            }
            VariantOption { name: names[n].1.clone(), values: shown }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shirt(id: &str, colour: &str, size: &str, available: bool) -> VariantFacts {
        VariantFacts {
            id: id.into(),
            name: format!("Футболка {colour} {size}"),
            url: format!("/catalog/shirts/{id}/"),
            available,
            params: vec![
                ("Цвет".into(), colour.into()),
                ("Материал".into(), "хлопок".into()),
                ("Размер".into(), size.into()),
            ],
        }
    }

    fn shirts() -> Vec<VariantFacts> {
        vec![
            shirt("r-m", "Красный", "M", true),
            shirt("r-l", "Красный", "L", false),
            shirt("b-m", "Синий", "M", false),
            shirt("b-l", "Синий", "L", true),
            shirt("w-xl", "Белый", "XL", true),
        ]
    }

    fn row(option: &VariantOption) -> Vec<String> {
        option
            .values
            .iter()
            .map(|v| {
                format!(
                    "{}→{}{}{}",
                    v.value,
                    v.offer_id,
                    if v.chosen { "*" } else { "" },
                    if v.available { "" } else { "×" }
                )
            })
            .collect()
    }

    #[test]
    fn each_value_leads_to_the_closest_variant() {
        let options = options("r-l", &shirts());
        let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["Цвет", "Размер"], "the shared material is no choice");
        assert_eq!(row(&options[0]), ["Красный→r-l*×", "Синий→b-l", "Белый→w-xl"]);
        assert_eq!(row(&options[1]), ["M→r-m", "L→r-l*×", "XL→w-xl"], "XL exists only in white");
    }

    #[test]
    fn a_value_whose_variant_is_out_of_stock_is_kept_crossed_out() {
        let options = options("r-m", &shirts());
        assert_eq!(row(&options[0]), ["Красный→r-m*", "Синий→b-m×", "Белый→w-xl"]);
    }

    #[test]
    fn variants_alike_in_every_parameter_choose_by_name() {
        let variants = vec![shirt("a", "Красный", "M", true), shirt("b", "красный ", "M", false)];
        let options = options("b", &variants);
        assert_eq!(options.len(), 1);
        assert_eq!(options[0].name, "");
        assert_eq!(row(&options[0]), ["Футболка Красный M→a", "Футболка красный  M→b*×"]);
        assert!(super::options("a", &variants[..1]).is_empty(), "one variant is no choice");
        assert!(super::options("z", &variants).is_empty());
    }
}
