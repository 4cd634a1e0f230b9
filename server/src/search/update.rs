//! An import's update of the search and facet indexes (issue 39, "an import updates it from what changed, not by a
//! rebuild"): the products an import changed, added or took off are found from the tags it recorded
//! (`domain::changes`) and every offer's place, only their offers are read in full, and:
//! - the search index gains one segment holding their new documents; their old documents stay in the segments
//!   before, marked [`DEAD`](super::DEAD) (never found), so nothing written before is written again;
//! - the facet index is built again from the entries the last build kept on disk (`search::disk`), the changed ones
//!   replaced: a pass over memory, not a read of the catalogue.
//!
//! A changed product takes a new ordinal (dense id) after every known one, so ordinals stop following the feed: the
//! facet index keeps the feed's order as an order of its own. When the change is too large for an update to be
//! cheaper than a build, or the old ordinals would outnumber the shown ones, the caller builds anew
//! ([`UPDATE_MAX_SHARE_PERCENT`], [`UPDATE_MAX_SEGMENTS`]).

use crate::db::search::OfferPlace;
use crate::domain::changes;
use crate::facets::FacetOffer;
use crate::limits::{UPDATE_ALWAYS_PRODUCTS, UPDATE_MAX_SEGMENTS, UPDATE_MAX_SHARE_PERCENT};
use roaring::RoaringBitmap;
use std::collections::{HashMap, HashSet};

/// A product's key: its group (YML `group_id`) or, for an offer of its own, its id; kept apart so a group and an
/// offer of one name are two products.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum ProductKey {
    Group(String),
    Own(String),
}

impl ProductKey {
    /// The key of an offer `id` of `group` (a blank group is none, as `search::products` reads it).
    pub(crate) fn of(id: &str, group: Option<&str>) -> Self {
        match group.filter(|g| !g.trim().is_empty()) {
            Some(group) => Self::Group(group.to_owned()),
            None => Self::Own(id.to_owned()),
        }
    }

    /// The key of a facet entry (a product as the last build gathered it: its leader's id and its group).
    pub(crate) fn of_entry(entry: &FacetOffer) -> Self {
        Self::of(&entry.id, entry.group_id.as_deref())
    }
}

/// A product of the catalogue now: its offers' places in the shop's order, its leader first among them by the rule
/// of `search::products` (the first variant in stock, or the first).
#[derive(Debug)]
struct Product {
    /// Places (in `OfferPlace`s) of its offers, in order.
    members: Vec<usize>,
    /// The place of its leader: the product's own place in the feed.
    leader: usize,
}

/// What an update does.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Plan {
    /// Dense ids of the products changed or taken off: no longer shown.
    pub gone: RoaringBitmap,
    /// Ids of the offers to read in full: every variant of each product changed or added, in the shop's order.
    pub read: Vec<String>,
    /// The products changed or added (they take new ordinals, in the order read).
    pub changed: usize,
}

/// The catalogue's products now, by key, from every offer's place.
fn products(places: &[OfferPlace]) -> HashMap<ProductKey, Product> {
    let mut out: HashMap<ProductKey, Product> = HashMap::new();
    for (at, place) in places.iter().enumerate() {
        let product = out
            .entry(ProductKey::of(&place.id, place.group_id.as_deref()))
            .or_insert_with(|| Product { members: Vec::new(), leader: at });
        product.members.push(at);
        // In order, the first in stock takes the lead from an out-of-stock first, and keeps it.
        if place.available && !places[product.leader].available {
            product.leader = at;
        }
    }
    out
}

/// The plan of an update from the facet index's kept `entries` to the catalogue whose offers are at `places`, the
/// imports between having recorded `tags`. A product is changed when a tag names one of its offers or its group,
/// when its leader is another offer now, or when it is new; one the entries know and the places do not is gone.
/// `None` when an update would not pay: more than [`UPDATE_MAX_SHARE_PERCENT`] of the products changed (and more
/// than [`UPDATE_ALWAYS_PRODUCTS`]), or the ordinals no longer shown would outnumber those shown.
pub(crate) fn plan(entries: &[Option<FacetOffer>], places: &[OfferPlace], tags: &HashSet<String>) -> Option<Plan> {
    let now = products(places);
    let mut kept: HashMap<ProductKey, (u32, &str)> = HashMap::with_capacity(entries.len());
    for (dense, entry) in entries.iter().enumerate() {
        if let Some(entry) = entry {
            kept.insert(ProductKey::of_entry(entry), (dense as u32, entry.id.as_str()));
        }
    }
    let mut plan = Plan::default();
    let mut changed: Vec<&Product> = Vec::new();
    for (key, product) in &now {
        let named = match key {
            ProductKey::Group(group) => tags.contains(&changes::group(group)),
            ProductKey::Own(_) => false,
        } || product.members.iter().any(|&m| tags.contains(&changes::offer(&places[m].id)));
        let was = kept.get(key);
        if named || was.is_none_or(|(_, leader)| *leader != places[product.leader].id) {
            if let Some((dense, _)) = was {
                plan.gone.insert(*dense);
            }
            changed.push(product);
        }
    }
    for (key, (dense, _)) in &kept {
        if !now.contains_key(key) {
            plan.gone.insert(*dense);
        }
    }
    let shown = now.len();
    let touched = changed.len() + plan.gone.len() as usize;
    let dead_after = entries.len() - kept.len() + plan.gone.len() as usize;
    if (touched > UPDATE_ALWAYS_PRODUCTS && touched * 100 > shown * UPDATE_MAX_SHARE_PERCENT)
        || dead_after > shown.max(1)
    {
        return None;
    }
    changed.sort_unstable_by_key(|product| product.leader);
    let mut read: Vec<usize> = changed.iter().flat_map(|product| product.members.iter().copied()).collect();
    read.sort_unstable();
    plan.read = read.into_iter().map(|at| places[at].id.clone()).collect();
    plan.changed = changed.len();
    Some(plan)
}

/// The shown entries' dense ids in the feed's order: each product of `places` at its leader's place, by the dense id
/// `dense_of` gives its key (products it gives none are left out).
pub(crate) fn feed_order(places: &[OfferPlace], dense_of: impl Fn(&ProductKey) -> Option<u32>) -> Vec<u32> {
    let mut order: Vec<(usize, u32)> =
        products(places).into_iter().filter_map(|(key, product)| Some((product.leader, dense_of(&key)?))).collect();
    order.sort_unstable();
    order.into_iter().map(|(_, dense)| dense).collect()
}

/// The facet `entries` after an update: those of `gone` become none, the changed products `read` (gathered, in
/// the order their documents get ordinals) are added after every known one; with the shown entries' dense ids in the
/// order of `places` ([`feed_order`]). `None` when a product read is one the entries still show: the reads disagree
/// with the plan, and the caller builds anew.
pub(crate) fn apply(
    mut entries: Vec<Option<FacetOffer>>,
    gone: &RoaringBitmap,
    read: Vec<FacetOffer>,
    places: &[OfferPlace],
) -> Option<(Vec<Option<FacetOffer>>, Vec<u32>)> {
    for dense in gone {
        entries[dense as usize] = None;
    }
    let mut dense_of: HashMap<ProductKey, u32> = entries
        .iter()
        .enumerate()
        .filter_map(|(dense, entry)| entry.as_ref().map(|entry| (ProductKey::of_entry(entry), dense as u32)))
        .collect();
    for offer in read {
        if dense_of.insert(ProductKey::of_entry(&offer), entries.len() as u32).is_some() {
            return None;
        }
        entries.push(Some(offer));
    }
    let feed = feed_order(places, |key| dense_of.get(key).copied());
    Some((entries, feed))
}

/// Whether an import's `tag` names something the indexes hold: an offer, a group, a listing's order or offers, the
/// whole catalogue's, or the section tree (`domain::changes`). Imports naming none leave the indexes as they are.
pub(crate) fn touches_indexes(tag: &str) -> bool {
    tag.starts_with("offer:")
        || tag.starts_with("group:")
        || tag.starts_with("section:")
        || [changes::OFFERS, changes::SECTIONS, changes::ALL].contains(&tag)
}

/// Whether an update may add one more segment to an index of `segments`.
pub(crate) fn room_for_segment(segments: usize) -> bool {
    segments < UPDATE_MAX_SEGMENTS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(id: &str, group: Option<&str>, available: bool) -> OfferPlace {
        OfferPlace { id: id.into(), group_id: group.map(Into::into), available }
    }

    fn entry(id: &str, group: Option<&str>) -> Option<FacetOffer> {
        Some(FacetOffer { id: id.into(), group_id: group.map(Into::into), ..FacetOffer::default() })
    }

    fn tags(list: &[&str]) -> HashSet<String> {
        list.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn a_product_is_changed_by_its_tags_its_leader_or_being_new_and_gone_when_taken_off() {
        // Kept: a (own), shirt group led by s1, b (own), c (own, taken off since), an old dead entry.
        let entries = vec![entry("a", None), entry("s1", Some("shirt")), entry("b", None), entry("c", None), None];
        let places = vec![
            place("a", None, true),
            place("s1", Some("shirt"), false),
            place("s2", Some("shirt"), true),
            place("b", None, true),
            place("d", None, true),
        ];
        let plan = plan(&entries, &places, &tags(&["offer:a"])).unwrap();
        // a named; the shirt now led by s2 (s1 out of stock); c gone; d new.
        assert_eq!(plan.gone.iter().collect::<Vec<_>>(), [0, 1, 3]);
        assert_eq!(plan.read, ["a", "s1", "s2", "d"]);
        assert_eq!(plan.changed, 3);

        let calm = vec![
            place("a", None, true),
            place("s1", Some("shirt"), true),
            place("b", None, true),
            place("c", None, true),
        ];
        let plan = super::plan(&entries, &calm, &tags(&["group:shirt"])).unwrap();
        assert_eq!((plan.gone.iter().collect::<Vec<_>>(), plan.read), (vec![1], vec!["s1".to_owned()]));
        let none = super::plan(&entries, &calm, &tags(&[])).unwrap();
        assert_eq!(none, Plan::default(), "nothing named, nothing done");
    }

    #[test]
    fn a_product_read_that_the_entries_still_show_is_refused() {
        let entries = vec![entry("a", None), entry("b", None)];
        let places = vec![place("a", None, true), place("b", None, true)];
        let gone: RoaringBitmap = [0].into_iter().collect();
        let (kept, feed) = apply(entries.clone(), &gone, vec![entry("a", None).unwrap()], &places).unwrap();
        assert_eq!((kept.len(), feed), (3, vec![2, 1]), "a's new entry in a's place");
        assert!(apply(entries, &gone, vec![entry("b", None).unwrap()], &places).is_none(), "b was not gone");
    }

    #[test]
    fn the_feed_order_puts_each_product_at_its_leaders_place() {
        let places = vec![place("x", Some("g"), false), place("a", None, true), place("y", Some("g"), true)];
        let dense: HashMap<ProductKey, u32> =
            [(ProductKey::Own("a".into()), 7), (ProductKey::Group("g".into()), 3)].into_iter().collect();
        assert_eq!(feed_order(&places, |key| dense.get(key).copied()), [7, 3], "the group led by y, after a");
    }

    #[test]
    fn an_update_that_would_not_pay_is_declined() {
        let n = UPDATE_ALWAYS_PRODUCTS * 4;
        let entries: Vec<_> = (0..n).map(|i| entry(&i.to_string(), None)).collect();
        let places: Vec<_> = (0..n).map(|i| place(&i.to_string(), None, true)).collect();
        let few: Vec<String> = (0..10).map(|i| format!("offer:{i}")).collect();
        assert!(plan(&entries, &places, &few.into_iter().collect()).is_some());
        let most: HashSet<String> = (0..n / 2).map(|i| format!("offer:{i}")).collect();
        assert!(plan(&entries, &places, &most).is_none(), "half the catalogue is a build's work");
        let mut dead = entries.clone();
        dead.extend((0..n + 1).map(|_| None));
        assert!(plan(&dead, &places, &HashSet::new()).is_none(), "more old ordinals than shown: built anew");
    }

    /// One offer of a test catalogue: id, name, group, price, section, stock, colour.
    type Row = (&'static str, &'static str, Option<&'static str>, i64, &'static str, bool, &'static str);

    fn catalogue(rows: &[Row]) -> (Vec<crate::db::search::SearchDoc>, Vec<FacetOffer>, Vec<OfferPlace>) {
        let mut out = (Vec::new(), Vec::new(), Vec::new());
        for &(id, name, group, price, section, available, colour) in rows {
            out.0.push(crate::db::search::SearchDoc {
                id: id.into(),
                name: name.into(),
                group_id: group.map(Into::into),
                params: format!("Цвет {colour}"),
                section_id: Some(section.into()),
                section_path: vec![section.into()],
                section_names: vec![format!("Раздел {section}")],
                available,
                ..Default::default()
            });
            out.1.push(FacetOffer {
                id: id.into(),
                sections: vec![section.into()],
                available,
                price_minor: price,
                params: vec![("Цвет".into(), colour.into(), None)],
                name_key: name.to_lowercase(),
                added_import: 1,
                currency_id: "RUB".into(),
                group_id: group.map(Into::into),
                ..FacetOffer::default()
            });
            out.2.push(place(id, group, available));
        }
        out
    }

    /// What a shopper sees of the indexes: search answers, every listing order, and the facet counts.
    fn seen(search: &super::super::SearchIndex, facets: &crate::facets::FacetIndex) -> Vec<String> {
        use crate::domain::listing::OfferSort;
        let mut out = Vec::new();
        // "василиса": only the doll taken off held it, so a build corrects it to "василина"; the last: no offer has
        // all four words, so the answer is partial.
        for text in ["мяч", "кукла", "футболка", "красный", "василиса", "мяч футбольный кукла василина"]
        {
            let hits = search
                .search(&super::super::SearchRequest { text: text.into(), limit: 50, ..Default::default() })
                .unwrap();
            out.push(format!("{text}: {} {:?} {:?}", hits.total, hits.sections, hits.items));
        }
        for section in [None, Some("toys".to_owned())] {
            for sort in [OfferSort::Feed, OfferSort::PriceAsc, OfferSort::PriceDesc, OfferSort::Name, OfferSort::New] {
                let filter = crate::facets::Filter { section: section.clone(), ..Default::default() };
                out.push(format!("{section:?} {sort:?}: {:?}", facets.page(&filter, sort, 0, 50)));
            }
            let filter = crate::facets::Filter { section: section.clone(), ..Default::default() };
            out.push(format!("{:?}", facets.counts(&filter)));
        }
        out
    }

    #[test]
    fn an_update_shows_what_a_build_of_the_new_catalogue_shows() {
        use crate::facets::{FacetIndex, FacetSettings};
        use crate::search::disk::{Catalogue, IndexStore, IndexVersion};
        use crate::search::products::gather;
        use crate::search::synonyms::Synonyms;
        let before: Vec<Row> = vec![
            ("1", "Мяч футбольный", None, 1500, "balls", true, "белый"),
            ("2", "Кукла Василиса", None, 900, "toys", true, "красный"),
            ("3", "Футболка детская", Some("tee"), 500, "clothes", false, "красный"),
            ("4", "Футболка детская", Some("tee"), 700, "clothes", true, "синий"),
            ("5", "Мяч теннисный", None, 300, "balls", true, "жёлтый"),
            ("6", "Кукла Василина", None, 1100, "toys", false, "синий"),
        ];
        // Ball 1 repriced, doll 2 taken off, the tee's first variant back in stock (another leader), a new doll
        // between, doll 6 unchanged.
        let after: Vec<Row> = vec![
            ("1", "Мяч футбольный", None, 1700, "balls", true, "белый"),
            ("3", "Футболка детская", Some("tee"), 500, "clothes", true, "красный"),
            ("4", "Футболка детская", Some("tee"), 700, "clothes", true, "синий"),
            ("7", "Кукла Глаша", None, 800, "toys", true, "красный"),
            ("5", "Мяч теннисный", None, 300, "balls", true, "жёлтый"),
            ("6", "Кукла Василина", None, 1100, "toys", false, "синий"),
        ];
        let settings = FacetSettings::default();
        let version = |last_import| IndexVersion {
            format: crate::search::disk::FORMAT,
            last_import,
            import_finished_at: None,
            synonyms: 0,
            facet_settings: String::new(),
        };
        let dir = tempfile::tempdir().unwrap();
        let store = IndexStore::new(dir.path()).unwrap();
        let (docs, offers, _) = catalogue(&before);
        let (docs, offers) = gather(docs, offers);
        let building = store.begin().unwrap();
        let entries: Vec<_> = offers.into_iter().map(Some).collect();
        building.keep_entries(&entries).unwrap();
        let facets = FacetIndex::build_entries(entries, None, &settings);
        let (old, brands) =
            super::super::SearchIndex::build_in(Some(building.dir()), docs, Synonyms::default(), Vec::new()).unwrap();
        building.keep_catalogue(&Catalogue { brands, sections: Vec::new() }).unwrap();
        building.switch(&old, &facets, &version(1)).unwrap();

        let (docs, offers, places) = catalogue(&after);
        let building = store.begin().unwrap();
        let base = building.link_current().unwrap().unwrap();
        let tags: HashSet<String> = ["offer:1", "offer:2", "offer:3", "group:tee", "offer:7"].map(String::from).into();
        let plan = plan(&base.entries, &places, &tags).unwrap();
        assert_eq!(plan.read, ["1", "3", "4", "7"]);
        let wanted: HashSet<&str> = plan.read.iter().map(String::as_str).collect();
        let (read_docs, read_offers): (Vec<_>, Vec<_>) =
            docs.iter().cloned().zip(offers.iter().cloned()).filter(|(d, _)| wanted.contains(d.id.as_str())).unzip();
        let (new_docs, new_offers) = gather(read_docs, read_offers);
        let (entries, feed) = apply(base.entries, &plan.gone, new_offers, &places).unwrap();
        let facets = FacetIndex::build_entries(entries, Some(&feed), &settings);
        let mut catalogue_kept = base.catalogue;
        let updated = super::super::SearchIndex::extend_in(
            building.dir(),
            &old,
            &plan.gone,
            new_docs,
            &feed,
            &mut catalogue_kept.brands,
            Synonyms::default(),
        )
        .unwrap();
        assert_eq!((updated.len(), updated.ordinals(), updated.segment_count()), (5, 8, 2));
        building.switch(&updated, &facets, &version(2)).unwrap();

        let (docs, offers) = gather(docs, offers);
        let built_facets = FacetIndex::build_with(offers, &settings);
        let built = super::super::SearchIndex::build_with(docs, Synonyms::default()).unwrap();
        let want = seen(&built, &built_facets);
        assert!(want[4].ends_with("[\"6\"]"), "the typo corrected: {}", want[4]);
        assert_eq!(seen(&updated, &facets), want, "the update in memory");
        let reopened = store.open().unwrap();
        assert_eq!(reopened.version.last_import, 2);
        assert_eq!(seen(&reopened.search, &reopened.facets), want, "the update as kept on disk");
        drop(old);
        assert_eq!(reopened.search.len(), 5);
    }
}
