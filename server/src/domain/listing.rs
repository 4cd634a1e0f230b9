//! How a listing of offers is ordered: the orders a shopper can pick (docs/api.md "Offers"). The database (`db::offers`)
//! and the facet index (`crate::facets`) each list offers in these orders.

/// Listing order of offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferSort {
    /// The shop's own order: the order of the feed.
    Feed,
    /// Cheapest first (in minor units, whatever the currency).
    PriceAsc,
    /// Most expensive first.
    PriceDesc,
    /// By lower-cased name.
    Name,
    /// Most recently added to the storefront first; within one import, later in the feed first.
    New,
    /// Largest discount (old price over price) first: the "sale" collection.
    Discount,
}

impl OfferSort {
    /// The order a listing's `sort` parameter names (`price`, `-price`, `name`, `new`, `discount`; docs/api.md
    /// "Offers"); `None` for anything else. No parameter is [`OfferSort::Feed`], which has no name.
    pub fn from_param(name: &str) -> Option<Self> {
        match name {
            "price" => Some(Self::PriceAsc),
            "-price" => Some(Self::PriceDesc),
            "name" => Some(Self::Name),
            "new" => Some(Self::New),
            "discount" => Some(Self::Discount),
            _ => None,
        }
    }
}
