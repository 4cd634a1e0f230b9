//! Imports a YML feed into the catalogue in one transaction.
//!
//! The feed is parsed on a blocking thread ([`super::yml::YmlReader`]) and handed over item by item through a
//! bounded channel, so memory stays constant whatever the feed's size. Offers are keyed by the feed's offer id:
//! new ones are added, changed ones updated, unchanged ones only marked as seen, and offers the feed no longer
//! lists are taken off the storefront (kept in the database: orders reference them). An offer whose values do
//! not make sense (no id, no name, a price that is not a number, negative or too large) is skipped with a reason
//! and the import goes on. A malformed document aborts the whole import: nothing is written, and the shop keeps
//! serving the previous catalogue.

use super::fields::{CutField, capped, plain};
use super::offer::{Checked, Cut, Dropped, validate};
use super::yml::{FeedError, FeedItem, RawOffer, YmlReader};
use crate::db::{self, offers::OfferWrite, sections::SectionWrite, shop::ShopRow};
use crate::db::{Db, Tx};
use crate::domain::money::CurrencyCode;
use crate::domain::slug::{UNSECTIONED_SLUG, slugify};
use crate::limits::{
    FEED_SHORT_TEXT_MAX_CHARS, IMPORT_REPORT_MAX_ITEMS, IMPORT_REPORT_URL_MAX_CHARS, PICTURE_URL_MAX_BYTES,
};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::io::Read;
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

/// Finds a free slug for `owner`: `base`, then each of `fallbacks`, then `base-2`, `base-3`, …
async fn free_slug(conn: &mut Tx, base: String, fallbacks: &[String], owner: SlugOwner<'_>) -> sqlx::Result<String> {
    for candidate in std::iter::once(&base).chain(fallbacks) {
        if !owner.taken(conn, candidate).await? {
            return Ok(candidate.clone());
        }
    }
    let mut n = 2;
    loop {
        let candidate = format!("{base}-{n}");
        if !owner.taken(conn, &candidate).await? {
            return Ok(candidate);
        }
        n += 1;
    }
}

/// State of one running import.
struct Importer<'t> {
    conn: &'t mut Tx,
    import_id: i64,
    shop: ShopRow,
    default_currency: Option<String>,
    sections: HashSet<String>,
    section_parents: HashMap<String, Option<String>>,
    section_slugs: HashMap<String, String>,
    saw_offers: bool,
    position: i64,
    summary: ImportSummary,
}

impl Importer<'_> {
    async fn category(&mut self, id: String, parent_id: Option<String>, name: String) -> sqlx::Result<()> {
        if !self.sections.insert(id.clone()) {
            return Ok(()); // a repeated category id: the first one stands
        }
        self.summary.sections += 1;
        let slug = match db::sections::find_slug(self.conn, &id).await? {
            Some(slug) => slug,
            None => {
                let base = slugify(&name);
                let mut fallbacks = Vec::new();
                if let Some(parent_slug) = parent_id.as_ref().and_then(|p| self.section_slugs.get(p)) {
                    fallbacks.push(format!("{parent_slug}-{base}"));
                }
                fallbacks.push(format!("{base}-{}", slugify(&id)));
                free_slug(self.conn, base, &fallbacks, SlugOwner::Section(&id)).await?
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
        db::sections::upsert(self.conn, &write).await?;
        self.section_slugs.insert(id.clone(), slug);
        self.section_parents.insert(id, parent_id);
        Ok(())
    }

    /// Cuts sections loose from parents that the feed lacks or that form a cycle: they become top-level.
    async fn repair_tree(&mut self) -> sqlx::Result<()> {
        let mut loose = Vec::new();
        for (id, parent) in &self.section_parents {
            let Some(parent) = parent else { continue };
            if !self.sections.contains(parent) {
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
            db::sections::clear_parent(self.conn, &id).await?;
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

    async fn offer(&mut self, raw: RawOffer) -> sqlx::Result<()> {
        if !self.saw_offers {
            self.saw_offers = true;
            self.repair_tree().await?;
        }
        let (line, raw_id) = (raw.line, raw.id.clone());
        let default_currency = self.default_currency.as_deref().unwrap_or(crate::domain::money::DEFAULT_CURRENCY);
        let offer = match validate(raw, default_currency, &self.sections) {
            Ok(Checked { offer, dropped, cuts }) => {
                self.note_dropped_pictures(&offer.id, line, dropped);
                self.note_cuts(&offer.id, line, cuts);
                offer
            }
            Err(reason) => {
                self.summary.skipped.push(SkippedOffer { offer_id: raw_id, line, reason });
                return Ok(());
            }
        };
        let stored = db::offers::find_stored(self.conn, &offer.id).await?;
        if stored.as_ref().is_some_and(|s| s.seen_import_id == self.import_id) {
            let reason = "an offer with this id came earlier in the feed".to_owned();
            self.summary.skipped.push(SkippedOffer { offer_id: raw_id, line, reason });
            return Ok(());
        }
        self.position += 1;
        let hash = offer.content_hash();
        let added = match &stored {
            Some(s) if s.active && s.content_hash == hash => {
                return db::offers::mark_seen(self.conn, &offer.id, self.position, self.import_id).await;
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
        let is_new = stored.is_none();
        let slug = match stored {
            Some(s) => s.slug,
            None => {
                let base = slugify(&offer.name);
                let fallbacks = [format!("{base}-{}", slugify(&offer.id))];
                free_slug(self.conn, base, &fallbacks, SlugOwner::Offer(&offer.id)).await?
            }
        };
        let write = OfferWrite {
            id: &offer.id,
            section_id: offer.section_id.as_deref(),
            slug: &slug,
            name: &offer.name,
            price_minor: offer.price_minor,
            old_price_minor: offer.old_price_minor,
            currency_id: &offer.currency_id,
            available: offer.available,
            vendor: offer.vendor.as_deref(),
            vendor_code: offer.vendor_code.as_deref(),
            description: offer.description.as_deref(),
            source_url: offer.source_url.as_deref(),
            position: self.position,
            content_hash: &hash,
            pictures: &offer.pictures,
            params: &offer.params,
            group_id: offer.group_id.as_deref(),
        };
        db::offers::upsert(self.conn, &write, self.import_id, added, is_new).await
    }

    async fn item(&mut self, item: FeedItem) -> sqlx::Result<()> {
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
                    db::shop::upsert_currency(self.conn, code.as_str(), &rate).await?;
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
    let started = Instant::now();
    let started_at = chrono::Utc::now().to_rfc3339();
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Result<FeedItem, ImportError>>(512);
    let parser = tokio::task::spawn_blocking(move || {
        let mut reader = match YmlReader::new(input) {
            Ok(reader) => reader,
            Err(err) => return drop(sender.blocking_send(Err(err.into()))),
        };
        loop {
            let next = reader.next_item().transpose();
            let Some(item) = next else { return };
            let stop = item.is_err();
            if sender.blocking_send(item.map_err(ImportError::from)).is_err() || stop {
                return;
            }
        }
    });

    let mut tx = db::begin_import(pool).await?;
    // The demo catalogue is a placeholder: the shop owner's first feed replaces it whole, so its slugs
    // (`konstruktory`, …) are free for the owner's own sections (docs/decisions.md "Catalogue import").
    if source != DEMO_SOURCE && db::shop::only_demo_imported(&mut tx).await? {
        db::shop::delete_catalogue(&mut tx).await?;
    }
    let import_id = db::shop::next_import_id(&mut tx).await?;
    let mut importer = Importer {
        conn: &mut tx,
        import_id,
        shop: ShopRow::default(),
        default_currency: None,
        sections: HashSet::new(),
        section_parents: HashMap::new(),
        section_slugs: HashMap::new(),
        saw_offers: false,
        position: 0,
        summary: ImportSummary::default(),
    };
    while let Some(item) = receiver.recv().await {
        importer.item(item?).await?;
    }
    parser.await.map_err(|e| std::io::Error::other(e.to_string()))?;
    if !importer.saw_offers && importer.summary.sections == 0 && importer.shop.name.is_empty() {
        return Err(ImportError::NotYml);
    }
    if !importer.saw_offers {
        importer.repair_tree().await?;
    }
    let mut summary = std::mem::take(&mut importer.summary);
    let mut shop = std::mem::take(&mut importer.shop);
    if shop.name.is_empty() {
        shop.name = shop.company.clone().unwrap_or_else(|| db::shop::DEFAULT_SHOP_NAME.to_owned());
    }
    summary.offers_skipped = summary.skipped.len() as u64;
    summary.offers_removed = db::offers::deactivate_unseen(&mut tx, import_id).await?;
    db::sections::deactivate_unseen(&mut tx, import_id).await?;
    db::shop::upsert(&mut tx, &shop).await?;
    summary.pictures_new = db::pictures::register_live(&mut tx).await?;
    db::pictures::sweep_rows(&mut tx).await?;
    summary.seconds = started.elapsed().as_secs_f64();
    let log = db::shop::ImportLog {
        id: import_id,
        source,
        started_at,
        finished_at: chrono::Utc::now().to_rfc3339(),
        sections: summary.sections as i64,
        added: summary.offers_added as i64,
        updated: summary.offers_updated as i64,
        removed: summary.offers_removed as i64,
        skipped: summary.offers_skipped as i64,
    };
    db::shop::insert_import(&mut tx, &log).await?;
    // A generated top menu follows the catalogue; the owner's own menu is left alone (docs/decisions.md "Menus").
    db::menus::regenerate_top_if_generated(&mut tx).await?;
    tx.commit().await?;
    summary.pictures = db::pictures::counts(pool).await?;
    Ok(summary)
}
