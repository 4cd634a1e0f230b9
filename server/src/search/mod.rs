//! Product search (issue 4, spec §3 "Search result", §4, §5): a tantivy index of the offers held in memory.
//!
//! This module is the engine: [`SearchIndex::build`] indexes [`SearchDoc`]s, [`SearchIndex::search`] answers a
//! [`SearchRequest`] with the total, the per-section counts over all matches and the ids of the best offers.
//! Ranking (docs/decisions.md "Search"): every word of the query must match; a word matches through its
//! Russian/English stem, one typo on words of 5 letters or more, a prefix on the last word (as the shopper types),
//! or the offer's SKU exactly. Field weights: name > SKU-as-text > vendor > section names > params > description.
//! Text is lower-cased and `ё` folded to `е` on both sides.

use std::collections::HashMap;
use tantivy::collector::{Collector, Count, SegmentCollector, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    FAST, Facet, FacetOptions, Field, INDEXED, IndexRecordOption, STORED, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer, TokenStream,
};
use tantivy::{DocId, Index, IndexReader, Score, SegmentOrdinal, SegmentReader, TantivyDocument, Term};

pub mod engine;

pub use crate::limits::MAX_SEARCH_QUERY_CHARS as MAX_QUERY_CHARS;

/// Words shorter than this get no typo tolerance (issue 4: one edit on words of 5 letters or more).
pub const TYPO_MIN_CHARS: usize = 5;

const TEXT_ANALYZER: &str = "vitrina_text";
const SKU_ANALYZER: &str = "vitrina_sku";

/// One offer as the index needs it.
#[derive(Debug, Clone, Default)]
pub struct SearchDoc {
    /// The feed's offer id.
    pub id: String,
    pub name: String,
    pub vendor: Option<String>,
    /// `vendorCode`: matched exactly (whole word) and boosted.
    pub sku: Option<String>,
    /// Param values (and names), joined.
    pub params: String,
    /// Plain text of the description.
    pub description: String,
    /// The offer's own section (`categoryId`), if any.
    pub section_id: Option<String>,
    /// Ids from the top section down to the offer's own section: `section=ID` filters on any of them.
    pub section_path: Vec<String>,
    /// Names of the sections on that path.
    pub section_names: Vec<String>,
    pub available: bool,
}

/// What a search asks for.
#[derive(Debug, Clone, Default)]
pub struct SearchRequest {
    /// The shopper's text; cut to [`MAX_QUERY_CHARS`]. Blank text finds nothing.
    pub text: String,
    /// Only in-stock offers (`available=Y`).
    pub available_only: bool,
    /// Only offers of this section and its subsections (the items; section counts stay over all sections).
    pub section: Option<String>,
    /// How many item ids to return (1..=100 at the API).
    pub limit: usize,
    /// How many of the best items to skip first (paging: `(page - 1) * limit`).
    pub offset: usize,
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
    /// Number of matches `items` are taken from: `total` without `section`, else the matches in the section and its
    /// subsections (the results page counts its pages with it).
    pub items_total: usize,
}

struct Fields {
    ord: Field,
    name: Field,
    vendor: Field,
    sku_text: Field,
    sku: Field,
    params: Field,
    sections: Field,
    description: Field,
    section_path: Field,
    section_ord: Field,
    available: Field,
}

/// A built, read-only index. Cheap to query from many threads.
pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    /// Offer id by document ordinal.
    ids: Vec<String>,
    /// Section id by section ordinal (`section_ord` fast field; `u64::MAX` = no section).
    section_ids: Vec<String>,
    /// Section name by section ordinal, so answers name their sections without a database read.
    section_names: Vec<String>,
    /// Path from the top section down to each section seen on an offer's path (for the `section` filter).
    section_paths: HashMap<String, Vec<String>>,
}

/// `ё` → `е` (both cases): shoppers type either.
pub fn fold(text: &str) -> String {
    text.replace('ё', "е").replace('Ё', "Е")
}

fn text_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::Russian))
        .filter(Stemmer::new(Language::English))
        .build()
}

fn sku_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default()).filter(LowerCaser).build()
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

impl SearchIndex {
    /// Indexes `docs` in memory. Errors only on tantivy failures (out of memory, a bug).
    pub fn build(docs: impl IntoIterator<Item = SearchDoc>) -> tantivy::Result<Self> {
        let mut schema = Schema::builder();
        let text = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default().set_tokenizer(TEXT_ANALYZER).set_index_option(IndexRecordOption::WithFreqs),
        );
        let sku_options = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default().set_tokenizer(SKU_ANALYZER).set_index_option(IndexRecordOption::Basic),
        );
        let fields = Fields {
            ord: schema.add_u64_field("ord", FAST | STORED),
            name: schema.add_text_field("name", text.clone()),
            vendor: schema.add_text_field("vendor", text.clone()),
            sku_text: schema.add_text_field("sku_text", text.clone()),
            sku: schema.add_text_field("sku", sku_options),
            params: schema.add_text_field("params", text.clone()),
            sections: schema.add_text_field("sections", text.clone()),
            description: schema.add_text_field("description", text),
            section_path: schema.add_facet_field("section_path", FacetOptions::default()),
            section_ord: schema.add_u64_field("section_ord", FAST),
            available: schema.add_u64_field("available", INDEXED),
        };
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(TEXT_ANALYZER, text_analyzer());
        index.tokenizers().register(SKU_ANALYZER, sku_analyzer());
        let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
        let mut ids = Vec::new();
        let mut section_ids: Vec<String> = Vec::new();
        let mut section_names: Vec<String> = Vec::new();
        let mut section_ords: HashMap<String, u64> = HashMap::new();
        let mut section_paths: HashMap<String, Vec<String>> = HashMap::new();
        for doc in docs {
            for (depth, id) in doc.section_path.iter().enumerate() {
                section_paths.entry(id.clone()).or_insert_with(|| doc.section_path[..=depth].to_vec());
            }
            let mut d = TantivyDocument::default();
            d.add_u64(fields.ord, ids.len() as u64);
            d.add_text(fields.name, fold(&doc.name));
            if let Some(vendor) = &doc.vendor {
                d.add_text(fields.vendor, fold(vendor));
            }
            if let Some(sku) = doc.sku.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
                d.add_text(fields.sku, fold(sku));
                d.add_text(fields.sku_text, fold(sku));
            }
            d.add_text(fields.params, fold(&doc.params));
            d.add_text(fields.sections, fold(&doc.section_names.join(" ")));
            d.add_text(fields.description, fold(&doc.description));
            if !doc.section_path.is_empty() {
                d.add_facet(fields.section_path, Facet::from_path(doc.section_path.iter().map(String::as_str)));
            }
            let section_ord = match &doc.section_id {
                Some(id) => *section_ords.entry(id.clone()).or_insert_with(|| {
                    section_ids.push(id.clone());
                    section_names.push(doc.section_names.last().cloned().unwrap_or_default());
                    section_ids.len() as u64 - 1
                }),
                None => u64::MAX,
            };
            d.add_u64(fields.section_ord, section_ord);
            d.add_u64(fields.available, u64::from(doc.available));
            writer.add_document(d)?;
            ids.push(doc.id);
        }
        writer.commit()?;
        let reader = index.reader()?;
        Ok(Self { index, reader, fields, ids, section_ids, section_names, section_paths })
    }

    /// Number of indexed offers.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether no offer is indexed.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The text part of the query, or `None` when the text has no searchable word.
    fn text_query(&self, text: &str) -> Option<Box<dyn Query>> {
        let text: String = fold(text).chars().take(MAX_QUERY_CHARS).collect();
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut analyzer = text_analyzer();
        let mut plain = TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).build();
        // (field, weight, loose): typo and prefix matching only where a shopper aims (names, SKUs, brands,
        // sections); params and descriptions match whole stems, which keeps automata off the largest fields.
        let weighted = [
            (self.fields.name, 3.0, true),
            (self.fields.sku_text, 2.0, true),
            (self.fields.vendor, 1.5, true),
            (self.fields.sections, 1.2, true),
            (self.fields.params, 1.0, false),
            (self.fields.description, 0.3, false),
        ];
        let mut word_queries: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (w, word) in words.iter().enumerate() {
            let last_word = w + 1 == words.len();
            let stems = tokens(&mut analyzer, word);
            let raw = tokens(&mut plain, word);
            if stems.is_empty() {
                continue;
            }
            let mut token_queries: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for (t, stem) in stems.iter().enumerate() {
                let typed = raw.get(t).map(String::as_str).unwrap_or(stem);
                let prefix = last_word && t + 1 == stems.len();
                let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
                for (field, weight, loose) in weighted {
                    let term = Term::from_field_text(field, stem);
                    alternatives.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                            weight,
                        )),
                    ));
                    if loose && typed.chars().count() >= TYPO_MIN_CHARS {
                        alternatives.push((
                            Occur::Should,
                            Box::new(BoostQuery::new(Box::new(FuzzyTermQuery::new(term, 1, true)), weight * 0.3)),
                        ));
                    }
                    if loose && prefix {
                        let typed_term = Term::from_field_text(field, typed);
                        alternatives.push((
                            Occur::Should,
                            Box::new(BoostQuery::new(
                                Box::new(FuzzyTermQuery::new_prefix(typed_term, 0, true)),
                                weight * 0.5,
                            )),
                        ));
                    }
                }
                token_queries.push((Occur::Must, Box::new(BooleanQuery::new(alternatives))));
            }
            // The whole word as a SKU ("SM-0003"), exact or, for the last word, as a prefix.
            let sku_term = Term::from_field_text(self.fields.sku, &word.to_lowercase());
            let mut sku: Vec<(Occur, Box<dyn Query>)> = vec![(
                Occur::Should,
                Box::new(BoostQuery::new(Box::new(TermQuery::new(sku_term.clone(), IndexRecordOption::Basic)), 10.0)),
            )];
            if last_word {
                sku.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(FuzzyTermQuery::new_prefix(sku_term, 0, true)), 4.0)),
                ));
            }
            sku.push((Occur::Should, Box::new(BooleanQuery::new(token_queries))));
            word_queries.push((Occur::Must, Box::new(BooleanQuery::new(sku))));
        }
        if word_queries.is_empty() { None } else { Some(Box::new(BooleanQuery::new(word_queries))) }
    }

    /// Answers `request`: empty hits for a blank text. Errors only on tantivy failures.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchHits> {
        let Some(text_query) = self.text_query(&request.text) else { return Ok(SearchHits::default()) };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text_query)];
        if request.available_only {
            clauses.push((
                Occur::Must,
                Box::new(TermQuery::new(Term::from_field_u64(self.fields.available, 1), IndexRecordOption::Basic)),
            ));
        }
        let all = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let limit = request.limit.max(1);
        let stats_collector = SectionStats { field: "section_ord", sections: self.section_ids.len() };
        let top_docs = || TopDocs::with_limit(limit).and_offset(request.offset).order_by_score();
        let (top, stats, section_total) = match &request.section {
            None => {
                let (top, stats) = searcher.search(&all, &(top_docs(), stats_collector))?;
                (top, stats, None)
            }
            Some(section) => {
                let stats = searcher.search(&all, &stats_collector)?;
                let facet = Facet::from_path(self.section_path_of(section));
                let filtered = BooleanQuery::new(vec![
                    (Occur::Must, Box::new(all) as Box<dyn Query>),
                    (
                        Occur::Must,
                        Box::new(TermQuery::new(
                            Term::from_facet(self.fields.section_path, &facet),
                            IndexRecordOption::Basic,
                        )),
                    ),
                ]);
                let (top, count) = searcher.search(&filtered, &(top_docs(), Count))?;
                (top, stats, Some(count))
            }
        };
        let mut items = Vec::with_capacity(top.len());
        for (_, address) in top {
            let column = searcher.segment_reader(address.segment_ord).fast_fields().u64("ord")?;
            if let Some(ord) = column.first(address.doc_id) {
                items.push(self.ids[ord as usize].clone());
            }
        }
        let total = stats.values().map(|s| s.count).sum();
        let items_total = section_total.unwrap_or(total);
        let mut sections: Vec<(&u64, &SectionStat)> = stats.iter().filter(|(ord, _)| **ord != u64::MAX).collect();
        sections.sort_by(|a, b| b.1.best.total_cmp(&a.1.best).then(a.1.first.cmp(&b.1.first)));
        let sections = sections
            .into_iter()
            .map(|(ord, s)| {
                let ord = *ord as usize;
                (self.section_ids[ord].clone(), self.section_names[ord].clone(), s.count)
            })
            .collect();
        Ok(SearchHits { total, sections, items, items_total })
    }

    /// The facet path of section `id`: the path some indexed offer in it (or below it) has up to `id`.
    fn section_path_of(&self, id: &str) -> Vec<String> {
        self.section_paths.get(id).cloned().unwrap_or_else(|| vec![id.to_owned()])
    }

    /// The underlying tantivy index (for benchmarks and diagnostics).
    pub fn tantivy_index(&self) -> &Index {
        &self.index
    }
}

/// Per-section match count and best score, with the first document reaching it (for ties).
#[derive(Debug, Clone, Copy)]
struct SectionStat {
    count: usize,
    best: Score,
    first: (SegmentOrdinal, DocId),
}

/// Counts every match per `section_ord` and remembers each section's best score (the order of first appearance in
/// the ranked list of all matches is the order of best scores).
struct SectionStats {
    field: &'static str,
    /// Number of section ordinals.
    sections: usize,
}

struct SegmentSectionStats {
    segment: SegmentOrdinal,
    column: tantivy::columnar::Column<u64>,
    /// Indexed by section ordinal; the last slot counts offers without a section.
    stats: Vec<Option<SectionStat>>,
}

impl Collector for SectionStats {
    type Fruit = HashMap<u64, SectionStat>;
    type Child = SegmentSectionStats;

    fn for_segment(&self, segment: SegmentOrdinal, reader: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(SegmentSectionStats {
            segment,
            column: reader.fast_fields().u64(self.field)?,
            stats: vec![None; self.sections + 1],
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Self::Fruit>) -> tantivy::Result<Self::Fruit> {
        let mut merged: HashMap<u64, SectionStat> = HashMap::new();
        for fruit in fruits {
            for (ord, stat) in fruit {
                merged
                    .entry(ord)
                    .and_modify(|m| {
                        m.count += stat.count;
                        if stat.best > m.best || (stat.best == m.best && stat.first < m.first) {
                            m.best = stat.best;
                            m.first = stat.first;
                        }
                    })
                    .or_insert(stat);
            }
        }
        Ok(merged)
    }
}

impl SegmentCollector for SegmentSectionStats {
    type Fruit = HashMap<u64, SectionStat>;

    fn collect(&mut self, doc: DocId, score: Score) {
        let last = self.stats.len() - 1;
        let slot = self.column.first(doc).map_or(last, |ord| (ord as usize).min(last));
        let first = (self.segment, doc);
        match &mut self.stats[slot] {
            Some(s) => {
                s.count += 1;
                if score > s.best {
                    s.best = score;
                    s.first = first;
                }
            }
            empty => *empty = Some(SectionStat { count: 1, best: score, first }),
        }
    }

    fn harvest(self) -> Self::Fruit {
        let last = self.stats.len() - 1;
        self.stats
            .into_iter()
            .enumerate()
            .filter_map(|(slot, stat)| stat.map(|s| (if slot == last { u64::MAX } else { slot as u64 }, s)))
            .collect()
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

    #[test]
    fn russian_stemming_finds_singular_from_plural() {
        assert_eq!(ids(&ask(&index(), "конструкторы")), ["1", "2"]);
    }

    #[test]
    fn the_last_word_matches_as_a_prefix_while_typing() {
        assert_eq!(ids(&ask(&index(), "конст")), ["1", "2"]);
        assert_eq!(ids(&ask(&index(), "магнитный конс")), ["2"]);
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
    fn every_word_must_match() {
        assert_eq!(ids(&ask(&index(), "конструктор стройка")), ["1"]);
        assert!(ask(&index(), "конструктор мяч").items.is_empty());
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

    #[test]
    fn long_queries_are_cut_not_refused() {
        // The cut leaves one 188-letter word, too long to be a word of any offer: it is dropped, not matched.
        let long = format!("конструктор {}", "а".repeat(10_000));
        assert_eq!(ids(&ask(&index(), &long)), ["1", "2"]);
    }
}
