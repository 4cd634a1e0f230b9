//! The search engine a running shop holds: the current [`SearchIndex`] behind a lock that is only taken to swap
//! it, caches of recent answers (the engine's hits, and the API's serialised answers and items), and the task that
//! rebuilds the index after each import (issue 4).

use super::{SearchHits, SearchIndex, SearchRequest, fold};
use crate::limits::{
    MAX_SEARCH_QUERY_CHARS, SEARCH_ANSWER_CACHE_BYTES, SEARCH_CACHE_ENTRIES, SEARCH_ITEM_CACHE_BYTES,
    SEARCH_WATCH_INTERVAL_MS,
};
use axum::body::Bytes;
use sqlx::SqlitePool;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// Cache key of a question: normalised text (folded, lower-cased, cut, single-spaced), flag, section, own section
/// only, limit, offset. See [`SearchEngine::key`].
pub type AnswerKey = (String, bool, Option<String>, bool, usize, usize);

/// Which index a cached value was made from: it changes with every swap. See [`SearchEngine::generation`].
pub type Generation = u64;

/// The shop's search: swap-in indexes, cached answers.
pub struct SearchEngine {
    current: RwLock<Arc<SearchIndex>>,
    generation: AtomicU64,
    cache: moka::sync::Cache<AnswerKey, Arc<SearchHits>>,
    answers: moka::sync::Cache<AnswerKey, Bytes>,
    items: moka::sync::Cache<String, Bytes>,
    ready: AtomicBool,
}

fn byte_cache<K>(max_bytes: u64) -> moka::sync::Cache<K, Bytes>
where
    K: std::hash::Hash + Eq + Send + Sync + 'static,
{
    moka::sync::Cache::builder()
        .weigher(|_: &K, value: &Bytes| u32::try_from(value.len()).unwrap_or(u32::MAX))
        .max_capacity(max_bytes)
        .build()
}

impl SearchEngine {
    /// An engine with an empty index (it answers "nothing found" until the first build is swapped in).
    pub fn new() -> tantivy::Result<Self> {
        Ok(Self {
            current: RwLock::new(Arc::new(SearchIndex::build(Vec::new())?)),
            generation: AtomicU64::new(0),
            cache: moka::sync::Cache::new(SEARCH_CACHE_ENTRIES),
            answers: byte_cache(SEARCH_ANSWER_CACHE_BYTES),
            items: byte_cache(SEARCH_ITEM_CACHE_BYTES),
            ready: AtomicBool::new(false),
        })
    }

    /// The cache key of `request`: two questions with the same key have the same answer until the next swap.
    pub fn key(request: &SearchRequest) -> AnswerKey {
        let text: String = fold(&request.text).to_lowercase().chars().take(MAX_SEARCH_QUERY_CHARS).collect();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        (text, request.available_only, request.section.clone(), request.own_section_only, request.limit, request.offset)
    }

    /// The index generation now: read it before answering, and hand it to [`Self::store_answer`] /
    /// [`Self::store_item`], which drop what was made from an index swapped out meanwhile.
    pub fn generation(&self) -> Generation {
        self.generation.load(Ordering::Acquire)
    }

    /// The serialised `/api/search` answer to `key`, if one was stored since the last swap.
    pub fn cached_answer(&self, key: &AnswerKey) -> Option<Bytes> {
        self.answers.get(key)
    }

    /// Keeps the serialised answer to `key` (made while `generation` was current; dropped if a swap came since).
    pub fn store_answer(&self, generation: Generation, key: AnswerKey, body: Bytes) {
        let _index = self.current.read().unwrap_or_else(|e| e.into_inner());
        if self.generation() == generation {
            self.answers.insert(key, body);
        }
    }

    /// The serialised search item (one offer's JSON) of offer `id`, if one was stored since the last swap.
    pub fn cached_item(&self, id: &str) -> Option<Bytes> {
        self.items.get(id)
    }

    /// Keeps the serialised search item of offer `id` (made while `generation` was current; dropped if a swap came
    /// since). An import changes offers only together with a swap (the watcher rebuilds after each import).
    pub fn store_item(&self, generation: Generation, id: String, item: Bytes) {
        let _index = self.current.read().unwrap_or_else(|e| e.into_inner());
        if self.generation() == generation {
            self.items.insert(id, item);
        }
    }

    /// Whether an index built from the catalogue has been swapped in.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The index in use now. Queries hold their own `Arc`, so a swap never cuts one short.
    pub fn index(&self) -> Arc<SearchIndex> {
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Puts `index` in use and empties every cache. Stores of values made from the old index that come later are
    /// dropped (they carry the old [`Generation`]); the write lock keeps a store from slipping between the two.
    pub fn swap(&self, index: SearchIndex) {
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        *current = Arc::new(index);
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache.invalidate_all();
        self.answers.invalidate_all();
        self.items.invalidate_all();
        drop(current);
        self.ready.store(true, Ordering::Release);
    }

    /// Answers `request`, from the cache when the same question was asked since the last swap.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<Arc<SearchHits>> {
        let key = Self::key(request);
        let text = key.0.clone();
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
    fn stores_made_from_a_swapped_out_index_are_dropped() {
        let engine = SearchEngine::new().unwrap();
        let key = SearchEngine::key(&SearchRequest {
            text: " Мяч  Красный ".into(), limit: 10, ..Default::default()
        });
        assert_eq!(key.0, "мяч красный");
        let before = engine.generation();
        engine.store_answer(before, key.clone(), Bytes::from_static(b"{}"));
        engine.store_item(before, "1".into(), Bytes::from_static(b"{\"id\":\"1\"}"));
        assert!(engine.cached_answer(&key).is_some() && engine.cached_item("1").is_some());

        engine.swap(SearchIndex::build(docs("мяч", 3)).unwrap());
        assert!(engine.cached_answer(&key).is_none() && engine.cached_item("1").is_none(), "a swap empties both");
        engine.store_answer(before, key.clone(), Bytes::from_static(b"{}"));
        engine.store_item(before, "1".into(), Bytes::from_static(b"{}"));
        assert!(engine.cached_answer(&key).is_none() && engine.cached_item("1").is_none(), "old generation dropped");
        engine.store_answer(engine.generation(), key.clone(), Bytes::from_static(b"{}"));
        assert!(engine.cached_answer(&key).is_some());
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
