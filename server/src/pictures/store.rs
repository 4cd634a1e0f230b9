//! The picture store (issue 24): files under one folder, by default `pictures/` beside the database. Each original is
//! kept once, under the first 32 hex digits of its SHA-256, with its derivatives beside it:
//!
//! ```text
//! pictures/3f/3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d/original
//! pictures/3f/3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d/640.avif   (…/{width}.{avif|webp|jpg})
//! ```
//!
//! Files are written to a temporary name and renamed, so a reader never sees half of one. The store holds nothing
//! the database does not name, except for a while: [`PictureStore::sweep`] removes what no row names.

use crate::domain::pictures::{PictureFormat, is_picture_id};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The store's folder.
#[derive(Debug, Clone)]
pub struct PictureStore {
    root: PathBuf,
}

/// The content address of `bytes`: the first 32 hex digits of their SHA-256 (128 bits).
pub fn content_id(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The default store of a database file: `pictures/` in the database's folder.
pub fn default_root(db: &Path) -> PathBuf {
    db.parent().unwrap_or_else(|| Path::new(".")).join("pictures")
}

impl PictureStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The store's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The folder of picture `id` (a [`content_id`]; the caller checked its shape).
    fn folder(&self, id: &str) -> PathBuf {
        debug_assert!(is_picture_id(id), "{id}");
        self.root.join(&id[..2]).join(id)
    }

    /// Where the original of `id` is kept.
    pub fn original(&self, id: &str) -> PathBuf {
        self.folder(id).join("original")
    }

    /// Where the `width` (a slot width) derivative of `id` in `format` is kept.
    pub fn derivative(&self, id: &str, width: u32, format: PictureFormat) -> PathBuf {
        self.folder(id).join(format!("{width}.{}", format.extension()))
    }

    /// Writes `bytes` to `path` whole or not at all: a temporary file in the same folder, synced, then renamed.
    ///
    /// # Errors
    /// The file system's (a full disk, no permission).
    pub fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        use std::io::Write;
        let folder = path.parent().ok_or_else(|| io::Error::other("a store path has a folder"))?;
        std::fs::create_dir_all(folder)?;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
        let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, path)
    }

    /// Removes the folders of pictures not in `keep` (ids), leaving any touched within `grace` (a worker may be
    /// writing one before its row names it). Returns how many folders went.
    ///
    /// # Errors
    /// The file system's, reading the store.
    pub fn sweep(&self, keep: &HashSet<String>, grace: Duration) -> io::Result<u64> {
        let mut removed = 0;
        let shards = match std::fs::read_dir(&self.root) {
            Ok(shards) => shards,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(e),
        };
        let now = SystemTime::now();
        for shard in shards {
            let shard = shard?;
            if !shard.file_type()?.is_dir() {
                continue;
            }
            for entry in std::fs::read_dir(shard.path())? {
                let entry = entry?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if !is_picture_id(&name) || keep.contains(&name) {
                    continue;
                }
                let modified = entry.metadata()?.modified()?;
                if now.duration_since(modified).unwrap_or_default() < grace {
                    continue;
                }
                std::fs::remove_dir_all(entry.path())?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

/// The demo catalogue's pictures (`server/demo/images`), embedded in the binary: the demo and generated feeds name
/// them as `/demo/images/{file}`, and the picture worker reads them from here instead of the network, so the demo
/// shop works offline through the same pipeline.
#[derive(rust_embed::RustEmbed)]
#[folder = "demo/images"]
pub struct DemoPictures;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_ids_are_32_hex_digits_of_sha256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        assert_eq!(content_id(b"abc"), "ba7816bf8f01cfea414140de5dae2223");
        assert!(is_picture_id(&content_id(b"")));
    }

    #[test]
    fn writes_whole_files_and_sweeps_only_unnamed_old_folders() {
        let dir = tempfile::tempdir().unwrap();
        let store = PictureStore::new(dir.path());
        let (kept, dropped) = (content_id(b"kept"), content_id(b"dropped"));
        for id in [&kept, &dropped] {
            store.write(&store.original(id), b"bytes").unwrap();
            store.write(&store.derivative(id, 160, PictureFormat::Webp), b"small").unwrap();
        }
        assert_eq!(std::fs::read(store.original(&kept)).unwrap(), b"bytes");
        let keep: HashSet<String> = [kept.clone()].into();
        // Within the grace period nothing goes.
        assert_eq!(store.sweep(&keep, Duration::from_secs(3600)).unwrap(), 0);
        assert_eq!(store.sweep(&keep, Duration::ZERO).unwrap(), 1);
        assert!(store.original(&kept).exists());
        assert!(!store.original(&dropped).exists());
        assert_eq!(PictureStore::new(dir.path().join("absent")).sweep(&keep, Duration::ZERO).unwrap(), 0);
    }
}
