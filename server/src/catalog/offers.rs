//! Offers as the storefront shows them, and pages of them.

use super::variants::{VariantChoice, VariantFacts, Variants};
use crate::db::Db;
use crate::db::offers::{self as db_offers, OfferFilter, OfferRow, OfferSort};
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::slug::offer_path;
use crate::limits::PRODUCT_VARIANTS_MAX;
use serde::Serialize;
use utoipa::ToSchema;

/// A parameter of an offer: `{"name":"Вес","value":"300","unit":"г"}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Param {
    pub name: String,
    pub value: String,
    #[schema(required)]
    pub unit: Option<String>,
}

/// An offer as the storefront shows it. Prices are JSON numbers in major units, exact (docs/api.md "Money").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    /// The feed's offer id.
    pub id: String,
    pub name: String,
    /// The offer's storefront page, e.g. `/catalog/konstruktory/little-starter/`.
    pub url: String,
    #[schema(required)]
    pub section_id: Option<String>,
    /// The pictures the shop holds its own copy of, in the feed's order (issue 24); one still being fetched, or whose
    /// download failed, is left out (the UI shows a placeholder when none is left).
    pub pictures: Vec<crate::domain::pictures::Picture>,
    /// Price in major units of `currencyId` (e.g. `1480`, `3.54`).
    #[schema(value_type = f64, example = 1480)]
    pub price: serde_json::Number,
    /// The price before a discount, major units; `null` when there is no discount.
    #[schema(value_type = Option<f64>, required)]
    pub old_price: Option<serde_json::Number>,
    /// ISO 4217 code (`RUB`, `KZT`, …).
    pub currency_id: String,
    pub available: bool,
    #[schema(required)]
    pub vendor: Option<String>,
    #[schema(required)]
    pub vendor_code: Option<String>,
    pub params: Vec<Param>,
    /// Sanitised HTML.
    #[schema(required)]
    pub description: Option<String>,
    /// The product this offer is a variant of (YML `group_id`, issue 35): offers sharing it are one product's
    /// variants; `null` for an offer of its own.
    #[schema(required)]
    pub group_id: Option<String>,
    /// What the product's variants span when it has more than one (issue 35); `null` otherwise.
    #[schema(required)]
    pub variants: Option<super::variants::Variants>,
}

impl Offer {
    /// Bytes it holds, about: its text, parameters and pictures (what the catalogue cache weighs).
    pub fn approx_bytes(&self) -> usize {
        let text = |s: &Option<String>| s.as_ref().map_or(0, String::len);
        let params: usize = self.params.iter().map(|p| p.name.len() + p.value.len() + text(&p.unit) + 72).sum();
        256 + self.id.len()
            + self.name.len()
            + self.url.len()
            + text(&self.description)
            + text(&self.vendor)
            + text(&self.vendor_code)
            + params
            + self.pictures.len() * 64
            + self.variants.as_ref().map_or(0, |_| 512)
    }
}

/// A page of offers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferPage {
    pub items: Vec<Offer>,
    /// Offers matching the filter on all pages.
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
    pub pages: u32,
    /// The listing's facets with their counts (issue 35); `null` where a listing has none (offers asked by `ids`),
    /// and in the seconds after a start, before the first facet index is built.
    #[schema(required)]
    pub facets: Option<crate::facets::ListingFacets>,
}

/// A validated listing request: which page, how many per page (1..=`SEARCH_PAGE_SIZE`), the order, and whether
/// only offers in stock count. The API builds it from `?page=&perPage=&sort=&available=` (`api::params`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Listing {
    pub page: u32,
    pub per_page: u32,
    pub sort: OfferSort,
    pub available_only: bool,
}

impl Listing {
    /// Rows to skip before this page.
    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.per_page)
    }
}

fn money(minor: i64, currency: &str) -> serde_json::Number {
    let currency = CurrencyCode::parse(currency).unwrap_or_default();
    Money { minor, currency }.major_json()
}

/// Turns rows into [`Offer`]s with their pictures and params (two more queries for the whole list, and one for the
/// span of their products' variants when any has a group), in the rows' order.
pub async fn load_offers(pool: &Db, rows: Vec<OfferRow>) -> sqlx::Result<Vec<Offer>> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let (mut pictures, mut params) = db_offers::details(pool, &ids).await?;
    let groups: Vec<&str> = rows.iter().filter_map(|r| r.group_id.as_deref()).collect();
    let spans = db_offers::variant_spans(pool, &groups).await?;
    let variants = |r: &OfferRow| {
        let span = spans.get(r.group_id.as_deref()?).filter(|span| span.count > 1)?;
        Some(Variants {
            count: u32::try_from(span.count).unwrap_or(u32::MAX),
            available: u32::try_from(span.available).unwrap_or(u32::MAX),
            min_price: money(span.min_price_minor, &r.currency_id),
            max_price: money(span.max_price_minor, &r.currency_id),
            choice: None,
        })
    };
    Ok(rows
        .into_iter()
        .map(|r| Offer {
            variants: variants(&r),
            url: offer_path(r.section_slug.as_deref(), &r.slug),
            pictures: pictures.remove(&r.id).unwrap_or_default(),
            params: params
                .remove(&r.id)
                .unwrap_or_default()
                .into_iter()
                .map(|p| Param { name: p.name, value: p.value, unit: p.unit })
                .collect(),
            price: money(r.price_minor, &r.currency_id),
            old_price: r.old_price_minor.map(|m| money(m, &r.currency_id)),
            id: r.id,
            name: r.name,
            section_id: r.section_id,
            currency_id: r.currency_id,
            available: r.available,
            vendor: r.vendor,
            vendor_code: r.vendor_code,
            description: r.description,
            group_id: r.group_id,
        })
        .collect())
}

/// A list of offers (the home page's collections).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OfferList {
    pub items: Vec<Offer>,
}

/// A home-page collection (docs/decisions.md "Home tabs").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    /// Most recently added first.
    New,
    /// In stock, in the shop's order (until orders exist).
    Hits,
    /// With an old price, largest discount first.
    Sale,
}

impl Collection {
    /// The collection named `code` in its URL (`new`, `hits`, `sale`).
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "new" => Some(Collection::New),
            "hits" => Some(Collection::Hits),
            "sale" => Some(Collection::Sale),
            _ => None,
        }
    }
}

/// The first `limit` offers of `collection`.
pub async fn collection(pool: &Db, collection: Collection, limit: u32) -> sqlx::Result<Vec<Offer>> {
    let (available_only, discounted_only, sort) = match collection {
        Collection::New => (false, false, OfferSort::New),
        Collection::Hits => (true, false, OfferSort::Feed),
        Collection::Sale => (false, true, OfferSort::Discount),
    };
    let filter = OfferFilter { section_id: None, available_only, discounted_only, sort };
    load_offers(pool, db_offers::first(pool, &filter, limit).await?).await
}

/// One page of the catalogue's offers, or of a section's and its subsections' (`section_id`).
pub async fn offer_page(pool: &Db, section_id: Option<&str>, listing: Listing) -> sqlx::Result<OfferPage> {
    let filter =
        OfferFilter { section_id, available_only: listing.available_only, discounted_only: false, sort: listing.sort };
    let (rows, total) = db_offers::page(pool, &filter, listing.per_page, listing.offset()).await?;
    Ok(OfferPage {
        items: load_offers(pool, rows).await?,
        total,
        page: listing.page,
        per_page: listing.per_page,
        pages: ((total + i64::from(listing.per_page) - 1) / i64::from(listing.per_page)) as u32,
        facets: None,
    })
}

/// The active offers named by `ids`, in the order of `ids`; unknown or removed ones are left out.
pub async fn offers_by_ids(pool: &Db, ids: &[String]) -> sqlx::Result<Vec<Offer>> {
    let rows = db_offers::find_active_by_ids(pool, ids).await?;
    let mut offers = load_offers(pool, rows).await?;
    offers.sort_by_key(|o| ids.iter().position(|id| *id == o.id));
    Ok(offers)
}

/// The active offer whose `url` ends with `slug`, if any; a variant with its product's chooser.
pub async fn offer_by_slug(pool: &Db, slug: &str) -> sqlx::Result<Option<Offer>> {
    one_offer(pool, db_offers::find_active_by_slug(pool, slug).await?).await
}

/// The active offer with the feed's id `id`, if any; a variant with its product's chooser.
pub async fn offer_by_id(pool: &Db, id: &str) -> sqlx::Result<Option<Offer>> {
    one_offer(pool, db_offers::find_active_by_id(pool, id).await?).await
}

/// Every product page's path, for the sitemap: of a product of several variants, its first variant's only (the
/// others name it canonical).
pub async fn product_paths(pool: &Db) -> sqlx::Result<Vec<String>> {
    Ok(db_offers::list_active_slugs(pool)
        .await?
        .into_iter()
        .map(|(section, slug)| offer_path(section.as_deref(), &slug))
        .collect())
}

/// The one active offer of `row` (a look-up by id or slug), if there was one; a variant with its product's chooser
/// (one more read of the product's variants).
async fn one_offer(pool: &Db, row: Option<OfferRow>) -> sqlx::Result<Option<Offer>> {
    let Some(row) = row else { return Ok(None) };
    let group = row.group_id.clone();
    let Some(mut offer) = load_offers(pool, vec![row]).await?.pop() else { return Ok(None) };
    if let (Some(group), Some(variants)) = (group, offer.variants.as_mut()) {
        let siblings = db_offers::group_offers(pool, &group, PRODUCT_VARIANTS_MAX).await?;
        let ids: Vec<&str> = siblings.iter().map(|r| r.id.as_str()).collect();
        let mut params = db_offers::params(pool, &ids).await?;
        let facts: Vec<VariantFacts> = siblings
            .iter()
            .map(|r| VariantFacts {
                id: r.id.clone(),
                name: r.name.clone(),
                url: offer_path(r.section_slug.as_deref(), &r.slug),
                available: r.available,
                params: params.remove(&r.id).unwrap_or_default().into_iter().map(|p| (p.name, p.value)).collect(),
            })
            .collect();
        let options = super::variants::options(&offer.id, &facts);
        if let Some(first) = facts.first()
            && !options.is_empty()
        {
            variants.choice = Some(VariantChoice { product_url: first.url.clone(), options });
        }
    }
    Ok(Some(offer))
}
