//! Rendered pages kept on disk across restarts (issue 39): the page cache's second level. A page rendered is written
//! here too, in the brotli the memory keeps; a page the memory does not hold (after a restart, or pushed out by
//! newer ones) is read back from here when it still shows the shop as it is. So a restart, or a crawler walking more
//! pages than the memory holds, does not render every page again.
//!
//! A page's file names what it was rendered from: the database (its random identity, `shop_identity`), this build
//! (the executable's size and time), the shop's settings (its public URL), and the content version it showed ([`ContentVersion`], with the last import's
//! finish time). It is read only for the same database and build, and served only when nothing that changed since
//! its version names what it read (`catalog::changes::between`, the tags the imports recorded).
//!
//! Files: `{dir}/{ab}/{cdef…}.page`, the name the SHA-256 of the language and URL; written whole under a temporary
//! name and renamed, so a crash leaves no half page and instances on one machine may share the folder. The folder
//! is kept within `VITRINA_PAGE_DISK_MB`: past it, the pages written first go.

use super::page::{PageKey, Stored};
use crate::db::Db;
use crate::db::shop::ContentVersion;
use crate::domain::changes::Changed;
use axum::http::StatusCode;
use bytes::Bytes;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The first bytes of a page's file: the format's name and version.
const MAGIC: &[u8; 4] = b"VPG1";

/// What a page's file says of it, before its brotli document.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Header {
    /// [`DiskPages::owner`] of the process that wrote it.
    owner: String,
    url: String,
    language: String,
    status: u16,
    tags: Vec<String>,
    /// When the clock alone changes it, unix ms.
    expires_ms: Option<i64>,
    /// The content version its render started from.
    version: ContentVersion,
    /// When that version's last import finished (`imports.finished_at`): a restored backup reuses import ids.
    stamp: Option<String>,
    /// The brotli document's length, bytes, and its XXH3-64: a file cut short or damaged is never served.
    body_bytes: u64,
    body_hash: u64,
}

/// What [`DiskPages::current`] found of a page read from disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freshness {
    /// Nothing it shows changed since it was rendered.
    Current,
    /// Something it shows changed; its file is removed. `removed_here` is `false` when another reader of the same
    /// stale file (a request beside the background re-render) removed it first, so that a page forgotten is counted
    /// once (`/api/health/render`'s `invalidated`).
    Stale { removed_here: bool },
    /// The database cannot say (busy, gone); the file stays.
    Unknown,
}

/// A page read back from disk, still to be checked against what changed since its version.
#[derive(Debug)]
pub struct DiskPage {
    pub page: Stored,
    pub tags: Vec<String>,
    pub expires: Option<Instant>,
    version: ContentVersion,
    stamp: Option<String>,
    file: PageFile,
}

/// A page's file: where, its name's hash ([`DiskPages::listed`]) and its size.
#[derive(Debug, Clone)]
struct PageFile {
    path: PathBuf,
    hash: u64,
    bytes: u64,
}

/// From a page's content version (with its last import's finish time) to the one shown now.
type Span = (ContentVersion, Option<String>, ContentVersion);

/// The pages kept on disk: one per language and URL, within a byte budget. Cheap to share (`Arc`).
pub struct DiskPages {
    dir: PathBuf,
    budget: u64,
    /// The database's identity and this build's, as the files name them.
    owner: String,
    db: Db,
    /// Bytes and files the folder holds, about: counted at start and by each write and removal, set right by each
    /// sweep.
    bytes: AtomicU64,
    files: AtomicU64,
    /// A sweep is under way.
    sweeping: AtomicBool,
    /// The pages the folder holds, by the first 64 bits of their name, once the count at start has listed them
    /// (`None` before): a page not there is not looked for, so a page never kept (a cold URL, a private page) costs
    /// no file system call. A page another instance on the folder wrote since is rendered instead.
    listed: Mutex<Option<HashSet<u64>>>,
    /// What changed from a page's version to the one shown now, by `(page's version and stamp, now)`.
    memo: Mutex<HashMap<Span, Arc<Changed>>>,
    /// The last import asked for and when it finished (`imports.finished_at`): every page rendered from one version
    /// names the same.
    stamp: Mutex<Option<(i64, Option<String>)>>,
}

impl std::fmt::Debug for DiskPages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiskPages").field("dir", &self.dir).field("budget", &self.budget).finish_non_exhaustive()
    }
}

/// This build's identity: the running executable's size and modification time (a rebuilt or upgraded binary carries
/// another bundle and shell, so its pages differ).
fn build_identity() -> String {
    let meta = std::env::current_exe().and_then(std::fs::metadata);
    match meta {
        Ok(meta) => {
            let modified = meta.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).unwrap_or_default();
            format!("{}-{}-{}", env!("CARGO_PKG_VERSION"), meta.len(), modified.as_nanos())
        }
        Err(_) => format!("{}-unknown-{}", env!("CARGO_PKG_VERSION"), std::process::id()),
    }
}

/// Unix ms of `at` (an instant of this process).
fn unix_ms_of(at: Instant) -> i64 {
    let left = at.saturating_duration_since(Instant::now());
    let when = SystemTime::now() + left;
    when.duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The instant of unix ms `ms`, at most [`PAGE_CACHE_CLOCK_MAX_S`](crate::limits::PAGE_CACHE_CLOCK_MAX_S) from now;
/// `None` when it has passed.
fn instant_of(ms: i64) -> Option<Instant> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?;
    let left = u64::try_from(ms).ok()?.checked_sub(u64::try_from(now.as_millis()).ok()?)?;
    let left = Duration::from_millis(left).min(Duration::from_secs(crate::limits::PAGE_CACHE_CLOCK_MAX_S));
    (!left.is_zero()).then(|| Instant::now() + left)
}

impl DiskPages {
    /// The pages kept in `dir` (made when missing) for database `db` and the shop's `settings` (every setting a page
    /// shows beside the content, as text: the public URL, the map tiles, the facets' threshold and order), within
    /// `budget` bytes; counts what the folder holds in the background. Errors: the folder cannot be made, or the
    /// database's identity cannot be read.
    pub async fn open(dir: PathBuf, budget: u64, db: Db, settings: &str) -> anyhow::Result<Arc<Self>> {
        std::fs::create_dir_all(&dir)?;
        let identity = crate::db::shop::identity(&db).await?;
        let settings = crate::pictures::store::content_id(settings.as_bytes());
        let pages = Arc::new(DiskPages {
            dir,
            budget,
            owner: format!("{identity}/{}/{settings}", build_identity()),
            db,
            bytes: AtomicU64::new(0),
            files: AtomicU64::new(0),
            sweeping: AtomicBool::new(true),
            listed: Mutex::default(),
            memo: Mutex::default(),
            stamp: Mutex::default(),
        });
        let counting = Arc::clone(&pages);
        tokio::task::spawn_blocking(move || counting.sweep());
        Ok(pages)
    }

    /// Files and bytes kept, about.
    pub fn size(&self) -> (u64, u64) {
        (self.files.load(Ordering::Relaxed), self.bytes.load(Ordering::Relaxed))
    }

    /// The file of the page at `key` (its size unknown: 0) and its name's hash.
    fn file(&self, key: &PageKey) -> PageFile {
        let name = crate::pictures::store::content_id(format!("{}\n{}", key.language, key.url).as_bytes());
        let path = self.dir.join(&name[..2]).join(format!("{}.page", &name[2..]));
        PageFile { path, hash: name_hash(&name), bytes: 0 }
    }

    /// Whether the page whose name hashes to `hash` may be in the folder: listed, or not listed yet.
    fn may_hold(&self, hash: u64) -> bool {
        self.listed.lock().unwrap_or_else(|e| e.into_inner()).as_ref().is_none_or(|listed| listed.contains(&hash))
    }

    /// The page at `key` when this database and build kept one (not yet checked against what changed since).
    pub async fn read(self: &Arc<Self>, key: &PageKey) -> Option<DiskPage> {
        let file = self.file(key);
        if !self.may_hold(file.hash) {
            return None;
        }
        let (this, key) = (Arc::clone(self), key.clone());
        tokio::task::spawn_blocking(move || this.read_now(&key, file)).await.ok().flatten()
    }

    fn read_now(&self, key: &PageKey, mut file: PageFile) -> Option<DiskPage> {
        use std::io::Read;
        let Ok(mut opened) = std::fs::File::open(&file.path) else {
            // Another instance on the folder removed it.
            self.count_removed(&file);
            return None;
        };
        file.bytes = opened.metadata().ok()?.len();
        if file.bytes > crate::limits::PAGE_DISK_FILE_MAX_BYTES {
            self.remove_now(&file);
            return None;
        }
        let mut data = Vec::with_capacity(usize::try_from(file.bytes).unwrap_or(0));
        opened.read_to_end(&mut data).ok()?;
        let Some((header, body)) = parse(&data) else {
            // Cut short by a crash, or not ours: it is rendered again.
            self.remove_now(&file);
            return None;
        };
        if header.owner != self.owner || header.url != key.url || header.language != key.language {
            return None;
        }
        let status = StatusCode::from_u16(header.status).ok()?;
        let expires = match header.expires_ms {
            Some(ms) => Some(instant_of(ms)?),
            None => None,
        };
        Some(DiskPage {
            page: Stored { status, brotli: Bytes::copy_from_slice(body) },
            tags: header.tags,
            expires,
            version: header.version,
            stamp: header.stamp,
            file,
        })
    }

    /// Whether `page` shows the shop as it is at `now`: nothing changed since its version names what it read. Pages
    /// that do not are removed ([`Freshness::Stale`]). [`Freshness::Unknown`], without removing it, when the database
    /// cannot say (busy, gone).
    pub async fn current(&self, page: &DiskPage, now: ContentVersion) -> Freshness {
        let Some(changed) = self.changed(page.version, page.stamp.clone(), now).await else {
            return Freshness::Unknown;
        };
        if !changed.hits(page.tags.iter().map(String::as_str)) {
            return Freshness::Current;
        }
        Freshness::Stale { removed_here: self.remove(page.file.clone()).await }
    }

    /// What changed from `version` (whose last import finished at `stamp`) to `now`, remembered per pair; `None` when
    /// the database cannot say (nothing remembered then).
    async fn changed(
        &self,
        version: ContentVersion,
        stamp: Option<String>,
        now: ContentVersion,
    ) -> Option<Arc<Changed>> {
        let span = (version, stamp, now);
        if let Some(known) = self.memo.lock().unwrap_or_else(|e| e.into_inner()).get(&span) {
            return Some(Arc::clone(known));
        }
        let finished = self.stamp_of(version.last_import).await?;
        // The same import id of another import (a restored backup): everything may differ.
        let changed = Arc::new(if finished == span.1 {
            crate::catalog::changes::between(&self.db, version, now).await.ok()?
        } else {
            Changed::All
        });
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if memo.len() >= crate::limits::PAGE_DISK_CHANGES_MEMO {
            memo.clear();
        }
        memo.insert(span, Arc::clone(&changed));
        Some(changed)
    }

    /// When import `import` finished, as logged (`None` inside: no such import); `None` when the database cannot
    /// say. The last one asked for is remembered.
    async fn stamp_of(&self, import: i64) -> Option<Option<String>> {
        if let Some((known, stamp)) = self.stamp.lock().unwrap_or_else(|e| e.into_inner()).as_ref()
            && *known == import
        {
            return Some(stamp.clone());
        }
        let stamp = crate::db::search::import_finished_at(&self.db, import).await.ok()?;
        *self.stamp.lock().unwrap_or_else(|e| e.into_inner()) = Some((import, stamp.clone()));
        Some(stamp)
    }

    /// Removes the page at `key` (one the memory found no longer current).
    pub async fn forget(&self, key: &PageKey) {
        let mut file = self.file(key);
        if !self.may_hold(file.hash) {
            return;
        }
        if let Ok(meta) = tokio::fs::metadata(&file.path).await {
            file.bytes = meta.len();
            self.remove(file).await;
        }
    }

    /// Removes `file`; `false` when it was gone already (another reader of the same stale page removed it first).
    async fn remove(&self, file: PageFile) -> bool {
        let removed = tokio::fs::remove_file(&file.path).await.is_ok();
        if removed {
            self.count_removed(&file);
        }
        removed
    }

    fn remove_now(&self, file: &PageFile) {
        if std::fs::remove_file(&file.path).is_ok() {
            self.count_removed(file);
        }
    }

    /// `file` is gone: it is no longer listed, nor counted (`bytes` 0: it was not).
    fn count_removed(&self, file: &PageFile) {
        if let Some(listed) = self.listed.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            listed.remove(&file.hash);
        }
        if file.bytes > 0 {
            let less = |by: u64| move |n: u64| Some(n.saturating_sub(by));
            let _ = self.bytes.fetch_update(Ordering::Relaxed, Ordering::Relaxed, less(file.bytes));
            let _ = self.files.fetch_update(Ordering::Relaxed, Ordering::Relaxed, less(1));
        }
    }

    /// Keeps `page` at `key`, as rendered from `version` with `tags` read and the clock changing it at `expires`:
    /// written in the background, replacing what the file held. Nothing is written for a page of no version (rendered
    /// before the catalogue watcher's first look).
    pub fn write(
        self: &Arc<Self>,
        key: &PageKey,
        page: &Stored,
        tags: &[String],
        expires: Option<Instant>,
        version: ContentVersion,
    ) {
        let header = Header {
            owner: self.owner.clone(),
            url: key.url.clone(),
            language: key.language.to_owned(),
            status: page.status.as_u16(),
            tags: tags.to_vec(),
            expires_ms: expires.map(unix_ms_of),
            version,
            stamp: None,
            body_bytes: page.brotli.len() as u64,
            body_hash: twox_hash::XxHash3_64::oneshot(&page.brotli),
        };
        let (this, file, body) = (Arc::clone(self), self.file(key), page.brotli.clone());
        tokio::spawn(async move {
            let mut header = header;
            header.stamp = this.stamp_of(version.last_import).await.flatten();
            let written = tokio::task::spawn_blocking(move || this.write_now(&file, &header, &body)).await;
            if let Ok(Err(err)) = written
                && let Some(repeated) = WRITE_WARNINGS.admit()
            {
                tracing::warn!(%err, repeated, "a rendered page could not be kept on disk");
            }
        });
    }

    fn write_now(self: &Arc<Self>, file: &PageFile, header: &Header, body: &[u8]) -> std::io::Result<()> {
        let path = &file.path;
        let head = postcard::to_allocvec(header).map_err(std::io::Error::other)?;
        let mut data = Vec::with_capacity(MAGIC.len() + 4 + head.len() + body.len());
        data.extend_from_slice(MAGIC);
        data.extend_from_slice(&u32::try_from(head.len()).map_err(std::io::Error::other)?.to_le_bytes());
        data.extend_from_slice(&head);
        data.extend_from_slice(body);
        let folder = path.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(folder)?;
        let temporary = folder.join(format!(".{}.{}.tmp", std::process::id(), rand::random::<u64>()));
        std::fs::write(&temporary, &data)?;
        let before = std::fs::metadata(path).map(|m| m.len()).ok();
        if let Err(err) = std::fs::rename(&temporary, path) {
            let _ = std::fs::remove_file(&temporary);
            return Err(err);
        }
        let written = data.len() as u64;
        self.bytes.fetch_add(written, Ordering::Relaxed);
        match before {
            Some(before) => {
                let less = |n: u64| Some(n.saturating_sub(before));
                let _ = self.bytes.fetch_update(Ordering::Relaxed, Ordering::Relaxed, less);
            }
            None => {
                self.files.fetch_add(1, Ordering::Relaxed);
            }
        }
        if let Some(listed) = self.listed.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            listed.insert(file.hash);
        }
        if self.bytes.load(Ordering::Relaxed) > self.budget
            && self.sweeping.compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed).is_ok()
        {
            let this = Arc::clone(self);
            std::thread::spawn(move || this.sweep());
        }
        Ok(())
    }

    /// Counts the folder's files (and removes temporary ones a crash left); past the budget, removes the pages written
    /// first until [`PAGE_DISK_SWEEP_TO_PERCENT`] of it is left.
    ///
    /// [`PAGE_DISK_SWEEP_TO_PERCENT`]: crate::limits::PAGE_DISK_SWEEP_TO_PERCENT
    fn sweep(&self) {
        let mut pages: Vec<(SystemTime, u64, PathBuf, u64)> = Vec::new();
        let hex = |name: &str, len: usize| name.len() == len && name.bytes().all(|b| b.is_ascii_hexdigit());
        let folders = std::fs::read_dir(&self.dir).into_iter().flatten().flatten();
        // Only what this module writes: `{ab}/{30 hex}.page` and `{ab}/.{pid}.{n}.tmp`.
        let ours =
            folders.filter(|f| f.file_type().is_ok_and(|t| t.is_dir()) && hex(&f.file_name().to_string_lossy(), 2));
        for folder in ours {
            let prefix = folder.file_name().to_string_lossy().into_owned();
            for file in std::fs::read_dir(folder.path()).into_iter().flatten().flatten() {
                let path = file.path();
                let Ok(meta) = file.metadata() else { continue };
                let name = file.file_name();
                let name = name.to_string_lossy();
                let temporary = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")).is_some_and(|n| {
                    n.split_once('.').is_some_and(|(pid, nonce)| {
                        pid.bytes().all(|b| b.is_ascii_digit()) && nonce.bytes().all(|b| b.is_ascii_digit())
                    })
                });
                if temporary {
                    // Another process's write under way is younger than a minute.
                    let old = meta.modified().ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age.as_secs() > 60);
                    if old {
                        let _ = std::fs::remove_file(&path);
                    }
                    continue;
                }
                if let Some(rest) = name.strip_suffix(".page").filter(|n| hex(n, 30)) {
                    let hash = name_hash(&format!("{prefix}{rest}"));
                    pages.push((meta.modified().unwrap_or(UNIX_EPOCH), meta.len(), path, hash));
                }
            }
        }
        let mut total: u64 = pages.iter().map(|(_, bytes, _, _)| bytes).sum();
        let mut files = pages.len() as u64;
        let mut removed = HashSet::new();
        if total > self.budget {
            let keep = self.budget / 100 * crate::limits::PAGE_DISK_SWEEP_TO_PERCENT;
            pages.sort_by_key(|(modified, _, _, _)| *modified);
            for (_, bytes, path, hash) in &pages {
                if total <= keep {
                    break;
                }
                if std::fs::remove_file(path).is_ok() {
                    total -= bytes;
                    files -= 1;
                    removed.insert(*hash);
                }
            }
        }
        // Pages written while this listed stay listed.
        {
            let mut listed = self.listed.lock().unwrap_or_else(|e| e.into_inner());
            let mut now = listed.take().unwrap_or_default();
            now.retain(|hash| !removed.contains(hash));
            now.extend(pages.iter().map(|(_, _, _, hash)| *hash).filter(|hash| !removed.contains(hash)));
            *listed = Some(now);
        }
        self.bytes.store(total, Ordering::Relaxed);
        self.files.store(files, Ordering::Relaxed);
        self.sweeping.store(false, Ordering::Release);
    }
}

/// The first 64 bits of a page's file name (32 hex digits, its folder's two first).
fn name_hash(name: &str) -> u64 {
    name.get(..16).and_then(|head| u64::from_str_radix(head, 16).ok()).unwrap_or(0)
}

/// A page's file as [`DiskPages::write_now`] writes it: its header and its brotli document, when whole.
fn parse(data: &[u8]) -> Option<(Header, &[u8])> {
    let rest = data.strip_prefix(MAGIC.as_slice())?;
    let (len, rest) = rest.split_first_chunk::<4>()?;
    let len = usize::try_from(u32::from_le_bytes(*len)).ok()?;
    let (head, body) = (rest.get(..len)?, rest.get(len..)?);
    let header: Header = postcard::from_bytes(head).ok()?;
    let whole = header.body_bytes == body.len() as u64 && header.body_hash == twox_hash::XxHash3_64::oneshot(body);
    whole.then_some((header, body))
}

/// Pages that could not be written (a full disk): one warning a minute at most.
static WRITE_WARNINGS: crate::log::Throttle = crate::log::Throttle::new();

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn version(last_import: i64) -> ContentVersion {
        ContentVersion { last_import, version: 1, synonyms: 0, pictures: 0 }
    }

    fn stored(text: &str) -> Stored {
        let page = super::super::page::Page { status: StatusCode::OK, document: Bytes::from(text.to_owned()) };
        Stored::of(&page)
    }

    /// The pages of the database in `db_dir` kept in `folder`, for a shop at `public_url`.
    async fn open(db_dir: &Path, folder: &Path, budget: u64, public_url: &str) -> (Arc<DiskPages>, Db) {
        let db = crate::db::connect(&db_dir.join("shop.db")).await.unwrap();
        let settings = crate::state::Settings {
            public_url: public_url.to_owned(),
            basket_view: crate::config::BasketView::Right,
            map_tiles: None,
            reviews_autopublish: false,
            health_token: None,
        };
        let pages = DiskPages::open(folder.to_owned(), budget, db.clone(), &format!("{settings:?}")).await.unwrap();
        settled(&pages).await;
        (pages, db)
    }

    /// Once the count at start, or a sweep, is done.
    async fn settled(pages: &DiskPages) {
        while pages.sweeping.load(Ordering::Acquire) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    fn write(pages: &Arc<DiskPages>, url: &str, text: &str) {
        let key = PageKey::new(url, "ru");
        let header = Header {
            owner: pages.owner.clone(),
            url: key.url.clone(),
            language: key.language.to_owned(),
            status: 200,
            tags: vec!["offer:1".to_owned(), "sections".to_owned()],
            expires_ms: None,
            version: version(0),
            stamp: None,
            body_bytes: 0,
            body_hash: 0,
        };
        let body = stored(text).brotli;
        let header =
            Header { body_bytes: body.len() as u64, body_hash: twox_hash::XxHash3_64::oneshot(&body), ..header };
        pages.write_now(&pages.file(&key), &header, &body).unwrap();
    }

    async fn kept(pages: &Arc<DiskPages>, url: &str) -> bool {
        pages.read(&PageKey::new(url, "ru")).await.is_some()
    }

    #[tokio::test]
    async fn a_page_is_read_back_only_for_its_key_its_database_and_its_settings() {
        let (dir, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let folder = dir.path().join("pages");
        let (pages, _db) = open(dir.path(), &folder, 1 << 20, "https://shop.test").await;
        write(&pages, "/catalog/", "<html>каталог</html>");
        let found = pages.read(&PageKey::new("/catalog/", "ru")).await.unwrap();
        assert_eq!(&found.page.document().unwrap()[..], "<html>каталог</html>".as_bytes());
        assert_eq!(found.tags, ["offer:1", "sections"]);
        assert_eq!(pages.current(&found, version(0)).await, Freshness::Current, "nothing changed since");
        assert!(pages.read(&PageKey::new("/catalog/", "en")).await.is_none(), "another language");
        assert_eq!(pages.size().0, 1);

        let (moved, _db) = open(dir.path(), &folder, 1 << 20, "https://other.test").await;
        assert!(!kept(&moved, "/catalog/").await, "other settings: another public URL");
        let (stranger, _db) = open(other.path(), &folder, 1 << 20, "https://shop.test").await;
        assert!(!kept(&stranger, "/catalog/").await, "another database");
        let (again, _db) = open(dir.path(), &folder, 1 << 20, "https://shop.test").await;
        assert!(kept(&again, "/catalog/").await, "the same shop after a restart");
        assert_eq!(again.size().0, 1, "counted at start");
    }

    #[tokio::test]
    async fn only_the_pages_listed_are_looked_for() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("pages");
        let (first, _db) = open(dir.path(), &folder, 1 << 20, "https://shop.test").await;
        write(&first, "/kept/", "x");
        let (pages, _db) = open(dir.path(), &folder, 1 << 20, "https://shop.test").await;
        let hash = |url: &str| pages.file(&PageKey::new(url, "ru")).hash;
        assert!(pages.may_hold(hash("/kept/")), "listed at start");
        assert!(!pages.may_hold(hash("/never/")), "a page never kept is not looked for");
        write(&pages, "/new/", "x");
        assert!(pages.may_hold(hash("/new/")) && kept(&pages, "/new/").await, "listed when written");
        pages.forget(&PageKey::new("/kept/", "ru")).await;
        assert!(!pages.may_hold(hash("/kept/")) && !kept(&pages, "/kept/").await);
        assert_eq!(pages.size().0, 1);
    }

    #[tokio::test]
    async fn a_page_an_import_changed_is_not_current_and_goes() {
        let dir = tempfile::tempdir().unwrap();
        let (pages, db) = open(dir.path(), &dir.path().join("pages"), 1 << 20, "https://shop.test").await;
        write(&pages, "/catalog/", "old");
        let found = pages.read(&PageKey::new("/catalog/", "ru")).await.unwrap();
        // The demo catalogue's import: its sections are new.
        crate::feeds::seed_demo_if_empty(&db).await.unwrap();
        let now = crate::db::shop::content_version(&db).await.unwrap();
        assert_eq!(pages.current(&found, now).await, Freshness::Stale { removed_here: true });
        assert!(!kept(&pages, "/catalog/").await, "removed");
        assert_eq!(pages.current(&found, now).await, Freshness::Stale { removed_here: false }, "counted once");
        assert_eq!(pages.size(), (0, 0));
    }

    #[tokio::test]
    async fn a_file_cut_short_is_not_served_and_goes() {
        let dir = tempfile::tempdir().unwrap();
        let (pages, _db) = open(dir.path(), &dir.path().join("pages"), 1 << 20, "https://shop.test").await;
        write(&pages, "/catalog/", &"<p>каталог</p>".repeat(100));
        let path = pages.file(&PageKey::new("/catalog/", "ru")).path;
        let whole = std::fs::read(&path).unwrap();
        std::fs::write(&path, &whole[..whole.len() - 3]).unwrap();
        assert!(!kept(&pages, "/catalog/").await);
        assert!(!path.exists(), "removed");
        assert_eq!(pages.size().0, 0);
    }

    #[tokio::test]
    async fn past_its_budget_the_pages_written_first_go() {
        let dir = tempfile::tempdir().unwrap();
        let (probe, _db) = open(dir.path(), &dir.path().join("probe"), 1 << 20, "https://shop.test").await;
        write(&probe, "/0/", "x");
        let one = probe.size().1;

        let (pages, _db) = open(dir.path(), &dir.path().join("pages"), one * 4, "https://shop.test").await;
        for n in 0..5 {
            write(&pages, &format!("/{n}/"), "x");
            std::thread::sleep(Duration::from_millis(10));
        }
        settled(&pages).await;
        let mut left = Vec::new();
        for n in 0..5 {
            left.push(kept(&pages, &format!("/{n}/")).await);
        }
        assert_eq!(left, [false, false, true, true, true], "down to 90 % of four pages: three");
        assert_eq!(pages.size(), (3, one * 3));
    }
}
