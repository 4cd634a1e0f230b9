//! Running a plan (issue 4): the matches found term at a time in bit sets, then scored and collected a window of
//! documents at a time into the total, the per-section counts and the best offers (a partial answer's term at a
//! time into per-thread work arrays).

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

/// What a partial answer's query found of one document so far, in [`Scratch::marks`]: 8 bytes, so that a posting or a
/// match reads and writes one cache line where three arrays made it three (issue 39).
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
    /// Each document's [`Mark`] (partial matching only: a query whose clauses must all match is scored a
    /// [`Window`] at a time).
    pub(super) marks: Vec<Mark>,
    /// Clauses the document matched (partial matching only: [`SearchIndex::match_segment_any`]).
    pub(super) words: Vec<u8>,
    /// Bit set of the documents that matched every clause (read in document order).
    pub(super) matched: Vec<u64>,
    /// Bit set of the documents that matched every clause before the current one ([`SearchIndex::match_segment`]),
    /// some 125 KB at a million documents (issue 39).
    pub(super) alive: Vec<u64>,
    /// The current epoch, 1..=255.
    pub(super) epoch: u8,
}

impl Scratch {
    /// Starts a new epoch of the marks for a segment of `max_doc` documents (forgetting the previous one, even one a
    /// panic cut short) and clears the matches ([`Scratch::start_matching`]); returns the epoch's high byte for the
    /// marks' levels. Partial matching only: a thread that never matches partially never holds marks (8 MB at a
    /// million documents).
    fn start(&mut self, max_doc: usize) -> u16 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.iter_mut().for_each(|mark| mark.level = 0);
            self.epoch = 1;
        }
        if self.marks.len() < max_doc {
            self.marks.resize(max_doc, Mark::default());
            self.words.resize(max_doc, 0);
        }
        self.start_matching(max_doc);
        u16::from(self.epoch) << 8
    }

    /// Clears the matches for a segment of `max_doc` documents, sizing the bit sets for it.
    fn start_matching(&mut self, max_doc: usize) {
        let words = max_doc.div_ceil(64);
        if self.matched.len() < words {
            self.matched.resize(words, 0);
            self.alive.resize(words, 0);
        }
        self.matched.fill(0);
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

/// Where a source's documents come from in one segment.
enum Held {
    /// Its kept bit set, and the first of its repeats not yet passed.
    Kept(Arc<bits::Kept>, usize),
    /// Its postings, read once: documents in rising order, each one's frequency when it scores by BM25 (empty
    /// otherwise), and the first not yet passed.
    Postings { docs: Vec<DocId>, freqs: Vec<u32>, at: usize },
}

/// One source (or boost) of a plan ready for one segment ([`SearchIndex::match_segment`]): its documents, and each
/// one's score, asked a window at a time in rising order ([`Cursor::each_in`]).
pub(super) struct Cursor<'a> {
    scorer: Scorer<'a>,
    class: u16,
    held: Held,
}

/// A clause's [`Cursor`]s: its sources, best class first, and its boosts.
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
        let scorer = Scorer::of(reader, source)?;
        let held = match term_bits.of(segment, reader, &source.term)? {
            Some(kept) => Held::Kept(kept, 0),
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
                    Scorer::Bm25(weight, norms) => {
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
                            visit(i, weight.score(norms.fieldnorm_id(doc as DocId), freq));
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
    /// By place in the window: the match's class and score (meaningful for the matches only).
    classes: [u16; WINDOW],
    scores: [Score; WINDOW],
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
            seen: [0; WINDOW_WORDS],
            places: [0; WINDOW],
            offers: [0; WINDOW],
            infos: [0; WINDOW],
        }
    }
}

impl Window {
    /// Scores `matched`, the matches of the window of documents from `base` on, clause by clause: the first source
    /// of a clause (best class first) that holds a match gives its class for the clause, every one adds its score,
    /// and every boost adds its score and class; in the order [`SearchIndex::match_segment_any`] sums them.
    fn score(&mut self, clauses: &mut [ClauseCursors], base: usize, matched: &[u64]) {
        let Self { classes, scores, seen, .. } = self;
        for (c, clause) in clauses.iter_mut().enumerate() {
            *seen = [0; WINDOW_WORDS];
            for cursor in &mut clause.sources {
                let class = cursor.class;
                cursor.each_in(base, matched, |i, s| {
                    let (word, bit) = (&mut seen[i / 64], 1u64 << (i % 64));
                    if *word & bit != 0 {
                        scores[i] += s;
                    } else {
                        *word |= bit;
                        if c == 0 {
                            (classes[i], scores[i]) = (class, s);
                        } else {
                            classes[i] += class;
                            scores[i] += s;
                        }
                    }
                });
            }
            for cursor in &mut clause.boosts {
                let class = cursor.class;
                cursor.each_in(base, matched, |i, s| {
                    scores[i] += s;
                    classes[i] += class;
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
    pub(super) fn collect(
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
        let index = self;
        // One match of the segment's facts `info` (offer `offer`), which matched `words` clauses (0 when all must
        // match) in class `class` with score `score`: counted, and ranked when in the items' scope. A macro, so that
        // both paths have it in place: a closure called from two places was not inlined, and a call per match was
        // a third of a two-letter prefix's time in process (p50 0.318 -> 0.216 ms at 100,000 offers, issue 39).
        macro_rules! take {
            ($offer:expr, $info:expr, $words:expr, $class:expr, $score:expr) => {{
                let (offer, info, words, class, score): (u32, u32, u8, u16, Score) =
                    ($offer, $info, $words, $class, $score);
                if info != DEAD {
                    matched += 1;
                    if keep_found
                        && in_scope[(info & !AVAILABLE_BIT) as usize]
                        && let Some(bits) = found_bits.get_mut(offer as usize / 8)
                    {
                        *bits |= 1 << (offer % 8);
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
                        exact += usize::from(in_scope[slot] & (partial.is_none() || usize::from(words) == every));
                        if in_scope[slot] & (key > top.threshold) {
                            top.push(key);
                        }
                    }
                }
            }};
        }
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
                let Some(half) = partial else {
                    // Every clause: the matches found in bit sets, then scored and read a window at a time.
                    let mut cursors = self.match_segment(segment, reader, clauses, scratch)?;
                    let words = (reader.max_doc() as usize).div_ceil(64);
                    let mut window = Window::default();
                    for (n, held) in scratch.matched[..words].chunks(WINDOW_WORDS).enumerate() {
                        if held.iter().all(|&word| word == 0) {
                            continue;
                        }
                        let base = n * WINDOW;
                        window.score(&mut cursors, base, held);
                        for k in 0..window.read(base, held, facts) {
                            let i = usize::from(window.places[k]);
                            take!(window.offers[k], window.infos[k], 0, window.classes[i], window.scores[i]);
                        }
                    }
                    continue;
                };
                // One segment's matches (a built index's) are still in the work arrays from the pass above.
                if readers.len() > 1 {
                    self.match_segment_any(reader, clauses, scratch)?;
                }
                let least = (half.min(usize::from(u8::MAX)) as u8).min(most).max(1);
                let mut matches = scratch.matches();
                let mut batch = Batch::default();
                while let n @ 1.. = batch.fill(&mut matches, scratch, facts) {
                    for i in 0..n {
                        if batch.words[i] >= least {
                            let mark = batch.marks[i];
                            take!(batch.offers[i], batch.infos[i], batch.words[i], mark.class, mark.score);
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
        let open = |sources: &'a [Source]| -> tantivy::Result<Vec<Cursor<'a>>> {
            sources.iter().map(|source| Cursor::open(&self.term_bits, segment, reader, source)).collect()
        };
        let cursors = clauses
            .iter()
            .map(|clause| Ok(ClauseCursors { sources: open(&clause.sources)?, boosts: open(&clause.boosts)? }))
            .collect::<tantivy::Result<Vec<_>>>()?;
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
            add_boosts(reader, clause, mark, marks)?;
        }
        Ok(())
    }
}

/// Adds `clause`'s boosts to the score and class of the documents that matched it ([`SearchIndex::match_segment_any`]):
/// those whose level is `done`, the clause's mark in the current epoch.
fn add_boosts(reader: &SegmentReader, clause: &Clause, done: u16, marks: &mut [Mark]) -> tantivy::Result<()> {
    for source in &clause.boosts {
        for_each_block(reader, source, |docs, scores| {
            for (&doc, &s) in docs.iter().zip(scores) {
                let mark = &mut marks[doc as usize];
                if mark.level == done {
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

/// Up to [`BATCH`] documents of a partial answer with what [`SearchIndex::collect`] reads of each: their offers'
/// ordinals, section slots, marks and words, read in loops of independent loads before any is used (issue
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
    /// at the end).
    #[inline]
    fn fill(&mut self, matches: &mut impl Iterator<Item = usize>, scratch: &Scratch, facts: &SegmentFacts) -> usize {
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
        for (slot, &doc) in self.words[..n].iter_mut().zip(&self.docs[..n]) {
            *slot = scratch.words[doc as usize];
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
