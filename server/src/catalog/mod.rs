//! The catalogue service (issue 21): what a page or an endpoint needs to show the catalogue, loaded from the
//! database and shaped for the storefront: offers with their pictures and parameters, pages of offers, the section
//! tree. The API handlers (`api/offers.rs`, `api/sections.rs`, `api/search.rs`, the basket and the lists) and the
//! pages' heads (`web/seo.rs`) both call it, so neither reaches into the other. It knows nothing of HTTP: errors
//! are the database's.
//!
//! Layer: below `api` and `web`, above `db` and `domain` (docs/ARCHITECTURE.md).

mod cache;
mod offers;
mod sections;

pub use cache::OfferCache;
pub use offers::{Listing, Offer, OfferPage, Param, load_offers, offer_page, offers_by_ids, one_offer};
pub use sections::{Section, build_tree, section_tree};
