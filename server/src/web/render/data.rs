//! A page's data for the server render (issue 22), loaded in process through the catalogue service: the API answers
//! the front-end asks for, as the JSON API would give them, without a request to the server itself and without its
//! handlers. Only answers that are the same for every visitor are made here; a visitor's own (session, basket,
//! lists, account) are left to the browser, which asks for them after hydration.

use crate::api::listing::listing_answer;
use crate::api::offers::{CollectionQuery, OffersQuery};
use crate::api::params::ListParams;
use crate::api::reviews::{ReviewsParams, reviews_page};
use crate::api::search::{SearchQuery, search_answer};
use crate::catalog::{self, OfferList, SectionList};
use crate::domain::changes;
use crate::state::AppState;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// One API answer handed to the render: HTTP status and JSON body (`HostAnswer` in `web/src/ssr/server-fetch.ts`),
/// with what it shows as the tags of `domain::changes` and, for the stores' hours, when the clock alone changes it
/// (issue 39: the page cache keeps a page until then or until a change names one of its tags).
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub status: u16,
    pub body: String,
    #[serde(skip)]
    pub tags: Vec<String>,
    #[serde(skip)]
    pub expires: Option<chrono::DateTime<chrono::Utc>>,
}

impl Answer {
    /// The answer shows what `tags` name.
    fn tagged<I: IntoIterator<Item = T>, T: Into<String>>(mut self, tags: I) -> Self {
        self.tags.extend(tags.into_iter().map(Into::into));
        self
    }
}

fn ok(value: &impl Serialize) -> Option<Answer> {
    serde_json::to_string(value).ok().map(|body| Answer { status: 200, body, tags: Vec::new(), expires: None })
}

/// A 404 as the API answers it: a page's "not found" is drawn from it, on the server as in the browser.
fn not_found(err: &crate::error::ApiError) -> Option<Answer> {
    let body = err.not_found_body()?;
    serde_json::to_string(&body).ok().map(|body| Answer { status: 404, body, tags: Vec::new(), expires: None })
}

fn query<T: DeserializeOwned>(raw: &str) -> Option<T> {
    serde_urlencoded::from_str(raw).ok()
}

fn decoded(segment: &str) -> Option<String> {
    percent_encoding::percent_decode_str(segment).decode_utf8().ok().map(|s| s.into_owned())
}

/// The answer of `GET {url}` (`url`: path and query as the front-end writes it, e.g.
/// `/api/offers?page=1&perPage=24`), when it is public and the request is valid; `None` otherwise (a visitor's own
/// URL, an unknown one, a refused parameter, or a database error, which is logged): the browser then asks for it
/// itself. An unknown product's offer is its 404 answer, from which the page draws "not found". Query parameters are read as the endpoints read them (`api::params`).
pub async fn load(state: &AppState, url: &str) -> Option<Answer> {
    let (path, raw_query) = url.split_once('?').unwrap_or((url, ""));
    let segments: Vec<&str> = path.trim_start_matches('/').trim_end_matches('/').split('/').collect();
    load_segments(state, &segments, raw_query)
        .await
        .inspect_err(
            |err| tracing::warn!(%err, url = %crate::log::url(url), "a page's data did not load for its render"),
        )
        .ok()
        .flatten()
}

async fn load_segments(state: &AppState, segments: &[&str], raw_query: &str) -> anyhow::Result<Option<Answer>> {
    let db = &state.db;
    Ok(match segments {
        ["api", "shop"] => ok(&*state.catalog.shop(db).await?).map(|a| a.tagged([changes::SHOP])),
        ["api", "sections"] => ok(&SectionList { sections: state.catalog.section_tree(db).await?.to_vec() })
            .map(|a| a.tagged([changes::SECTIONS])),
        ["api", "menus", code] => match decoded(code) {
            Some(code) => {
                catalog::menu(db, &code).await?.and_then(|menu| ok(&menu)).map(|a| a.tagged([changes::CONTENT]))
            }
            None => None,
        },
        ["api", "stores"] => {
            let now = chrono::Utc::now();
            let stores = catalog::stores(db, now).await?;
            ok(&stores)
                .map(|a| Answer { expires: catalog::stores_next_change(&stores, now), ..a.tagged([changes::CONTENT]) })
        }
        ["api", "collections", code] => {
            let limit = query::<CollectionQuery>(raw_query).and_then(|q| q.limit().ok());
            match (decoded(code), limit) {
                (Some(code), Some(limit)) => match catalog::Collection::parse(&code) {
                    Some(wanted) => ok(&OfferList { items: catalog::collection(db, wanted, limit).await? })
                        .map(|a| a.tagged([changes::OFFERS])),
                    None => None,
                },
                _ => None,
            }
        }
        ["api", "offers"] => match query::<OffersQuery>(raw_query) {
            Some(q) if q.ids.is_none() => listing(state, None, &q.listing, raw_query)
                .await?
                .map(|a| a.tagged([changes::OFFERS, changes::SECTIONS])),
            _ => None,
        },
        ["api", "sections", id, "offers"] => match (decoded(id), query::<ListParams>(raw_query)) {
            (Some(id), Some(params)) if state.catalog.section_tree(db).await?.iter().any(|s| s.id == id) => {
                let tags = [changes::section(&id), changes::SECTIONS.to_owned()];
                listing(state, Some(id), &params, raw_query).await?.map(|a| a.tagged(tags))
            }
            _ => None,
        },
        ["api", "reviews"] => match query::<ReviewsParams>(raw_query) {
            Some(params) => {
                reviews_page(state, &params).await.ok().and_then(|page| ok(&page)).map(|a| a.tagged([changes::CONTENT]))
            }
            None => None,
        },
        ["api", "search"] => match query::<SearchQuery>(raw_query).map(SearchQuery::request) {
            Some(Ok(request)) => search_answer(state, request, raw_query)
                .await
                .ok()
                .and_then(|body| String::from_utf8(body.to_vec()).ok())
                .map(|body| Answer { status: 200, body, tags: vec![changes::OFFERS.to_owned()], expires: None }),
            _ => None,
        },
        ["api", "offers", "by-slug", slug] => match decoded(slug) {
            Some(slug) => match catalog::offer_by_slug(db, &slug).await? {
                Some(offer) => {
                    let tags =
                        std::iter::once(changes::offer(&offer.id)).chain(offer.group_id.as_deref().map(changes::group));
                    ok(&offer).map(|a| a.tagged(tags))
                }
                // An offer imported later may take the slug.
                None => not_found(&crate::api::offers::offer_not_found(&slug)).map(|a| a.tagged([changes::OFFERS])),
            },
            None => None,
        },
        _ => None,
    })
}

/// A listing's answer ([`listing_answer`]); `None` for a refused request (a 400, or a 503 before the facet index is
/// built): the browser then asks for it itself and shows what the API says.
async fn listing(
    state: &AppState,
    section: Option<String>,
    params: &ListParams,
    raw_query: &str,
) -> anyhow::Result<Option<Answer>> {
    let Ok(listing) = params.validate() else { return Ok(None) };
    match listing_answer(state, section, listing, raw_query).await {
        Ok(page) => Ok(ok(&page)),
        Err(crate::error::ApiError::Internal(err)) => Err(err),
        Err(_) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_segments_are_percent_decoded() {
        assert_eq!(decoded("%D0%BA%D1%83%D0%B1"), Some("куб".to_owned()));
        assert_eq!(decoded("%FF"), None);
    }
}
