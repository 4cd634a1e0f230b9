//! A listing narrowed by facets (issue 35), as the storefront shows it: a page of offers read from the facet index
//! in the listing's order, and the facets with their counts, both from the same index (so they never disagree).

use super::cache::CatalogCache;
use super::offers::{Listing, Offer, OfferPage};
use crate::db::Db;
use crate::facets::{Counts, FacetIndex, Filter, ListingFacets};

/// One page of the offers `filter` leaves, in `listing`'s order, with the facets' counts: both from `index`, the
/// offers themselves through the catalogue cache. An offer the index names but the database no longer has active
/// (an import since the index was built, for at most the watcher's interval) is left out of the page.
pub async fn faceted_page(
    pool: &Db,
    cache: &CatalogCache,
    index: &FacetIndex,
    filter: &Filter,
    listing: Listing,
) -> sqlx::Result<OfferPage> {
    let page = index.page(filter, listing.sort, listing.offset(), listing.per_page as usize);
    let counts = index.counts_cached(filter);
    let items: Vec<Offer> = cache.offers(pool, &page.ids).await?.iter().map(|offer| (**offer).clone()).collect();
    let per_page = u64::from(listing.per_page);
    Ok(OfferPage {
        items,
        total: page.total as i64,
        page: listing.page,
        per_page: listing.per_page,
        pages: page.total.div_ceil(per_page) as u32,
        facets: Some(ListingFacets::from_counts(Counts::clone(&counts), index.currency_id())),
    })
}
