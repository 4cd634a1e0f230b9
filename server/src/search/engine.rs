//! The search engine a running shop holds: the current [`SearchIndex`] behind a lock that is only taken to swap
//! it, a cache of recent answers, and the task that rebuilds the index after each import (issue 4).

use super::{SearchHits, SearchIndex, SearchRequest, fold};
use crate::limits::{MAX_SEARCH_QUERY_CHARS, SEARCH_CACHE_ENTRIES, SEARCH_WATCH_INTERVAL_MS};
use sqlx::SqlitePool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// Cache key: normalised text (folded, lower-cased, cut, single-spaced), flag, section, own section only, limit, offset.
type CacheKey = (String, bool, Option<String>, bool, usize, usize);

/// The shop's search: swap-in indexes, cached answers.
pub struct SearchEngine {
    current: RwLock<Arc<SearchIndex>>,
    cache: moka::sync::Cache<CacheKey, Arc<SearchHits>>,
    ready: AtomicBool,
}

impl SearchEngine {
    /// An engine with an empty index (it answers "nothing found" until the first build is swapped in).
    pub fn new() -> tantivy::Result<Self> {
        Ok(Self {
            current: RwLock::new(Arc::new(SearchIndex::build(Vec::new())?)),
            cache: moka::sync::Cache::new(SEARCH_CACHE_ENTRIES),
            ready: AtomicBool::new(false),
        })
    }

    /// Whether an index built from the catalogue has been swapped in.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The index in use now. Queries hold their own `Arc`, so a swap never cuts one short.
    pub fn index(&self) -> Arc<SearchIndex> {
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Puts `index` in use and empties the answer cache.
    pub fn swap(&self, index: SearchIndex) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(index);
        self.cache.invalidate_all();
        self.ready.store(true, Ordering::Release);
    }

    /// Answers `request`, from the cache when the same question was asked since the last swap.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<Arc<SearchHits>> {
        let text: String = fold(&request.text).to_lowercase().chars().take(MAX_SEARCH_QUERY_CHARS).collect();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let key = (
            text.clone(),
            request.available_only,
            request.section.clone(),
            request.own_section_only,
            request.limit,
            request.offset,
        );
        if let Some(hit) = self.cache.get(&key) {
            return Ok(hit);
        }
        let index = self.index();
        let hits = Arc::new(index.search(&SearchRequest { text, ..request.clone() })?);
        self.cache.insert(key, hits.clone());
        Ok(hits)
    }

    /// Reads the catalogue, builds a new index off the async threads, and swaps it in.
    pub async fn rebuild(&self, pool: &SqlitePool) -> anyhow::Result<usize> {
        let started = std::time::Instant::now();
        let docs = crate::db::search::load_docs(pool).await?;
        let index = tokio::task::spawn_blocking(move || SearchIndex::build(docs)).await??;
        let offers = index.len();
        self.swap(index);
        tracing::info!(offers, ms = started.elapsed().as_millis() as u64, "search index built");
        Ok(offers)
    }

    /// Builds the index now and again whenever an import has finished (checked every
    /// [`SEARCH_WATCH_INTERVAL_MS`]: imports run in another process, `vitrina import`). Runs until the process ends;
    /// a failed build is logged and retried at the next change.
    pub fn spawn_watcher(self: Arc<Self>, pool: SqlitePool) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut built_for: Option<i64> = None;
            let mut interval = tokio::time::interval(std::time::Duration::from_millis(SEARCH_WATCH_INTERVAL_MS));
            loop {
                interval.tick().await;
                let last = match crate::db::shop::last_import_id(&pool).await {
                    Ok(last) => last,
                    Err(err) => {
                        tracing::warn!(%err, "search watcher cannot read the imports log");
                        continue;
                    }
                };
                if built_for == Some(last) {
                    continue;
                }
                match self.rebuild(&pool).await {
                    Ok(_) => built_for = Some(last),
                    Err(err) => tracing::error!(err = format!("{err:#}"), "search index build failed"),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchDoc;

    fn docs(name: &str, n: usize) -> Vec<SearchDoc> {
        (0..n).map(|i| SearchDoc { id: format!("{name}-{i}"), name: name.into(), ..SearchDoc::default() }).collect()
    }

    #[test]
    fn queries_during_swaps_see_one_whole_index_or_the_other() {
        let engine = Arc::new(SearchEngine::new().unwrap());
        engine.swap(SearchIndex::build(docs("конструктор", 50)).unwrap());
        let readers: Vec<_> = (0..4)
            .map(|t| {
                let engine = engine.clone();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        // Distinct limits defeat the cache, so every query reads an index.
                        let request = SearchRequest {
                            text: "конструктор".into(),
                            limit: 1 + (t * 200 + i) % 100,
                            ..Default::default()
                        };
                        let hits = engine.search(&request).unwrap();
                        assert!(hits.total == 50 || hits.total == 80, "a half-built index: {}", hits.total);
                    }
                })
            })
            .collect();
        for round in 0..20 {
            let n = if round % 2 == 0 { 80 } else { 50 };
            engine.swap(SearchIndex::build(docs("конструктор", n)).unwrap());
        }
        for reader in readers {
            reader.join().unwrap();
        }
    }

    #[test]
    fn a_swap_empties_the_answer_cache() {
        let engine = SearchEngine::new().unwrap();
        let request = SearchRequest { text: "Мяч".into(), limit: 10, ..Default::default() };
        assert_eq!(engine.search(&request).unwrap().total, 0);
        engine.swap(SearchIndex::build(docs("мяч", 3)).unwrap());
        assert_eq!(engine.search(&request).unwrap().total, 3);
        assert!(engine.is_ready());
    }
}
