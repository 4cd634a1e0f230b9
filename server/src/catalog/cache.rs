//! What the catalogue service keeps in memory until the next import: offers by id, so a page or an answer that names
//! offers seen since the last import reads none of them from the database again (issue 21; docs/performance.md
//! "HTTP under wrk": a search answer names 100 offers, and reading them is most of a new question's cost); and the
//! section tree with its offer counts, which every section and product page's head and every server render read
//! (issue 22: counting 100,000 offers by section took 4 ms a page); and the shop with its counts, which every server
//! render reads (issue 39: counting the active products took 22 ms a page at 100,000 offers).

use super::offers::{Offer, offers_by_ids};
use super::sections::{Section, section_tree};
use super::shop::{Shop, shop};
use crate::db::Db;
use crate::domain::pictures::Picture;
use crate::limits::PG_ACQUIRE_TIMEOUT_MS;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Active offers by id, the section tree and the shop, emptied by [`CatalogCache::clear`] when an import has changed the
/// catalogue. Offers weigh their bytes ([`Offer::approx_bytes`]), within `VITRINA_CACHE_MB`'s share (least recently
/// used go first).
pub struct CatalogCache {
    offers: moka::sync::Cache<String, Arc<Offer>>,
    /// Whether each picture (`pictures.id`) a search answer's cards named is shown, and as what (issue 39).
    pictures: moka::sync::Cache<i64, Option<Picture>>,
    tree: RwLock<Option<Arc<Vec<Section>>>>,
    shop: RwLock<Option<Arc<Shop>>>,
    /// Held while the tree, the shop, is read: the requests that find the slot empty together wait for one read
    /// instead of each running it (after an import clears the cache; 0.4-1.1 s a read on PostgreSQL at 100,000
    /// offers, issue 39).
    tree_read: tokio::sync::Mutex<()>,
    shop_read: tokio::sync::Mutex<()>,
    /// Bumped by every `clear`: offers and a tree read before it are not kept after it.
    generation: AtomicU64,
    /// Taken for writing by `clear`, for reading by a store, so no store slips between the bump and the emptying.
    clearing: RwLock<()>,
}

impl Default for CatalogCache {
    fn default() -> Self {
        Self::with_bytes(crate::limits::CacheBudget::default().offers)
    }
}

impl CatalogCache {
    /// A cache keeping at most `bytes` of offers.
    pub fn with_bytes(bytes: u64) -> Self {
        Self {
            offers: moka::sync::Cache::builder()
                .max_capacity(bytes)
                .weigher(|id: &String, offer: &Arc<Offer>| {
                    u32::try_from(id.len() + offer.approx_bytes()).unwrap_or(u32::MAX)
                })
                .build(),
            pictures: moka::sync::Cache::builder()
                .max_capacity(bytes / crate::limits::CACHE_PICTURES_DIVISOR)
                .weigher(|_: &i64, picture: &Option<Picture>| {
                    u32::try_from(96 + picture.as_ref().map_or(0, |p| p.id.len())).unwrap_or(u32::MAX)
                })
                .build(),
            tree: RwLock::new(None),
            shop: RwLock::new(None),
            tree_read: tokio::sync::Mutex::new(()),
            shop_read: tokio::sync::Mutex::new(()),
            generation: AtomicU64::new(0),
            clearing: RwLock::new(()),
        }
    }

    /// The active sections in tree order with their offer counts ([`section_tree`]), read once per import.
    pub async fn section_tree(&self, pool: &Db) -> sqlx::Result<Arc<Vec<Section>>> {
        self.kept(&self.tree, &self.tree_read, section_tree(pool)).await
    }

    /// The shop with its counts of active products and sections ([`shop`]), read once per import (an import is what
    /// changes the shop's header and its counts).
    pub async fn shop(&self, pool: &Db) -> sqlx::Result<Arc<Shop>> {
        self.kept(&self.shop, &self.shop_read, shop(pool)).await
    }

    /// What `slot` keeps, or what `read` reads, kept in `slot` unless the cache was cleared meanwhile. One read at a
    /// time (`gate`): a caller that waited for another's finds its value kept and reads nothing (`read` is a future
    /// not yet polled, so it never starts); it reads itself when that one failed or was cleared meanwhile, or when
    /// it waited [`PG_ACQUIRE_TIMEOUT_MS`] for the gate (as long as for a connection: with the database away, failed
    /// reads queued one behind another would otherwise keep a request far past its 503).
    async fn kept<T>(
        &self,
        slot: &RwLock<Option<Arc<T>>>,
        gate: &tokio::sync::Mutex<()>,
        read: impl Future<Output = sqlx::Result<T>>,
    ) -> sqlx::Result<Arc<T>> {
        let kept = || slot.read().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(value) = kept() {
            return Ok(value);
        }
        let _reading = tokio::time::timeout(Duration::from_millis(PG_ACQUIRE_TIMEOUT_MS), gate.lock()).await.ok();
        if let Some(value) = kept() {
            return Ok(value);
        }
        let generation = self.generation.load(Ordering::Acquire);
        let value = Arc::new(read.await?);
        let _not_clearing = self.clearing.read().unwrap_or_else(|e| e.into_inner());
        if self.generation.load(Ordering::Acquire) == generation {
            *slot.write().unwrap_or_else(|e| e.into_inner()) = Some(value.clone());
        }
        Ok(value)
    }

    /// The active offers named by `ids`, in the order of `ids`; unknown or removed ones are left out. Offers not in
    /// the cache are read in one go ([`offers_by_ids`]) and kept, unless the cache was cleared meanwhile.
    pub async fn offers(&self, pool: &Db, ids: &[String]) -> sqlx::Result<Vec<Arc<Offer>>> {
        let generation = self.generation.load(Ordering::Acquire);
        let mut found: Vec<Option<Arc<Offer>>> = ids.iter().map(|id| self.offers.get(id)).collect();
        let missing: Vec<String> =
            ids.iter().zip(&found).filter(|(_, offer)| offer.is_none()).map(|(id, _)| id.clone()).collect();
        if !missing.is_empty() {
            let loaded = offers_by_ids(pool, &missing).await?;
            let _not_clearing = self.clearing.read().unwrap_or_else(|e| e.into_inner());
            let keep = self.generation.load(Ordering::Acquire) == generation;
            for offer in loaded {
                let offer = Arc::new(offer);
                if keep {
                    self.offers.insert(offer.id.clone(), offer.clone());
                }
                for (slot, id) in found.iter_mut().zip(ids) {
                    if slot.is_none() && *id == offer.id {
                        *slot = Some(offer.clone());
                    }
                }
            }
        }
        Ok(found.into_iter().flatten().collect())
    }

    /// Which of the pictures `ids` (`pictures.id`) are shown, and as what (a search answer's cards, `search::cards`):
    /// those not in the cache are read in one go (`db::pictures::shown_by_ids`) and kept, unless the cache was
    /// cleared meanwhile (a picture made ready moves the picture version, and the watcher clears it).
    pub async fn pictures(&self, pool: &Db, ids: &[i64]) -> sqlx::Result<HashMap<i64, Picture>> {
        let generation = self.generation.load(Ordering::Acquire);
        let mut shown = HashMap::new();
        let mut missing = Vec::new();
        for &id in ids {
            match self.pictures.get(&id) {
                Some(Some(picture)) => {
                    shown.insert(id, picture);
                }
                Some(None) => {}
                None => missing.push(id),
            }
        }
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            return Ok(shown);
        }
        let read: HashMap<i64, Picture> =
            crate::db::pictures::shown_by_ids(pool, &missing).await?.into_iter().collect();
        let _not_clearing = self.clearing.read().unwrap_or_else(|e| e.into_inner());
        let keep = self.generation.load(Ordering::Acquire) == generation;
        for id in missing {
            let picture = read.get(&id).cloned();
            if keep {
                self.pictures.insert(id, picture.clone());
            }
            if let Some(picture) = picture {
                shown.insert(id, picture);
            }
        }
        Ok(shown)
    }

    /// Forgets every offer, the section tree and the shop: call it when an import has changed the catalogue.
    pub fn clear(&self) {
        let _cleared = self.clearing.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.offers.invalidate_all();
        self.pictures.invalidate_all();
        *self.tree.write().unwrap_or_else(|e| e.into_inner()) = None;
        *self.shop.write().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn shop(dir: &tempfile::TempDir) -> Db {
        let pool = crate::db::connect(&dir.path().join("shop.db")).await.unwrap();
        let feed = r#"<yml_catalog date="2026-01-01 00:00"><shop><name>S</name><currencies><currency id="RUR" rate="1"/></currencies>
            <categories><category id="1">C</category></categories><offers>
            <offer id="a" available="true"><name>A</name><price>10</price><currencyId>RUR</currencyId><categoryId>1</categoryId></offer>
            <offer id="b" available="true"><name>B</name><price>20</price><currencyId>RUR</currencyId><categoryId>1</categoryId></offer>
            </offers></shop></yml_catalog>"#;
        crate::feeds::import::import_feed(&pool, feed.as_bytes(), "test").await.unwrap();
        pool
    }

    #[tokio::test]
    async fn offers_come_in_the_order_asked_and_stay_until_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let pool = shop(&dir).await;
        let cache = CatalogCache::default();
        let ids = ["b".to_owned(), "nope".to_owned(), "a".to_owned()];
        let names: Vec<_> = cache.offers(&pool, &ids).await.unwrap().iter().map(|o| o.name.clone()).collect();
        assert_eq!(names, ["B", "A"]);
        pool.raw_execute("UPDATE offers SET name = 'A2' WHERE id = 'a'", &[]).await.unwrap();
        assert_eq!(cache.offers(&pool, &ids[2..]).await.unwrap()[0].name, "A", "kept until cleared");
        cache.clear();
        assert_eq!(cache.offers(&pool, &ids[2..]).await.unwrap()[0].name, "A2", "read again after clear");
    }

    #[tokio::test]
    async fn the_section_tree_is_read_once_until_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let pool = shop(&dir).await;
        let cache = CatalogCache::default();
        assert_eq!(cache.section_tree(&pool).await.unwrap()[0].offer_count, 2);
        pool.raw_execute("UPDATE offers SET active = FALSE WHERE id = 'a'", &[]).await.unwrap();
        assert_eq!(cache.section_tree(&pool).await.unwrap()[0].offer_count, 2, "kept until cleared");
        cache.clear();
        assert_eq!(cache.section_tree(&pool).await.unwrap()[0].offer_count, 1, "read again after clear");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_that_find_the_tree_missing_together_share_one_read() {
        let cache = Arc::new(CatalogCache::default());
        let reads = Arc::new(AtomicU64::new(0));
        let asking: Vec<_> = (0..8)
            .map(|_| {
                let (cache, reads) = (cache.clone(), reads.clone());
                tokio::spawn(async move {
                    let read = async {
                        reads.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        Ok(Vec::new())
                    };
                    cache.kept(&cache.tree, &cache.tree_read, read).await.unwrap()
                })
            })
            .collect();
        for asked in asking {
            asked.await.unwrap();
        }
        assert_eq!(reads.load(Ordering::SeqCst), 1, "one read for eight requests");
        cache.clear();
        let read = async {
            reads.fetch_add(1, Ordering::SeqCst);
            Ok(Vec::new())
        };
        cache.kept(&cache.tree, &cache.tree_read, read).await.unwrap();
        assert_eq!(reads.load(Ordering::SeqCst), 2, "read again after clear");
    }

    #[tokio::test]
    async fn the_shop_is_read_once_until_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let pool = shop(&dir).await;
        let cache = CatalogCache::default();
        assert_eq!(cache.shop(&pool).await.unwrap().offer_count, 2);
        pool.raw_execute("UPDATE offers SET active = FALSE WHERE id = 'a'", &[]).await.unwrap();
        pool.raw_execute("UPDATE shop SET name = 'S2'", &[]).await.unwrap();
        let kept = cache.shop(&pool).await.unwrap();
        assert_eq!((kept.name.as_str(), kept.offer_count), ("S", 2), "kept until cleared");
        cache.clear();
        let read = cache.shop(&pool).await.unwrap();
        assert_eq!((read.name.as_str(), read.offer_count), ("S2", 1), "read again after clear");
    }
}
