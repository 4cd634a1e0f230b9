//! Offers gathered into products (issue 35, variants): the offers of one YML `group_id` are one product's variants.
//! The search and facet indexes hold products, not offers, so a listing shows one card per product, a facet counts
//! products, and a search finds a product once.
//!
//! - **The leader** of a product is its first variant in stock in the shop's order (`position`, then id), or its first
//!   when none is: its id, name, picture and place stand for the product on a card, and "В корзину" there would add
//!   one a shopper can have. The SQL listings (`db::offers`: the home page's collections, a listing read before the
//!   first index build) pick the same one. The product's canonical page is its first variant's, in stock or not
//!   (`catalog::variants`): it does not move with the stock.
//! - **A product matches** a facet value, a section or "in stock" when any of its variants does; its price is the
//!   span of its variants' prices (`FacetOffer::price_max_minor`), sorted by its lowest. So "Чёрный" and "XL" keep a
//!   product with a black M and a white XL: the chooser on its page shows which variants exist (docs/decisions.md).

use crate::db::search::SearchDoc;
use crate::facets::{FacetOffer, normal};
use std::collections::{HashMap, HashSet};

/// Most bytes of parameter text a product's search document gathers from its variants (the bound of one offer's).
const PRODUCT_PARAMS_MAX_BYTES: usize = 16 * 1024;

/// `docs` and `offers` (one read of the same offers in the same order: `db::search::snapshot`) with each group's
/// variants gathered into its leader's entry, products in their leaders' places. Offers without a group stay as they
/// are. Lists that do not pair up (which one read cannot give) are answered unchanged.
pub fn gather(docs: Vec<SearchDoc>, offers: Vec<FacetOffer>) -> (Vec<SearchDoc>, Vec<FacetOffer>) {
    let paired = docs.len() == offers.len() && docs.iter().zip(&offers).all(|(d, o)| d.id == o.id);
    if !paired {
        tracing::error!(
            docs = docs.len(),
            offers = offers.len(),
            "search and facet reads differ; variants not gathered"
        );
        return (docs, offers);
    }
    if offers.iter().all(|o| group_of(o).is_none()) {
        return (docs, offers);
    }
    // Each group's variants by their place, in the shop's order.
    let mut members: HashMap<&str, Vec<usize>> = HashMap::new();
    for (at, offer) in offers.iter().enumerate() {
        if let Some(group) = group_of(offer) {
            members.entry(group).or_default().push(at);
        }
    }
    let mut roles: Vec<Role> = vec![Role::Own; offers.len()];
    for places in members.into_values() {
        let leader = places.iter().copied().find(|&at| offers[at].available).unwrap_or(places[0]);
        for &at in &places {
            roles[at] = Role::Follows;
        }
        roles[leader] = Role::Leads(places.into_iter().filter(|&at| at != leader).collect());
    }
    let mut docs: Vec<Option<SearchDoc>> = docs.into_iter().map(Some).collect();
    let mut offers: Vec<Option<FacetOffer>> = offers.into_iter().map(Some).collect();
    let mut products = Vec::with_capacity(offers.len());
    for (at, role) in roles.iter().enumerate() {
        if matches!(role, Role::Follows) {
            continue;
        }
        let (Some(mut doc), Some(mut offer)) = (docs[at].take(), offers[at].take()) else { continue };
        if let Role::Leads(others) = role {
            for &other in others {
                if let (Some(variant_doc), Some(variant)) = (docs[other].take(), offers[other].take()) {
                    join_doc(&mut doc, variant_doc);
                    join_offer(&mut offer, variant);
                }
            }
        }
        products.push((doc, offer));
    }
    products.into_iter().unzip()
}

/// `docs` (products in the shop's order, as [`gather`] answers them) and `others` (one per doc, or none) with ordinals
/// in [`section_order`], and the feed: the ordinal at each place of the shop's order, which a search's ties rank by
/// (`SearchIndex::build_in`'s `feed`, `FacetIndex::build_entries`'). Answers them as given with an empty feed when
/// they are in that order already (issue 39).
pub fn in_section_order<T>(docs: Vec<SearchDoc>, others: Vec<T>) -> (Vec<SearchDoc>, Vec<T>, Vec<u32>) {
    match section_order(&docs) {
        Some(order) => (reorder(docs, &order), reorder(others, &order), feed_of(&order)),
        None => (docs, others, Vec::new()),
    }
}

/// The order of ordinals for `docs` (products in the shop's order, as [`gather`] answers them): each section's
/// products together, the sections in the order the shop first names them and the products without a section last,
/// the shop's order kept within each. A search then counts a section's matches by their bits, in a run of document
/// ids (issue 39, `search::collect`); ties still rank in the shop's order (`SearchIndex::build_in`'s `feed`). Answers
/// each ordinal's place in `docs`, or `None` when they are in that order already.
fn section_order(docs: &[SearchDoc]) -> Option<Vec<u32>> {
    let mut met: HashMap<&str, u32> = HashMap::new();
    let keys: Vec<u32> = docs
        .iter()
        .map(|doc| match doc.section_id.as_deref() {
            Some(id) => {
                let next = met.len() as u32;
                *met.entry(id).or_insert(next)
            }
            None => u32::MAX,
        })
        .collect();
    if keys.is_sorted() {
        return None;
    }
    let mut order: Vec<u32> = (0..docs.len() as u32).collect();
    // Stable: the shop's order within a section.
    order.sort_by_key(|&at| keys[at as usize]);
    Some(order)
}

/// `items` taken in `order` (a place in `items` per item, each once: [`section_order`]'s); none stays none.
fn reorder<T>(items: Vec<T>, order: &[u32]) -> Vec<T> {
    let mut items: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.iter().filter_map(|&at| items.get_mut(at as usize)?.take()).collect()
}

/// The ordinal at each place of the shop's order, from `order` ([`section_order`]'s place of each ordinal).
fn feed_of(order: &[u32]) -> Vec<u32> {
    let mut feed = vec![0; order.len()];
    for (ordinal, &at) in order.iter().enumerate() {
        feed[at as usize] = ordinal as u32;
    }
    feed
}

/// What an offer is to the product read ([`gather`]).
#[derive(Clone)]
enum Role {
    /// An offer of its own.
    Own,
    /// Its product's leader, gathering the variants at these places.
    Leads(Vec<usize>),
    /// A variant its product's leader gathers.
    Follows,
}

/// The offer's group, when it has a non-blank one.
fn group_of(offer: &FacetOffer) -> Option<&str> {
    offer.group_id.as_deref().filter(|g| !g.trim().is_empty())
}

/// Adds a variant's searchable text to its product's document: its SKU, and the words of its name and parameters
/// the document lacks (so a word all variants share is not counted once per variant).
fn join_doc(product: &mut SearchDoc, variant: SearchDoc) {
    if let Some(sku) = variant.sku.filter(|s| Some(s) != product.sku.as_ref() && !product.other_skus.contains(s)) {
        product.other_skus.push(sku);
    }
    let mut known: HashSet<String> =
        product.params.split_whitespace().chain(product.name.split_whitespace()).map(normal).collect();
    for word in variant.name.split_whitespace().chain(variant.params.split_whitespace()) {
        if product.params.len() + word.len() >= PRODUCT_PARAMS_MAX_BYTES {
            break;
        }
        if known.insert(normal(word)) {
            product.params.push_str(word);
            product.params.push(' ');
        }
    }
    product.available |= variant.available;
}

/// Adds a variant's facts to its product's facet entry: its sections, stock, price and parameter values.
fn join_offer(product: &mut FacetOffer, variant: FacetOffer) {
    for section in variant.sections {
        if !product.sections.contains(&section) {
            product.sections.push(section);
        }
    }
    if product.vendor.as_deref().is_none_or(|v| v.trim().is_empty()) {
        product.vendor = variant.vendor;
    }
    product.available |= variant.available;
    let high = product.price_max_minor.unwrap_or(product.price_minor).max(variant.price_minor);
    // The lowest price a variant has: "price on request" (0) only when every variant is so.
    product.price_minor = match (product.price_minor, variant.price_minor) {
        (0, price) | (price, 0) => price,
        (a, b) => a.min(b),
    };
    product.price_max_minor = Some(high);
    // Variants of different prices have no one discount: the leader's old price against another's price would
    // make one up (the card shows no old price beside a range either).
    if high > product.price_minor {
        product.old_price_minor = None;
    }
    product.added_import = product.added_import.min(variant.added_import);
    for param in variant.params {
        if !product.params.contains(&param) {
            product.params.push(param);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(id: &str, group: Option<&str>, price: i64, available: bool, colour: &str) -> (SearchDoc, FacetOffer) {
        let doc = SearchDoc {
            id: id.into(),
            name: format!("Футболка {colour}"),
            sku: Some(format!("T-{id}")),
            params: format!("Цвет {colour} Материал хлопок "),
            available,
            group_id: group.map(Into::into),
            ..SearchDoc::default()
        };
        let offer = FacetOffer {
            id: id.into(),
            sections: vec!["shirts".into()],
            available,
            price_minor: price,
            params: vec![("Цвет".into(), colour.into(), None), ("Материал".into(), "хлопок".into(), None)],
            group_id: group.map(Into::into),
            added_import: price,
            old_price_minor: Some(price * 2),
            ..FacetOffer::default()
        };
        (doc, offer)
    }

    #[test]
    fn a_group_is_one_product_led_by_its_first_variant_in_stock() {
        let (docs, offers): (Vec<_>, Vec<_>) = vec![
            variant("1", Some("t"), 900, false, "красная"),
            variant("2", None, 500, true, "белая"),
            variant("3", Some("t"), 1500, true, "синяя"),
            variant("4", Some(" "), 700, true, "серая"),
            variant("5", Some("t"), 1100, false, "красная"),
        ]
        .into_iter()
        .unzip();
        let (docs, offers) = gather(docs, offers);
        let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(
            ids,
            ["2", "3", "4"],
            "the group led by its first variant in stock, in its place; a blank group is none"
        );
        assert_eq!(docs.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), ids);
        let shirt = &offers[1];
        assert!(shirt.available, "in stock when any variant is");
        assert_eq!((shirt.price_minor, shirt.price_max_minor), (900, Some(1500)));
        assert_eq!(shirt.added_import, 900, "the product came with its first variant");
        assert_eq!(shirt.old_price_minor, None, "no one discount across prices");
        let colours: Vec<&str> = shirt.params.iter().filter(|p| p.0 == "Цвет").map(|p| p.1.as_str()).collect();
        assert_eq!(colours, ["синяя", "красная"], "each value once");
        assert_eq!(shirt.sections, ["shirts"]);
        let doc = &docs[1];
        assert_eq!(doc.other_skus, ["T-1", "T-5"]);
        assert!(doc.available);
        assert_eq!(doc.params.matches("хлопок").count(), 1, "shared words once: {}", doc.params);
        assert!(doc.params.contains("красная"), "{}", doc.params);
        assert_eq!(offers[0].price_max_minor, None, "an offer of its own has one price");
        assert_eq!(offers[0].old_price_minor, Some(1000), "and keeps its discount");
    }

    #[test]
    fn products_are_ordered_by_section_as_the_shop_first_names_them_in_its_order_within() {
        let doc = |id: &str, section: Option<&str>| SearchDoc {
            id: id.into(),
            section_id: section.map(Into::into),
            ..SearchDoc::default()
        };
        let docs = vec![
            doc("a", Some("toys")),
            doc("b", None),
            doc("c", Some("books")),
            doc("d", Some("toys")),
            doc("e", Some("books")),
            doc("f", Some("games")),
        ];
        let order = section_order(&docs).expect("not in section order");
        let ids: Vec<String> = reorder(docs.clone(), &order).into_iter().map(|d| d.id).collect();
        assert_eq!(ids, ["a", "d", "c", "e", "f", "b"], "none last");
        let feed = feed_of(&order);
        assert_eq!(feed, [0, 5, 2, 1, 3, 4], "the ordinal at each place of the shop's order");
        let tags: Vec<char> = "abcdef".chars().collect();
        let (sorted, tags, whole_feed) = in_section_order(docs, tags);
        assert_eq!(tags, ['a', 'd', 'c', 'e', 'f', 'b'], "the others follow their docs");
        assert_eq!(whole_feed, feed);
        assert_eq!(section_order(&sorted), None, "already in order");
        let (again, none, no_feed) = in_section_order(sorted, Vec::<()>::new());
        assert_eq!((again.len(), none.len(), no_feed.len()), (6, 0, 0), "in order: as given, no feed");
    }

    #[test]
    fn lists_that_do_not_pair_are_left_alone() {
        let (mut docs, offers): (Vec<_>, Vec<_>) =
            vec![variant("1", Some("t"), 1, true, "a"), variant("2", Some("t"), 2, true, "b")].into_iter().unzip();
        docs.swap(0, 1);
        let (docs, offers) = gather(docs, offers);
        assert_eq!((docs.len(), offers.len()), (2, 2));
    }
}
