//! Search latency (issue 4 "Measure"): the whole answer (first 100 items, total, per-section counts) for five query
//! kinds, with and without `available=Y`, from the tantivy engine and from two SQLite baselines answering the same
//! question on the same offers: `LIKE '%…%'` on the lower-cased name, and FTS5.
//!
//! `cargo bench --bench search` (`VITRINA_BENCH_OFFERS`, default 100000). Setup imports a generated feed into a
//! temporary database (about a minute for 100,000 offers). Criterion prints its estimates; at the end a table of
//! p50/p99 per query and engine, with ratios against the engine, from every timed call, is printed and written to
//! `target/search-bench.md`. `VITRINA_BENCH_DB=path` keeps the imported database for the next run;
//! `VITRINA_BENCH_QUICK=N` times only the engine (see [`quick`]). The engine's questions are asked on a search pool
//! like the server's, where a wide one shares its scan with an idle thread; `VITRINA_BENCH_THREADS=0,1,2` (quick runs)
//! times each on its own thread (not shared), then on pools of one and two threads.

use criterion::{Criterion, criterion_group};
use sqlx::{Row, SqlitePool};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vitrina::search::{SearchIndex, SearchRequest};

/// (label, shopper's text, LIKE words, FTS5 query)
const QUERIES: [(&str, &str, &[&str], &str); 5] = [
    ("one word", "конструктор", &["конструктор"], "конструктор*"),
    ("two words", "магнитный замок", &["магнитн", "замок"], "магнитный* замок*"),
    ("prefix", "космод", &["космод"], "космод*"),
    ("two-letter prefix", "ко", &["ко"], "ко*"),
    ("typo", "констрктор", &["констрктор"], "констрктор*"),
];

struct Setup {
    rt: tokio::runtime::Runtime,
    pool: SqlitePool,
    index: SearchIndex,
    /// The engine's questions are asked on a search thread of a pool like the server's, so that a wide one shares
    /// its scan with the pool's other thread as it does there (`vitrina::search::engine::search_pool`).
    /// `VITRINA_BENCH_THREADS=N,M…`: on a pool of N threads instead (1: a shared scan's parts all on one thread, as
    /// on a busy server; 0: on the bench's own thread, not shared), then (quick runs only) of M…
    threads: Vec<(usize, Option<rayon::ThreadPool>)>,
    _dir: tempfile::TempDir,
}

impl Setup {
    /// Runs `work` on a thread of the first of `threads`.
    fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        on(&self.threads[0].1, work)
    }
}

/// Runs `work` on a thread of `pool`, or here without one.
fn on<R: Send>(pool: &Option<rayon::ThreadPool>, work: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

fn setup() -> Setup {
    let offers: u64 = std::env::var("VITRINA_BENCH_OFFERS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    // `VITRINA_BENCH_DB`: keep the imported database there and reuse it on the next run (skips the import).
    let kept = std::env::var_os("VITRINA_BENCH_DB").map(std::path::PathBuf::from);
    let path = kept.clone().unwrap_or_else(|| dir.path().join("bench.db"));
    let reuse = kept.is_some() && path.exists();
    let (pool, index) = rt.block_on(async {
        let db = vitrina::db::connect(&path).await.unwrap();
        // The baselines are SQLite's own (LIKE, FTS5), so they query the file directly, beside the shop's handle.
        let pool = SqlitePool::connect(&format!("sqlite:{}", path.display())).await.unwrap();
        if reuse {
            eprintln!("reusing {}", path.display());
        } else {
            let mut feed = Vec::new();
            vitrina::feeds::generate::write_feed(&mut feed, offers, 1).unwrap();
            let started = Instant::now();
            vitrina::feeds::import::import_feed(&db, std::io::Cursor::new(feed), "bench").await.unwrap();
            eprintln!("imported {offers} offers in {:.1} s", started.elapsed().as_secs_f64());
            sqlx::query("CREATE VIRTUAL TABLE offers_fts USING fts5(name, tokenize = 'unicode61 remove_diacritics 2')")
                .execute(&pool)
                .await
                .unwrap();
            sqlx::query("INSERT INTO offers_fts (rowid, name) SELECT rowid, name FROM offers WHERE active = 1")
                .execute(&pool)
                .await
                .unwrap();
        }
        let docs = vitrina::db::search::load_docs(&db).await.unwrap();
        let started = Instant::now();
        // In section order, as the shop builds it.
        let (docs, _, feed) = vitrina::search::products::in_section_order(docs, Vec::<()>::new());
        let rules = vitrina::search::synonyms::Synonyms::parse(vitrina::search::synonyms::DEFAULT_RULES).unwrap();
        let index = SearchIndex::build_in(None, docs, rules, feed).unwrap().0;
        eprintln!(
            "indexed in {:.1} s: {} segment(s), {:.1} MB",
            started.elapsed().as_secs_f64(),
            index.segment_count(),
            index.index_bytes() as f64 / 1e6
        );
        (pool, index)
    });
    let threads = match std::env::var("VITRINA_BENCH_THREADS") {
        Ok(list) => list
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .map(|n: usize| (n, (n > 0).then(|| rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap())))
            .collect(),
        Err(_) => vec![(0, Some(vitrina::search::engine::search_pool().unwrap()))],
    };
    Setup { rt, pool, index, threads, _dir: dir }
}

/// The LIKE baseline: total, per-section counts and the first 100 ids in the shop's order.
async fn like(pool: &SqlitePool, words: &[&str], available: bool) -> (i64, usize, usize) {
    let mut filter = String::from("active = 1");
    if available {
        filter.push_str(" AND available = 1");
    }
    for _ in words {
        filter.push_str(" AND name_key LIKE ?");
    }
    let bind = |sql: String| {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for w in words {
            q = q.bind(format!("%{w}%"));
        }
        q
    };
    let sections = bind(format!("SELECT section_id, COUNT(*) FROM offers WHERE {filter} GROUP BY section_id"))
        .fetch_all(pool)
        .await
        .unwrap();
    let total: i64 = sections.iter().map(|r| r.get::<i64, _>(1)).sum();
    let items = bind(format!("SELECT id FROM offers WHERE {filter} ORDER BY position LIMIT 100"))
        .fetch_all(pool)
        .await
        .unwrap();
    (total, sections.len(), items.len())
}

/// The FTS5 baseline: total, per-section counts and the first 100 ids by rank.
async fn fts(pool: &SqlitePool, query: &str, available: bool) -> (i64, usize, usize) {
    let filter = if available { " AND o.available = 1" } else { "" };
    let sections = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT o.section_id, COUNT(*) FROM offers_fts f JOIN offers o ON o.rowid = f.rowid
         WHERE offers_fts MATCH ?{filter} GROUP BY o.section_id"
    )))
    .bind(query)
    .fetch_all(pool)
    .await
    .unwrap();
    let total: i64 = sections.iter().map(|r| r.get::<i64, _>(1)).sum();
    let items = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT o.id FROM offers_fts f JOIN offers o ON o.rowid = f.rowid
         WHERE offers_fts MATCH ?{filter} ORDER BY f.rank LIMIT 100"
    )))
    .bind(query)
    .fetch_all(pool)
    .await
    .unwrap();
    (total, sections.len(), items.len())
}

type Samples = Arc<Mutex<HashMap<(String, &'static str), Vec<Duration>>>>;

/// `VITRINA_BENCH_QUICK=N`: only the engine, N timed calls per query after N/10 warm-up calls, p50/p99 printed (and
/// the process's peak and current memory); no criterion, no baselines, no report file. For iterating on the engine
/// (with `VITRINA_BENCH_DB`), or under `perf`.
fn quick(s: &Setup, calls: usize) {
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")).for_each(|l| eprintln!("{l}"));
    }
    // `VITRINA_BENCH_ONLY=prefix`: only the query kinds whose label contains it.
    let only = std::env::var("VITRINA_BENCH_ONLY").unwrap_or_default();
    // `VITRINA_BENCH_TEXT=a,b`: these texts instead of the query kinds.
    let texts: Vec<(String, String)> = match std::env::var("VITRINA_BENCH_TEXT") {
        Ok(texts) => texts.split(',').map(|t| (t.to_owned(), t.to_owned())).collect(),
        Err(_) => QUERIES.iter().filter(|q| q.0.contains(only.as_str())).map(|q| (q.0.into(), q.1.into())).collect(),
    };
    for (label, text) in &texts {
        for available in [false, true] {
            let request =
                SearchRequest { text: text.clone(), available_only: available, limit: 100, ..SearchRequest::default() };
            for (n, pool) in &s.threads {
                let mut times: Vec<Duration> = on(pool, || {
                    for _ in 0..calls / 10 {
                        std::hint::black_box(s.index.search(&request).unwrap());
                    }
                    (0..calls)
                        .map(|_| {
                            let started = Instant::now();
                            std::hint::black_box(s.index.search(&request).unwrap());
                            started.elapsed()
                        })
                        .collect()
                });
                times.sort();
                let hits = s.index.search(&request).unwrap();
                let on = if s.threads.len() > 1 { format!(" [{n} threads]") } else { String::new() };
                println!(
                    "{:<44} p50 {:.3} ms  p99 {:.3} ms  total {} ({} sections)",
                    format!("{label}{}{on}", if available { ", available=Y" } else { "" }),
                    percentile(&times, 0.5).as_secs_f64() * 1000.0,
                    percentile(&times, 0.99).as_secs_f64() * 1000.0,
                    hits.total,
                    hits.sections.len()
                );
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let s = setup();
    if let Some(calls) = std::env::var("VITRINA_BENCH_QUICK").ok().and_then(|v| v.parse().ok()) {
        return quick(&s, calls);
    }
    let samples: Samples = Arc::default();
    let mut totals: Vec<String> = Vec::new();
    for (label, text, words, fts_query) in QUERIES {
        for available in [false, true] {
            let name = format!("{label}{}", if available { ", available=Y" } else { "" });
            let request =
                SearchRequest { text: text.into(), available_only: available, limit: 100, ..SearchRequest::default() };
            let hits = s.index.search(&request).unwrap();
            let l = s.rt.block_on(like(&s.pool, words, available));
            let f = s.rt.block_on(fts(&s.pool, fts_query, available));
            totals.push(format!(
                "| {name} | {} ({} sections) | {} ({}) | {} ({}) |",
                hits.total,
                hits.sections.len(),
                l.0,
                l.1,
                f.0,
                f.1
            ));
            let mut group = c.benchmark_group(name.clone());
            group.sample_size(30).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
            let record = |engine: &'static str, elapsed: Duration| {
                samples.lock().unwrap().entry((name.clone(), engine)).or_default().push(elapsed);
            };
            group.bench_function("tantivy", |b| {
                b.iter_custom(|iters| {
                    s.install(|| {
                        let mut sum = Duration::ZERO;
                        for _ in 0..iters {
                            let started = Instant::now();
                            std::hint::black_box(s.index.search(&request).unwrap());
                            let elapsed = started.elapsed();
                            record("tantivy", elapsed);
                            sum += elapsed;
                        }
                        sum
                    })
                })
            });
            group.bench_function("sqlite LIKE", |b| {
                b.iter_custom(|iters| {
                    let mut sum = Duration::ZERO;
                    for _ in 0..iters {
                        let started = Instant::now();
                        std::hint::black_box(s.rt.block_on(like(&s.pool, words, available)));
                        let elapsed = started.elapsed();
                        record("like", elapsed);
                        sum += elapsed;
                    }
                    sum
                })
            });
            group.bench_function("sqlite FTS5", |b| {
                b.iter_custom(|iters| {
                    let mut sum = Duration::ZERO;
                    for _ in 0..iters {
                        let started = Instant::now();
                        std::hint::black_box(s.rt.block_on(fts(&s.pool, fts_query, available)));
                        let elapsed = started.elapsed();
                        record("fts5", elapsed);
                        sum += elapsed;
                    }
                    sum
                })
            });
            group.finish();
        }
    }
    report(&samples, &totals);
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn report(samples: &Samples, totals: &[String]) {
    let samples = samples.lock().unwrap();
    let mut out = String::from(
        "| query | tantivy p50 / p99 (ms) | LIKE p50 / p99 (ms) | FTS5 p50 / p99 (ms) | LIKE ÷ tantivy (p99) | FTS5 ÷ tantivy (p99) |\n|---|---|---|---|---|---|\n",
    );
    for (label, ..) in QUERIES {
        for available in [false, true] {
            let name = format!("{label}{}", if available { ", available=Y" } else { "" });
            let stats = |engine: &'static str| {
                let mut v = samples.get(&(name.clone(), engine)).cloned().unwrap_or_default();
                v.sort();
                (percentile(&v, 0.5), percentile(&v, 0.99))
            };
            let (t50, t99) = stats("tantivy");
            let (l50, l99) = stats("like");
            let (f50, f99) = stats("fts5");
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            out.push_str(&format!(
                "| {name} | {:.3} / {:.3} | {:.2} / {:.2} | {:.2} / {:.2} | {:.0}× | {:.0}× |\n",
                ms(t50),
                ms(t99),
                ms(l50),
                ms(l99),
                ms(f50),
                ms(f99),
                l99.as_secs_f64() / t99.as_secs_f64(),
                f99.as_secs_f64() / t99.as_secs_f64()
            ));
        }
    }
    out.push_str("\nMatches (sections) per engine — the baselines answer a simpler question: no stems, no typos.\n\n| query | tantivy | LIKE | FTS5 |\n|---|---|---|---|\n");
    for line in totals {
        out.push_str(line);
        out.push('\n');
    }
    println!("\n{out}");
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/search-bench.md");
    let _ = std::fs::write(target, &out);
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
