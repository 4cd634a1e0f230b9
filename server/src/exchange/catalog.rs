//! Applies 1C's catalogue files to the shop (issue 38), through the catalogue writer the YML import uses
//! ([`CatalogueWriter`]): one transaction, the import log's counts, search, facets and pages following; a failed
//! apply changes nothing.
//!
//! A package is the files of one name suffix in one folder: `import.xml` with `offers.xml`, or 1C's newer split
//! `import0_1.xml`, `offers0_1.xml`, `prices0_1.xml`, `rests0_1.xml`, taken in that order. What 1C says of goods,
//! offers and price types is kept (`db::exchange`), so a changes-only package can join an offer with its good from an
//! earlier exchange; each offer the package touches is then written to the catalogue as the YML import writes an
//! offer:
//! - `Классификатор/Группы` become sections, a good's first group its section;
//! - a good's `Свойства` values (a `Справочник` value resolved) and an offer's characteristics become parameters, so
//!   they feed the facets; an offer `GOOD#CHARACTERISTIC` is a variant of its good (the good's id its `group_id`);
//! - the price is the offer's price of the configured price type; the old price another type's, when higher;
//! - the stock (`Количество`, or summed over warehouses) says whether it is available;
//! - `Картинка` files of the exchange go into the picture store.
//!
//! A full package (`СодержитТолькоИзменения="false"` on the offers) takes off the storefront what it does not list,
//! as a YML import does; a changes-only one touches only what it names, and goods or offers 1C marks deleted.

use super::Exchange;
use super::files::checked_name;
use crate::db::exchange::{self as staged, PriceTypeRow};
use crate::domain::pictures::EXCHANGE_PICTURES_PATH;
use crate::feeds::commerceml::{CmlItem, CmlReader, Good, Offer, Property};
use crate::feeds::import::{CatalogueWriter, Format, ImportError, ImportSummary, Scope, read_on_a_thread};
use crate::feeds::yml::{FeedItem, RawOffer, RawParam};
use crate::limits::{EXCHANGE_PICTURE_MAX_BYTES, IMPORT_REPORT_MAX_ITEMS};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why an apply failed. Nothing was written; the message is 1C's `failure` reason.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error("{0}")]
    Refused(String),
}

impl From<std::io::Error> for ApplyError {
    fn from(err: std::io::Error) -> Self {
        Self::Import(ImportError::Io(err))
    }
}

impl From<sqlx::Error> for ApplyError {
    fn from(err: sqlx::Error) -> Self {
        Self::Import(ImportError::Db(err))
    }
}

/// Which of a package's files a name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    Import,
    Offers,
    Prices,
    Rests,
}

/// 1C's catalogue file name `name` (`import0_1.xml`, `goods/1/offers.xml`) as its kind and its package's key (the
/// folder and the suffix); `None` for a file no package has (a picture, `orders.xml`).
pub fn package_of(name: &str) -> Option<(FileKind, String)> {
    let normal = name.replace('\\', "/");
    let (folder, base) = normal.rsplit_once('/').map_or(("", normal.as_str()), |(f, b)| (f, b));
    let stem = base.strip_suffix(".xml").or_else(|| base.strip_suffix(".XML"))?;
    for (prefix, kind) in [
        ("import", FileKind::Import),
        ("offers", FileKind::Offers),
        ("prices", FileKind::Prices),
        ("rests", FileKind::Rests),
    ] {
        if let Some(suffix) = stem.strip_prefix(prefix) {
            // Newer 1C names its files `import___GUID.xml`, `offers___GUID.xml`, …, one GUID each: the files of one
            // folder are then one package (the classifier, the goods, the offers, prices and stock of one unload).
            let suffix = if suffix.starts_with("___") { "___" } else { suffix };
            return Some((kind, format!("{folder}/{suffix}")));
        }
    }
    None
}

/// The files of package `key` present in `dir`, in the order they are applied (the kinds in 1C's order, each kind's
/// files by name), each with its name as 1C gave it.
fn package_files(dir: &Path, key: &str) -> std::io::Result<Vec<(FileKind, String, PathBuf)>> {
    let (folder, _) = key.rsplit_once('/').unwrap_or(("", key));
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir.join(folder)) else { return Ok(out) };
    for entry in entries {
        let path = entry?.path();
        let Some(base) = path.file_name().map(|b| b.to_string_lossy().into_owned()) else { continue };
        let name = if folder.is_empty() { base } else { format!("{folder}/{base}") };
        if let Some((kind, k)) = package_of(&name)
            && k == key
            && path.is_file()
        {
            out.push((kind, name, path));
        }
    }
    out.sort();
    Ok(out)
}

/// The names of package `key`'s files present in `dir`: what an apply started now covers.
///
/// # Errors
/// The file system's.
pub fn package_names(dir: &Path, key: &str) -> std::io::Result<Vec<String>> {
    Ok(package_files(dir, key)?.into_iter().map(|(_, name, _)| name).collect())
}

/// The packages of the catalogue files in `dir` and its folders, each with the name of its first file (the import
/// file when there is one).
///
/// # Errors
/// The file system's.
pub fn packages_in(dir: &Path) -> std::io::Result<Vec<(String, String)>> {
    let mut found: std::collections::BTreeMap<String, (FileKind, String)> = std::collections::BTreeMap::new();
    let mut folders = vec![(dir.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type()?.is_dir() {
                if prefix.matches('/').count() < crate::limits::EXCHANGE_FILENAME_MAX_DEPTH {
                    folders.push((entry.path(), format!("{name}/")));
                }
                continue;
            }
            if let Some((kind, key)) = package_of(&name) {
                let first = found.entry(key).or_insert((kind, name.clone()));
                if (kind, &name) < (first.0, &first.1) {
                    *first = (kind, name);
                }
            }
        }
    }
    // Packages holding goods first (1C unloads the goods before the offers that name them), then by name.
    let mut packages: Vec<(FileKind, String, String)> =
        found.into_iter().map(|(key, (kind, name))| (kind, key, name)).collect();
    packages.sort();
    Ok(packages.into_iter().map(|(_, key, name)| (key, name)).collect())
}

/// A good as kept between exchanges: 1C's description, and each `Картинка` file name with the picture store's
/// address of its bytes (a changes-only exchange may name a picture without sending its file again).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct StagedGood {
    good: Good,
    pictures: Vec<(String, String)>,
}

/// The exchange's value naming the price type 1C listed first (the default price).
const FIRST_PRICE_TYPE: &str = "first_price_type";

/// Reads `path` on a blocking thread, knowing `properties` already (the classifier of other files and exchanges),
/// handing its items over a bounded channel (memory stays flat).
fn read(
    path: PathBuf,
    properties: HashMap<String, Property>,
) -> tokio::sync::mpsc::Receiver<Result<CmlItem, ImportError>> {
    let open = move || CmlReader::with_properties(std::fs::File::open(path)?, properties);
    read_on_a_thread(256, open, CmlReader::next_item).0
}

/// The currency code 1C's `Валюта` stands for: `руб`, `руб.`, `RUR` and `643` are the rouble; anything else is
/// passed on as written, for the offer check to take (an ISO 4217 code) or report (anything else), never guessed.
fn currency(written: &str) -> String {
    let trimmed = written.trim().trim_end_matches('.');
    match trimmed.to_lowercase().as_str() {
        "руб" | "рубль" | "rur" | "643" => "RUB".to_owned(),
        _ => trimmed.to_uppercase(),
    }
}

/// A price as 1C writes it (`1719`, `1 719,50`) in the form the offer check reads (`1719.50`).
fn amount(written: &str) -> String {
    written.chars().filter(|c| !c.is_whitespace() && *c != '\u{a0}').map(|c| if c == ',' { '.' } else { c }).collect()
}

/// The price type `setting` names (its `Ид` or `Наименование`, either case), among `types`.
fn price_type<'a>(setting: &str, types: &'a [PriceTypeRow]) -> Option<&'a PriceTypeRow> {
    let setting = setting.trim();
    types
        .iter()
        .find(|t| t.id == setting)
        .or_else(|| types.iter().find(|t| t.name.to_lowercase() == setting.to_lowercase()))
}

/// The offer a joined 1C offer becomes, for the catalogue writer to check and write, or why it is left out.
fn raw_offer(
    offer: &Offer,
    good: &StagedGood,
    sell: &PriceTypeRow,
    old: Option<&PriceTypeRow>,
) -> Result<RawOffer, String> {
    let prices = offer.prices.as_deref().unwrap_or_default();
    let price = prices
        .iter()
        .find(|p| p.type_id == sell.id)
        .ok_or_else(|| format!("the offer has no price of type «{}»", sell.name))?;
    let currency_id = currency(price.currency.as_deref().unwrap_or(&sell.currency));
    let old_price = old
        .and_then(|old| prices.iter().find(|p| p.type_id == old.id).map(|p| (p, &old.currency)))
        .filter(|(p, type_currency)| currency(p.currency.as_deref().unwrap_or(type_currency)) == currency_id)
        .map(|(p, _)| amount(&p.amount));
    let available = offer.quantity.as_deref().is_none_or(|q| amount(q).parse::<f64>().is_ok_and(|n| n > 0.0));
    let mut params: Vec<RawParam> = good
        .good
        .params
        .iter()
        .map(|(name, value)| RawParam { name: name.clone(), unit: None, value: value.clone() })
        .collect();
    for (name, value) in offer.params.as_deref().unwrap_or_default() {
        params.retain(|p| p.name != *name);
        params.push(RawParam { name: name.clone(), unit: None, value: value.clone() });
    }
    Ok(RawOffer {
        id: Some(offer.id.clone()),
        name: offer.name.clone().or_else(|| Some(good.good.name.clone())),
        price: Some(amount(&price.amount)),
        old_price,
        currency_id: Some(currency_id),
        category_id: good.good.groups.first().cloned(),
        pictures: good.pictures.iter().map(|(_, url)| url.clone()).collect(),
        vendor: good.good.vendor.clone(),
        vendor_code: offer.sku.clone().or_else(|| good.good.sku.clone()),
        description: good.good.description.clone(),
        params,
        group_id: offer.id.contains('#').then(|| good.good.id.clone()),
        available: Some(if available { "true" } else { "false" }.to_owned()),
        ..RawOffer::default()
    })
}

impl Exchange {
    /// Puts each `Картинка` file of `good` into the picture store and names it by its content; a file this exchange
    /// did not send keeps the address an earlier exchange gave it, else it is left out (logged).
    async fn pictures_of(&self, dir: &Path, good: &Good, earlier: Option<&StagedGood>) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for name in &good.pictures {
            let kept = earlier.and_then(|e| e.pictures.iter().find(|(n, _)| n == name)).map(|(_, url)| url.clone());
            let Ok(relative) = checked_name(name) else {
                tracing::warn!(good = good.id, picture = name, "1C's picture name is refused");
                continue;
            };
            let path = dir.join(relative);
            let bytes = match std::fs::metadata(&path) {
                Ok(meta) if meta.is_file() && meta.len() <= EXCHANGE_PICTURE_MAX_BYTES => std::fs::read(&path).ok(),
                _ => None,
            };
            let Some(bytes) = bytes else {
                match kept {
                    Some(url) => out.push((name.clone(), url)),
                    None => tracing::warn!(good = good.id, picture = name, "1C named a picture it did not send"),
                }
                continue;
            };
            let id = crate::pictures::store::content_id(&bytes);
            let key = self.pictures.original(&id);
            let stored = match self.pictures.has(&key).await {
                Ok(true) => Ok(()),
                _ => self.pictures.put(&key, bytes).await,
            };
            match stored {
                Ok(()) => out.push((name.clone(), format!("{EXCHANGE_PICTURES_PATH}{id}"))),
                Err(err) => tracing::warn!(%err, good = good.id, picture = name, "1C's picture could not be stored"),
            }
        }
        out
    }

    /// Applies package `key` of the exchange's folder (see the module's comment) in one transaction; `source` names
    /// it in the import log (`1c:import.xml`).
    ///
    /// # Errors
    /// A malformed file, an offer of a good no exchange has sent, a price type the settings name that 1C does not
    /// list, or the database's: nothing is written.
    pub async fn apply_package(&self, key: &str, source: &str) -> Result<ImportSummary, ApplyError> {
        let dir = self.settings.dir.clone();
        let files = package_files(&dir, key)?;
        let mut writer = CatalogueWriter::begin(&self.db, source, Scope::ChangesOnly, Format::CommerceMl).await?;
        let import_id = writer.import_id();
        // The packages of one exchange session are the whole catalogue together: a full one takes off what none of
        // them listed.
        let floor = *self.session_floor().get_or_insert(import_id);
        writer.set_floor(floor);
        let mut properties: HashMap<String, Property> = HashMap::new();
        for (id, body) in staged::properties(writer.tx()).await? {
            if let Ok(property) = serde_json::from_str(&body) {
                properties.insert(id, property);
            }
        }
        let (mut goods_full, mut offers_full, mut groups, mut listed_types) = (None, None, false, false);
        let mut deleted_goods = Vec::new();
        let mut deleted_offers = Vec::new();
        for (kind, _, path) in files {
            let mut items = read(path, properties.clone());
            while let Some(item) = items.recv().await {
                match item? {
                    CmlItem::Catalogue { changes_only } => goods_full = Some(!changes_only),
                    CmlItem::OfferPackage { changes_only } if kind == FileKind::Offers => {
                        offers_full = Some(!changes_only);
                    }
                    CmlItem::OfferPackage { .. } | CmlItem::Document(_) => {}
                    CmlItem::CatalogueId(id) => staged::set_state_in(writer.tx(), "catalogue_id", &id).await?,
                    CmlItem::Property(id, property) => {
                        let body = serde_json::to_string(&property).expect("a property serialises");
                        staged::upsert_property(writer.tx(), &id, &body).await?;
                        properties.insert(id, property);
                    }
                    CmlItem::Group { id, parent_id, name } => {
                        groups = true;
                        writer.item(FeedItem::Category { id, parent_id, name }).await?;
                    }
                    CmlItem::Good(good) if good.deleted => deleted_goods.push(good.id),
                    CmlItem::Good(good) => {
                        let earlier = staged::good_body(writer.tx(), &good.id).await?;
                        let earlier: Option<StagedGood> = earlier.and_then(|b| serde_json::from_str(&b).ok());
                        let pictures = self.pictures_of(&dir, &good, earlier.as_ref()).await;
                        let id = good.id.clone();
                        let body =
                            serde_json::to_string(&StagedGood { good: *good, pictures }).expect("a good serialises");
                        staged::upsert_good(writer.tx(), &id, &body, import_id).await?;
                    }
                    CmlItem::PriceType(t) => {
                        // The first type 1C lists is the default price (`VITRINA_1C_PRICE_TYPE` unset).
                        if !listed_types {
                            listed_types = true;
                            staged::set_state_in(writer.tx(), FIRST_PRICE_TYPE, &t.id).await?;
                        }
                        let row = PriceTypeRow { id: t.id, name: t.name, currency: t.currency };
                        staged::upsert_price_type(writer.tx(), &row).await?;
                    }
                    CmlItem::Offer(offer) if offer.deleted => deleted_offers.push(offer.id),
                    CmlItem::Offer(offer) => {
                        let good_id = offer.good_id().to_owned();
                        if !staged::good_known(writer.tx(), &good_id).await? {
                            return Err(ApplyError::Refused(format!(
                                "the offer {} is of the good {good_id}, which no exchange has sent (import.xml)",
                                offer.id
                            )));
                        }
                        let earlier = staged::offer_body(writer.tx(), &offer.id).await?;
                        let offer = match earlier.and_then(|b| serde_json::from_str::<Offer>(&b).ok()) {
                            Some(earlier) => offer.merged_over(earlier),
                            None => *offer,
                        };
                        let body = serde_json::to_string(&offer).expect("an offer serialises");
                        staged::upsert_offer(writer.tx(), &offer.id, &good_id, &body, import_id).await?;
                    }
                }
            }
        }
        if goods_full == Some(true) {
            deleted_goods.extend(staged::goods_unseen(writer.tx(), floor).await?);
        }
        let mut removed = staged::forget_goods(writer.tx(), &deleted_goods).await?;
        staged::forget_offers(writer.tx(), &deleted_offers).await?;
        removed.extend(deleted_offers);
        let whole = offers_full == Some(true);
        // Sections leave the storefront only when a whole classifier was read: an offers-only package has none.
        let sections = if goods_full == Some(true) && groups { Scope::Full } else { Scope::ChangesOnly };
        if whole {
            staged::forget_offers_unseen(writer.tx(), floor).await?;
            writer.set_scope(Scope::Full, sections);
        } else {
            writer.set_scope(Scope::ChangesOnly, sections);
        }
        writer.remove(&removed).await?;

        let types = staged::price_types(writer.tx()).await?;
        let first = staged::state_in(writer.tx(), FIRST_PRICE_TYPE).await?;
        let sell = match (&self.settings.price_type, first.and_then(|id| types.iter().find(|t| t.id == id))) {
            (Some(setting), _) => price_type(setting, &types).cloned().ok_or_else(|| {
                let known: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
                ApplyError::Refused(format!(
                    "the price type «{setting}» (VITRINA_1C_PRICE_TYPE) is not among 1C's: {}",
                    known.join(", ")
                ))
            })?,
            (None, Some(first)) => first.clone(),
            // Goods before any offer (1C imports `import.xml` before it uploads `offers.xml`): kept for the offers.
            (None, None) if offers_full.is_none() => return Ok(writer.finish(&self.db).await?),
            (None, None) => return Err(ApplyError::Refused("the offers name no price type (ТипыЦен)".into())),
        };
        let old = match &self.settings.old_price_type {
            Some(setting) => Some(price_type(setting, &types).cloned().ok_or_else(|| {
                ApplyError::Refused(format!("the price type «{setting}» (VITRINA_1C_OLD_PRICE_TYPE) is not among 1C's"))
            })?),
            None => None,
        };

        let mut after = String::new();
        loop {
            let batch = staged::joined(writer.tx(), import_id, whole, &after, 500).await?;
            let Some(last) = batch.last() else { break };
            after = last.id.clone();
            for row in batch {
                let (Ok(offer), Ok(good)) =
                    (serde_json::from_str::<Offer>(&row.offer), serde_json::from_str::<StagedGood>(&row.good))
                else {
                    writer.skip(Some(row.id), 0, "the exchange's stored record is unreadable".into()).await?;
                    continue;
                };
                match raw_offer(&offer, &good, &sell, old.as_ref()) {
                    Ok(raw) => writer.item(FeedItem::Offer(Box::new(raw))).await?,
                    Err(reason) => writer.skip(Some(row.id), 0, reason).await?,
                }
            }
        }
        if offers_full.is_some() {
            for good in staged::goods_without_offers(writer.tx(), import_id, IMPORT_REPORT_MAX_ITEMS as i64).await? {
                writer.skip(Some(good), 0, "1C sent no offer (price) for this good".into()).await?;
            }
        }
        Ok(writer.finish(&self.db).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_group_into_packages_by_folder_and_suffix() {
        assert_eq!(package_of("import.xml"), Some((FileKind::Import, "/".into())));
        assert_eq!(package_of("offers0_1.xml"), Some((FileKind::Offers, "/0_1".into())));
        assert_eq!(package_of("goods/1/rests0_1.xml"), Some((FileKind::Rests, "goods/1/0_1".into())));
        assert_eq!(package_of("import_files/ab/x.jpg"), None);
        assert_eq!(package_of("orders.xml"), None);
    }

    #[test]
    fn roubles_are_rub_and_prices_read_as_written() {
        assert_eq!(currency("руб"), "RUB");
        assert_eq!(currency("руб."), "RUB");
        assert_eq!(currency("RUB"), "RUB");
        assert_eq!(currency("usd"), "USD");
        assert_eq!(currency("у.е."), "У.Е");
        assert_eq!(amount("1 719,50"), "1719.50");
        assert_eq!(amount("10500"), "10500");
    }

    fn types() -> Vec<PriceTypeRow> {
        vec![
            PriceTypeRow { id: "a".into(), name: "Оптовая".into(), currency: "руб".into() },
            PriceTypeRow { id: "b".into(), name: "Розничная".into(), currency: "руб".into() },
        ]
    }

    #[test]
    fn a_price_type_is_named_by_its_id_or_its_name() {
        assert_eq!(price_type("b", &types()).unwrap().name, "Розничная");
        assert_eq!(price_type("розничная", &types()).unwrap().id, "b");
        assert!(price_type("Закупочная", &types()).is_none());
    }

    #[test]
    fn an_offer_joins_its_good_takes_its_price_type_and_says_whether_it_is_in_stock() {
        use crate::feeds::commerceml::Price;
        let good = StagedGood {
            good: Good {
                id: "g".into(),
                name: "Ботфорты".into(),
                sku: Some("Б-1".into()),
                groups: vec!["s".into()],
                params: vec![("Цвет".into(), "Коричневый".into()), ("Размер".into(), "?".into())],
                ..Good::default()
            },
            pictures: vec![("import_files/a.jpg".into(), "/1c/pictures/x".into())],
        };
        let price = |t: &str, a: &str| Price { type_id: t.into(), amount: a.into(), currency: None };
        let offer = Offer {
            id: "g#c".into(),
            params: Some(vec![("Размер".into(), "38".into())]),
            prices: Some(vec![price("a", "1000"), price("b", "1 500")]),
            quantity: Some("0".into()),
            ..Offer::default()
        };
        let [wholesale, retail] = [&types()[0], &types()[1]];
        let raw = raw_offer(&offer, &good, retail, Some(wholesale)).unwrap();
        assert_eq!((raw.price.as_deref(), raw.currency_id.as_deref()), (Some("1500"), Some("RUB")));
        assert_eq!(raw.old_price.as_deref(), Some("1000"), "the writer drops an old price that is no discount");
        assert_eq!(raw.available.as_deref(), Some("false"));
        assert_eq!(raw.group_id.as_deref(), Some("g"));
        assert_eq!((raw.name.as_deref(), raw.vendor_code.as_deref()), (Some("Ботфорты"), Some("Б-1")));
        let params: Vec<(&str, &str)> = raw.params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
        assert_eq!(params, [("Цвет", "Коричневый"), ("Размер", "38")]);
        assert_eq!(raw.pictures, ["/1c/pictures/x"]);

        let unpriced = Offer { prices: Some(vec![price("a", "1")]), ..offer };
        assert!(raw_offer(&unpriced, &good, retail, None).unwrap_err().contains("Розничная"));
    }
}
