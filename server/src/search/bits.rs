//! Frequent terms' documents kept as bit sets (issue 39): a question's words are matched by ANDing and ORing words
//! of 64 documents instead of decoding every posting of every term, and its matches are scored without reading the
//! postings at all: a constant-scored term (a prefix, a completion) scores the same everywhere, and a BM25 one from
//! the documents that hold it more than once ([`Kept::repeats`], few) and the field's norms.
//!
//! A term qualifies when at least 1/[`SEARCH_TERM_BITS_MIN_SHARE`] of its segment's documents hold it: its bit set
//! (one bit per document) is then no larger than a few bytes per posting, and ANDing it costs less than decoding the
//! postings. Sets are made on first use from the postings and kept, least used first out, within
//! `VITRINA_CACHE_MB`'s share ([`crate::limits::CacheBudget::term_bits`]).

use super::*;
use crate::limits::SEARCH_TERM_BITS_MIN_SHARE;

/// A frequent term's documents in one segment.
pub(super) struct Kept {
    /// Bit `doc % 64` of word `doc / 64` is set when document `doc` holds the term.
    pub(super) bits: Box<[u64]>,
    /// The documents that hold the term more than once, with how many times, in rising order (empty when its field
    /// keeps no frequencies): every other document of `bits` holds it once.
    pub(super) repeats: Box<[(DocId, u32)]>,
}

impl Kept {
    /// Bytes it holds, about (what the cache weighs).
    fn bytes(&self) -> usize {
        self.bits.len() * 8 + self.repeats.len() * 8 + 64
    }
}

/// The bit sets of the frequent terms used so far, by the segment's place in the searcher and the term. `None` keeps
/// none (a budget of 0).
#[derive(Clone)]
pub(super) struct TermBits(Option<moka::sync::Cache<(usize, Term), Arc<Kept>>>);

impl TermBits {
    /// A cache holding up to `bytes` of bit sets (none at 0).
    pub(super) fn with_bytes(bytes: u64) -> Self {
        Self((bytes > 0).then(|| {
            moka::sync::Cache::builder()
                .max_capacity(bytes)
                .weigher(|_: &(usize, Term), kept: &Arc<Kept>| u32::try_from(kept.bytes()).unwrap_or(u32::MAX))
                .build()
        }))
    }

    /// The documents of segment `segment` (`reader`) that hold `term`, as a bit set of `reader.max_doc()` bits
    /// rounded up to whole words, with those that hold it more than once; `None` when the term is not frequent enough
    /// to keep as one, or none is kept. Errors: tantivy's, reading the postings.
    pub(super) fn of(&self, segment: usize, reader: &SegmentReader, term: &Term) -> tantivy::Result<Option<Arc<Kept>>> {
        let Some(cache) = &self.0 else { return Ok(None) };
        let max_doc = reader.max_doc();
        let inverted = reader.inverted_index(term.field())?;
        let Some(info) = inverted.get_term_info(term)? else { return Ok(None) };
        if u64::from(info.doc_freq) * SEARCH_TERM_BITS_MIN_SHARE < u64::from(max_doc) {
            return Ok(None);
        }
        let key = (segment, term.clone());
        // Frequencies are read where the field keeps them (a BM25 field); a prefix field keeps none.
        let option = reader
            .schema()
            .get_field_entry(term.field())
            .field_type()
            .get_index_record_option()
            .filter(|option| option.has_freq())
            .map_or(IndexRecordOption::Basic, |_| IndexRecordOption::WithFreqs);
        let made = cache.try_get_with(key, || {
            let mut bits = vec![0u64; (max_doc as usize).div_ceil(64)];
            let mut repeats = Vec::new();
            let mut block = inverted.read_block_postings_from_terminfo(&info, option)?;
            while !block.docs().is_empty() {
                for &doc in block.docs() {
                    bits[doc as usize / 64] |= 1 << (doc % 64);
                }
                if option.has_freq() {
                    let held = block.docs().iter().zip(block.freqs());
                    repeats.extend(held.filter(|(_, freq)| **freq > 1).map(|(&doc, &freq)| (doc, freq)));
                }
                block.advance();
            }
            tantivy::Result::Ok(Arc::new(Kept { bits: bits.into(), repeats: repeats.into() }))
        });
        made.map(Some).map_err(|error| (*error).clone())
    }

    /// Bit sets kept and their bytes.
    pub(super) fn kept(&self) -> (u64, u64) {
        self.0.as_ref().map_or((0, 0), |cache| {
            cache.run_pending_tasks();
            (cache.entry_count(), cache.weighted_size())
        })
    }
}

impl Default for TermBits {
    fn default() -> Self {
        Self::with_bytes(crate::limits::CacheBudget::default().term_bits)
    }
}

/// Calls `visit(doc, bit)` for each document whose bit is set in both `a` and `b` (`b` `None`: in `a`), in rising
/// order; `bit` is the document's bit within its word (`1 << doc % 64`).
#[inline]
pub(super) fn for_each_common(a: &[u64], b: Option<&[u64]>, mut visit: impl FnMut(usize, u64)) {
    for (w, &word) in a.iter().enumerate() {
        let mut bits = match b {
            Some(b) => word & b.get(w).copied().unwrap_or(0),
            None => word,
        };
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            visit(w * 64 + bit.trailing_zeros() as usize, bit);
            bits &= bits - 1;
        }
    }
}
