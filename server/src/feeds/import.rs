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
use super::yml::{FeedError, FeedItem, RawOffer, YmlReader};
use crate::db::{self, offers::OfferWrite, offers::ParamRow, sections::SectionWrite, shop::ShopRow};
use crate::domain::money::{CurrencyCode, parse_price};
use crate::domain::pictures::PictureUrl;
use crate::domain::slug::{UNSECTIONED_SLUG, slugify};
use crate::limits::{
    FEED_SHORT_TEXT_MAX_CHARS, IMPORT_REPORT_MAX_ITEMS, IMPORT_REPORT_URL_MAX_CHARS, OFFER_DESCRIPTION_MAX_CHARS,
    OFFER_ID_MAX_CHARS, OFFER_NAME_MAX_CHARS, OFFER_PARAMS_MAX, OFFER_PICTURES_MAX, PICTURE_URL_MAX_BYTES,
};
use serde::Serialize;
use sqlx::{SqliteConnection, SqlitePool};
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

/// An offer that passed validation, ready to be written.
#[derive(Debug, Clone, Serialize)]
struct ValidOffer {
    id: String,
    section_id: Option<String>,
    name: String,
    price_minor: i64,
    old_price_minor: Option<i64>,
    currency_id: String,
    available: bool,
    vendor: Option<String>,
    vendor_code: Option<String>,
    description: Option<String>,
    /// Not part of the fingerprint: the storefront never shows it, and a shop moving host would otherwise mark
    /// every offer as updated.
    #[serde(skip)]
    source_url: Option<String>,
    pictures: Vec<String>,
    params: Vec<ParamRow>,
}

impl ValidOffer {
    /// A stable fingerprint of everything the storefront shows (xxh3 of the JSON form).
    fn content_hash(&self) -> String {
        let json = serde_json::to_vec(self).expect("offer serialises");
        format!("{:016x}", twox_hash::XxHash3_64::oneshot(&json))
    }
}

/// A `<picture>` dropped by [`validate`]: the feed's text and why.
type Dropped = (String, crate::domain::pictures::PictureUrlError);

/// A field [`validate`] cut: (field, what the feed had, what is kept), as in [`CutField`].
type Cut = (&'static str, u64, u64);

/// An offer [`validate`] took, with the pictures it dropped and the fields it cut.
struct Checked {
    offer: ValidOffer,
    dropped: Vec<Dropped>,
    cuts: Vec<Cut>,
}

/// Checks a raw offer and turns it into a [`ValidOffer`] with the pictures it dropped and the fields it cut to
/// their limits (names and short texts as plain text: [`plain`]), or gives the reason to skip it.
fn validate(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<Checked, String> {
    let id = raw.id.ok_or("offer has no id")?;
    if id.chars().count() > OFFER_ID_MAX_CHARS {
        return Err(format!("offer id is over {OFFER_ID_MAX_CHARS} characters"));
    }
    let mut cuts = Vec::new();
    let reader_bytes = |field: &str| raw.oversized.iter().find(|(f, _)| *f == field).map(|(_, bytes)| *bytes);
    let short = |text: Option<String>, field: &'static str, cuts: &mut Vec<Cut>| {
        text.map(|t| plain(&t))
            .filter(|t| !t.is_empty())
            .map(|t| capped(t, FEED_SHORT_TEXT_MAX_CHARS, field, None, cuts))
    };
    let type_prefix = short(raw.type_prefix, "typePrefix", &mut cuts);
    let vendor = short(raw.vendor, "vendor", &mut cuts);
    let model = short(raw.model, "model", &mut cuts);
    let vendor_code = short(raw.vendor_code, "vendorCode", &mut cuts);
    let own_name = raw.name.map(|n| plain(&n)).filter(|n| !n.is_empty());
    let name = if raw.kind.as_deref() == Some("vendor.model") || own_name.is_none() {
        let parts = [&type_prefix, &vendor, &model];
        let joined = parts.iter().filter_map(|p| p.as_deref()).collect::<Vec<_>>().join(" ");
        if model.is_some() { Some(joined) } else { own_name }
    } else {
        own_name
    };
    let name = name.ok_or("offer has no <name> (nor <vendor> and <model>)")?;
    let name = capped(name, OFFER_NAME_MAX_CHARS, "name", reader_bytes("name"), &mut cuts);
    let currency =
        CurrencyCode::parse(raw.currency_id.as_deref().unwrap_or(default_currency)).map_err(|e| e.to_string())?;
    let price_minor = parse_price(raw.price.as_deref().unwrap_or(""), &currency).map_err(|e| e.to_string())?;
    if price_minor == 0 {
        return Err("price is zero".into());
    }
    // An old price is only shown when it is a real discount; a bad one is dropped, not the offer.
    let old_price_minor =
        raw.old_price.as_deref().and_then(|p| parse_price(p, &currency).ok()).filter(|old| *old > price_minor);
    let available = !matches!(raw.available.as_deref().map(str::trim), Some("false" | "0" | "no" | "нет"));
    let section_id = raw.category_id.filter(|c| sections.contains(c));
    let mut pictures = Vec::new();
    let mut dropped = Vec::new();
    let had_pictures = raw.pictures.len();
    for picture in raw.pictures {
        match PictureUrl::parse(&picture) {
            Ok(url) => pictures.push(url.into_string()),
            Err(reason) => dropped.push((picture, reason)),
        }
    }
    if pictures.len() > OFFER_PICTURES_MAX {
        cuts.push(("pictures", had_pictures as u64, OFFER_PICTURES_MAX as u64));
        pictures.truncate(OFFER_PICTURES_MAX);
    }
    let description = raw
        .description
        .map(|d| capped(d, OFFER_DESCRIPTION_MAX_CHARS, "description", reader_bytes("description"), &mut cuts));
    if raw.params.len() > OFFER_PARAMS_MAX {
        cuts.push(("params", raw.params.len() as u64, OFFER_PARAMS_MAX as u64));
    }
    let param_bytes = reader_bytes("param");
    let params = raw
        .params
        .into_iter()
        .take(OFFER_PARAMS_MAX)
        .filter_map(|p| {
            let name = short(Some(p.name), "param", &mut cuts)?;
            let value = plain(&p.value);
            let value = capped(value, FEED_SHORT_TEXT_MAX_CHARS, "param", param_bytes, &mut cuts);
            (!value.is_empty()).then(|| ParamRow { name, value, unit: short(p.unit, "param", &mut cuts) })
        })
        .collect();
    let offer = ValidOffer {
        id,
        section_id,
        name,
        price_minor,
        old_price_minor,
        currency_id: currency.as_str().to_owned(),
        available,
        vendor,
        vendor_code,
        description: description.as_deref().map(sanitise_description).filter(|d| !d.is_empty()),
        // Not shown to shoppers: one too long to be an address is left out.
        source_url: raw.url.filter(|url| url.len() <= PICTURE_URL_MAX_BYTES),
        pictures,
        params,
    };
    Ok(Checked { offer, dropped, cuts })
}

/// Whether the import would take `raw` (as [`validate`] decides, fingerprint included), or why it would skip it.
/// For the YML fuzz target (`server/fuzz`), which drives every parsed offer through the import's own checks.
pub fn check_offer(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<(), String> {
    validate(raw, default_currency, sections).map(|checked| drop(checked.offer.content_hash()))
}

/// Cleans a feed description into safe HTML (ammonia's default allow-list). Plain text (no tags) keeps its
/// paragraphs (blank lines) and line breaks.
pub fn sanitise_description(raw: &str) -> String {
    let raw = raw.trim();
    if raw.contains('<') {
        return ammonia::clean(raw).trim().to_owned();
    }
    let text = raw.replace("\r\n", "\n");
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            format!(
                "<p>{}</p>",
                p.lines().map(|l| quick_xml::escape::escape(l.trim())).collect::<Vec<_>>().join("<br>")
            )
        })
        .collect()
}

/// Whose slug is being chosen: a section's or an offer's (each table has its own unique slugs).
#[derive(Clone, Copy)]
enum SlugOwner<'a> {
    Section(&'a str),
    Offer(&'a str),
}

impl SlugOwner<'_> {
    async fn taken(self, conn: &mut SqliteConnection, slug: &str) -> sqlx::Result<bool> {
        match self {
            Self::Section(id) => {
                Ok(RESERVED_SECTION_SLUGS.contains(&slug) || db::sections::slug_taken(conn, slug, id).await?)
            }
            Self::Offer(id) => db::offers::slug_taken(conn, slug, id).await,
        }
    }
}

/// Finds a free slug for `owner`: `base`, then each of `fallbacks`, then `base-2`, `base-3`, …
async fn free_slug(
    conn: &mut SqliteConnection,
    base: String,
    fallbacks: &[String],
    owner: SlugOwner<'_>,
) -> sqlx::Result<String> {
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
    conn: &'t mut SqliteConnection,
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
    pool: &SqlitePool,
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

    let mut tx = pool.begin().await?;
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
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`validate`]'s offer, without the pictures it dropped.
    fn valid(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<ValidOffer, String> {
        validate(raw, default_currency, sections).map(|checked| checked.offer)
    }

    #[test]
    fn names_read_as_plain_text_and_every_field_is_cut_to_its_limit_and_reported() {
        let long = |n: usize| "слово ".repeat(n);
        let offer = RawOffer {
            name: Some("Диван &quot;Уют&quot;\n   угловой".into()),
            vendor: Some(long(100)),
            description: Some("d".repeat(OFFER_DESCRIPTION_MAX_CHARS + 1)),
            params: (0..OFFER_PARAMS_MAX + 5)
                .map(|n| super::super::yml::RawParam { name: format!("p{n}"), unit: None, value: long(60) })
                .collect(),
            pictures: (0..OFFER_PICTURES_MAX + 1).map(|n| format!("https://img.example/{n}.jpg")).collect(),
            ..raw("1", "10")
        };
        let checked = validate(offer, "RUB", &sections()).unwrap();
        assert_eq!(checked.offer.name, "Диван \"Уют\" угловой");
        assert!(checked.offer.vendor.as_ref().unwrap().chars().count() <= FEED_SHORT_TEXT_MAX_CHARS);
        assert_eq!(checked.offer.params.len(), OFFER_PARAMS_MAX);
        assert_eq!(checked.offer.pictures.len(), OFFER_PICTURES_MAX);
        let fields: Vec<&str> = checked.cuts.iter().map(|(field, ..)| *field).collect();
        assert_eq!(fields.iter().filter(|f| **f == "param").count(), OFFER_PARAMS_MAX);
        for field in ["vendor", "description", "params", "pictures"] {
            assert!(fields.contains(&field), "{field} in {fields:?}");
        }
        assert!(checked.cuts.contains(&("params", (OFFER_PARAMS_MAX + 5) as u64, OFFER_PARAMS_MAX as u64)));

        let long_id = RawOffer { id: Some("x".repeat(OFFER_ID_MAX_CHARS + 1)), ..raw("1", "10") };
        assert!(validate(long_id, "RUB", &sections()).is_err());
    }

    fn raw(id: &str, price: &str) -> RawOffer {
        RawOffer {
            id: Some(id.into()), name: Some("Пазл".into()), price: Some(price.into()), ..RawOffer::default()
        }
    }

    fn sections() -> HashSet<String> {
        HashSet::from(["1".to_owned()])
    }

    #[test]
    fn an_offer_without_currency_takes_the_shop_default_and_rur_becomes_rub() {
        let o = valid(raw("1", "3.54"), "RUR", &sections()).unwrap();
        assert_eq!((o.price_minor, o.currency_id.as_str()), (354, "RUB"));
    }

    #[test]
    fn garbage_negative_and_zero_prices_are_skipped_with_a_reason() {
        let long = "5".repeat(100);
        assert!(valid(raw("1", &long), "KZT", &sections()).unwrap_err().contains("does not fit"));
        assert!(valid(raw("1", "-1"), "KZT", &sections()).unwrap_err().contains("negative"));
        assert!(valid(raw("1", "abc"), "KZT", &sections()).unwrap_err().contains("not a number"));
        assert!(valid(raw("1", "0"), "KZT", &sections()).unwrap_err().contains("zero"));
        assert!(valid(RawOffer { price: None, ..raw("1", "") }, "KZT", &sections()).is_err());
    }

    #[test]
    fn missing_available_means_in_stock_and_false_means_not() {
        assert!(valid(raw("1", "5"), "RUB", &sections()).unwrap().available);
        let off = RawOffer { available: Some("false".into()), ..raw("1", "5") };
        assert!(!valid(off, "RUB", &sections()).unwrap().available);
    }

    #[test]
    fn unknown_or_empty_category_leaves_the_offer_without_section() {
        let known = RawOffer { category_id: Some("1".into()), ..raw("1", "5") };
        assert_eq!(valid(known, "RUB", &sections()).unwrap().section_id.as_deref(), Some("1"));
        let unknown = RawOffer { category_id: Some("99".into()), ..raw("1", "5") };
        assert_eq!(valid(unknown, "RUB", &sections()).unwrap().section_id, None);
    }

    #[test]
    fn old_price_is_kept_only_when_it_is_a_discount() {
        let with = |old: &str| RawOffer { old_price: Some(old.into()), ..raw("1", "100") };
        assert_eq!(valid(with("150"), "RUB", &sections()).unwrap().old_price_minor, Some(15_000));
        assert_eq!(valid(with("100"), "RUB", &sections()).unwrap().old_price_minor, None);
        assert_eq!(valid(with("x"), "RUB", &sections()).unwrap().old_price_minor, None);
    }

    #[test]
    fn vendor_model_offers_are_named_from_their_parts() {
        let vm = RawOffer {
            kind: Some("vendor.model".into()),
            name: None,
            type_prefix: Some("Принтер".into()),
            vendor: Some("HP".into()),
            model: Some("LaserJet 1020".into()),
            ..raw("1", "5")
        };
        assert_eq!(valid(vm, "RUB", &sections()).unwrap().name, "Принтер HP LaserJet 1020");
        let nameless = RawOffer { name: None, ..raw("1", "5") };
        assert!(valid(nameless, "RUB", &sections()).unwrap_err().contains("no <name>"));
    }

    #[test]
    fn descriptions_are_sanitised_and_plain_text_keeps_its_lines() {
        assert_eq!(sanitise_description("<p onclick=\"x()\">Hi<script>alert(1)</script></p>"), "<p>Hi</p>");
        assert_eq!(sanitise_description("a & b\nc\n\nd"), "<p>a &amp; b<br>c</p><p>d</p>");
    }
}
