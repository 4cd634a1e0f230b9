//! Building the index (issue 4): the analyzers, the edge n-grams of name and tag words, and one segment, in memory or
//! in a folder (issue 39); opening one a build wrote.

use super::*;
use std::path::Path;

pub(super) fn text_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::Russian))
        .filter(Stemmer::new(Language::English))
        .build()
}

/// The words as typed (lower-cased, not stemmed): the same tokens as [`text_analyzer`], one for one.
pub(super) fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .build()
}

pub(super) fn sku_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default()).filter(LowerCaser).build()
}

pub(super) fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// Pushes the first 1..=[`SEARCH_PREFIX_MAX_CHARS`] characters of `word` to `out` as tokens (edge n-grams).
pub(super) fn push_prefixes(word: &str, out: &mut Vec<Token>) {
    for (n, (at, c)) in word.char_indices().take(SEARCH_PREFIX_MAX_CHARS).enumerate() {
        out.push(Token { position: n, text: word[..at + c.len_utf8()].to_owned(), ..Token::default() });
    }
}

/// The prefix terms of every word of `texts` (already folded), as a pre-tokenized value.
pub(super) fn word_prefixes<'a>(
    plain: &mut TextAnalyzer,
    texts: impl IntoIterator<Item = &'a str>,
) -> PreTokenizedString {
    let mut out = Vec::new();
    for text in texts {
        for word in tokens(plain, text) {
            push_prefixes(&word, &mut out);
        }
    }
    PreTokenizedString { text: String::new(), tokens: out }
}

/// The index's schema. The field names are [`Fields::of`]'s.
fn schema() -> Schema {
    let mut schema = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(TEXT_ANALYZER).set_index_option(IndexRecordOption::WithFreqs),
    );
    // Terms matched whole, without frequencies or lengths: the SKU, and the prefix fields (scored as constants; their
    // values come pre-tokenized, so their analyzer only names one).
    let exact = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(SKU_ANALYZER)
            .set_index_option(IndexRecordOption::Basic)
            .set_fieldnorms(false),
    );
    schema.add_u64_field("ord", FAST);
    for name in ["name_head", "name_tail", "vendor", "sku_text"] {
        schema.add_text_field(name, text.clone());
    }
    schema.add_text_field("sku", exact.clone());
    for name in ["params", "sections", "description"] {
        schema.add_text_field(name, text.clone());
    }
    for name in ["name_prefix", "tag_prefix", "sku_prefix"] {
        schema.add_text_field(name, exact.clone());
    }
    schema.build()
}

/// Registers the analyzers the schema names.
fn register_analyzers(index: &Index) {
    index.tokenizers().register(TEXT_ANALYZER, text_analyzer());
    index.tokenizers().register(SKU_ANALYZER, sku_analyzer());
}

impl Fields {
    /// The fields of `schema` ([`schema`]'s). Errors: a field is missing (an index of another build).
    fn of(schema: &Schema) -> tantivy::Result<Self> {
        let field = |name: &str| schema.get_field(name);
        Ok(Fields {
            ord: field("ord")?,
            name_head: field("name_head")?,
            name_tail: field("name_tail")?,
            vendor: field("vendor")?,
            sku_text: field("sku_text")?,
            sku: field("sku")?,
            params: field("params")?,
            sections: field("sections")?,
            description: field("description")?,
            name_prefix: field("name_prefix")?,
            tag_prefix: field("tag_prefix")?,
            sku_prefix: field("sku_prefix")?,
        })
    }
}

/// What the index keeps beside tantivy's files, as `search::disk` writes it ([`SearchIndex::kept`]) and reads it back
/// ([`Kept`]): the same shape, borrowed to write. Each segment's facts are named by tantivy's segment id.
#[derive(serde::Serialize)]
pub(crate) struct KeptRef<'a> {
    segments: Vec<(String, &'a [u32], &'a [u32])>,
    ids: &'a OfferIds,
    section_ids: &'a [String],
    section_names: &'a [String],
    section_paths: &'a [Vec<String>],
    synonyms: &'a HashMap<String, Vec<(String, String)>>,
    feed: &'a [u32],
}

/// [`KeptRef`], read back.
#[derive(serde::Deserialize)]
pub(crate) struct Kept {
    segments: Vec<(String, Vec<u32>, Vec<u32>)>,
    ids: OfferIds,
    section_ids: Vec<String>,
    section_names: Vec<String>,
    section_paths: Vec<Vec<String>>,
    synonyms: HashMap<String, Vec<(String, String)>>,
    feed: Vec<u32>,
}

impl SearchIndex {
    /// What the index keeps beside tantivy's files, to write with them.
    pub(crate) fn kept(&self) -> KeptRef<'_> {
        KeptRef {
            segments: self
                .segments
                .iter()
                .map(|s| (s.segment.clone(), s.offer.as_slice(), s.info.as_slice()))
                .collect(),
            ids: &self.ids,
            section_ids: &self.section_ids,
            section_names: &self.section_names,
            section_paths: &self.section_paths,
            synonyms: &self.synonyms,
            feed: &self.feed,
        }
    }

    /// The index [`SearchIndex::build_in`] or [`SearchIndex::extend_in`] wrote into `dir`, with what it kept beside
    /// ([`SearchIndex::kept`]). Errors: tantivy's, or files that do not belong together (a segment kept no facts, or
    /// facts of another size).
    pub(crate) fn open(dir: &Path, kept: Kept) -> tantivy::Result<Self> {
        let index = Index::open_in_dir(dir)?;
        register_analyzers(&index);
        let fields = Fields::of(&index.schema())?;
        let searcher = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?.searcher();
        let mut by_segment: HashMap<String, (Vec<u32>, Vec<u32>)> =
            kept.segments.into_iter().map(|(segment, offer, info)| (segment, (offer, info))).collect();
        let mut segments = Vec::new();
        for reader in searcher.segment_readers() {
            let segment = reader.segment_id().uuid_string();
            let facts = by_segment.remove(&segment).filter(|(offer, info)| {
                info.len() == reader.max_doc() as usize
                    && (offer.is_empty() || offer.len() == info.len())
                    && offer.iter().all(|&o| (o as usize) < kept.ids.len())
                    && (!offer.is_empty() || info.len() <= kept.ids.len())
            });
            let Some((offer, info)) = facts else {
                return Err(tantivy::TantivyError::InvalidArgument(
                    "the kept state does not match the index's segments".into(),
                ));
            };
            segments.push(SegmentFacts::new(segment, offer, info));
        }
        Ok(Self::assemble(
            searcher,
            fields,
            segments,
            kept.ids,
            Sections::from_kept(kept.section_ids, kept.section_names, kept.section_paths),
            kept.synonyms,
            kept.feed,
        ))
    }

    /// The index of its parts, its shown offers counted.
    fn assemble(
        searcher: Searcher,
        fields: Fields,
        segments: Vec<SegmentFacts>,
        ids: OfferIds,
        sections: Sections,
        synonyms: HashMap<String, Vec<(String, String)>>,
        feed: Vec<u32>,
    ) -> Self {
        let dead = segments.iter().flat_map(|s| &s.info).filter(|&&info| info == DEAD).count();
        let mut places = Vec::new();
        let mut feed = feed;
        if !feed.is_empty() {
            places = vec![u32::MAX; ids.len()];
            for (place, ord) in feed.iter().enumerate() {
                if let Some(slot) = places.get_mut(*ord as usize) {
                    *slot = place as u32;
                }
            }
            // An ordinal shown that the feed's order left out (none should be) goes last rather than nowhere.
            for (ord, id) in ids.iter().enumerate() {
                if places[ord] == u32::MAX && !id.is_empty() {
                    places[ord] = feed.len() as u32;
                    feed.push(ord as u32);
                }
            }
        }
        let mut segments = segments;
        // A slot per section and one for offers without a section.
        let slots = sections.ids.len() + 1;
        for facts in &mut segments {
            facts.runs = Runs::of(facts, slots, &places);
        }
        Self {
            places,
            feed,
            searcher,
            fields,
            segments,
            shown: ids.len().saturating_sub(dead),
            ids: Arc::new(ids),
            section_ids: sections.ids,
            section_names: sections.names,
            section_paths: sections.paths,
            synonyms,
            cards: super::cards::Cards::default(),
            term_bits: super::bits::TermBits::default(),
        }
    }

    /// The index with `cards` of its ordinals ([`super::cards`]): answers take their items from them when they cover
    /// every ordinal.
    pub(crate) fn with_cards(self, cards: super::cards::Cards) -> Self {
        Self { cards, ..self }
    }

    /// Keeps up to `bytes` of frequent terms' bit sets ([`super::bits`]; none at 0): `VITRINA_CACHE_MB`'s share.
    pub fn keep_term_bits(&mut self, bytes: u64) {
        self.term_bits = super::bits::TermBits::with_bytes(bytes);
    }

    /// Frequent terms' bit sets kept, and their bytes.
    pub fn term_bits_kept(&self) -> (u64, u64) {
        self.term_bits.kept()
    }

    /// The cards of its ordinals (none for an index built from documents alone, as tests build).
    pub(crate) fn cards(&self) -> &super::cards::Cards {
        &self.cards
    }
}

/// The sections the index knows, by section ordinal, as a build meets them.
#[derive(Default)]
struct Sections {
    ids: Vec<String>,
    names: Vec<String>,
    paths: Vec<Vec<String>>,
    ords: HashMap<String, u32>,
}

impl Sections {
    fn from_kept(ids: Vec<String>, names: Vec<String>, paths: Vec<Vec<String>>) -> Self {
        let ords = ids.iter().enumerate().map(|(i, id)| (id.clone(), i as u32)).collect();
        Self { ids, names, paths, ords }
    }

    /// The section ordinal of `doc`'s section, met now or before (`u32::MAX`: none).
    fn ord(&mut self, doc: &SearchDoc) -> u32 {
        let Some(id) = &doc.section_id else { return u32::MAX };
        *self.ords.entry(id.clone()).or_insert_with(|| {
            self.ids.push(id.clone());
            self.names.push(doc.section_names.last().cloned().unwrap_or_default());
            self.paths.push(doc.section_path.clone());
            self.ids.len() as u32 - 1
        })
    }
}

/// Writes offers as tantivy documents.
struct Documents {
    fields: Fields,
    plain: TextAnalyzer,
}

impl Documents {
    /// `doc` as the document of ordinal `ord`; its vendor and name counted in `brands`.
    fn of(&mut self, ord: u64, doc: &SearchDoc, brands: &mut synonyms::Brands) -> TantivyDocument {
        let (fields, plain) = (&self.fields, &mut self.plain);
        let mut d = TantivyDocument::default();
        d.add_u64(fields.ord, ord);
        brands.add(doc.vendor.as_deref(), &doc.name);
        let name = fold(&doc.name);
        d.add_pre_tokenized_text(fields.name_prefix, word_prefixes(plain, [name.as_str()]));
        let (head, tail) = words::split_name(&name);
        d.add_text(fields.name_head, head);
        d.add_text(fields.name_tail, tail);
        let vendor = doc.vendor.as_deref().map(fold);
        let sku = doc.sku.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(fold);
        let sections = fold(&doc.section_names.join(" "));
        let tags = [sku.as_deref(), vendor.as_deref(), Some(sections.as_str())];
        d.add_pre_tokenized_text(fields.tag_prefix, word_prefixes(plain, tags.into_iter().flatten()));
        if let Some(vendor) = vendor {
            d.add_text(fields.vendor, vendor);
        }
        // A product's other variants' SKUs match as its own (issue 35).
        let others = doc.other_skus.iter().map(|s| s.trim()).filter(|s| !s.is_empty()).map(fold);
        for sku in sku.into_iter().chain(others) {
            let mut prefixes = Vec::new();
            push_prefixes(&sku.to_lowercase(), &mut prefixes);
            d.add_pre_tokenized_text(fields.sku_prefix, PreTokenizedString { text: String::new(), tokens: prefixes });
            d.add_text(fields.sku, &sku);
            d.add_text(fields.sku_text, sku);
        }
        d.add_text(fields.params, fold(&doc.params));
        d.add_text(fields.sections, sections);
        d.add_text(fields.description, fold(&doc.description));
        d
    }
}

/// Merges the committed segments of `index` into one (one pass per query, one dictionary lookup per term), stacked in
/// the order of their first offers' ordinals: tantivy stacks them as given, and a one-thread writer fills each segment
/// with a run of ordinals, so a document's id is then its offer's ordinal and no search reads a map from one to the
/// other per match ([`SegmentFacts::offer`] stays empty; issue 39). Errors: tantivy's.
fn merge_in_offer_order(index: &Index, writer: &mut IndexWriter) -> tantivy::Result<()> {
    let metas = index.searchable_segment_metas()?;
    if metas.len() > 1 {
        let mut firsts = Vec::with_capacity(metas.len());
        for meta in metas {
            let reader = SegmentReader::open(&index.segment(meta.clone()))?;
            firsts.push((reader.fast_fields().u64("ord")?.first(0).unwrap_or(u64::MAX), meta.id()));
        }
        firsts.sort_unstable_by_key(|&(first, _)| first);
        let segment_ids: Vec<_> = firsts.into_iter().map(|(_, id)| id).collect();
        writer.merge(&segment_ids).wait()?;
        // On disk, the merged segments' files go now rather than at the next writer's start.
        writer.garbage_collect_files().wait()?;
    }
    Ok(())
}

/// The facts of the documents of `reader`, a segment the writer just wrote: `slot(ord)` gives an offer's section slot
/// and stock ([`SegmentFacts::info`]).
fn new_facts(reader: &SegmentReader, slot: impl Fn(u32) -> u32) -> tantivy::Result<SegmentFacts> {
    let column = reader.fast_fields().u64("ord")?;
    let offer: Vec<u32> = (0..reader.max_doc()).map(|doc| column.first(doc).unwrap_or(0) as u32).collect();
    let info = offer.iter().map(|&o| slot(o)).collect();
    let identity = offer.iter().enumerate().all(|(doc, &o)| doc as u32 == o);
    Ok(SegmentFacts::new(reader.segment_id().uuid_string(), if identity { Vec::new() } else { offer }, info))
}

/// [`SegmentFacts::info`] of an offer in section ordinal `section` (`u32::MAX`: none) of `sections` known.
fn info_of(section: u32, available: bool, sections: usize) -> u32 {
    section.min(sections as u32) | if available { AVAILABLE_BIT } else { 0 }
}

impl SearchIndex {
    /// [`SearchIndex::build_with`] the default synonyms ([`synonyms::DEFAULT_RULES`]).
    pub fn build(docs: impl IntoIterator<Item = SearchDoc>) -> tantivy::Result<Self> {
        let rules = Synonyms::parse(synonyms::DEFAULT_RULES).unwrap_or_default();
        Self::build_with(docs, rules)
    }

    /// Indexes `docs` in memory, in one segment, with the shop's synonym `rules` (to which the Cyrillic spellings of
    /// the offers' Latin vendors are added). Errors only on tantivy failures (out of memory, a bug).
    pub fn build_with(docs: impl IntoIterator<Item = SearchDoc>, rules: Synonyms) -> tantivy::Result<Self> {
        Ok(Self::build_in(None, docs, rules, Vec::new())?.0)
    }

    /// [`SearchIndex::build_with`], writing the index's files into the empty folder `dir` (tantivy's
    /// `MmapDirectory`: read back through the page cache, not held on the heap; issue 39) or, for `None`, into
    /// memory. `feed` gives the ordinal at each place of the shop's order (search breaks ties by it) when `docs` come
    /// in another (by section, `products::section_order`); empty when they come in the shop's. Answers the index and
    /// the brands its offers named (kept for [`SearchIndex::extend_in`]). Errors: tantivy's (the folder is not empty
    /// or not writable, out of memory or disk).
    pub fn build_in(
        dir: Option<&Path>,
        docs: impl IntoIterator<Item = SearchDoc>,
        rules: Synonyms,
        feed: Vec<u32>,
    ) -> tantivy::Result<(Self, synonyms::Brands)> {
        let schema = schema();
        let fields = Fields::of(&schema)?;
        let index = match dir {
            Some(dir) => Index::create_in_dir(dir, schema)?,
            None => Index::create_in_ram(schema),
        };
        register_analyzers(&index);
        let mut writer: IndexWriter = index.writer_with_num_threads(1, SEARCH_INDEX_BUILD_BYTES)?;
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let mut documents = Documents { fields: fields.clone(), plain: plain_analyzer() };
        let mut ids = OfferIds::default();
        // Per offer ordinal: section ordinal (`u32::MAX`: none) and availability.
        let mut offer_sections: Vec<(u32, bool)> = Vec::new();
        let mut sections = Sections::default();
        let mut brands = synonyms::Brands::default();
        for doc in docs {
            writer.add_document(documents.of(ids.len() as u64, &doc, &mut brands))?;
            offer_sections.push((sections.ord(&doc), doc.available));
            ids.push(&doc.id);
        }
        writer.commit()?;
        merge_in_offer_order(&index, &mut writer)?;
        writer.wait_merging_threads()?;
        let searcher = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?.searcher();
        let known = sections.ids.len();
        let slot = |o: u32| {
            let (section, available) = offer_sections[o as usize];
            info_of(section, available, known)
        };
        let segments =
            searcher.segment_readers().iter().map(|reader| new_facts(reader, slot)).collect::<Result<_, _>>()?;
        let synonyms = stemmed(&rules.with_brands(brands.words()));
        Ok((Self::assemble(searcher, fields, segments, ids, sections, synonyms, feed), brands))
    }

    /// The index an import's update makes of `old` (issue 39, `search::update`): `dir` holds `old`'s files (linked,
    /// `search::disk`); the offers of ordinals `gone` stop being found, and `docs` are added in a new segment with
    /// ordinals from `old.ids.len()` on; `feed` lists the shown ordinals in the feed's order (search breaks ties by
    /// it, as a build does by the ordinal). `brands` are the catalogue's so far, one entry per ordinal: `gone`'s are
    /// taken out, `docs`' counted in, and the synonyms made again with `rules`. A section met first keeps its place after every known one, whose slots move
    /// up by none: the "no section" slot is the number of sections, so the known segments' facts are written again.
    /// Errors: tantivy's.
    pub(crate) fn extend_in(
        dir: &Path,
        old: &SearchIndex,
        gone: &roaring::RoaringBitmap,
        docs: Vec<SearchDoc>,
        feed: &[u32],
        brands: &mut synonyms::Brands,
        rules: Synonyms,
    ) -> tantivy::Result<Self> {
        let index = Index::open_in_dir(dir)?;
        register_analyzers(&index);
        let fields = Fields::of(&index.schema())?;
        let mut writer: IndexWriter = index.writer_with_num_threads(1, SEARCH_INDEX_BUILD_BYTES)?;
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let mut documents = Documents { fields: fields.clone(), plain: plain_analyzer() };
        let mut sections =
            Sections::from_kept(old.section_ids.clone(), old.section_names.clone(), old.section_paths.clone());
        let first = old.ids.len() as u32;
        if brands.offers() != old.ids.len() {
            return Err(tantivy::TantivyError::InvalidArgument("the kept brands are of another index".into()));
        }
        for ord in gone {
            brands.forget(ord as usize);
        }
        let mut ids = old.ids.without(|ord| gone.contains(ord));
        let mut offer_sections: Vec<(u32, bool)> = Vec::with_capacity(docs.len());
        for doc in docs {
            writer.add_document(documents.of(ids.len() as u64, &doc, brands))?;
            offer_sections.push((sections.ord(&doc), doc.available));
            ids.push(&doc.id);
        }
        writer.commit()?;
        writer.wait_merging_threads()?;
        let searcher = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?.searcher();
        let (known_before, known) = (old.section_ids.len() as u32, sections.ids.len());
        let mut segments = Vec::new();
        for reader in searcher.segment_readers() {
            let segment = reader.segment_id().uuid_string();
            let facts = match old.segments.iter().find(|s| s.segment == segment) {
                Some(facts) => {
                    let info = facts
                        .info
                        .iter()
                        .enumerate()
                        .map(|(doc, &info)| {
                            if info == DEAD || gone.contains(facts.offer(doc as DocId)) {
                                return DEAD;
                            }
                            // The "no section" slot moves up with the sections met now.
                            let slot = info & !AVAILABLE_BIT;
                            let slot = if slot >= known_before { known as u32 } else { slot };
                            slot | (info & AVAILABLE_BIT)
                        })
                        .collect();
                    SegmentFacts::new(segment, facts.offer.clone(), info)
                }
                None => new_facts(reader, |o| {
                    let (section, available) = offer_sections[(o - first) as usize];
                    info_of(section, available, known)
                })?,
            };
            segments.push(facts);
        }
        let synonyms = stemmed(&rules.with_brands(brands.words()));
        let identity = feed.iter().enumerate().all(|(place, ord)| place as u32 == *ord) && feed.len() == ids.len();
        let feed = if identity { Vec::new() } else { feed.to_vec() };
        Ok(Self::assemble(searcher, fields, segments, ids, sections, synonyms, feed))
    }
}

/// The synonyms by the stem of each word that has some, each synonym as `(stem, as typed)`; words of more than one
/// token (or none) are left out.
fn stemmed(synonyms: &Synonyms) -> HashMap<String, Vec<(String, String)>> {
    let mut analyzer = text_analyzer();
    let mut plain = plain_analyzer();
    let mut one = |word: &str| -> Option<(String, String)> {
        let (stems, typed) = (tokens(&mut analyzer, word), tokens(&mut plain, word));
        (stems.len() == 1 && typed.len() == 1).then(|| (stems[0].clone(), typed[0].clone()))
    };
    let mut out: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for (word, values) in synonyms.iter() {
        let Some((stem, _)) = one(word) else { continue };
        let entry = out.entry(stem.clone()).or_default();
        for value in values {
            if let Some(pair) = one(value).filter(|(s, _)| *s != stem)
                && !entry.iter().any(|(s, _)| *s == pair.0)
            {
                entry.push(pair);
            }
        }
    }
    out.retain(|_, values| !values.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Segments written run by run (here one per commit) merge into one whose document ids are the ordinals, whatever
    /// order tantivy lists them in (their ids are random: eight segments come in order by chance once in 40,320).
    #[test]
    fn segments_merge_in_the_order_of_their_ordinals() {
        let schema = schema();
        let ord = schema.get_field("ord").unwrap();
        let index = Index::create_in_ram(schema);
        register_analyzers(&index);
        let mut writer: IndexWriter = index.writer_with_num_threads(1, SEARCH_INDEX_BUILD_BYTES).unwrap();
        writer.set_merge_policy(Box::new(NoMergePolicy));
        for run in 0..8u64 {
            for o in run * 5..run * 5 + 5 {
                let mut d = TantivyDocument::default();
                d.add_u64(ord, o);
                writer.add_document(d).unwrap();
            }
            writer.commit().unwrap();
        }
        merge_in_offer_order(&index, &mut writer).unwrap();
        writer.wait_merging_threads().unwrap();
        let searcher = index.reader().unwrap().searcher();
        let [reader] = searcher.segment_readers() else { panic!("one segment after the merge") };
        let column = reader.fast_fields().u64("ord").unwrap();
        let ords: Vec<u64> = (0..reader.max_doc()).map(|doc| column.first(doc).unwrap()).collect();
        assert_eq!(ords, (0..40).collect::<Vec<u64>>());
    }
}
