//! Running a plan (issue 4): the matches found term at a time in bit sets (a partial answer's, each clause's, counted
//! in bit slices), then scored and collected a window of documents at a time into the total, the per-section counts
//! and the best offers.

use super::*;
use crate::limits::{SEARCH_FULL_MATCHES_ENOUGH, SEARCH_SHARE_MIN_MATCHES, SEARCH_SHARE_PARTS};
use crate::memory::prefetch_span;

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
    (u128::from(rank_high(m.words, m.class, m.available, m.score)) << 32) | u128::from(!m.place)
}

/// A [`rank_key`]'s part above the place (57 bits): what a match's words, class, stock and score make of it.
#[inline]
fn rank_high(words: u8, class: u16, available: bool, score: Score) -> u64 {
    // The float's bits, flipped so that unsigned order is numeric order (negative scores do not occur).
    let bits = score.to_bits();
    let ordered = if bits >> 31 == 1 { !bits } else { bits | 1 << 31 };
    (u64::from(words) << 49) | (u64::from(class) << 33) | (u64::from(available) << 32) | u64::from(ordered)
}

/// The feed place of a [`rank_key`].
pub(super) fn key_place(key: u128) -> u32 {
    !(key as u32)
}

/// Per-thread work bit sets of [`SearchIndex::search`], a bit per document, reused from query to query: some 125 KB
/// each at a million documents (issue 39).
#[derive(Default)]
pub(super) struct Scratch {
    /// The documents that matched every clause, or (a partial answer) at least as many as it asks; read in document
    /// order.
    pub(super) matched: Vec<u64>,
    /// The documents that matched every clause before the current one ([`SearchIndex::match_segment`]).
    pub(super) alive: Vec<u64>,
    /// A partial answer's documents of each clause ([`SearchIndex::match_segment_any`]): one bit set after another,
    /// each `clause_words` long (its segment's documents).
    pub(super) clauses: Vec<u64>,
    pub(super) clause_words: usize,
}

impl Scratch {
    /// Clears the matches for a segment of `max_doc` documents, sizing the bit sets for it; answers their length in
    /// words of 64 documents.
    fn start_matching(&mut self, max_doc: usize) -> usize {
        let words = max_doc.div_ceil(64);
        if self.matched.len() < words {
            self.matched.resize(words, 0);
            self.alive.resize(words, 0);
        }
        self.matched.fill(0);
        words
    }

    /// How many of a partial answer's clauses hold each of the 64 documents of word `w`, bit-sliced: bit `d` of the
    /// `i`th word is bit `i` of document `d`'s count. A query has at most 100 clauses
    /// ([`crate::limits::MAX_SEARCH_QUERY_CHARS`] characters, two a word): eight bits hold the count.
    #[inline]
    fn clause_counts(&self, w: usize) -> [u64; 8] {
        let mut slices = [0u64; 8];
        for clause in self.clauses.chunks_exact(self.clause_words) {
            // One added to each document of the clause: a ripple of carries through the slices.
            let mut carry = clause[w];
            for slice in &mut slices {
                if carry == 0 {
                    break;
                }
                (*slice, carry) = (*slice ^ carry, *slice & carry);
            }
        }
        slices
    }
}

/// The documents of `slices` ([`Scratch::clause_counts`]) that at least `least` clauses hold.
#[inline]
fn at_least(slices: &[u64; 8], least: u8) -> u64 {
    // From the highest bit down: above `least` once a bit is set where its bit is not, equal while they agree.
    let (mut above, mut equal) = (0u64, !0u64);
    for (i, slice) in slices.iter().enumerate().rev() {
        if least >> i & 1 == 1 {
            equal &= slice;
        } else {
            above |= equal & slice;
            equal &= !slice;
        }
    }
    above | equal
}

/// Document `d`'s count (`0..64`) in `slices` ([`Scratch::clause_counts`]).
#[inline]
fn count_of(slices: &[u64; 8], d: u32) -> u8 {
    slices.iter().enumerate().map(|(i, slice)| ((slice >> d & 1) as u8) << i).sum()
}

thread_local! {
    /// The thread's [`Scratch`], taken out while a question uses it and put back after: a thread waiting for the
    /// helper of a shared scan ([`SearchIndex::collect`]) may take up another question meanwhile (rayon's
    /// `join` works while it waits), which then starts with bit sets of its own.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Scans whose helper took parts ([`SearchIndex::collect`]) since the process started: what tests check a scan was
/// shared by.
#[cfg(test)]
pub(super) static SHARED_SCANS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[cfg(test)]
thread_local! {
    /// Set on a thread, a scan it shares waits (a second at most) for the helper to take the first part: a small
    /// test index's scan is otherwise over before the helper starts.
    pub(super) static HELPER_FIRST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
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
#[derive(Clone)]
enum Scorer<'a> {
    Constant(Score),
    /// The weight, the field's norms, and the scores of a document holding the term once when the term is frequent
    /// enough to have its documents kept as a bit set ([`Cursor::open`]).
    Bm25(&'a Bm25Weight, FieldNormReader, Option<Box<OnceScores>>),
}

/// A BM25 source's score of a document holding its term once, by the document's field norm id: what `Bm25Weight::score`
/// answers for it, read from a table of 1 KB (in the first level of cache) instead of computed with a division per
/// match. Most matches hold their term once; the division was a tenth of a wide search's scoring at a million offers
/// (`perf annotate`, issue 39).
type OnceScores = [Score; 256];

impl<'a> Scorer<'a> {
    fn of(reader: &SegmentReader, source: &'a Source) -> tantivy::Result<Self> {
        Ok(match &source.scoring {
            Scoring::Constant(score) => Scorer::Constant(*score),
            Scoring::Bm25(weight) => Scorer::Bm25(weight, reader.get_fieldnorms_reader(source.term.field())?, None),
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
            Scorer::Bm25(weight, norms, once) => bm25(weight, once.as_deref(), norms.fieldnorm_id(doc), freq),
        }
    }
}

/// `weight`'s score of a document of field norm id `norm` holding the term `freq` times: from `once` when once and
/// it is given.
#[inline]
fn bm25(weight: &Bm25Weight, once: Option<&OnceScores>, norm: u8, freq: u32) -> Score {
    match once {
        Some(once) if freq == 1 => once[usize::from(norm)],
        _ => weight.score(norm, freq),
    }
}

/// Where a source's documents come from in one segment.
#[derive(Clone)]
enum Held {
    /// Its kept bit set, and the first of its repeats not yet passed.
    Kept(Arc<bits::Kept>, usize),
    /// Its postings, read once: documents in rising order, each one's frequency when it scores by BM25 (empty
    /// otherwise), and the first not yet passed.
    Postings { docs: Vec<DocId>, freqs: Vec<u32>, at: usize },
}

/// One source (or boost) of a plan ready for one segment ([`SearchIndex::match_segment`]): its documents, and each
/// one's score, asked a window at a time in rising order ([`Cursor::each_in`]). A clone starts where it stood.
#[derive(Clone)]
pub(super) struct Cursor<'a> {
    scorer: Scorer<'a>,
    class: u16,
    held: Held,
}

/// A clause's [`Cursor`]s: its sources, best class first, and its boosts.
#[derive(Clone)]
pub(super) struct ClauseCursors<'a> {
    sources: Vec<Cursor<'a>>,
    boosts: Vec<Cursor<'a>>,
}

impl<'a> Cursor<'a> {
    /// `source` in segment `segment` (`reader`): from its kept bit set when `term_bits` keeps one, else from its
    /// postings, read here. Errors: tantivy's, reading them.
    fn open(
        term_bits: &bits::TermBits,
        segment: usize,
        reader: &SegmentReader,
        source: &'a Source,
    ) -> tantivy::Result<Self> {
        let mut scorer = Scorer::of(reader, source)?;
        let held = match term_bits.of(segment, reader, &source.term)? {
            Some(kept) => {
                // A kept term has many documents: 256 scores computed once cost less than a division per match.
                if let Scorer::Bm25(weight, _, once) = &mut scorer {
                    *once = Some(Box::new(std::array::from_fn(|id| weight.score(id as u8, 1))));
                }
                Held::Kept(kept, 0)
            }
            None => {
                let (mut docs, mut freqs) = (Vec::new(), Vec::new());
                for_each_doc_block(reader, &source.term, scorer.reads(), |block, held| {
                    docs.extend_from_slice(block);
                    freqs.extend_from_slice(held);
                })?;
                Held::Postings { docs, freqs, at: 0 }
            }
        };
        Ok(Self { scorer, class: source.class, held })
    }

    /// Sets the bits of its documents in `matched`: of those set in `alive` too, when given.
    fn mark(&self, matched: &mut [u64], alive: Option<&[u64]>) {
        match (&self.held, alive) {
            (Held::Kept(kept, _), None) => matched.iter_mut().zip(kept.bits.iter()).for_each(|(m, b)| *m |= b),
            (Held::Kept(kept, _), Some(alive)) => {
                let bits = kept.bits.iter().zip(alive);
                matched.iter_mut().zip(bits).for_each(|(m, (b, a))| *m |= b & a);
            }
            (Held::Postings { docs, .. }, alive) => {
                for &doc in docs {
                    let (word, bit) = (doc as usize / 64, 1u64 << (doc % 64));
                    if alive.is_none_or(|alive| alive[word] & bit != 0) {
                        matched[word] |= bit;
                    }
                }
            }
        }
    }

    /// Calls `visit(i, score)` for each of its documents among `matched`, the matches of the window of documents
    /// from `base` on (`i` their place in it), in rising order. Windows are asked in rising order; a window without
    /// matches may be skipped.
    #[inline]
    fn each_in(&mut self, base: usize, matched: &[u64], mut visit: impl FnMut(usize, Score)) {
        let Self { scorer, held, .. } = self;
        match held {
            Held::Kept(kept, repeat) => {
                let first = base / 64;
                let words = &kept.bits[first..(first + matched.len()).min(kept.bits.len())];
                match scorer {
                    Scorer::Constant(score) => bits::for_each_common(words, Some(matched), |i, _| visit(i, *score)),
                    Scorer::Bm25(weight, norms, once) => {
                        // The repeats before the window (of windows skipped, or of documents not matched) are passed
                        // in one search, those within it as the documents come.
                        let repeats = &kept.repeats;
                        *repeat = gallop(repeats, *repeat, |&(doc, _)| (doc as usize) < base);
                        bits::for_each_common(words, Some(matched), |i, _| {
                            let doc = base + i;
                            let mut freq = 1;
                            while let Some(&(held, times)) = repeats.get(*repeat)
                                && held as usize <= doc
                            {
                                if held as usize == doc {
                                    freq = times;
                                }
                                *repeat += 1;
                            }
                            visit(i, bm25(weight, once.as_deref(), norms.fieldnorm_id(doc as DocId), freq));
                        });
                    }
                }
            }
            Held::Postings { docs, freqs, at } => {
                // Documents of windows skipped are passed in one search; a source with none in this window costs
                // two comparisons (a typo or a long word's start may bring dozens of sources).
                *at = gallop(docs, *at, |&doc| (doc as usize) < base);
                let end = base + matched.len() * 64;
                while let Some(&doc) = docs.get(*at)
                    && (doc as usize) < end
                {
                    let i = doc as usize - base;
                    if matched[i / 64] & (1 << (i % 64)) != 0 {
                        visit(i, scorer.score(doc, freqs.get(*at).copied().unwrap_or(1)));
                    }
                    *at += 1;
                }
            }
        }
    }
}

/// The first place at or after `from` in `items` whose item is not `below` (which holds for a first run of them):
/// an exponential search from `from`, so that an answer near it costs a few reads (a binary search over all the
/// rest of a wide question's repeats missed the cache at every step: 8 % of its time at a million offers, issue 39).
fn gallop<T>(items: &[T], from: usize, below: impl Fn(&T) -> bool) -> usize {
    if items.get(from).is_none_or(|item| !below(item)) {
        return from;
    }
    let (mut low, mut step) = (from, 1);
    while low + step < items.len() && below(&items[low + step]) {
        low += step;
        step *= 2;
    }
    low + items[low..(low + step + 1).min(items.len())].partition_point(below)
}

/// Words of 64 documents in a [`Window`].
const WINDOW_WORDS: usize = 16;

/// Documents in a [`Window`].
const WINDOW: usize = WINDOW_WORDS * 64;

/// The matches of [`WINDOW`] documents of a segment in a row, scored and read together (issue 39): their classes
/// and scores (some 6 KB, in the first level of cache) summed source by source, then their offers' facts read in a
/// loop of independent loads before any is used.
struct Window {
    /// By place in the window: the match's class, score and clauses matched (meaningful for the matches only).
    classes: [u16; WINDOW],
    scores: [Score; WINDOW],
    words: [u8; WINDOW],
    /// The matches a source of the current clause counted already.
    seen: [u64; WINDOW_WORDS],
    /// The matches' places, then their offers' ordinals and facts, in order.
    places: [u16; WINDOW],
    offers: [u32; WINDOW],
    infos: [u32; WINDOW],
}

impl Default for Window {
    fn default() -> Self {
        Self {
            classes: [0; WINDOW],
            scores: [0.0; WINDOW],
            words: [0; WINDOW],
            seen: [0; WINDOW_WORDS],
            places: [0; WINDOW],
            offers: [0; WINDOW],
            infos: [0; WINDOW],
        }
    }
}

impl Window {
    /// Scores `matched`, the matches of the window of documents from `base` on, clause by clause: the first source
    /// of a clause (best class first) that holds a match gives its class for the clause and counts the clause in its
    /// words, every one adds its score, and every boost adds its score and class to the matches the clause holds.
    /// A match holds every clause but in a partial answer (`partial`), whose matches start from nothing. Sums in the
    /// order of the clauses, their sources, then their boosts, whichever clauses a match holds: a question scores
    /// an offer the same in a whole answer and in a partial one.
    fn score(&mut self, clauses: &mut [ClauseCursors], base: usize, matched: &[u64], partial: bool) {
        let Self { classes, scores, words, seen, .. } = self;
        if partial {
            bits::for_each_common(matched, None, |i, _| (classes[i], scores[i], words[i]) = (0, 0.0, 0));
        }
        for (c, clause) in clauses.iter_mut().enumerate() {
            *seen = [0; WINDOW_WORDS];
            let first = c == 0 && !partial;
            for cursor in &mut clause.sources {
                let class = cursor.class;
                cursor.each_in(base, matched, |i, s| {
                    let (word, bit) = (&mut seen[i / 64], 1u64 << (i % 64));
                    if *word & bit != 0 {
                        scores[i] += s;
                    } else {
                        *word |= bit;
                        if first {
                            (classes[i], scores[i], words[i]) = (class, s, 1);
                        } else {
                            classes[i] += class;
                            scores[i] += s;
                            words[i] += 1;
                        }
                    }
                });
            }
            for cursor in &mut clause.boosts {
                let class = cursor.class;
                cursor.each_in(base, matched, |i, s| {
                    if seen[i / 64] & 1 << (i % 64) != 0 {
                        scores[i] += s;
                        classes[i] += class;
                    }
                });
            }
        }
    }

    /// Reads the window's matches (`matched`, of the documents from `base` on) in order into `places` (each one's
    /// place in the window), `offers` (its offer's ordinal) and `infos` (its facts from `facts`); answers how many.
    fn read(&mut self, base: usize, matched: &[u64], facts: &SegmentFacts) -> usize {
        let mut n = 0;
        bits::for_each_common(matched, None, |i, _| {
            self.places[n] = i as u16;
            n += 1;
        });
        let places = &self.places[..n];
        if facts.offer.is_empty() {
            for (offer, &i) in self.offers[..n].iter_mut().zip(places) {
                *offer = (base + usize::from(i)) as u32;
            }
        } else {
            for (offer, &i) in self.offers[..n].iter_mut().zip(places) {
                *offer = facts.offer[base + usize::from(i)];
            }
        }
        for (info, &i) in self.infos[..n].iter_mut().zip(places) {
            *info = facts.info[base + usize::from(i)];
        }
        n
    }
}

/// Documents a segment holds from which its windows' memory is asked for ahead ([`Ahead`]): a million offers' facts
/// are 4 MB and each scored field's norms 1 MB, past a core's second-level cache (1 MB here); 100,000 offers' stay
/// in it.
const AHEAD_MIN_DOCS: u32 = 1 << 18;

/// The memory the next [`Window`] with matches reads, asked for while the current one is scored (issue 39): its
/// matches' facts (four bytes a document, a line of 64 bytes per 16) and their field norms (a byte a document, per
/// field a BM25 source scores). Read as the window came, each match's line waited on memory in turn: the norms' load
/// had a quarter of `Window::score`'s samples and the facts' two thirds of `Window::read`'s at a million offers
/// (`perf annotate`); asked a window ahead, the lines come together while the window before is scored.
struct Ahead<'a> {
    info: &'a [u32],
    offer: &'a [u32],
    /// Each scored field's norms, one byte a document: the bytes tantivy's `FieldNormReader` reads (mapped from the
    /// index on disk, not copied).
    norms: Vec<tantivy::directory::OwnedBytes>,
}

impl<'a> Ahead<'a> {
    /// For one segment (`reader`, `facts`) and the fields `clauses` score by BM25; the matches' facts too when the
    /// scan `reads_facts` (not a segment in [`Runs`]). A field whose norms cannot be read here is left out (its norms
    /// are then read as they come).
    fn of(reader: &SegmentReader, facts: &'a SegmentFacts, clauses: &[Clause], reads_facts: bool) -> Self {
        let mut fields: Vec<Field> = clauses
            .iter()
            .flat_map(|clause| clause.sources.iter().chain(&clause.boosts))
            .filter(|source| matches!(source.scoring, Scoring::Bm25(_)))
            .map(|source| source.term.field())
            .collect();
        fields.sort_unstable();
        fields.dedup();
        let file = reader.fieldnorms_readers().get_inner_file();
        let norms = fields
            .into_iter()
            .filter_map(|field| file.open_read(field).and_then(|slice| slice.read_bytes().ok()))
            .collect();
        let (info, offer) = if reads_facts { (&facts.info[..], &facts.offer[..]) } else { (&[][..], &[][..]) };
        Self { info, offer, norms }
    }

    /// Asks for the lines the matches `matched` of the window of documents from `base` on read.
    #[inline]
    fn fetch(&self, base: usize, matched: &[u64]) {
        for (w, &word) in matched.iter().enumerate() {
            if word == 0 {
                continue;
            }
            let first = base + w * 64;
            if !self.info.is_empty() {
                for group in 0..4 {
                    let held = (word >> (group * 16)) & 0xFFFF;
                    if held != 0 {
                        // The group's first and last match (`held` keeps its 16 bits at the bottom of 64).
                        let at = first + group * 16;
                        let (from, to) = (at + held.trailing_zeros() as usize, at + 63 - held.leading_zeros() as usize);
                        prefetch_span(self.info, from, to);
                        prefetch_span(self.offer, from, to);
                    }
                }
            }
            for norms in &self.norms {
                let to = first + 63 - word.leading_zeros() as usize;
                prefetch_span(norms.as_slice(), first + word.trailing_zeros() as usize, to);
            }
        }
    }
}

impl SearchIndex {
    /// Answers `request`: empty hits for a blank text. Every word must match; when fewer than
    /// [`SEARCH_FULL_MATCHES_ENOUGH`] offers match every word (in stock or not), the offers matching most words follow
    /// them, marked [`SearchHits::partial`] (issue 23). Asked on a thread of a rayon pool, a wide question's scan is
    /// shared with another of its threads whether it is idle or not ([`Share::ON_A_POOL`]; the engine asks
    /// [`SearchIndex::search_shared`] with its own rule). Errors only on tantivy failures.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchHits> {
        self.search_shared(request, Share::ON_A_POOL)
    }

    /// [`SearchIndex::search`], its scans shared with another search thread as `share` says
    /// ([`SearchIndex::collect`]).
    pub fn search_shared(&self, request: &SearchRequest, share: Share) -> tantivy::Result<SearchHits> {
        let Some(plan) = self.plan(&request.text)? else { return Ok(SearchHits::default()) };
        if plan.missing == 0
            && let Some((hits, matched)) = self.collect(request, &plan, None, share)?
            && (matched >= SEARCH_FULL_MATCHES_ENOUGH || plan.tokens() < 2)
        {
            return Ok(hits);
        }
        // Partial: at least half the words, or as many as the best offer matches; offers with every word first.
        if plan.tokens() < 2 || plan.clauses.is_empty() {
            return Ok(SearchHits::default());
        }
        let half = plan.tokens().div_ceil(2);
        Ok(self.collect(request, &plan, Some(half), share)?.map(|(hits, _)| hits).unwrap_or_default())
    }

    /// The hits of `plan`: every clause must match (`partial` `None`), or at least `partial` of them (fewer when no
    /// offer matches that many); with the number of offers that matched, whatever `request`'s filters. `None` when
    /// no offer matches at all.
    ///
    /// A segment's scan that `share` shares (on a thread of a rayon pool: the search threads,
    /// [`super::engine::search_pool`]) is cut in [`SEARCH_SHARE_PARTS`] parts (fewer when fewer windows of documents
    /// hold matches; some may be empty) of about as many matches, taken in turn
    /// by this thread and a helper offered to the pool's other threads (`rayon::join`): when one is idle, the question
    /// takes about half the time; when it starts late, or never (all busy), this thread takes more parts, or all. The
    /// helper's tally is added to this thread's: the same answer as one scan's (issue 39). Once the parts are all
    /// taken, this thread waits for the helper's last one (a part's time at most) in `rayon::join`, which may meanwhile
    /// have it take up a question asked since and finish that first: a question then answers later by that one's time.
    /// It happens only when questions come in during a shared scan, begun while a thread was idle.
    pub(super) fn collect(
        &self,
        request: &SearchRequest,
        plan: &Plan,
        partial: Option<usize>,
        share: Share,
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
        let found_words = if request.no_facets { 0 } else { self.ids.len().div_ceil(64) };
        let keep = request.offset.saturating_add(request.limit.max(1));
        let scan = Scan { index: self, request, in_scope: &in_scope, partial: partial.is_some(), every: plan.tokens() };
        let new_tally = || Tally::new(slots + 1, keep, found_words);
        let mut tally: Option<Tally> = None;
        let mut scratch = SCRATCH.take();
        let scanned = (|| {
            let readers = self.searcher.segment_readers();
            // A partial answer's least words: half the query's, or fewer when no offer shown matches that many, over
            // every segment (an updated index has several, and documents no longer shown in them). A built index's
            // one segment keeps its cursors and clause bit sets for the pass below.
            let mut most = 0;
            let mut kept = None;
            if partial.is_some() {
                for (segment, (reader, facts)) in readers.iter().zip(&self.segments).enumerate() {
                    let cursors = self.match_segment_any(segment, reader, clauses, &mut scratch)?;
                    most = most.max(scratch.most_words(facts, most));
                    kept = (readers.len() == 1).then_some(cursors);
                }
            }
            for (segment, (reader, facts)) in readers.iter().zip(&self.segments).enumerate() {
                // The matches found in bit sets, then scored and read a window at a time.
                let mut cursors = match (partial, kept.take()) {
                    (None, _) => self.match_segment(segment, reader, clauses, &mut scratch)?,
                    (Some(half), cursors) => {
                        let cursors = match cursors {
                            Some(cursors) => cursors,
                            None => self.match_segment_any(segment, reader, clauses, &mut scratch)?,
                        };
                        let least = (half.min(usize::from(u8::MAX)) as u8).min(most).max(1);
                        scratch.keep_at_least(least);
                        cursors
                    }
                };
                let words = (reader.max_doc() as usize).div_ceil(64);
                // The windows with matches, and how many matches they hold.
                let mut held = Vec::new();
                let mut matches = 0;
                for (n, window) in scratch.matched[..words].chunks(WINDOW_WORDS).enumerate() {
                    let count: u32 = window.iter().map(|word| word.count_ones()).sum();
                    if count > 0 {
                        held.push((n, window));
                        matches += count as usize;
                    }
                }
                // A smaller segment's facts and norms stay in the processor's caches from question to question: asking
                // for them ahead only costs (in-process search at 100,000 offers took some 5 % longer with it).
                let reads_facts = facts.runs.is_none() || request.within.is_some();
                let ahead =
                    || (reader.max_doc() >= AHEAD_MIN_DOCS).then(|| Ahead::of(reader, facts, clauses, reads_facts));
                let counted = if held.len() >= 2 && share.now(matches) {
                    // Parts of about as many matches each, taken in turn by this thread and, when one is idle,
                    // another: a helper that starts late, or never (all busy), leaves more of them to this one.
                    let parts = SEARCH_SHARE_PARTS.min(held.len());
                    let (mut ends, mut before) = (Vec::with_capacity(parts), 0);
                    for (i, (_, window)) in held.iter().enumerate() {
                        before += window.iter().map(|word| word.count_ones() as usize).sum::<usize>();
                        while ends.len() < parts && before * parts >= matches * (ends.len() + 1) {
                            ends.push(i + 1);
                        }
                    }
                    let next = std::sync::atomic::AtomicUsize::new(0);
                    let part = || {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let end = *ends.get(k)?;
                        Some(&held[if k == 0 { 0 } else { ends[k - 1] }..end])
                    };
                    let mut helper_cursors = cursors.clone();
                    let (mut counted, helped) = rayon::join(
                        || {
                            #[cfg(test)]
                            if HELPER_FIRST.get() {
                                let since = std::time::Instant::now();
                                while next.load(std::sync::atomic::Ordering::Relaxed) == 0
                                    && since.elapsed() < std::time::Duration::from_secs(1)
                                {
                                    std::hint::spin_loop();
                                }
                            }
                            scan.windows(new_tally(), &mut cursors, facts, ahead().as_ref(), part)
                        },
                        // Its tally only once it has a part: a helper that starts when all are taken costs no more
                        // than its cursors' copy above (their postings' ids and frequencies, a kept set's table; shared
                        // through `Arc`s instead, the shared typo read no faster at a million offers).
                        || {
                            let first = part()?;
                            let mut rest = std::iter::once(first).chain(std::iter::from_fn(part));
                            let ahead = ahead();
                            Some(scan.windows(new_tally(), &mut helper_cursors, facts, ahead.as_ref(), || rest.next()))
                        },
                    );
                    if let Some(helped) = helped {
                        counted.add(helped);
                        #[cfg(test)]
                        SHARED_SCANS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    counted
                } else {
                    let mut whole = Some(&held[..]);
                    scan.windows(new_tally(), &mut cursors, facts, ahead().as_ref(), || whole.take())
                };
                // An index of several segments (after updates) adds theirs up.
                tally = Some(match tally.take() {
                    Some(mut tally) => {
                        tally.add(counted);
                        tally
                    }
                    None => counted,
                });
            }
            tantivy::Result::Ok(())
        })();
        SCRATCH.set(scratch);
        scanned?;
        let Some(tally) = tally else { return Ok(None) };
        let Tally { counts, best, top, items_total, matched, exact, mut found_bits } = tally;
        if matched == 0 {
            return Ok(None);
        }
        // The words' bytes lowest first, as the bitmap reads them (`to_le` changes nothing on a little-endian machine).
        found_bits.iter_mut().for_each(|word| *word = word.to_le());
        let found = roaring::RoaringBitmap::from_lsb0_bytes(0, bytemuck::cast_slice(&found_bits));
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

    /// Finds the documents of segment `segment` (`reader`) that match every one of `clauses`: afterwards
    /// `scratch.matched` holds them, and the answer is each clause's sources and boosts ready to score them
    /// ([`Window::score`]). Matching is done in bit sets alone (some 125 KB at a million documents): a frequent term's
    /// documents come from its kept bit set ([`bits`]), ANDed and ORed a word of 64 documents at a time, a rarer
    /// term's from its postings, read once and kept for the scoring. Scores are not written per document here (issue
    /// 39): writing a mark for every match of every source into an array of all documents (8 MB at a million) waited
    /// on memory for much of a wide search's time; a window's scores stay in a few KB ([`Window`]).
    pub(super) fn match_segment<'a>(
        &self,
        segment: usize,
        reader: &SegmentReader,
        clauses: &'a [Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<Vec<ClauseCursors<'a>>> {
        scratch.start_matching(reader.max_doc() as usize);
        let Scratch { matched, alive, .. } = scratch;
        let cursors = self.open_cursors(segment, reader, clauses)?;
        // `matched` gathers the documents that match this clause too; `alive`, those that matched the ones before.
        for (c, clause) in cursors.iter().enumerate() {
            if c > 0 {
                std::mem::swap(alive, matched);
                matched.fill(0);
            }
            for cursor in &clause.sources {
                cursor.mark(matched, (c > 0).then_some(&alive[..]));
            }
        }
        Ok(cursors)
    }

    /// Finds the documents of segment `segment` (`reader`) that match any of `clauses` (a partial answer): afterwards
    /// `scratch.clauses` holds each clause's documents as a bit set, to be counted ([`Scratch::most_words`]) and kept
    /// ([`Scratch::keep_at_least`]); the answer is the clauses' cursors, as [`SearchIndex::match_segment`]'s. A bit set
    /// per clause, not a mark per document and posting (8 MB and 1 MB more per thread at a million documents, written
    /// as the postings came: a fifth of a partial answer's time waited on them there, issue 39).
    pub(super) fn match_segment_any<'a>(
        &self,
        segment: usize,
        reader: &SegmentReader,
        clauses: &'a [Clause],
        scratch: &mut Scratch,
    ) -> tantivy::Result<Vec<ClauseCursors<'a>>> {
        let words = scratch.start_matching(reader.max_doc() as usize);
        let cursors = self.open_cursors(segment, reader, clauses)?;
        scratch.clauses.clear();
        scratch.clauses.resize(words * cursors.len(), 0);
        scratch.clause_words = words;
        for (clause, bits) in cursors.iter().zip(scratch.clauses.chunks_exact_mut(words)) {
            for cursor in &clause.sources {
                cursor.mark(bits, None);
            }
        }
        Ok(cursors)
    }

    /// Each of `clauses`' sources and boosts in segment `segment` (`reader`), ready to match and score.
    fn open_cursors<'a>(
        &self,
        segment: usize,
        reader: &SegmentReader,
        clauses: &'a [Clause],
    ) -> tantivy::Result<Vec<ClauseCursors<'a>>> {
        let open = |sources: &'a [Source]| -> tantivy::Result<Vec<Cursor<'a>>> {
            sources.iter().map(|source| Cursor::open(&self.term_bits, segment, reader, source)).collect()
        };
        clauses
            .iter()
            .map(|clause| Ok(ClauseCursors { sources: open(&clause.sources)?, boosts: open(&clause.boosts)? }))
            .collect()
    }
}

impl Scratch {
    /// The most clauses a document of `facts`' segment still shown holds, of those [`SearchIndex::match_segment_any`]
    /// left in `clauses`, when more than `most` (else `most`). Counted 64 documents at a time in bit slices; only a
    /// document that would raise it is looked up.
    fn most_words(&self, facts: &SegmentFacts, mut most: u8) -> u8 {
        for w in 0..self.clause_words {
            let slices = self.clause_counts(w);
            let mut more = if most == u8::MAX { 0 } else { at_least(&slices, most + 1) };
            while more != 0 {
                let d = more.trailing_zeros();
                more &= more - 1;
                if facts.info.get(w * 64 + d as usize).is_some_and(|&info| info != DEAD) {
                    most = most.max(count_of(&slices, d));
                }
            }
        }
        most
    }

    /// Keeps in `matched` the documents at least `least` of the clauses in `clauses` hold
    /// ([`SearchIndex::match_segment_any`]).
    fn keep_at_least(&mut self, least: u8) {
        for w in 0..self.clause_words {
            self.matched[w] = at_least(&self.clause_counts(w), least);
        }
    }
}

/// What a question's matches are counted and ranked by ([`SearchIndex::collect`]).
#[derive(Clone, Copy)]
struct Scan<'a> {
    index: &'a SearchIndex,
    request: &'a SearchRequest,
    /// By slot (a section's ordinal, then one for offers without a section, then one for the matches
    /// `available_only` drops): whether its matches are in the items' scope.
    in_scope: &'a [bool],
    /// A partial answer's (matches hold some of the clauses), not a whole one's.
    partial: bool,
    /// The question's tokens: a partial answer's matches with as many words are counted `exact`.
    every: usize,
}

impl Scan<'_> {
    /// Scores and reads the windows of documents of each part `next` gives (each window's number and its words of
    /// matches, rising from part to part) of the segment of `facts` with `cursors`, asking for each next window's
    /// memory with `ahead`, and counts them into `tally`, a new one whose arrays are moved into the loop's own
    /// variables (counted through a tally borrowed by reference, the compiler could not tell its arrays from the ones
    /// it reads and loaded those again per match: in-process search took some 10-20 % longer at a million offers,
    /// issue 39).
    fn windows<'h>(
        self,
        tally: Tally,
        cursors: &mut [ClauseCursors],
        facts: &SegmentFacts,
        ahead: Option<&Ahead>,
        mut next: impl FnMut() -> Option<&'h [(usize, &'h [u64])]>,
    ) -> Tally {
        let Scan { index, request, in_scope, partial, every } = self;
        let Tally { mut counts, mut best, mut top, mut items_total, mut matched, mut exact, mut found_bits } = tally;
        let keep_found = !found_bits.is_empty();
        let dropped = in_scope.len() - 1;
        // One match of the segment's facts `info` (offer `offer`), which matched `words` clauses (0 when all must
        // match) in class `class` with score `score`: counted, and ranked when in the items' scope. A macro, so that
        // it is in place in the loop: a closure called from two places was not inlined, and a call per match was a
        // third of a two-letter prefix's time in process (p50 0.318 -> 0.216 ms at 100,000 offers, issue 39).
        macro_rules! take {
            ($offer:expr, $info:expr, $words:expr, $class:expr, $score:expr) => {{
                let (offer, info, words, class, score): (u32, u32, u8, u16, Score) =
                    ($offer, $info, $words, $class, $score);
                if info != DEAD {
                    matched += 1;
                    if keep_found
                        && in_scope[(info & !AVAILABLE_BIT) as usize]
                        && let Some(bits) = found_bits.get_mut(offer as usize / 64)
                    {
                        *bits |= 1 << (offer % 64);
                    }
                    if request.within.as_ref().is_none_or(|within| within.contains(offer)) {
                        let available = info & AVAILABLE_BIT != 0;
                        let slot = if request.available_only && !available {
                            dropped
                        } else {
                            (info & !AVAILABLE_BIT) as usize
                        };
                        let key = rank_key(Match { words, class, available, score, place: index.place_of(offer) });
                        counts[slot] += 1;
                        best[slot] = best[slot].max(key);
                        items_total += usize::from(in_scope[slot]);
                        exact += usize::from(in_scope[slot] & (!partial || usize::from(words) == every));
                        if in_scope[slot] & (key > top.threshold) {
                            top.push(key);
                        }
                    }
                }
            }};
        }
        // A segment in runs by section slot is counted by its matches' bits; `within` asks each offer.
        let runs = facts.runs.as_ref().filter(|_| request.within.is_none());
        let mut tie_lost = (usize::MAX, 0u64);
        let mut window = Window::default();
        while let Some(part) = next() {
            let mut windows = part.iter().peekable();
            while let Some(&(n, held)) = windows.next() {
                if let Some(&&(next, ahead_held)) = windows.peek()
                    && let Some(ahead) = ahead
                {
                    ahead.fetch(next * WINDOW, ahead_held);
                }
                let base = n * WINDOW;
                window.score(cursors, base, held, partial);
                if let Some(runs) = runs {
                    let mut counting = RunCounting {
                        counts: &mut counts,
                        best: &mut best,
                        top: &mut top,
                        found: &mut found_bits,
                        matched: 0,
                        items_total: 0,
                        exact: 0,
                        tie_lost,
                        runs,
                        window: &window,
                        base,
                        slot: runs.slot_of(base),
                    };
                    for (w, &word) in held.iter().enumerate() {
                        self.count_word(&mut counting, w, word);
                    }
                    matched += counting.matched;
                    items_total += counting.items_total;
                    exact += counting.exact;
                    tie_lost = counting.tie_lost;
                    continue;
                }
                for k in 0..window.read(base, held, facts) {
                    let i = usize::from(window.places[k]);
                    // A whole answer's matches hold every word: their words do not rank them (0).
                    let words = if partial { window.words[i] } else { 0 };
                    take!(window.offers[k], window.infos[k], words, window.classes[i], window.scores[i]);
                }
            }
        }
        Tally { counts, best, top, items_total, matched, exact, found_bits }
    }

    /// Counts word `w` of the window's matches `word` into `counting` (a segment in runs), run by run: most words lie
    /// in one. Inlined, as [`Scan::count_run`], into [`Scan::windows`]' loop, whose variables `counting` lends.
    #[inline(always)]
    fn count_word(self, counting: &mut RunCounting, w: usize, word: u64) {
        let runs = counting.runs;
        let first = counting.base + w * 64;
        let word = match runs.live.get(first / 64) {
            Some(live) => word & live,
            None => word,
        };
        if word == 0 {
            return;
        }
        counting.matched += word.count_ones() as usize;
        let stock = runs.available[first / 64];
        while runs.starts[counting.slot + 1] as usize <= first {
            counting.slot += 1;
        }
        let (mut rest, mut run) = (word, counting.slot);
        while rest != 0 {
            let end = runs.starts[run + 1] as usize - first;
            let ours = if end >= 64 { rest } else { rest & ((1u64 << end) - 1) };
            rest &= !ours;
            self.count_run(counting, run, first, ours, stock);
            run += 1;
        }
    }

    /// Counts the matches `ours` of run `run` in one word of the window (documents from `first`, those in stock
    /// `stock`) into `counting`: by their bits, and each ranked that may enter the page or lead its section.
    #[inline(always)]
    fn count_run(self, counting: &mut RunCounting, run: usize, first: usize, ours: u64, stock: u64) {
        let Scan { index, request, in_scope, partial, every } = self;
        let window = counting.window;
        let dropped = in_scope.len() - 1;
        let (has, lacks) = (ours & stock, ours & !stock);
        let lacking = if request.available_only { dropped } else { run };
        counting.counts[run] += has.count_ones() as usize;
        counting.counts[lacking] += lacks.count_ones() as usize;
        let in_items = usize::from(in_scope[run]) * has.count_ones() as usize
            + usize::from(in_scope[lacking]) * lacks.count_ones() as usize;
        counting.items_total += in_items;
        if !partial {
            counting.exact += in_items;
        }
        if in_scope[run]
            && let Some(found) = counting.found.get_mut(first / 64)
        {
            *found |= ours;
        }
        // Each match's key above its place first: its place (4 bytes an offer, read out of order) only for one that
        // may enter the page or lead its section, which takes reaching `gate`. Within a run the shop's order is the
        // documents' own ([`Runs::of`]): a match that only ties with its section's best so far comes after it, and so
        // does one that ties with a match of its run that did not enter the page (the threshold only rises). Dropped
        // matches are not ranked, nor is the best of offers without a section shown.
        let scoped = in_scope[run];
        let gate_of = |best: u128, threshold: u128| {
            let page = if scoped { (threshold >> 32) as u64 } else { u64::MAX };
            ((best >> 32) as u64 + 1).min(page)
        };
        let mut gate = gate_of(counting.best[run], counting.top.threshold);
        let mut each = if request.available_only { has } else { ours };
        let at = first - counting.base;
        while each != 0 {
            let bit = each.trailing_zeros() as usize;
            each &= each - 1;
            let i = at + bit;
            let words = if partial { window.words[i] } else { 0 };
            counting.exact += usize::from(partial & scoped & (usize::from(words) == every));
            let available = stock >> bit & 1 != 0;
            let high = rank_high(words, window.classes[i], available, window.scores[i]);
            if high < gate {
                continue;
            }
            let leads = high > (counting.best[run] >> 32) as u64;
            let bound = u128::from(high) << 32 | u128::from(u32::MAX);
            let enters = scoped & (bound > counting.top.threshold) & ((run, high) != counting.tie_lost);
            if leads | enters {
                let place = index.place_of((first + bit) as u32);
                let key = u128::from(high) << 32 | u128::from(!place);
                if leads {
                    counting.best[run] = key;
                }
                if scoped {
                    if key > counting.top.threshold {
                        counting.top.push(key);
                    } else {
                        counting.tie_lost = (run, high);
                    }
                }
                gate = gate_of(counting.best[run], counting.top.threshold);
            }
        }
    }
}

/// What a window of a segment in [`Runs`] is counted into ([`Scan::count_word`]): the tally's arrays, lent by
/// [`Scan::windows`]' loop, and counters it adds up after the window.
struct RunCounting<'t> {
    counts: &'t mut [usize],
    best: &'t mut [u128],
    top: &'t mut TopOffers,
    /// The found bits' words; empty when the facets are not asked for.
    found: &'t mut [u64],
    matched: usize,
    items_total: usize,
    exact: usize,
    /// The run and the key's part above the place of the last match of a run that tied with the page's threshold
    /// and did not enter it.
    tie_lost: (usize, u64),
    runs: &'t Runs,
    /// The window scored, of documents from `base`.
    window: &'t Window,
    base: usize,
    /// The run of the word counted last (the next word's is the same or a later one).
    slot: usize,
}

/// When a question's scan is shared with another search thread ([`SearchIndex::collect`], issue 39).
#[derive(Clone, Copy)]
pub struct Share<'a> {
    /// Fewest matches of an index segment whose scan is shared.
    pub min_matches: usize,
    /// The questions the search threads have in hand (handed over and not yet answered, this one among them) and
    /// how many threads there are: a scan is shared only while fewer questions are in hand than threads, so that one
    /// is idle (on two threads; on more, a thread counted idle may be helping another question: helpers are not
    /// counted). A busy server's threads each work their own question: sharing there would gain no time and cost the
    /// helper's tally and cursors, and the memory of one question read by two cores. `None`: shared whenever the
    /// question is asked on a thread of a rayon pool.
    pub in_hand: Option<(&'a std::sync::atomic::AtomicUsize, usize)>,
}

impl<'a> Share<'a> {
    /// Shared from [`SEARCH_SHARE_MIN_MATCHES`] matches on, while fewer than `threads` questions are `in_hand`.
    pub fn while_idle(in_hand: &'a std::sync::atomic::AtomicUsize, threads: usize) -> Self {
        Share { min_matches: SEARCH_SHARE_MIN_MATCHES, in_hand: Some((in_hand, threads)) }
    }

    /// Shared from [`SEARCH_SHARE_MIN_MATCHES`] matches on, whenever asked on a pool's thread.
    pub const ON_A_POOL: Share<'static> = Share { min_matches: SEARCH_SHARE_MIN_MATCHES, in_hand: None };
    /// Never shared.
    pub const NEVER: Share<'static> = Share { min_matches: usize::MAX, in_hand: None };

    /// Whether a scan of `matches` matches is shared now.
    fn now(&self, matches: usize) -> bool {
        matches >= self.min_matches
            && rayon::current_thread_index().is_some()
            && self
                .in_hand
                .is_none_or(|(in_hand, threads)| in_hand.load(std::sync::atomic::Ordering::Relaxed) < threads)
    }
}

/// What a scan of matches counted ([`SearchIndex::collect`]); a shared scan's two add up to one scan's.
struct Tally {
    /// Per slot (a section, none, the matches `available_only` drops): matches, and the best match's rank key (the
    /// section's first appearance in the ranking).
    counts: Vec<usize>,
    best: Vec<u128>,
    top: TopOffers,
    /// Matches in the items' scope.
    items_total: usize,
    /// Matches shown, whatever the request's filters.
    matched: usize,
    /// Matches in the items' scope with every word (none when a word matches nothing).
    exact: usize,
    /// The ordinals found in the items' section scope (whatever `within` and `available_only`), as a bit set (a bit
    /// per ordinal, the lowest first, in words of 64) made a bitmap once at the end: one insert at a time searched and
    /// grew an array container per match, and a sorted push per match was 13 % of a one-word search's samples (issue
    /// 39). Empty when the facets are not asked for.
    found_bits: Vec<u64>,
}

impl Tally {
    /// Nothing counted in `slots` slots, keeping the best `keep` keys, with `found_words` words of found bits.
    fn new(slots: usize, keep: usize, found_words: usize) -> Self {
        Self {
            counts: vec![0; slots],
            best: vec![0; slots],
            top: TopOffers::new(keep),
            items_total: 0,
            matched: 0,
            exact: 0,
            found_bits: vec![0; found_words],
        }
    }

    /// Adds what `other` counted (of other matches).
    fn add(&mut self, other: Tally) {
        self.counts.iter_mut().zip(&other.counts).for_each(|(a, b)| *a += b);
        self.best.iter_mut().zip(&other.best).for_each(|(a, b)| *a = (*a).max(*b));
        for key in other.top.buffer {
            if key > self.top.threshold {
                self.top.push(key);
            }
        }
        self.items_total += other.items_total;
        self.matched += other.matched;
        self.exact += other.exact;
        self.found_bits.iter_mut().zip(&other.found_bits).for_each(|(a, b)| *a |= b);
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

#[cfg(test)]
mod tests {
    use super::gallop;

    #[test]
    fn gallop_finds_the_first_item_not_below_from_where_it_starts() {
        let items: Vec<u32> = (0..300).map(|i| i * 3).collect();
        for from in [0, 1, 7, 150, 299, 300, 301] {
            for target in [0, 1, 2, 3, 20, 449, 450, 451, 896, 897, 898, 5000] {
                // Rising items: the first not below at or after `from` is the later of the two.
                let want = from.max(items.partition_point(|&x| x < target));
                assert_eq!(gallop(&items, from, |&x| x < target), want, "from {from}, target {target}");
            }
        }
    }
}
