//! The catalogue service (issue 21): what a page or an endpoint needs to show the shop, loaded from the database and
//! shaped for the storefront: offers with their pictures and parameters, pages of offers, the home page's
//! collections, the section tree, the shop itself, its menus and its stores. The API handlers, the pages' heads
//! (`web/seo.rs`) and the server render's data (`web/render/data.rs`, issue 22) all call it, so none reaches into
//! another. It knows nothing of HTTP: errors
//! are the database's.
//!
//! Layer: below `api` and `web`, above `db` and `domain` (docs/ARCHITECTURE.md).

mod cache;
pub mod changes;
mod facets;
mod menus;
mod offers;
mod sections;
mod shop;
mod stores;
mod variants;

pub use crate::facets::{PARAM_FIELD_PREFIX, VENDOR_FIELD};
pub use cache::CatalogCache;
pub use facets::faceted_page;
pub use menus::{Menu, MenuItem, menu};
pub use offers::{
    Collection, Listing, Offer, OfferList, OfferPage, Param, collection, load_offers, offer_by_id, offer_by_slug,
    offer_page, offers_by_ids, product_paths,
};
pub use sections::{Section, SectionList, build_tree, section_tree};
pub use shop::{Shop, shop, shop_record};
pub use stores::{Rating, StoreAnswer, next_change as stores_next_change, shop_rating, store, store_list, stores};
pub use variants::{VariantChoice, VariantOption, VariantValue, Variants};
