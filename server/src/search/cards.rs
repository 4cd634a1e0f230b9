//! The cards of search answers (issue 39): each product's [`SearchItem`] as JSON, kept beside the search index by
//! ordinal, so an answer reads no offer from the database. A new question used to read its page's offers (and their
//! parameters, pictures and variants) from SQLite: 34 % of the time of an uncached answer, and most of the rest in
//! handing work between threads (docs/performance.md).
//!
//! - A card is the product's leader's item, as `SearchItem::from(&Offer)` makes it, less its picture: which of the
//!   offer's pictures is ready changes without an import (the picture worker), so the card keeps the pictures' ids
//!   (`pictures.id`, in the offer's order) and an answer asks which are shown ([`Card::picture_ids`], then
//!   [`Card::write`]).
//! - Cards come in parts, each a run of ordinals: a build writes one part, an index update (`search::update`) one
//!   more for the ordinals it adds (the parts before are hard-linked into its generation with tantivy's files). A
//!   part on disk is `cards-{first ordinal}.bin`, mapped, so the cards live in the page cache, not the heap:
//!   `VCARDS01`, the count `n` (u32), `n + 1` offsets (u64, from the end of the table), then the cards.
//! - A card is: the number of picture ids (u8), the ids (i64 each), the byte where the picture goes (u32), and the
//!   item's JSON without its picture (`null` cut out at that byte).
//!
//! All numbers are little-endian.

use super::answer::{SearchItem, SearchParameter};
use crate::db::search::SearchDoc;
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::pictures::Picture;
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

const MAGIC: &[u8; 8] = b"VCARDS01";
/// Prefix and suffix of a part's file name.
const PART_PREFIX: &str = "cards-";
const PART_SUFFIX: &str = ".bin";
/// What a card's JSON holds where the picture goes, when it is made; cut out of the kept card.
const PICTURE_KEY: &[u8] = b"\"picture\":null";

/// The card of `doc` (`None` for a document without [`CardFacts`](crate::db::search::CardFacts), which tests build
/// by hand).
pub fn encode(doc: &SearchDoc) -> Option<Vec<u8>> {
    let card = doc.card.as_deref()?;
    let currency = CurrencyCode::parse(&card.currency_id).unwrap_or_default();
    let money = |minor| Money { minor, currency: currency.clone() }.major_json();
    let item = SearchItem {
        id: doc.id.clone(),
        category_id: card.section_id.clone(),
        name: doc.name.clone(),
        url: crate::domain::slug::offer_path(card.section_slug.as_deref(), &card.slug),
        picture: None,
        parameters: card.params.iter().map(|(name, value, unit)| SearchParameter::of(name, value, unit)).collect(),
        price: money(card.price_minor),
        old_price: card.old_price_minor.map(&money),
        currency_id: card.currency_id.clone(),
        available: card.available,
    };
    let json = serde_json::to_vec(&item).ok()?;
    // Inside a JSON string every `"` is escaped, so the first `"picture":null` is the key's (and `id`, `categoryId`,
    // `name` and `url` come before it).
    let at = json.windows(PICTURE_KEY.len()).position(|w| w == PICTURE_KEY)? + PICTURE_KEY.len() - "null".len();
    let pictures = &card.pictures[..card.pictures.len().min(usize::from(u8::MAX))];
    let mut out = Vec::with_capacity(1 + pictures.len() * 8 + 4 + json.len());
    out.push(pictures.len() as u8);
    for id in pictures {
        out.extend_from_slice(&id.to_le_bytes());
    }
    out.extend_from_slice(&u32::try_from(at).ok()?.to_le_bytes());
    out.extend_from_slice(&json[..at]);
    out.extend_from_slice(&json[at + "null".len()..]);
    Some(out)
}

/// One card, borrowed from its part.
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    pictures: &'a [u8],
    head: &'a [u8],
    tail: &'a [u8],
}

impl<'a> Card<'a> {
    fn parse(bytes: &'a [u8]) -> Option<Self> {
        let (&count, rest) = bytes.split_first()?;
        let pictures = rest.get(..usize::from(count) * 8)?;
        let rest = &rest[pictures.len()..];
        let at = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let json = &rest[4..];
        Some(Self { pictures, head: json.get(..at)?, tail: &json[at..] })
    }

    /// The ids of the pictures the offer names, in its order.
    pub fn picture_ids(&self) -> impl Iterator<Item = i64> + 'a {
        self.pictures.chunks_exact(8).map(|id| i64::from_le_bytes(id.try_into().unwrap_or_default()))
    }

    /// Appends the item's JSON to `out`, its picture the first of its pictures `shown` holds (`null` when none is).
    pub fn write(&self, out: &mut Vec<u8>, shown: &HashMap<i64, Picture>) {
        out.extend_from_slice(self.head);
        match self.picture_ids().find_map(|id| shown.get(&id)) {
            Some(picture) => {
                if serde_json::to_writer(&mut *out, picture).is_err() {
                    out.extend_from_slice(b"null");
                }
            }
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(self.tail);
    }
}

/// A part's bytes: mapped from its file, or held (an index built in memory).
enum Backing {
    Mapped(memmap2::Mmap),
    Held(Vec<u8>),
}

impl std::ops::Deref for Backing {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Backing::Mapped(map) => map,
            Backing::Held(bytes) => bytes,
        }
    }
}

/// The cards of a run of ordinals.
struct Part {
    first: u32,
    count: u32,
    bytes: Backing,
}

impl Part {
    /// Checks the header and the offsets' table of `bytes`; `None` when they do not hold together.
    fn new(first: u32, bytes: Backing) -> Option<Self> {
        if bytes.get(..8)? != MAGIC {
            return None;
        }
        let count = u32::from_le_bytes(bytes.get(8..12)?.try_into().ok()?);
        let table_end = 12usize.checked_add((count as usize + 1).checked_mul(8)?)?;
        let data = bytes.len().checked_sub(table_end)?;
        let last = u64::from_le_bytes(bytes.get(table_end - 8..table_end)?.try_into().ok()?);
        (last as usize == data).then_some(Self { first, count, bytes })
    }

    fn offset(&self, at: usize) -> Option<usize> {
        let from = 12 + at * 8;
        Some(u64::from_le_bytes(self.bytes.get(from..from + 8)?.try_into().ok()?) as usize)
    }

    fn card(&self, ordinal: u32) -> Option<Card<'_>> {
        let at = ordinal.checked_sub(self.first).filter(|&at| at < self.count)? as usize;
        let data = 12 + (self.count as usize + 1) * 8;
        let (start, end) = (self.offset(at)?, self.offset(at + 1)?);
        Card::parse(self.bytes.get(data + start..data.checked_add(end)?)?)
    }
}

/// A part's bytes: the header, the offsets and `cards`.
fn part_bytes(cards: &[Vec<u8>]) -> Vec<u8> {
    let data: usize = cards.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(12 + (cards.len() + 1) * 8 + data);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(cards.len() as u32).to_le_bytes());
    let mut offset = 0u64;
    out.extend_from_slice(&offset.to_le_bytes());
    for card in cards {
        offset += card.len() as u64;
        out.extend_from_slice(&offset.to_le_bytes());
    }
    for card in cards {
        out.extend_from_slice(card);
    }
    out
}

/// The cards of an index's ordinals, in parts. Cheap to clone.
#[derive(Clone, Default)]
pub struct Cards {
    /// By their first ordinal, each starting where the one before ends.
    parts: Vec<Arc<Part>>,
}

impl Cards {
    /// Ordinals covered: every one below it has a card.
    pub fn len(&self) -> u32 {
        self.parts.last().map_or(0, |part| part.first + part.count)
    }

    /// Whether no ordinal has a card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The card of `ordinal`, when it has one.
    pub fn get(&self, ordinal: u32) -> Option<Card<'_>> {
        let at = self.parts.partition_point(|part| part.first + part.count <= ordinal);
        self.parts.get(at)?.card(ordinal)
    }

    /// These cards and `cards` of the ordinals from [`Self::len`] on, held in memory (an index without a store).
    pub fn with_held(&self, cards: &[Vec<u8>]) -> Self {
        self.with_part(Part::new(self.len(), Backing::Held(part_bytes(cards))))
    }

    /// These cards and `cards` of the ordinals from [`Self::len`] on, written (synced) as a part into the generation
    /// folder `dir` and mapped.
    ///
    /// # Errors
    /// The write or the map fails.
    pub fn with_written(&self, dir: &Path, cards: &[Vec<u8>]) -> std::io::Result<Self> {
        let first = self.len();
        let path = dir.join(format!("{PART_PREFIX}{first}{PART_SUFFIX}"));
        let mut file = File::create(&path)?;
        file.write_all(&part_bytes(cards))?;
        file.sync_all()?;
        Ok(self.with_part(Part::new(first, Backing::Mapped(map(&path)?))))
    }

    fn with_part(&self, part: Option<Part>) -> Self {
        let mut parts = self.parts.clone();
        parts.extend(part.filter(|part| part.count > 0).map(Arc::new));
        Self { parts }
    }

    /// The parts kept in the generation folder `dir`, mapped. Errors: a part that does not read, or parts that do
    /// not follow each other from ordinal 0 (the generation is then built anew).
    pub fn open(dir: &Path) -> anyhow::Result<Self> {
        let mut firsts: Vec<(u32, std::path::PathBuf)> = Vec::new();
        for entry in fs::read_dir(dir)?.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let Some(first) = name.strip_prefix(PART_PREFIX).and_then(|n| n.strip_suffix(PART_SUFFIX)) else {
                continue;
            };
            firsts.push((first.parse()?, entry.path()));
        }
        firsts.sort_unstable();
        let mut cards = Cards::default();
        for (first, path) in firsts {
            anyhow::ensure!(first == cards.len(), "the cards of {} do not follow the ones before", path.display());
            let part = Part::new(first, Backing::Mapped(map(&path)?))
                .ok_or_else(|| anyhow::anyhow!("the cards of {} do not read", path.display()))?;
            cards.parts.push(Arc::new(part));
        }
        Ok(cards)
    }
}

/// Maps the part at `path` read-only.
fn map(path: &Path) -> std::io::Result<memmap2::Mmap> {
    let file = File::open(path)?;
    // SAFETY: a part is written whole and synced before its generation is named current, and never written again
    // (an update writes a new part; a generation's folder is removed, not rewritten), so the mapped bytes do not
    // change under the map. Every read is bounds-checked (`Part::card`).
    unsafe { memmap2::Mmap::map(&file) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::search::CardFacts;

    fn doc(id: &str, pictures: Vec<i64>) -> SearchDoc {
        SearchDoc {
            id: id.into(),
            name: format!("Кукла \"{id}\" \"picture\":null"),
            card: Some(Box::new(CardFacts {
                section_id: Some("7".into()),
                slug: format!("kukla-{id}"),
                section_slug: Some("kukly".into()),
                price_minor: 148_050,
                old_price_minor: Some(200_000),
                currency_id: "RUB".into(),
                params: vec![("Вес".into(), "120".into(), Some("г".into())), ("Цвет".into(), "синий".into(), None)],
                pictures,
                available: true,
            })),
            ..SearchDoc::default()
        }
    }

    fn picture(id: &str) -> Picture {
        Picture { id: id.into(), width: 640, height: 480, avif: true }
    }

    fn written(card: Card<'_>, shown: &HashMap<i64, Picture>) -> serde_json::Value {
        let mut out = Vec::new();
        card.write(&mut out, shown);
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn a_card_is_the_item_an_offer_makes_with_its_first_shown_picture() {
        let cards = Cards::default().with_held(&[encode(&doc("a", vec![5, 9])).unwrap()]);
        let card = cards.get(0).unwrap();
        assert_eq!(card.picture_ids().collect::<Vec<_>>(), [5, 9]);
        let none = written(card, &HashMap::new());
        assert_eq!(none["picture"], serde_json::Value::Null);
        assert_eq!(none["name"], "Кукла \"a\" \"picture\":null", "a name holding the key is no key");
        assert_eq!(none["url"], "/catalog/kukly/kukla-a/");
        assert_eq!(none["price"].to_string(), "1480.5");
        assert_eq!(none["oldPrice"].to_string(), "2000");
        assert_eq!(none["parameters"][0]["value"], "120 г");
        assert_eq!(none["categoryId"], "7");
        let second = HashMap::from([(9, picture("b"))]);
        assert_eq!(written(card, &second)["picture"]["id"], "b", "the first shown, in the offer's order");
        let both = HashMap::from([(9, picture("b")), (5, picture("a"))]);
        assert_eq!(written(card, &both)["picture"], serde_json::to_value(picture("a")).unwrap());
    }

    #[test]
    fn parts_follow_each_other_on_disk_and_a_broken_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let first: Vec<_> = ["a", "b"].iter().map(|id| encode(&doc(id, vec![])).unwrap()).collect();
        let cards = Cards::default().with_written(dir.path(), &first).unwrap();
        let cards = cards.with_written(dir.path(), &[encode(&doc("c", vec![1])).unwrap()]).unwrap();
        let opened = Cards::open(dir.path()).unwrap();
        assert_eq!((cards.len(), opened.len()), (3, 3));
        let ids: Vec<_> = (0..3).map(|o| written(opened.get(o).unwrap(), &HashMap::new())["id"].clone()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert!(opened.get(3).is_none());

        fs::remove_file(dir.path().join("cards-0.bin")).unwrap();
        assert!(Cards::open(dir.path()).is_err(), "a gap in the ordinals");
        fs::write(dir.path().join("cards-0.bin"), b"VCARDS01\x05\0\0\0").unwrap();
        assert!(Cards::open(dir.path()).is_err(), "a cut part");
    }
}
