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

/// What a query found of one document so far, in [`Scratch::marks`]: 8 bytes, so that a posting or a match reads and
/// writes one cache line where three arrays made it three (issue 39).
#[derive(Clone, Copy, Default)]
pub(super) struct Mark {
    /// The epoch that last touched the document (high byte) and how many clauses, in order, it matched then (low
    /// byte).
    pub(super) level: u16,
    /// The document's match class so far (the sum over the clauses it matched of its best source's [`class`]).
    pub(super) class: u16,
    /// The document's score so far; meaningful only while its `level` carries the current epoch.
    pub(super) score: Score,
}

/// Per-thread work arrays of [`SearchIndex::search`], by document id, reused from query to query without being
/// cleared: each query (each segment of it) has a new `epoch`, and a document marked with another epoch has matched
/// nothing yet. Every 255 epochs the marks' levels are cleared at once.
#[derive(Default)]
pub(super) struct Scratch {
    /// Each document's [`Mark`].
    pub(super) marks: Vec<Mark>,
    /// Clauses the document matched (partial matching only: [`SearchIndex::match_segment_any`]).
    pub(super) words: Vec<u8>,
    /// Bit set of the documents that matched every clause (read in document order).
    pub(super) matched: Vec<u64>,
    /// Bit set of the documents that matched every clause before the current one ([`SearchIndex::match_segment`]):
    /// a posting of a later clause looks there first, in some 125 KB at a million documents, and reads the
    /// document's [`Mark`] (8 MB in all) only when it is still a candidate (issue 39).
    pub(super) alive: Vec<u64>,
    /// The current epoch, 1..=255.
    pub(super) epoch: u8,
}

impl Scratch {
    /// Starts a new epoch for a segment of `max_doc` documents (forgetting the previous one, even one a panic cut
    /// short); returns the epoch's high byte for [`Scratch::level`].
    fn start(&mut self, max_doc: usize) -> u16 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.iter_mut().for_each(|mark| mark.level = 0);
            self.epoch = 1;
        }
        if self.marks.len() < max_doc {
            self.marks.resize(max_doc, Mark::default());
            self.words.resize(max_doc, 0);
            self.matched.resize(max_doc.div_ceil(64), 0);
            self.alive.resize(max_doc.div_ceil(64), 0);
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

/// Calls `visit(docs, scores)` for each block of the documents of `reader` holding `source`'s term: up to
/// 128 document ids (tantivy's block) in rising order, and each one's score. A block at a time, not a
/// document at a time (issue 39): the scores of a block are computed in one tight loop, and the visitor's loop over
/// the block is compiled in place instead of a call per posting (a call and a dependent division per posting were
/// a third of a one-word search's samples).
pub(super) fn for_each_block(
    reader: &SegmentReader,
    source: &Source,
    mut visit: impl FnMut(&[DocId], &[Score]),
) -> tantivy::Result<()> {
    let inverted = reader.inverted_index(source.term.field())?;
    let Some(info) = inverted.get_term_info(&source.term)? else { return Ok(()) };
    let mut scores: Vec<Score> = Vec::new();
    match &source.scoring {
        Scoring::Constant(score) => {
            let mut block = inverted.read_block_postings_from_terminfo(&info, IndexRecordOption::Basic)?;
            while !block.docs().is_empty() {
                let docs = block.docs();
                scores.resize(docs.len(), *score);
                visit(docs, &scores);
                block.advance();
            }
        }
        Scoring::Bm25(weight) => {
            let norms = reader.get_fieldnorms_reader(source.term.field())?;
            let mut block = inverted.read_block_postings_from_terminfo(&info, IndexRecordOption::WithFreqs)?;
            while !block.docs().is_empty() {
                let (docs, freqs) = (block.docs(), block.freqs());
                scores.clear();
                scores.extend(docs.iter().zip(freqs).map(|(&doc, &freq)| weight.score(norms.fieldnorm_id(doc), freq)));
                visit(docs, &scores);
                block.advance();
            }
        }
    }
    Ok(())
}

/// Calls `visit(docs, freqs)` for each block of the documents of `reader` holding `term`: up to 128 document ids in
/// rising order and, read `WithFreqs`, each one's term frequency (empty otherwise).
fn for_each_doc_block(
    reader: &SegmentReader,
    term: &Term,
    option: IndexRecordOption,
    mut visit: impl FnMut(&[DocId], &[u32]),
) -> tantivy::Result<()> {
    let inverted = reader.inverted_index(term.field())?;
    let Some(info) = inverted.get_term_info(term)? else { return Ok(()) };
    let mut block = inverted.read_block_postings_from_terminfo(&info, option)?;
    while !block.docs().is_empty() {
        let freqs = if option == IndexRecordOption::Basic { &[][..] } else { block.freqs() };
        visit(block.docs(), freqs);
        block.advance();
    }
    Ok(())
}

/// How a [`Source`]'s postings score, ready for one segment.
enum Scorer<'a> {
    Constant(Score),
    Bm25(&'a Bm25Weight, FieldNormReader),
}

impl<'a> Scorer<'a> {
    fn of(reader: &SegmentReader, source: &'a Source) -> tantivy::Result<Self> {
        Ok(match &source.scoring {
            Scoring::Constant(score) => Scorer::Constant(*score),
            Scoring::Bm25(weight) => Scorer::Bm25(weight, reader.get_fieldnorms_reader(source.term.field())?),
        })
    }

    /// What its postings must be read with.
    fn reads(&self) -> IndexRecordOption {
        match self {
            Scorer::Constant(_) => IndexRecordOption::Basic,
            Scorer::Bm25(..) => IndexRecordOption::WithFreqs,
        }
    }

    /// The score of `doc`, which holds the term `freq` times.
    #[inline]
    fn score(&self, doc: DocId, freq: u32) -> Score {
        match self {
            Scorer::Constant(score) => *score,
            Scorer::Bm25(weight, norms) => weight.score(norms.fieldnorm_id(doc), freq),
        }
    }
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
        // The ordinals found, as a bit set (a bit per ordinal, the lowest first) made a bitmap once at the end: one
        // insert at a time searched and grew an array container per match, and a sorted push per match was 13 % of a
        // one-word search's samples (issue 39). Only the facets need them.
        let keep_found = !request.no_facets;
        let mut found_bits: Vec<u8> = if keep_found { vec![0; self.ids.len().div_ceil(8)] } else { Vec::new() };
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
            for (segment, (reader, facts)) in readers.iter().zip(&self.segments).enumerate() {
                let least = match partial {
                    None => {
                        self.match_segment(segment, reader, clauses, scratch)?;
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
                let mut matches = scratch.matches();
                let mut batch = Batch::default();
                while let n @ 1.. = batch.fill(&mut matches, scratch, facts, partial.is_some()) {
                    for i in 0..n {
                        let (offer, info, mark, words) =
                            (batch.offers[i], batch.infos[i], batch.marks[i], batch.words[i]);
                        if words < least || info == DEAD {
                            continue;
                        }
                        matched += 1;
                        if keep_found
                            && in_scope[(info & !AVAILABLE_BIT) as usize]
                            && let Some(bits) = found_bits.get_mut(offer as usize / 8)
                        {
                            *bits |= 1 << (offer % 8);
                        }
                        if let Some(within) = &request.within
                            && !within.contains(offer)
                        {
                            continue;
                        }
                        let available = info & AVAILABLE_BIT != 0;
                        let slot = if request.available_only && !available {
                            dropped
                        } else {
                            (info & !AVAILABLE_BIT) as usize
                        };
                        let key = rank_key(Match {
                            words,
                            class: mark.class,
                            available,
                            score: mark.score,
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
            }
            tantivy::Result::Ok(())
        })?;
        if matched == 0 {
            return Ok(None);
        }
        let found = roaring::RoaringBitmap::from_lsb0_bytes(0, &found_bits);
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

    /// Runs `clauses` over segment `segment` (`reader`), term at a time: afterwards `scratch.matched` holds the
    /// documents that matched every clause, and `scratch.marks` their scores and classes. Two passes (issue 39): the
    /// first finds the matches in bit sets alone (some 125 KB at a million documents), the second scores them and
    /// writes their marks. Writing a mark for every posting of a common word (8 MB of marks at a million) waited on
    /// memory for most of a wide search's time; a second read, of the matches only, costs less. A frequent term's
    /// documents come from its kept bit set ([`bits`]): the first pass ANDs and ORs words of 64 documents, and the
    /// second scores the matches among them without its postings (a BM25 term from its few repeats and the field's
    /// norms), so that a narrow question's frequent word costs its matches, not its postings; a rarer term's postings
    /// are read again. The marks' levels are not kept here (only [`SearchIndex::match_segment_any`] needs them).
    pub(super) fn match_segment(
        &self,
        segment: usize,
        reader: &SegmentReader,
        clauses: &[Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<()> {
        scratch.start(reader.max_doc() as usize);
        let Scratch { marks, matched, alive, .. } = scratch;
        // One clause: every posting is a match, and one pass finds and scores them.
        let one = clauses.len() == 1;
        // Each source's kept bit set: for matching when there are several clauses, and for scoring the matches among
        // them. A BM25 source of one clause scores every posting (each is a match): decoding them costs about what
        // walking its bits does, and the bench's one-word questions showed no difference within this machine's noise.
        let kept: Vec<Vec<Option<Arc<bits::Kept>>>> = clauses
            .iter()
            .map(|clause| {
                clause
                    .sources
                    .iter()
                    .map(|source| match source.scoring {
                        Scoring::Bm25(_) if one => Ok(None),
                        _ => self.term_bits.of(segment, reader, &source.term),
                    })
                    .collect::<tantivy::Result<Vec<_>>>()
            })
            .collect::<tantivy::Result<_>>()?;
        // Matching: `matched` gathers the documents that match this clause too; `alive`, those that matched the ones
        // before.
        for (c, clause) in clauses.iter().enumerate().filter(|_| !one) {
            if c > 0 {
                std::mem::swap(alive, matched);
                matched.fill(0);
            }
            for (source, kept) in clause.sources.iter().zip(&kept[c]) {
                if let Some(kept) = kept {
                    if c == 0 {
                        matched.iter_mut().zip(kept.bits.iter()).for_each(|(m, b)| *m |= b);
                    } else {
                        let bits = kept.bits.iter().zip(alive.iter());
                        matched.iter_mut().zip(bits).for_each(|(m, (b, a))| *m |= b & a);
                    }
                    continue;
                }
                for_each_doc_block(reader, &source.term, IndexRecordOption::Basic, |docs, _| {
                    for &doc in docs {
                        let (word, bit) = (doc as usize / 64, 1u64 << (doc % 64));
                        if c == 0 || alive[word] & bit != 0 {
                            matched[word] |= bit;
                        }
                    }
                })?;
            }
        }
        // Scoring the matches, clause by clause; `alive` now says which of them a source of the clause counted.
        let seen = alive;
        for (c, clause) in clauses.iter().enumerate() {
            seen.fill(0);
            // Sources come best class first: the first that holds a document gives its class for this clause.
            for (source, kept) in clause.sources.iter().zip(&kept[c]) {
                let scorer = Scorer::of(reader, source)?;
                if let Some(kept) = kept {
                    let only = (!one).then_some(&matched[..]);
                    match &scorer {
                        Scorer::Constant(score) => bits::for_each_common(&kept.bits, only, |doc, bit| {
                            score_into(marks, seen, c, source.class, doc, bit, *score);
                        }),
                        Scorer::Bm25(weight, norms) => {
                            // The repeats, in rising order as the documents come: each is passed at most once.
                            let mut repeats = kept.repeats.iter().peekable();
                            bits::for_each_common(&kept.bits, only, |doc, bit| {
                                let mut freq = 1;
                                while let Some(&&(held, times)) = repeats.peek()
                                    && held as usize <= doc
                                {
                                    if held as usize == doc {
                                        freq = times;
                                    }
                                    repeats.next();
                                }
                                let s = weight.score(norms.fieldnorm_id(doc as DocId), freq);
                                score_into(marks, seen, c, source.class, doc, bit, s);
                            });
                        }
                    }
                    continue;
                }
                for_each_doc_block(reader, &source.term, scorer.reads(), |docs, freqs| {
                    for (i, &doc) in docs.iter().enumerate() {
                        let (word, bit) = (doc as usize / 64, 1u64 << (doc % 64));
                        if !one && matched[word] & bit == 0 {
                            continue;
                        }
                        let s = scorer.score(doc, freqs.get(i).copied().unwrap_or(1));
                        score_into(marks, seen, c, source.class, doc as usize, bit, s);
                    }
                })?;
            }
            if one {
                matched.copy_from_slice(seen);
            }
            add_boosts(reader, clause, None, marks, matched)?;
        }
        Ok(())
    }

    /// Runs `clauses` over one segment, any of them matching (partial answers): afterwards `scratch.matched` holds
    /// the documents that matched at least one clause, `scratch.words` how many, and `scratch.marks` the sums of
    /// their scores and classes over those clauses.
    pub(super) fn match_segment_any(
        &self,
        reader: &SegmentReader,
        clauses: &[Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<()> {
        let epoch = scratch.start(reader.max_doc() as usize);
        let Scratch { marks, words, matched, .. } = scratch;
        for (c, clause) in clauses.iter().enumerate() {
            // The low byte of `level`: the last clause (1-based) that counted the document.
            let mark = epoch | (c as u16 + 1);
            for source in &clause.sources {
                for_each_block(reader, source, |docs, scores| {
                    for (&doc, &s) in docs.iter().zip(scores) {
                        let d = doc as usize;
                        let m = &mut marks[d];
                        if m.level & 0xFF00 != epoch {
                            *m = Mark { level: mark, class: source.class, score: s };
                            words[d] = 1;
                            matched[d / 64] |= 1 << (d % 64);
                        } else if m.level != mark {
                            m.level = mark;
                            words[d] += 1;
                            m.class += source.class;
                            m.score += s;
                        } else {
                            m.score += s;
                        }
                    }
                })?;
            }
            add_boosts(reader, clause, Some(mark), marks, matched)?;
        }
        Ok(())
    }
}

/// Adds the score `s` of clause `c`'s source of class `class` to document `doc` (bit `bit` of its word in `seen`,
/// the documents a source of the clause counted before): the first such source gives the clause's class, a later
/// one adds to the score only.
#[inline]
fn score_into(marks: &mut [Mark], seen: &mut [u64], c: usize, class: u16, doc: usize, bit: u64, s: Score) {
    let mark = &mut marks[doc];
    let word = &mut seen[doc / 64];
    if *word & bit != 0 {
        mark.score += s;
    } else {
        *word |= bit;
        if c == 0 {
            *mark = Mark { level: 0, class, score: s };
        } else {
            mark.class += class;
            mark.score += s;
        }
    }
}

/// Adds `clause`'s boosts to the score and class of the documents that matched it: those `matched` holds, and whose
/// level is `done` when given ([`SearchIndex::match_segment_any`]'s `matched` holds the documents of every clause).
fn add_boosts(
    reader: &SegmentReader,
    clause: &Clause,
    done: Option<u16>,
    marks: &mut [Mark],
    matched: &[u64],
) -> tantivy::Result<()> {
    for source in &clause.boosts {
        for_each_block(reader, source, |docs, scores| {
            for (&doc, &s) in docs.iter().zip(scores) {
                let d = doc as usize;
                if matched[d / 64] & (1 << (d % 64)) == 0 {
                    continue;
                }
                let mark = &mut marks[d];
                if done.is_none_or(|done| mark.level == done) {
                    mark.score += s;
                    mark.class += source.class;
                }
            }
        })?;
    }
    Ok(())
}

/// Matches read in batches of this many documents ([`Batch`]).
const BATCH: usize = 128;

/// Up to [`BATCH`] matched documents with what [`SearchIndex::collect`] reads of each: their offers' ordinals,
/// section slots, marks and (partial answers) words, read in loops of independent loads before any is used (issue
/// 39): one match at a time, each match's loads of its facts and its mark waited on memory in turn (a third of a wide
/// search's samples at a million offers), where a batch has them in flight together.
struct Batch {
    docs: [u32; BATCH],
    offers: [u32; BATCH],
    infos: [u32; BATCH],
    marks: [Mark; BATCH],
    words: [u8; BATCH],
}

impl Default for Batch {
    fn default() -> Self {
        Self {
            docs: [0; BATCH],
            offers: [0; BATCH],
            infos: [0; BATCH],
            marks: [Mark::default(); BATCH],
            words: [0; BATCH],
        }
    }
}

impl Batch {
    /// Takes the next matches from `matches` and reads their facts from `facts` and `scratch`; answers how many (0
    /// at the end). Words are read when `partial` (0 otherwise).
    #[inline]
    fn fill(
        &mut self,
        matches: &mut impl Iterator<Item = usize>,
        scratch: &Scratch,
        facts: &SegmentFacts,
        partial: bool,
    ) -> usize {
        let mut n = 0;
        for doc in matches.take(BATCH) {
            self.docs[n] = doc as u32;
            n += 1;
        }
        if facts.offer.is_empty() {
            self.offers[..n].copy_from_slice(&self.docs[..n]);
        } else {
            for (slot, &doc) in self.offers[..n].iter_mut().zip(&self.docs[..n]) {
                *slot = facts.offer[doc as usize];
            }
        }
        for (slot, &doc) in self.infos[..n].iter_mut().zip(&self.docs[..n]) {
            *slot = facts.info[doc as usize];
        }
        for (slot, &doc) in self.marks[..n].iter_mut().zip(&self.docs[..n]) {
            *slot = scratch.marks[doc as usize];
        }
        if partial {
            for (slot, &doc) in self.words[..n].iter_mut().zip(&self.docs[..n]) {
                *slot = scratch.words[doc as usize];
            }
        }
        n
    }
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
