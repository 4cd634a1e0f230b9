//! Facet counts (issue 35 "Measured"): the in-memory index (`vitrina::facets`) against a plain SQL `GROUP BY` over the
//! offer-parameter table (Bitrix's way, `db::facets::sql_counts`), same offers, same run.
//!
//! `cargo bench --bench facets` imports a generated feed of `VITRINA_BENCH_OFFERS` offers (default 100,000) into a
//! temporary database, or the feed at `VITRINA_BENCH_FEED` (e.g. `../shared/data/vtt-params.yml.xml`). Then, for the
//! largest section with two facets chosen (its most common vendor and the most common value of its most common
//! parameter) and for the whole catalogue with no filter, it times every facet's counts: the index `ITERATIONS` times,
//! SQL `SQL_ITERATIONS` times (one `GROUP BY` per shown facet, as a smart filter runs them). Prints p50 and p99 of each,
//! their ratio, the index's build time and memory, and the time of each case's first page of 20 offers in the shop's
//! order and by price (`FacetIndex::page`). No time is asserted: the figures go to docs/performance.md.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};
use vitrina::domain::listing::OfferSort;
use vitrina::facets::{FacetIndex, Filter, VENDOR, normal};

const ITERATIONS: usize = 200;
/// SQL runs per case; `VITRINA_BENCH_SQL_ITERATIONS` lowers it for a million offers (a `GROUP BY` there takes
/// seconds).
const SQL_ITERATIONS: usize = 20;

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pool = rt.block_on(async {
        let pool = vitrina::db::connect(&dir.path().join("facets.db")).await.unwrap();
        let feed = match std::env::var_os("VITRINA_BENCH_FEED") {
            Some(path) => std::fs::read(path).unwrap(),
            None => {
                let offers = std::env::var("VITRINA_BENCH_OFFERS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
                let mut feed = Vec::new();
                vitrina::feeds::generate::write_feed(&mut feed, offers, 1).unwrap();
                feed
            }
        };
        let started = Instant::now();
        vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(feed), "bench").await.unwrap();
        eprintln!("imported in {:.1} s", started.elapsed().as_secs_f64());
        pool
    });
    let started = Instant::now();
    let offers = rt.block_on(vitrina::db::facets::offers(&pool)).unwrap();
    let loaded = started.elapsed();
    let started = Instant::now();
    let index = FacetIndex::build(offers.clone());
    let built = started.elapsed();
    println!(
        "index: {} offers, loaded in {:.0} ms, built in {:.0} ms, {:.1} MB",
        index.len(),
        ms(loaded),
        ms(built),
        index.memory_bytes() as f64 / 1e6
    );

    // The largest section (by offers in it and under it), its most common vendor and parameter value.
    let mut sizes: HashMap<&str, usize> = HashMap::new();
    for offer in &offers {
        for section in &offer.sections {
            *sizes.entry(section).or_default() += 1;
        }
    }
    let largest = sizes.iter().max_by_key(|(id, n)| (**n, std::cmp::Reverse(**id))).map(|(id, _)| id.to_string());
    let in_largest: Vec<_> =
        offers.iter().filter(|o| largest.as_ref().is_none_or(|s| o.sections.contains(s))).collect();
    let most = |values: Vec<String>| {
        let mut counts: HashMap<String, usize> = HashMap::new();
        for value in values {
            *counts.entry(value).or_default() += 1;
        }
        counts.into_iter().max_by_key(|(v, n)| (*n, std::cmp::Reverse(v.clone()))).map(|(v, _)| v)
    };
    let vendor = most(in_largest.iter().filter_map(|o| o.vendor.clone()).collect()).unwrap();
    let param = most(in_largest.iter().flat_map(|o| o.params.iter().map(|p| p.0.clone())).collect()).unwrap();
    let value =
        most(in_largest.iter().flat_map(|o| o.params.iter().filter(|p| p.0 == param).map(|p| p.1.clone())).collect())
            .unwrap();
    let descendants: Vec<String> = match &largest {
        Some(section) => {
            let mut ids: BTreeSet<String> = BTreeSet::new();
            for offer in &offers {
                if let Some(at) = offer.sections.iter().position(|s| s == section) {
                    ids.extend(offer.sections[..=at].iter().cloned());
                }
            }
            ids.into_iter().collect()
        }
        None => Vec::new(),
    };
    println!(
        "largest section {largest:?}: {} offers; chosen: vendor {vendor:?}, {param:?} = {value:?}",
        in_largest.len()
    );

    let two = Filter {
        section: largest.clone(),
        values: BTreeMap::from([
            (VENDOR.to_owned(), BTreeSet::from([normal(&vendor)])),
            (normal(&param), BTreeSet::from([normal(&value)])),
        ]),
        ..Filter::default()
    };
    let catalogue_two = Filter { section: None, ..two.clone() };
    let cases = [
        ("largest section, two facets chosen", two, largest.as_ref().map(|_| descendants.as_slice())),
        ("whole catalogue, the same two facets chosen", catalogue_two, None),
        ("whole catalogue, no filter", Filter::default(), None),
    ];
    println!("| case | index p50 ms | index p99 ms | SQL GROUP BY p50 ms | SQL p99 ms | SQL ÷ index (p50) |");
    println!("|---|---|---|---|---|---|");
    for (label, filter, sections) in cases {
        let mut index_times = Vec::new();
        let mut counts = index.counts(&filter);
        for _ in 0..ITERATIONS {
            let started = Instant::now();
            counts = std::hint::black_box(index.counts(std::hint::black_box(&filter)));
            index_times.push(started.elapsed());
        }
        // The same facets through SQL: the chosen ones, with their stored spellings.
        let chosen: Vec<(Option<&str>, Vec<String>)> = if filter.values.is_empty() {
            Vec::new()
        } else {
            vec![(None, vec![vendor.clone()]), (Some(param.as_str()), vec![value.clone()])]
        };
        let names: Vec<Option<String>> =
            counts.facets.iter().map(|f| if f.key == VENDOR { None } else { Some(f.name.clone()) }).collect();
        let mut sql_times = Vec::new();
        let sql_iterations =
            std::env::var("VITRINA_BENCH_SQL_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(SQL_ITERATIONS);
        for _ in 0..sql_iterations {
            let started = Instant::now();
            rt.block_on(async {
                for name in &names {
                    vitrina::db::facets::sql_counts(&pool, sections, &chosen, name.as_deref()).await.unwrap();
                }
            });
            sql_times.push(started.elapsed());
        }
        let (i50, i99) = (percentile(&mut index_times, 0.5), percentile(&mut index_times, 0.99));
        let (s50, s99) = (percentile(&mut sql_times, 0.5), percentile(&mut sql_times, 0.99));
        println!(
            "| {label} ({} facets, {} offers) | {:.2} | {:.2} | {:.1} | {:.1} | {:.0}× |",
            counts.facets.len(),
            counts.total,
            ms(i50),
            ms(i99),
            ms(s50),
            ms(s99),
            s50.as_secs_f64() / i50.as_secs_f64()
        );
        // A listing's first page in the shop's order and by price: what an HTTP listing asks of the index.
        for sort in [OfferSort::Feed, OfferSort::PriceAsc] {
            let mut times = Vec::new();
            for _ in 0..ITERATIONS {
                let started = Instant::now();
                std::hint::black_box(index.page(std::hint::black_box(&filter), sort, 0, 20));
                times.push(started.elapsed());
            }
            println!(
                "|   its first page of 20, {sort:?} | {:.2} | {:.2} | | | |",
                ms(percentile(&mut times, 0.5)),
                ms(percentile(&mut times, 0.99))
            );
        }
    }
}
