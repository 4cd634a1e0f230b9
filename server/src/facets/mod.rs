//! The facet index (issue 35): what a shopper can narrow a listing by, and how many offers each choice would leave.
//!
//! One roaring bitmap of offers per facet value, counted by intersecting, in memory (as Meilisearch's
//! `facet_distribution` does), instead of Bitrix's `GROUP BY` over a table with a row per offer, value and ancestor
//! section. Offers get dense ids (`u32`, their place in [`FacetIndex`]); every set of offers is a [`RoaringBitmap`].
//!
//! - **Facets:** the vendor, then each offer parameter, the ones most offers carry first. A listing shows a parameter
//!   when at least [`FACET_MIN_SHARE_PERCENT`] of its offers carry it (the vendor always, when any offer has one;
//!   the share and parameters to show first are the shop's settings, [`FacetSettings`]),
//!   unless its values name offers rather than group them ([`FACET_MAX_DISTINCT_PERCENT`]: a part number).
//! - **Matching:** values of one facet combine with OR, facets with AND; the section (with its subsections), "only
//!   in stock", the price range and numeric ranges narrow the same way.
//! - **Counts:** a facet's counts ignore that facet's own choice (Bitrix and Shopify do the same), so a shopper sees
//!   what each other value would give. A value that would leave nothing is counted 0, not dropped: the panel keeps
//!   its shape.
//! - **Numbers:** a parameter whose every value reads as a number (a decimal comma too) is numeric: it filters by a
//!   range and answers the range its offers span; its values are listed too only when they are few
//!   ([`FACET_NUMERIC_VALUES_MAX`]: a warranty of 6, 12 or 24 months).
//! - **Names and values** are matched normalised ([`normal`]: case, surrounding and repeated spaces, `ё`/`е`) and
//!   shown as the feed wrote them (the most frequent spelling).

mod answer;
mod sample;

pub use answer::{FacetItem, FacetValue, ListingFacets, NumberSpan, PARAM_FIELD_PREFIX, PriceSpan, VENDOR_FIELD};

use crate::domain::listing::OfferSort;
use crate::domain::offer_ids::OfferIds;
use crate::limits::{
    FACET_ESTIMATE_MIN_SAMPLED, FACET_MAX_DISTINCT_PERCENT, FACET_MIN_SHARE_PERCENT, FACET_NUMERIC_VALUES_MAX,
    FACET_ORDER_WALK_COST, FACET_PRICE_WALK_MIN_IDS, FACET_SAMPLE_MATCHES, FACET_UNCARRIED_SHARE,
};
use roaring::RoaringBitmap;
use sample::{Sample, SampleLayout};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

/// The key of the vendor facet (a parameter key is a normalised name, which never starts with `@`).
pub const VENDOR: &str = "@vendor";

/// The vendor facet's name (YML `vendor`).
const VENDOR_NAME: &str = "Производитель";

/// One offer as the index reads it (kept on disk with the index's generation, `search::disk`, so an import's update
/// rebuilds the facet index without reading the catalogue again: issue 39).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct FacetOffer {
    /// The offer's id (`Offer.id`).
    pub id: String,
    /// Its section and every ancestor of it (a section's listing holds its subsections' offers).
    pub sections: Vec<String>,
    pub vendor: Option<String>,
    pub available: bool,
    /// Minor units of the catalogue's currency.
    pub price_minor: i64,
    /// `(name, value, unit)` as the feed wrote them.
    pub params: Vec<(String, String, Option<String>)>,
    /// The price before a discount, minor units (the "discount" order).
    pub old_price_minor: Option<i64>,
    /// The lower-cased name the "name" order sorts by (`offers.name_key`).
    pub name_key: String,
    /// The import that first brought the offer (the "new" order: latest first).
    pub added_import: i64,
    /// ISO 4217 code of its price.
    pub currency_id: String,
    /// The product it is a variant of (YML `group_id`); the index holds products, so the read gathers a group's
    /// variants into one entry (`search::products`).
    pub group_id: Option<String>,
    /// A product's highest price, minor units, when its variants' prices differ (`price_minor` is its lowest): the
    /// price filter keeps a product whose span meets the range.
    pub price_max_minor: Option<i64>,
}

/// The shop's facet settings (issue 35: "the threshold and the order of facets are settings"; `vitrina serve
/// --facet-min-share`, `--facet-order`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetSettings {
    /// A parameter shows as a facet of a listing when at least this share of the listing's offers carry it, percent
    /// (0..=100; default [`FACET_MIN_SHARE_PERCENT`]).
    pub min_share_percent: u8,
    /// Parameter names shown first, in this order, after the vendor (matched [`normal`]); the others follow, the ones
    /// most offers carry first.
    pub order: Vec<String>,
}

impl Default for FacetSettings {
    fn default() -> Self {
        Self { min_share_percent: FACET_MIN_SHARE_PERCENT, order: Vec::new() }
    }
}

/// `text` as facets match it: trimmed, inner spaces made one, lower case, `ё` as `е`.
pub fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase().replace('ё', "е")
}

/// `text` as a number, a decimal comma read as a point; `None` when it is not one (a parameter's value, a range's
/// end in a listing's query).
pub fn number(text: &str) -> Option<f64> {
    text.trim().replace(',', ".").parse::<f64>().ok().filter(|n| n.is_finite())
}

/// One value of a facet. Its key and label are shared with every count that lists it ([`ValueCount`]): copied as
/// strings, a search's 241-value facet cost two allocations per value, 4–5 % of an uncached search at 100,000 offers
/// (issue 39). Kept on disk as strings (serde writes an `Arc<str>` as its `str`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Value {
    /// [`normal`] of the value.
    key: Arc<str>,
    /// As the feed wrote it (the most frequent spelling).
    label: Arc<str>,
    offers: RoaringBitmap,
}

/// One facet: the vendor or a parameter.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Facet {
    /// [`VENDOR`], or [`normal`] of the parameter's name.
    key: String,
    /// As the feed wrote it.
    name: String,
    /// The parameter's unit (its most frequent), if any.
    unit: Option<String>,
    /// By key, in the order shown: most offers first, then by label.
    values: Vec<Value>,
    /// Offers with any value.
    carried: RoaringBitmap,
    /// The catalogue's offers without a value, made on first use when they are few ([`Facet::carried_in`]).
    #[serde(skip)]
    uncarried: std::sync::OnceLock<Option<RoaringBitmap>>,
    /// Every value reads as a number: `(number, index in values)`, by number. A range is the union of its values'
    /// bitmaps; the span of some offers is the first and last value that holds one of them (a value per distinct
    /// number, not a number per offer: 72 bytes an offer less at three numeric facets).
    numbers: Option<Vec<(f64, usize)>>,
    /// Its values name offers rather than group them (more distinct values than [`FACET_MAX_DISTINCT_PERCENT`] of
    /// the offers carrying it: a part number, a list of compatible printers): not shown unless chosen.
    identifying: bool,
}

impl Facet {
    /// How many offers of `scope` (some of `all`, the catalogue's) carry the facet. When nearly every offer does, as
    /// the offers without it subtracted from `scope`'s size: intersecting `carried` with a wide search's matches
    /// (16 bitmap containers at a million offers, for each facet) was 4 % of its time (issue 39).
    fn carried_in(&self, scope: &RoaringBitmap, all: &RoaringBitmap) -> u64 {
        let uncarried = self.uncarried.get_or_init(|| {
            let few = all.len().saturating_sub(self.carried.len()) <= all.len() / FACET_UNCARRIED_SHARE;
            few.then(|| all - &self.carried)
        });
        match uncarried {
            Some(uncarried) => scope.len() - uncarried.intersection_len(scope),
            None => self.carried.intersection_len(scope),
        }
    }

    /// The offers whose value is one of `keys` (unknown keys match nothing).
    fn any_of(&self, keys: &BTreeSet<String>) -> RoaringBitmap {
        self.values
            .iter()
            .filter(|v| keys.contains(&*v.key))
            .map(|v| &v.offers)
            .fold(RoaringBitmap::new(), |a, b| a | b)
    }

    /// The offers whose number lies within `[from, to]` (either end open).
    fn within(&self, (from, to): (Option<f64>, Option<f64>)) -> RoaringBitmap {
        use roaring::MultiOps;
        let Some(numbers) = &self.numbers else { return RoaringBitmap::new() };
        let start = from.map_or(0, |from| numbers.partition_point(|(n, _)| *n < from));
        let end = to.map_or(numbers.len(), |to| numbers.partition_point(|(n, _)| *n <= to));
        let inside = numbers.get(start..end.max(start)).unwrap_or_default();
        inside.iter().map(|(_, i)| &self.values[*i].offers).union()
    }
}

/// What a listing is narrowed by.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// The section whose offers (its subsections' too) are listed; `None`: the whole catalogue.
    pub section: Option<String>,
    /// Only offers in stock.
    pub available: bool,
    /// The price range, minor units, both ends included.
    pub price: (Option<i64>, Option<i64>),
    /// Chosen values by facet key ([`VENDOR`] or a parameter's [`normal`] name), as [`normal`] values.
    pub values: BTreeMap<String, BTreeSet<String>>,
    /// Chosen ranges of numeric parameters by facet key, both ends included.
    pub ranges: BTreeMap<String, (Option<f64>, Option<f64>)>,
    /// Only these offers (dense ids): a search's matches, whose facets are counted over them.
    pub within: Option<RoaringBitmap>,
}

/// One value's count.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueCount {
    pub key: Arc<str>,
    pub label: Arc<str>,
    /// Offers it would leave with the other facets' choices; 0 is shown disabled.
    pub count: u64,
    /// `count` is estimated from a sample of a search's many matches ([`FacetIndex::count_exactly_up_to`]), rounded
    /// to two significant digits.
    pub estimate: bool,
    pub chosen: bool,
}

/// Offers [`FacetIndex::tally_chunk`] reads together.
const TALLY_CHUNK: usize = 64;

/// One facet's counts.
#[derive(Debug, Clone, PartialEq)]
pub struct FacetCounts {
    pub key: String,
    pub name: String,
    pub unit: Option<String>,
    pub values: Vec<ValueCount>,
    /// A numeric facet: the smallest and largest number the other choices leave.
    pub range: Option<(f64, f64)>,
}

/// A listing's facets and its size.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    /// Offers the whole filter leaves.
    pub total: u64,
    /// The lowest and highest price of what the other choices leave, minor units ("price on request", 0, left out);
    /// `None` when they leave nothing priced.
    pub price: Option<(i64, i64)>,
    pub facets: Vec<FacetCounts>,
}

impl Counts {
    /// Bytes it holds, about (what [`KeptCounts`] weighs).
    fn approx_bytes(&self) -> usize {
        let value = |v: &ValueCount| v.key.len() + v.label.len() + 48;
        let facet = |f: &FacetCounts| f.key.len() + f.name.len() + 96 + f.values.iter().map(value).sum::<usize>();
        64 + self.facets.iter().map(facet).sum::<usize>()
    }
}

/// The facet index of a catalogue. Built anew with the catalogue ([`FacetIndex::build`]); read-only after. Kept on
/// disk beside the search index (`search::disk`, in `postcard`: the bitmaps in roaring's own format).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct FacetIndex {
    /// Offer ids by dense id: the search index's, shared (`search::disk` writes them once, with the search index's
    /// state, and hands them over on reading: [`FacetIndex::adopt_ids`]).
    #[serde(skip)]
    ids: Arc<OfferIds>,
    all: RoaringBitmap,
    sections: HashMap<String, RoaringBitmap>,
    available: RoaringBitmap,
    /// Each entry's price, minor units (a product's lowest).
    prices: Vec<i64>,
    /// A product's highest price where its variants' prices differ (few entries: a map, not a column).
    price_tops: HashMap<u32, i64>,
    /// Vendor first, then parameters by how many offers carry them.
    facets: Vec<Facet>,
    by_key: HashMap<String, usize>,
    /// Each offer's place (by dense id) in each order, as `db::offers` orders a listing; the feed's only when it is
    /// not the dense ids' own ([`SortKey::Feed`]).
    orders: HashMap<SortKey, Vec<u32>>,
    /// The currency most offers are priced in (`RUB` when there are none): the price filter's.
    currency_id: String,
    /// The share of a listing's offers a parameter needs to show, percent ([`FacetSettings::min_share_percent`]).
    min_share_percent: u8,
    /// Each offer's values of the facets that group offers (not `identifying`), by dense id:
    /// `value_entries[value_starts[id]..value_starts[id + 1]]`, each entry the value's place among all those facets'
    /// values ([`FacetIndex::value_places`]). A listing of few offers, or a sample of a search's many matches, is
    /// counted by walking its offers once instead of intersecting every value.
    value_starts: Vec<u32>,
    value_entries: ValueEntries,
    /// Listings' counts asked for since the index was built ([`FacetIndex::counts_cached`]).
    #[serde(skip)]
    kept_counts: KeptCounts,
    /// A search's matches counted exactly; past them, estimated ([`FacetIndex::count_exactly_up_to`]).
    #[serde(skip)]
    exact_up_to: ExactUpTo,
    /// `price_tops` as `(top in minor units, dense id)` by price, highest first, made at the first price span of
    /// entries with a price ([`FacetIndex::price_span_of`]); `None` when a product with a top has no price of its own
    /// (0), whose top may be the lowest price of a span.
    #[serde(skip)]
    tops_by_price: std::sync::OnceLock<Option<Vec<(i64, u32)>>>,
    /// The entries with a price (above 0), cheapest first: the price order's, made at the first price span of at
    /// least [`FACET_PRICE_WALK_MIN_IDS`] entries ([`FacetIndex::price_span_of`]; 4 bytes a priced entry, counted
    /// in [`FacetIndex::memory_bytes`] from the start).
    #[serde(skip)]
    lows_by_price: std::sync::OnceLock<Vec<u32>>,
    /// The offers of the sample levels a search's sample is taken from, made when the index is put in use
    /// ([`FacetIndex::prepare_samples`]), or else at the first search sampled ([`SampleLayout`]).
    #[serde(skip)]
    sample_layout: std::sync::OnceLock<SampleLayout>,
    /// Per kept order ([`SortKey::slot`]), its dense ids in order (its ranks inverted), made at the first page that
    /// walks it ([`FacetIndex::page`]; 4 bytes an entry).
    #[serde(skip)]
    walks: [std::sync::OnceLock<Vec<u32>>; SortKey::COUNT],
}

/// A search's matches whose facets [`FacetIndex::counts`] counts exactly ([`FACET_SAMPLE_MATCHES`] unless the shop
/// says otherwise).
#[derive(Debug, Clone, Copy)]
struct ExactUpTo(u64);

impl Default for ExactUpTo {
    fn default() -> Self {
        Self(FACET_SAMPLE_MATCHES)
    }
}

/// Listings' counts by filter, kept as long as their index (issue 39): a section's facets are the same on each of its
/// pages and in each order, and counting a large section intersects every listed value (a millisecond at 7,000
/// offers), so each filter is counted once per catalogue. Bounded in bytes (`VITRINA_CACHE_MB`'s share).
#[derive(Clone)]
struct KeptCounts(moka::sync::Cache<String, Arc<Counts>>);

impl KeptCounts {
    fn with_bytes(bytes: u64) -> Self {
        Self(
            moka::sync::Cache::builder()
                .max_capacity(bytes)
                .weigher(|key: &String, counts: &Arc<Counts>| {
                    u32::try_from(key.len() + counts.approx_bytes()).unwrap_or(u32::MAX)
                })
                .build(),
        )
    }
}

impl Default for KeptCounts {
    fn default() -> Self {
        Self::with_bytes(crate::limits::CacheBudget::default().counts)
    }
}

impl std::fmt::Debug for KeptCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeptCounts({} entries)", self.0.entry_count())
    }
}

/// [`FacetIndex::value_entries`]: two bytes an entry while the facets that group offers have no more than 65,536
/// values between them, four past it. Two bytes halve the index's largest part in memory and what a walk reads (at a
/// million offers 18 MB of entries instead of 36, issue 39); on disk postcard writes both as the same varints.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
enum ValueEntries {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for ValueEntries {
    fn default() -> Self {
        Self::Narrow(Vec::new())
    }
}

impl ValueEntries {
    fn len(&self) -> usize {
        match self {
            Self::Narrow(entries) => entries.len(),
            Self::Wide(entries) => entries.len(),
        }
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        match self {
            Self::Narrow(entries) => entries.len() * 2,
            Self::Wide(entries) => entries.len() * 4,
        }
    }
}

/// The orders [`FacetIndex::orders`] keeps ([`OfferSort`] is not `Hash`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
enum SortKey {
    /// The feed's, kept only when the dense ids are not in it (a build's are in section order,
    /// `search::products::section_order`; an index an import updated gives its products' new entries last,
    /// `search::update`).
    Feed,
    PriceAsc,
    PriceDesc,
    Name,
    New,
    Discount,
}

impl SortKey {
    /// How many there are.
    const COUNT: usize = 6;

    /// Its place among them (`walks`).
    fn slot(self) -> usize {
        self as usize
    }

    /// The order kept for `sort` (the feed's is kept only when the dense ids are not in it).
    fn of(sort: OfferSort) -> Option<Self> {
        match sort {
            OfferSort::Feed => Some(Self::Feed),
            OfferSort::PriceAsc => Some(Self::PriceAsc),
            OfferSort::PriceDesc => Some(Self::PriceDesc),
            OfferSort::Name => Some(Self::Name),
            OfferSort::New => Some(Self::New),
            OfferSort::Discount => Some(Self::Discount),
        }
    }
}

/// What each order sorts by, per dense id (dropped once the orders are built).
#[derive(Default)]
struct SortFields {
    names: Vec<String>,
    added: Vec<i64>,
    /// SQL's `(old - price) * 1000 / old`, `None` without an old price (last, as SQL's NULL in a `DESC`).
    discount: Vec<Option<i64>>,
}

/// A page of a listing: the offers' ids in order and how many the whole listing holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub ids: Vec<String>,
    pub total: u64,
}

/// Facets being built: per key, the values' offers and the spellings seen.
#[derive(Default)]
struct Draft {
    names: HashMap<String, usize>,
    units: HashMap<String, usize>,
    values: HashMap<String, (RoaringBitmap, HashMap<String, usize>)>,
}

/// Counts `value` of facet `key` (written `name`, in `unit`) for offer `dense`; empty names and values are skipped.
fn add(
    drafts: &mut HashMap<String, Draft>,
    key: String,
    name: String,
    value: String,
    unit: Option<String>,
    dense: u32,
) {
    let value_key = normal(&value);
    if key.is_empty() || value_key.is_empty() {
        return;
    }
    let draft = drafts.entry(key).or_default();
    *draft.names.entry(name).or_default() += 1;
    if let Some(unit) = unit.filter(|u| !u.trim().is_empty()) {
        *draft.units.entry(unit).or_default() += 1;
    }
    let (offers, spellings) = draft.values.entry(value_key).or_default();
    offers.insert(dense);
    *spellings.entry(value).or_default() += 1;
}

/// The spelling seen most often (the first in order on a tie).
fn most_frequent(counts: &HashMap<String, usize>) -> Option<String> {
    counts.iter().max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0))).map(|(text, _)| text.clone())
}

impl FacetIndex {
    /// The index of `offers` with the default [`FacetSettings`].
    pub fn build(offers: Vec<FacetOffer>) -> Self {
        Self::build_with(offers, &FacetSettings::default())
    }

    /// The index of `offers`, its facets shown and ordered as `settings` say.
    pub fn build_with(offers: Vec<FacetOffer>, settings: &FacetSettings) -> Self {
        Self::build_entries(offers.into_iter().map(Some).collect(), None, settings)
    }

    /// The index of `entries` by dense id, `None` for an entry no longer shown (an import's update leaves the old
    /// entries of the products it changed or removed, `search::update`): it matches nothing. `feed` lists the shown
    /// entries in the feed's order when the dense ids are not in it (`None`: they are); it orders the feed's listing
    /// and breaks every other order's ties.
    pub fn build_entries(entries: Vec<Option<FacetOffer>>, feed: Option<&[u32]>, settings: &FacetSettings) -> Self {
        let mut index = FacetIndex { min_share_percent: settings.min_share_percent.min(100), ..FacetIndex::default() };
        let mut drafts: HashMap<String, Draft> = HashMap::new();
        let mut fields = SortFields::default();
        let mut currencies: HashMap<String, usize> = HashMap::new();
        let mut ids = OfferIds::default();
        for (dense, entry) in entries.into_iter().enumerate() {
            let Ok(dense) = u32::try_from(dense) else { break };
            let Some(offer) = entry else {
                index.prices.push(0);
                fields.names.push(String::new());
                fields.added.push(0);
                fields.discount.push(None);
                ids.push("");
                continue;
            };
            index.all.insert(dense);
            for section in offer.sections {
                index.sections.entry(section).or_default().insert(dense);
            }
            if offer.available {
                index.available.insert(dense);
            }
            index.prices.push(offer.price_minor);
            if let Some(top) = offer.price_max_minor.filter(|top| *top > offer.price_minor) {
                index.price_tops.insert(dense, top);
            }
            fields.names.push(offer.name_key);
            fields.added.push(offer.added_import);
            fields
                .discount
                .push(offer.old_price_minor.filter(|old| *old != 0).map(|old| (old - offer.price_minor) * 1000 / old));
            *currencies.entry(offer.currency_id).or_default() += 1;
            if let Some(vendor) = offer.vendor.filter(|v| !v.trim().is_empty()) {
                add(&mut drafts, VENDOR.to_owned(), VENDOR_NAME.to_owned(), vendor, None, dense);
            }
            for (name, value, unit) in offer.params {
                add(&mut drafts, normal(&name), name, value, unit, dense);
            }
            ids.push(&offer.id);
        }
        index.ids = Arc::new(ids);
        let mut facets: Vec<Facet> = drafts
            .into_iter()
            .map(|(key, draft)| {
                let mut values: Vec<Value> = draft
                    .values
                    .into_iter()
                    .map(|(key, (offers, spellings))| Value {
                        label: most_frequent(&spellings).unwrap_or_else(|| key.clone()).into(),
                        key: key.into(),
                        offers,
                    })
                    .collect();
                values.sort_by(|a, b| b.offers.len().cmp(&a.offers.len()).then_with(|| a.label.cmp(&b.label)));
                // A numeric parameter's values (a warranty of 6, 12 and 24 months) read in the order of their numbers.
                if key != VENDOR && values.iter().all(|v| number(&v.label).is_some()) {
                    values.sort_by(|a, b| {
                        let n = |v: &Value| number(&v.label).unwrap_or_default();
                        n(a).total_cmp(&n(b)).then_with(|| a.label.cmp(&b.label))
                    });
                }
                let carried = values.iter().map(|v| &v.offers).fold(RoaringBitmap::new(), |a, b| a | b);
                let parsed: Option<Vec<(f64, &Value)>> =
                    values.iter().map(|v| number(&v.label).map(|n| (n, v))).collect();
                let numbers = parsed.filter(|_| key != VENDOR).map(|parsed| {
                    let mut numbers: Vec<(f64, usize)> =
                        parsed.into_iter().enumerate().map(|(i, (n, _))| (n, i)).collect();
                    numbers.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                    numbers
                });
                let identifying = key != VENDOR
                    && numbers.is_none()
                    && values.len() as u64 * 100 > carried.len() * u64::from(FACET_MAX_DISTINCT_PERCENT);
                Facet {
                    identifying,
                    name: most_frequent(&draft.names).unwrap_or(key.clone()),
                    unit: most_frequent(&draft.units),
                    key,
                    values,
                    carried,
                    uncarried: std::sync::OnceLock::new(),
                    numbers,
                }
            })
            .collect();
        // The vendor, then the parameters the settings name in their order, then the rest by how many carry them.
        let chosen_order: Vec<String> = settings.order.iter().map(|name| normal(name)).collect();
        let place = |facet: &Facet| chosen_order.iter().position(|key| *key == facet.key).unwrap_or(usize::MAX);
        facets.sort_by(|a, b| {
            (b.key == VENDOR)
                .cmp(&(a.key == VENDOR))
                .then_with(|| place(a).cmp(&place(b)))
                .then_with(|| b.carried.len().cmp(&a.carried.len()))
                .then_with(|| a.name.cmp(&b.name))
        });
        index.by_key = facets.iter().enumerate().map(|(i, facet)| (facet.key.clone(), i)).collect();
        index.facets = facets;
        index.value_lists();
        index.orders = index.sort_orders(fields, feed);
        index.currency_id = most_frequent(&currencies).unwrap_or_else(|| "RUB".to_owned());
        index
    }

    /// The smallest and largest number of `base`'s offers in the numeric facet at `f`: read offer by offer from their
    /// values (`value_entries`) when `base` is small beside the facet's values, else the first and the last value, in
    /// the order of their numbers, that holds one of them.
    fn facet_range(&self, f: usize, numbers: &[(f64, usize)], base: &RoaringBitmap) -> Option<(f64, f64)> {
        let facet = &self.facets[f];
        if !self.value_starts.is_empty() && !facet.identifying && base.len() < numbers.len() as u64 * 8 {
            let mut number_of_value = vec![f64::NAN; facet.values.len()];
            for (n, i) in numbers {
                number_of_value[*i] = *n;
            }
            let first = self.value_places().0[f];
            return match &self.value_entries {
                ValueEntries::Narrow(entries) => {
                    numbers_span(&self.value_starts, entries, base, first, &number_of_value)
                }
                ValueEntries::Wide(entries) => numbers_span(&self.value_starts, entries, base, first, &number_of_value),
            };
        }
        let holds = |(_, i): &&(f64, usize)| !facet.values[*i].offers.is_disjoint(base);
        let low = numbers.iter().find(holds)?.0;
        let high = numbers.iter().rev().find(holds)?.0;
        Some((low, high))
    }

    /// Adds one to `tally[place]` for each value an offer of `ids` holds, at its place among the grouping facets'
    /// values ([`FacetIndex::value_places`]); answers how many offers it walked. The offers go by in chunks of 64
    /// ([`FacetIndex::tally_chunk`]), gathered in one walk over `ids`. A sample of a search's matches is their
    /// intersection with a sample level's offers ([`FacetIndex::tally_sample`]).
    fn tally_values(&self, ids: &RoaringBitmap, tally: &mut [u32]) -> u64 {
        let mut chunk = [0u32; TALLY_CHUNK];
        let (mut n, mut walked) = (0, 0);
        ids.iter().for_each(|id| {
            chunk[n] = id;
            n += 1;
            if n == TALLY_CHUNK {
                self.tally_chunk(&chunk, tally);
                walked += n as u64;
                n = 0;
            }
        });
        self.tally_chunk(&chunk[..n], tally);
        walked + n as u64
    }

    /// [`FacetIndex::tally_values`] of up to [`TALLY_CHUNK`] offers: first the ends of each one's list of values, then
    /// the first and the last entry of each list, then the counting, so that a chunk's reads from memory are under
    /// way together. Each offer's values lie far from the last one's, and read one offer after another the walk
    /// waited on memory: 88 % of its samples on two loads at a million offers (`perf annotate`).
    #[inline]
    fn tally_chunk(&self, chunk: &[u32], tally: &mut [u32]) {
        match &self.value_entries {
            ValueEntries::Narrow(entries) => Self::tally_entries(&self.value_starts, entries, chunk, tally),
            ValueEntries::Wide(entries) => Self::tally_entries(&self.value_starts, entries, chunk, tally),
        }
    }

    /// The value entries four bytes wide, as a catalogue of more than 65,536 grouping values has them.
    #[cfg(test)]
    fn widen(&mut self) {
        if let ValueEntries::Narrow(entries) = &self.value_entries {
            self.value_entries = ValueEntries::Wide(entries.iter().map(|&e| u32::from(e)).collect());
        }
        self.sample_layout = std::sync::OnceLock::new();
    }

    /// [`FacetIndex::tally_chunk`] over entries of either width.
    #[inline]
    fn tally_entries<E: Copy + Into<u32> + std::ops::BitXor<Output = E> + Default>(
        starts: &[u32],
        entries: &[E],
        chunk: &[u32],
        tally: &mut [u32],
    ) {
        let mut ends = [(0u32, 0u32); TALLY_CHUNK];
        let ends = &mut ends[..chunk.len()];
        for (end, id) in ends.iter_mut().zip(chunk) {
            *end = (starts[*id as usize], starts[*id as usize + 1]);
        }
        // Touched only to bring each list's lines in: its first and its last entry, as a list may lie across two lines
        // of 64 bytes (nine four-byte entries, the generated feed's mean, did about half the time), and a second line
        // left out waited on memory in the counting (half of the counts' samples at a million offers, issue 39). The
        // result is kept from the optimiser.
        let mut touched = E::default();
        for (from, to) in ends.iter() {
            if from < to {
                touched = touched ^ entries[*from as usize] ^ entries[*to as usize - 1];
            }
        }
        std::hint::black_box(touched);
        for (from, to) in ends.iter() {
            for &entry in &entries[*from as usize..*to as usize] {
                tally[entry.into() as usize] += 1;
            }
        }
    }

    /// The entries of the values met fewer than [`FACET_ESTIMATE_MIN_SAMPLED`] times in `sampled` (a tally by
    /// `tally_at`), in the facets a count lists (not chosen, not identifying, not a range alone): what intersecting
    /// each of them with the matches costs, about.
    fn seldom_cost(&self, sampled: &[u32], tally_at: &[usize], choices: &BTreeMap<&str, RoaringBitmap>) -> u64 {
        self.facets
            .iter()
            .enumerate()
            .filter(|(_, facet)| {
                let listed = facet.numbers.is_none() || facet.values.len() <= FACET_NUMERIC_VALUES_MAX;
                listed && !facet.identifying && !choices.contains_key(facet.key.as_str())
            })
            .flat_map(|(f, facet)| {
                let seldom = move |(v, _): &(usize, &Value)| sampled[tally_at[f] + v] < FACET_ESTIMATE_MIN_SAMPLED;
                facet.values.iter().enumerate().filter(seldom).map(|(_, value)| value.offers.len())
            })
            .sum()
    }

    /// The value entries `matches` offers hold, about (the catalogue's mean): what walking all of them costs.
    fn walk_cost(&self, matches: u64) -> u64 {
        let per_offer = (self.value_entries.len() as u64).div_ceil(self.prices.len().max(1) as u64).max(1);
        matches.saturating_mul(per_offer)
    }

    /// Each facet's first value's place among the values of the facets that group offers, in the order of `facets`
    /// (an identifying facet takes none: its place is the next facet's), and how many places there are: where
    /// [`FacetIndex::value_entries`] and a tally put a value.
    fn value_places(&self) -> (Vec<usize>, usize) {
        let mut at = 0;
        let firsts = self
            .facets
            .iter()
            .map(|facet| {
                let first = at;
                if !facet.identifying {
                    at += facet.values.len();
                }
                first
            })
            .collect();
        (firsts, at)
    }

    /// Fills `value_starts` and `value_entries` from the grouping facets' values' bitmaps.
    fn value_lists(&mut self) {
        let (firsts, places) = self.value_places();
        let grouping = || self.facets.iter().enumerate().filter(|(_, facet)| !facet.identifying);
        let mut starts = vec![0u32; self.prices.len() + 1];
        for value in grouping().flat_map(|(_, facet)| &facet.values) {
            for id in &value.offers {
                starts[id as usize + 1] += 1;
            }
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        // Each offer's entries in the order of their places.
        fn fill<'a, E: Copy + Default>(
            starts: &[u32],
            values: impl Iterator<Item = (usize, &'a RoaringBitmap)>,
            entry: impl Fn(usize) -> E,
        ) -> Vec<E> {
            let mut next = starts.to_vec();
            let mut entries = vec![E::default(); *starts.last().unwrap_or(&0) as usize];
            for (place, offers) in values {
                for id in offers {
                    entries[next[id as usize] as usize] = entry(place);
                    next[id as usize] += 1;
                }
            }
            entries
        }
        let firsts = &firsts;
        let values = grouping().flat_map(|(f, facet)| {
            facet.values.iter().enumerate().map(move |(v, value)| (firsts[f] + v, &value.offers))
        });
        let entries = if places <= usize::from(u16::MAX) + 1 {
            ValueEntries::Narrow(fill(&starts, values, |place| place as u16))
        } else {
            ValueEntries::Wide(fill(&starts, values, |place| place as u32))
        };
        self.value_starts = starts;
        self.value_entries = entries;
    }

    /// Each offer's place in each order of `db::offers`' `ORDER BY`, ties broken by the feed's order (the dense id's,
    /// or `feed`'s when given: then kept as an order too, the entries it leaves out last).
    fn sort_orders(&self, fields: SortFields, feed: Option<&[u32]>) -> HashMap<SortKey, Vec<u32>> {
        let ids = || (0..self.prices.len() as u32).collect::<Vec<u32>>();
        let mut orders = HashMap::new();
        let place: Vec<u32> = match feed {
            None => ids(),
            Some(feed) => {
                let mut place = vec![u32::MAX; self.prices.len()];
                for (at, id) in feed.iter().enumerate() {
                    if let Some(slot) = place.get_mut(*id as usize) {
                        *slot = at as u32;
                    }
                }
                let mut by = ids();
                by.sort_by_key(|id| (place[*id as usize], *id));
                orders.insert(SortKey::Feed, by);
                place
            }
        };
        let feed = |id: &u32| (place[*id as usize], *id);
        let price = |id: &u32| self.prices[*id as usize];
        let mut by = ids();
        // "Price on request" (0) has no price to be cheapest by: last, as in `db::offers`' order.
        by.sort_by_key(|id| (price(id) == 0, price(id), feed(id)));
        orders.insert(SortKey::PriceAsc, by);
        let mut by = ids();
        by.sort_by_key(|id| (std::cmp::Reverse(price(id)), feed(id)));
        orders.insert(SortKey::PriceDesc, by);
        let mut by = ids();
        by.sort_by(|a, b| fields.names[*a as usize].cmp(&fields.names[*b as usize]).then(feed(a).cmp(&feed(b))));
        orders.insert(SortKey::Name, by);
        let mut by = ids();
        // Newest first, and the last in the feed first among one import's (`added_import_id DESC, position DESC`).
        by.sort_by_key(|id| std::cmp::Reverse((fields.added[*id as usize], feed(id))));
        orders.insert(SortKey::New, by);
        let mut by = ids();
        by.sort_by_key(|id| (std::cmp::Reverse(fields.discount[*id as usize]), feed(id)));
        orders.insert(SortKey::Discount, by);
        // From the order to each offer's place in it.
        for order in orders.values_mut() {
            let mut rank = vec![0; order.len()];
            for (place, id) in order.iter().enumerate() {
                rank[*id as usize] = place as u32;
            }
            *order = rank;
        }
        orders
    }

    /// The currency the index's prices are in (the one most offers use).
    pub fn currency_id(&self) -> &str {
        &self.currency_id
    }

    /// Whether `key` names a facet of the catalogue ([`VENDOR`] or a parameter's [`normal`] name).
    pub fn has_facet(&self, key: &str) -> bool {
        self.by_key.contains_key(key)
    }

    /// Whether the facet `key` is numeric (filters by a range).
    pub fn is_numeric(&self, key: &str) -> bool {
        self.by_key.get(key).is_some_and(|&i| self.facets[i].numbers.is_some())
    }

    /// One page of the offers `filter` leaves, in `sort`'s order: `limit` ids after skipping `offset`. The dense
    /// ids' order is the bitmap's own. In a kept order, a page near the start of a listing walks the order from its
    /// start and keeps the listing's offers it meets, when that takes few steps (the page's end times the catalogue
    /// over the listing, at most 1/[`FACET_ORDER_WALK_COST`] of the listing: [`FacetIndex::walk`]); else, or when
    /// the listing's offers lie late in the order and the walk gives up, it picks the page's offers by their rank
    /// (a partial selection, not a sort of the whole listing). Selecting from the whole catalogue of a million offers
    /// answered 357 pages a second, where the dense ids' own order answered 8,746 (issue 39).
    pub fn page(&self, filter: &Filter, sort: OfferSort, offset: u64, limit: usize) -> Page {
        let matching = self.matching(filter);
        let total = matching.len();
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        let kept = SortKey::of(sort).and_then(|key| Some((key, self.orders.get(&key)?)));
        let walked = kept.and_then(|(key, rank)| self.walk(key, rank, &matching, skip, limit));
        let ids: Vec<u32> = match (walked, kept) {
            (Some(ids), _) => ids,
            (None, None) => matching.iter().skip(skip).take(limit).collect(),
            (None, Some((_, rank))) => {
                let mut kept: Vec<u32> = matching.iter().collect();
                let end = skip.saturating_add(limit).min(kept.len());
                if skip >= end {
                    return Page { ids: Vec::new(), total };
                }
                let by_rank = |id: &u32| rank[*id as usize];
                if end < kept.len() {
                    kept.select_nth_unstable_by_key(end, by_rank);
                    kept.truncate(end);
                }
                if skip > 0 {
                    kept.select_nth_unstable_by_key(skip, by_rank);
                }
                let mut page = kept.split_off(skip);
                page.sort_unstable_by_key(by_rank);
                page
            }
        };
        Page { ids: ids.into_iter().filter_map(|id| self.offer_id(id).map(str::to_owned)).collect(), total }
    }

    /// The page `skip..skip + limit` of `matching` in the order `key` (`rank`: each dense id's place in it), found
    /// by walking the order from its start ([`FacetIndex::page`]); `None` when the walk would take or took more than
    /// 1/[`FACET_ORDER_WALK_COST`] of the listing's size in steps. The order's ids are made at its first walk.
    fn walk(
        &self,
        key: SortKey,
        rank: &[u32],
        matching: &RoaringBitmap,
        skip: usize,
        limit: usize,
    ) -> Option<Vec<u32>> {
        let (all, listed) = (rank.len() as u64, matching.len());
        let most = listed / FACET_ORDER_WALK_COST;
        let end = skip.saturating_add(limit) as u64;
        if listed == 0 || end.saturating_mul(all) / listed > most {
            return None;
        }
        let order = self.walks[key.slot()].get_or_init(|| {
            let mut order = vec![0; rank.len()];
            for (id, place) in rank.iter().enumerate() {
                order[*place as usize] = id as u32;
            }
            order
        });
        let mut page = Vec::with_capacity(limit);
        let mut met = 0;
        for id in order.iter().take(most as usize) {
            if matching.contains(*id) {
                met += 1;
                if met > skip {
                    page.push(*id);
                    if page.len() == limit {
                        return Some(page);
                    }
                }
            }
        }
        // Walked the whole order (every listed offer met) or gave up.
        (order.len() as u64 <= most).then_some(page)
    }

    /// Offers in the index.
    pub fn len(&self) -> u64 {
        self.all.len()
    }

    /// Whether the index holds no offer.
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// Its offer ids (the search index's once adopted: [`FacetIndex::adopt_ids`]).
    #[cfg(test)]
    pub(crate) fn shared_ids(&self) -> Arc<OfferIds> {
        Arc::clone(&self.ids)
    }

    /// The offer id of dense id `dense`.
    pub fn offer_id(&self, dense: u32) -> Option<&str> {
        self.ids.get(dense as usize)
    }

    /// Takes `ids` (the search index's, by the same ordinals) in place of its own, so the two indexes hold one list:
    /// read from disk, the index has none of its own and takes any of as many entries; built, it takes only the same
    /// ids. Answers whether it took them (when not, it keeps its own, or a read one is unusable: `search::disk` then
    /// rebuilds).
    pub fn adopt_ids(&mut self, ids: &Arc<OfferIds>) -> bool {
        if Arc::ptr_eq(&self.ids, ids) {
            return true;
        }
        let fits = if self.ids.is_empty() { ids.len() == self.prices.len() } else { *self.ids == **ids };
        if fits {
            self.ids = Arc::clone(ids);
        }
        fits
    }

    /// The offers of the filter's section, in stock when asked, before any facet's choice. A search's matches
    /// (`within`) are intersected first: they are usually far fewer than the section's, so nothing large is copied.
    fn scope(&self, filter: &Filter) -> RoaringBitmap {
        let section = match &filter.section {
            Some(section) => match self.sections.get(section) {
                Some(offers) => offers,
                None => return RoaringBitmap::new(),
            },
            None => &self.all,
        };
        let mut scope = match &filter.within {
            Some(within) => within & section,
            None => section.clone(),
        };
        if filter.available {
            scope &= &self.available;
        }
        scope
    }

    /// The lowest and highest price of entry `id`, minor units (the same for an offer of its own).
    fn price_of(&self, id: u32) -> (i64, i64) {
        let low = self.prices[id as usize];
        (low, self.price_tops.get(&id).copied().unwrap_or(low))
    }

    /// The entries within the price range: an offer whose price, or a product whose span of prices, meets it.
    /// Borrows `scope` when there is no range.
    fn priced<'s>(&self, scope: &'s RoaringBitmap, (from, to): (Option<i64>, Option<i64>)) -> Cow<'s, RoaringBitmap> {
        if from.is_none() && to.is_none() {
            return Cow::Borrowed(scope);
        }
        Cow::Owned(
            scope
                .iter()
                .filter(|id| {
                    let (low, high) = self.price_of(*id);
                    // A zero price is "price on request": no price to be within a range.
                    high > 0 && from.is_none_or(|from| high >= from) && to.is_none_or(|to| low <= to)
                })
                .collect(),
        )
    }

    /// The lowest and highest price of `ids`, minor units, leaving out 0 ("price on request"): every entry's own
    /// price read from `prices`, then the tops of the products among them whose variants' prices differ.
    ///
    /// Only the highest top among `ids` counts (every top is above its product's own price, which `lows` holds): the
    /// tops are walked by price, highest first, to the first among `ids`, a few steps when `ids` holds many of them
    /// (a look-up per top or per entry was 9 % of an uncached search's time at a million offers).
    fn price_span_of(&self, ids: &RoaringBitmap) -> Option<(i64, i64)> {
        let lows = self.lows_span_of(ids);
        let each_id = || price_span(ids.iter().filter_map(|id| self.price_tops.get(&id).copied()));
        let each_top = || price_span(self.price_tops.iter().filter(|(id, _)| ids.contains(**id)).map(|(_, top)| *top));
        let tops = match (lows, self.tops_by_price()) {
            // At most as many steps as `ids` has entries, then one look-up per entry: never more than twice that.
            (Some(_), Some(by_price)) => {
                let steps = usize::try_from(ids.len()).unwrap_or(usize::MAX);
                match by_price.iter().take(steps).find(|(_, id)| ids.contains(*id)) {
                    Some((top, _)) => Some((*top, *top)),
                    None if by_price.len() <= steps => None,
                    None => each_id(),
                }
            }
            // Else from whichever is smaller, `price_tops` or `ids`.
            _ if self.price_tops.len() as u64 <= ids.len() => each_top(),
            _ => each_id(),
        };
        // A top is above its product's lowest price, so never 0.
        match (lows, tops) {
            (Some((low, high)), Some((top_low, top_high))) => Some((low.min(top_low), high.max(top_high))),
            (lows, tops) => lows.or(tops),
        }
    }

    /// The lowest and highest own price of `ids` (an entry's, a product's lowest), minor units, leaving out 0. At
    /// least [`FACET_PRICE_WALK_MIN_IDS`] `ids` (a search's matches, a section): the priced entries are walked by
    /// price from each end to the first among `ids`, some `1 / share` look-ups for ids spread over the catalogue;
    /// reading every id's price was 7 % of an uncached search's time at a million offers (issue 39). When either walk
    /// meets none of `ids` within an eighth of their number plus 16 steps, every id's price is read instead: at most
    /// a quarter more steps than the scan alone, plus 32.
    fn lows_span_of(&self, ids: &RoaringBitmap) -> Option<(i64, i64)> {
        let each_id = || price_span(ids.iter().map(|id| self.prices[id as usize]).filter(|price| *price > 0));
        if ids.len() < FACET_PRICE_WALK_MIN_IDS {
            return each_id();
        }
        let steps = usize::try_from(ids.len() / 8).unwrap_or(usize::MAX).saturating_add(16);
        let Some(by_price) = self.lows_by_price() else { return each_id() };
        let low = by_price.iter().take(steps).find(|id| ids.contains(**id));
        let high = by_price.iter().rev().take(steps).find(|id| ids.contains(**id));
        match (low, high) {
            (Some(low), Some(high)) => Some((self.prices[*low as usize], self.prices[*high as usize])),
            // Every priced entry walked, and none among `ids`.
            (None, None) if by_price.len() <= steps => None,
            _ => each_id(),
        }
    }

    /// The `lows_by_price` field, made on first use: the price order's entries (its ranks inverted, no sort) but
    /// those without a price above 0; `None` without a price order.
    fn lows_by_price(&self) -> Option<&[u32]> {
        let rank = self.orders.get(&SortKey::PriceAsc)?;
        let order = self.lows_by_price.get_or_init(|| {
            let mut order = vec![u32::MAX; rank.len()];
            for (id, place) in rank.iter().enumerate() {
                if let Some(slot) = order.get_mut(*place as usize) {
                    *slot = id as u32;
                }
            }
            order.retain(|id| self.prices.get(*id as usize).is_some_and(|price| *price > 0));
            order.shrink_to_fit();
            order
        });
        Some(order)
    }

    /// `price_tops` by price, highest first (`None` when a product with a top has no price of its own).
    fn tops_by_price(&self) -> Option<&[(i64, u32)]> {
        self.tops_by_price
            .get_or_init(|| {
                let priced = self.price_tops.keys().all(|id| self.prices[*id as usize] > 0);
                priced.then(|| {
                    let mut by_price: Vec<(i64, u32)> = self.price_tops.iter().map(|(id, top)| (*top, *id)).collect();
                    by_price.sort_unstable_by(|a, b| b.cmp(a));
                    by_price
                })
            })
            .as_deref()
    }

    /// Each chosen facet's offers by facet key (values OR'd, and its range), unknown facets matching nothing.
    fn choices<'f>(&self, filter: &'f Filter) -> BTreeMap<&'f str, RoaringBitmap> {
        let mut choices: BTreeMap<&'f str, RoaringBitmap> = BTreeMap::new();
        for (key, values) in &filter.values {
            let offers = self.by_key.get(key).map(|&i| self.facets[i].any_of(values)).unwrap_or_default();
            choices.insert(key.as_str(), offers);
        }
        for (key, range) in &filter.ranges {
            let offers = self.by_key.get(key).map(|&i| self.facets[i].within(*range)).unwrap_or_default();
            match choices.get_mut(key.as_str()) {
                Some(chosen) => *chosen &= offers,
                None => {
                    choices.insert(key.as_str(), offers);
                }
            }
        }
        choices
    }

    /// The offers `filter` leaves.
    pub fn matching(&self, filter: &Filter) -> RoaringBitmap {
        let mut offers = self.priced(&self.scope(filter), filter.price).into_owned();
        for chosen in self.choices(filter).values() {
            offers &= chosen;
        }
        offers
    }

    /// Counts a search's facets exactly up to `matches` matches, and past them from a sample of about that many
    /// (`vitrina serve --facet-exact-matches`; [`FACET_SAMPLE_MATCHES`] by default).
    pub fn count_exactly_up_to(&mut self, matches: u64) {
        self.exact_up_to = ExactUpTo(matches.max(1));
    }

    /// Keeps at most `bytes` of listings' counts ([`FacetIndex::counts_cached`]), forgetting those kept so far.
    pub fn keep_counts(&mut self, bytes: u64) {
        self.kept_counts = KeptCounts::with_bytes(bytes);
    }

    /// [`FacetIndex::counts`], kept for the index's life when `filter` is a listing's (no `within`: a search's
    /// matches are counted with its answer, which the search keeps).
    pub fn counts_cached(&self, filter: &Filter) -> Arc<Counts> {
        if filter.within.is_some() {
            return Arc::new(self.counts(filter));
        }
        let key = format!("{:?}", (&filter.section, filter.available, filter.price, &filter.values, &filter.ranges));
        self.kept_counts.0.get_with(key, || Arc::new(self.counts(filter)))
    }

    /// The listing's size, price range and facets with their counts. A parameter is shown when at least
    /// [`FacetSettings::min_share_percent`] of the scope's offers carry it, or when it is chosen.
    pub fn counts(&self, filter: &Filter) -> Counts {
        let scope = self.scope(filter);
        let choices = self.choices(filter);
        let priced = self.priced(&scope, filter.price);
        let all_chosen = |except: Option<&str>| -> Cow<'_, RoaringBitmap> {
            let mut others = choices.iter().filter(|(key, _)| Some(**key) != except).map(|(_, offers)| offers);
            match others.next() {
                None => Cow::Borrowed(&*priced),
                Some(first) => Cow::Owned(others.fold(&*priced & first, |acc, offers| acc & offers)),
            }
        };
        // Every facet not chosen counts against the whole filter: built once, not per facet.
        let matching = all_chosen(None);
        let total = matching.len();
        // Over the whole catalogue every value holds offers of the scope: no need to ask each.
        let whole = scope.len() == self.len();
        // A listing of few offers (under a quarter of the catalogue; a sixteenth before issue 39, where a search's
        // matches spent 28 % of its time intersecting every value): every facet not chosen is counted by one walk over
        // its offers, into one array of the grouping facets' values' counts (`tally_at[f]` is facet `f`'s first value's
        // place: [`FacetIndex::value_places`]).
        let (tally_at, places) = self.value_places();
        // A search's many matches: the walk takes an even sample of them, and the counts are estimated from it.
        let mut sample = Sample::of(filter.within.is_some(), total, self.exact_up_to.0);
        let mut tally = None;
        if !self.value_starts.is_empty() && (sample.is_some() || total * 4 < self.len()) {
            let mut counts = vec![0u32; places];
            let walked = match &sample {
                Some(sample) => self.tally_sample(&matching, sample, &mut counts),
                None => self.tally_values(&matching, &mut counts),
            };
            if let Some(taken) = &mut sample {
                taken.walked = walked;
                // The values met too seldom to estimate are intersected one by one: when they hold more entries
                // between them than the matches do (a long tail of models, each a few in the sample), every match is
                // walked instead, and every count is exact.
                if self.seldom_cost(&counts, &tally_at, &choices) > self.walk_cost(total) {
                    sample = None;
                    counts.fill(0);
                    self.tally_values(&matching, &mut counts);
                }
            }
            tally = Some(counts);
        }
        let price = if choices.is_empty() {
            self.price_span_of(&scope)
        } else {
            self.price_span_of(&choices.values().fold(scope.clone(), |acc, offers| acc & offers))
        };
        let scope_is_counted = choices.is_empty() && filter.price == (None, None);
        let mut facets = Vec::new();
        for (f, facet) in self.facets.iter().enumerate() {
            let chosen = choices.contains_key(facet.key.as_str());
            if !chosen && facet.identifying {
                continue;
            }
            let carried = facet.carried_in(&scope, &self.all);
            let shown = carried > 0
                && (chosen || facet.key == VENDOR || carried * 100 >= scope.len() * u64::from(self.min_share_percent));
            if !shown {
                continue;
            }
            let own_choice = if chosen { Some(all_chosen(Some(&facet.key))) } else { None };
            let base = own_choice.as_ref().unwrap_or(&matching);
            let picked = filter.values.get(&facet.key);
            // A numeric facet of many values is a range alone: a list of 500 weights helps no one.
            let listed = facet.numbers.is_none() || facet.values.len() <= FACET_NUMERIC_VALUES_MAX;
            let tallied = tally
                .as_ref()
                .filter(|_| !chosen && !facet.identifying)
                .map(|tally| &tally[tally_at[f]..tally_at[f] + facet.values.len()]);
            // A value's count and whether it is an estimate: from the walk, from its sample (a value met often
            // enough there), or by intersecting.
            let counted = |v: usize, value: &Value| match (tallied, &sample) {
                (Some(tally), None) => (u64::from(tally[v]), false),
                (Some(tally), Some(sample)) if tally[v] >= FACET_ESTIMATE_MIN_SAMPLED => {
                    (sample.estimate(tally[v]), true)
                }
                _ => (value.offers.intersection_len(base), false),
            };
            let values = facet
                .values
                .iter()
                .enumerate()
                .filter(|_| listed)
                .filter_map(|(v, value)| {
                    // With nothing chosen and no price range, the scope is what is counted: a value holds some of it
                    // when its count is not 0.
                    let (count, estimate) = if whole || scope_is_counted {
                        counted(v, value)
                    } else if value.offers.is_disjoint(&scope) {
                        return None;
                    } else {
                        counted(v, value)
                    };
                    (whole || !scope_is_counted || count > 0).then(|| ValueCount {
                        key: value.key.clone(),
                        label: value.label.clone(),
                        count,
                        estimate,
                        chosen: picked.is_some_and(|picked| picked.contains(&*value.key)),
                    })
                })
                .collect();
            // Counted in the walk: the first and the last number, in their order, that some offer holds (three more
            // walks over the offers' values otherwise, one per numeric facet: 12 % of a search's counts). A sample
            // misses the ends: they are found exactly.
            let range = facet.numbers.as_ref().and_then(|numbers| match tallied.filter(|_| sample.is_none()) {
                Some(tally) => {
                    let held = |(_, v): &&(f64, usize)| tally[*v] > 0;
                    Some((numbers.iter().find(held)?.0, numbers.iter().rev().find(held)?.0))
                }
                None => self.facet_range(f, numbers, base),
            });
            facets.push(FacetCounts {
                key: facet.key.clone(),
                name: facet.name.clone(),
                unit: facet.unit.clone(),
                values,
                range,
            });
        }
        Counts { total, price, facets }
    }

    /// The vendors of `section`'s offers (its subsections' too; `None`: the whole catalogue), as the feed writes
    /// them, with how many offers each has there; most offers first. Vendor pages are the indexable filtered pages
    /// (issue 35): the sitemap lists them, and a page head checks one has offers.
    pub fn vendors(&self, section: Option<&str>) -> Vec<(String, u64)> {
        let scope = self.scope(&Filter { section: section.map(str::to_owned), ..Filter::default() });
        let Some(&i) = self.by_key.get(VENDOR) else { return Vec::new() };
        self.facets[i]
            .values
            .iter()
            .map(|value| (value.label.to_string(), value.offers.intersection_len(&scope)))
            .filter(|(_, count)| *count > 0)
            .collect()
    }

    /// Bytes the index holds, about: its bitmaps, numbers, prices and ids.
    pub fn memory_bytes(&self) -> usize {
        let bitmaps = |b: &RoaringBitmap| b.serialized_size();
        let mut bytes =
            bitmaps(&self.all) + bitmaps(&self.available) + self.prices.len() * 8 + self.price_tops.len() * 16;
        bytes += self.ids.approx_bytes();
        bytes += self.sections.iter().map(|(k, b)| k.len() + bitmaps(b)).sum::<usize>();
        for facet in &self.facets {
            bytes += bitmaps(&facet.carried) + facet.numbers.as_ref().map_or(0, |n| n.len() * 16);
            bytes += facet.uncarried.get().and_then(Option::as_ref).map_or(0, bitmaps);
            bytes += facet.values.iter().map(|v| v.key.len() + v.label.len() + bitmaps(&v.offers)).sum::<usize>();
        }
        bytes
            + self.orders.values().map(|rank| rank.len() * 4).sum::<usize>()
            + self.value_starts.len() * 4
            + self.value_entries.bytes()
            // `lows_by_price`, made at the first search that asks, counted from the start: 4 bytes an entry, at most.
            + self.orders.get(&SortKey::PriceAsc).map_or(0, |rank| rank.len() * 4)
            + self.sample_layout.get().map_or(0, SampleLayout::bytes)
            + self.walks.iter().filter_map(std::sync::OnceLock::get).map(|order| order.len() * 4).sum::<usize>()
    }

    /// The `sample_layout` field, made on first use.
    fn sample_layout(&self) -> &SampleLayout {
        self.sample_layout.get_or_init(|| SampleLayout::of(self.prices.len()))
    }
}

/// The smallest and largest number the offers of `base` hold in one numeric facet, from their value lists
/// (`entries[starts[id]..starts[id + 1]]`, places in order): the facet's values are the places from `first` on, and
/// `number_of_value` gives each one's number. `None` when none holds one.
fn numbers_span<E: Copy + Into<u32>>(
    starts: &[u32],
    entries: &[E],
    base: &RoaringBitmap,
    first: usize,
    number_of_value: &[f64],
) -> Option<(f64, f64)> {
    let mut span: Option<(f64, f64)> = None;
    for id in base {
        let (from, to) = (starts[id as usize] as usize, starts[id as usize + 1] as usize);
        for &entry in &entries[from..to] {
            // Another facet's value: before the facet's places, or past them (the rest of the list is too).
            let Some(v) = (entry.into() as usize).checked_sub(first) else { continue };
            let Some(&n) = number_of_value.get(v) else { break };
            span = Some(span.map_or((n, n), |(low, high)| (low.min(n), high.max(n))));
        }
    }
    span
}

/// The lowest and highest of `prices`, or `None` when there are none.
fn price_span(prices: impl Iterator<Item = i64>) -> Option<(i64, i64)> {
    prices.fold(None, |span, price| match span {
        None => Some((price, price)),
        Some((low, high)) => Some((low.min(price), high.max(price))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(id: &str, vendor: &str, available: bool, price: i64, params: &[(&str, &str)]) -> FacetOffer {
        FacetOffer {
            id: id.into(),
            sections: vec!["cartridges".into(), "root".into()],
            vendor: Some(vendor.into()),
            available,
            price_minor: price,
            params: params.iter().map(|(n, v)| (n.to_string(), v.to_string(), None)).collect(),
            ..FacetOffer::default()
        }
    }

    /// The price span of many ids, walked by price from both ends, against a scan of their prices: spread ids (both
    /// ends met), a cluster in the middle (neither end met: the scan), a cheap cluster (one end met: the scan), ids
    /// without a price (none), and a catalogue of few priced entries that the walk passes whole.
    #[test]
    fn a_price_span_walked_by_price_equals_a_scan_of_the_ids() {
        // Offer i costs 7919 * i mod 1,000 + 1 minor units (each its own price, in an order unlike the feed's), but
        // every tenth, "price on request" (0).
        let offers: Vec<FacetOffer> = (0..1_000u32)
            .map(|i| {
                let price = if i % 10 == 0 { 0 } else { i64::from((i * 7919) % 1_000 + 1) };
                offer(&i.to_string(), "HP", true, price, &[])
            })
            .collect();
        let index = FacetIndex::build(offers.clone());
        let scan = |ids: &RoaringBitmap| {
            price_span(ids.iter().map(|id| offers[id as usize].price_minor).filter(|price| *price > 0))
        };
        let by_price = |from: i64, to: i64| -> RoaringBitmap {
            (0..1_000u32).filter(|&i| (from..to).contains(&offers[i as usize].price_minor)).collect()
        };
        let cases: Vec<(&str, RoaringBitmap)> = vec![
            ("every entry", (0..1_000).collect()),
            ("every third", (0..1_000).step_by(3).collect()),
            ("a cluster of middle prices", by_price(400, 600)),
            ("a cluster of cheap prices", by_price(1, 200)),
            ("no price", (0..1_000).step_by(10).collect()),
        ];
        for (what, ids) in &cases {
            assert!(ids.len() >= FACET_PRICE_WALK_MIN_IDS, "{what}: walked");
            assert_eq!(index.price_span_of(ids), scan(ids), "{what}");
        }
        // Five priced entries of 200: the walks pass them all and meet none of the ids.
        let few: Vec<FacetOffer> = (0..200u32)
            .map(|i| offer(&i.to_string(), "HP", true, if i % 40 == 1 { i64::from(i) } else { 0 }, &[]))
            .collect();
        let unpriced: RoaringBitmap = (0..200).filter(|i| i % 40 != 1).collect();
        assert_eq!(FacetIndex::build(few).price_span_of(&unpriced), None);
    }

    fn cartridges() -> FacetIndex {
        FacetIndex::build(vec![
            offer("1", "HP", true, 1000, &[("Цвет", "Чёрный"), ("Оригинальность", "Оригинал"), ("Ресурс", "1500")]),
            offer("2", "HP", true, 2000, &[("цвет ", "черный"), ("Оригинальность", "Совместимый"), ("Ресурс", "2,5")]),
            offer("3", "Canon", false, 3000, &[("Цвет", "Голубой"), ("Оригинальность", "Оригинал"), ("Ресурс", "800")]),
            offer("4", "Canon", true, 4000, &[("Цвет", "Чёрный"), ("Оригинальность", "Оригинал")]),
        ])
    }

    fn chosen(pairs: &[(&str, &[&str])]) -> BTreeMap<String, BTreeSet<String>> {
        pairs.iter().map(|(k, vs)| (k.to_string(), vs.iter().map(|v| normal(v)).collect())).collect()
    }

    fn count_of(counts: &Counts, facet: &str, value: &str) -> u64 {
        let facet = counts.facets.iter().find(|f| f.key == facet).unwrap();
        facet.values.iter().find(|v| *v.key == *normal(value)).map_or(u64::MAX, |v| v.count)
    }

    #[test]
    fn a_searchs_many_matches_are_counted_from_a_sample_the_rare_values_ends_and_total_exactly() {
        // A colour every seventh offer (a period a stride would alias with), a rare gold, weights 1..=1000 whose ends
        // one offer each holds.
        let colours = ["Красный", "Синий", "Зелёный", "Жёлтый", "Белый", "Чёрный", "Серый"];
        let offers: Vec<FacetOffer> = (0..60_000u32)
            .map(|i| {
                let colour = if i % 1_000 == 500 { "Золотой" } else { colours[i as usize % 7] };
                let weight = (i % 1_000 + 1).to_string();
                offer(
                    &i.to_string(),
                    ["HP", "Canon", "Epson"][i as usize % 3],
                    true,
                    100,
                    &[("Цвет", colour), ("Вес", &weight)],
                )
            })
            .collect();
        let index = FacetIndex::build(offers);
        // 40,000 matches: more than a sample's worth.
        let within: RoaringBitmap = (0..60_000u32).filter(|i| i % 3 != 1).collect();
        let exact = |pick: &dyn Fn(u32) -> bool| within.iter().filter(|i| pick(*i)).count() as u64;
        let search = Filter { within: Some(within.clone()), ..Filter::default() };
        let counts = index.counts(&search);
        assert_eq!(counts, index.counts(&search), "the same sample every time");
        assert_eq!(counts.total, 40_000);
        let colour = counts.facets.iter().find(|f| f.key == "цвет").unwrap();
        assert_eq!(colour.values.len(), 8, "every colour the matches hold shows, the rare one too");
        for value in &colour.values {
            if &*value.key == "золотой" {
                assert!(!value.estimate, "a value seldom met is counted exactly");
                assert_eq!(value.count, exact(&|i| i % 1_000 == 500));
                continue;
            }
            let c = colours.iter().position(|c| *normal(c) == *value.key).unwrap() as u32;
            let truth = exact(&|i| i % 7 == c && i % 1_000 != 500);
            assert!(value.estimate, "{}", value.key);
            assert!(value.count.abs_diff(truth) * 10 < truth, "{}: {} against {truth}", value.key, value.count);
            assert_eq!(value.count % 100, 0, "two significant digits: {}", value.count);
        }
        let weight = counts.facets.iter().find(|f| f.key == "вес").unwrap();
        assert_eq!(weight.range, Some((1.0, 1000.0)), "the ends exactly");
        let hp = &counts.facets[0].values.iter().find(|v| &*v.key == "hp").unwrap();
        assert!(hp.count.abs_diff(exact(&|i| i % 3 == 0)) * 10 < exact(&|i| i % 3 == 0));

        // A listing of as many offers, and a search of fewer matches, are counted exactly.
        let listing = index.counts(&Filter::default());
        assert!(listing.facets.iter().flat_map(|f| &f.values).all(|v| !v.estimate));
        let few: RoaringBitmap = (0..FACET_SAMPLE_MATCHES as u32).collect();
        let few = index.counts(&Filter { within: Some(few), ..Filter::default() });
        assert!(few.facets.iter().flat_map(|f| &f.values).all(|v| !v.estimate));
    }

    #[test]
    fn a_long_tail_too_seldom_sampled_to_estimate_is_counted_by_walking_every_match() {
        // 1,000 models of 60 offers each: a tenth of the catalogue matches, and the sample meets each model about once.
        let offers: Vec<FacetOffer> = (0..60_000u32)
            .map(|i| {
                let model = format!("м{}", i % 1_000);
                offer(
                    &i.to_string(),
                    "HP",
                    true,
                    100,
                    &[("Модель", &model), ("Цвет", ["Синий", "Белый"][i as usize % 2])],
                )
            })
            .collect();
        let mut index = FacetIndex::build(offers);
        index.count_exactly_up_to(1_000);
        let within: RoaringBitmap = (0..60_000u32).filter(|i| i % 10 == 3).collect();
        let counts = index.counts(&Filter { within: Some(within), ..Filter::default() });
        assert_eq!(counts.total, 6_000);
        let all: Vec<&ValueCount> = counts.facets.iter().flat_map(|f| &f.values).collect();
        assert!(all.iter().all(|v| !v.estimate), "exact, not estimated");
        let model = counts.facets.iter().find(|f| f.key == "модель").unwrap();
        assert_eq!((model.values.len(), model.values.iter().map(|v| v.count).sum::<u64>()), (100, 6_000));
        assert_eq!(count_of(&counts, "цвет", "Белый"), 6_000);
    }

    #[test]
    fn a_searchs_sample_taken_from_its_levels_tallies_what_hashing_every_match_does() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(39);
        let colours = ["Красный", "Синий", "Зелёный", "Жёлтый", "Белый", "Чёрный", "Серый"];
        let offers: Vec<FacetOffer> = (0..20_000u32)
            .map(|i| {
                let (model, weight) = (format!("м{}", i % 300), (i % 5).to_string());
                let params = [("Цвет", colours[i as usize % 7]), ("Модель", &model), ("Вес", &weight)];
                // Some offers carry no parameter: an empty value list.
                let params = if i % 11 == 0 { &params[..0] } else { &params[..] };
                offer(&i.to_string(), ["HP", "Canon", "Epson"][i as usize % 3], true, 100, params)
            })
            .collect();
        let mut index = FacetIndex::build(offers);
        let places = index.value_places().1;
        for width in ["narrow", "wide"] {
            if width == "wide" {
                index.widen();
            }
            for share in [0.3, 0.6, 0.95] {
                let ids: RoaringBitmap = (0..20_000u32).filter(|_| rng.random_bool(share)).collect();
                for times in [2, 3, 4, 10, 50, 300] {
                    let size = ids.len() / times;
                    let sample = Sample::of(true, ids.len(), size).unwrap();
                    // The offers whose hash is under the bound, hashed one by one.
                    let hashed_ids: RoaringBitmap = ids.iter().filter(|&id| sample.takes(id)).collect();
                    let (mut hashed, mut read) = (vec![0u32; places], vec![0u32; places]);
                    let walked = index.tally_values(&hashed_ids, &mut hashed);
                    let taken = index.tally_sample(&ids, &sample, &mut read);
                    assert_eq!((taken, &read), (walked, &hashed), "{width}, {share} of the offers, 1/{times}");
                    assert!(read.iter().any(|&n| n > 0));
                    // About the size asked (a sample of hundreds or more: a few dozen vary more).
                    assert!(size < 500 || (taken * 10 >= size * 9 && taken * 10 <= size * 14), "{taken} for {size}");
                }
            }
        }
        // A search's counts read it.
        index.count_exactly_up_to(2_000);
        let within: RoaringBitmap = (0..20_000u32).filter(|i| i % 2 == 0).collect();
        let counts = index.counts(&Filter { within: Some(within), ..Filter::default() });
        assert!(counts.facets.iter().flat_map(|f| &f.values).any(|v| v.estimate));
        assert!(index.sample_layout.get().is_some() && index.memory_bytes() > 0);
    }

    #[test]
    fn an_estimate_is_scaled_to_the_matches_and_rounded_to_two_significant_digits() {
        let sample = Sample { level: 1, total: 100_000, walked: 10_000 };
        assert_eq!(sample.estimate(1_234), 12_000);
        assert_eq!(sample.estimate(1_250), 13_000);
        assert_eq!(sample.estimate(9), 90);
        assert_eq!(sample.estimate(0), 0);
        assert_eq!(Sample { level: 1, total: 50_000, walked: 16_000 }.estimate(16_000), 50_000);
        assert_eq!(Sample { level: 1, total: 39_990, walked: 10_000 }.estimate(9_990), 39_990, "never above them");
    }

    #[test]
    fn a_listings_counts_are_counted_once_per_index_and_a_searchs_each_time() {
        let index = cartridges();
        let filter = Filter { values: chosen(&[(VENDOR, &["hp"])]), ..Filter::default() };
        let first = index.counts_cached(&filter);
        assert_eq!(*first, index.counts(&filter), "the same counts");
        assert!(Arc::ptr_eq(&first, &index.counts_cached(&filter)), "kept");
        let other = Filter { available: true, ..filter.clone() };
        assert_eq!(*index.counts_cached(&other), index.counts(&other), "another filter is another entry");
        let search = Filter { within: Some(index.all.clone()), ..filter };
        assert!(!Arc::ptr_eq(&index.counts_cached(&search), &index.counts_cached(&search)), "a search's: not kept");
    }

    #[test]
    fn counts_ignore_their_own_facet_and_values_or_while_facets_and() {
        let index = cartridges();
        let filter =
            Filter { values: chosen(&[(VENDOR, &["HP"]), ("цвет", &["Чёрный"])]), ..Filter::default() };
        let counts = index.counts(&filter);
        assert_eq!(counts.total, 2, "HP and black: offers 1 and 2 (ё and case and spaces normalised)");
        // The vendor facet counts with the colour chosen only: black HP 2, black Canon 1.
        assert_eq!((count_of(&counts, VENDOR, "hp"), count_of(&counts, VENDOR, "canon")), (2, 1));
        // The colour facet counts with the vendor chosen only: HP has no cyan, shown as 0, not hidden.
        assert_eq!((count_of(&counts, "цвет", "черный"), count_of(&counts, "цвет", "голубой")), (2, 0));
        // Two vendors are an OR.
        let both = Filter { values: chosen(&[(VENDOR, &["HP", "Canon"])]), ..Filter::default() };
        assert_eq!(index.matching(&both).len(), 4);
        // Shown as the feed wrote it most often.
        let colour = counts.facets.iter().find(|f| f.key == "цвет").unwrap();
        assert_eq!((colour.name.as_str(), &*colour.values[0].label), ("Цвет", "Чёрный"));
    }

    #[test]
    fn numbers_filter_by_range_and_the_price_span_follows_the_other_choices() {
        let index = cartridges();
        let resource =
            |from, to| Filter { ranges: [("ресурс".to_owned(), (from, to))].into(), ..Filter::default() };
        assert_eq!(index.matching(&resource(Some(1000.0), None)).len(), 1, "1500 only");
        assert_eq!(index.matching(&resource(None, Some(800.0))).len(), 2, "2,5 reads as 2.5, and 800");
        let counts = index.counts(&Filter { available: true, ..Filter::default() });
        assert_eq!(counts.total, 3);
        assert_eq!(counts.price, Some((1000, 4000)));
        let resource_facet = counts.facets.iter().find(|f| f.key == "ресурс").unwrap();
        assert_eq!(resource_facet.range, Some((2.5, 1500.0)), "offer 3 is out of stock");
        let listed: Vec<&str> = resource_facet.values.iter().map(|v| &*v.label).collect();
        assert_eq!(listed, ["2,5", "1500"], "few numbers list in their order, not by name (800 is out of stock)");
        let cheap = Filter { price: (None, Some(2500)), ..Filter::default() };
        assert_eq!(index.counts(&cheap).total, 2);
        // An unknown facet or value leaves nothing, and is no error.
        let unknown = Filter { values: chosen(&[("вес", &["1 кг"])]), ..Filter::default() };
        assert_eq!(index.counts(&unknown).total, 0);
    }

    /// Counts by brute force over the offers, as a `GROUP BY` would: the reference the index must equal.
    fn brute(offers: &[FacetOffer], filter: &Filter, except: Option<&str>) -> Vec<usize> {
        let fits = |i: usize, o: &FacetOffer| {
            let high = o.price_max_minor.unwrap_or(o.price_minor);
            filter.section.as_ref().is_none_or(|s| o.sections.contains(s))
                && filter.within.as_ref().is_none_or(|within| within.contains(i as u32))
                && (!filter.available || o.available)
                && (filter.price == (None, None) || high > 0)
                && filter.price.0.is_none_or(|from| high >= from)
                && filter.price.1.is_none_or(|to| o.price_minor <= to)
                && filter.values.iter().filter(|(k, _)| Some(k.as_str()) != except).all(|(key, values)| {
                    if key == VENDOR {
                        o.vendor.as_deref().is_some_and(|v| values.contains(&normal(v)))
                    } else {
                        o.params.iter().any(|(n, v, _)| normal(n) == *key && values.contains(&normal(v)))
                    }
                })
        };
        offers.iter().enumerate().filter(|(i, o)| fits(*i, o)).map(|(i, _)| i).collect()
    }

    /// Pages of every order equal the brute-force sort of `kept` as `db::offers`' `ORDER BY` sorts it.
    fn check_pages(
        offers: &[FacetOffer],
        index: &FacetIndex,
        filter: &Filter,
        kept: &[usize],
        rng: &mut impl rand::Rng,
    ) {
        use rand::RngExt;
        use std::cmp::Reverse;
        let sorts = [
            OfferSort::Feed,
            OfferSort::PriceAsc,
            OfferSort::PriceDesc,
            OfferSort::Name,
            OfferSort::New,
            OfferSort::Discount,
        ];
        for sort in sorts {
            let mut expected = kept.to_vec();
            let discount =
                |o: &FacetOffer| o.old_price_minor.filter(|d| *d != 0).map(|old| (old - o.price_minor) * 1000 / old);
            match sort {
                OfferSort::Feed => {}
                OfferSort::PriceAsc => {
                    expected.sort_by_key(|&i| (offers[i].price_minor == 0, offers[i].price_minor, i))
                }
                OfferSort::PriceDesc => expected.sort_by_key(|&i| (Reverse(offers[i].price_minor), i)),
                OfferSort::Name => {
                    expected.sort_by(|&a, &b| offers[a].name_key.cmp(&offers[b].name_key).then(a.cmp(&b)))
                }
                OfferSort::New => expected.sort_by_key(|&i| Reverse((offers[i].added_import, i))),
                OfferSort::Discount => expected.sort_by_key(|&i| (Reverse(discount(&offers[i])), i)),
            }
            // Anywhere in the listing, and near its start (where a wide listing walks the order, `FacetIndex::page`).
            for offset in [rng.random_range(0..kept.len() + 3) as u64, rng.random_range(0..3)] {
                let limit = rng.random_range(1..30);
                let page = index.page(filter, sort, offset, limit);
                let want: Vec<String> =
                    expected.iter().skip(offset as usize).take(limit).map(|&i| offers[i].id.clone()).collect();
                assert_eq!((page.ids, page.total), (want, kept.len() as u64), "{sort:?} offset {offset} limit {limit}");
            }
        }
    }

    /// Issue 39: a page near the start of a wide listing walks the order kept; the feed's (kept
    /// when the dense ids are in section order) answers the shop's order, as selecting by rank does further on.
    #[test]
    fn a_wide_listings_first_pages_walk_the_order_and_answer_as_a_selection_does() {
        let offers: Vec<FacetOffer> = (0..2000)
            .map(|i| FacetOffer {
                id: format!("o{i}"),
                sections: vec!["root".into()],
                available: i % 3 != 0,
                price_minor: 100 + (i * 37 % 101) as i64,
                ..FacetOffer::default()
            })
            .collect();
        // The shop's order: the dense ids backwards.
        let feed: Vec<u32> = (0..2000).rev().collect();
        let index = FacetIndex::build_entries(offers.into_iter().map(Some).collect(), Some(&feed), &Default::default());
        let in_feed = |filter: &Filter, offset: usize, limit: usize| -> Vec<String> {
            let listed = index.matching(filter);
            feed.iter().filter(|id| listed.contains(**id)).skip(offset).take(limit).map(|id| format!("o{id}")).collect()
        };
        for (filter, offset) in [(Filter::default(), 0), (Filter::default(), 100), (Filter::default(), 1990)] {
            let page = index.page(&filter, OfferSort::Feed, offset as u64, 20);
            assert_eq!(page.ids, in_feed(&filter, offset, 20), "offset {offset}");
        }
        assert!(index.walks[SortKey::Feed.slot()].get().is_some(), "the first page walked the feed's order");
        let available = Filter { available: true, ..Filter::default() };
        assert_eq!(index.page(&available, OfferSort::Feed, 3, 10).ids, in_feed(&available, 3, 10));
        assert!(index.walks[SortKey::PriceAsc.slot()].get().is_none(), "an order is walked only when asked");
        // Offers that all lie late in the order: the walk gives up, the selection answers.
        let late = Filter { within: Some((0..1200).collect()), ..Filter::default() };
        assert_eq!(index.page(&late, OfferSort::Feed, 0, 5).ids, in_feed(&late, 0, 5), "the walk gave up");
    }

    /// Issue 39: a facet nearly every offer carries counts its carriers among some offers by subtracting those
    /// without it; the count equals the intersection's, whichever way it is taken.
    #[test]
    fn the_carriers_among_some_offers_equal_the_intersection_whether_few_or_many_lack_the_facet() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(39);
        for round in 0..30 {
            let n = rng.random_range(1..5000u32);
            // Some rounds: all but a few carry it (subtracted); others: a half (intersected).
            let lack = if round % 2 == 0 { rng.random_range(0.0..0.05) } else { rng.random_range(0.3..0.7) };
            let all: RoaringBitmap = (0..n).collect();
            let carried: RoaringBitmap = (0..n).filter(|_| !rng.random_bool(lack)).collect();
            let facet = Facet {
                key: "цвет".into(),
                name: "Цвет".into(),
                unit: None,
                values: Vec::new(),
                carried: carried.clone(),
                uncarried: std::sync::OnceLock::new(),
                numbers: None,
                identifying: false,
            };
            for _ in 0..5 {
                let share = rng.random_range(0.0..1.0);
                let scope: RoaringBitmap = (0..n).filter(|_| rng.random_bool(share)).collect();
                assert_eq!(facet.carried_in(&scope, &all), carried.intersection_len(&scope), "round {round}");
            }
            let subtracted = facet.uncarried.get().is_some_and(Option::is_some);
            assert_eq!(subtracted, all.len() - carried.len() <= all.len() / FACET_UNCARRIED_SHARE, "round {round}");
        }
    }

    #[test]
    fn an_identifying_facet_takes_no_place_and_the_facets_after_it_count_and_span_right() {
        // A part number on every offer (identifying, and carried most: the first parameter), a colour on 35 offers
        // (the second), a weight of four values on every other one (the third: its places come after the colours').
        let offers: Vec<FacetOffer> = (0..40)
            .map(|i| {
                let mut params = vec![("Партномер".to_owned(), format!("PN-{i}"), None)];
                if i < 35 {
                    params.push(("Цвет".to_owned(), if i % 2 == 0 { "Красный" } else { "Синий" }.to_owned(), None));
                }
                if i % 2 == 0 {
                    params.push(("Вес".to_owned(), (100 * (1 + i % 4)).to_string(), Some("г".to_owned())));
                }
                FacetOffer {
                    id: i.to_string(),
                    sections: vec!["root".into()],
                    available: true,
                    price_minor: 100 + i64::from(i),
                    params,
                    ..FacetOffer::default()
                }
            })
            .collect();
        let index = FacetIndex::build(offers);
        let part = index.by_key["партномер"];
        assert!(index.facets[part].identifying);
        let (firsts, places) = index.value_places();
        assert_eq!(places, 2 + 2, "the colours and the weights take places; the part numbers none");
        assert_eq!(firsts[index.by_key["вес"]], 2, "the weights' places follow the colours'");
        // Eight offers: counted by walking their lists.
        let within = |ids: &[u32]| Some(ids.iter().copied().collect::<RoaringBitmap>());
        let counts = index.counts(&Filter { within: within(&[0, 1, 2, 3, 4, 5, 6, 7]), ..Filter::default() });
        let colours = counts.facets.iter().find(|f| f.key == "цвет").unwrap();
        let count = |label: &str| colours.values.iter().find(|v| &*v.label == label).map(|v| v.count);
        assert_eq!((count("Красный"), count("Синий")), (Some(4), Some(4)));
        assert!(counts.facets.iter().all(|f| f.key != "партномер"), "an identifying facet is not listed");
        // The weight chosen by a range: its span over three offers (300, 100 and 300 g) is read from their lists.
        let ranges = BTreeMap::from([("вес".to_owned(), (Some(150.0), None))]);
        let counts = index.counts(&Filter { within: within(&[2, 4, 6]), ranges, ..Filter::default() });
        let weight = counts.facets.iter().find(|f| f.key == "вес").unwrap();
        assert_eq!(weight.range, Some((100.0, 300.0)));
    }

    #[test]
    fn counts_equal_a_brute_force_count_on_random_catalogues() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(35);
        let colours = ["Чёрный", "черный ", "Голубой", "Жёлтый", "Пурпурный"];
        let vendors = ["HP", "Canon", "Epson", "Brother"];
        for round in 0..40 {
            let offers: Vec<FacetOffer> = (0..rng.random_range(1..300))
                .map(|i| {
                    let mut params = Vec::new();
                    if rng.random_bool(0.8) {
                        params.push(("Цвет".to_owned(), colours[rng.random_range(0..colours.len())].to_owned(), None));
                    }
                    if rng.random_bool(0.5) {
                        params.push(("Тип".to_owned(), format!("т{}", rng.random_range(0..6)), None));
                    }
                    if rng.random_bool(0.7) {
                        let resource = format!("{},{}", rng.random_range(100..5000), rng.random_range(0..10));
                        params.push(("Ресурс".to_owned(), resource, Some("стр.".to_owned())));
                    }
                    FacetOffer {
                        id: i.to_string(),
                        sections: if rng.random_bool(0.5) {
                            vec!["a".into(), "root".into()]
                        } else {
                            vec!["root".into()]
                        },
                        vendor: rng.random_bool(0.9).then(|| vendors[rng.random_range(0..vendors.len())].to_owned()),
                        available: rng.random_bool(0.7),
                        // Some are "price on request" (0), which a price range leaves out and a span does not show;
                        // none in every other round, whose spans take the highest top walked by price.
                        price_minor: if round % 2 == 0 && rng.random_bool(0.05) {
                            0
                        } else {
                            rng.random_range(100..10_000)
                        },
                        params,
                        old_price_minor: rng.random_bool(0.3).then(|| rng.random_range(5000..12_000)),
                        name_key: format!("n{}", rng.random_range(0..50)),
                        added_import: rng.random_range(1..4),
                        currency_id: "RUB".into(),
                        group_id: None,
                        price_max_minor: None,
                    }
                })
                .collect();
            // A fifth are products of several variants: a span of prices (`search::products`).
            let offers: Vec<FacetOffer> = offers
                .into_iter()
                .map(|o| FacetOffer {
                    price_max_minor: rng.random_bool(0.2).then(|| o.price_minor + rng.random_range(0..3000)),
                    ..o
                })
                .collect();
            let mut index = FacetIndex::build(offers.clone());
            let mut values = BTreeMap::new();
            if rng.random_bool(0.6) {
                values.insert(VENDOR.to_owned(), [normal(vendors[rng.random_range(0..4)])].into());
            }
            if rng.random_bool(0.6) {
                values.insert("цвет".to_owned(), [normal(colours[rng.random_range(0..5)]), normal("голубой")].into());
            }
            if rng.random_bool(0.3) {
                values.insert("тип".to_owned(), [format!("т{}", rng.random_range(0..6))].into());
            }
            let filter = Filter {
                section: rng.random_bool(0.5).then(|| "a".to_owned()),
                available: rng.random_bool(0.5),
                price: (
                    rng.random_bool(0.3).then(|| rng.random_range(0..5000)),
                    rng.random_bool(0.2).then(|| rng.random_range(5000..10_000)),
                ),
                values,
                ranges: BTreeMap::new(),
                // A search's matches, some rounds.
                within: rng
                    .random_bool(0.3)
                    .then(|| (0..offers.len() as u32).filter(|_| rng.random_bool(0.4)).collect()),
            };
            let counts = index.counts(&filter);
            // The same counts from value entries four bytes wide (more than 65,536 grouping values), sampled too.
            let mut wide = FacetIndex::build(offers.clone());
            wide.widen();
            assert_eq!(wide.counts(&filter), counts, "round {round}: wide entries");
            wide.count_exactly_up_to(20);
            index.count_exactly_up_to(20);
            assert_eq!(wide.counts(&filter), index.counts(&filter), "round {round}: wide entries, sampled");
            index.count_exactly_up_to(FACET_SAMPLE_MATCHES);
            let kept = brute(&offers, &filter, None);
            assert_eq!(counts.total as usize, kept.len(), "round {round}");
            // The price span: of what every choice but the price range leaves, each offer's prices but 0.
            let unpriced = brute(&offers, &Filter { price: (None, None), ..filter.clone() }, None);
            let prices = unpriced.iter().flat_map(|&i| [offers[i].price_minor, offers[i].price_max_minor.unwrap_or(0)]);
            assert_eq!(counts.price, price_span(prices.filter(|p| *p > 0)), "round {round}: the price span");
            check_pages(&offers, &index, &filter, &kept, &mut rng);
            check_pages(&offers, &index, &Filter::default(), &(0..offers.len()).collect::<Vec<_>>(), &mut rng);
            // A search's counts sampled past 20 matches: the same total, prices, ranges and values shown, and every
            // count not marked an estimate exact.
            if filter.within.is_some() {
                index.count_exactly_up_to(20);
                let sampled = index.counts(&filter);
                index.count_exactly_up_to(FACET_SAMPLE_MATCHES);
                assert_eq!((sampled.total, sampled.price), (counts.total, counts.price), "round {round}");
                assert_eq!(sampled.facets.len(), counts.facets.len(), "round {round}");
                for (got, want) in sampled.facets.iter().zip(&counts.facets) {
                    assert_eq!((&got.key, got.range, got.values.len()), (&want.key, want.range, want.values.len()));
                    for (got, want) in got.values.iter().zip(&want.values) {
                        assert_eq!(&got.key, &want.key, "round {round}");
                        assert!(got.estimate || got.count == want.count, "round {round}: {} {}", got.key, got.count);
                    }
                }
            }
            for facet in &counts.facets {
                let base = brute(&offers, &filter, Some(&facet.key));
                for value in &facet.values {
                    let expected = base
                        .iter()
                        .filter(|&&i| {
                            let o = &offers[i];
                            if facet.key == VENDOR {
                                o.vendor.as_deref().is_some_and(|v| *normal(v) == *value.key)
                            } else {
                                o.params.iter().any(|(n, v, _)| normal(n) == facet.key && *normal(v) == *value.key)
                            }
                        })
                        .count();
                    assert_eq!(value.count as usize, expected, "round {round}, {} = {}", facet.key, value.key);
                }
                if facet.key == "ресурс" {
                    let numbers: Vec<f64> = base
                        .iter()
                        .filter_map(|&i| offers[i].params.iter().find(|(n, _, _)| n == "Ресурс"))
                        .map(|(_, v, _)| number(v).unwrap())
                        .collect();
                    let span = numbers.iter().fold(None, |span: Option<(f64, f64)>, &n| {
                        Some(span.map_or((n, n), |(low, high)| (low.min(n), high.max(n))))
                    });
                    assert_eq!(facet.range, span, "round {round}: the range of what the other choices leave");
                }
            }
        }
    }
}
