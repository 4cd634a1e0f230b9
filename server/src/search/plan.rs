//! The query plan (issue 4): a query's words as [`Clause`]s of posting lists — stems, prefixes, typo-corrected
//! terms and SKU boosts — cheapest first.

use super::*;

/// `(field, weight, typo-corrected and prefix-matched)`: typo and prefix matching only where a shopper aims (names,
/// SKUs, vendors, sections); params and descriptions match whole stems.
pub(super) fn weighted(f: &Fields) -> [(Field, Score, bool); 6] {
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
pub(super) enum Scoring {
    /// BM25 of the term in its field, weight included: from the offer's field length and term frequency.
    Bm25(Bm25Weight),
    /// The same for every offer holding the term.
    Constant(Score),
}

/// One posting list a query reads: a term of a field, how it scores, and its length (documents).
pub(super) struct Source {
    pub(super) term: Term,
    pub(super) scoring: Scoring,
    pub(super) doc_freq: u64,
}

/// One token of the query. An offer matches it when any of `sources` holds the offer; `boosts` only add to the
/// score of offers that match it (the whole word as a SKU, exactly or as its start: the word's tokens match those
/// offers anyway, through the SKU's words).
#[derive(Default)]
pub(super) struct Clause {
    pub(super) sources: Vec<Source>,
    pub(super) boosts: Vec<Source>,
}

impl Clause {
    /// Postings this clause reads.
    fn cost(&self) -> u64 {
        self.sources.iter().chain(&self.boosts).map(|s| s.doc_freq).sum()
    }
}

impl SearchIndex {
    /// The term `text` of `field` scored by BM25 times `weight`, or `None` when no offer holds it.
    pub(super) fn bm25(&self, field: Field, text: &str, weight: Score) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        if doc_freq == 0 {
            return Ok(None);
        }
        let bm25 = Bm25Weight::for_terms(&self.searcher, std::slice::from_ref(&term))?.boost_by(weight);
        Ok(Some(Source { term, scoring: Scoring::Bm25(bm25), doc_freq }))
    }

    /// The term `text` of `field` scoring `score`, or `None` when no offer holds it.
    pub(super) fn constant(&self, field: Field, text: &str, score: Score) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        Ok((doc_freq > 0).then_some(Source { term, scoring: Scoring::Constant(score), doc_freq }))
    }

    /// The terms of `field` that `automaton` accepts, other than `exact`, with their document counts; at most
    /// `limit`, the ones in most offers.
    pub(super) fn expand(
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
    pub(super) fn prefix_sources(&self, field: Field, prefix: &str, score: Score) -> tantivy::Result<Vec<Source>> {
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
    pub(super) fn token_clause(&self, stem: &str, typed: &str, prefix: bool) -> tantivy::Result<Clause> {
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
    pub(super) fn plan(&self, text: &str) -> tantivy::Result<Option<Vec<Clause>>> {
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
}
