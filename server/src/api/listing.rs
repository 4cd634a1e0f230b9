//! The offer listings' shared answer (issue 35): `GET /api/offers` and `GET /api/sections/{id}/offers` take the same
//! page, order and stock parameters (`api::params::ListParams`) and the same facet filters ([`FilterParams`]), and answer an
//! [`OfferPage`] with the listing's facets. The server render asks the same function for a page's data.
//!
//! Filters (docs/api.md "Facets"):
//! - `vendor=HP&vendor=Canon`: vendors, combined with OR;
//! - `priceMin=`, `priceMax=`: major units of the catalogue's currency, both ends included;
//! - `p.{name}={value}`, repeated for OR: an offer parameter's values; names and values are matched normalised
//!   (case, spaces, `ё`/`е`);
//! - `p.{name}.min=`, `p.{name}.max=`: a numeric parameter's range, a decimal comma read as a point.
//!
//! Different facets combine with AND. An empty value is no choice (a GET form sends its empty price fields). Keys
//! that are none of these (`utm_source`) are ignored. Errors, each a 400 naming the key as sent:
//! `FACET_UNKNOWN` (no offer of the catalogue has the parameter), `PRICE_INVALID` and `FACET_RANGE_INVALID` (not a
//! number, a range of a parameter that is not numeric, or a minimum above the maximum), `FILTER_REPEATED` (a range's
//! end given twice), `FILTER_TOO_MANY_VALUES` (more than [`FACET_MAX_CHOSEN_VALUES`] values). A value no offer has
//! is no error: it leaves an empty listing.

use super::params::Listing;
use crate::catalog::{self, OfferPage, PARAM_FIELD_PREFIX, VENDOR_FIELD};
use crate::domain::money::{CurrencyCode, parse_price};
use crate::error::ApiError;
use crate::facets::{FacetIndex, Filter, VENDOR, normal, number};
use crate::limits::{FACET_MAX_CHOSEN_VALUES, FACETS_STARTING_RETRY_AFTER_S};
use crate::state::AppState;
use std::collections::BTreeMap;
use utoipa::IntoParams;

/// The facet filters of a listing as the OpenAPI document shows them; parameter facets (`p.{name}`,
/// `p.{name}.min`, `p.{name}.max`) have keys of their own, described on `vendor`. Read by [`Choices::parse`].
#[derive(Debug, Default, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct FilterParams {
    /// A vendor; repeat the key for several (OR). Parameter facets take the same shape: `p.{name}={value}` (e.g.
    /// `p.Цвет=Чёрный`, repeated for OR), and a numeric one its range: `p.{name}.min=`, `p.{name}.max=`. Facets
    /// combine with AND; names and values match whatever their case, spaces and `ё`. 400 `FACET_UNKNOWN` for a
    /// parameter no offer has, `FACET_RANGE_INVALID` for a broken range, `FILTER_TOO_MANY_VALUES` past 100 values.
    vendor: Option<Vec<String>>,
    /// Lowest price, major units of the catalogue's currency (`1500`, `349.90`); 400 `PRICE_INVALID`.
    #[param(rename = "priceMin")]
    price_min: Option<String>,
    /// Highest price, major units; 400 `PRICE_INVALID`, or when below `priceMin`.
    #[param(rename = "priceMax")]
    price_max: Option<String>,
}

/// A range's ends as sent, with the keys that sent them.
type RawRange = (Option<(String, String)>, Option<(String, String)>);

/// The facet filters of a query string as sent, before the facet index checks them.
#[derive(Debug, Default, PartialEq)]
pub struct Choices {
    /// By key as sent (`vendor`, `p.Цвет`): the values, each once.
    values: BTreeMap<String, Vec<String>>,
    /// `priceMin`, `priceMax`.
    price: (Option<String>, Option<String>),
    /// By parameter name as sent: `p.{name}.min` and `.max`, with their keys.
    ranges: BTreeMap<String, RawRange>,
}

/// Sets `slot` to `value` sent as `key`, unless it was set before: 400 `FILTER_REPEATED`.
fn once(slot: &mut Option<String>, key: &str, value: String) -> Result<(), ApiError> {
    if slot.is_some() {
        return Err(ApiError::bad_request("FILTER_REPEATED", key.to_owned(), format!("{key} is given twice")));
    }
    *slot = Some(value);
    Ok(())
}

impl Choices {
    /// Reads the filters of `raw_query` (form-encoded), ignoring other keys. Errors: `FILTER_REPEATED`,
    /// `FILTER_TOO_MANY_VALUES`.
    pub fn parse(raw_query: &str) -> Result<Self, ApiError> {
        let mut choices = Choices::default();
        let mut count = 0;
        for (key, value) in url::form_urlencoded::parse(raw_query.as_bytes()) {
            let value = value.trim().to_owned();
            if value.is_empty() {
                continue;
            }
            match key.as_ref() {
                "priceMin" => once(&mut choices.price.0, &key, value)?,
                "priceMax" => once(&mut choices.price.1, &key, value)?,
                field if field == VENDOR_FIELD || field.starts_with(PARAM_FIELD_PREFIX) => {
                    let name = &field[PARAM_FIELD_PREFIX.len().min(field.len())..];
                    let range_end = [".min", ".max"]
                        .iter()
                        .enumerate()
                        .find_map(|(end, suffix)| Some((end, name.strip_suffix(suffix)?)))
                        .filter(|_| field != VENDOR_FIELD);
                    if let Some((end, name)) = range_end {
                        let ends = choices.ranges.entry(name.to_owned()).or_default();
                        let slot = if end == 0 { &mut ends.0 } else { &mut ends.1 };
                        if slot.is_some() {
                            return Err(ApiError::bad_request("FILTER_REPEATED", key.into_owned(), "given twice"));
                        }
                        *slot = Some((key.into_owned(), value));
                    } else {
                        count += 1;
                        if count > FACET_MAX_CHOSEN_VALUES {
                            return Err(ApiError::bad_request(
                                "FILTER_TOO_MANY_VALUES",
                                key.into_owned(),
                                format!("at most {FACET_MAX_CHOSEN_VALUES} filter values in one request"),
                            ));
                        }
                        let values = choices.values.entry(key.into_owned()).or_default();
                        if !values.contains(&value) {
                            values.push(value);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(choices)
    }

    /// Whether no filter is chosen.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty() && self.price == (None, None) && self.ranges.is_empty()
    }

    /// The [`Filter`] these choices make of `index`'s listing of `section` (in stock only: `available`). Errors:
    /// `FACET_UNKNOWN`, `PRICE_INVALID`, `FACET_RANGE_INVALID`.
    pub fn filter(&self, index: &FacetIndex, section: Option<String>, available: bool) -> Result<Filter, ApiError> {
        let mut filter = Filter { section, available, ..Filter::default() };
        let facet_key = |field: &str, name: &str| {
            let key = if field == VENDOR_FIELD { VENDOR.to_owned() } else { normal(name) };
            if index.has_facet(&key) {
                Ok(key)
            } else {
                Err(ApiError::bad_request(
                    "FACET_UNKNOWN",
                    field.to_owned(),
                    format!("no offer of the catalogue has the parameter {name:?}"),
                ))
            }
        };
        for (field, values) in &self.values {
            let key = facet_key(field, field.strip_prefix(PARAM_FIELD_PREFIX).unwrap_or(field))?;
            filter.values.entry(key).or_default().extend(values.iter().map(|v| normal(v)));
        }
        let currency = CurrencyCode::parse(index.currency_id()).unwrap_or_default();
        let price = |raw: &Option<String>, field: &'static str| {
            raw.as_deref()
                .map(|raw| {
                    parse_price(raw, &currency).map_err(|err| {
                        ApiError::bad_request("PRICE_INVALID", field, format!("{field} is not a price: {err}"))
                    })
                })
                .transpose()
        };
        filter.price = (price(&self.price.0, "priceMin")?, price(&self.price.1, "priceMax")?);
        if let (Some(min), Some(max)) = filter.price
            && min > max
        {
            return Err(ApiError::bad_request("PRICE_INVALID", "priceMax", "priceMax is below priceMin"));
        }
        for (name, (min, max)) in &self.ranges {
            let field = min.as_ref().or(max.as_ref()).map(|(key, _)| key.clone()).unwrap_or_default();
            let key = facet_key(&field, name)?;
            let broken = |key: &str, why: &str| {
                ApiError::bad_request("FACET_RANGE_INVALID", key.to_owned(), format!("{key}: {why}"))
            };
            if !index.is_numeric(&key) {
                return Err(broken(&field, "the parameter is not a number, so it has no range"));
            }
            let end = |end: &Option<(String, String)>| {
                end.as_ref().map(|(key, raw)| number(raw).ok_or_else(|| broken(key, "not a number"))).transpose()
            };
            let (from, to) = (end(min)?, end(max)?);
            if let (Some(from), Some(to)) = (from, to)
                && from > to
            {
                return Err(broken(&field, "the minimum is above the maximum"));
            }
            filter.ranges.insert(key, (from, to));
        }
        Ok(filter)
    }
}

/// The filters of `raw_query` in their canonical order, as the storefront writes them into a listing's URL and its
/// API request (`web/src/features/catalog/api/listing-params.ts`): `priceMin`, `priceMax`, the vendors, then the
/// parameter facets by key (`p.Ресурс`, `p.Ресурс.max`, `p.Ресурс.min`, `p.Цвет`), values trimmed and sorted,
/// each once, empty ones dropped, a range's end and a price once (its first). Other keys are left out. Keys and
/// values compare by their bytes, which for the text feeds carry is JavaScript's `<` on strings too.
pub fn canonical_filters(raw_query: &str) -> Vec<(String, String)> {
    let mut pairs: Vec<(u8, String, String)> = Vec::new();
    for (key, value) in url::form_urlencoded::parse(raw_query.as_bytes()) {
        let value = value.trim();
        let rank = match key.as_ref() {
            "priceMin" => 0,
            "priceMax" => 1,
            VENDOR_FIELD => 2,
            key if key.starts_with(PARAM_FIELD_PREFIX) => 3,
            _ => continue,
        };
        let single = rank < 2 || key.ends_with(".min") || key.ends_with(".max");
        if value.is_empty() || (single && pairs.iter().any(|(_, k, _)| *k == key)) {
            continue;
        }
        pairs.push((rank, key.into_owned(), value.to_owned()));
    }
    pairs.sort();
    pairs.dedup();
    pairs.into_iter().map(|(_, key, value)| (key, value)).collect()
}

/// The answer to a listing of `section` (its subsections' offers too; `None`: the whole catalogue) for `raw_query`:
/// `listing` (the checked `ListParams`) and the facet filters. Read from the facet index once it is built; before,
/// an unfiltered listing is read from the database without facets, and a filtered one is a 503 `FACETS_STARTING`.
/// Errors: the module's, 503.
pub async fn listing_answer(
    state: &AppState,
    section: Option<String>,
    listing: Listing,
    raw_query: &str,
) -> Result<OfferPage, ApiError> {
    let choices = Choices::parse(raw_query)?;
    if !state.search.is_ready() {
        if !choices.is_empty() {
            return Err(ApiError::Unavailable {
                code: "FACETS_STARTING",
                detail: "the facet index is being built; try again in a moment".into(),
                retry_after_s: FACETS_STARTING_RETRY_AFTER_S,
            });
        }
        return Ok(catalog::offer_page(&state.db, section.as_deref(), listing).await?);
    }
    let index = state.search.facets();
    let filter = choices.filter(&index, section, listing.available_only)?;
    Ok(catalog::faceted_page(&state.db, &state.catalog, &index, &filter, listing).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facets::FacetOffer;

    fn index() -> FacetIndex {
        let offer = |id: &str, vendor: &str, params: &[(&str, &str)]| FacetOffer {
            id: id.into(),
            vendor: Some(vendor.into()),
            price_minor: 10_000,
            currency_id: "RUB".into(),
            params: params.iter().map(|(n, v)| (n.to_string(), v.to_string(), None)).collect(),
            ..FacetOffer::default()
        };
        FacetIndex::build(vec![
            offer("1", "HP", &[("Цвет", "Чёрный"), ("Ресурс", "1500")]),
            offer("2", "Canon", &[("Цвет", "Голубой"), ("Ресурс", "800")]),
        ])
    }

    fn error(result: Result<impl std::fmt::Debug, ApiError>) -> (String, String) {
        match result.unwrap_err() {
            ApiError::BadRequest { code, field, .. } => (code.to_owned(), field.into_owned()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn filters_read_as_sent_and_match_normalised() {
        let choices =
            Choices::parse("vendor=HP&vendor=hp&p.%D1%86%D0%B2%D0%B5%D1%82=%D1%87%D1%91%D1%80%D0%BD%D1%8B%D0%B9&p.Ресурс.min=1000,5&priceMin=&utm_source=x&sort=price")
                .unwrap();
        let filter = choices.filter(&index(), None, false).unwrap();
        assert_eq!(filter.values[VENDOR], ["hp".to_owned()].into(), "the value once, normalised");
        assert_eq!(filter.values["цвет"], ["черный".to_owned()].into());
        assert_eq!(filter.ranges["ресурс"], (Some(1000.5), None));
        assert_eq!(filter.price, (None, None), "an empty field is no choice");
        assert!(Choices::parse("utm_source=x&page=2").unwrap().is_empty());
    }

    #[test]
    fn filters_have_one_canonical_order() {
        let pairs = canonical_filters(
            "p.Цвет=b&sort=price&p.Цвет=a&vendor=HP&priceMax=9&priceMin=1&priceMin=2&vendor=&p.Ресурс.min=5&vendor=Canon&p.Цвет=a&utm_source=x",
        );
        let keys: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(
            keys,
            ["priceMin=1", "priceMax=9", "vendor=Canon", "vendor=HP", "p.Ресурс.min=5", "p.Цвет=a", "p.Цвет=b"]
        );
    }

    #[test]
    fn bad_filters_name_their_key() {
        let index = index();
        let filter = |q: &str| Choices::parse(q).and_then(|c| c.filter(&index, None, false));
        assert_eq!(error(filter("p.Вес=1")), ("FACET_UNKNOWN".into(), "p.Вес".into()));
        assert_eq!(error(filter("p.Цвет.min=1")), ("FACET_RANGE_INVALID".into(), "p.Цвет.min".into()));
        assert_eq!(error(filter("p.Ресурс.max=много")), ("FACET_RANGE_INVALID".into(), "p.Ресурс.max".into()));
        assert_eq!(error(filter("p.Ресурс.min=9&p.Ресурс.max=1")).0, "FACET_RANGE_INVALID");
        assert_eq!(error(filter("p.Ресурс.min=1&p.Ресурс.min=2")), ("FILTER_REPEATED".into(), "p.Ресурс.min".into()));
        assert_eq!(error(filter("priceMin=1&priceMin=2")), ("FILTER_REPEATED".into(), "priceMin".into()));
        assert_eq!(error(filter("priceMin=дёшево")), ("PRICE_INVALID".into(), "priceMin".into()));
        assert_eq!(error(filter("priceMin=9&priceMax=1")), ("PRICE_INVALID".into(), "priceMax".into()));
        let many: String = (0..1000).map(|i| format!("vendor=v{i}&")).collect();
        assert_eq!(error(filter(&many)), ("FILTER_TOO_MANY_VALUES".into(), "vendor".into()));
        // A value no offer has leaves nothing, and is no error.
        let unknown = filter("vendor=Xerox").unwrap();
        assert_eq!(index.counts(&unknown).total, 0);
        assert_eq!(filter("priceMin=99,5").unwrap().price, (Some(99_50), None));
    }
}
