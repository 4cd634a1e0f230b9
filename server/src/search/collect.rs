//! Running a plan (issue 4): posting lists read term at a time into per-thread work arrays, then the matches
//! collected into the total, the per-section counts and the best offers.

use super::*;
use crate::limits::SEARCH_FULL_MATCHES_ENOUGH;

/// How an offer matched a query, as [`rank_key`] orders it (issue 23).
#[derive(Clone, Copy)]
pub(super) struct Match {
    /// Query tokens it matched: all of them, but in a partial answer.
    pub(super) words: u8,
    /// The sum of its [`class`]es over the tokens.
    pub(super) class: u16,
    pub(super) available: bool,
    pub(super) score: Score,
    /// Its place in the feed ([`SearchIndex::place_of`]).
    pub(super) place: u32,
}

/// A match's place in the ranking as one number, larger for the better of two: more words matched, then a higher
/// match class, then in stock, then a higher score, then the offer's place in the feed (earlier first). One integer
/// comparison per match.
#[inline]
pub(super) fn rank_key(m: Match) -> u128 {
    // The float's bits, flipped so that unsigned order is numeric order (negative scores do not occur).
    let bits = m.score.to_bits();
    let ordered = if bits >> 31 == 1 { !bits } else { bits | 1 << 31 };
    (u128::from(m.words) << 81)
        | (u128::from(m.class) << 65)
        | (u128::from(m.available) << 64)
        | (u128::from(ordered) << 32)
        | u128::from(!m.place)
}

/// The feed place of a [`rank_key`].
pub(super) fn key_place(key: u128) -> u32 {
    !(key as u32)
}

/// Per-thread work arrays of [`SearchIndex::search`], by document id, reused from query to query without being
/// cleared: each query (each segment of it) has a new `epoch`, and a document marked with another epoch has matched
/// nothing yet. Every 255 epochs `level` is cleared at once.
#[derive(Default)]
pub(super) struct Scratch {
    /// The epoch that last touched the document (high byte) and how many clauses, in order, it matched then (low
    /// byte).
    pub(super) level: Vec<u16>,
    /// The document's score so far; meaningful only while its `level` carries the current epoch.
    pub(super) score: Vec<Score>,
    /// The document's match class so far (the sum over the clauses it matched of its best source's [`class`]).
    pub(super) class: Vec<u16>,
    /// Clauses the document matched (partial matching only: [`SearchIndex::match_segment_any`]).
    pub(super) words: Vec<u8>,
    /// Bit set of the documents that matched every clause (read in document order).
    pub(super) matched: Vec<u64>,
    /// The current epoch, 1..=255.
    pub(super) epoch: u8,
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
            self.class.resize(max_doc, 0);
            self.words.resize(max_doc, 0);
            self.matched.resize(max_doc.div_ceil(64), 0);
        }
        self.matched.fill(0);
        u16::from(self.epoch) << 8
    }

    /// The matched documents in order.
    fn matches(&self) -> impl Iterator<Item = usize> + '_ {
        self.matched.iter().enumerate().flat_map(move |(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let doc = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    doc
                })
            })
        })
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Calls `visit(doc, score)` for every document of `reader` holding `source`'s term.
pub(super) fn for_each_posting(
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
    /// Answers `request`: empty hits for a blank text. Every word must match; when fewer than
    /// [`SEARCH_FULL_MATCHES_ENOUGH`] offers match every word (in stock or not), the offers matching most words follow
    /// them, marked [`SearchHits::partial`] (issue 23). Errors only on tantivy failures.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchHits> {
        let Some(plan) = self.plan(&request.text)? else { return Ok(SearchHits::default()) };
        if plan.missing == 0
            && let Some((hits, matched)) = self.collect(request, &plan, None)?
            && (matched >= SEARCH_FULL_MATCHES_ENOUGH || plan.tokens() < 2)
        {
            return Ok(hits);
        }
        // Partial: at least half the words, or as many as the best offer matches; offers with every word first.
        if plan.tokens() < 2 || plan.clauses.is_empty() {
            return Ok(SearchHits::default());
        }
        let half = plan.tokens().div_ceil(2);
        Ok(self.collect(request, &plan, Some(half))?.map(|(hits, _)| hits).unwrap_or_default())
    }

    /// The hits of `plan`: every clause must match (`partial` `None`), or at least `partial` of them (fewer when no
    /// offer matches that many); with the number of offers that matched, whatever `request`'s filters. `None` when
    /// no offer matches at all.
    fn collect(
        &self,
        request: &SearchRequest,
        plan: &Plan,
        partial: Option<usize>,
    ) -> tantivy::Result<Option<(SearchHits, usize)>> {
        let clauses = &plan.clauses;
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
        let mut best = vec![0u128; slots + 1];
        let mut top = TopOffers::new(request.offset.saturating_add(request.limit.max(1)));
        let mut items_total = 0;
        let mut matched = 0;
        // Matches in the items' scope with every word (none when a word matches nothing).
        let mut exact = 0;
        // The ordinals found, made a bitmap once at the end (they mostly rise with the documents) rather than one
        // insert at a time, which searched and grew an array container per match (2 % of a search's samples).
        let mut found_ids: Vec<u32> = Vec::new();
        // Only the facets need them.
        let keep_found = !request.no_facets;
        let every = plan.tokens();
        SCRATCH.with_borrow_mut(|scratch| {
            let readers = self.searcher.segment_readers();
            // A partial answer's least words: half the query's, or fewer when no offer shown matches that many, over
            // every segment (an updated index has several, and documents no longer shown in them).
            let mut most = 0;
            if partial.is_some() {
                for (reader, facts) in readers.iter().zip(&self.segments) {
                    self.match_segment_any(reader, clauses, scratch)?;
                    let shown = scratch.matches().filter(|&doc| facts.info[doc] != DEAD);
                    most = most.max(shown.map(|doc| scratch.words[doc]).max().unwrap_or(0));
                }
            }
            for (reader, facts) in readers.iter().zip(&self.segments) {
                let least = match partial {
                    None => {
                        self.match_segment(reader, clauses, scratch)?;
                        0
                    }
                    Some(half) => {
                        // One segment's matches (a built index's) are still in the work arrays from the pass above.
                        if readers.len() > 1 {
                            self.match_segment_any(reader, clauses, scratch)?;
                        }
                        (half.min(usize::from(u8::MAX)) as u8).min(most).max(1)
                    }
                };
                for doc in scratch.matches() {
                    let words = if partial.is_some() { scratch.words[doc] } else { 0 };
                    let info = facts.info[doc];
                    if words < least || info == DEAD {
                        continue;
                    }
                    matched += 1;
                    let offer = facts.offer(doc as DocId);
                    if keep_found && in_scope[(info & !AVAILABLE_BIT) as usize] {
                        found_ids.push(offer);
                    }
                    if let Some(within) = &request.within
                        && !within.contains(offer)
                    {
                        continue;
                    }
                    let available = info & AVAILABLE_BIT != 0;
                    let slot =
                        if request.available_only && !available { dropped } else { (info & !AVAILABLE_BIT) as usize };
                    let key = rank_key(Match {
                        words,
                        class: scratch.class[doc],
                        available,
                        score: scratch.score[doc],
                        place: self.place_of(offer),
                    });
                    counts[slot] += 1;
                    best[slot] = best[slot].max(key);
                    items_total += usize::from(in_scope[slot]);
                    exact += usize::from(in_scope[slot] & (partial.is_none() || usize::from(words) == every));
                    if in_scope[slot] & (key > top.threshold) {
                        top.push(key);
                    }
                }
            }
            tantivy::Result::Ok(())
        })?;
        if matched == 0 {
            return Ok(None);
        }
        found_ids.sort_unstable();
        found_ids.dedup();
        let found = roaring::RoaringBitmap::from_sorted_iter(found_ids).unwrap_or_default();
        let total = counts[..slots].iter().sum();
        let (items, ordinals) = top
            .ranked()
            .into_iter()
            .skip(request.offset)
            .filter_map(|key| {
                let ordinal = self.ordinal_at(key_place(key));
                Some((self.ids.get(ordinal as usize)?.to_owned(), ordinal))
            })
            .unzip();
        let mut sections: Vec<usize> = (0..slots - 1).filter(|&slot| counts[slot] > 0).collect();
        sections.sort_unstable_by_key(|&slot| std::cmp::Reverse(best[slot]));
        let sections = sections
            .into_iter()
            .map(|slot| (self.section_ids[slot].clone(), self.section_names[slot].clone(), counts[slot]))
            .collect();
        let hits =
            SearchHits { total, sections, items, ordinals, items_total, partial: partial.is_some(), exact, found };
        Ok(Some((hits, matched)))
    }

    /// Runs `clauses` over one segment, term at a time: afterwards `scratch.matched` holds the documents that matched
    /// every clause, and `scratch.score` their scores.
    pub(super) fn match_segment(
        &self,
        reader: &SegmentReader,
        clauses: &[Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<()> {
        let epoch = scratch.start(reader.max_doc() as usize);
        let Scratch { level, score, class, matched, .. } = scratch;
        let last = clauses.len() as u16;
        for (c, clause) in clauses.iter().enumerate() {
            let (before, after) = (c as u16, c as u16 + 1);
            // Sources come best class first: the first that holds a document gives its class for this clause.
            for source in &clause.sources {
                for_each_posting(reader, source, |doc, s| {
                    let d = doc as usize;
                    // Clauses this document matched in this query so far.
                    let done = if level[d] & 0xFF00 == epoch { level[d] & 0xFF } else { 0 };
                    if done == before {
                        level[d] = epoch | after;
                        score[d] = if before == 0 { s } else { score[d] + s };
                        class[d] = if before == 0 { source.class } else { class[d] + source.class };
                        if after == last {
                            matched[d / 64] |= 1 << (d % 64);
                        }
                    } else if done == after {
                        score[d] += s;
                    }
                })?;
            }
            add_boosts(reader, clause, epoch | after, level, score, class)?;
        }
        Ok(())
    }

    /// Runs `clauses` over one segment, any of them matching (partial answers): afterwards `scratch.matched` holds
    /// the documents that matched at least one clause, `scratch.words` how many, and `scratch.score` and
    /// `scratch.class` their sums over those clauses.
    pub(super) fn match_segment_any(
        &self,
        reader: &SegmentReader,
        clauses: &[Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<()> {
        let epoch = scratch.start(reader.max_doc() as usize);
        let Scratch { level, score, class, words, matched, .. } = scratch;
        for (c, clause) in clauses.iter().enumerate() {
            // The low byte of `level`: the last clause (1-based) that counted the document.
            let mark = epoch | (c as u16 + 1);
            for source in &clause.sources {
                for_each_posting(reader, source, |doc, s| {
                    let d = doc as usize;
                    if level[d] & 0xFF00 != epoch {
                        (level[d], words[d], class[d], score[d]) = (mark, 1, source.class, s);
                        matched[d / 64] |= 1 << (d % 64);
                    } else if level[d] != mark {
                        level[d] = mark;
                        words[d] += 1;
                        class[d] += source.class;
                        score[d] += s;
                    } else {
                        score[d] += s;
                    }
                })?;
            }
            add_boosts(reader, clause, mark, level, score, class)?;
        }
        Ok(())
    }
}

/// Adds `clause`'s boosts to the score and class of the documents whose `level` is `done` (that matched it).
fn add_boosts(
    reader: &SegmentReader,
    clause: &Clause,
    done: u16,
    level: &[u16],
    score: &mut [Score],
    class: &mut [u16],
) -> tantivy::Result<()> {
    for source in &clause.boosts {
        for_each_posting(reader, source, |doc, s| {
            if level[doc as usize] == done {
                score[doc as usize] += s;
                class[doc as usize] += source.class;
            }
        })?;
    }
    Ok(())
}

/// The best `keep` [`rank_key`]s seen, in a buffer of up to twice that, cut back to `keep` when full.
pub(super) struct TopOffers {
    pub(super) keep: usize,
    pub(super) buffer: Vec<u128>,
    /// The worst key kept at the last cut (0 before): only better keys are pushed.
    pub(super) threshold: u128,
}

impl TopOffers {
    fn new(keep: usize) -> Self {
        Self { keep, buffer: Vec::new(), threshold: 0 }
    }

    /// Adds `key`, which must be above the threshold.
    fn push(&mut self, key: u128) {
        self.buffer.push(key);
        if self.buffer.len() >= 2 * self.keep {
            self.buffer.select_nth_unstable_by(self.keep - 1, |a, b| b.cmp(a));
            self.buffer.truncate(self.keep);
            self.threshold = self.buffer[self.keep - 1];
        }
    }

    /// The best `keep`, best first.
    fn ranked(mut self) -> Vec<u128> {
        self.buffer.sort_unstable_by(|a, b| b.cmp(a));
        self.buffer.truncate(self.keep);
        self.buffer
    }
}
