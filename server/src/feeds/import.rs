//! Imports a YML feed into the catalogue in one transaction.
//!
//! The feed is parsed on a blocking thread ([`super::yml::YmlReader`]) and handed over item by item through a
//! bounded channel, so memory stays constant whatever the feed's size; each batch of offers is checked on another
//! while the one before it is written. Offers are keyed by the feed's offer id: new ones are added, changed ones
//! updated, unchanged ones marked as seen (by a YML import only when it must look for the offers it did not see),
//! and offers the feed no longer lists are taken off the storefront (kept in the database: orders reference them). An offer whose values do
//! not make sense (no id, no name, a price that is not a number, negative or too large) is skipped with a reason
//! and the import goes on. A malformed document aborts the whole import: nothing is written, and the shop keeps
//! serving the previous catalogue.

use super::fields::{CutField, capped, plain};
use super::offer::{Checked, Cut, Dropped, FINGERPRINT_PREFIX, ValidOffer, fingerprint, validate};
use super::yml::{FeedError, FeedItem, RawOffer, YmlReader};
use crate::db::{self, offers::OfferWrite, sections::SectionWrite, shop::ShopRow};
use crate::db::{Db, Tx};
use crate::domain::money::CurrencyCode;
use crate::domain::slug::{UNSECTIONED_SLUG, slugify};
use crate::limits::{
    FEED_SHORT_TEXT_MAX_CHARS, IMPORT_BATCH_OFFERS, IMPORT_REPORT_MAX_ITEMS, IMPORT_REPORT_URL_MAX_CHARS,
    PICTURE_URL_MAX_BYTES,
};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::sync::Arc;
use std::time::Instant;

/// Section slugs taken by the storefront's own pages under `/catalog/`: the offers without a section and the compare
/// list (`/catalog/compare/`, issue 6). A section named so gets a fallback slug (`compare-{id}`).
pub const RESERVED_SECTION_SLUGS: &[&str] = &[UNSECTIONED_SLUG, "compare"];

/// The `source` under which the demo catalogue is imported.
pub const DEMO_SOURCE: &str = "demo";

/// What an import did. Serialised as the `--json` summary of `vitrina import`.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummary {
    /// Sections (categories) in the feed.
    pub sections: u64,
    pub offers_added: u64,
    pub offers_updated: u64,
    pub offers_removed: u64,
    pub offers_skipped: u64,
    /// Why each skipped offer was skipped.
    pub skipped: Vec<SkippedOffer>,
    /// Picture addresses the import dropped (issue 19: only absolute `http(s)` URLs are kept; the offer stays).
    pub pictures_dropped: u64,
    /// The first [`IMPORT_REPORT_MAX_ITEMS`] of them, each with its offer.
    pub dropped_pictures: Vec<DroppedPicture>,
    /// Offer fields cut to their limits, and offers' parameters and pictures left out past theirs (issue 20).
    pub fields_cut: u64,
    /// The first [`IMPORT_REPORT_MAX_ITEMS`] of them, each with its offer.
    pub cut_fields: Vec<CutField>,
    /// Picture addresses new to the shop: the picture worker downloads them (issue 24).
    pub pictures_new: u64,
    /// The shop's pictures after the import, by state (`vitrina pictures status`).
    pub pictures: crate::db::pictures::Counts,
    /// Wall-clock time of the whole import, seconds.
    pub seconds: f64,
}

/// An offer the import left out, with the line of its `<offer>` tag.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SkippedOffer {
    pub offer_id: Option<String>,
    pub line: u64,
    pub reason: String,
}

/// A `<picture>` the import left out of an offer (issue 19), with the line of the offer's `<offer>` tag.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DroppedPicture {
    pub offer_id: String,
    pub line: u64,
    /// The address as the feed gave it, cut to [`IMPORT_REPORT_URL_MAX_CHARS`] characters.
    pub url: String,
    pub reason: String,
}

/// Why an import failed as a whole. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    Feed(#[from] FeedError),
    #[error("cannot read the feed: {0}")]
    Io(#[from] std::io::Error),
    #[error("the feed has no <shop> with <offers>: is it a YML catalogue?")]
    NotYml,
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
}

/// Whose slug is being chosen: a section's or an offer's (each table has its own unique slugs).
#[derive(Clone, Copy)]
enum SlugOwner<'a> {
    Section(&'a str),
    Offer(&'a str),
}

impl SlugOwner<'_> {
    async fn taken(self, conn: &mut Tx, slug: &str) -> sqlx::Result<bool> {
        match self {
            Self::Section(id) => {
                Ok(RESERVED_SECTION_SLUGS.contains(&slug) || db::sections::slug_taken(conn, slug, id).await?)
            }
            Self::Offer(id) => db::offers::slug_taken(conn, slug, id).await,
        }
    }
}

/// Finds a free slug for `owner`: `base`, then each of `fallbacks`, then `base-2`, `base-3`, … — one neither stored
/// nor in `also` (the slugs of a batch not yet written).
async fn free_slug(
    conn: &mut Tx,
    base: String,
    fallbacks: &[String],
    owner: SlugOwner<'_>,
    also: &HashSet<String>,
) -> sqlx::Result<String> {
    for candidate in std::iter::once(&base).chain(fallbacks) {
        if !also.contains(candidate) && !owner.taken(conn, candidate).await? {
            return Ok(candidate.clone());
        }
    }
    let mut n = 2;
    loop {
        let candidate = format!("{base}-{n}");
        if !also.contains(&candidate) && !owner.taken(conn, &candidate).await? {
            return Ok(candidate);
        }
        n += 1;
    }
}

/// State of one running import.
struct Importer {
    conn: Tx,
    /// The sections offers may name: this write's, and on a [`Scope::ChangesOnly`] write the stored ones too. Shared
    /// with the check of a batch running beside the writes ([`Importer::check_batch`]).
    known_sections: Arc<HashSet<String>>,
    import_id: i64,
    shop: ShopRow,
    default_currency: Option<String>,
    sections: HashSet<String>,
    section_parents: HashMap<String, Option<String>>,
    section_slugs: HashMap<String, String>,
    saw_offers: bool,
    position: i64,
    /// Offers this import added or changed so far, and the page cache its transaction holds now, bytes
    /// ([`Importer::grow_cache`]).
    written: i64,
    cache_bytes: i64,
    summary: ImportSummary,
    /// Offers read and not yet checked ([`Importer::check_batch`]).
    unchecked: Vec<RawOffer>,
    /// The check of the batch before, running on a blocking thread while the batch before it is written.
    checking: Option<tokio::task::JoinHandle<Vec<CheckedOffer>>>,
    /// Offers checked and not yet written, with their line and id as the feed gave it ([`Importer::flush`]).
    pending: Vec<(Outcome, u64, Option<String>)>,
    /// Offers refused while others were pending, each with the number of pending offers before it: the summary lists
    /// skips in the feed's order.
    pending_skips: Vec<(usize, SkippedOffer)>,
    /// What this import changed, for the rendered pages that show it (issue 39).
    changes: super::changes::ImportChanges,
    /// Whether `changes` knows the section tree yet (read at the first batch, after the categories).
    knows_tree: bool,
    /// Offers on the storefront when the import began, and how many of them it has seen: when it saw them all, it
    /// takes none off and need not look for them (issue 39: two scans of every offer).
    shown_before: i64,
    shown_seen: i64,
    /// Unchanged offers seen in their place whose mark (`seen_import_id`) is not written yet (issue 39: marking
    /// every offer rewrote every row of `offers`, 0.4 s of a 100,000-offer re-import with its commit). A YML import
    /// marks them only when it must find the offers it did not see; 1C's packages mark as they go, since a later
    /// package of the exchange takes off what none of them saw. Also what tells such an offer met again later in the
    /// feed.
    unmarked: Option<HashSet<Box<str>>>,
    /// Whether a `pictures` row may have lost its last offer: an offer taken off, or an offer's pictures changed. The
    /// import then sweeps the rows at its end (`db::pictures::sweep_rows`, a scan of every offer's pictures).
    pictures_orphaned: bool,
}

impl Importer {
    async fn category(&mut self, id: String, parent_id: Option<String>, name: String) -> sqlx::Result<()> {
        if !self.sections.insert(id.clone()) {
            return Ok(()); // a repeated category id: the first one stands
        }
        Arc::make_mut(&mut self.known_sections).insert(id.clone());
        self.summary.sections += 1;
        let slug = match db::sections::find_slug(&mut self.conn, &id).await? {
            Some(slug) => slug,
            None => {
                let base = slugify(&name);
                let mut fallbacks = Vec::new();
                if let Some(parent_slug) = parent_id.as_ref().and_then(|p| self.section_slugs.get(p)) {
                    fallbacks.push(format!("{parent_slug}-{base}"));
                }
                fallbacks.push(format!("{base}-{}", slugify(&id)));
                free_slug(&mut self.conn, base, &fallbacks, SlugOwner::Section(&id), &HashSet::new()).await?
            }
        };
        self.position += 1;
        let write = SectionWrite {
            id: &id,
            parent_id: parent_id.as_deref(),
            name: &name,
            slug: &slug,
            position: self.position,
            import_id: self.import_id,
        };
        db::sections::upsert(&mut self.conn, &write).await?;
        self.section_slugs.insert(id.clone(), slug);
        self.section_parents.insert(id, parent_id);
        Ok(())
    }

    /// Cuts sections loose from parents that the feed lacks or that form a cycle: they become top-level.
    async fn repair_tree(&mut self) -> sqlx::Result<()> {
        let mut loose = Vec::new();
        for (id, parent) in &self.section_parents {
            let Some(parent) = parent else { continue };
            if !self.known_sections.contains(parent) {
                loose.push(id.clone());
                continue;
            }
            let (mut at, mut steps) = (Some(parent.clone()), 0);
            while let Some(p) = at {
                if p == *id || steps > self.section_parents.len() {
                    loose.push(id.clone());
                    break;
                }
                at = self.section_parents.get(&p).cloned().flatten();
                steps += 1;
            }
        }
        loose.sort();
        for id in loose {
            db::sections::clear_parent(&mut self.conn, &id).await?;
            self.section_parents.insert(id, None);
        }
        Ok(())
    }

    /// Counts an offer's dropped pictures, and lists them while the report has room.
    fn note_dropped_pictures(&mut self, offer_id: &str, line: u64, dropped: Vec<Dropped>) {
        for (url, reason) in dropped {
            self.summary.pictures_dropped += 1;
            if self.summary.dropped_pictures.len() < IMPORT_REPORT_MAX_ITEMS {
                let url = url.trim().chars().take(IMPORT_REPORT_URL_MAX_CHARS).collect();
                let offer_id = offer_id.to_owned();
                self.summary.dropped_pictures.push(DroppedPicture { offer_id, line, url, reason: reason.to_string() });
            }
        }
    }

    /// Counts an offer's cut fields, and lists them while the report has room.
    fn note_cuts(&mut self, offer_id: &str, line: u64, cuts: Vec<Cut>) {
        for (field, had, kept) in cuts {
            self.summary.fields_cut += 1;
            if self.summary.cut_fields.len() < IMPORT_REPORT_MAX_ITEMS {
                let offer_id = offer_id.chars().take(IMPORT_REPORT_URL_MAX_CHARS).collect();
                self.summary.cut_fields.push(CutField { offer_id, line, field, had, kept });
            }
        }
    }

    async fn offer(&mut self, raw: RawOffer) -> Result<(), ImportError> {
        if !self.saw_offers {
            self.saw_offers = true;
            self.repair_tree().await?;
        }
        self.unchecked.push(raw);
        if self.unchecked.len() >= IMPORT_BATCH_OFFERS {
            self.check_batch().await?;
        }
        Ok(())
    }

    /// Hands the offers read to a blocking thread to be checked, and meanwhile writes the batch checked before them
    /// (issue 39: the check, HTML cleaning and all, was a third of the writing task's time, with the database idle).
    /// The check sees the sections and currency known when the batch was read: only an item that is not an offer
    /// changes them, and one [`Importer::settle`]s first. It leaves out the offers whose [`fingerprint`] is stored
    /// for their id (read here, one statement a chunk): they have not changed.
    async fn check_batch(&mut self) -> Result<(), ImportError> {
        let raw = std::mem::take(&mut self.unchecked);
        let stored = self.stored_fingerprints(&raw).await?;
        let (currency, sections) = (self.default_currency.clone(), Arc::clone(&self.known_sections));
        let next = tokio::task::spawn_blocking(move || check_all(raw, currency.as_deref(), &sections, &stored));
        if let Some(before) = self.checking.replace(next) {
            let checked = joined(before).await?;
            self.accept(checked);
            self.flush().await?;
        }
        Ok(())
    }

    /// The stored fingerprints of the shown offers among `raw`, by id ([`db::offers::stored_fingerprints`]).
    async fn stored_fingerprints(&mut self, raw: &[RawOffer]) -> sqlx::Result<HashMap<String, String>> {
        let ids: Vec<String> = raw.iter().filter_map(|offer| offer.id.clone()).collect();
        db::offers::stored_fingerprints(&mut self.conn, &ids).await
    }

    /// Brings every offer read into the checked ones, in the feed's order: before an item that changes what a check
    /// sees, a skip the reader reports, and the end.
    async fn settle(&mut self) -> Result<(), ImportError> {
        if let Some(before) = self.checking.take() {
            let checked = joined(before).await?;
            self.accept(checked);
        }
        if !self.unchecked.is_empty() {
            let raw = std::mem::take(&mut self.unchecked);
            let stored = self.stored_fingerprints(&raw).await?;
            let checked = check_all(raw, self.default_currency.as_deref(), &self.known_sections, &stored);
            self.accept(checked);
        }
        if self.pending.len() >= IMPORT_BATCH_OFFERS {
            self.flush().await?;
        }
        Ok(())
    }

    /// Takes checked offers into the batch to write, and the refused ones into the skips after the offers before them.
    fn accept(&mut self, checked: Vec<CheckedOffer>) {
        for (line, raw_id, mut outcome) in checked {
            if let Outcome::Refused(reason) = outcome {
                // After the offers before it in the feed, which may still wait for their batch.
                let skipped = SkippedOffer { offer_id: raw_id, line, reason };
                self.pending_skips.push((self.pending.len(), skipped));
                continue;
            }
            self.note_checked(&mut outcome, line);
            self.pending.push((outcome, line, raw_id));
        }
    }

    /// Takes the pictures a checked offer's check dropped and the fields it cut into the summary.
    fn note_checked(&mut self, outcome: &mut Outcome, line: u64) {
        if let Outcome::Taken(checked, _) = outcome {
            self.note_dropped_pictures(&checked.offer.id, line, std::mem::take(&mut checked.dropped));
            self.note_cuts(&checked.offer.id, line, std::mem::take(&mut checked.cuts));
        }
    }

    /// Writes the offers checked since the last flush (issue 39: an import's cost was five statements an offer, each
    /// a hand-over to the database's thread): one read of what is stored, one of the slugs taken, and a few
    /// multi-row statements. The outcome is the one-by-one write's: the same counts, slugs, positions and skips.
    async fn flush(&mut self) -> sqlx::Result<()> {
        let mut pending = std::mem::take(&mut self.pending);
        let mut skips = std::mem::take(&mut self.pending_skips).into_iter().peekable();
        if pending.is_empty() {
            self.summary.skipped.extend(skips.map(|(_, skipped)| skipped));
            return Ok(());
        }
        if !self.knows_tree {
            self.knows_tree = true;
            self.changes.set_parents(db::sections::parents(&mut self.conn).await?);
        }
        let ids: Vec<String> = pending.iter().map(|(offer, _, _)| offer.id().to_owned()).collect();
        let stored = db::offers::find_stored_many(&mut self.conn, &ids).await?;
        // An offer left unchecked for its stored fingerprint, whose stored offer changed since (an offer of the same
        // id written in between, or taken off), is checked now: the loop below writes it or reports it.
        for (entry, line, _) in &mut pending {
            let Outcome::Unchanged(raw, print) = entry else { continue };
            if stored.get(raw.id.as_deref().unwrap_or_default()).is_some_and(|s| s.active && s.content_hash == *print) {
                continue;
            }
            let raw = std::mem::take(raw);
            *entry = check_one(raw, self.default_currency.as_deref(), &self.known_sections, &HashMap::new());
            self.note_checked(entry, *line);
        }
        // The first slug each new offer would take, and which of them other offers hold.
        let bases: Vec<String> = pending
            .iter()
            .filter_map(|(entry, ..)| entry.taken())
            .filter(|o| !stored.contains_key(&o.id))
            .map(|o| slugify(&o.name))
            .collect();
        let taken = db::offers::slugs_taken(&mut self.conn, &bases).await?;
        let mut batch_ids: HashSet<&str> = HashSet::new();
        let mut batch_slugs: HashSet<String> = HashSet::new();
        // Unchanged offers seen again, with their new place where it moved.
        let mut seen: Vec<(String, Option<i64>)> = Vec::new();
        // Unchanged offers whose stored fingerprint is of the kind before [`fingerprint`], with their new one.
        let mut reprinted: Vec<(String, String)> = Vec::new();
        // (offer, slug, content hash, position, added, is_new)
        let mut writes: Vec<(&ValidOffer, String, &str, i64, bool, bool)> = Vec::new();
        for (at, (entry, line, raw_id)) in pending.iter().enumerate() {
            while let Some((_, skipped)) = skips.next_if(|(before, _)| *before <= at) {
                self.summary.skipped.push(skipped);
            }
            let print = match entry {
                Outcome::Taken(_, print) | Outcome::Unchanged(_, print) => print,
                Outcome::Refused(reason) => {
                    let reason = reason.clone();
                    self.summary.skipped.push(SkippedOffer { offer_id: raw_id.clone(), line: *line, reason });
                    continue;
                }
            };
            let id = entry.id();
            let stored = stored.get(id);
            let earlier = !batch_ids.insert(id);
            let unmarked = self.unmarked.as_ref().is_some_and(|unmarked| unmarked.contains(id));
            if earlier || unmarked || stored.is_some_and(|s| s.seen_import_id == self.import_id) {
                let reason = "an offer with this id came earlier in the feed".to_owned();
                self.summary.skipped.push(SkippedOffer { offer_id: raw_id.clone(), line: *line, reason });
                continue;
            }
            self.position += 1;
            self.shown_seen += i64::from(stored.is_some_and(|s| s.active));
            // A stored fingerprint of the earlier kind matches the offer checked, not its new fingerprint.
            let legacy_same = |s: &db::offers::StoredOffer| {
                !s.content_hash.starts_with(FINGERPRINT_PREFIX)
                    && entry.taken().is_some_and(|offer| offer.legacy_fingerprint() == s.content_hash)
            };
            let added = match stored {
                Some(s) if s.active && (s.content_hash == *print || legacy_same(s)) => {
                    if s.content_hash != *print {
                        reprinted.push((id.to_owned(), print.clone()));
                    }
                    let moved = (s.position != self.position).then_some(self.position);
                    match (&mut self.unmarked, moved) {
                        (Some(unmarked), None) => _ = unmarked.insert(id.into()),
                        _ => seen.push((id.to_owned(), moved)),
                    }
                    self.changes.seen(s.section_id.as_deref(), s.position);
                    continue;
                }
                Some(s) if s.active => {
                    self.summary.offers_updated += 1;
                    false
                }
                _ => {
                    self.summary.offers_added += 1;
                    true
                }
            };
            let Outcome::Taken(Checked { offer, .. }, _) = entry else {
                unreachable!("an unchanged offer whose stored fingerprint differs was checked before the loop")
            };
            let slug = match stored {
                Some(s) => s.slug.clone(),
                None => {
                    let base = slugify(&offer.name);
                    if !taken.contains(&base) && !batch_slugs.contains(&base) {
                        base
                    } else {
                        let fallbacks = [format!("{base}-{}", slugify(&offer.id))];
                        let owner = SlugOwner::Offer(&offer.id);
                        free_slug(&mut self.conn, base, &fallbacks, owner, &batch_slugs).await?
                    }
                }
            };
            batch_slugs.insert(slug.clone());
            self.changes.offer(&offer.id, offer.section_id.as_deref(), offer.group_id.as_deref(), stored);
            writes.push((offer, slug, print.as_str(), self.position, added, stored.is_none()));
        }
        self.summary.skipped.extend(skips.map(|(_, skipped)| skipped));
        db::offers::mark_seen_many(&mut self.conn, &seen, self.import_id).await?;
        db::offers::set_fingerprints(&mut self.conn, &reprinted).await?;
        let writes: Vec<(OfferWrite<'_>, bool, bool)> = writes
            .iter()
            .map(|(offer, slug, hash, position, added, is_new)| {
                let write = OfferWrite {
                    id: &offer.id,
                    section_id: offer.section_id.as_deref(),
                    slug,
                    name: &offer.name,
                    price_minor: offer.price_minor,
                    old_price_minor: offer.old_price_minor,
                    currency_id: &offer.currency_id,
                    available: offer.available,
                    vendor: offer.vendor.as_deref(),
                    vendor_code: offer.vendor_code.as_deref(),
                    description: offer.description.as_deref(),
                    source_url: offer.source_url.as_deref(),
                    position: *position,
                    content_hash: hash,
                    pictures: &offer.pictures,
                    params: &offer.params,
                    group_id: offer.group_id.as_deref(),
                };
                (write, *added, *is_new)
            })
            .collect();
        self.pictures_orphaned |= db::offers::upsert_many(&mut self.conn, &writes, self.import_id).await?;
        self.written += writes.len() as i64;
        let urls: Vec<&str> =
            writes.iter().flat_map(|(write, _, _)| write.pictures.iter().map(String::as_str)).collect();
        self.summary.pictures_new += db::pictures::register(&mut self.conn, &urls).await?;
        self.grow_cache().await
    }

    /// Raises the transaction's page cache once the offers added or changed call for twice what it holds, up to
    /// [`IMPORT_SQLITE_CACHE_MAX_BYTES`](crate::limits::IMPORT_SQLITE_CACHE_MAX_BYTES) (issue 39): a large import
    /// writes its b-trees without spilling them page by page, a small one (or a re-import that changes 1 %) stays
    /// small.
    async fn grow_cache(&mut self) -> sqlx::Result<()> {
        use crate::limits::{IMPORT_SQLITE_CACHE_BYTES_PER_OFFER, IMPORT_SQLITE_CACHE_MAX_BYTES};
        let want = self.written.saturating_mul(IMPORT_SQLITE_CACHE_BYTES_PER_OFFER).min(IMPORT_SQLITE_CACHE_MAX_BYTES);
        if want >= self.cache_bytes.saturating_mul(2)
            || (want == IMPORT_SQLITE_CACHE_MAX_BYTES && want > self.cache_bytes)
        {
            db::set_import_cache(&mut self.conn, want).await?;
            self.cache_bytes = want;
        }
        Ok(())
    }

    async fn item(&mut self, item: FeedItem) -> Result<(), ImportError> {
        if !matches!(item, FeedItem::Offer(_)) {
            self.settle().await?;
        }
        match item {
            FeedItem::ShopField(field, value) => {
                let text = || capped(plain(&value), FEED_SHORT_TEXT_MAX_CHARS, field, None, &mut Vec::new());
                match field {
                    "name" => self.shop.name = text(),
                    "company" => self.shop.company = Some(text()),
                    _ => self.shop.url = Some(value).filter(|url| url.len() <= PICTURE_URL_MAX_BYTES),
                }
            }
            FeedItem::Currency { id, rate } => {
                if let Ok(code) = CurrencyCode::parse(&id) {
                    if self.default_currency.is_none() && rate.trim() == "1" {
                        self.default_currency = Some(code.as_str().to_owned());
                    }
                    db::shop::upsert_currency(&mut self.conn, code.as_str(), &rate).await?;
                }
            }
            FeedItem::Category { id, parent_id, name } => {
                let name = capped(plain(&name), FEED_SHORT_TEXT_MAX_CHARS, "category", None, &mut Vec::new());
                self.category(id, parent_id, name).await?
            }
            FeedItem::Offer(raw) => self.offer(*raw).await?,
        }
        Ok(())
    }
}

/// What the check made of an offer read, kept until [`Importer::flush`] writes it.
enum Outcome {
    /// Checked ([`validate`]), with its [`fingerprint`]. The pictures its check dropped and the fields it cut go into
    /// the summary when it is taken in ([`Importer::note_checked`]).
    Taken(Checked, String),
    /// Its fingerprint is the one stored for its id, so it was not checked: it has not changed. Kept as read, in case
    /// the stored offer changes before the write ([`Importer::flush`] checks it then).
    Unchanged(RawOffer, String),
    /// Refused, with the reason.
    Refused(String),
}

impl Outcome {
    /// The offer's id (an unchanged offer's matched a stored one). A refused one has none to give: `""`, which
    /// [`Importer::flush`] never looks up, as it reports a refused offer before it asks for the id.
    fn id(&self) -> &str {
        match self {
            Outcome::Taken(checked, _) => &checked.offer.id,
            Outcome::Unchanged(raw, _) => raw.id.as_deref().unwrap_or_default(),
            Outcome::Refused(_) => "",
        }
    }

    /// The offer checked, if it was.
    fn taken(&self) -> Option<&ValidOffer> {
        match self {
            Outcome::Taken(checked, _) => Some(&checked.offer),
            _ => None,
        }
    }
}

/// An offer as [`check_all`] left it, with its line and id as the feed gave it.
type CheckedOffer = (u64, Option<String>, Outcome);

/// Checks an offer read ([`validate`]) with the sections and the shop's currency (`None`: the default) known when
/// it was read, unless its [`fingerprint`] is `stored` for its id.
fn check_one(
    raw: RawOffer,
    currency: Option<&str>,
    sections: &HashSet<String>,
    stored: &HashMap<String, String>,
) -> Outcome {
    let currency = currency.unwrap_or(crate::domain::money::DEFAULT_CURRENCY);
    let print = fingerprint(&raw, currency, sections);
    if raw.id.as_ref().and_then(|id| stored.get(id)) == Some(&print) {
        return Outcome::Unchanged(raw, print);
    }
    match validate(raw, currency, sections) {
        Ok(checked) => Outcome::Taken(checked, print),
        Err(reason) => Outcome::Refused(reason),
    }
}

/// Checks a batch of offers read ([`check_one`]).
fn check_all(
    raw: Vec<RawOffer>,
    currency: Option<&str>,
    sections: &HashSet<String>,
    stored: &HashMap<String, String>,
) -> Vec<CheckedOffer> {
    raw.into_iter().map(|raw| (raw.line, raw.id.clone(), check_one(raw, currency, sections, stored))).collect()
}

/// The checked batch of a blocking thread; its panic goes on here, as it would have on this task.
async fn joined(check: tokio::task::JoinHandle<Vec<CheckedOffer>>) -> Result<Vec<CheckedOffer>, ImportError> {
    match check.await {
        Ok(checked) => Ok(checked),
        Err(err) => match err.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(err) => Err(ImportError::Io(std::io::Error::other(format!("the offers' check stopped: {err}")))),
        },
    }
}

/// How much of the catalogue one write covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The whole catalogue: offers and sections it does not list are taken off the storefront (a YML feed, a full
    /// CommerceML exchange).
    Full,
    /// Only what it names (CommerceML `СодержитТолькоИзменения="true"`): nothing else is touched, and its offers may
    /// name sections written by earlier imports.
    ChangesOnly,
}

/// Which reader feeds a [`CatalogueWriter`]: a YML feed carries the shop's name and must have offers, categories or a
/// name; 1C's exchange carries neither and leaves the shop's record alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Yml,
    CommerceMl,
}

/// The catalogue writer the YML import and 1C's exchange share (issue 38): the readers differ, the writing does not.
/// It holds the import's transaction (`db::begin_import`, one import at a time) from [`CatalogueWriter::begin`] to
/// [`CatalogueWriter::finish`]; dropping it unfinished rolls everything back.
pub struct CatalogueWriter {
    importer: Importer,
    source: String,
    scope: Scope,
    /// Whether the sections are whole too ([`Scope::Full`]: those not listed leave the storefront).
    sections_scope: Scope,
    /// On a [`Scope::Full`] write, what no import since this one listed leaves the storefront: this import, or the
    /// first of 1C's exchange session (its packages together are the whole catalogue).
    floor: i64,
    format: Format,
    started: Instant,
    started_at: String,
    before: Before,
}

/// What the pages showed before the import, beside the offers: compared at its end (issue 39).
struct Before {
    /// The tree without its counts (`db::menus::menu_sections`): the counts move only with offers added, taken off
    /// or moved, which the offers' own changes tell.
    sections: Vec<crate::domain::menu::MenuSection>,
    shop: Option<ShopRow>,
}

/// Adds to `changes` what the import changed beside the offers: the listings showing a changed group's variants,
/// the section tree with its counts, and the shop's header.
async fn note_changes(tx: &mut Tx, changes: &mut super::changes::ImportChanges, before: &Before) -> sqlx::Result<()> {
    if changes.is_everything() {
        return Ok(());
    }
    changes.group_sections(db::offers::sections_of_groups(tx, &changes.groups()).await?);
    if changes.counts_moved() || db::menus::menu_sections(tx).await? != before.sections {
        changes.changed(crate::domain::changes::SECTIONS);
    }
    if db::shop::find_in(tx).await? != before.shop {
        changes.changed(crate::domain::changes::SHOP);
    }
    Ok(())
}

impl CatalogueWriter {
    /// Opens the import's transaction and its row id. The demo catalogue is a placeholder: the shop owner's first
    /// catalogue replaces it whole, so its slugs (`konstruktory`, …) are free for the owner's own sections
    /// (docs/decisions.md "Catalogue import").
    ///
    /// # Errors
    /// The database's.
    pub async fn begin(pool: &Db, source: &str, scope: Scope, format: Format) -> Result<Self, ImportError> {
        let started = Instant::now();
        let started_at = chrono::Utc::now().to_rfc3339();
        let mut tx = db::begin_import(pool).await?;
        let mut changes = super::changes::ImportChanges::default();
        let mut pictures_orphaned = false;
        if source != DEMO_SOURCE && db::shop::only_demo_imported(&mut tx).await? {
            db::shop::delete_catalogue(&mut tx).await?;
            changes.everything();
            pictures_orphaned = true;
        }
        let shown_before = db::offers::count_shown(&mut tx).await?;
        let before =
            Before { sections: db::menus::menu_sections(&mut tx).await?, shop: db::shop::find_in(&mut tx).await? };
        let import_id = db::shop::next_import_id(&mut tx).await?;
        let known_sections = Arc::new(match scope {
            Scope::Full => HashSet::new(),
            Scope::ChangesOnly => db::sections::ids(&mut tx).await?.into_iter().collect(),
        });
        let importer = Importer {
            conn: tx,
            known_sections,
            import_id,
            shop: ShopRow::default(),
            default_currency: None,
            sections: HashSet::new(),
            section_parents: HashMap::new(),
            section_slugs: HashMap::new(),
            saw_offers: false,
            position: 0,
            written: 0,
            cache_bytes: crate::limits::IMPORT_SQLITE_CACHE_START_BYTES,
            summary: ImportSummary::default(),
            unchecked: Vec::new(),
            checking: None,
            pending: Vec::new(),
            pending_skips: Vec::new(),
            changes,
            knows_tree: false,
            shown_before,
            shown_seen: 0,
            unmarked: (format == Format::Yml).then(HashSet::new),
            pictures_orphaned,
        };
        Ok(Self {
            importer,
            source: source.to_owned(),
            scope,
            sections_scope: scope,
            format,
            started,
            started_at,
            floor: import_id,
            before,
        })
    }

    /// The import's id: the `seen_import_id` of every row this write adds, changes or moves, and of every row it names
    /// on a 1C exchange (a YML import marks its unchanged offers only when some shown offer went unseen).
    pub fn import_id(&self) -> i64 {
        self.importer.import_id
    }

    /// Widens or narrows what the write covers once the reader knows: the offers (1C says whether its offer package is
    /// whole at the package's start, after the goods were read) and the sections (whole only when a whole classifier
    /// was read), apart.
    pub fn set_scope(&mut self, offers: Scope, sections: Scope) {
        self.scope = offers;
        self.sections_scope = sections;
    }

    /// What a [`Scope::Full`] write takes off: what no import since `floor` listed (1C's exchange session's first
    /// import; by default this one).
    pub fn set_floor(&mut self, floor: i64) {
        self.floor = floor;
    }

    /// The import's transaction, for a reader's own rows written with the catalogue (1C's staged goods).
    pub fn tx(&mut self) -> &mut Tx {
        &mut self.importer.conn
    }

    /// Writes one item: a category becomes a section, an offer is checked and added, updated or marked seen, or
    /// skipped with its reason in the summary.
    ///
    /// # Errors
    /// The database's.
    pub async fn item(&mut self, item: FeedItem) -> Result<(), ImportError> {
        self.importer.item(item).await
    }

    /// Records an offer the reader left out (`line` 0 where the reader has none), as the import's own skips are: after
    /// the offers read before it.
    ///
    /// # Errors
    /// The database's (the offers before it may be written first).
    pub async fn skip(&mut self, offer_id: Option<String>, line: u64, reason: String) -> Result<(), ImportError> {
        self.importer.settle().await?;
        let at = self.importer.pending.len();
        self.importer.pending_skips.push((at, SkippedOffer { offer_id, line, reason }));
        Ok(())
    }

    /// Takes offers `ids` off the storefront (a [`Scope::ChangesOnly`] write's removals: goods 1C deleted). Returns
    /// how many were shown.
    ///
    /// # Errors
    /// The database's.
    pub async fn remove(&mut self, ids: &[String]) -> Result<u64, ImportError> {
        self.importer.settle().await?;
        self.importer.flush().await?;
        for (id, section, group) in db::offers::shown_of(&mut self.importer.conn, ids).await? {
            self.importer.changes.offer(&id, section.as_deref(), group.as_deref(), None);
        }
        let removed = db::offers::deactivate(&mut self.importer.conn, ids).await?;
        self.importer.summary.offers_removed += removed;
        self.importer.pictures_orphaned |= removed > 0;
        Ok(removed)
    }

    /// Ends the write: writes the offers still pending; on a [`Scope::Full`] write, takes what it did not list off the
    /// storefront; sweeps the picture rows no offer names when an offer was taken off or lost an address (each batch
    /// registered its own); logs the import with its counts, regenerates a generated top menu, and commits.
    ///
    /// # Errors
    /// A YML document that had no shop, category or offer ([`ImportError::NotYml`]), or the database's; nothing is
    /// written then.
    pub async fn finish(self, pool: &Db) -> Result<ImportSummary, ImportError> {
        let Self { mut importer, source, scope, sections_scope, format, started, started_at, floor, before } = self;
        importer.settle().await?;
        importer.flush().await?;
        if format == Format::Yml
            && !importer.saw_offers
            && importer.summary.sections == 0
            && importer.shop.name.is_empty()
        {
            return Err(ImportError::NotYml);
        }
        if !importer.saw_offers {
            importer.repair_tree().await?;
        }
        let import_id = importer.import_id;
        let mut summary = std::mem::take(&mut importer.summary);
        let mut shop = std::mem::take(&mut importer.shop);
        let tx = &mut importer.conn;
        summary.offers_skipped = summary.skipped.len() as u64;
        // Every offer shown before was seen again by this import: none to take off, whatever the floor. (An offer a YML
        // import saw unchanged keeps its older mark then: a 1C exchange under way since before it takes that offer off
        // unless one of its own packages lists it, as it would had the YML import not run.)
        if scope == Scope::Full && importer.shown_seen < importer.shown_before {
            let unmarked: Vec<(String, Option<i64>)> =
                importer.unmarked.take().unwrap_or_default().into_iter().map(|id| (id.into(), None)).collect();
            db::offers::mark_seen_many(tx, &unmarked, import_id).await?;
            let limit = i64::try_from(crate::limits::CONTENT_CHANGE_TAGS_MAX).unwrap_or(i64::MAX);
            let unseen = db::offers::unseen(tx, floor, limit + 1).await?;
            if unseen.len() > crate::limits::CONTENT_CHANGE_TAGS_MAX {
                importer.changes.everything();
            }
            for (id, section, group) in &unseen {
                importer.changes.offer(id, section.as_deref(), group.as_deref(), None);
            }
            let removed = db::offers::deactivate_unseen(tx, floor).await?;
            summary.offers_removed += removed;
            importer.pictures_orphaned |= removed > 0;
        }
        if sections_scope == Scope::Full {
            db::sections::deactivate_unseen(tx, floor).await?;
        }
        if format == Format::Yml {
            if shop.name.is_empty() {
                shop.name = shop.company.clone().unwrap_or_else(|| db::shop::DEFAULT_SHOP_NAME.to_owned());
            }
            db::shop::upsert(tx, &shop).await?;
        }
        let mut changes = std::mem::take(&mut importer.changes);
        let tx = &mut importer.conn;
        note_changes(tx, &mut changes, &before).await?;
        db::changes::record(tx, import_id, &changes.into_tags(), crate::limits::CONTENT_CHANGES_KEPT_IMPORTS).await?;
        if importer.pictures_orphaned {
            db::pictures::sweep_rows(tx).await?;
        }
        summary.seconds = started.elapsed().as_secs_f64();
        let log = db::shop::ImportLog {
            id: import_id,
            source: &source,
            started_at,
            finished_at: chrono::Utc::now().to_rfc3339(),
            sections: summary.sections as i64,
            added: summary.offers_added as i64,
            updated: summary.offers_updated as i64,
            removed: summary.offers_removed as i64,
            skipped: summary.offers_skipped as i64,
        };
        db::shop::insert_import(tx, &log).await?;
        // A generated top menu follows the catalogue; the owner's own menu is left alone (docs/decisions.md "Menus").
        db::menus::regenerate_top_if_generated(tx).await?;
        importer.conn.commit().await?;
        // The planner's statistics follow the catalogue; a failure costs speed, not the import.
        if let Err(err) = db::refresh_statistics(pool).await {
            tracing::warn!(%err, "the database's statistics were not refreshed after the import");
        }
        summary.pictures = db::pictures::counts(pool).await?;
        Ok(summary)
    }
}

/// Imports the YML feed read from `input` into `pool`'s catalogue, in one transaction. `source` names the feed
/// in the `imports` log (a path, `-` for stdin, `demo`).
///
/// Errors: a malformed document ([`ImportError::Feed`], with line and column), a document with no `<offers>`
/// ([`ImportError::NotYml`]), or a database failure; in each case nothing is written.
pub async fn import_feed(
    pool: &Db,
    input: impl Read + Send + 'static,
    source: &str,
) -> Result<ImportSummary, ImportError> {
    import_feed_counted(pool, input, source, &std::sync::atomic::AtomicU64::new(0)).await
}

/// [`import_feed`], adding one to `offers_read` for each offer read (checked or not): `vitrina import`'s progress bar
/// shows offers a second from it (issue 39).
pub async fn import_feed_counted(
    pool: &Db,
    input: impl Read + Send + 'static,
    source: &str,
    offers_read: &std::sync::atomic::AtomicU64,
) -> Result<ImportSummary, ImportError> {
    let (mut receiver, parser) = read_on_a_thread(512, move || YmlReader::new(input), YmlReader::next_item);
    let mut writer = CatalogueWriter::begin(pool, source, Scope::Full, Format::Yml).await?;
    while let Some(item) = receiver.recv().await {
        let item = item?;
        if matches!(item, FeedItem::Offer(_)) {
            offers_read.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        writer.item(item).await?;
    }
    parser.await.map_err(|e| std::io::Error::other(e.to_string()))?;
    writer.finish(pool).await
}

/// Runs a streaming reader on a blocking thread: `open` makes it, `next` gives its items until `Ok(None)` or the first
/// error, each handed over a channel of `capacity` (memory stays flat whatever the document's size). The YML import
/// and 1C's exchange read this way.
pub fn read_on_a_thread<R, T: Send + 'static>(
    capacity: usize,
    open: impl FnOnce() -> std::io::Result<R> + Send + 'static,
    mut next: impl FnMut(&mut R) -> Result<Option<T>, FeedError> + Send + 'static,
) -> (tokio::sync::mpsc::Receiver<Result<T, ImportError>>, tokio::task::JoinHandle<()>) {
    let (sender, receiver) = tokio::sync::mpsc::channel(capacity);
    let thread = tokio::task::spawn_blocking(move || {
        let mut reader = match open() {
            Ok(reader) => reader,
            Err(err) => return drop(sender.blocking_send(Err(err.into()))),
        };
        loop {
            let Some(item) = next(&mut reader).transpose() else { return };
            let stop = item.is_err();
            if sender.blocking_send(item.map_err(ImportError::from)).is_err() || stop {
                return;
            }
        }
    });
    (receiver, thread)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The offers of `feed` as the import checks them.
    fn checked(feed: &[u8]) -> Vec<ValidOffer> {
        let mut reader = YmlReader::new(std::io::Cursor::new(feed.to_vec())).unwrap();
        let mut sections: HashSet<String> = HashSet::new();
        let mut offers = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            match item {
                FeedItem::Category { id, .. } => _ = sections.insert(id),
                FeedItem::Offer(raw) => offers.extend(validate(*raw, "RUB", &sections).ok().map(|c| c.offer)),
                _ => {}
            }
        }
        offers
    }

    /// Issue 39: fingerprints changed kind (the offer as read, not as checked). A catalogue an older binary imported
    /// holds the earlier kind: the next import finds its unchanged offers unchanged and stores their new fingerprints,
    /// without rewriting them, and the import after it skips their check.
    #[tokio::test]
    async fn offers_fingerprinted_the_earlier_way_are_given_the_new_fingerprint_not_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::connect(&dir.path().join("shop.db")).await.unwrap();
        let mut feed = Vec::new();
        super::super::generate::write_feed(&mut feed, 300, 7).unwrap();
        let first = import_feed(&db, std::io::Cursor::new(feed.clone()), "test").await.unwrap();
        assert_eq!(first.offers_added, 300);
        // What an older binary stored: each offer's fingerprint as checked, but one that no longer matches.
        let offers = checked(&feed);
        for offer in &offers {
            let print =
                if offer.id == offers[0].id { "0123456789abcdef".to_owned() } else { offer.legacy_fingerprint() };
            let sql = "UPDATE offers SET content_hash = $1 WHERE id = $2";
            db.raw_execute(sql, &[print.into(), offer.id.clone().into()]).await.unwrap();
        }
        let upgraded = import_feed(&db, std::io::Cursor::new(feed.clone()), "test").await.unwrap();
        assert_eq!((upgraded.offers_added, upgraded.offers_updated, upgraded.offers_removed), (0, 1, 0));
        let legacy: i64 =
            db.raw_scalar("SELECT COUNT(*) FROM offers WHERE content_hash NOT LIKE 'r1:%'", &[]).await.unwrap();
        assert_eq!(legacy, 0);
        let again = import_feed(&db, std::io::Cursor::new(feed), "test").await.unwrap();
        assert_eq!((again.offers_added, again.offers_updated, again.offers_removed), (0, 0, 0));
    }
}
