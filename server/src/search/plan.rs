//! The query plan (issue 4): a query's words as [`Clause`]s of posting lists — stems, prefixes, typo-corrected
//! terms and SKU boosts — cheapest first.

use super::*;
use crate::limits::SEARCH_LIVE_CHECK_MAX_DOCS;

/// One field a word is looked up in: its BM25 weight, its [`class`] for a whole word, and whether a shopper aims at it
/// (names, SKUs, vendors, sections: typo-corrected and prefix-matched through the prefix fields; params and
/// descriptions match whole stems, and the last word's start through their most frequent words).
#[derive(Clone, Copy)]
pub(super) struct Weighted {
    pub(super) field: Field,
    pub(super) weight: Score,
    pub(super) class: u16,
    pub(super) aimed: bool,
}

pub(super) fn weighted(f: &Fields) -> [Weighted; 7] {
    let w = |field, weight, class, aimed| Weighted { field, weight, class, aimed };
    [
        w(f.name_head, 3.0, class::NAME_HEAD, true),
        w(f.name_tail, 3.0, class::NAME, true),
        w(f.sku_text, 2.0, class::SKU_VENDOR, true),
        w(f.vendor, 1.5, class::SKU_VENDOR, true),
        w(f.sections, 1.2, class::SECTIONS, true),
        w(f.params, 1.0, class::PARAMS, false),
        w(f.description, 0.3, class::DESCRIPTION, false),
    ]
}

/// The class of a match through a typo in `field` (a name or tag field).
fn typo_class(f: &Fields, field: Field) -> u16 {
    if field == f.name_head || field == f.name_tail { class::NAME_TYPO } else { class::TAG_TYPO }
}

/// The class of a match of the start of a word in `field`.
fn prefix_class(f: &Fields, field: Field) -> u16 {
    match field {
        _ if field == f.name_head || field == f.name_tail => class::NAME_PREFIX,
        _ if field == f.params => class::PARAMS_PREFIX,
        _ if field == f.description => class::DESCRIPTION_PREFIX,
        _ => class::TAG_PREFIX,
    }
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
    /// The [`class`] of a match through this term; of a boost, what it adds to the class.
    pub(super) class: u16,
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

/// A query's clauses, cheapest first, and how many of its tokens nothing matches (each would be a clause with no
/// sources). Every clause has sources.
pub(super) struct Plan {
    pub(super) clauses: Vec<Clause>,
    pub(super) missing: usize,
}

impl Plan {
    /// Tokens of the query that count (the clauses and the missing ones).
    pub(super) fn tokens(&self) -> usize {
        self.clauses.len() + self.missing
    }
}

impl SearchIndex {
    /// The term `text` of `field` scored by BM25 times `weight`, of match class `class`, or `None` when no offer
    /// holds it.
    pub(super) fn bm25(&self, field: Field, text: &str, weight: Score, class: u16) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        if doc_freq == 0 || !self.shown_holds(&term, doc_freq)? {
            return Ok(None);
        }
        let bm25 = Bm25Weight::for_terms(&self.searcher, std::slice::from_ref(&term))?.boost_by(weight);
        Ok(Some(Source { term, scoring: Scoring::Bm25(bm25), doc_freq, class }))
    }

    /// The term `text` of `field` scoring `score`, of match class `class`, or `None` when no offer holds it.
    pub(super) fn constant(
        &self,
        field: Field,
        text: &str,
        score: Score,
        class: u16,
    ) -> tantivy::Result<Option<Source>> {
        let term = Term::from_field_text(field, text);
        let doc_freq = self.searcher.doc_freq(&term)?;
        let held = doc_freq > 0 && self.shown_holds(&term, doc_freq)?;
        Ok(held.then_some(Source { term, scoring: Scoring::Constant(score), doc_freq, class }))
    }

    /// Whether an offer shown holds `term`, which `doc_freq` documents hold: after an update (`search::update`) some
    /// documents are no longer shown, and a word only they held must read as missing, as in a fresh build (so a
    /// typo's correction is tried). Checked by walking the term's postings when it has at most
    /// [`SEARCH_LIVE_CHECK_MAX_DOCS`]; a term held by more is taken as shown (documents no longer shown are few,
    /// [`UPDATE_MAX_SHARE_PERCENT`](crate::limits::UPDATE_MAX_SHARE_PERCENT)).
    pub(super) fn shown_holds(&self, term: &Term, doc_freq: u64) -> tantivy::Result<bool> {
        if self.shown == self.ids.len() || doc_freq > SEARCH_LIVE_CHECK_MAX_DOCS {
            return Ok(true);
        }
        for (reader, facts) in self.searcher.segment_readers().iter().zip(&self.segments) {
            let inverted = reader.inverted_index(term.field())?;
            let Some(info) = inverted.get_term_info(term)? else { continue };
            let mut block = inverted.read_block_postings_from_terminfo(&info, IndexRecordOption::Basic)?;
            while !block.docs().is_empty() {
                if block.docs().iter().any(|&doc| facts.info[doc as usize] != DEAD) {
                    return Ok(true);
                }
                block.advance();
            }
        }
        Ok(false)
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
        let mut out = Vec::new();
        for (key, n) in found {
            if out.len() == limit {
                break;
            }
            // A term only documents no longer shown hold would crowd out one a fresh build would take.
            if !self.shown_holds(&Term::from_field_bytes(field, &key), n)? {
                continue;
            }
            if let Ok(text) = String::from_utf8(key) {
                out.push((text, n));
            }
        }
        Ok(out)
    }

    /// The terms of `field` starting with `prefix` (at most `limit`, the ones in most offers), scoring `score`, of
    /// the class of a prefix match in `field`.
    pub(super) fn prefix_sources(
        &self,
        field: Field,
        prefix: &str,
        score: Score,
        limit: usize,
    ) -> tantivy::Result<Vec<Source>> {
        let automaton = FuzzyTermQuery::new_prefix(Term::from_field_text(field, prefix), 0, true).automaton()?;
        let class = prefix_class(&self.fields, field);
        Ok(self
            .expand(&automaton, field, "", limit)?
            .into_iter()
            .map(|(text, doc_freq)| Source {
                term: Term::from_field_text(field, &text),
                scoring: Scoring::Constant(score),
                doc_freq,
                class,
            })
            .collect())
    }

    /// The clause of one token (`stem` as analysed, `typed` as typed) of a word; `prefix` for the last token of the
    /// last word. No sources when nothing can match it. Sources come best [`class`] first.
    pub(super) fn token_clause(&self, stem: &str, typed: &str, prefix: bool) -> tantivy::Result<Clause> {
        let weighted = weighted(&self.fields);
        let mut clause = Clause::default();
        let mut exists = false;
        for w in weighted {
            if let Some(source) = self.bm25(w.field, stem, w.weight, w.class)? {
                exists |= w.aimed;
                clause.sources.push(source);
            }
        }
        let typed_chars = typed.chars().count();
        if prefix && typed_chars <= SEARCH_PREFIX_MAX_CHARS {
            for (field, score, class) in [
                (self.fields.name_prefix, NAME_PREFIX_WEIGHT, class::NAME_PREFIX),
                (self.fields.tag_prefix, TAG_PREFIX_WEIGHT, class::TAG_PREFIX),
            ] {
                if let Some(source) = self.constant(field, typed, score, class)? {
                    exists = true;
                    clause.sources.push(source);
                }
            }
        } else if prefix {
            for w in weighted.into_iter().filter(|w| w.aimed) {
                clause.sources.extend(self.prefix_sources(w.field, typed, w.weight * 0.5, usize::MAX)?);
            }
        }
        // The last word's start in the parameters and descriptions, through their most frequent words: "дива" finds
        // what "диван" finds (issue 23), not fewer. A last word that is a whole word of a name already ("диван") is
        // typed out: its own stem finds those.
        let whole_word =
            clause.sources.iter().any(|source| source.class == class::NAME || source.class == class::NAME_HEAD);
        if prefix && !whole_word && typed_chars >= SEARCH_PREFIX_COMPLETION_MIN_CHARS {
            for w in weighted.into_iter().filter(|w| !w.aimed) {
                clause.sources.extend(self.prefix_sources(
                    w.field,
                    typed,
                    w.weight * 0.5,
                    SEARCH_PREFIX_COMPLETIONS,
                )?);
            }
        }
        // Codes and numbers are never typo-forgiven: "60206" is not set 60202.
        let code = typed.chars().any(|c| c.is_ascii_digit());
        if !exists && !code && typed_chars >= TYPO_MIN_CHARS {
            let automaton =
                FuzzyTermQuery::new(Term::from_field_text(self.fields.name_head, stem), 1, true).automaton()?;
            for w in weighted.into_iter().filter(|w| w.aimed) {
                let class = typo_class(&self.fields, w.field);
                for (term, _) in self.expand(&automaton, w.field, stem, SEARCH_TYPO_MAX_TERMS)? {
                    clause.sources.extend(self.bm25(w.field, &term, w.weight * TYPO_WEIGHT, class)?);
                }
            }
        }
        // The first source that holds an offer gives its class for this word (`collect`).
        clause.sources.sort_by_key(|source| std::cmp::Reverse(source.class));
        Ok(clause)
    }

    /// The plan of `text`, or `None` when it has no searchable word. Stop words ([`words::STOP_WORDS`]) are left out
    /// unless the text has nothing else.
    pub(super) fn plan(&self, text: &str) -> tantivy::Result<Option<Plan>> {
        let text: String = fold(text).chars().take(MAX_QUERY_CHARS).collect();
        let all: Vec<&str> = text.split_whitespace().collect();
        let meaningful: Vec<&str> = all.iter().copied().filter(|w| !words::is_stop_word(&w.to_lowercase())).collect();
        let words = if meaningful.is_empty() { all } else { meaningful };
        let mut analyzer = text_analyzer();
        let mut plain = plain_analyzer();
        let mut clauses: Vec<Clause> = Vec::new();
        let mut missing = 0;
        for (w, word) in words.iter().enumerate() {
            let last_word = w + 1 == words.len();
            let stems = tokens(&mut analyzer, word);
            let typed = tokens(&mut plain, word);
            let mut word_clauses = Vec::new();
            for (t, stem) in stems.iter().enumerate() {
                let typed = typed.get(t).map_or(stem.as_str(), String::as_str);
                let mut clause = self.token_clause(stem, typed, last_word && t + 1 == stems.len())?;
                // A one-token word's synonyms match where the word would, at the same place in the ranking.
                if stems.len() == 1 {
                    for (other_stem, other_typed) in self.synonyms.get(stem).into_iter().flatten() {
                        clause.sources.extend(self.token_clause(other_stem, other_typed, false)?.sources);
                    }
                    clause.sources.sort_by_key(|source| std::cmp::Reverse(source.class));
                }
                if clause.sources.is_empty() {
                    missing += 1;
                } else {
                    word_clauses.push(clause);
                }
            }
            if let Some(clause) = word_clauses.last_mut() {
                self.sku_boosts(clause, word, last_word)?;
            }
            clauses.extend(word_clauses);
        }
        if clauses.is_empty() && missing == 0 {
            return Ok(None);
        }
        // When every clause must match, their order only decides how many documents the first one touches. Levels
        // are bytes: a text of MAX_QUERY_CHARS characters has far fewer tokens than 255.
        clauses.sort_by_key(Clause::cost);
        clauses.truncate(usize::from(u8::MAX));
        Ok(Some(Plan { clauses, missing }))
    }

    /// The whole word as a SKU ("SM-0003"), exact or, for the last word, as its start: boosts of `clause`.
    fn sku_boosts(&self, clause: &mut Clause, word: &str, last_word: bool) -> tantivy::Result<()> {
        let whole = word.to_lowercase();
        let sku = Term::from_field_text(self.fields.sku, &whole);
        let doc_freq = self.searcher.doc_freq(&sku)?;
        if doc_freq > 0 {
            // BM25 of a one-word field: the SKU's rarity (idf) times the weight.
            let bm25 = Bm25Weight::for_one_term(doc_freq, self.searcher.num_docs(), 1.0).boost_by(SKU_EXACT_WEIGHT);
            let score = bm25.score(FieldNormReader::fieldnorm_to_id(1), 1);
            clause.boosts.push(Source {
                term: sku,
                scoring: Scoring::Constant(score),
                doc_freq,
                class: class::SKU_EXACT_BONUS,
            });
        }
        if last_word && whole.chars().count() <= SEARCH_PREFIX_MAX_CHARS {
            clause.boosts.extend(self.constant(
                self.fields.sku_prefix,
                &whole,
                SKU_PREFIX_WEIGHT,
                class::SKU_PREFIX_BONUS,
            )?);
        } else if last_word {
            let mut sources = self.prefix_sources(self.fields.sku, &whole, SKU_PREFIX_WEIGHT, usize::MAX)?;
            sources.iter_mut().for_each(|source| source.class = class::SKU_PREFIX_BONUS);
            clause.boosts.extend(sources);
        }
        Ok(())
    }
}
