//! Building the index (issue 4): the analyzers, the edge n-grams of name and tag words, and one segment in memory.

use super::*;

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

impl SearchIndex {
    /// [`SearchIndex::build_with`] the default synonyms ([`synonyms::DEFAULT_RULES`]).
    pub fn build(docs: impl IntoIterator<Item = SearchDoc>) -> tantivy::Result<Self> {
        let rules = Synonyms::parse(synonyms::DEFAULT_RULES).unwrap_or_default();
        Self::build_with(docs, rules)
    }

    /// Indexes `docs` in memory, in one segment, with the shop's synonym `rules` (to which the Cyrillic spellings of
    /// the offers' Latin vendors are added). Errors only on tantivy failures (out of memory, a bug).
    pub fn build_with(docs: impl IntoIterator<Item = SearchDoc>, rules: Synonyms) -> tantivy::Result<Self> {
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
            name_head: schema.add_text_field("name_head", text.clone()),
            name_tail: schema.add_text_field("name_tail", text.clone()),
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
        let mut brands = synonyms::Brands::default();
        for doc in docs {
            let mut d = TantivyDocument::default();
            d.add_u64(fields.ord, ids.len() as u64);
            brands.add(doc.vendor.as_deref(), &doc.name);
            let name = fold(&doc.name);
            d.add_pre_tokenized_text(fields.name_prefix, word_prefixes(&mut plain, [name.as_str()]));
            let (head, tail) = words::split_name(&name);
            d.add_text(fields.name_head, head);
            d.add_text(fields.name_tail, tail);
            let vendor = doc.vendor.as_deref().map(fold);
            let sku = doc.sku.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(fold);
            let sections = fold(&doc.section_names.join(" "));
            let tags = [sku.as_deref(), vendor.as_deref(), Some(sections.as_str())];
            d.add_pre_tokenized_text(fields.tag_prefix, word_prefixes(&mut plain, tags.into_iter().flatten()));
            if let Some(vendor) = vendor {
                d.add_text(fields.vendor, vendor);
            }
            // A product's other variants' SKUs match as its own (issue 35).
            let others = doc.other_skus.iter().map(|s| s.trim()).filter(|s| !s.is_empty()).map(fold);
            for sku in sku.into_iter().chain(others) {
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
        let synonyms = stemmed(&rules.with_brands(brands.words()));
        Ok(Self { searcher, fields, segments, ids, section_ids, section_names, section_paths, synonyms })
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
