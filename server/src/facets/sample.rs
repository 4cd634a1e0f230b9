//! The even sample of a search's many matches whose facet values [`FacetIndex::counts`] tallies (issue 39), and the
//! offers kept apart by sample level so that a wide search's sample is read in a stream.
//!
//! An offer is in a sample when a hash of its dense id falls under the sample's bound. A sample of a quarter of the
//! catalogue or less (a search matching at least [`FACET_SAMPLE_LAID_OUT_FROM`] times the sample's size) has a bound
//! of a *level*: level `k` holds the offers whose hash is under `2^32 · 2^(-k/4)` but not under the next level's, so
//! a sample at level `k` is the offers of levels `k` and deeper. Those offers' ids and value entries are kept a level
//! at a time, in id order ([`SampleLayout`]): the sample is each level's members among the matches (a bitmap
//! intersection), and their values lie side by side. Walking all of a wide search's matches to hash each, then
//! fetching each sampled one's values from where its id puts them, took 1.6 ms at 300,000 matches of a million offers
//! and 3.4 ms at 600,000; from the levels, 0.9 and 0.7 ms (a catalogue of nine grouping values an offer, in process;
//! at 200,000 matches 1.2 against 1.0 ms: under four times the sample's size hashing stays).

use super::{FacetIndex, TALLY_CHUNK, ValueEntries};
use crate::limits::FACET_SAMPLE_LAID_OUT_FROM;
use roaring::RoaringBitmap;

/// Sample levels per halving of the share of offers taken: each level takes 2^(-1/4) (84 %) of the one before, so a
/// sample's size lies within 19 % above the size asked.
const STEPS: usize = 4;
/// The first level kept apart: a quarter of the offers ([`FACET_SAMPLE_LAID_OUT_FROM`]).
const FIRST: usize = STEPS * FACET_SAMPLE_LAID_OUT_FROM.ilog2() as usize;
/// The deepest level: one offer in 2^24 (16.8 million); deeper hashes stay in it.
const DEEPEST: usize = STEPS * 24;

/// An offer's hash: murmur3's finaliser of its dense id.
fn hash(id: u32) -> u32 {
    let mut h = id;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h
}

/// The bound of level `k`: hashes under it are in level `k` or deeper. `2^32 · 2^(-k/4)`, from the four quarter
/// steps' exact values, so that it is the same on every machine.
fn level_bound(k: usize) -> u64 {
    const QUARTERS: [u64; STEPS] = [1 << 32, 3_611_622_602, 3_037_000_499, 2_553_802_833];
    QUARTERS[k % STEPS] >> (k / STEPS)
}

/// The level of offer `id`, when [`FIRST`] or deeper.
fn level_of(id: u32) -> Option<usize> {
    let h = u64::from(hash(id));
    (h < level_bound(FIRST)).then(|| (FIRST..DEEPEST).take_while(|&k| h < level_bound(k + 1)).count() + FIRST)
}

/// The even sample of a search's matches tallied when they are more than [`FacetIndex::counts`] counts exactly
/// ([`crate::limits::FACET_SAMPLE_MATCHES`] by default): an offer is taken when its hash falls under a bound, so a
/// question asked again (another page, another order) is estimated the same, and no period of the feed's order (a
/// colour every seventh offer) biases it.
pub(super) struct Sample {
    /// Hashes under this are taken.
    pub(super) bound: u32,
    /// The level whose bound it is, when the sample is read from the [`SampleLayout`].
    pub(super) level: Option<usize>,
    /// The matches sampled from.
    pub(super) total: u64,
    /// The matches taken (known after the walk).
    pub(super) walked: u64,
}

impl Sample {
    /// The sample of about `size` of `total` matches, or `None` when they are counted whole (a listing's, or no more
    /// than `size`). From [`FACET_SAMPLE_LAID_OUT_FROM`] times `size` on, the deepest level's that takes `size` or
    /// more.
    pub(super) fn of(search: bool, total: u64, size: u64) -> Option<Self> {
        if !search || total <= size {
            return None;
        }
        let level =
            (FIRST..=DEEPEST).take_while(|&k| u128::from(level_bound(k)) * u128::from(total) >= u128::from(size) << 32);
        let (bound, level) = match level.last() {
            Some(k) => (level_bound(k) as u32, Some(k)),
            None => ((u128::from(u32::MAX) * u128::from(size) / u128::from(total)) as u32, None),
        };
        Some(Self { bound, level, total, walked: 0 })
    }

    /// Whether offer `id` is in the sample.
    pub(super) fn takes(&self, id: u32) -> bool {
        hash(id) < self.bound
    }

    /// A value's count from `sampled`, the times the sample met it: scaled by the matches over the sample, rounded to
    /// two significant digits (the estimate is good to about a tenth: more digits would claim more).
    pub(super) fn estimate(&self, sampled: u32) -> u64 {
        let scaled = (u128::from(sampled) * u128::from(self.total)).div_ceil(u128::from(self.walked.max(1))) as u64;
        let unit = 10u64.pow(scaled.checked_ilog10().unwrap_or(0).saturating_sub(1));
        // Never above the matches (39,950 of 39,990 would round to 40,000).
        ((scaled + unit / 2) / unit * unit).min(self.total)
    }
}

/// The offers of each sample level from [`FIRST`] on, their ids and value entries side by side (a quarter of the
/// catalogue's offers: some 7 MB at a million). Made from [`FacetIndex`]'s value lists at the first search that
/// samples from it.
#[derive(Debug, Default)]
pub(super) struct SampleLayout {
    /// By level, from [`FIRST`]: none past the deepest one some offer is in.
    levels: Vec<Level>,
}

/// One sample level's offers.
#[derive(Debug)]
struct Level {
    members: RoaringBitmap,
    /// The same, in order.
    ids: Vec<u32>,
    /// Member `i`'s values are `entries[starts[i]..starts[i + 1]]`, as [`FacetIndex`]'s value lists have them.
    starts: Vec<u32>,
    entries: ValueEntries,
}

impl SampleLayout {
    /// The layout of the offers whose value lists are `entries[starts[id]..starts[id + 1]]`.
    pub(super) fn of(starts: &[u32], entries: &ValueEntries) -> Self {
        let mut ids: Vec<Vec<u32>> = Vec::new();
        for id in 0..starts.len().saturating_sub(1) as u32 {
            if let Some(level) = level_of(id) {
                let at = level - FIRST;
                if ids.len() <= at {
                    ids.resize_with(at + 1, Vec::new);
                }
                ids[at].push(id);
            }
        }
        fn gather<E: Copy>(starts: &[u32], entries: &[E], ids: &[u32]) -> (Vec<u32>, Vec<E>) {
            let mut kept = Vec::new();
            let mut level_starts = Vec::with_capacity(ids.len() + 1);
            level_starts.push(0);
            for &id in ids {
                kept.extend_from_slice(&entries[starts[id as usize] as usize..starts[id as usize + 1] as usize]);
                level_starts.push(kept.len() as u32);
            }
            (level_starts, kept)
        }
        let levels = ids
            .into_iter()
            .map(|ids| {
                let (starts, entries) = match entries {
                    ValueEntries::Narrow(entries) => {
                        let (starts, kept) = gather(starts, entries, &ids);
                        (starts, ValueEntries::Narrow(kept))
                    }
                    ValueEntries::Wide(entries) => {
                        let (starts, kept) = gather(starts, entries, &ids);
                        (starts, ValueEntries::Wide(kept))
                    }
                };
                Level {
                    members: RoaringBitmap::from_sorted_iter(ids.iter().copied()).unwrap_or_default(),
                    ids,
                    starts,
                    entries,
                }
            })
            .collect();
        Self { levels }
    }

    /// Bytes it holds, about.
    pub(super) fn bytes(&self) -> usize {
        let level = |l: &Level| l.members.serialized_size() + (l.ids.len() + l.starts.len()) * 4 + l.entries.bytes();
        self.levels.iter().map(level).sum()
    }

    /// Adds one to `tally[place]` for each value an offer of `ids` at sample level `level` or deeper holds, as
    /// [`FacetIndex::tally_values`] does for a [`Sample`] of that level's bound; answers how many offers it took.
    pub(super) fn tally(&self, ids: &RoaringBitmap, level: usize, tally: &mut [u32]) -> u64 {
        let mut taken_all = 0;
        let mut chunk = [0u32; TALLY_CHUNK];
        for laid in self.levels.get(level.saturating_sub(FIRST)..).unwrap_or_default() {
            let taken = ids & &laid.members;
            taken_all += taken.len();
            // Each taken offer's place among the level's, found going forward: the taken are a share of them.
            let (mut at, mut n) = (0, 0);
            taken.iter().for_each(|id| {
                while laid.ids.get(at).is_some_and(|&member| member < id) {
                    at += 1;
                }
                chunk[n] = at as u32;
                at += 1;
                n += 1;
                if n == TALLY_CHUNK {
                    laid.tally_chunk(&chunk, tally);
                    n = 0;
                }
            });
            laid.tally_chunk(&chunk[..n], tally);
        }
        taken_all
    }
}

impl Level {
    /// [`FacetIndex::tally_entries`] of the members at places `chunk`.
    fn tally_chunk(&self, chunk: &[u32], tally: &mut [u32]) {
        match &self.entries {
            ValueEntries::Narrow(entries) => FacetIndex::tally_entries(&self.starts, entries, chunk, tally),
            ValueEntries::Wide(entries) => FacetIndex::tally_entries(&self.starts, entries, chunk, tally),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_takes_a_fourth_root_of_a_half_of_the_one_before() {
        assert_eq!(level_bound(0), 1 << 32);
        assert_eq!(level_bound(4), 1 << 31);
        assert_eq!(level_bound(8), 1 << 30);
        for k in 0..STEPS {
            let exact = 2f64.powf(32.0 - k as f64 / STEPS as f64);
            assert!((level_bound(k) as f64 - exact).abs() < 1.0, "{k}");
        }
        assert!((1..=DEEPEST).all(|k| level_bound(k) < level_bound(k - 1)));
        // A level holds the offers under its bound and not under the next one's.
        for id in 0..20_000 {
            let h = u64::from(hash(id));
            match level_of(id) {
                None => assert!(h >= level_bound(FIRST)),
                Some(k) => assert!(h < level_bound(k) && (k == DEEPEST || h >= level_bound(k + 1)), "{id}"),
            }
        }
    }

    #[test]
    fn a_wide_searchs_sample_is_a_levels_bound_and_a_narrower_ones_its_own() {
        let size = 1_000;
        assert!(Sample::of(true, size, size).is_none(), "counted whole");
        assert!(Sample::of(false, 10 * size, size).is_none(), "a listing's: counted whole");
        let narrow = Sample::of(true, 3 * size, size).unwrap();
        assert_eq!((narrow.level, u64::from(narrow.bound)), (None, u64::from(u32::MAX) / 3));
        let wide = Sample::of(true, 4 * size, size).unwrap();
        assert_eq!((wide.level, u64::from(wide.bound)), (Some(FIRST), 1 << 30));
        // The deepest level that still takes the size asked: 1/64 of the matches at 64 times it, 2^(-25/4) at 70.
        assert_eq!(Sample::of(true, 64 * size, size).unwrap().level, Some(24));
        assert_eq!(Sample::of(true, 70 * size, size).unwrap().level, Some(24));
        assert_eq!(Sample::of(true, 77 * size, size).unwrap().level, Some(25));
    }
}
