//! The search engine a running shop holds: the current [`SearchIndex`] behind a lock that is only taken to swap
//! it, one cache of answers keyed by the question, and the build of a new index after each import (issue 4).
//!
//! One call answers a search request ([`SearchEngine::answer`], issue 21): the handler parses, asks and responds.

use super::answer::{ALL_SECTIONS_ID, ALL_SECTIONS_TITLE, SearchAnswer, SearchItem, SearchSection};
use super::cards::{self, Card, Cards};
use super::disk::{Base, Catalogue, IndexStore, IndexVersion};
use super::synonyms::{DEFAULT_RULES, Synonyms};
use super::update;
use super::{SearchIndex, SearchRequest, Share, fold};
use crate::db::Db;
use crate::domain::pictures::Picture;
use crate::facets::{FacetIndex, FacetSettings, Filter, ListingFacets};
use crate::limits::CacheBudget;
use crate::limits::MAX_SEARCH_QUERY_CHARS;
use bytes::Bytes;
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

/// Cache key of a question: normalised text (folded, lower-cased, cut, single-spaced), flag, section, own section
/// only, limit, offset, the facet filters (their debug form: `Filter` holds ordered maps), and whether the facets are
/// left out. See [`SearchEngine::key`].
type AnswerKey = (String, bool, Option<String>, bool, usize, usize, String, bool);

/// Why [`SearchEngine::answer`] has no answer.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// No index built from the catalogue is in use yet (seconds after a start on a large catalogue).
    #[error("the first search index is being built")]
    Starting,
    /// The index or the offers' loader failed.
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// The shop's search and facet indexes (issue 35), built from one read of the catalogue and swapped in together, so
/// a listing's counts never disagree with what search finds; cached answers.
pub struct SearchEngine {
    current: RwLock<Arc<SearchIndex>>,
    /// Swapped under `current`'s write lock, with it.
    facets: RwLock<Arc<FacetIndex>>,
    /// Which index is in use: bumped by every swap, so an answer made from an index swapped out meanwhile is not
    /// kept.
    generation: AtomicU64,
    /// Serialised [`SearchAnswer`]s by question, weighed in bytes; emptied by every swap.
    answers: moka::sync::Cache<AnswerKey, Bytes>,
    ready: AtomicBool,
    /// The import (`imports.id`) the indexes in use were built after; -1 before the first build is marked.
    indexed_import: AtomicI64,
    /// Bytes the facet index in use holds, about ([`FacetIndex::memory_bytes`]).
    facet_bytes: AtomicU64,
    /// How facets are shown: each rebuild's ([`SearchEngine::with_facet_settings`]).
    facet_settings: FacetSettings,
    /// Where the indexes are kept between starts (issue 39); `None`: in memory only.
    store: Option<IndexStore>,
    /// The catalogue version the indexes in use show; `None` before the first is in use.
    version: RwLock<Option<IndexVersion>>,
    /// The indexes in use since the start were opened from the store, not built.
    opened: AtomicBool,
    /// Products indexed by the builds of this process (0 when the index was opened and nothing changed since).
    built_products: AtomicU64,
    /// Products changed or added by the updates of this process ([`SearchEngine::update`]).
    updated_products: AtomicU64,
    /// Bytes of listings' counts each facet index put in use may keep ([`FacetIndex::keep_counts`]).
    counts_bytes: u64,
    /// Bytes of frequent terms' bit sets each search index put in use may keep ([`SearchIndex::keep_term_bits`]).
    term_bits_bytes: u64,
    /// A search's matches whose facets each facet index put in use counts exactly
    /// ([`FacetIndex::count_exactly_up_to`]).
    facet_exact_matches: u64,
    /// The threads that search ([`search_pool`]), one queue of questions in the order asked.
    searching: SearchThreads,
}

/// The pool [`SearchEngine::answer`] searches on: [`SEARCH_THREADS_PER_CORE`] threads per core, named `search-{n}`.
/// Its own threads, not tokio's blocking pool: a turn handed over through a semaphore and a new blocking task left
/// a core idle between questions, so more questions were let in at once than there are cores, and they took turns
/// on them (issue 39). Not the async threads either: a question worked there held up every request queued behind it
/// (a script's p50 70 ms at a million offers under 64 connections of new questions, against 0.14 ms). Each thread
/// keeps its work arrays (some 125 KB a bit set at a million documents) from question to question. A wide question
/// shares its scan with another of the pool's threads while fewer questions are in hand than threads
/// ([`SearchIndex::search_shared`]). Public for the in-process benchmark,
/// which asks its questions on such a pool. Errors: the threads could not be started.
///
/// [`SEARCH_THREADS_PER_CORE`]: crate::limits::SEARCH_THREADS_PER_CORE
pub fn search_pool() -> tantivy::Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    rayon::ThreadPoolBuilder::new()
        .num_threads(cores * crate::limits::SEARCH_THREADS_PER_CORE)
        .thread_name(|n| format!("search-{n}"))
        // A question that panicked is answered with an error (its sender dropped), not the end of the process.
        .panic_handler(|panic| {
            let what = panic.downcast_ref::<&str>().copied().or(panic.downcast_ref::<String>().map(String::as_str));
            tracing::error!(panic = what.unwrap_or("?"), "a search panicked");
        })
        .build()
        .map_err(|e| tantivy::TantivyError::SystemError(format!("starting the search threads: {e}")))
}

/// The search threads ([`search_pool`]) and the questions in their hands.
struct SearchThreads {
    pool: rayon::ThreadPool,
    /// Questions handed over and not yet answered or skipped ([`Share::in_hand`]).
    in_hand: Arc<AtomicUsize>,
}

impl SearchThreads {
    fn new(pool: rayon::ThreadPool) -> Self {
        Self { pool, in_hand: Arc::default() }
    }
}

/// One fewer question in the search threads' hands when dropped: when the question is answered, skipped or panics.
struct InHand(Arc<AtomicUsize>);

impl Drop for InHand {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Hands `work` (a question) to the search threads `threads` ([`search_pool`]), after the questions handed over
/// before it, and answers what it returned. `work` is given how its scans are shared with another thread: from
/// [`SEARCH_SHARE_MIN_MATCHES`] matches, while a thread is idle ([`Share`]). The hand-over is at the call; when the
/// future answered is dropped before a thread takes `work` up (the asker left while it waited), `work` is not run.
/// Errors: `work` panicked (the pool's panic handler logs the panic itself as "a search panicked").
///
/// [`SEARCH_SHARE_MIN_MATCHES`]: crate::limits::SEARCH_SHARE_MIN_MATCHES
fn on_search_threads<T: Send + 'static, W: for<'s> FnOnce(Share<'s>) -> T + Send + 'static>(
    threads: &SearchThreads,
    work: W,
) -> impl Future<Output = anyhow::Result<T>> + use<T, W> {
    let (sent, answered) = tokio::sync::oneshot::channel();
    let (in_hand, count) = (threads.in_hand.clone(), threads.pool.current_num_threads());
    in_hand.fetch_add(1, Ordering::Relaxed);
    threads.pool.spawn_fifo(move || {
        let in_hand = InHand(in_hand);
        let answer = (!sent.is_closed()).then(|| work(Share::while_idle(&in_hand.0, count)));
        // Out of hand before the asker hears.
        drop(in_hand);
        if let Some(answer) = answer {
            let _ = sent.send(answer);
        }
    });
    async move { answered.await.map_err(|_| anyhow::anyhow!("the search panicked (logged as \"a search panicked\")")) }
}

/// A cache of serialised answers weighed in bytes, at most `bytes`.
fn answer_cache(bytes: u64) -> moka::sync::Cache<AnswerKey, Bytes> {
    moka::sync::Cache::builder()
        .weigher(|_: &AnswerKey, body: &Bytes| u32::try_from(body.len()).unwrap_or(u32::MAX))
        .max_capacity(bytes)
        .build()
}

/// How the indexes in use came to be (`GET /api/health/ready`'s `index`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexOrigin {
    /// Opened from the store at start, not built.
    pub opened: bool,
    /// Products indexed by this process's builds.
    pub built_products: u64,
    /// Products changed or added by this process's updates.
    pub updated_products: u64,
}

impl SearchEngine {
    /// An engine with an empty index (not [ready](Self::is_ready) until the first build is swapped in).
    pub fn new() -> tantivy::Result<Self> {
        Ok(Self {
            current: RwLock::new(Arc::new(SearchIndex::build(Vec::new())?)),
            facets: RwLock::new(Arc::new(FacetIndex::default())),
            generation: AtomicU64::new(0),
            answers: answer_cache(CacheBudget::default().answers),
            ready: AtomicBool::new(false),
            indexed_import: AtomicI64::new(-1),
            facet_bytes: AtomicU64::new(0),
            facet_settings: FacetSettings::default(),
            store: None,
            version: RwLock::new(None),
            opened: AtomicBool::new(false),
            built_products: AtomicU64::new(0),
            updated_products: AtomicU64::new(0),
            counts_bytes: CacheBudget::default().counts,
            term_bits_bytes: CacheBudget::default().term_bits,
            facet_exact_matches: crate::limits::FACET_SAMPLE_MATCHES,
            searching: SearchThreads::new(search_pool()?),
        })
    }

    /// The engine keeping at most `budget.answers` bytes of answers and each facet index `budget.counts` bytes of
    /// listings' counts (`VITRINA_CACHE_MB`, issue 39).
    pub fn with_cache_budget(self, budget: CacheBudget) -> Self {
        Self {
            answers: answer_cache(budget.answers),
            counts_bytes: budget.counts,
            term_bits_bytes: budget.term_bits,
            ..self
        }
    }

    /// The engine counting a search's facets exactly up to `matches` matches, and estimating them past it
    /// (`vitrina serve --facet-exact-matches`, issue 39).
    pub fn with_facet_exact_matches(self, matches: u64) -> Self {
        Self { facet_exact_matches: matches, ..self }
    }

    /// The engine keeping its indexes in `store` (issue 39): [`Self::open_stored`] opens the last one at start, and
    /// every [`Self::rebuild`] writes the new one there before it is used.
    pub fn with_store(self, store: IndexStore) -> Self {
        Self { store: Some(store), ..self }
    }

    /// The version an index of the catalogue at import `last_import` (finished at `import_finished_at`, as
    /// `imports.finished_at` says) with synonyms version `synonyms` has, built with this engine's facet settings.
    pub fn version_of(&self, last_import: i64, import_finished_at: Option<String>, synonyms: i64) -> IndexVersion {
        IndexVersion {
            format: super::disk::FORMAT,
            last_import,
            import_finished_at,
            synonyms,
            facet_settings: format!("{:?}", self.facet_settings),
        }
    }

    /// Whether the indexes in use show import `last_import` with synonyms version `synonyms`, built with this
    /// engine's facet settings.
    pub fn shows(&self, last_import: i64, synonyms: i64) -> bool {
        self.shown() == Some((last_import, synonyms))
    }

    /// The import and synonyms version the indexes in use show, `(last_import, synonyms)`, when built with this
    /// engine's facet settings; `None` before any (issue 39: what the pages rendered from them show).
    pub fn shown(&self) -> Option<(i64, i64)> {
        let version = self.version.read().unwrap_or_else(|e| e.into_inner());
        let ours = format!("{:?}", self.facet_settings);
        version.as_ref().filter(|v| v.facet_settings == ours).map(|v| (v.last_import, v.synonyms))
    }

    /// How the indexes in use came to be.
    pub fn origin(&self) -> IndexOrigin {
        IndexOrigin {
            opened: self.opened.load(Ordering::Acquire),
            built_products: self.built_products.load(Ordering::Relaxed),
            updated_products: self.updated_products.load(Ordering::Relaxed),
        }
    }

    /// Opens the indexes the store kept (at start) and puts them in use, when they show a catalogue of this
    /// database: `finished_at` gives `imports.finished_at` of an import id, so an index kept for another database
    /// whose imports have the same ids is not shown. An older catalogue of this one is shown until the watcher has
    /// built the current one (after a crash during a build, or an import made while the shop was stopped). Whether
    /// indexes were put in use.
    pub async fn open_stored<F, Fut>(&self, finished_at: F) -> bool
    where
        F: FnOnce(i64) -> Fut,
        Fut: Future<Output = anyhow::Result<Option<String>>>,
    {
        let Some(store) = self.store.clone() else { return false };
        let started = std::time::Instant::now();
        let Ok(Some(opened)) = tokio::task::spawn_blocking(move || store.open()).await else { return false };
        match finished_at(opened.version.last_import).await {
            Ok(stamp) if stamp == opened.version.import_finished_at => {}
            Ok(_) => {
                tracing::warn!(import = opened.version.last_import, "the stored search index is of another database");
                return false;
            }
            Err(err) => {
                tracing::warn!(err = format!("{err:#}"), "the stored search index cannot be checked");
                return false;
            }
        }
        let products = opened.search.len();
        let import = opened.version.last_import;
        self.install(opened.search, opened.facets, opened.version);
        self.opened.store(true, Ordering::Release);
        self.mark_indexed(import);
        tracing::info!(products, import, ms = started.elapsed().as_millis() as u64, "search and facet indexes opened");
        true
    }

    /// Puts `index` and `facets` in use, showing `version`.
    fn install(&self, mut index: SearchIndex, mut facets: FacetIndex, version: IndexVersion) {
        index.keep_term_bits(self.term_bits_bytes);
        facets.keep_counts(self.counts_bytes);
        facets.count_exactly_up_to(self.facet_exact_matches);
        // One list of offer ids for both (the facet index's dense ids are the search index's ordinals).
        if !facets.adopt_ids(index.ids()) {
            tracing::warn!("the facet index's offer ids differ from the search index's; each keeps its own");
        }
        *self.version.write().unwrap_or_else(|e| e.into_inner()) = Some(version);
        self.swap_with_facets(index, facets);
    }

    /// The engine with the shop's facet settings (`vitrina serve --facet-min-share`, `--facet-order`), which every
    /// rebuild of the facet index follows.
    pub fn with_facet_settings(self, facet_settings: FacetSettings) -> Self {
        Self { facet_settings, ..self }
    }

    /// Answers `request` with the JSON of a [`SearchAnswer`] (`GET /api/search`'s body), narrowed by the facet
    /// filters `filter` (its `values`, `ranges` and `price`; the search's own section and stock flag rule) and with
    /// the facets of its matches. A question asked since the last swap is answered from the cache; otherwise the
    /// index runs on the search threads ([`search_pool`]) and `load` gives the items of the ids it names, best first
    /// (it may leave out offers that are gone). Errors: [`AnswerError::Starting`] before the first index;
    /// [`AnswerError::Failed`] when the index or `load` fails.
    pub async fn answer<L, F, P, G>(
        &self,
        request: SearchRequest,
        filter: Filter,
        load: L,
        pictures: P,
    ) -> Result<Bytes, AnswerError>
    where
        L: FnOnce(Vec<String>) -> F,
        F: Future<Output = anyhow::Result<Vec<SearchItem>>>,
        P: FnOnce(Vec<i64>) -> G,
        G: Future<Output = anyhow::Result<HashMap<i64, Picture>>>,
    {
        if !self.is_ready() {
            return Err(AnswerError::Starting);
        }
        let key = Self::key(&request, &filter);
        if let Some(body) = self.answers.get(&key) {
            return Ok(body);
        }
        let (generation, index, facets) = self.indexes();
        let cards = index.cards().clone();
        let request = SearchRequest { text: key.0.clone(), ..request };
        let work = move |share: Share| {
            // The facet index's dense ids are the search index's ordinals (one read, one swap).
            let narrowed = filter.values.len() + filter.ranges.len() > 0 || filter.price != (None, None);
            let within = narrowed.then(|| Arc::new(facets.matching(&Filter { section: None, ..filter.clone() })));
            let mut hits = index.search_shared(&SearchRequest { within, ..request.clone() }, share)?;
            let found = std::mem::take(&mut hits.found);
            let counts = (!facets.is_empty() && !request.no_facets).then(|| {
                let scope = Filter { available: request.available_only, within: Some(found), ..filter };
                ListingFacets::from_counts(facets.counts(&scope), facets.currency_id())
            });
            tantivy::Result::Ok((hits, counts))
        };
        let (hits, facets) = on_search_threads(&self.searching, work).await?.map_err(anyhow::Error::from)?;
        let mut sections = vec![SearchSection {
            id: ALL_SECTIONS_ID.to_owned(),
            value: ALL_SECTIONS_TITLE.to_owned(),
            found: hits.total,
        }];
        sections.extend(hits.sections.into_iter().map(|(id, value, found)| SearchSection { id, value, found }));
        let answer = SearchAnswer {
            total: hits.total,
            sections,
            items: Vec::new(),
            items_total: hits.items_total,
            partial: hits.partial,
            exact: hits.exact,
            facets,
        };
        // The answer with no items, then the items written into its `items` array in place: from their cards when
        // every one has one; else (an index built from documents alone) from `load`.
        let empty = serde_json::to_vec(&answer).map_err(anyhow::Error::from)?;
        let at = items_at(&empty)?;
        let mut body = Vec::with_capacity(empty.len() + hits.ordinals.len() * 1024);
        body.extend_from_slice(&empty[..at]);
        let page: Option<Vec<Card<'_>>> = hits.ordinals.iter().map(|&ordinal| cards.get(ordinal)).collect();
        match page {
            Some(page) => {
                let ids: Vec<i64> = page.iter().flat_map(Card::picture_ids).collect();
                let shown = if ids.is_empty() { HashMap::new() } else { pictures(ids).await? };
                for (n, card) in page.iter().enumerate() {
                    if n > 0 {
                        body.push(b',');
                    }
                    card.write(&mut body, &shown);
                }
            }
            None => {
                for (n, item) in load(hits.items).await?.iter().enumerate() {
                    if n > 0 {
                        body.push(b',');
                    }
                    serde_json::to_writer(&mut body, item).map_err(anyhow::Error::from)?;
                }
            }
        }
        body.extend_from_slice(&empty[at..]);
        let body = Bytes::from(body);
        // The read lock keeps a swap from slipping between the generation check and the insert.
        let _index = self.current.read().unwrap_or_else(|e| e.into_inner());
        if self.generation.load(Ordering::Acquire) == generation {
            self.answers.insert(key, body.clone());
        }
        Ok(body)
    }

    /// The cache key of `request` with `filter`: two questions with the same key have the same answer until the
    /// next swap.
    fn key(request: &SearchRequest, filter: &Filter) -> AnswerKey {
        let text: String = fold(&request.text).to_lowercase().chars().take(MAX_SEARCH_QUERY_CHARS).collect();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let filter = format!("{:?}", (&filter.values, &filter.ranges, filter.price));
        (
            text,
            request.available_only,
            request.section.clone(),
            request.own_section_only,
            request.limit,
            request.offset,
            filter,
            request.no_facets,
        )
    }

    /// The swap generation, the search index and the facet index in use, read together (a swap takes `current`'s
    /// write lock before it replaces either).
    fn indexes(&self) -> (u64, Arc<SearchIndex>, Arc<FacetIndex>) {
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        let facets = self.facets.read().unwrap_or_else(|e| e.into_inner()).clone();
        (self.generation.load(Ordering::Acquire), current.clone(), facets)
    }

    /// Whether an index built from the catalogue has been swapped in.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The index in use now. Queries hold their own `Arc`, so a swap never cuts one short.
    pub fn index(&self) -> Arc<SearchIndex> {
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The facet index in use now, built with [`Self::index`] from the same read of the catalogue. Empty until the
    /// first build ([`Self::is_ready`]).
    pub fn facets(&self) -> Arc<FacetIndex> {
        self.facets.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The import the indexes in use show (`imports.id`, as [`Self::mark_indexed`] recorded it); -1 before.
    /// `GET /api/health/ready` tells it, so an operator (or a test) sees when an import has reached the listings.
    pub fn indexed_import(&self) -> i64 {
        self.indexed_import.load(Ordering::Acquire)
    }

    /// The indexes in use were built after import `import`.
    pub fn mark_indexed(&self, import: i64) {
        self.indexed_import.store(import, Ordering::Release);
    }

    /// Bytes the facet index in use holds, about.
    pub fn facet_bytes(&self) -> u64 {
        self.facet_bytes.load(Ordering::Relaxed)
    }

    /// Puts `index` and `facets` in use together ([`Self::swap`]).
    pub fn swap_with_facets(&self, index: SearchIndex, facets: FacetIndex) {
        // Made here, before the searches are held off, not at the first sampled search.
        facets.prepare_samples();
        let current = self.current.write().unwrap_or_else(|e| e.into_inner());
        self.facet_bytes.store(facets.memory_bytes() as u64, Ordering::Relaxed);
        *self.facets.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(facets);
        drop(current);
        self.swap(index);
    }

    /// Empties the answer cache, the indexes staying in use: answers being made meanwhile are not kept. The catalogue
    /// watcher calls it when the pictures shown change (answers name them).
    pub fn forget_answers(&self) {
        let current = self.current.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.answers.invalidate_all();
        drop(current);
    }

    /// Puts `index` in use and empties every cache. Stores of values made from the old index that come later are
    /// dropped (they carry the old [`Generation`]); the write lock keeps a store from slipping between the two.
    pub fn swap(&self, index: SearchIndex) {
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        *current = Arc::new(index);
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.answers.invalidate_all();
        drop(current);
        self.ready.store(true, Ordering::Release);
    }

    /// Puts in use the indexes of `version`: [`SearchEngine::update`]d from those in use when it can, else
    /// [`SearchEngine::rebuild`]. Answers the products shown. Errors: the build's.
    pub async fn refresh(&self, pool: &Db, version: IndexVersion) -> anyhow::Result<usize> {
        match self.update(pool, version.clone()).await {
            Ok(Some(products)) => return Ok(products),
            Ok(None) => {}
            Err(err) => tracing::warn!(err = format!("{err:#}"), "search index update failed; building anew"),
        }
        self.rebuild(pool, version).await
    }

    /// Updates the indexes in use to `version` from what the imports since changed (`search::update`), keeping the
    /// new generation in the store and swapping it in. `Ok(None)`, nothing done, when no update applies: no store,
    /// nothing in use, another database, synonyms or facet settings, imports whose changes are not all kept or
    /// named everything, another section tree, too large a change ([`update::plan`]), or too many segments. Logs the
    /// products changed and gone, and the time of the files linked with the kept entries read (`link_ms`), of the
    /// catalogue's read (`read_ms`), of the facet
    /// entries written and the facet index built (`facets_ms`), of the search index's new segment with the switch
    /// (`index_ms`), and of the whole (`ms`). Errors: the read, the write or tantivy's; the generation in use stays.
    pub async fn update(&self, pool: &Db, version: IndexVersion) -> anyhow::Result<Option<usize>> {
        let started = std::time::Instant::now();
        let Some(store) = self.store.clone() else { return Ok(None) };
        let Some(shown) = self.version.read().unwrap_or_else(|e| e.into_inner()).clone() else { return Ok(None) };
        let same_kind = shown.format == version.format
            && shown.facet_settings == version.facet_settings
            && shown.synonyms == version.synonyms;
        let behind = version.last_import - shown.last_import;
        // Strictly within the imports whose tags are kept: an import committing meanwhile prunes the oldest's.
        if !same_kind || behind <= 0 || behind >= crate::limits::CONTENT_CHANGES_KEPT_IMPORTS {
            return Ok(None);
        }
        let old = self.index();
        let tags: HashSet<String> =
            crate::db::changes::since(pool, shown.last_import, version.last_import).await?.into_iter().collect();
        if tags.contains(crate::domain::changes::ALL) {
            return Ok(None);
        }
        // Nothing the indexes hold changed (a feed imported again as it was, a change of the shop's header): the
        // generation in use is relabelled, not written again. The answers go (they carry offers' pictures, which an
        // import may bring to show).
        if !tags.iter().any(|tag| update::touches_indexes(tag)) {
            let (from, to) = (shown.clone(), version.clone());
            if tokio::task::spawn_blocking(move || store.relabel(&from, &to)).await?? {
                let products = old.len();
                *self.version.write().unwrap_or_else(|e| e.into_inner()) = Some(version);
                self.forget_answers();
                tracing::info!(products, "search and facet indexes kept: the imports changed nothing they hold");
                return Ok(Some(products));
            }
            return Ok(None);
        }
        if !update::room_for_segment(old.segment_count()) {
            return Ok(None);
        }
        let linking = std::time::Instant::now();
        let (building, base) = tokio::task::spawn_blocking(move || {
            let building = store.begin()?;
            let base = building.link_current()?;
            anyhow::Ok((building, base))
        })
        .await??;
        let link_ms = linking.elapsed().as_millis() as u64;
        if let Some(opened) = building.already(&version) {
            let products = opened.search.len();
            self.install(opened.search, opened.facets, opened.version);
            tracing::info!(products, "search and facet indexes opened: another process updated them");
            return Ok(Some(products));
        }
        let Some(base) = base.filter(|base| base.version == shown && base.entries.len() == old.ordinals()) else {
            return Ok(None);
        };
        let mut plan = None;
        let read = crate::db::search::snapshot_update(pool, |places, sections| {
            if sections != base.catalogue.sections.as_slice() {
                return None;
            }
            plan = update::plan(&base.entries, places, &tags);
            plan.as_ref().map(|plan| plan.read.clone())
        })
        .await?;
        let (Some(read), Some(plan)) = (read, plan) else { return Ok(None) };
        let rules = shop_rules(crate::db::search::synonym_rules(pool).await?.as_deref());
        let read_ms = started.elapsed().as_millis() as u64 - link_ms;
        let settings = self.facet_settings.clone();
        let kept = version.clone();
        let (changed, gone) = (plan.changed, plan.gone.len());
        let updated = tokio::task::spawn_blocking(move || {
            let (mut docs, offers) = super::products::gather(read.docs, read.offers);
            // The new products' cards follow the old ones' (an index without cards of every ordinal builds anew).
            let new_cards = take_cards(&mut docs).filter(|_| old.cards().len() as usize == old.ordinals());
            let Some(new_cards) = new_cards else { return anyhow::Ok(None) };
            let Base { entries, mut catalogue, .. } = base;
            // A product read that the plan did not name as changed (the reads disagreeing): build anew.
            let Some((entries, feed)) = update::apply(entries, &plan.gone, offers, &read.places) else {
                return anyhow::Ok(None);
            };
            let at = std::time::Instant::now();
            building.keep_entries(&entries)?;
            let facets = FacetIndex::build_entries(entries, Some(&feed), &settings);
            let facets_ms = at.elapsed().as_millis() as u64;
            let at = std::time::Instant::now();
            let index =
                SearchIndex::extend_in(building.dir(), &old, &plan.gone, docs, &feed, &mut catalogue.brands, rules)?
                    .with_cards(old.cards().with_written(building.dir(), &new_cards)?);
            building.keep_catalogue(&catalogue)?;
            building.switch(&index, &facets, &kept)?;
            anyhow::Ok(Some((index, facets, facets_ms, at.elapsed().as_millis() as u64)))
        })
        .await??;
        let Some((index, facets, facets_ms, index_ms)) = updated else {
            tracing::warn!("the catalogue read for the search index update disagrees with its plan; building anew");
            return Ok(None);
        };
        let products = index.len();
        self.install(index, facets, version);
        self.updated_products.fetch_add(changed as u64, Ordering::Relaxed);
        tracing::info!(
            products,
            changed,
            gone,
            link_ms,
            read_ms,
            facets_ms,
            index_ms,
            ms = started.elapsed().as_millis() as u64,
            "search and facet indexes updated"
        );
        Ok(Some(products))
    }

    /// Reads the catalogue, builds a new search index and facet index off the async threads, keeps them in the store
    /// (when there is one: written whole before they are named current, `search::disk`) and swaps both in, showing
    /// `version`. When another process sharing the store has just built `version`, its indexes are opened instead.
    /// Logs the products indexed, the facet index's memory (bytes, about: [`FacetIndex::memory_bytes`]), the time of
    /// the read (`read_ms`) and the whole (`ms`). Errors: the read, the build or the store's.
    pub async fn rebuild(&self, pool: &Db, version: IndexVersion) -> anyhow::Result<usize> {
        let started = std::time::Instant::now();
        // The store's lock first: a build of another process sharing the folder ends before this one reads.
        let building = match self.store.clone() {
            Some(store) => {
                let wanted = version.clone();
                let (building, done) = tokio::task::spawn_blocking(move || {
                    let building = store.begin()?;
                    let done = building.already(&wanted);
                    std::io::Result::Ok((building, done))
                })
                .await??;
                if let Some(opened) = done {
                    let products = opened.search.len();
                    self.install(opened.search, opened.facets, opened.version);
                    tracing::info!(products, "search and facet indexes opened: another process built them");
                    return Ok(products);
                }
                Some(building)
            }
            None => None,
        };
        // One read: the search index's ordinals are the facet index's dense ids (`SearchRequest::within`).
        let snapshot = crate::db::search::snapshot(pool).await?;
        let rules = shop_rules(crate::db::search::synonym_rules(pool).await?.as_deref());
        let read_ms = started.elapsed().as_millis() as u64;
        let settings = self.facet_settings.clone();
        let kept = version.clone();
        let (index, facets) = tokio::task::spawn_blocking(move || {
            // Both hold products: a group's variants are one entry (issue 35).
            let (docs, facet_offers) = super::products::gather(snapshot.docs, snapshot.offers);
            // Ordinals by section, the shop's order kept as the feed's.
            let (mut docs, facet_offers, feed) = super::products::in_section_order(docs, facet_offers);
            let cards = take_cards(&mut docs);
            let entries: Vec<_> = facet_offers.into_iter().map(Some).collect();
            if let Some(building) = &building {
                building.keep_entries(&entries)?;
            }
            let facets = FacetIndex::build_entries(entries, (!feed.is_empty()).then_some(&feed[..]), &settings);
            let (index, brands) = SearchIndex::build_in(building.as_ref().map(|b| b.dir()), docs, rules, feed)?;
            let index = match (&building, cards) {
                (Some(building), Some(cards)) => {
                    index.with_cards(Cards::default().with_written(building.dir(), &cards)?)
                }
                (None, Some(cards)) => index.with_cards(Cards::default().with_held(&cards)),
                (_, None) => index,
            };
            if let Some(building) = building {
                building.keep_catalogue(&Catalogue { brands, sections: snapshot.sections })?;
                building.switch(&index, &facets, &kept)?;
            }
            anyhow::Ok((index, facets))
        })
        .await??;
        let offers = index.len();
        let facet_bytes = facets.memory_bytes();
        self.install(index, facets, version);
        self.built_products.fetch_add(offers as u64, Ordering::Relaxed);
        tracing::info!(
            products = offers,
            facet_bytes,
            read_ms,
            ms = started.elapsed().as_millis() as u64,
            "search and facet indexes built"
        );
        Ok(offers)
    }
}

/// The cards of `docs` ([`cards::encode`]), in their order, each document's facts dropped once encoded (a build holds
/// every document at once). `None` when a document has no facts.
fn take_cards(docs: &mut [super::SearchDoc]) -> Option<Vec<Vec<u8>>> {
    docs.iter_mut()
        .map(|doc| {
            let card = cards::encode(doc);
            doc.card = None;
            card
        })
        .collect()
}

/// Where the items go in `answer` (a [`SearchAnswer`] serialised with no items): just inside its `items` array's
/// brackets. Inside a JSON string every `"` is escaped, so the first `"items":[]` is the key's. Errors: no such key
/// (the answer's shape changed).
fn items_at(answer: &[u8]) -> anyhow::Result<usize> {
    const EMPTY: &[u8] = b"\"items\":[]";
    let at = answer
        .windows(EMPTY.len())
        .position(|w| w == EMPTY)
        .ok_or_else(|| anyhow::anyhow!("a search answer without items"))?;
    Ok(at + EMPTY.len() - 1)
}

/// The shop's synonym rules: `stored` (checked when `vitrina synonyms import` stored them) or, when none are stored or
/// they no longer read, the binary's ([`DEFAULT_RULES`]).
fn shop_rules(stored: Option<&str>) -> Synonyms {
    stored
        .and_then(|text| {
            Synonyms::parse(text)
                .inspect_err(|err| tracing::error!(%err, "the stored search synonyms do not read; the defaults apply"))
                .ok()
        })
        .unwrap_or_else(|| Synonyms::parse(DEFAULT_RULES).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchDoc;

    #[tokio::test]
    async fn a_question_that_panics_on_the_search_threads_is_an_error_and_the_threads_go_on() {
        let pool = SearchThreads::new(search_pool().unwrap());
        let failed = on_search_threads(&pool, |_| -> u32 { panic!("a search that fails") }).await;
        assert!(failed.unwrap_err().to_string().contains("panicked"), "the asker hears of it");
        let next = on_search_threads(&pool, |_| std::thread::current().name().map(str::to_owned)).await;
        assert!(next.unwrap().unwrap().starts_with("search-"), "the next question is searched");
        assert_eq!(pool.in_hand.load(Ordering::SeqCst), 0, "both left the threads' hands, the panicked one too");
    }

    #[tokio::test]
    async fn a_question_whose_asker_left_while_it_waited_is_not_searched() {
        // One thread, held busy, so that the questions wait in the queue in the order asked.
        let pool = SearchThreads::new(rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap());
        let (release, held) = std::sync::mpsc::channel::<()>();
        let busy = on_search_threads(&pool, move |_| held.recv().is_ok());
        let searched = Arc::new(AtomicUsize::new(0));
        let counting = |searched: &Arc<AtomicUsize>| {
            let searched = searched.clone();
            move |_: Share| searched.fetch_add(1, Ordering::SeqCst)
        };
        drop(on_search_threads(&pool, counting(&searched)));
        let stayed = on_search_threads(&pool, counting(&searched));
        release.send(()).unwrap();
        assert!(busy.await.unwrap());
        assert_eq!(stayed.await.unwrap(), 0, "the question after it is the first searched");
        assert_eq!(searched.load(Ordering::SeqCst), 1, "the left one was not searched");
        assert_eq!(pool.in_hand.load(Ordering::SeqCst), 0, "none is left in the threads' hands");
    }

    fn docs(name: &str, n: usize) -> Vec<SearchDoc> {
        (0..n).map(|i| SearchDoc { id: format!("{name}-{i}"), name: name.into(), ..SearchDoc::default() }).collect()
    }

    fn item(id: String) -> SearchItem {
        SearchItem {
            id,
            category_id: None,
            name: String::new(),
            url: String::new(),
            picture: None,
            parameters: Vec::new(),
            price: 1.into(),
            old_price: None,
            currency_id: "RUB".into(),
            available: true,
        }
    }

    /// A loader that makes a bare item of each id and counts its calls.
    fn counting(
        calls: &AtomicUsize,
    ) -> impl FnOnce(Vec<String>) -> std::future::Ready<anyhow::Result<Vec<SearchItem>>> + '_ {
        move |ids| {
            calls.fetch_add(1, Ordering::SeqCst);
            std::future::ready(Ok(ids.into_iter().map(item).collect()))
        }
    }

    /// Pictures never asked for: these indexes hold no cards.
    fn none_shown(_: Vec<i64>) -> std::future::Ready<anyhow::Result<HashMap<i64, Picture>>> {
        std::future::ready(Ok(HashMap::new()))
    }

    fn parse(body: &Bytes) -> serde_json::Value {
        serde_json::from_slice(body).unwrap()
    }

    #[test]
    fn queries_during_swaps_see_one_whole_index_or_the_other() {
        let engine = Arc::new(SearchEngine::new().unwrap());
        engine.swap(SearchIndex::build(docs("конструктор", 50)).unwrap());
        let readers: Vec<_> = (0..4)
            .map(|_| {
                let engine = engine.clone();
                std::thread::spawn(move || {
                    for _ in 0..200 {
                        let request =
                            SearchRequest { text: "конструктор".into(), limit: 10, ..Default::default() };
                        let hits = engine.index().search(&request).unwrap();
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

    #[tokio::test]
    async fn an_answer_is_the_documented_shape_and_asked_again_comes_from_the_cache() {
        let engine = Arc::new(SearchEngine::new().unwrap());
        let request = || SearchRequest { text: " Мяч  ".into(), limit: 2, ..Default::default() };
        let calls = AtomicUsize::new(0);
        assert!(matches!(
            engine.answer(request(), Filter::default(), counting(&calls), none_shown).await,
            Err(AnswerError::Starting)
        ));

        engine.swap(SearchIndex::build(docs("мяч", 3)).unwrap());
        let body = engine.answer(request(), Filter::default(), counting(&calls), none_shown).await.unwrap();
        let answer = parse(&body);
        assert_eq!(answer["total"], 3);
        assert_eq!(answer["itemsTotal"], 3);
        assert_eq!(answer["sections"][0]["id"], ALL_SECTIONS_ID);
        assert_eq!(answer["items"].as_array().unwrap().len(), 2);
        assert_eq!(answer["items"][0]["currencyId"], "RUB");
        // The same question, spelt differently: one cache entry.
        let again = SearchRequest { text: "мяч".into(), ..request() };
        assert_eq!(
            engine
                .answer(again, Filter::default(), |_| async { anyhow::bail!("not asked") }, none_shown)
                .await
                .unwrap(),
            body
        );
        assert_eq!(calls.load(Ordering::SeqCst), 1);

        engine.swap(SearchIndex::build(docs("мяч", 5)).unwrap());
        assert_eq!(
            parse(&engine.answer(request(), Filter::default(), counting(&calls), none_shown).await.unwrap())["total"],
            5,
            "a swap empties it"
        );
    }

    #[tokio::test]
    async fn an_answer_made_while_the_index_was_swapped_is_not_kept() {
        let engine = Arc::new(SearchEngine::new().unwrap());
        engine.swap(SearchIndex::build(docs("мяч", 3)).unwrap());
        let request = || SearchRequest { text: "мяч".into(), limit: 10, ..Default::default() };
        let swapping = engine.clone();
        // An import lands while the offers are being loaded.
        let load = |ids: Vec<String>| async move {
            swapping.swap(SearchIndex::build(docs("мяч", 4)).unwrap());
            Ok(ids.into_iter().map(item).collect())
        };
        assert_eq!(parse(&engine.answer(request(), Filter::default(), load, none_shown).await.unwrap())["total"], 3);
        let calls = AtomicUsize::new(0);
        assert_eq!(
            parse(&engine.answer(request(), Filter::default(), counting(&calls), none_shown).await.unwrap())["total"],
            4,
            "not the old answer"
        );
    }

    #[tokio::test]
    async fn a_failing_loader_is_an_error_and_nothing_is_kept() {
        let engine = Arc::new(SearchEngine::new().unwrap());
        engine.swap(SearchIndex::build(docs("мяч", 3)).unwrap());
        let request = || SearchRequest { text: "мяч".into(), limit: 10, ..Default::default() };
        let failed = engine
            .answer(request(), Filter::default(), |_| async { anyhow::bail!("the database is gone") }, none_shown)
            .await;
        assert!(matches!(failed, Err(AnswerError::Failed(_))));
        let calls = AtomicUsize::new(0);
        assert!(engine.answer(request(), Filter::default(), counting(&calls), none_shown).await.is_ok());
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    /// A feed of `offers` (each `(id, name, price, extra XML)`, a variant's XML starting with its group, `g:`), two
    /// sections.
    fn feed(offers: &[(&str, &str, u32, &str)]) -> String {
        let offers: String = offers
            .iter()
            .map(|(id, name, price, extra)| {
                let (group, extra) = match extra.strip_prefix("g:") {
                    Some(extra) => (r#" group_id="g""#, extra),
                    None => ("", *extra),
                };
                format!(
                    r#"<offer id="{id}"{group} available="true"><name>{name}</name><price>{price}</price><currencyId>RUR</currencyId>{extra}</offer>"#
                )
            })
            .collect();
        format!(
            r#"<yml_catalog date="2026-01-01 00:00"><shop><name>S</name><currencies><currency id="RUR" rate="1"/></currencies>
            <categories><category id="1">Куклы</category><category id="2" parentId="1">Пупсы</category></categories>
            <offers>{offers}</offers></shop></yml_catalog>"#
        )
    }

    /// Asks `engine` each of `questions` and checks each answer's items against the offers as the catalogue reads
    /// them (`SearchItem::from(&Offer)`, the items before cards): the cards must say the same.
    async fn items_agree(engine: &SearchEngine, pool: &Db, questions: &[&str]) -> Vec<serde_json::Value> {
        let catalog = &crate::catalog::CatalogCache::default();
        let mut seen = Vec::new();
        for text in questions {
            let request = SearchRequest { text: (*text).into(), limit: 100, ..SearchRequest::default() };
            let body = engine
                .answer(
                    request,
                    Filter::default(),
                    |_| async { anyhow::bail!("every item has a card") },
                    |ids| async move { Ok(catalog.pictures(pool, &ids).await?) },
                )
                .await
                .unwrap();
            let items = parse(&body)["items"].clone();
            let ids: Vec<String> = items.as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().into()).collect();
            let offers = crate::catalog::offers_by_ids(pool, &ids).await.unwrap();
            let want: Vec<SearchItem> = offers.iter().map(SearchItem::from).collect();
            assert_eq!(items, serde_json::to_value(&want).unwrap(), "{text}");
            seen.extend(want.iter().map(|item| serde_json::to_value(item).unwrap()));
        }
        seen
    }

    /// Of `items`, the ids, and the picture of the item with id `1`.
    fn ids_and_picture(items: &[serde_json::Value]) -> (Vec<&str>, &serde_json::Value) {
        let picture = &items.iter().find(|item| item["id"] == "1").unwrap()["picture"]["id"];
        (items.iter().map(|item| item["id"].as_str().unwrap()).collect(), picture)
    }

    /// The index version of the catalogue in `pool` now.
    async fn now(engine: &SearchEngine, pool: &Db) -> IndexVersion {
        let now = crate::db::shop::content_version(pool).await.unwrap();
        let stamp = crate::db::search::import_finished_at(pool, now.last_import).await.unwrap();
        engine.version_of(now.last_import, stamp, now.synonyms)
    }

    #[tokio::test]
    async fn cards_answer_what_the_catalogue_holds_after_a_build_an_update_and_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let pool = crate::db::connect(&dir.path().join("shop.db")).await.unwrap();
        let pictures = r#"<picture>https://example.org/a.jpg</picture><picture>https://example.org/b.jpg</picture>"#;
        let params = r#"<param name="Вес" unit="г">120</param><param name="Цвет">синий</param>"#;
        let first = format!("<categoryId>2</categoryId><oldprice>2000</oldprice>{pictures}{params}");
        let before = [
            ("1", "Кукла Маша", 1480, first.as_str()),
            ("2", "Кукла Глаша", 990, "g:<categoryId>1</categoryId><param name=\"Размер\">S</param>"),
            ("3", "Кукла Глаша", 1090, "g:<categoryId>1</categoryId><param name=\"Размер\">M</param>"),
            ("4", "Кукла без раздела \"picture\":null", 50, ""),
        ];
        let text = feed(&before);
        crate::feeds::import::import_feed(&pool, std::io::Cursor::new(text), "test").await.unwrap();
        // The second picture is shown, the first still pending: the card shows the second.
        let id: i64 = pool
            .raw_scalar("SELECT id FROM pictures WHERE url = $1", &["https://example.org/b.jpg".into()])
            .await
            .unwrap();
        let stored = crate::db::pictures::Stored {
            hash: "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2",
            width: 640,
            height: 480,
            bytes: 1,
            etag: None,
            last_modified: None,
            avif: false,
        };
        crate::db::pictures::mark_ready(&pool, id, &stored, 0).await.unwrap();
        let store = super::super::disk::IndexStore::new(dir.path().join("search")).unwrap();
        let engine = SearchEngine::new().unwrap().with_store(store.clone());
        engine.refresh(&pool, now(&engine, &pool).await).await.unwrap();
        let questions = ["кукла", "маша", "глаша", "раздела"];
        let seen = items_agree(&engine, &pool, &questions).await;
        let picture = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
        assert_eq!(ids_and_picture(&seen), (vec!["2", "1", "4", "1", "2", "4"], &picture.into()));

        // One price changed and one offer new: an update adds their cards.
        let mut after = before.to_vec();
        after[0].2 = 1500;
        after.push(("5", "Кукла Даша", 700, "<categoryId>2</categoryId>"));
        let text = feed(&after);
        crate::feeds::import::import_feed(&pool, std::io::Cursor::new(text), "test").await.unwrap();
        engine.refresh(&pool, now(&engine, &pool).await).await.unwrap();
        assert_eq!(engine.origin().updated_products, 2, "updated, not built");
        let seen = items_agree(&engine, &pool, &questions).await;
        assert_eq!(ids_and_picture(&seen), (vec!["2", "1", "5", "4", "1", "2", "4"], &picture.into()));

        let reopened = SearchEngine::new().unwrap().with_store(store);
        let finished = |import| {
            let pool = pool.clone();
            async move { crate::db::search::import_finished_at(&pool, import).await }
        };
        assert!(reopened.open_stored(finished).await);
        assert_eq!(reopened.index().cards().len() as usize, reopened.index().ordinals());
        assert_eq!(items_agree(&reopened, &pool, &questions).await, seen);
    }
}
