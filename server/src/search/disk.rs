//! The search and facet indexes kept on disk (issue 39): a shop opens the index it built last at start, in well under
//! a second, instead of reading the whole catalogue again (108 s at a million offers).
//!
//! Layout of the store's folder (`VITRINA_INDEX_DIR`, by default `search/` beside a SQLite database):
//! - `g-{nanos}-{pid}/`: one built generation: tantivy's files (read through its `MmapDirectory`: the operating
//!   system's page cache holds them, not the process's heap) and `state.bin`, what the index keeps beside them (the
//!   offers' ids, sections and stock by ordinal, the synonyms) and the facet index, in `postcard`;
//! - in each generation too, `entries.bin` (the facet index's entries, `FacetOffer`s by dense id) and `catalogue.bin`
//!   (the brands its offers named and the section tree it was built with, [`Catalogue`]): what an import's update (`search::update`) starts from instead of the whole
//!   catalogue. An update's generation links the segment files of the one before (hard links: tantivy never writes
//!   a segment's files again) and adds a segment of its own;
//! - in each generation too, `cards-{first ordinal}.bin`: the search answers' cards ([`super::cards`]), one part per
//!   build or update, linked into the next generation like tantivy's segment files;
//! - `CURRENT`: the name of the generation in use and the catalogue version it shows (JSON), replaced by a rename;
//! - `LOCK`: held shared while a generation is opened and exclusively while one is built and switched to, so two
//!   processes sharing the folder never build over each other, and the second reuses the first's build.
//!
//! A generation is written whole (tantivy's commit, then `state.bin` synced) before `CURRENT` names it, and `CURRENT`
//! is replaced by a rename of a synced file. A crash at any moment therefore leaves `CURRENT` naming the last whole
//! generation: the next start opens it, answers from it at once, sees that it shows an older catalogue version and
//! builds the current one beside it. Generations `CURRENT` does not name are removed after each switch (a process
//! still reading one keeps its mapped files until it lets them go).

use super::SearchIndex;
use super::synonyms::Brands;
use crate::db::search::SectionRow;
use crate::facets::{FacetIndex, FacetOffer};
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Bumped whenever what `state.bin` holds or how the index is built changes: a generation of another format is
/// rebuilt, never read. 4: the offer ids packed and written once, for both indexes (issue 39). 5: the facet index's
/// value entries are places among the grouping facets' values, two bytes each where they fit (issue 39). 6: ordinals
/// in section order (`products::section_order`), so that an index kept from before is built anew in it once.
pub const FORMAT: u32 = 6;

const CURRENT: &str = "CURRENT";
const LOCK: &str = "LOCK";
const STATE: &str = "state.bin";
const ENTRIES: &str = "entries.bin";
const CATALOGUE: &str = "catalogue.bin";
/// tantivy's files an update's generation copies rather than links: the ones tantivy writes again.
const TANTIVY_REWRITTEN: [&str; 2] = ["meta.json", ".managed.json"];
/// Prefix of a generation's folder.
const GENERATION: &str = "g-";

/// What catalogue an index shows: the last import, the synonym rules, and the facet settings it was built with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexVersion {
    /// [`FORMAT`] of the generation.
    pub format: u32,
    /// `imports.id` of the last import it shows (the catalogue's content version).
    pub last_import: i64,
    /// That import's `imports.finished_at`: ids start again at 1 in a new database, and an index kept for another
    /// database is not shown.
    pub import_finished_at: Option<String>,
    /// The synonym rules' version (`content_version.synonyms`).
    pub synonyms: i64,
    /// The facet settings (`--facet-min-share`, `--facet-order`), as text.
    pub facet_settings: String,
}

/// `CURRENT`'s content.
#[derive(Debug, Serialize, Deserialize)]
struct Current {
    generation: String,
    version: IndexVersion,
}

/// A test hook (`VITRINA_INDEX_FAULT`): where a build stops the process, as a crash or a kill would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// After the new generation is written whole, before `CURRENT` names it.
    AbortBeforeSwitch,
}

impl Fault {
    /// `abort-before-switch`; anything else is no fault.
    pub fn parse(text: &str) -> Option<Self> {
        (text == "abort-before-switch").then_some(Self::AbortBeforeSwitch)
    }
}

/// The folder the indexes are kept in. Cheap to clone.
#[derive(Debug, Clone)]
pub struct IndexStore {
    root: PathBuf,
    fault: Option<Fault>,
}

/// A generation opened from the store.
pub struct Opened {
    pub search: SearchIndex,
    pub facets: FacetIndex,
    pub version: IndexVersion,
}

/// A generation being written: its folder; held with the store's exclusive lock until [`Building::switch`].
pub struct Building {
    root: PathBuf,
    name: String,
    dir: PathBuf,
    fault: Option<Fault>,
    _lock: File,
}

impl IndexStore {
    /// The store in `root`, made when missing.
    ///
    /// # Errors
    /// The folder cannot be made.
    pub fn new(root: impl Into<PathBuf>) -> std::io::Result<Self> {
        let root = root.into();
        fs::create_dir_all(&root)?;
        Ok(Self { root, fault: None })
    }

    /// The store with a test hook ([`Fault`]).
    pub fn with_fault(self, fault: Option<Fault>) -> Self {
        Self { fault, ..self }
    }

    /// The folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn lock_file(&self) -> std::io::Result<File> {
        File::options().create(true).truncate(false).write(true).open(self.root.join(LOCK))
    }

    /// The version `CURRENT` names, without opening it; `None` when there is none or it does not read.
    pub fn current_version(&self) -> Option<IndexVersion> {
        self.current().map(|current| current.version)
    }

    fn current(&self) -> Option<Current> {
        read_current(&self.root)
    }

    /// Opens the generation `CURRENT` names (under the shared lock, so no build switches it away meanwhile). `None`
    /// when there is none, it is of another [`FORMAT`], or it does not open (logged): the caller builds anew.
    pub fn open(&self) -> Option<Opened> {
        let lock = self.lock_file().ok()?;
        lock.lock_shared().ok()?;
        let current = self.current()?;
        let dir = self.root.join(&current.generation);
        match open_generation(&dir) {
            Ok((search, facets)) => Some(Opened { search, facets, version: current.version }),
            Err(err) => {
                tracing::warn!(err = format!("{err:#}"), dir = %dir.display(), "the stored search index does not open");
                None
            }
        }
    }

    /// Makes `CURRENT` say that its generation shows `to` as well, when it shows `from`: an import that changed
    /// nothing the indexes hold needs no new generation (`search::update`). Under the exclusive lock; whether
    /// `CURRENT` was relabelled.
    ///
    /// # Errors
    /// The lock or a write fails (`CURRENT` then still says `from`).
    pub fn relabel(&self, from: &IndexVersion, to: &IndexVersion) -> anyhow::Result<bool> {
        let lock = self.lock_file()?;
        lock.lock()?;
        let Some(current) = read_current(&self.root) else { return Ok(false) };
        if current.version == *to {
            // Another process sharing the folder relabelled it already.
            return Ok(true);
        }
        if current.version != *from {
            return Ok(false);
        }
        write_current(&self.root, &Current { generation: current.generation, version: to.clone() })?;
        Ok(true)
    }

    /// Starts a new generation: takes the exclusive lock (waiting for another process's build to end) and makes its
    /// folder.
    ///
    /// # Errors
    /// The lock or the folder cannot be had.
    pub fn begin(&self) -> std::io::Result<Building> {
        let lock = self.lock_file()?;
        lock.lock()?;
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos();
        let name = format!("{GENERATION}{nanos}-{}", std::process::id());
        let dir = self.root.join(&name);
        fs::create_dir_all(&dir)?;
        Ok(Building { root: self.root.clone(), name, dir, fault: self.fault, _lock: lock })
    }
}

/// What a generation keeps of the catalogue it was built from, beside its facet entries, for an update.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Catalogue {
    /// The brands its offers named (the synonyms are made again from them with the new offers').
    pub brands: Brands,
    /// The active sections (id, parent, name), sorted: an update needs the same tree, since each document holds its
    /// sections' names.
    pub sections: Vec<SectionRow>,
}

/// What an update starts from (`search::update`): the generation `CURRENT` named, its tantivy files linked into the
/// new one.
pub struct Base {
    pub version: IndexVersion,
    /// The facet index's entries by dense id (`None`: an entry no longer shown).
    pub entries: Vec<Option<FacetOffer>>,
    pub catalogue: Catalogue,
}

impl Building {
    /// The folder tantivy writes the new index into.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Links the tantivy files of the generation `CURRENT` names into this one (copying the two tantivy writes again)
    /// and reads what it kept for an update. `None` when there is none, or it is of another [`FORMAT`] or kept no
    /// entries (written before updates were): the caller builds anew.
    ///
    /// # Errors
    /// A file cannot be linked, copied or read.
    pub fn link_current(&self) -> anyhow::Result<Option<Base>> {
        let Some(current) = read_current(&self.root) else { return Ok(None) };
        let from = self.root.join(&current.generation);
        let (Ok(entries), Ok(catalogue)) = (fs::read(from.join(ENTRIES)), fs::read(from.join(CATALOGUE))) else {
            return Ok(None);
        };
        for entry in fs::read_dir(&from)?.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if [STATE, ENTRIES, CATALOGUE].contains(&name.as_ref())
                || name.ends_with(".lock")
                || !entry.path().is_file()
            {
                continue;
            }
            if TANTIVY_REWRITTEN.contains(&name.as_ref()) {
                fs::copy(entry.path(), self.dir.join(&*name))?;
            } else {
                fs::hard_link(entry.path(), self.dir.join(&*name))?;
            }
        }
        // Kept by another build of the shop (another form): the caller builds anew.
        let (Ok(entries), Ok(catalogue)) = (postcard::from_bytes(&entries), postcard::from_bytes(&catalogue)) else {
            return Ok(None);
        };
        Ok(Some(Base { version: current.version, entries, catalogue }))
    }

    /// Keeps the facet index's `entries` in this generation (synced), for the next update.
    ///
    /// # Errors
    /// The write fails.
    pub fn keep_entries(&self, entries: &[Option<FacetOffer>]) -> anyhow::Result<()> {
        write_synced(&self.dir.join(ENTRIES), &postcard::to_allocvec(entries)?)
    }

    /// Keeps what the next update needs of the `catalogue` in this generation (synced).
    ///
    /// # Errors
    /// The write fails.
    pub fn keep_catalogue(&self, catalogue: &Catalogue) -> anyhow::Result<()> {
        write_synced(&self.dir.join(CATALOGUE), &postcard::to_allocvec(catalogue)?)
    }

    /// The generation `CURRENT` names when it shows `version` (another process sharing the folder built it while
    /// this one waited for the lock); the caller opens it instead of building. `None` otherwise.
    pub fn already(&self, version: &IndexVersion) -> Option<Opened> {
        let current = read_current(&self.root)?;
        if current.version != *version {
            return None;
        }
        let (search, facets) = open_generation(&self.root.join(&current.generation)).ok()?;
        Some(Opened { search, facets, version: current.version })
    }

    /// Writes `state.bin` beside tantivy's files, syncs it, and makes `CURRENT` name this generation for `version`;
    /// then removes every other generation (and this one's lock goes).
    ///
    /// # Errors
    /// A write fails: `CURRENT` then still names the generation before.
    pub fn switch(self, search: &SearchIndex, facets: &FacetIndex, version: &IndexVersion) -> anyhow::Result<()> {
        let state = self.dir.join(STATE);
        let mut out = BufWriter::new(File::create(&state)?);
        let bytes = postcard::to_allocvec(&(search.kept(), facets))?;
        out.write_all(&bytes)?;
        out.into_inner().map_err(|err| err.into_error())?.sync_all()?;
        sync_dir(&self.dir)?;
        if self.fault == Some(Fault::AbortBeforeSwitch) {
            tracing::error!(dir = %self.dir.display(), "VITRINA_INDEX_FAULT: stopping before the switch");
            std::process::abort();
        }
        write_current(&self.root, &Current { generation: self.name.clone(), version: version.clone() })?;
        for entry in fs::read_dir(&self.root)?.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(GENERATION) && name != self.name {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
        Ok(())
    }
}

/// `CURRENT` of the store in `root`, when it reads and is of this [`FORMAT`].
fn read_current(root: &Path) -> Option<Current> {
    let text = fs::read(root.join(CURRENT)).ok()?;
    serde_json::from_slice::<Current>(&text).ok().filter(|current| current.version.format == FORMAT)
}

/// Replaces `CURRENT` in `root` by `current`: a synced file renamed over it, the folder synced.
fn write_current(root: &Path, current: &Current) -> anyhow::Result<()> {
    let next = root.join(format!("{CURRENT}.next"));
    let mut file = File::create(&next)?;
    file.write_all(&serde_json::to_vec(current)?)?;
    file.sync_all()?;
    fs::rename(&next, root.join(CURRENT))?;
    sync_dir(root)?;
    Ok(())
}

/// Writes `bytes` to a new file at `path` and syncs it.
fn write_synced(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}

/// Opens the generation in `dir`: tantivy's files mapped, `state.bin` read.
fn open_generation(dir: &Path) -> anyhow::Result<(SearchIndex, FacetIndex)> {
    let bytes = fs::read(dir.join(STATE))?;
    let (kept, mut facets): (super::Kept, FacetIndex) = postcard::from_bytes(&bytes)?;
    drop(bytes);
    let search = SearchIndex::open(dir, kept)?;
    // The ids are written once, with the search index's state; the facet index's entries must be as many.
    anyhow::ensure!(facets.adopt_ids(search.ids()), "the facet index's entries are not the search index's ordinals");
    // Without cards of every ordinal, answers read their offers from the catalogue (slower, as right), and the next
    // import builds anew.
    let cards = super::cards::Cards::open(dir)
        .and_then(|cards| {
            let covered = cards.is_empty() || cards.len() as usize == search.ordinals();
            anyhow::ensure!(covered, "{} cards for {} ordinals", cards.len(), search.ordinals());
            Ok(cards)
        })
        .unwrap_or_else(|err| {
            tracing::warn!(err = format!("{err:#}"), dir = %dir.display(), "the kept search cards are not used");
            super::cards::Cards::default()
        });
    Ok((search.with_cards(cards), facets))
}

/// Syncs a folder's entries (a new file's name, a rename), so they survive a power cut.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facets::FacetOffer;
    use crate::search::{SearchDoc, SearchRequest};

    fn version(last_import: i64) -> IndexVersion {
        IndexVersion {
            format: FORMAT,
            last_import,
            import_finished_at: Some(format!("2026-11-28T12:00:0{last_import}Z")),
            synonyms: 0,
            facet_settings: String::new(),
        }
    }

    /// Builds an index of `names` into a new generation of `store` and switches to it.
    fn build(store: &IndexStore, names: &[&str], last_import: i64) {
        let building = store.begin().unwrap();
        let docs = names.iter().enumerate().map(|(i, name)| SearchDoc {
            id: i.to_string(),
            name: (*name).into(),
            ..SearchDoc::default()
        });
        let (index, _) = SearchIndex::build_in(Some(building.dir()), docs, Default::default(), Vec::new()).unwrap();
        let offers =
            names.iter().enumerate().map(|(i, _)| FacetOffer { id: i.to_string(), ..FacetOffer::default() }).collect();
        building.switch(&index, &FacetIndex::build(offers), &version(last_import)).unwrap();
    }

    fn total(opened: &Opened, text: &str) -> usize {
        opened.search.search(&SearchRequest { text: text.into(), limit: 10, ..Default::default() }).unwrap().total
    }

    #[test]
    fn a_switched_generation_opens_as_it_was_built_and_replaces_the_one_before() {
        let dir = tempfile::tempdir().unwrap();
        let store = IndexStore::new(dir.path().join("search")).unwrap();
        assert!(store.open().is_none(), "nothing kept yet");
        build(&store, &["Мяч футбольный", "Мяч теннисный", "Кукла"], 1);
        let opened = store.open().unwrap();
        assert_eq!((opened.version.clone(), total(&opened, "мяч"), opened.facets.len()), (version(1), 2, 3));
        // The ids are kept once: the facet index reads the search index's list, not a copy.
        assert!(std::sync::Arc::ptr_eq(opened.search.ids(), &opened.facets.shared_ids()));
        assert_eq!(opened.facets.offer_id(2), Some("2"));

        build(&store, &["Кукла", "Кукла"], 2);
        let opened = store.open().unwrap();
        assert_eq!((opened.version.last_import, total(&opened, "кукла"), total(&opened, "мяч")), (2, 2, 0));
        let generations = fs::read_dir(store.root()).unwrap().flatten();
        assert_eq!(generations.filter(|e| e.file_name().to_string_lossy().starts_with(GENERATION)).count(), 1);
    }

    #[test]
    fn a_generation_never_switched_to_is_not_opened_and_another_format_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let store = IndexStore::new(dir.path()).unwrap();
        build(&store, &["Мяч"], 1);
        // A build that stopped before its switch: its folder is there, CURRENT still names the first.
        let stopped = store.begin().unwrap();
        SearchIndex::build_in(Some(stopped.dir()), Vec::new(), Default::default(), Vec::new()).unwrap();
        drop(stopped);
        assert_eq!(store.open().unwrap().version.last_import, 1);

        let current = fs::read_to_string(dir.path().join(CURRENT)).unwrap();
        fs::write(dir.path().join(CURRENT), current.replace(&format!("\"format\":{FORMAT}"), "\"format\":0")).unwrap();
        assert!(store.open().is_none(), "an index of another format is built anew, not read");
    }
}
