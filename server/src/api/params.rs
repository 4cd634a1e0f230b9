//! Listing query parameters shared by offer listings, validated into typed values with field-naming errors.

pub use crate::catalog::Listing;
use crate::db::offers::OfferSort;
use crate::error::ApiError;
use crate::limits::{DEFAULT_PER_PAGE, MAX_PAGE, SEARCH_PAGE_SIZE};
use serde::Deserialize;
use utoipa::IntoParams;

/// `?page=&perPage=&sort=&available=` as sent; see [`ListParams::validate`].
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// 1-based page number, 1..=100000; default 1.
    pub page: Option<String>,
    /// Offers per page, 1..=100 (spec §9 page size); default 24.
    pub per_page: Option<String>,
    /// `price`, `-price`, `name`, `new` or `discount`; omitted: the shop's own order.
    pub sort: Option<String>,
    /// `Y`: only offers in stock; `N` (default): all.
    pub available: Option<String>,
}

pub fn number(
    raw: Option<&str>,
    default: u32,
    max: u32,
    code: &'static str,
    field: &'static str,
) -> Result<u32, ApiError> {
    match raw {
        None => Ok(default),
        Some(s) => s.trim().parse::<u32>().ok().filter(|n| (1..=max).contains(n)).ok_or_else(|| {
            ApiError::bad_request(code, field, format!("{field} must be a whole number from 1 to {max}"))
        }),
    }
}

/// Parses `Y`/`N` (spec §3 availability flag), `N` when absent; anything else is a 400 naming `field`.
pub fn flag(raw: Option<&str>, code: &'static str, field: &'static str) -> Result<bool, ApiError> {
    flag_or(raw, false, code, field)
}

/// [`flag`] with `absent` when the parameter is not given (`subsections` and `facets` of a search default to `Y`).
pub fn flag_or(raw: Option<&str>, absent: bool, code: &'static str, field: &'static str) -> Result<bool, ApiError> {
    match raw.map(str::trim) {
        None => Ok(absent),
        Some("N") => Ok(false),
        Some("Y") => Ok(true),
        Some(_) => Err(ApiError::bad_request(code, field, format!("{field} must be Y or N"))),
    }
}

impl ListParams {
    /// Checks every parameter. Errors (400): `PAGE_INVALID`, `PER_PAGE_INVALID`, `SORT_INVALID`, `AVAILABLE_INVALID`.
    pub fn validate(&self) -> Result<Listing, ApiError> {
        let sort = match self.sort.as_deref().map(str::trim) {
            None | Some("") => OfferSort::Feed,
            Some(name) => OfferSort::from_param(name).ok_or_else(|| {
                ApiError::bad_request("SORT_INVALID", "sort", "sort must be one of price, -price, name, new, discount")
            })?,
        };
        Ok(Listing {
            page: number(self.page.as_deref(), 1, MAX_PAGE, "PAGE_INVALID", "page")?,
            per_page: number(
                self.per_page.as_deref(),
                DEFAULT_PER_PAGE,
                SEARCH_PAGE_SIZE,
                "PER_PAGE_INVALID",
                "perPage",
            )?,
            sort,
            available_only: flag(self.available.as_deref(), "AVAILABLE_INVALID", "available")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(page: Option<&str>, per: Option<&str>, sort: Option<&str>, avail: Option<&str>) -> ListParams {
        ListParams {
            page: page.map(Into::into),
            per_page: per.map(Into::into),
            sort: sort.map(Into::into),
            available: avail.map(Into::into),
        }
    }

    #[test]
    fn defaults_are_page_1_of_24_in_feed_order() {
        let l = p(None, None, None, None).validate().unwrap();
        assert_eq!(l, Listing { page: 1, per_page: 24, sort: OfferSort::Feed, available_only: false });
        assert_eq!(p(Some("3"), Some("10"), None, None).validate().unwrap().offset(), 20);
    }

    #[test]
    fn bad_values_name_their_field() {
        let code = |l: ListParams| match l.validate().unwrap_err() {
            ApiError::BadRequest { code, .. } => code,
            other => panic!("{other:?}"),
        };
        assert_eq!(code(p(Some("0"), None, None, None)), "PAGE_INVALID");
        assert_eq!(code(p(Some("x"), None, None, None)), "PAGE_INVALID");
        assert_eq!(code(p(None, Some("101"), None, None)), "PER_PAGE_INVALID");
        assert_eq!(code(p(None, None, Some("cheap"), None)), "SORT_INVALID");
        assert_eq!(code(p(None, None, None, Some("yes"))), "AVAILABLE_INVALID");
    }
}
