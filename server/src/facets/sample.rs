//! The even sample of a search's many matches whose facet values [`FacetIndex::counts`] tallies (issue 39), and the
//! sets of offers that make taking it a bitmap intersection.
//!
//! An offer is in a sample when a hash of its dense id falls under the sample's bound, the bound of a *level*: level
//! `k` holds the offers whose hash is under `2^32 · 2^(-k/4)` but not under the next level's, so a sample at level
//! `k` is the offers of levels `k` and deeper, 2^(-k/4) of the matches. The offers of each level and deeper are kept as
//! bitmaps ([`SampleLayout`]), and the sample is the matches' intersection with one: hashing every match to decide,
//! with a branch the processor could not foresee, cost more than the tally (7 ns a match at a million offers). From
//! [`FACET_SAMPLE_LAID_OUT_FROM`] times the sample's size on (a quarter of the catalogue's offers or fewer taken), the
//! levels' offers are kept apart with their value entries side by side, in id order, so that the sample's values are
//! read in a stream rather than fetched each from where its id puts them. In process at a million offers (nine grouping
//! values an offer), the tally of 300,000 matches took 2.2 ms hashed and 0.9 ms from the levels, of 600,000 3.7 and
//! 0.7 ms; of 122,000 1.3 ms hashed, 1.0 without the branch.

use super::{FacetIndex, TALLY_CHUNK, ValueEntries};
use crate::limits::FACET_SAMPLE_LAID_OUT_FROM;
use roaring::RoaringBitmap;
use std::sync::OnceLock;

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

/// The level of offer `id`: 0 when it is in no sample of level 1 or deeper.
fn level_of(id: u32) -> usize {
    let h = u64::from(hash(id));
    (0..DEEPEST).take_while(|&k| h < level_bound(k + 1)).count()
}

/// The even sample of a search's matches tallied when they are more than [`FacetIndex::counts`] counts exactly
/// ([`crate::limits::FACET_SAMPLE_MATCHES`] by default): an offer is taken when its hash falls under a bound, so a
/// question asked again (another page, another order) is estimated the same, and no period of the feed's order (a
/// colour every seventh offer) biases it.
pub(super) struct Sample {
    /// The sample's level (1 or deeper): the offers whose hash is under its bound.
    pub(super) level: usize,
    /// The matches sampled from.
    pub(super) total: u64,
    /// The matches taken (known after the walk).
    pub(super) walked: u64,
}

impl Sample {
    /// The sample of about `size` of `total` matches, or `None` when they are counted whole (a listing's, or no more
    /// than `size`): the deepest level's that takes `size` or more (up to 19 % more), or the first level's (84 % of
    /// them) when `total` is within that of `size`.
    pub(super) fn of(search: bool, total: u64, size: u64) -> Option<Self> {
        if !search || total <= size {
            return None;
        }
        let level = (1..=DEEPEST)
            .take_while(|&k| u128::from(level_bound(k)) * u128::from(total) >= u128::from(size) << 32)
            .last()
            .unwrap_or(1);
        Some(Self { level, total, walked: 0 })
    }

    /// Whether offer `id` is in the sample (what its level's bitmaps hold: [`SampleLayout`]).
    #[cfg(test)]
    pub(super) fn takes(&self, id: u32) -> bool {
        u64::from(hash(id)) < level_bound(self.level)
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

/// The offers of each sample level and deeper, for the levels before [`FIRST`], as bitmaps (some 0.9 MB at a million
/// offers); from [`FIRST`] on each level's offers, their ids and value entries side by side (a quarter of the
/// catalogue's offers: some 7 MB at a million), made with them when a search can take a
/// sample that deep ([`FacetIndex::prepare_samples`]).
#[derive(Debug, Default)]
pub(super) struct SampleLayout {
    /// At `k - 1`: the offers of level `k` or deeper, for `k` from 1 to `FIRST - 1`.
    at_least: Vec<RoaringBitmap>,
    /// By level, from [`FIRST`]: none past the deepest one some offer is in.
    levels: OnceLock<Vec<Level>>,
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
    /// The levels' bitmaps of `offers` offers (dense ids from 0).
    pub(super) fn of(offers: usize) -> Self {
        // A pass per level, each bitmap made from its ids in order (one pass pushing each id into every bitmap it is
        // in took seven times as long at a million offers: 423 ms against 60).
        let levels: Vec<u8> = (0..offers as u32).map(|id| level_of(id) as u8).collect();
        let at_least = (1..FIRST as u8)
            .map(|k| {
                let ids = (0..offers as u32).filter(|&id| levels[id as usize] >= k);
                RoaringBitmap::from_sorted_iter(ids).unwrap_or_default()
            })
            .collect();
        Self { at_least, levels: OnceLock::new() }
    }

    /// The offers of levels [`FIRST`] and deeper with their values, from the value lists
    /// `entries[starts[id]..starts[id + 1]]`.
    fn laid_out(starts: &[u32], entries: &ValueEntries) -> Vec<Level> {
        let mut ids: Vec<Vec<u32>> = Vec::new();
        for id in 0..starts.len().saturating_sub(1) as u32 {
            let level = level_of(id);
            if level >= FIRST {
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
        ids.into_iter()
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
                let members = RoaringBitmap::from_sorted_iter(ids.iter().copied()).unwrap_or_default();
                Level { members, ids, starts, entries }
            })
            .collect()
    }

    /// Bytes it holds, about.
    pub(super) fn bytes(&self) -> usize {
        let level = |l: &Level| l.members.serialized_size() + (l.ids.len() + l.starts.len()) * 4 + l.entries.bytes();
        self.at_least.iter().map(RoaringBitmap::serialized_size).sum::<usize>()
            + self.levels.get().map_or(0, |levels| levels.iter().map(level).sum())
    }
}

impl FacetIndex {
    /// Makes the sample levels now rather than at the first sampled search (some 60 ms at a million offers, the laid
    /// out levels with them when a search can match [`FACET_SAMPLE_LAID_OUT_FROM`] times the sample's size), as the
    /// index is put in use.
    pub fn prepare_samples(&self) {
        let layout = self.sample_layout();
        if self.prices.len() as u64 >= FACET_SAMPLE_LAID_OUT_FROM.saturating_mul(self.exact_up_to.0) {
            layout.levels.get_or_init(|| SampleLayout::laid_out(&self.value_starts, &self.value_entries));
        }
    }

    /// Adds one to `tally[place]` for each value an offer of `ids` in `sample` holds, as [`FacetIndex::tally_values`]
    /// does with it; answers how many offers it took.
    pub(super) fn tally_sample(&self, ids: &RoaringBitmap, sample: &Sample, tally: &mut [u32]) -> u64 {
        let layout = self.sample_layout();
        if sample.level < FIRST {
            return self.tally_values(&(ids & &layout.at_least[sample.level - 1]), tally);
        }
        let levels = layout.levels.get_or_init(|| SampleLayout::laid_out(&self.value_starts, &self.value_entries));
        let mut taken_all = 0;
        let mut chunk = [0u32; TALLY_CHUNK];
        for laid in levels.get(sample.level - FIRST..).unwrap_or_default() {
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
            let (h, k) = (u64::from(hash(id)), level_of(id));
            assert!(h < level_bound(k) && (k == DEEPEST || h >= level_bound(k + 1)), "{id}");
        }
    }

    #[test]
    fn an_index_put_in_use_makes_its_levels_and_lays_them_out_when_a_search_could_use_them() {
        let offers = (0..10_000u32).map(|i| super::super::FacetOffer {
            id: i.to_string(),
            vendor: Some(["HP", "Canon"][i as usize % 2].into()),
            available: true,
            price_minor: 100,
            ..super::super::FacetOffer::default()
        });
        // 10,000 offers: no search matches four times 32,768.
        let index = FacetIndex::build(offers.clone().collect());
        index.prepare_samples();
        let layout = index.sample_layout.get().unwrap();
        assert!(layout.levels.get().is_none() && layout.at_least.len() == FIRST - 1);
        assert_eq!(layout.at_least[3].len(), (0..10_000).filter(|&id| level_of(id) >= 4).count() as u64);
        let mut index = FacetIndex::build(offers.collect());
        index.count_exactly_up_to(1_000);
        index.prepare_samples();
        assert!(index.sample_layout.get().unwrap().levels.get().is_some());
    }

    #[test]
    fn a_searchs_sample_is_the_deepest_level_that_takes_the_size_asked() {
        let size = 1_000;
        assert!(Sample::of(true, size, size).is_none(), "counted whole");
        assert!(Sample::of(false, 10 * size, size).is_none(), "a listing's: counted whole");
        let level = |total: u64| Sample::of(true, total, size).map(|sample| sample.level);
        assert_eq!(level(size + 1), Some(1), "the first level: 84 %");
        assert_eq!(level(2 * size), Some(4));
        // 2^(-6/4) = 0.354 of 3,000 takes 1,061.
        assert_eq!(level(3 * size), Some(6));
        assert_eq!(level(4 * size), Some(FIRST));
        // 1/64 of the matches at 64 times the size and at 70; 2^(-25/4) at 77.
        assert_eq!(level(64 * size), Some(24));
        assert_eq!(level(70 * size), Some(24));
        assert_eq!(level(77 * size), Some(25));
    }
}
