//! The URL a public page is rendered and cached under (issue 34): what the page reads of its query, and nothing else.
//!
//! One client asking for `?utm_source=<random>`, `?page=<garbage>` or any other key a page ignores made every
//! request a new page to render, kept both render threads busy and pushed ordinary visitors onto the shell. Now the
//! page cache and the render see [`page_url`]: tracking parameters and every key the page does not read are dropped,
//! a malformed page number or order is the page without it (as the front-end reads it), and the keys come in one
//! order. Such URLs share one cache entry; the canonical link already names the clean URL.

use super::preload::Route;
use crate::db::offers::OfferSort;
use crate::limits::MAX_PAGE;

/// Where in [`keys`] a listing's facet filters go (not a query key itself).
const FILTERS: &str = "\0filters";

/// The query keys a page reads (`web/src/config/paths.ts`: `listingParams`, `searchParams`, `reviewsParams`), in
/// the order the page URL writes them; a listing's facet filters come before its `page`
/// ([`canonical_filters`](crate::api::listing::canonical_filters)).
fn keys(route: Route) -> &'static [&'static str] {
    match route {
        Route::Catalog | Route::Section => &["sort", "available", FILTERS, "page"],
        Route::Search => &["q", "available", "section", FILTERS, "page"],
        Route::Reviews => &["page"],
        _ => &[],
    }
}

/// `value` of `key` as the page reads it, or `None` when the page reads it as absent: a page number is a whole number
/// from 2 to [`MAX_PAGE`] (page 1 is the page without it; the front-end takes anything else for page 1), an order is
/// one of the API's (`OfferSort::from_param`), `available` is `Y` or `N`; `q` and `section` are kept as given when
/// not empty.
fn read(key: &str, value: &str) -> Option<String> {
    match key {
        "page" => value
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| value.parse::<u64>().ok())
            .flatten()
            .filter(|page| (2..=u64::from(MAX_PAGE)).contains(page))
            .map(|page| page.to_string()),
        "sort" => OfferSort::from_param(value).map(|_| value.to_owned()),
        "available" => matches!(value, "Y" | "N").then(|| value.to_owned()),
        _ => (!value.is_empty()).then(|| value.to_owned()),
    }
}

/// The URL (path and query) the page `route` at `path` is rendered and cached under: `path`, plus the keys of
/// `query` the page reads, each once (its first value, as `URLSearchParams.get` reads it), valid, in [`keys`] order,
/// form-encoded. `/catalog/x/?utm_source=a&page=2&sort=zzz` is `/catalog/x/?page=2`.
pub fn page_url(path: &str, query: Option<&str>, route: Route) -> String {
    let pairs: Vec<(String, String)> =
        url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()).into_owned().collect();
    let mut kept = url::form_urlencoded::Serializer::new(String::new());
    let mut any = false;
    for key in keys(route) {
        if *key == FILTERS {
            for (key, value) in crate::api::listing::canonical_filters(query.unwrap_or_default()) {
                kept.append_pair(&key, &value);
                any = true;
            }
            continue;
        }
        let first = pairs.iter().find(|(name, _)| name == key).map(|(_, value)| value.as_str());
        if let Some(value) = first.and_then(|value| read(key, value)) {
            kept.append_pair(key, &value);
            any = true;
        }
    }
    if any { format!("{path}?{}", kept.finish()) } else { path.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_page_does_not_read_is_dropped_and_the_rest_comes_in_one_order() {
        let section = |query: &str| page_url("/catalog/x/", Some(query), Route::Section);
        assert_eq!(section("utm_source=ad&yclid=1&gclid=2&fbclid=3&_openstat=4&zz=5"), "/catalog/x/");
        assert_eq!(
            section("page=3&available=Y&sort=-price&utm_medium=cpc"),
            "/catalog/x/?sort=-price&available=Y&page=3"
        );
        assert_eq!(section("page=abc&sort=zzz&available=yes"), "/catalog/x/", "malformed: the page without them");
        assert_eq!(section("page=1"), "/catalog/x/");
        assert_eq!(section("page=+2"), "/catalog/x/");
        assert_eq!(section(&format!("page={}", u64::from(MAX_PAGE) + 1)), "/catalog/x/");
        assert_eq!(section("page=02&page=5"), "/catalog/x/?page=2", "the first value, written as a number");
        assert_eq!(page_url("/catalog/x/y/", Some("page=2&sort=price"), Route::Product), "/catalog/x/y/");
        assert_eq!(page_url("/", None, Route::Home), "/");
        assert_eq!(
            section("page=2&vendor=HP&p.C=b&sort=price&vendor=Canon&p.C=a&priceMin="),
            "/catalog/x/?sort=price&vendor=Canon&vendor=HP&p.C=a&p.C=b&page=2",
            "facet filters in their canonical order, before the page"
        );
    }

    #[test]
    fn the_search_keeps_its_text_encoded_as_the_browser_reads_it() {
        let search = page_url(
            "/search/",
            Some("utm_source=x&q=%D0%BB%D0%B5%D0%B3%D0%BE+%D0%B4%D1%83%D0%BF%D0%BB%D0%BE&available=N&section=12"),
            Route::Search,
        );
        assert_eq!(search, "/search/?q=%D0%BB%D0%B5%D0%B3%D0%BE+%D0%B4%D1%83%D0%BF%D0%BB%D0%BE&available=N&section=12");
        assert_eq!(page_url("/search/", Some("q=&page=2"), Route::Search), "/search/?page=2");
        assert_eq!(page_url("/reviews/", Some("page=2&sort=price"), Route::Reviews), "/reviews/?page=2");
    }
}
