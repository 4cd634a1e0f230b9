//! The picture worker (issue 24): downloads the pictures an import named, makes their derivatives, records each
//! outcome, and sweeps what no offer names any more. The serving shop runs one for as long as it serves
//! ([`PictureWorker::run`] with [`RunMode::Serve`]); `vitrina pictures fetch` runs one until nothing is due.
//!
//! Bounds: [`WorkerSettings::concurrency`] downloads at once over all hosts and [`WorkerSettings::per_host`] per
//! host; [`WorkerSettings::derive_threads`] pictures decoded and encoded at once (each holds up to
//! [`PICTURE_DECODE_MEMORY_MAX`](crate::limits::PICTURE_DECODE_MEMORY_MAX) bytes); retries with back-off
//! ([`PICTURE_RETRY_BASE_S`] × 4ⁿ) up to [`PICTURE_ATTEMPTS_MAX`] attempts. No outcome of a download can stop the
//! worker: every failure is recorded on its picture's row.
//!
//! Derivatives come in two passes: WebP and JPEG at every width as soon as a picture is downloaded (fast: the picture
//! is shown from then on), then AVIF, which costs seconds per picture, when no download is due.

use super::derive::{self, Inspected};
use super::failure::{Failure, FailureCode};
use super::fetch::{FetchSettings, Fetched, Fetcher, Validators};
use super::store::{DemoPictures, PictureStore, content_id};
use crate::db::Db;
use crate::db::pictures::{self as db, DownloadJob, Stored};
use crate::domain::pictures::{DEMO_PICTURES_PATH, PictureFormat};
use crate::limits::{
    PICTURE_ATTEMPTS_MAX, PICTURE_CLAIM_BATCH, PICTURE_CLAIM_LEASE_S, PICTURE_POLL_INTERVAL_MS, PICTURE_RETRY_BASE_S,
    PICTURE_SWEEP_GRACE_S, PICTURE_WIDTHS,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore};
use tokio::task::JoinSet;

/// How the worker downloads and derives.
#[derive(Debug, Clone, Copy)]
pub struct WorkerSettings {
    pub fetch: FetchSettings,
    /// Downloads under way at once, over all hosts.
    pub concurrency: usize,
    /// Downloads under way at once from one host.
    pub per_host: usize,
    /// Pictures decoded and encoded at once.
    pub derive_threads: usize,
    /// rav1e's speed for the AVIF derivatives, 1 (slowest, smallest) – 10.
    pub avif_speed: u8,
}

/// How long [`PictureWorker::run`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunMode {
    /// Until the process ends, waking on [`PictureWorker::wake`] or every [`PICTURE_POLL_INTERVAL_MS`].
    Serve,
    /// Until no picture is due and every AVIF is made (`vitrina pictures fetch`).
    UntilDone,
}

/// The worker: one per process.
pub struct PictureWorker {
    pool: Db,
    store: PictureStore,
    fetcher: Fetcher,
    settings: WorkerSettings,
    downloads: Arc<Semaphore>,
    derives: Arc<Semaphore>,
    hosts: Mutex<HashMap<String, Arc<Semaphore>>>,
    wake: Notify,
    sweep_due: std::sync::atomic::AtomicBool,
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

impl PictureWorker {
    /// A worker over `pool`'s `pictures` rows and `store`.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(pool: Db, store: PictureStore, settings: WorkerSettings) -> anyhow::Result<Arc<Self>> {
        Ok(Arc::new(Self {
            fetcher: Fetcher::new(settings.fetch)?,
            downloads: Arc::new(Semaphore::new(settings.concurrency.max(1))),
            derives: Arc::new(Semaphore::new(settings.derive_threads.max(1))),
            hosts: Mutex::new(HashMap::new()),
            wake: Notify::new(),
            sweep_due: std::sync::atomic::AtomicBool::new(true),
            pool,
            store,
            settings,
        }))
    }

    /// Tells a serving worker that an import finished: it sweeps, then looks for pictures to fetch at once.
    pub fn wake_after_import(&self) {
        self.sweep_due.store(true, std::sync::atomic::Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Downloads and derives until `mode` says stop. Database errors are logged and retried after a pause.
    pub async fn run(self: Arc<Self>, mode: RunMode) {
        let mut running: JoinSet<()> = JoinSet::new();
        let window = (self.settings.concurrency.max(1) * 2) as i64;
        loop {
            if self.sweep_due.swap(false, std::sync::atomic::Ordering::SeqCst) {
                match self.sweep().await {
                    Ok(0) => {}
                    Ok(copies) => tracing::info!(copies, "unused pictures swept"),
                    Err(err) => tracing::warn!(err = format!("{err:#}"), "sweeping pictures failed"),
                }
            }
            let room = window - running.len() as i64;
            let claimed = if room > 0 {
                match db::claim_downloads(&self.pool, now(), PICTURE_CLAIM_LEASE_S, room.min(PICTURE_CLAIM_BATCH)).await
                {
                    Ok(jobs) => jobs,
                    Err(err) => {
                        tracing::warn!(%err, "claiming pictures to fetch failed");
                        tokio::time::sleep(Duration::from_millis(PICTURE_POLL_INTERVAL_MS)).await;
                        continue;
                    }
                }
            } else {
                Vec::new()
            };
            let claimed_any = !claimed.is_empty();
            for job in claimed {
                let worker = self.clone();
                running.spawn(async move { worker.download(job).await });
            }
            if claimed_any {
                continue;
            }
            if !running.is_empty() {
                running.join_next().await;
                continue;
            }
            // Nothing to download: AVIF derivatives, one picture at a time.
            match db::claim_avif(&self.pool, now(), PICTURE_CLAIM_LEASE_S, 1).await {
                Ok(hashes) if !hashes.is_empty() => {
                    for hash in hashes {
                        self.make_avif(hash).await;
                    }
                    continue;
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "claiming pictures for AVIF failed"),
            }
            if mode == RunMode::UntilDone {
                return;
            }
            let pause = Duration::from_millis(PICTURE_POLL_INTERVAL_MS);
            let _ = tokio::time::timeout(pause, self.wake.notified()).await;
        }
    }

    /// The permit of `url`'s host, made on first use; hosts no download holds are forgotten.
    fn host_permits(&self, url: &str) -> Arc<Semaphore> {
        let host = url::Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_default();
        let mut hosts = self.hosts.lock().expect("the hosts map is never poisoned");
        hosts.retain(|_, permits| Arc::strong_count(permits) > 1);
        hosts.entry(host).or_insert_with(|| Arc::new(Semaphore::new(self.settings.per_host.max(1)))).clone()
    }

    /// One picture: download (or read the demo's), store, derive, record.
    async fn download(self: Arc<Self>, job: DownloadJob) {
        let outcome = self.fetch(&job).await;
        let recorded = match outcome {
            Ok(None) => db::mark_unchanged(&self.pool, job.id, now()).await,
            Ok(Some((bytes, validators))) => match self.clone().keep(bytes).await {
                Ok(kept) => {
                    let stored = Stored {
                        hash: &kept.id,
                        width: kept.inspected.width,
                        height: kept.inspected.height,
                        bytes: kept.bytes,
                        etag: validators.etag.as_deref(),
                        last_modified: validators.last_modified.as_deref(),
                        avif: kept.avif,
                    };
                    db::mark_ready(&self.pool, job.id, &stored, now()).await
                }
                Err(failure) => self.record_failure(&job, &failure).await,
            },
            Err(failure) => self.record_failure(&job, &failure).await,
        };
        if let Err(err) = recorded {
            tracing::warn!(%err, url = job.url, "recording a picture's outcome failed; it is tried again later");
        }
    }

    async fn record_failure(&self, job: &DownloadJob, failure: &Failure) -> sqlx::Result<()> {
        let attempts = job.attempts + 1;
        let retry_at = (failure.code.retryable() && attempts < PICTURE_ATTEMPTS_MAX)
            .then(|| now() + PICTURE_RETRY_BASE_S * 4i64.pow(u32::try_from(attempts - 1).unwrap_or(0)));
        tracing::debug!(url = job.url, %failure, ?retry_at, "a picture failed");
        db::mark_failed(&self.pool, job.id, &failure.to_string(), retry_at).await
    }

    /// The picture's bytes: the demo's from the binary, 1C's from the store (the exchange put them there), any other's
    /// downloaded. `Ok(None)`: not modified.
    async fn fetch(&self, job: &DownloadJob) -> Result<Option<(Vec<u8>, Validators)>, Failure> {
        if let Some(file) = job.url.strip_prefix(DEMO_PICTURES_PATH) {
            return DemoPictures::get(file)
                .map(|f| Some((f.data.into_owned(), Validators::default())))
                .ok_or_else(|| Failure::new(FailureCode::Missing, format!("the binary has no demo picture {file}")));
        }
        if let Some(id) = crate::domain::pictures::exchange_picture_id(&job.url) {
            let original = self.store.get(&self.store.original(id)).await.map_err(store_failure)?;
            return original.map(|bytes| Some((bytes.to_vec(), Validators::default()))).ok_or_else(|| {
                Failure::new(FailureCode::Missing, format!("the store has no original of 1C's picture {id}"))
            });
        }
        let _all = self.downloads.clone().acquire_owned().await.expect("the semaphore is never closed");
        let _host = self.host_permits(&job.url).acquire_owned().await.expect("the semaphore is never closed");
        let validators = match job.hash {
            Some(_) => Validators { etag: job.etag.clone(), last_modified: job.last_modified.clone() },
            None => Validators::default(),
        };
        match self.fetcher.fetch(&job.url, &validators).await? {
            Fetched::NotModified => Ok(None),
            Fetched::Body { bytes, validators } => Ok(Some((bytes, validators))),
        }
    }

    /// Checks the bytes, stores the original and makes its WebP and JPEG derivatives (skipped when the store has them:
    /// the same bytes came from another address).
    async fn keep(self: Arc<Self>, bytes: Vec<u8>) -> Result<Kept, Failure> {
        let _permit = self.derives.clone().acquire_owned().await.expect("the semaphore is never closed");
        let store = &self.store;
        let bytes = Arc::new(bytes);
        let (inspected, id) = blocking({
            let bytes = bytes.clone();
            move || Ok((derive::inspect(&bytes)?, content_id(&bytes)))
        })
        .await?;
        if !store.has(&store.original(&id)).await.map_err(store_failure)? {
            store.put(&store.original(&id), bytes.to_vec()).await.map_err(store_failure)?;
        }
        if !(has_all(store, &id, PictureFormat::Webp).await? && has_all(store, &id, PictureFormat::Jpeg).await?) {
            let formats = [PictureFormat::Webp, PictureFormat::Jpeg];
            let speed = self.settings.avif_speed;
            let source = bytes.clone();
            let made = blocking(move || encode_all(&source, inspected, &formats, speed)).await?;
            put_all(store, &id, made).await?;
        }
        let avif = has_all(store, &id, PictureFormat::Avif).await?;
        Ok(Kept { avif, id, inspected, bytes: bytes.len() as u64 })
    }

    /// Makes the AVIF derivatives of copy `hash` and records them; a failure is logged and tried again after the
    /// claim's lease.
    async fn make_avif(&self, hash: String) {
        let _permit = self.derives.clone().acquire_owned().await.expect("the semaphore is never closed");
        let made = derive_formats(&self.store, &hash, &[PictureFormat::Avif], self.settings.avif_speed).await;
        match made {
            Ok(()) => {
                if let Err(err) = db::mark_avif(&self.pool, &hash).await {
                    tracing::warn!(%err, hash, "recording AVIF derivatives failed");
                }
            }
            Err(failure) => tracing::warn!(%failure, hash, "AVIF derivatives failed"),
        }
    }

    /// Removes the copies no row names (older than [`PICTURE_SWEEP_GRACE_S`]); the rows no offer names went in the
    /// import's own transaction (`db::pictures::sweep_rows`). Returns how many copies went.
    ///
    /// # Errors
    /// The database's or the file system's.
    pub async fn sweep(&self) -> anyhow::Result<u64> {
        let keep = db::live_hashes(&self.pool).await?;
        Ok(self.store.sweep(&keep, Duration::from_secs(PICTURE_SWEEP_GRACE_S)).await?)
    }
}

/// What [`PictureWorker::keep`] stored.
struct Kept {
    id: String,
    inspected: Inspected,
    bytes: u64,
    /// The AVIF derivatives exist already.
    avif: bool,
}

/// Runs `work` (decoding, encoding, hashing: seconds of CPU) on the blocking pool.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T, Failure> + Send + 'static) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(Failure::new(FailureCode::Undecodable, format!("the encoder failed: {e}"))))
}

/// Whether the store holds copy `id`'s derivatives in `format` at every width.
async fn has_all(store: &PictureStore, id: &str, format: PictureFormat) -> Result<bool, Failure> {
    for width in PICTURE_WIDTHS {
        if !store.has(&store.derivative(id, width, format)).await.map_err(store_failure)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// One derivative made: its width, format and bytes.
type Made = Vec<(u32, PictureFormat, Vec<u8>)>;

/// Decodes `bytes` and encodes them in `formats` at every width (blocking: seconds of CPU).
fn encode_all(bytes: &[u8], inspected: Inspected, formats: &[PictureFormat], avif_speed: u8) -> Result<Made, Failure> {
    let image = derive::decode(bytes, inspected)?;
    let mut made = Vec::new();
    for (width, scaled) in derive::scale_all(&image) {
        for &format in formats {
            made.push((width, format, derive::encode(&scaled, format, avif_speed)?));
        }
    }
    Ok(made)
}

async fn put_all(store: &PictureStore, id: &str, made: Made) -> Result<(), Failure> {
    for (width, format, bytes) in made {
        store.put(&store.derivative(id, width, format), bytes).await.map_err(store_failure)?;
    }
    Ok(())
}

/// Makes copy `id`'s derivatives in `formats` from its stored original (`avif_speed`: rav1e's 1–10), encoding on the
/// blocking pool.
///
/// # Errors
/// The original's (missing, undecodable) or the store's.
pub async fn derive_formats(
    store: &PictureStore,
    id: &str,
    formats: &[PictureFormat],
    avif_speed: u8,
) -> Result<(), Failure> {
    let Some(bytes) = store.get(&store.original(id)).await.map_err(store_failure)? else {
        return Err(Failure::new(FailureCode::Missing, format!("the store has no original of {id}")));
    };
    let formats = formats.to_vec();
    let made = blocking(move || {
        let inspected = derive::inspect(&bytes)?;
        encode_all(&bytes, inspected, &formats, avif_speed)
    })
    .await?;
    put_all(store, id, made).await
}

/// A picture store error: `PICTURE_STORE`, retried (a full disk or an unreachable bucket is the shop's to mend, not
/// the picture's fault).
pub fn store_failure(err: super::store::StoreError) -> Failure {
    Failure::new(FailureCode::Store, format!("the picture store: {err}"))
}
