//! Product search (issue 4, spec §3 "Search result", §4, §5): a tantivy index of the offers, kept on disk and mapped
//! (issue 39), or in memory.
//!
//! [`SearchIndex::build`] indexes [`SearchDoc`]s into one segment; [`SearchIndex::search`] answers a
//! [`SearchRequest`] with the total, the per-section counts over all matches and the ids of the best offers.
//!
//! Matching and ranking (docs/decisions.md "Search"):
//! - every word of the query must match: each of its tokens ("ft-111" is "ft" and "111") through its Russian/English
//!   stem in any field. A word that is an offer's whole SKU ranks that offer up (weight 10 times the SKU's rarity);
//! - the last word also matches as the start of a word of the name, SKU, vendor or section names (the shopper is
//!   still typing it: "конст" finds "конструктор"), and ranks up offers whose whole SKU starts with it (weight 4).
//!   The index holds every such start of up to [`SEARCH_PREFIX_MAX_CHARS`] characters as a term of its own (edge
//!   n-grams), so a prefix is one posting list however many words start with it; a longer last word is matched
//!   with a prefix automaton;
//! - a token of [`TYPO_MIN_CHARS`] letters or more is taken for a typo only when it exists nowhere a shopper aims:
//!   its stem is a word of no name, SKU, vendor or section name, and (for the last word) no such word starts with
//!   it. It then matches the words of those fields one edit away ("констрктор" finds "конструктор"; at most
//!   [`SEARCH_TYPO_MAX_TERMS`] per field, the ones in most offers) at [`TYPO_WEIGHT`] of their weight. A word that
//!   exists is taken as typed: "ракета" does not find "ракетка", "космод" does not find "космос";
//! - field weights: name 3 > SKU-as-text 2 > vendor 1.5 > section names 1.2 > params 1 > description 0.3 (BM25
//!   within a field, summed over fields); a prefix match scores a constant: half its field's weight (name 1.5,
//!   SKU/vendor/sections 0.75);
//! - equal scores rank in the shop's order (the order of [`SearchIndex::build`]'s input, or the `feed` order given
//!   to [`SearchIndex::build_in`] when the shop's build orders its documents by section).
//!
//! Text is lower-cased and `ё` folded to `е` on both sides.
//!
//! Files: `build.rs` (analyzers, edge n-grams, the one segment), `disk.rs` (the index kept on disk, issue 39), `plan.rs` (a query's words as clauses of posting
//! lists), `collect.rs` (running the clauses and collecting the answer), `answer.rs` (the API's documented answer),
//! `engine.rs` (the index in use, its swap, the one call that answers a request and its cache).
//!
//! How (issue 4 "Measure", docs/performance.md "Search"): the answer needs every match, not only the best ones
//! (the total and the per-section counts), so nothing can be skipped. tantivy holds the terms, posting lists and
//! field lengths; the query is run here: each token is a [`Clause`] of posting lists (or of a frequent term's kept
//! bit set), matched term at a time in bit sets of the documents ([`Scratch`], reused per thread), then scored a
//! window of documents at a time and read once, in document order, into per-section counts, each section's best rank
//! and a bounded top list, with each offer's section and availability taken from plain vectors built with the index.
//! The shop builds its documents in section order ([`products::section_order`]): a section's matches are then a run
//! of document ids, counted by their bits, and only an offer that may enter the page or lead its section is looked up
//! further ([`Runs`]).

use crate::domain::offer_ids::OfferIds;
use crate::limits::{
    SEARCH_INDEX_BUILD_BYTES, SEARCH_PREFIX_COMPLETION_MIN_CHARS, SEARCH_PREFIX_COMPLETIONS, SEARCH_PREFIX_MAX_CHARS,
    SEARCH_TYPO_MAX_TERMS,
};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use tantivy::fieldnorm::FieldNormReader;
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{Bm25Weight, DfaWrapper, FuzzyTermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    Language, LowerCaser, PreTokenizedString, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
    Token, TokenStream,
};
use tantivy::{DocId, Index, IndexWriter, ReloadPolicy, Score, Searcher, SegmentReader, TantivyDocument, Term};

pub mod answer;
mod bits;
mod build;
pub mod cards;
mod collect;
pub mod disk;
pub mod engine;
mod plan;
pub mod products;
pub mod synonyms;
pub(crate) mod update;
pub mod words;

use synonyms::Synonyms;

use build::*;
use plan::*;

pub use crate::limits::MAX_SEARCH_QUERY_CHARS as MAX_QUERY_CHARS;

/// Words shorter than this get no typo tolerance (issue 4: one edit on words of 5 letters or more).
pub const TYPO_MIN_CHARS: usize = 5;

/// Share of a field's weight a word matched through a typo correction scores.
pub const TYPO_WEIGHT: Score = 0.3;

const TEXT_ANALYZER: &str = "vitrina_text";
const SKU_ANALYZER: &str = "vitrina_sku";
/// Tokens longer than this many bytes are dropped (on both sides): 40 Cyrillic letters, so that long Russian words
/// ("достопримечательности") are kept and garbage (links, codes) is not.
const MAX_TOKEN_BYTES: usize = 80;

/// Weight of the whole SKU matching a word exactly.
const SKU_EXACT_WEIGHT: Score = 10.0;
/// Weight (a constant score) of the last word starting the whole SKU.
const SKU_PREFIX_WEIGHT: Score = 4.0;
/// Weight (a constant score) of the last word starting a word of the name.
const NAME_PREFIX_WEIGHT: Score = 1.5;
/// Weight (a constant score) of the last word starting a word of the SKU, vendor or section names.
const TAG_PREFIX_WEIGHT: Score = 0.75;

/// How well an offer matched one word of the query, by where and how (issue 23): the best source of the word's clause
/// counts, and an offer's match class is the sum over the words. Offers rank by match class first, then in-stock before
/// out-of-stock, then by score (BM25), then in the shop's order. So a word in the name outranks it in a parameter or
/// the description however often those repeat it, and a word the name is about (its head, [`words::split_name`])
/// outranks it after "для": "Кейс для ларингоскопа" comes after the laryngoscopes.
pub(super) mod class {
    /// In the head of the name ("**Картридж** 727 для HP").
    pub const NAME_HEAD: u16 = 12;
    /// Elsewhere in the name.
    pub const NAME: u16 = 10;
    /// The start of a word of the name (the last word, being typed).
    pub const NAME_PREFIX: u16 = 9;
    /// A word of the SKU or the vendor.
    pub const SKU_VENDOR: u16 = 8;
    /// A word of the names of the offer's sections.
    pub const SECTIONS: u16 = 7;
    /// The start of a word of the SKU, vendor or section names.
    pub const TAG_PREFIX: u16 = 6;
    /// One edit away from a word of the name.
    pub const NAME_TYPO: u16 = 5;
    /// One edit away from a word of the SKU, vendor or section names.
    pub const TAG_TYPO: u16 = 4;
    /// A word of the parameters.
    pub const PARAMS: u16 = 3;
    /// The start of a word of the parameters.
    pub const PARAMS_PREFIX: u16 = 2;
    /// A word of the description.
    pub const DESCRIPTION: u16 = 1;
    /// The start of a word of the description: it matches, and adds nothing.
    pub const DESCRIPTION_PREFIX: u16 = 0;
    /// Added when the whole word is the offer's whole SKU: a code typed out names that offer above any name.
    pub const SKU_EXACT_BONUS: u16 = 13;
    /// Added when the last word starts the offer's whole SKU.
    pub const SKU_PREFIX_BONUS: u16 = 6;
}

/// Bit of [`SegmentFacts::info`] set for an offer in stock; the other bits hold the section slot.
const AVAILABLE_BIT: u32 = 1 << 31;

/// [`SegmentFacts::info`] of a document an import's update replaced or removed (`search::update`): never found.
const DEAD: u32 = u32::MAX;

/// One offer as the index needs it: read by `db::search::load_docs`, so it lives beside that reader (a lower
/// layer never imports a higher one, issue 21).
pub use crate::db::search::SearchDoc;
pub use collect::Share;

/// What a search asks for.
#[derive(Debug, Clone, Default)]
pub struct SearchRequest {
    /// The shopper's text; cut to [`MAX_QUERY_CHARS`]. Blank text finds nothing.
    pub text: String,
    /// Only in-stock offers (`available=Y`).
    pub available_only: bool,
    /// Only offers of this section and its subsections (the items; section counts stay over all sections).
    pub section: Option<String>,
    /// With `section`: only the section's own offers, not its subsections' (the ones its count in
    /// [`SearchHits::sections`] counts; the shop's UI asks so, spec §4 "only items of its category").
    pub own_section_only: bool,
    /// How many item ids to return (1..=100 at the API).
    pub limit: usize,
    /// How many of the best items to skip first (paging: `(page - 1) * limit`).
    pub offset: usize,
    /// Only offers whose ordinal is in this set: the offers a listing's facet filters leave (issue 35), by the facet
    /// index's dense ids, which are the search index's ordinals (both built from one read, `db::search::snapshot`).
    pub within: Option<std::sync::Arc<roaring::RoaringBitmap>>,
    /// Leave the facets of the matches out of the answer (`facets=N`: a client that does not show them, such as the
    /// header's instant search; issue 39). The engine then does not count them.
    pub no_facets: bool,
}

/// The answer of the engine.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchHits {
    /// Number of matching offers (after `available_only`, before `section`).
    pub total: usize,
    /// `(section id, section name, matches)` for every section holding matches, in order of each section's first
    /// appearance among the ranked matches. Offers without a section are counted in `total` only.
    pub sections: Vec<(String, String, usize)>,
    /// Ids of the best `limit` offers after `offset` (restricted to `section` when given), best first.
    pub items: Vec<String>,
    /// Their ordinals, in the same order (what their cards are kept by, [`cards::Cards`]).
    pub ordinals: Vec<u32>,
    /// Number of matches `items` are taken from: `total` without `section`, else the matches in the section and its
    /// subsections (the results page counts its pages with it).
    pub items_total: usize,
    /// Fewer than [`SEARCH_FULL_MATCHES_ENOUGH`](crate::limits::SEARCH_FULL_MATCHES_ENOUGH) offers matched every
    /// word, so the offers that match most of them (at least half, or the most any offer matches) follow those, more
    /// words first (issue 23).
    pub partial: bool,
    /// Of `items_total`, the offers that match every word: the first ones of the ranking.
    pub exact: usize,
    /// The ordinals of the matches in `section`'s scope, in stock or not, before `within`: what the facets of the
    /// answer are counted over (issue 35). Empty when the request leaves the facets out.
    pub found: roaring::RoaringBitmap,
}

#[derive(Clone)]
struct Fields {
    /// The offer's ordinal in the input (a fast field, read once after the build into [`SegmentFacts`]).
    ord: Field,
    /// The name's head ([`words::split_name`]): what the offer is.
    name_head: Field,
    /// The rest of the name: what the offer is for, goes with, is made of.
    name_tail: Field,
    vendor: Field,
    sku_text: Field,
    /// The whole SKU, lower-cased, one term.
    sku: Field,
    params: Field,
    sections: Field,
    description: Field,
    /// Starts (1..=[`SEARCH_PREFIX_MAX_CHARS`] characters) of the name's words.
    name_prefix: Field,
    /// Starts of the words of the SKU, vendor and section names.
    tag_prefix: Field,
    /// Starts of the whole SKU.
    sku_prefix: Field,
}

/// What [`SearchIndex::search`] reads per matching document of one segment, by document id (4 or 8 bytes per
/// offer).
struct SegmentFacts {
    /// tantivy's id of the segment (`SegmentId::uuid_string`), which names the facts kept on disk.
    segment: String,
    /// The offer's ordinal (index into [`SearchIndex::ids`]); empty when it is the document id (one segment, built
    /// in order: the usual case).
    offer: Vec<u32>,
    /// The offer's section slot (section ordinal, or the number of sections for none) | [`AVAILABLE_BIT`]; [`DEAD`]
    /// for a document no longer shown.
    info: Vec<u32>,
    /// Its documents' runs by section slot, when they come in slot order and their ids are the ordinals
    /// ([`Runs::of`]); made when the index is put together, not kept on disk.
    runs: Option<Runs>,
}

impl SegmentFacts {
    /// The facts of segment `segment`: see the fields. Its [`Runs`] are made when the index is put together.
    fn new(segment: String, offer: Vec<u32>, info: Vec<u32>) -> Self {
        Self { segment, offer, info, runs: None }
    }

    #[inline]
    fn offer(&self, doc: DocId) -> u32 {
        if self.offer.is_empty() { doc } else { self.offer[doc as usize] }
    }
}

/// A segment's documents as runs of one section slot each, the slots in order: what a build writes, the products
/// ordered by section (`products::section_order`), and what an update leaves of it (some documents [`DEAD`]). A scan
/// then counts a run's matches 64 documents at a time by their bits, and reads no document's facts but for an offer
/// that may enter the answer (issue 39: each match's facts, 4 MB at a million offers, were the scan's most waited-on
/// load; `search::collect`).
#[derive(Debug, PartialEq)]
struct Runs {
    /// Slot `s`'s documents are `starts[s]..starts[s + 1]` (documents [`DEAD`] among them are none of its): one more
    /// than the slots, the last the segment's documents.
    starts: Vec<u32>,
    /// Per word of 64 documents, the bits of those in stock.
    available: Vec<u64>,
    /// Per word of 64 documents, the bits of those shown; empty when all are.
    live: Vec<u64>,
}

impl Runs {
    /// The runs of `facts` over `slots` slots, or `None` when its documents are not in slot order, their ids are
    /// not the offers' ordinals ([`SegmentFacts::offer`]), or a run's are not in the shop's order (`places`, each
    /// ordinal's place in it; empty: the ordinals' own), which the scan takes them in to rank ties.
    fn of(facts: &SegmentFacts, slots: usize, places: &[u32]) -> Option<Self> {
        if !facts.offer.is_empty() {
            return None;
        }
        let place = |doc: usize| places.get(doc).copied().unwrap_or(doc as u32);
        let mut last: Option<(usize, u32)> = None;
        let words = facts.info.len().div_ceil(64);
        let (mut available, mut live) = (vec![0u64; words], vec![0u64; words]);
        let mut starts = vec![0u32];
        let mut dead = false;
        for (doc, &info) in facts.info.iter().enumerate() {
            let bit = 1u64 << (doc % 64);
            if info == DEAD {
                dead = true;
                continue;
            }
            let slot = (info & !AVAILABLE_BIT) as usize;
            if slot >= slots || slot + 1 < starts.len() {
                return None;
            }
            // With no places the ordinals' own order is the shop's.
            if !places.is_empty() {
                if last.is_some_and(|(before, at)| before == slot && at >= place(doc)) {
                    return None;
                }
                last = Some((slot, place(doc)));
            }
            // The slots from the last one met to this one (some may hold nothing) start here.
            while starts.len() <= slot {
                starts.push(doc as u32);
            }
            live[doc / 64] |= bit;
            if info & AVAILABLE_BIT != 0 {
                available[doc / 64] |= bit;
            }
        }
        starts.resize(slots + 1, facts.info.len() as u32);
        if !dead {
            live = Vec::new();
        }
        Some(Self { starts, available, live })
    }

    /// The slot whose run holds document `doc`.
    #[inline]
    fn slot_of(&self, doc: usize) -> usize {
        self.starts.partition_point(|&start| start as usize <= doc).saturating_sub(1)
    }
}

/// A built, read-only index. Cheap to query from many threads.
pub struct SearchIndex {
    /// The one searcher of the never-changing index (`segment_readers()` in the order of `segments`).
    searcher: Searcher,
    fields: Fields,
    /// Per segment of `searcher`, in order (one after a build).
    segments: Vec<SegmentFacts>,
    /// Offer id by offer ordinal (empty for an ordinal no longer shown), shared with the facet index built beside
    /// it ([`SearchIndex::ids`]).
    ids: Arc<OfferIds>,
    /// Ordinals shown: `ids`' length less the documents [`DEAD`].
    shown: usize,
    /// The feed's order when the ordinals are not in it (after an update, `search::update`): each ordinal's place
    /// (`u32::MAX` for one no longer shown), and the ordinal at each place. Both empty when an ordinal is its place.
    places: Vec<u32>,
    feed: Vec<u32>,
    /// Section id by section ordinal.
    section_ids: Vec<String>,
    /// Section name by section ordinal, so answers name their sections without a database read.
    section_names: Vec<String>,
    /// Ids from the top section down to the section, by section ordinal (for the `section` filter).
    section_paths: Vec<Vec<String>>,
    /// What a query word also finds, by the word's stem: `(stem, as typed)` of each synonym (the shop's rules and
    /// the brands' Cyrillic spellings, [`synonyms`]).
    synonyms: HashMap<String, Vec<(String, String)>>,
    /// The answers' cards by ordinal ([`cards`]); empty when built from documents without card facts.
    cards: cards::Cards,
    /// Frequent terms' documents as bit sets, made as questions use them ([`bits`]).
    term_bits: bits::TermBits,
}

/// `ё` → `е` (both cases): shoppers type either.
pub fn fold(text: &str) -> String {
    text.replace('ё', "е").replace('Ё', "Е")
}

impl SearchIndex {
    /// Number of indexed offers (products) shown.
    pub fn len(&self) -> usize {
        self.shown
    }

    /// Whether no offer is shown.
    pub fn is_empty(&self) -> bool {
        self.shown == 0
    }

    /// The feed place of ordinal `ord` (search ranks ties by it).
    #[inline]
    fn place_of(&self, ord: u32) -> u32 {
        if self.places.is_empty() { ord } else { self.places.get(ord as usize).copied().unwrap_or(u32::MAX) }
    }

    /// The ordinal at feed place `place` ([`SearchIndex::place_of`]'s inverse).
    #[inline]
    fn ordinal_at(&self, place: u32) -> u32 {
        if self.feed.is_empty() { place } else { self.feed.get(place as usize).copied().unwrap_or(place) }
    }

    /// Ordinals given so far, shown or not: the next update's first new ordinal.
    pub fn ordinals(&self) -> usize {
        self.ids.len()
    }

    /// Offer ids by ordinal, to share with the facet index of the same read (`FacetIndex::adopt_ids`).
    pub fn ids(&self) -> &Arc<OfferIds> {
        &self.ids
    }

    /// Bytes the index files take in memory. On top: [`SegmentFacts`] (4 or 8 bytes per offer), and the work arrays
    /// of each thread that has searched (about 6 bytes per offer).
    pub fn index_bytes(&self) -> u64 {
        self.searcher.space_usage().map_or(0, |usage| usage.total().get_bytes())
    }

    /// Number of index segments (one after a build; zero when empty).
    pub fn segment_count(&self) -> usize {
        self.segments.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, name: &str, section: &[&str], available: bool) -> SearchDoc {
        SearchDoc {
            id: id.into(),
            name: name.into(),
            section_id: section.last().map(|s| (*s).to_owned()),
            section_path: section.iter().map(|s| (*s).to_owned()).collect(),
            section_names: section.iter().map(|s| format!("Раздел {s}")).collect(),
            available,
            ..SearchDoc::default()
        }
    }

    fn index() -> SearchIndex {
        SearchIndex::build(vec![
            doc("1", "Конструктор «Городская стройка», 320 деталей", &["k", "k1"], true),
            doc("2", "Магнитный конструктор «Радуга»", &["k", "k2"], false),
            doc("3", "Пазл «Ёжик в тумане», 500 элементов", &["p"], true),
            SearchDoc {
                sku: Some("FT-11143".into()),
                vendor: Some("fischertechnik".into()),
                ..doc("4", "Набор Profi Optics", &["k", "k1"], true)
            },
            doc("5", "Мяч резиновый", &[], true),
            SearchDoc { params: "Материал пластик".into(), ..doc("6", "Кубики", &["k"], true) },
        ])
        .unwrap()
    }

    fn ask(index: &SearchIndex, text: &str) -> SearchHits {
        index.search(&SearchRequest { text: text.into(), limit: 100, ..SearchRequest::default() }).unwrap()
    }

    fn ids(hits: &SearchHits) -> Vec<&str> {
        let mut ids: Vec<&str> = hits.items.iter().map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    /// The items that match every word (sorted), the ones a partial answer puts first.
    fn exact(hits: &SearchHits) -> Vec<&str> {
        let mut ids: Vec<&str> = hits.items.iter().take(hits.exact).map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    #[test]
    fn russian_stemming_finds_singular_from_plural() {
        assert_eq!(ids(&ask(&index(), "конструкторы")), ["1", "2"]);
    }

    #[test]
    fn the_last_word_matches_as_a_prefix_while_typing() {
        assert_eq!(ids(&ask(&index(), "конст")), ["1", "2"]);
        assert_eq!(exact(&ask(&index(), "магнитный конс")), ["2"]);
    }

    #[test]
    fn one_typo_is_forgiven_on_words_of_five_letters_or_more() {
        assert_eq!(ids(&ask(&index(), "констрктор")), ["1", "2"]);
        assert!(ask(&index(), "мач").items.is_empty(), "short words need an exact or prefix match");
    }

    #[test]
    fn sku_vendor_and_params_are_searchable_and_yo_is_folded() {
        assert_eq!(ask(&index(), "FT-11143").items, ["4"]);
        assert_eq!(ask(&index(), "ft-111").items, ["4"]);
        assert_eq!(ask(&index(), "fischertechnik").items, ["4"]);
        assert_eq!(ask(&index(), "пластик").items, ["6"]);
        assert_eq!(ask(&index(), "ежик").items, ["3"]);
        assert_eq!(ask(&index(), "ЁЖИК").items, ["3"]);
    }

    #[test]
    fn every_word_must_match_and_when_none_does_the_offers_matching_most_words_come_marked_partial() {
        let both = ask(&index(), "конструктор стройка");
        assert_eq!(exact(&both), ["1"]);
        assert_eq!(both.items[0], "1", "the offer with every word comes first");
        assert!(both.partial, "one offer with every word is fewer than a whole answer: the others follow");
        let partial = ask(&index(), "конструктор мяч");
        assert!(partial.partial);
        assert_eq!(ids(&partial), ["1", "2", "5"], "no offer has both: each word's offers, never an empty page");
        let partial = ask(&index(), "магнитный конструктор мяч");
        assert!(partial.partial);
        assert_eq!(partial.items, ["2"], "two of three words: at least half must match");
        assert!(ask(&index(), "мяч флюгегехаймен").partial, "a word nothing matches leaves the others");
    }

    #[test]
    fn blank_text_finds_nothing() {
        assert_eq!(ask(&index(), "   "), SearchHits::default());
        assert_eq!(ask(&index(), "«»,"), SearchHits::default());
    }

    #[test]
    fn sections_count_all_matches_in_order_of_first_appearance_and_the_limit_cuts_only_items() {
        let index = index();
        let hits = index.search(&SearchRequest { text: "раздел".into(), limit: 2, ..Default::default() }).unwrap();
        assert_eq!(hits.total, 5, "offer 5 has no section, so no section names to match");
        assert_eq!(hits.items.len(), 2);
        let counts: HashMap<&str, usize> = hits.sections.iter().map(|(id, _, n)| (id.as_str(), *n)).collect();
        assert_eq!(counts, HashMap::from([("k1", 2), ("k2", 1), ("p", 1), ("k", 1)]));
        let first_item_section = match hits.items[0].as_str() {
            "1" | "4" => "k1",
            "2" => "k2",
            "3" => "p",
            _ => "k",
        };
        assert_eq!(hits.sections[0].0, first_item_section);
    }

    #[test]
    fn available_only_keeps_in_stock_offers() {
        let hits = index()
            .search(&SearchRequest {
                text: "конструктор".into(),
                available_only: true,
                limit: 10,
                ..Default::default()
            })
            .unwrap();
        assert_eq!(hits.items, ["1"]);
        assert_eq!(hits.total, 1);
    }

    #[test]
    fn a_section_filter_keeps_its_subsections_items_and_all_section_counts() {
        let index = index();
        let request = |section: &str| SearchRequest {
            text: "раздел".into(),
            section: Some(section.into()),
            limit: 10,
            ..Default::default()
        };
        let top = index.search(&request("k")).unwrap();
        let mut items = top.items.clone();
        items.sort();
        assert_eq!(items, ["1", "2", "4", "6"]);
        assert_eq!(top.total, 5);
        assert_eq!(top.sections.len(), 4);
        assert_eq!(index.search(&request("k2")).unwrap().items, ["2"]);
        assert!(index.search(&request("nope")).unwrap().items.is_empty());
    }

    #[test]
    fn own_section_only_leaves_the_subsections_out_and_matches_the_section_count() {
        let index = index();
        let own = index
            .search(&SearchRequest {
                text: "раздел".into(),
                section: Some("k".into()),
                own_section_only: true,
                limit: 10,
                ..Default::default()
            })
            .unwrap();
        assert_eq!(own.items, ["6"], "k's own offer; 1, 4 (k1) and 2 (k2) are its subsections'");
        assert_eq!(own.items_total, 1);
        let count = own.sections.iter().find(|(id, _, _)| id == "k").map(|(_, _, n)| *n);
        assert_eq!(count, Some(own.items_total), "the section's count and its own items agree");
    }

    #[test]
    fn pages_continue_the_ranking_and_items_total_counts_the_items_scope() {
        let index = index();
        let page = |offset: usize, section: Option<&str>| {
            index
                .search(&SearchRequest {
                    text: "раздел".into(),
                    section: section.map(Into::into),
                    limit: 2,
                    offset,
                    ..Default::default()
                })
                .unwrap()
        };
        let all = index.search(&SearchRequest { text: "раздел".into(), limit: 10, ..Default::default() }).unwrap();
        let paged: Vec<String> = [0, 2, 4].iter().flat_map(|&offset| page(offset, None).items).collect();
        assert_eq!(paged, all.items, "pages of 2 walk the same ranking as one page of 10");
        assert!(page(10, None).items.is_empty(), "a page past the last is empty");
        assert_eq!(page(0, None).items_total, 5);
        assert_eq!(page(2, None).total, 5, "counts do not depend on the page");
        let in_k = page(0, Some("k"));
        assert_eq!(in_k.items_total, 4, "the section k and its subsections hold 4 of the 5 matches");
        assert_eq!(in_k.total, 5);
    }

    fn named(names: &[&str]) -> SearchIndex {
        SearchIndex::build(names.iter().enumerate().map(|(i, name)| doc(&i.to_string(), name, &["s"], true))).unwrap()
    }

    #[test]
    fn a_word_that_exists_is_taken_as_typed_and_only_a_word_that_exists_nowhere_as_a_typo() {
        let index = named(&["Ракета космическая", "Ракетка теннисная", "Космодром", "Космос"]);
        assert_eq!(ids(&ask(&index, "ракета")), ["0"], "«ракета» exists: no typo matching to «ракетка»");
        assert_eq!(ids(&ask(&index, "ракетка")), ["1"]);
        assert_eq!(ids(&ask(&index, "ракетв")), ["0", "1"], "«ракетв» exists nowhere: one edit finds both");
        assert_eq!(exact(&ask(&index, "ракетв теннисная")), ["1"]);
        // The last word is the start of «космодром», so it is being typed, not mistyped: «космос» is one edit away but
        // not found.
        assert_eq!(ids(&ask(&index, "космод")), ["2"]);
        assert_eq!(ids(&ask(&index, "космс")), ["3"], "«космс» is the start of nothing: one edit finds «космос»");
    }

    #[test]
    fn prefixes_match_words_of_names_vendors_sections_and_skus_and_longer_ones_still_match() {
        let index = SearchIndex::build(vec![
            doc("1", "Достопримечательности Москвы, альбом", &["k"], true),
            SearchDoc { vendor: Some("Fischertechnik".into()), ..doc("2", "Набор", &["k"], true) },
            SearchDoc { sku: Some("AB-1234567890-XYZ".into()), ..doc("3", "Кубики", &["k"], true) },
            doc("4", "Мяч", &["k", "sport"], true),
        ])
        .unwrap();
        assert_eq!(index.segment_count(), 1);
        assert_eq!(ask(&index, "д").items, ["1"]);
        assert_eq!(ask(&index, "достоприм").items, ["1"]);
        let long = "достопримечательн";
        assert!(long.chars().count() > SEARCH_PREFIX_MAX_CHARS, "beyond the prefix terms: the automaton answers");
        assert_eq!(ask(&index, long).items, ["1"]);
        assert_eq!(ask(&index, "fisch").items, ["2"]);
        assert_eq!(exact(&ask(&index, "раздел sp")), ["4"], "sections' names start with «Раздел k», «Раздел sport»");
        assert_eq!(ask(&index, "ab-12").items, ["3"]);
        assert_eq!(ask(&index, "ab-1234567890-x").items, ["3"], "an SKU prefix beyond the prefix terms");
        assert_eq!(exact(&ask(&index, "альбом моск")), ["1"]);
        assert!(ask(&index, "моск альбом").partial, "only the last word is a prefix: «моск» matches nothing");
    }

    #[test]
    fn names_weigh_most_an_exact_sku_ranks_first_and_ties_keep_the_shops_order() {
        let index = SearchIndex::build(vec![
            SearchDoc {
                description: "Отличный конструктор".into(), ..doc("desc", "Набор", &["a"], true)
            },
            SearchDoc { params: "Тип конструктор".into(), ..doc("param", "Набор", &["a"], true) },
            doc("name", "Конструктор", &["b"], true),
            SearchDoc { vendor: Some("Конструктор".into()), ..doc("vendor", "Набор", &["c"], true) },
        ])
        .unwrap();
        let hits = ask(&index, "конструктор");
        assert_eq!(hits.items, ["name", "vendor", "param", "desc"]);
        let sections: Vec<&str> = hits.sections.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(sections, ["b", "c", "a"], "sections in order of their first offer in the ranking");

        let index = SearchIndex::build(vec![
            doc("name", "Набор ab12 для сборки", &[], true),
            SearchDoc { sku: Some("AB12".into()), ..doc("sku", "Кубики", &[], true) },
        ])
        .unwrap();
        assert_eq!(ask(&index, "ab12").items, ["sku", "name"]);

        let same = named(&["Мяч", "Мяч", "Мяч", "Мяч"]);
        assert_eq!(ask(&same, "мяч").items, ["0", "1", "2", "3"]);
        assert_eq!(ask(&same, "мя").items, ["0", "1", "2", "3"]);
    }

    #[test]
    fn one_thread_answers_from_indexes_of_different_sizes_in_turn() {
        // The per-thread work arrays outlive each query and each index, and are cleared every 255 queries.
        let big = named(&["Мяч"; 300]);
        let small = named(&["Мяч", "Кукла"]);
        for _ in 0..100 {
            assert_eq!(ask(&big, "мяч").total, 300);
            assert_eq!(ask(&small, "мяч").items, ["0"]);
            assert_eq!(ask(&small, "кукла").items, ["1"]);
            assert_eq!(ask(&big, "кукла").total, 0);
        }
    }

    #[test]
    fn long_queries_are_cut_not_refused() {
        // The cut leaves one 188-letter word, too long to be a word of any offer: it is dropped, not matched.
        let long = format!("конструктор {}", "а".repeat(10_000));
        assert_eq!(ids(&ask(&index(), &long)), ["1", "2"]);
    }

    #[test]
    fn what_the_offer_is_outranks_what_it_is_for_and_the_name_outranks_params_and_description() {
        let index = SearchIndex::build(vec![
            doc("case", "Кейс для ларингоскопа", &["a"], true),
            doc("bag", "Сумка для ларингоскопов и клинков", &["a"], true),
            doc("scope", "Ларингоскоп фиброоптический, взрослый", &["a"], true),
            SearchDoc {
                description: "Картридж картридж картридж: чернила для картриджа".into(),
                params: "Совместимость картридж".into(),
                ..doc("ink", "Чернила InkTec 0,1 л", &["b"], true)
            },
            doc("cartridge", "Картридж 727 для HP DJ T920", &["b"], true),
            doc("toner", "Тонер-картридж Xerox для WC 7525", &["b"], true),
        ])
        .unwrap();
        assert_eq!(ask(&index, "ларингоскоп").items, ["scope", "case", "bag"]);
        let cartridges = ask(&index, "картридж").items;
        assert_eq!(&cartridges[..2], ["cartridge", "toner"]);
        assert_eq!(cartridges[2], "ink", "a word in the params and description does not outrank it in the name");
    }

    /// A catalogue with words of every frequency: "конструктор" in half the offers, "магнитный" in a third, "замок" in
    /// a seventh, "радуга" in one of 97 (under the bit sets' share), numbers in a few, "лунный" and "солнечный" in a
    /// few documents in a row; sections of ten; names of several lengths, so that BM25 scores differ; words twice in
    /// some names and descriptions.
    fn mixed_catalogue() -> Vec<SearchDoc> {
        mixed_catalogue_of(3000)
    }

    /// [`mixed_catalogue`] of `n` offers.
    fn mixed_catalogue_of(n: usize) -> Vec<SearchDoc> {
        let kinds = ["Конструктор", "Пазл", "Набор"];
        (0..n)
            .map(|i| {
                let mut name = format!("{} {}", kinds[i % 2 * (1 + i % 3 / 2)], i % 211);
                if i % 3 == 0 {
                    name.push_str(" магнитный");
                }
                if i % 7 == 0 {
                    name.push_str(" замок");
                }
                if i % 97 == 0 {
                    name.push_str(" радуга");
                }
                // A word twice in some names and descriptions: its BM25 score counts it twice (a kept set's repeats).
                if i % 13 == 0 {
                    name.push_str(" конструктор");
                }
                // Words of some windows of documents only (1,024 each, `collect::Window`): a frequent one in the first
                // and the third, a rare one in the first.
                if i < 30 || (2100..2130).contains(&i) {
                    name.push_str(" лунный");
                }
                if (10..40).contains(&i) {
                    name.push_str(" солнечный");
                }
                let description = match i % 11 {
                    0 => "Конструктор, конструктор и замок, замок, замок",
                    5 => "Магнитный замок",
                    _ => "",
                };
                let section = format!("s{}", i % 10);
                // A vendor for some: a prefix then matches names and tags both, and the scores of the two add up.
                let vendor = (i % 4 == 0).then(|| ["Магнус", "Замковый двор"][i % 8 / 4].to_owned());
                let params = format!("Цвет {}", ["синий", "красный"][i % 2]);
                let description = description.to_owned();
                SearchDoc { params, vendor, description, ..doc(&i.to_string(), &name, &[section.as_str()], i % 5 != 0) }
            })
            .collect()
    }

    /// Questions of [`mixed_catalogue`]: one word and several, whole and started, frequent and rare, a typo, matches
    /// in some windows of documents only.
    const MIXED_QUESTIONS: [&str; 15] = [
        "конструктор",
        "конструктор магнитный",
        "магнитный замок",
        "конструктор ма",
        "пазл за",
        "набор 1",
        "магнитный 12",
        "радуга конструктор",
        "конструктор син",
        "к",
        "замок радуга пазл",
        "конструктр магнитный",
        "лунный конструктор",
        "солнечный конструктор",
        "конструктор лу",
    ];

    /// Each of [`MIXED_QUESTIONS`] asked for pages of 20 from 0 and from 40, with and without `available_only`.
    fn mixed_requests() -> impl Iterator<Item = SearchRequest> {
        MIXED_QUESTIONS.into_iter().flat_map(|text| {
            [false, true].into_iter().flat_map(move |available_only| {
                [0, 40].into_iter().map(move |offset| SearchRequest {
                    text: text.into(),
                    available_only,
                    limit: 20,
                    offset,
                    ..SearchRequest::default()
                })
            })
        })
    }

    /// Issue 39: a question answers the same whether its frequent terms' documents come from kept bit sets
    /// ([`bits`]) or from their postings: the same matches, scores, order, counts and found ordinals.
    #[test]
    fn frequent_terms_kept_as_bit_sets_answer_as_their_postings_do() {
        let mut kept = SearchIndex::build(mixed_catalogue()).unwrap();
        kept.keep_term_bits(1 << 20);
        let mut read = SearchIndex::build(mixed_catalogue()).unwrap();
        read.keep_term_bits(0);
        for request in mixed_requests() {
            let (a, b) = (kept.search(&request).unwrap(), read.search(&request).unwrap());
            let (text, available_only, offset) = (&request.text, request.available_only, request.offset);
            assert!(a.total > 0, "{text} matches");
            assert_eq!(a, b, "{text}, available only {available_only}, offset {offset}");
        }
        assert!(kept.term_bits_kept().0 > 0, "the frequent terms were kept as bit sets");
        assert_eq!(read.term_bits_kept(), (0, 0));
    }

    /// Issue 39: a question whose scan is shared with a helper on another of a pool's threads
    /// ([`SearchIndex::collect`]) answers as one scan does: the same total, sections and their order, page, counts
    /// and found ordinals, whole and partial, with and without a section, `within`, the facets' ordinals or kept bit
    /// sets; in 3 windows of documents and in 20 (more windows than parts); of an index in section order (counted
    /// run by run) too. While the search threads have as many questions in hand as threads, none is shared.
    #[test]
    fn a_scan_shared_with_a_helper_thread_answers_as_one_scan_does() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let threads = 2;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let shared = || collect::SHARED_SCANS.load(Ordering::Relaxed);
        let (before, mut compared) = (shared(), 0);
        let (idle, busy) = (AtomicUsize::new(1), AtomicUsize::new(threads));
        for (offers, budget, by_section) in [
            (3000, 1 << 20, false),
            (3000, 0, false),
            (20_000, 1 << 20, false),
            (3000, 0, true),
            (20_000, 1 << 20, true),
        ] {
            let mut index = match by_section {
                false => SearchIndex::build(mixed_catalogue_of(offers)).unwrap(),
                true => built_by_section(nested_catalogue_of(offers)),
            };
            assert_eq!(index.segments[0].runs.is_some(), by_section);
            index.keep_term_bits(budget);
            let within =
                std::sync::Arc::new((0..offers as u32).filter(|i| i % 3 != 1).collect::<roaring::RoaringBitmap>());
            let requests = mixed_requests().chain(partial_requests()).flat_map(|request| {
                [
                    request.clone(),
                    SearchRequest { section: Some("s3".into()), ..request.clone() },
                    SearchRequest { within: Some(within.clone()), no_facets: true, ..request },
                ]
            });
            for request in requests {
                let one = index.search_shared(&request, Share::NEVER).unwrap();
                // Shared from the first match on, the helper taking the first part; on the pool, as the engine asks.
                let shared_answer = pool.install(|| {
                    collect::HELPER_FIRST.set(true);
                    index.search_shared(&request, Share { min_matches: 1, in_hand: Some((&idle, threads)) })
                });
                let (text, section, within) = (&request.text, &request.section, request.within.is_some());
                let available_only = request.available_only;
                assert_eq!(
                    shared_answer.unwrap(),
                    one,
                    "{text}, available only {available_only}, {section:?}, within {within}"
                );
                compared += usize::from(one.total > 0);
            }
            let request = SearchRequest { text: "конструктор".into(), ..SearchRequest::default() };
            let sharing_before = shared();
            pool.install(|| index.search_shared(&request, Share { min_matches: 1, in_hand: Some((&busy, threads)) }))
                .unwrap();
            assert_eq!(shared(), sharing_before, "no thread was idle: the scan was not shared");
        }
        assert!(compared >= 5 * (15 + 5) * 2, "most questions matched: {compared}");
        // Some questions match in one window of documents only ("солнечный конструктор"): not shared.
        let shared = shared() - before;
        assert!(shared >= compared * 3 / 4, "most scans were shared: {shared} of {compared} questions");
    }

    /// [`mixed_catalogue_of`] with its ten sections under three tops (`t0`..`t2`), every 17th offer without one.
    fn nested_catalogue_of(n: usize) -> Vec<SearchDoc> {
        let placed = |(i, d): (usize, SearchDoc)| {
            let (top, section) = (format!("t{}", i % 10 % 3), format!("s{}", i % 10));
            let path: Vec<&str> = if i % 17 == 0 { Vec::new() } else { vec![top.as_str(), section.as_str()] };
            let at = doc(&d.id, &d.name, &path, d.available);
            SearchDoc { section_id: at.section_id, section_path: at.section_path, section_names: at.section_names, ..d }
        };
        mixed_catalogue_of(n).into_iter().enumerate().map(placed).collect()
    }

    /// `docs` built in section order, as the shop builds them (`products::in_section_order`).
    fn built_by_section(docs: Vec<SearchDoc>) -> SearchIndex {
        let (docs, _, feed) = products::in_section_order(docs, Vec::<()>::new());
        assert!(!feed.is_empty(), "offers not in section order");
        let rules = Synonyms::parse(synonyms::DEFAULT_RULES).unwrap();
        SearchIndex::build_in(None, docs, rules, feed).unwrap().0
    }

    /// `hits` with its ordinals (which an index built by section gives otherwise) as offer ids, found ones sorted.
    fn by_id(index: &SearchIndex, mut hits: SearchHits) -> (SearchHits, Vec<String>) {
        let found = hits.found.iter().map(|o| index.ids.get(o as usize).unwrap().to_owned());
        let mut found: Vec<String> = found.collect();
        found.sort_unstable();
        (hits.ordinals, hits.found) = (Vec::new(), roaring::RoaringBitmap::new());
        (hits, found)
    }

    /// Issue 39: an index built in section order (the shop's, counted run by run, [`Runs`]) answers as one built in
    /// the shop's order (each match's facts read): the same total, sections and their order, page, counts, partial
    /// answers and found offers; ties still in the shop's order; with a section and its subsections, a section's own
    /// offers, in stock only, offers without a section. (Its scans shared: `a_scan_shared_with_a_helper_thread_...`.)
    #[test]
    fn an_index_in_section_order_answers_as_one_in_the_shops_order() {
        let mut compared = 0;
        for (offers, budget) in [(3000, 1 << 20), (3000, 0), (5000, 1 << 20)] {
            let mut shops = SearchIndex::build(nested_catalogue_of(offers)).unwrap();
            let mut sections = built_by_section(nested_catalogue_of(offers));
            shops.keep_term_bits(budget);
            sections.keep_term_bits(budget);
            assert!(shops.segments[0].runs.is_none(), "the shop's order is not by section");
            assert!(sections.segments[0].runs.is_some(), "built by section: counted by runs");
            let requests = mixed_requests().chain(partial_requests()).flat_map(|request| {
                [
                    SearchRequest { limit: 3000, ..request.clone() },
                    SearchRequest { section: Some("t1".into()), ..request.clone() },
                    SearchRequest { section: Some("s4".into()), own_section_only: true, ..request.clone() },
                    SearchRequest { section: Some("t2".into()), available_only: true, ..request.clone() },
                    request,
                ]
            });
            for request in requests {
                let want = by_id(&shops, shops.search_shared(&request, Share::NEVER).unwrap());
                let got = by_id(&sections, sections.search_shared(&request, Share::NEVER).unwrap());
                let (text, section, available_only) = (&request.text, &request.section, request.available_only);
                assert_eq!(got, want, "{text}, {section:?}, available only {available_only}");
                compared += usize::from(want.0.total > 0 && want.0.sections.len() > 1);
            }
        }
        assert!(compared >= 3 * 20 * 2 * 3, "most questions matched in several sections: {compared}");
    }

    /// A segment's runs by section slot ([`Runs::of`]): each slot's first document (an empty slot's the next one's),
    /// in stock and shown as bits; documents no longer shown are of no run and break none; none out of order.
    #[test]
    fn a_segments_runs_by_section_follow_its_documents_in_slot_order() {
        let facts = |info: Vec<u32>| SegmentFacts::new(String::new(), Vec::new(), info);
        let a = AVAILABLE_BIT;
        let runs = Runs::of(&facts(vec![a, 0, 1, DEAD, 2 | a, 2, 4]), 5, &[]).unwrap();
        assert_eq!(runs.starts, [0, 2, 4, 6, 6, 7], "slot 3 holds nothing; a dead document is of no run");
        let runs = Runs::of(&facts(vec![a, 0, DEAD, 2, 2 | a, 4]), 5, &[]).unwrap();
        assert_eq!(runs.starts, [0, 3, 3, 5, 5, 6], "slots 1 and 3 hold nothing");
        assert_eq!((runs.available, runs.live), (vec![0b10001], vec![0b111011]));
        let whole = Runs::of(&facts(vec![0, 1 | a, 1]), 2, &[]).unwrap();
        assert_eq!((whole.starts, whole.live), (vec![0, 1, 3], Vec::new()), "all shown: no live bits kept");
        assert_eq!(Runs::of(&facts(vec![1, 0]), 2, &[]), None, "out of slot order");
        assert_eq!(Runs::of(&facts(vec![0, 2]), 2, &[]), None, "a slot beyond the slots");
        let offers = SegmentFacts::new(String::new(), vec![1, 0], vec![0, 0]);
        assert_eq!(Runs::of(&offers, 1, &[]), None, "document ids that are not the ordinals");
        let shops = facts(vec![0, 0, 1, 1]);
        assert!(Runs::of(&shops, 2, &[2, 3, 0, 1]).is_some(), "each run in the shop's order");
        assert_eq!(Runs::of(&shops, 2, &[0, 3, 2, 1]), None, "a run not in the shop's order");
        assert_eq!(runs_slot(&[0, 3, 3, 5, 5, 6]), [0, 0, 0, 2, 2, 4]);
    }

    /// The slot of each document of runs starting at `starts` ([`Runs::slot_of`]).
    fn runs_slot(starts: &[u32]) -> Vec<usize> {
        let runs = Runs { starts: starts.to_vec(), available: Vec::new(), live: Vec::new() };
        (0..*starts.last().unwrap() as usize).map(|doc| runs.slot_of(doc)).collect()
    }

    /// A partial answer as the term-at-a-time path before issue 39's windows made it, the reference the windows are
    /// held to: each document's clauses, class and score summed posting by posting into a map, in the order of the
    /// clauses, their sources, then their boosts (those of the documents the clause holds); the offers holding at
    /// least `half` of the clauses (fewer when no offer shown holds that many), ranked. Answers the ranked offer ids
    /// and how many offers hold that many.
    fn partial_by_postings(index: &SearchIndex, plan: &Plan, half: usize) -> (Vec<String>, usize) {
        let mut marks: Vec<HashMap<DocId, (u8, u16, Score)>> = Vec::new();
        for reader in index.searcher.segment_readers() {
            let mut docs: HashMap<DocId, (u8, u16, Score)> = HashMap::new();
            for clause in &plan.clauses {
                let mut held = std::collections::HashSet::new();
                for source in &clause.sources {
                    collect::for_each_block(reader, source, |block, scores| {
                        for (&doc, &score) in block.iter().zip(scores) {
                            let mark = docs.entry(doc).or_insert((0, 0, 0.0));
                            if held.insert(doc) {
                                (mark.0, mark.1) = (mark.0 + 1, mark.1 + source.class);
                            }
                            mark.2 += score;
                        }
                    })
                    .unwrap();
                }
                for boost in &clause.boosts {
                    collect::for_each_block(reader, boost, |block, scores| {
                        for (&doc, &score) in block.iter().zip(scores) {
                            if held.contains(&doc) {
                                let mark = docs.get_mut(&doc).unwrap();
                                (mark.1, mark.2) = (mark.1 + boost.class, mark.2 + score);
                            }
                        }
                    })
                    .unwrap();
                }
            }
            marks.push(docs);
        }
        let shown = |segment: usize, doc: DocId| index.segments[segment].info[doc as usize] != DEAD;
        let most = (marks.iter().enumerate())
            .flat_map(|(segment, docs)| docs.iter().filter(move |(doc, _)| shown(segment, **doc)).map(|(_, m)| m.0))
            .max()
            .unwrap_or(0);
        let least = (half as u8).min(most).max(1);
        let mut keys: Vec<u128> = Vec::new();
        for (segment, docs) in marks.iter().enumerate() {
            let facts = &index.segments[segment];
            for (&doc, &(words, class, score)) in docs.iter().filter(|(doc, m)| shown(segment, **doc) && m.0 >= least) {
                let (offer, info) = (facts.offer(doc), facts.info[doc as usize]);
                let available = info & AVAILABLE_BIT != 0;
                keys.push(collect::rank_key(collect::Match {
                    words,
                    class,
                    available,
                    score,
                    place: index.place_of(offer),
                }));
            }
        }
        keys.sort_unstable_by(|a, b| b.cmp(a));
        let ids = keys
            .iter()
            .map(|&key| index.ids.get(index.ordinal_at(collect::key_place(key)) as usize).unwrap().to_owned());
        (ids.collect(), keys.len())
    }

    /// Issue 39: a partial answer, scored a window of documents at a time from each clause's bit set, ranks and counts
    /// as the term-at-a-time path did ([`partial_by_postings`]): the offers holding at least half the words (or as
    /// many as the best one holds), in the same order, as many; and the matches of every word rank and count as a
    /// partial answer asking for every word does. With kept bit sets and without.
    #[test]
    fn partial_answers_scored_by_windows_rank_as_the_term_at_a_time_path_does() {
        let (mut compared, mut partial) = (0, 0);
        for budget in [1 << 20, 0] {
            let mut index = SearchIndex::build(mixed_catalogue()).unwrap();
            index.keep_term_bits(budget);
            for request in mixed_requests().chain(partial_requests()) {
                let (text, available_only, offset) = (&request.text, request.available_only, request.offset);
                let plan = index.plan(text).unwrap().unwrap();
                let half = plan.tokens().div_ceil(2);
                if let Some((every, _)) = index.collect(&request, &plan, None, Share::NEVER).unwrap() {
                    let (all, _) =
                        index.collect(&request, &plan, Some(plan.clauses.len()), Share::NEVER).unwrap().unwrap();
                    assert!(all.partial, "{text}");
                    assert_eq!(every, SearchHits { partial: false, ..all }, "{text}, {available_only}, {offset}");
                    compared += usize::from(!every.items.is_empty());
                }
                if available_only || plan.clauses.len() < 2 {
                    continue;
                }
                let (hits, _) = index.collect(&request, &plan, Some(half), Share::NEVER).unwrap().unwrap();
                let (ranked, total) = partial_by_postings(&index, &plan, half);
                let page: Vec<String> = ranked.into_iter().skip(offset).take(request.limit).collect();
                assert_eq!((hits.items, hits.total), (page, total), "{text}, offset {offset}");
                partial += 1;
            }
        }
        assert!(compared >= 2 * 2 * 2 * 10, "most questions had pages to compare: {compared}");
        assert!(partial >= 2 * 2 * 6, "partial answers compared: {partial}");
    }

    /// Questions of [`mixed_catalogue`] that no offer answers with every word: two, three and four words, a frequent
    /// one beside rare ones, words of other windows of documents.
    fn partial_requests() -> impl Iterator<Item = SearchRequest> {
        [
            "пазл радуга лунный",
            "конструктор солнечный пазл",
            "магнитный лунный пазл набор",
            "набор солнечный",
            "замок 17 лунный радуга",
        ]
        .into_iter()
        .flat_map(|text| {
            [0, 40].into_iter().map(move |offset| SearchRequest {
                text: text.into(),
                limit: 20,
                offset,
                ..SearchRequest::default()
            })
        })
    }

    #[test]
    fn among_equal_matches_in_stock_offers_come_first() {
        let index = SearchIndex::build(vec![
            doc("gone-1", "Мяч футбольный", &["a"], false),
            doc("gone-2", "Мяч футбольный", &["a"], false),
            doc("here", "Мяч футбольный", &["a"], true),
        ])
        .unwrap();
        assert_eq!(ask(&index, "мяч").items, ["here", "gone-1", "gone-2"]);
    }

    #[test]
    fn codes_and_numbers_are_never_typo_forgiven() {
        let index = named(&["Конструктор LEGO 60202 Город", "Конструктор LEGO 60204 Больница"]);
        assert!(ask(&index, "60206").items.is_empty(), "no set 60206: 60202 and 60204 are other sets");
        assert_eq!(ask(&index, "60204").items, ["1"]);
        assert!(ask(&index, "lego 60206").partial, "the brand's sets come, as a partial answer");
    }

    #[test]
    fn the_start_of_a_word_finds_at_least_what_the_word_finds() {
        let index = SearchIndex::build(vec![
            doc("sofa", "Диван угловой", &["a"], true),
            SearchDoc {
                description: "Кукольный диван и кресло".into(),
                ..doc("set", "Мебель для кукол", &["a"], true)
            },
            SearchDoc {
                params: "Тип диван".into(), ..doc("param", "Мебель раскладная", &["a"], true)
            },
        ])
        .unwrap();
        let word = ask(&index, "диван");
        assert_eq!(ids(&word), ["param", "set", "sofa"]);
        assert_eq!(ids(&ask(&index, "дива")), ids(&word));
        assert_eq!(ask(&index, "дива").items[0], "sofa", "the name's word first");
    }

    #[test]
    fn stop_words_need_not_match() {
        let index = named(&["Настольная игра Каркассон", "Игра подвижная", "Мяч"]);
        assert_eq!(ask(&index, "настольная игра для всей семьи").items[0], "0");
        assert_eq!(ids(&ask(&index, "игра для")), ["0", "1"], "«для» is left out: not a partial answer");
        assert!(!ask(&index, "игра для").partial);
        assert!(ask(&index, "для").items.is_empty(), "a query of stop words only is taken as typed");
    }

    #[test]
    fn diminutives_and_brands_in_cyrillic_find_their_offers() {
        let index = SearchIndex::build(vec![
            doc("car", "Машина пластиковая DICKIE 3113000", &["a"], true),
            doc("rc", "Конструктор на радиоуправлении с мотором", &["a"], true),
            SearchDoc {
                vendor: Some("LEGO".into()),
                ..doc("lego", "Конструктор 31081 Creator Скейт-площадка", &["k"], true)
            },
            doc("other", "Конструктор деревянный", &["k"], true),
        ])
        .unwrap();
        assert_eq!(ask(&index, "машинка").items, ["car"]);
        assert_eq!(ask(&index, "машинки").items, ["car"], "the rule follows the word's forms");
        assert_eq!(exact(&ask(&index, "радиоуправляемый конструктор")), ["rc"]);
        let lego = ask(&index, "конструктор лего");
        assert_eq!(exact(&lego), ["lego"]);
        assert_eq!(lego.items[0], "lego");

        let rules = Synonyms::parse("машинка => грузовик").unwrap();
        let shop = SearchIndex::build_with(vec![doc("truck", "Грузовик", &[], true)], rules).unwrap();
        assert_eq!(ask(&shop, "машинка").items, ["truck"], "the shop's own rules");
    }
}
