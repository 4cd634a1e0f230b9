//! The picture store (issue 24; issue 36: a second backend): the downloaded originals and their derivatives, in a
//! folder (by default `pictures/` beside the database) or in S3-compatible object storage
//! (`VITRINA_PICTURES_URL=s3://bucket/prefix`), both through the `object_store` crate. Each original is kept once,
//! under the first 32 hex digits of its SHA-256, with its derivatives beside it:
//!
//! ```text
//! 3f/3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d/original
//! 3f/3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d/640.avif   (…/{width}.{avif|webp|jpg})
//! ```
//!
//! A reader never sees half an object: the folder backend writes a temporary file and renames it, and an S3 `PUT`
//! is whole or absent. The store holds nothing the database does not name, except for a while:
//! [`PictureStore::sweep`] removes what no row names.

use crate::domain::pictures::{PictureFormat, is_picture_id};
use bytes::Bytes;
use futures::TryStreamExt;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The shop's picture store: a folder or a bucket, cloned cheaply.
#[derive(Debug, Clone)]
pub struct PictureStore {
    objects: Arc<dyn ObjectStore>,
    /// Where it is, for people: the folder's path or the `s3://` URL.
    location: String,
}

/// A failure of the store (a full disk, no permission, the bucket unreachable).
pub type StoreError = object_store::Error;

/// The content address of `bytes`: the first 32 hex digits of their SHA-256 (128 bits).
pub fn content_id(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The default store of a database: `pictures/` in a SQLite file's folder; `./data/pictures` beside a PostgreSQL
/// database, which has no folder.
pub fn default_root(db: &Path) -> PathBuf {
    crate::db::data_dir(db).join("pictures")
}

impl PictureStore {
    /// The folder `root`, made when missing.
    ///
    /// # Errors
    /// The folder cannot be made.
    pub fn folder(root: impl Into<PathBuf>) -> anyhow::Result<Self> {
        let root = root.into();
        std::fs::create_dir_all(&root)?;
        let objects = object_store::local::LocalFileSystem::new_with_prefix(&root)?;
        Ok(Self { objects: Arc::new(objects), location: root.display().to_string() })
    }

    /// S3-compatible object storage at `url` (`s3://bucket` or `s3://bucket/prefix`), with the credentials, region
    /// and endpoint of the usual AWS variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
    /// `AWS_ENDPOINT` for a server other than Amazon's, `AWS_ALLOW_HTTP=true` for one without TLS).
    ///
    /// # Errors
    /// Not an `s3://` URL, or a setting the AWS builder refuses.
    pub fn s3(url: &str) -> anyhow::Result<Self> {
        let rest = url.strip_prefix("s3://").ok_or_else(|| anyhow::anyhow!("not an s3:// URL: {url}"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        anyhow::ensure!(!bucket.is_empty(), "no bucket in {url}");
        let s3 = object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket).build()?;
        let prefix = prefix.trim_matches('/');
        let objects: Arc<dyn ObjectStore> =
            if prefix.is_empty() { Arc::new(s3) } else { Arc::new(object_store::prefix::PrefixStore::new(s3, prefix)) };
        Ok(Self { objects, location: url.to_owned() })
    }

    /// Where the store is: its folder or its URL.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The folder key of picture `id` (a [`content_id`]; the caller checked its shape).
    fn folder_key(id: &str) -> String {
        debug_assert!(is_picture_id(id), "{id}");
        format!("{}/{id}", &id[..2])
    }

    /// Where the original of `id` is kept.
    pub fn original(&self, id: &str) -> Key {
        Key::from(format!("{}/original", Self::folder_key(id)))
    }

    /// Where the `width` (a slot width) derivative of `id` in `format` is kept.
    pub fn derivative(&self, id: &str, width: u32, format: PictureFormat) -> Key {
        Key::from(format!("{}/{width}.{}", Self::folder_key(id), format.extension()))
    }

    /// Writes `bytes` at `key`, whole or not at all.
    ///
    /// # Errors
    /// The store's (a full disk, no permission, the bucket unreachable).
    pub async fn put(&self, key: &Key, bytes: Vec<u8>) -> Result<(), StoreError> {
        self.objects.put(key, PutPayload::from(bytes)).await.map(drop)
    }

    /// The bytes at `key`; `None` when there are none.
    ///
    /// # Errors
    /// The store's, other than "not found".
    pub async fn get(&self, key: &Key) -> Result<Option<Bytes>, StoreError> {
        match self.objects.get(key).await {
            Ok(found) => Ok(Some(found.bytes().await?)),
            Err(StoreError::NotFound { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Whether the store holds `key`.
    ///
    /// # Errors
    /// The store's, other than "not found".
    pub async fn has(&self, key: &Key) -> Result<bool, StoreError> {
        match self.objects.head(key).await {
            Ok(_) => Ok(true),
            Err(StoreError::NotFound { .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Removes the pictures not in `keep` (ids), each with its derivatives, leaving any written within `grace` (a
    /// worker may be writing one before its row names it). Returns how many pictures went.
    ///
    /// # Errors
    /// The store's, listing or deleting.
    pub async fn sweep(&self, keep: &HashSet<String>, grace: Duration) -> Result<u64, StoreError> {
        let cutoff = chrono::Utc::now() - chrono::Duration::from_std(grace).unwrap_or(chrono::Duration::MAX);
        // Each unnamed picture's objects, and the newest of their times.
        let mut unnamed: HashMap<String, (Vec<Key>, chrono::DateTime<chrono::Utc>)> = HashMap::new();
        let mut listing = self.objects.list(None);
        while let Some(meta) = listing.try_next().await? {
            let mut parts = meta.location.parts();
            let (Some(_shard), Some(id)) = (parts.next(), parts.next()) else { continue };
            let id = id.as_ref();
            if !is_picture_id(id) || keep.contains(id) {
                continue;
            }
            let entry = unnamed.entry(id.to_owned()).or_insert_with(|| (Vec::new(), meta.last_modified));
            entry.0.push(meta.location.clone());
            entry.1 = entry.1.max(meta.last_modified);
        }
        let mut removed = 0;
        for (keys, newest) in unnamed.into_values() {
            if newest > cutoff {
                continue;
            }
            for key in keys {
                match self.objects.delete(&key).await {
                    Ok(()) | Err(StoreError::NotFound { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            removed += 1;
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

    #[tokio::test]
    async fn writes_whole_files_and_sweeps_only_unnamed_old_folders() {
        let dir = tempfile::tempdir().unwrap();
        let store = PictureStore::folder(dir.path()).unwrap();
        let (kept, dropped) = (content_id(b"kept"), content_id(b"dropped"));
        for id in [&kept, &dropped] {
            store.put(&store.original(id), b"bytes".to_vec()).await.unwrap();
            store.put(&store.derivative(id, 160, PictureFormat::Webp), b"small".to_vec()).await.unwrap();
        }
        assert_eq!(store.get(&store.original(&kept)).await.unwrap().unwrap(), &b"bytes"[..]);
        let on_disk = dir.path().join(&kept[..2]).join(&kept).join("original");
        assert_eq!(std::fs::read(on_disk).unwrap(), b"bytes", "the folder's layout");
        let keep: HashSet<String> = [kept.clone()].into();
        // Within the grace period nothing goes.
        assert_eq!(store.sweep(&keep, Duration::from_secs(3600)).await.unwrap(), 0);
        assert_eq!(store.sweep(&keep, Duration::ZERO).await.unwrap(), 1);
        assert!(store.has(&store.original(&kept)).await.unwrap());
        assert!(!store.has(&store.original(&dropped)).await.unwrap());
        assert!(store.get(&store.derivative(&dropped, 160, PictureFormat::Webp)).await.unwrap().is_none());
        let empty = PictureStore::folder(dir.path().join("absent")).unwrap();
        assert_eq!(empty.sweep(&keep, Duration::ZERO).await.unwrap(), 0);
    }
}
