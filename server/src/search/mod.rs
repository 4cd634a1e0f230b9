//! Product search (issue 4, spec §3 "Search result", §4, §5): a tantivy index of the offers held in memory.
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
//! - equal scores rank in the shop's order (the order of [`SearchIndex::build`]'s input).
//!
//! Text is lower-cased and `ё` folded to `е` on both sides.
//!
//! How (issue 4 "Measure", docs/performance.md "Search"): the answer needs every match, not only the best ones
//! (the total and the per-section counts), so nothing can be skipped. tantivy holds the terms, posting lists and
//! field lengths; the query is run here, term at a time: each token is a [`Clause`] of posting lists, read block
//! by block into a per-document byte "clauses matched so far" and a float score ([`Scratch`], reused per thread).
//! The documents that matched every clause are then read once, in document order, into per-section counts, each
//! section's best rank and a bounded top list, with each offer's section and availability taken from plain vectors
//! built with the index.

use crate::limits::{SEARCH_INDEX_BUILD_BYTES, SEARCH_PREFIX_MAX_CHARS, SEARCH_TYPO_MAX_TERMS};
use std::cell::RefCell;
use std::collections::HashMap;
use tantivy::fieldnorm::FieldNormReader;
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{Bm25Weight, DfaWrapper, FuzzyTermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    Language, LowerCaser, PreTokenizedString, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
    Token, TokenStream,
};
use tantivy::{DocId, Index, IndexWriter, ReloadPolicy, Score, Searcher, SegmentReader, TantivyDocument, Term};

pub mod engine;

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

/// Bit of [`SegmentFacts::info`] set for an offer in stock; the other bits hold the section slot.
const AVAILABLE_BIT: u32 = 1 << 31;

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
    /// With `section`: only the section's own offers, not its subsections' (the ones its count in
    /// [`SearchHits::sections`] counts; the shop's UI asks so, spec §4 "only items of its category").
    pub own_section_only: bool,
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
    /// The offer's ordinal in the input (a fast field, read once after the build into [`SegmentFacts`]).
    ord: Field,
    name: Field,
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
    /// The offer's ordinal (index into [`SearchIndex::ids`]); empty when it is the document id (one segment, built
    /// in order: the usual case).
    offer: Vec<u32>,
    /// The offer's section slot (section ordinal, or the number of sections for none) | [`AVAILABLE_BIT`].
    info: Vec<u32>,
}

impl SegmentFacts {
    #[inline]
    fn offer(&self, doc: DocId) -> u32 {
        if self.offer.is_empty() { doc } else { self.offer[doc as usize] }
    }
}

/// A built, read-only index. Cheap to query from many threads.
pub struct SearchIndex {
    /// The one searcher of the never-changing index (`segment_readers()` in the order of `segments`).
    searcher: Searcher,
    fields: Fields,
    /// Per segment of `searcher`, in order (one after a build).
    segments: Vec<SegmentFacts>,
    /// Offer id by offer ordinal.
    ids: Vec<String>,
    /// Section id by section ordinal.
    section_ids: Vec<String>,
    /// Section name by section ordinal, so answers name their sections without a database read.
    section_names: Vec<String>,
    /// Ids from the top section down to the section, by section ordinal (for the `section` filter).
    section_paths: Vec<Vec<String>>,
}

/// `ё` → `е` (both cases): shoppers type either.
pub fn fold(text: &str) -> String {
    text.replace('ё', "е").replace('Ё', "Е")
}

fn text_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::Russian))
        .filter(Stemmer::new(Language::English))
        .build()
}

/// The words as typed (lower-cased, not stemmed): the same tokens as [`text_analyzer`], one for one.
fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
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

/// Pushes the first 1..=[`SEARCH_PREFIX_MAX_CHARS`] characters of `word` to `out` as tokens (edge n-grams).
fn push_prefixes(word: &str, out: &mut Vec<Token>) {
    for (n, (at, c)) in word.char_indices().take(SEARCH_PREFIX_MAX_CHARS).enumerate() {
        out.push(Token { position: n, text: word[..at + c.len_utf8()].to_owned(), ..Token::default() });
    }
}

/// The prefix terms of every word of `texts` (already folded), as a pre-tokenized value.
fn word_prefixes<'a>(plain: &mut TextAnalyzer, texts: impl IntoIterator<Item = &'a str>) -> PreTokenizedString {
    let mut out = Vec::new();
    for text in texts {
        for word in tokens(plain, text) {
            push_prefixes(&word, &mut out);
        }
    }
    PreTokenizedString { text: String::new(), tokens: out }
}

/// A match's place in the ranking as one number, larger for the better of two: the score (higher first), then the
/// offer's ordinal (earlier first). One integer comparison instead of two float and integer ones, per match.
#[inline]
fn rank_key(score: Score, offer: u32) -> u64 {
    // The float's bits, flipped so that unsigned order is numeric order (negative scores do not occur).
    let bits = score.to_bits();
    let ordered = if bits >> 31 == 1 { !bits } else { bits | 1 << 31 };
    (u64::from(ordered) << 32) | u64::from(!offer)
}

/// The offer ordinal of a [`rank_key`].
fn key_offer(key: u64) -> u32 {
    !(key as u32)
}

/// `(field, weight, typo-corrected and prefix-matched)`: typo and prefix matching only where a shopper aims (names,
/// SKUs, vendors, sections); params and descriptions match whole stems.
fn weighted(f: &Fields) -> [(Field, Score, bool); 6] {
    [
        (f.name, 3.0, true),
        (f.sku_text, 2.0, true),
        (f.vendor, 1.5, true),
        (f.sections, 1.2, true),
        (f.params, 1.0, false),
        (f.description, 0.3, false),
    ]
}

/// How one posting list adds to the score of an offer it holds.
enum Scoring {
    /// BM25 of the term in its field, weight included: from the offer's field length and term frequency.
    Bm25(Bm25Weight),
    /// The same for every offer holding the term.
    Constant(Score),
}

/// One posting list a query reads: a term of a field, how it scores, and its length (documents).
struct Source {
    term: Term,
    scoring: Scoring,
    doc_freq: u64,
}

/// One token of the query. An offer matches it when any of `sources` holds the offer; `boosts` only add to the
/// score of offers that match it (the whole word as a SKU, exactly or as its start: the word's tokens match those
/// offers anyway, through the SKU's words).
#[derive(Default)]
struct Clause {
    sources: Vec<Source>,
    boosts: Vec<Source>,
}

impl Clause {
    /// Postings this clause reads.
    fn cost(&self) -> u64 {
        self.sources.iter().chain(&self.boosts).map(|s| s.doc_freq).sum()
    }
}

/// Per-thread work arrays of [`SearchIndex::search`], by document id, reused from query to query without being
/// cleared: each query (each segment of it) has a new `epoch`, and a document marked with another epoch has matched
/// nothing yet. Every 255 epochs `level` is cleared at once.
#[derive(Default)]
struct Scratch {
    /// The epoch that last touched the document (high byte) and how many clauses, in order, it matched then (low
    /// byte).
    level: Vec<u16>,
    /// The document's score so far; meaningful only while its `level` carries the current epoch.
    score: Vec<Score>,
    /// Bit set of the documents that matched every clause (read in document order).
    matched: Vec<u64>,
    /// The current epoch, 1..=255.
    epoch: u8,
}

impl Scratch {
    /// Starts a new epoch for a segment of `max_doc` documents (forgetting the previous one, even one a panic cut
    /// short); returns the epoch's high byte for [`Scratch::level`].
    fn start(&mut self, max_doc: usize) -> u16 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.level.fill(0);
            self.epoch = 1;
        }
        if self.level.len() < max_doc {
            self.level.resize(max_doc, 0);
            self.score.resize(max_doc, 0.0);
            self.matched.resize(max_doc.div_ceil(64), 0);
        }
        self.matched.fill(0);
        u16::from(self.epoch) << 8
    }

    /// The matched documents in order, with their scores.
    fn matches(&self) -> impl Iterator<Item = (DocId, Score)> + '_ {
        self.matched.iter().enumerate().flat_map(move |(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let doc = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (doc as DocId, self.score[doc])
                })
            })
        })
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Calls `visit(doc, score)` for every document of `reader` holding `source`'s term.
fn for_each_posting(
    reader: &SegmentReader,
    source: &Source,
    mut visit: impl FnMut(DocId, Score),
) -> tantivy::Result<()> {
    let inverted = reader.inverted_index(source.term.field())?;
    let Some(info) = inverted.get_term_info(&source.term)? else { return Ok(()) };
    match &source.scoring {
        Scoring::Constant(score) => {
            let mut block = inverted.read_block_postings_from_terminfo(&info, IndexRecordOption::Basic)?;
            while !block.docs().is_empty() {
                for &doc in block.docs() {
                    visit(doc, *score);
                }
                block.advance();
            }
        }
        Scoring::Bm25(weight) => {
            let norms = reader.get_fieldnorms_reader(source.term.field())?;
            let mut block = inverted.read_block_postings_from_terminfo(&info, IndexRecordOption::WithFreqs)?;
            while !block.docs().is_empty() {
                for (&doc, &freq) in block.docs().iter().zip(block.freqs()) {
                    visit(doc, weight.score(norms.fieldnorm_id(doc), freq));
                }
                block.advance();
            }
        }
    }
    Ok(())
}

impl SearchIndex {
    /// Indexes `docs` in memory, in one segment. Errors only on tantivy failures (out of memory, a bug).
    pub fn build(docs: impl IntoIterator<Item = SearchDoc>) -> tantivy::Result<Self> {
        let mut schema = Schema::builder();
        let text = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default().set_tokenizer(TEXT_ANALYZER).set_index_option(IndexRecordOption::WithFreqs),
        );
        // Terms matched whole, without frequencies or lengths: the SKU, and the prefix fields (scored as constants;
        // their values come pre-tokenized, so their analyzer only names one).
        let exact = |tokenizer: &str| {
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(tokenizer)
                    .set_index_option(IndexRecordOption::Basic)
                    .set_fieldnorms(false),
            )
        };
        let fields = Fields {
            ord: schema.add_u64_field("ord", FAST),
            name: schema.add_text_field("name", text.clone()),
            vendor: schema.add_text_field("vendor", text.clone()),
            sku_text: schema.add_text_field("sku_text", text.clone()),
            sku: schema.add_text_field("sku", exact(SKU_ANALYZER)),
            params: schema.add_text_field("params", text.clone()),
            sections: schema.add_text_field("sections", text.clone()),
            description: schema.add_text_field("description", text),
            name_prefix: schema.add_text_field("name_prefix", exact(SKU_ANALYZER)),
            tag_prefix: schema.add_text_field("tag_prefix", exact(SKU_ANALYZER)),
            sku_prefix: schema.add_text_field("sku_prefix", exact(SKU_ANALYZER)),
        };
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(TEXT_ANALYZER, text_analyzer());
        index.tokenizers().register(SKU_ANALYZER, sku_analyzer());
        let mut writer: IndexWriter = index.writer_with_num_threads(1, SEARCH_INDEX_BUILD_BYTES)?;
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let mut plain = plain_analyzer();
        let mut ids = Vec::new();
        // Per offer ordinal: section ordinal (`u32::MAX`: none) and availability.
        let mut offer_sections: Vec<(u32, bool)> = Vec::new();
        let mut section_ids: Vec<String> = Vec::new();
        let mut section_names: Vec<String> = Vec::new();
        let mut section_paths: Vec<Vec<String>> = Vec::new();
        let mut section_ords: HashMap<String, u32> = HashMap::new();
        for doc in docs {
            let mut d = TantivyDocument::default();
            d.add_u64(fields.ord, ids.len() as u64);
            let name = fold(&doc.name);
            d.add_pre_tokenized_text(fields.name_prefix, word_prefixes(&mut plain, [name.as_str()]));
            d.add_text(fields.name, name);
            let vendor = doc.vendor.as_deref().map(fold);
            let sku = doc.sku.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(fold);
            let sections = fold(&doc.section_names.join(" "));
            let tags = [sku.as_deref(), vendor.as_deref(), Some(sections.as_str())];
            d.add_pre_tokenized_text(fields.tag_prefix, word_prefixes(&mut plain, tags.into_iter().flatten()));
            if let Some(vendor) = vendor {
                d.add_text(fields.vendor, vendor);
            }
            if let Some(sku) = sku {
                let mut prefixes = Vec::new();
                push_prefixes(&sku.to_lowercase(), &mut prefixes);
                d.add_pre_tokenized_text(
                    fields.sku_prefix,
                    PreTokenizedString { text: String::new(), tokens: prefixes },
                );
                d.add_text(fields.sku, &sku);
                d.add_text(fields.sku_text, sku);
            }
            d.add_text(fields.params, fold(&doc.params));
            d.add_text(fields.sections, sections);
            d.add_text(fields.description, fold(&doc.description));
            let section = match &doc.section_id {
                Some(id) => *section_ords.entry(id.clone()).or_insert_with(|| {
                    section_ids.push(id.clone());
                    section_names.push(doc.section_names.last().cloned().unwrap_or_default());
                    section_paths.push(doc.section_path.clone());
                    section_ids.len() as u32 - 1
                }),
                None => u32::MAX,
            };
            offer_sections.push((section, doc.available));
            writer.add_document(d)?;
            ids.push(doc.id);
        }
        writer.commit()?;
        // One segment: one pass per query, one dictionary lookup per term.
        let segment_ids = index.searchable_segment_ids()?;
        if segment_ids.len() > 1 {
            writer.merge(&segment_ids).wait()?;
        }
        writer.wait_merging_threads()?;
        let searcher = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?.searcher();
        let no_section = section_ids.len() as u32;
        let mut segments = Vec::new();
        for reader in searcher.segment_readers() {
            let column = reader.fast_fields().u64("ord")?;
            let offer: Vec<u32> = (0..reader.max_doc()).map(|doc| column.first(doc).unwrap_or(0) as u32).collect();
            let info = offer
                .iter()
                .map(|&o| {
                    let (section, available) = offer_sections[o as usize];
                    section.min(no_section) | if available { AVAILABLE_BIT } else { 0 }
                })
                .collect();
            let identity = offer.iter().enumerate().all(|(doc, &o)| doc as u32 == o);
            segments.push(SegmentFacts { offer: if identity { Vec::new() } else { offer }, info });
        }
        Ok(Self { searcher, fields, segments, ids, section_ids, section_names, section_paths })
    }

    /// Number of indexed offers.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether no offer is indexed.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
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

    /// The term `text` of `field` scored by BM25 times `weight`, or `None` when no offer holds it.
    fn bm25(&self, field: Field, text: &str, weight: Score) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        if doc_freq == 0 {
            return Ok(None);
        }
        let bm25 = Bm25Weight::for_terms(&self.searcher, std::slice::from_ref(&term))?.boost_by(weight);
        Ok(Some(Source { term, scoring: Scoring::Bm25(bm25), doc_freq }))
    }

    /// The term `text` of `field` scoring `score`, or `None` when no offer holds it.
    fn constant(&self, field: Field, text: &str, score: Score) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        Ok((doc_freq > 0).then_some(Source { term, scoring: Scoring::Constant(score), doc_freq }))
    }

    /// The terms of `field` that `automaton` accepts, other than `exact`, with their document counts; at most
    /// `limit`, the ones in most offers.
    fn expand(
        &self,
        automaton: &DfaWrapper,
        field: Field,
        exact: &str,
        limit: usize,
    ) -> tantivy::Result<Vec<(String, u64)>> {
        let mut found: HashMap<Vec<u8>, u64> = HashMap::new();
        for reader in self.searcher.segment_readers() {
            let inverted = reader.inverted_index(field)?;
            let mut stream = inverted.terms().search(automaton).into_stream()?;
            while stream.advance() {
                if stream.key() != exact.as_bytes() {
                    *found.entry(stream.key().to_vec()).or_default() += u64::from(stream.value().doc_freq);
                }
            }
        }
        let mut found: Vec<(Vec<u8>, u64)> = found.into_iter().collect();
        found.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Ok(found.into_iter().take(limit).filter_map(|(key, n)| Some((String::from_utf8(key).ok()?, n))).collect())
    }

    /// Every term of `field` starting with `prefix`, scoring `score` (the prefix automaton for a last word too long
    /// for the prefix fields).
    fn prefix_sources(&self, field: Field, prefix: &str, score: Score) -> tantivy::Result<Vec<Source>> {
        let automaton = FuzzyTermQuery::new_prefix(Term::from_field_text(field, prefix), 0, true).automaton()?;
        Ok(self
            .expand(&automaton, field, "", usize::MAX)?
            .into_iter()
            .map(|(text, doc_freq)| Source {
                term: Term::from_field_text(field, &text),
                scoring: Scoring::Constant(score),
                doc_freq,
            })
            .collect())
    }

    /// The clause of one token (`stem` as analysed, `typed` as typed) of a word; `prefix` for the last token of the
    /// last word. No sources when nothing can match it.
    fn token_clause(&self, stem: &str, typed: &str, prefix: bool) -> tantivy::Result<Clause> {
        let weighted = weighted(&self.fields);
        let mut clause = Clause::default();
        let mut exists = false;
        for (field, weight, loose) in weighted {
            if let Some(source) = self.bm25(field, stem, weight)? {
                exists |= loose;
                clause.sources.push(source);
            }
        }
        let typed_chars = typed.chars().count();
        if prefix && typed_chars <= SEARCH_PREFIX_MAX_CHARS {
            for (field, score) in
                [(self.fields.name_prefix, NAME_PREFIX_WEIGHT), (self.fields.tag_prefix, TAG_PREFIX_WEIGHT)]
            {
                if let Some(source) = self.constant(field, typed, score)? {
                    exists = true;
                    clause.sources.push(source);
                }
            }
        } else if prefix {
            for (field, weight, _) in weighted.into_iter().filter(|w| w.2) {
                clause.sources.extend(self.prefix_sources(field, typed, weight * 0.5)?);
            }
        }
        if !exists && typed_chars >= TYPO_MIN_CHARS {
            let automaton = FuzzyTermQuery::new(Term::from_field_text(self.fields.name, stem), 1, true).automaton()?;
            for (field, weight, _) in weighted.into_iter().filter(|w| w.2) {
                for (term, _) in self.expand(&automaton, field, stem, SEARCH_TYPO_MAX_TERMS)? {
                    clause.sources.extend(self.bm25(field, &term, weight * TYPO_WEIGHT)?);
                }
            }
        }
        Ok(clause)
    }

    /// The clauses of `text`, cheapest first, or `None` when it cannot match anything (no searchable word, or a
    /// token nothing matches).
    fn plan(&self, text: &str) -> tantivy::Result<Option<Vec<Clause>>> {
        let text: String = fold(text).chars().take(MAX_QUERY_CHARS).collect();
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut analyzer = text_analyzer();
        let mut plain = plain_analyzer();
        let mut clauses: Vec<Clause> = Vec::new();
        for (w, word) in words.iter().enumerate() {
            let last_word = w + 1 == words.len();
            let stems = tokens(&mut analyzer, word);
            let typed = tokens(&mut plain, word);
            for (t, stem) in stems.iter().enumerate() {
                let typed = typed.get(t).map_or(stem.as_str(), String::as_str);
                let clause = self.token_clause(stem, typed, last_word && t + 1 == stems.len())?;
                if clause.sources.is_empty() {
                    return Ok(None);
                }
                clauses.push(clause);
            }
            let Some(clause) = clauses.last_mut().filter(|_| !stems.is_empty()) else { continue };
            // The whole word as a SKU ("SM-0003"), exact or, for the last word, as its start.
            let whole = word.to_lowercase();
            let sku = Term::from_field_text(self.fields.sku, &whole);
            let doc_freq = self.searcher.doc_freq(&sku)?;
            if doc_freq > 0 {
                // BM25 of a one-word field: the SKU's rarity (idf) times the weight.
                let bm25 = Bm25Weight::for_one_term(doc_freq, self.searcher.num_docs(), 1.0).boost_by(SKU_EXACT_WEIGHT);
                let score = bm25.score(FieldNormReader::fieldnorm_to_id(1), 1);
                clause.boosts.push(Source { term: sku, scoring: Scoring::Constant(score), doc_freq });
            }
            if last_word && whole.chars().count() <= SEARCH_PREFIX_MAX_CHARS {
                clause.boosts.extend(self.constant(self.fields.sku_prefix, &whole, SKU_PREFIX_WEIGHT)?);
            } else if last_word {
                clause.boosts.extend(self.prefix_sources(self.fields.sku, &whole, SKU_PREFIX_WEIGHT)?);
            }
        }
        if clauses.is_empty() {
            return Ok(None);
        }
        // Every clause must match, so their order only decides how many documents the first one touches. Levels are
        // bytes: a text of MAX_QUERY_CHARS characters has far fewer tokens than 255.
        clauses.sort_by_key(Clause::cost);
        clauses.truncate(usize::from(u8::MAX));
        Ok(Some(clauses))
    }

    /// Answers `request`: empty hits for a blank text. Errors only on tantivy failures.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchHits> {
        let Some(clauses) = self.plan(&request.text)? else { return Ok(SearchHits::default()) };
        // A slot per section, one for offers without a section, and one for the matches `available_only` drops.
        let slots = self.section_ids.len() + 1;
        let dropped = slots;
        // The slots items come from: all but the dropped one, or with `section` that section's and its subsections'.
        let in_scope: Vec<bool> = (0..=slots)
            .map(|slot| match &request.section {
                _ if slot == dropped => false,
                None => true,
                Some(id) if request.own_section_only => self.section_ids.get(slot) == Some(id),
                Some(id) => self.section_paths.get(slot).is_some_and(|path| path.contains(id)),
            })
            .collect();
        // Per slot: matches, and the best match's rank key (the section's first appearance in the ranking).
        let mut counts = vec![0usize; slots + 1];
        let mut best = vec![0u64; slots + 1];
        let mut top = TopOffers::new(request.offset.saturating_add(request.limit.max(1)));
        let mut items_total = 0;
        SCRATCH.with_borrow_mut(|scratch| {
            for (reader, facts) in self.searcher.segment_readers().iter().zip(&self.segments) {
                self.match_segment(reader, &clauses, scratch)?;
                for (doc, score) in scratch.matches() {
                    let info = facts.info[doc as usize];
                    let slot = if request.available_only && info & AVAILABLE_BIT == 0 {
                        dropped
                    } else {
                        (info & !AVAILABLE_BIT) as usize
                    };
                    let key = rank_key(score, facts.offer(doc));
                    counts[slot] += 1;
                    best[slot] = best[slot].max(key);
                    items_total += usize::from(in_scope[slot]);
                    if in_scope[slot] & (key > top.threshold) {
                        top.push(key);
                    }
                }
            }
            tantivy::Result::Ok(())
        })?;
        let total = counts[..slots].iter().sum();
        let items = top
            .ranked()
            .into_iter()
            .skip(request.offset)
            .map(|key| self.ids[key_offer(key) as usize].clone())
            .collect();
        let mut sections: Vec<usize> = (0..slots - 1).filter(|&slot| counts[slot] > 0).collect();
        sections.sort_unstable_by_key(|&slot| std::cmp::Reverse(best[slot]));
        let sections = sections
            .into_iter()
            .map(|slot| (self.section_ids[slot].clone(), self.section_names[slot].clone(), counts[slot]))
            .collect();
        Ok(SearchHits { total, sections, items, items_total })
    }

    /// Runs `clauses` over one segment, term at a time: afterwards `scratch.matched` holds the documents that matched
    /// every clause, and `scratch.score` their scores.
    fn match_segment(&self, reader: &SegmentReader, clauses: &[Clause], scratch: &mut Scratch) -> tantivy::Result<()> {
        let epoch = scratch.start(reader.max_doc() as usize);
        let Scratch { level, score, matched, .. } = scratch;
        let last = clauses.len() as u16;
        for (c, clause) in clauses.iter().enumerate() {
            let (before, after) = (c as u16, c as u16 + 1);
            for source in &clause.sources {
                for_each_posting(reader, source, |doc, s| {
                    let d = doc as usize;
                    // Clauses this document matched in this query so far.
                    let done = if level[d] & 0xFF00 == epoch { level[d] & 0xFF } else { 0 };
                    if done == before {
                        level[d] = epoch | after;
                        score[d] = if before == 0 { s } else { score[d] + s };
                        if after == last {
                            matched[d / 64] |= 1 << (d % 64);
                        }
                    } else if done == after {
                        score[d] += s;
                    }
                })?;
            }
            for source in &clause.boosts {
                for_each_posting(reader, source, |doc, s| {
                    if level[doc as usize] == epoch | after {
                        score[doc as usize] += s;
                    }
                })?;
            }
        }
        Ok(())
    }
}

/// The best `keep` [`rank_key`]s seen, in a buffer of up to twice that, cut back to `keep` when full.
struct TopOffers {
    keep: usize,
    buffer: Vec<u64>,
    /// The worst key kept at the last cut (0 before): only better keys are pushed.
    threshold: u64,
}

impl TopOffers {
    fn new(keep: usize) -> Self {
        Self { keep, buffer: Vec::new(), threshold: 0 }
    }

    /// Adds `key`, which must be above the threshold.
    fn push(&mut self, key: u64) {
        self.buffer.push(key);
        if self.buffer.len() >= 2 * self.keep {
            self.buffer.select_nth_unstable_by(self.keep - 1, |a, b| b.cmp(a));
            self.buffer.truncate(self.keep);
            self.threshold = self.buffer[self.keep - 1];
        }
    }

    /// The best `keep`, best first.
    fn ranked(mut self) -> Vec<u64> {
        self.buffer.sort_unstable_by(|a, b| b.cmp(a));
        self.buffer.truncate(self.keep);
        self.buffer
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
        assert_eq!(ids(&ask(&index, "ракетв теннисная")), ["1"]);
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
        assert_eq!(ask(&index, "раздел sp").items, ["4"], "sections' names start with «Раздел k», «Раздел sport»");
        assert_eq!(ask(&index, "ab-12").items, ["3"]);
        assert_eq!(ask(&index, "ab-1234567890-x").items, ["3"], "an SKU prefix beyond the prefix terms");
        assert_eq!(ask(&index, "альбом моск").items, ["1"]);
        assert!(ask(&index, "моск альбом").items.is_empty(), "only the last word is a prefix");
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
}
