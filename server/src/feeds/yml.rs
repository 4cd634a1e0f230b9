//! A streaming reader of YML (Yandex Market Language) feeds: the Russian e-commerce catalogue standard.
//!
//! [`YmlReader`] turns a byte stream into [`FeedItem`]s one at a time, in constant memory: shop header fields,
//! currencies, categories and raw offers, each offer with the line it starts on. It takes what real feeds do
//! (see `../shared/data/README.md`): an encoding declared in the prolog (windows-1251, UTF-8, …; transcoded with
//! encoding_rs), a `<!DOCTYPE>` that is never fetched, CDATA with HTML, HTML entities such as `&nbsp;`, and a bare
//! `&`. Whether an offer's values make sense is not decided here but in [`super::import`].

use quick_xml::escape::{resolve_html5_entity, resolve_predefined_entity};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};

use crate::limits::FEED_TEXT_MAX_BYTES;

/// Capacity above which the event buffer is let go after an event, so one huge element does not keep its memory.
const EVENT_BUFFER_KEEP_BYTES: usize = 1024 * 1024;

/// One thing read from a feed, in document order.
#[derive(Debug, Clone, PartialEq)]
pub enum FeedItem {
    /// `<shop><name>`, `<company>` or `<url>`: (element name, text).
    ShopField(&'static str, String),
    /// `<currency id="RUB" rate="1"/>`.
    Currency { id: String, rate: String },
    /// `<category id="" parentId="">name</category>`.
    Category { id: String, parent_id: Option<String>, name: String },
    /// An `<offer>` as written, not yet validated.
    Offer(Box<RawOffer>),
}

/// An `<offer>` element's values as text, trimmed; empty elements are `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawOffer {
    /// Line of the `<offer>` start tag, 1-based.
    pub line: u64,
    pub id: Option<String>,
    /// The `available` attribute (`true`/`false`), when present.
    pub available: Option<String>,
    /// The `type` attribute (`vendor.model`, …).
    pub kind: Option<String>,
    /// The `group_id` attribute: offers sharing it are variants of one product (YML; issue 35).
    pub group_id: Option<String>,
    pub url: Option<String>,
    pub price: Option<String>,
    pub old_price: Option<String>,
    pub currency_id: Option<String>,
    pub category_id: Option<String>,
    pub pictures: Vec<String>,
    pub name: Option<String>,
    pub type_prefix: Option<String>,
    pub vendor: Option<String>,
    pub model: Option<String>,
    pub vendor_code: Option<String>,
    pub description: Option<String>,
    pub params: Vec<RawParam>,
    /// Elements whose text the reader stopped keeping at [`FEED_TEXT_MAX_BYTES`], with the bytes the feed had.
    pub oversized: Vec<(&'static str, u64)>,
}

/// A `<param name="" unit="">value</param>`.
#[derive(Debug, Clone, PartialEq)]
pub struct RawParam {
    pub name: String,
    pub unit: Option<String>,
    pub value: String,
}

/// A document that is not well-formed XML, or that could not be read; names the place (1-based line, byte column).
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
#[error("malformed feed at line {line}, column {column}: {message}")]
pub struct FeedError {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

/// Remembers the byte offsets of the most recent newlines of what the XML reader has consumed, so that a
/// position can be told as line and column without keeping the document. Bounded memory: offsets older than
/// [`NEWLINE_WINDOW`] are forgotten (a position that old is reported by line only approximately).
pub(super) struct LineCounter<R> {
    inner: R,
    consumed: u64,
    lines_before_window: u64,
    newlines: VecDeque<u64>,
}

const NEWLINE_WINDOW: usize = 4096;

impl<R: BufRead> LineCounter<R> {
    fn new(inner: R) -> Self {
        Self { inner, consumed: 0, lines_before_window: 0, newlines: VecDeque::new() }
    }

    /// 1-based line and column of byte offset `pos` of the (UTF-8) stream.
    pub(super) fn position(&self, pos: u64) -> (u64, u64) {
        let after = self.newlines.iter().rev().take_while(|&&nl| nl >= pos).count();
        let before = self.newlines.len() - after;
        let line = self.lines_before_window + before as u64 + 1;
        let line_start = if before > 0 { self.newlines[before - 1] + 1 } else { 0 };
        (line, pos.saturating_sub(line_start) + 1)
    }
}

impl<R: BufRead> Read for LineCounter<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for LineCounter<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        // The bytes being consumed are still at the front of the inner buffer.
        if let Ok(buf) = self.inner.fill_buf() {
            let amt = amt.min(buf.len());
            for (i, _) in buf[..amt].iter().enumerate().filter(|(_, b)| **b == b'\n') {
                if self.newlines.len() == NEWLINE_WINDOW {
                    self.newlines.pop_front();
                    self.lines_before_window += 1;
                }
                self.newlines.push_back(self.consumed + i as u64);
            }
            self.consumed += amt as u64;
        }
        self.inner.consume(amt);
    }
}

pub(super) type Source = LineCounter<BufReader<encoding_rs_io::DecodeReaderBytes<Box<dyn BufRead + Send>, Vec<u8>>>>;

/// Reads a YML feed item by item. Create with [`YmlReader::new`], then call [`YmlReader::next_item`] until `None`.
pub struct YmlReader {
    xml: Reader<Source>,
    buf: Vec<u8>,
    /// Names of the open elements, outermost first.
    path: Vec<String>,
    /// Text of the innermost element being read, at most [`FEED_TEXT_MAX_BYTES`].
    text: String,
    /// Bytes of that text the feed had, kept or not.
    text_bytes: u64,
    offer: Option<Box<RawOffer>>,
    /// `path.len()` at the `<offer>` start tag.
    offer_depth: usize,
    /// Attributes of the open `<category>` or `<param>`.
    attrs: Vec<(String, String)>,
    /// The encoding the prolog declared (for the import summary and tests).
    pub encoding: &'static encoding_rs::Encoding,
}

/// Finds `encoding="…"` in the XML declaration at the start of `head`.
fn declared_encoding(head: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = String::from_utf8_lossy(head);
    let decl = head.trim_start_matches('\u{feff}').trim_start();
    let decl = &decl[..decl.find("?>")?];
    if !decl.starts_with("<?xml") {
        return None;
    }
    let at = decl.find("encoding")?;
    let rest = decl[at + "encoding".len()..].trim_start().strip_prefix('=')?.trim_start();
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &rest[1..][..rest[1..].find(quote)?];
    encoding_rs::Encoding::for_label(value.trim().as_bytes())
}

pub(super) fn resolve_entity(name: &str) -> Option<&'static str> {
    resolve_predefined_entity(name).or_else(|| resolve_html5_entity(name))
}

/// An XML reader over `input`, transcoded to UTF-8 as it reads: the encoding is sniffed from the BOM or the XML
/// declaration (default UTF-8); malformed byte sequences become U+FFFD. A bare `&` is kept as text (real feeds write
/// "Tom & Jerry") and end tags must match. Shared by the YML and CommerceML readers.
pub(super) fn open_xml(
    input: impl Read + Send + 'static,
) -> std::io::Result<(Reader<Source>, &'static encoding_rs::Encoding)> {
    let mut raw: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(64 * 1024, input));
    let head = raw.fill_buf()?;
    let encoding = declared_encoding(&head[..head.len().min(1024)]).unwrap_or(encoding_rs::UTF_8);
    let decoded =
        encoding_rs_io::DecodeReaderBytesBuilder::new().encoding(Some(encoding)).bom_override(true).build(raw);
    let mut xml = Reader::from_reader(LineCounter::new(BufReader::with_capacity(64 * 1024, decoded)));
    let config = xml.config_mut();
    config.allow_dangling_amp = true;
    config.check_end_names = true;
    Ok((xml, encoding))
}

impl YmlReader {
    /// Wraps a byte stream (a file or stdin). Sniffs the encoding from the BOM or the XML declaration
    /// (default UTF-8) and transcodes to UTF-8 as it reads; malformed byte sequences become U+FFFD.
    pub fn new(input: impl Read + Send + 'static) -> std::io::Result<Self> {
        let (xml, encoding) = open_xml(input)?;
        Ok(Self {
            xml,
            buf: Vec::with_capacity(8 * 1024),
            path: Vec::new(),
            text: String::new(),
            text_bytes: 0,
            offer: None,
            offer_depth: 0,
            attrs: Vec::new(),
            encoding,
        })
    }

    fn error(&self, pos: u64, message: impl Into<String>) -> FeedError {
        let (line, column) = self.xml.get_ref().position(pos);
        FeedError { line, column, message: message.into() }
    }

    fn parent(&self, up: usize) -> Option<&str> {
        self.path.len().checked_sub(up + 1).map(|i| self.path[i].as_str())
    }

    fn attributes(&self, e: &BytesStart<'_>) -> Result<Vec<(String, String)>, FeedError> {
        let mut out = Vec::new();
        for attr in e.attributes().with_checks(false) {
            let attr = attr.map_err(|err| self.error(self.xml.buffer_position(), err.to_string()))?;
            let value = attr
                .normalized_value_with(XmlVersion::Implicit1_0, 8, resolve_entity)
                .map_err(|err| self.error(self.xml.buffer_position(), err.to_string()))?;
            out.push((attr.key.as_ref().to_owned(), value.trim().to_owned()));
        }
        Ok(out)
    }

    /// Appends to the element's text while it is under [`FEED_TEXT_MAX_BYTES`] (cut at a character boundary),
    /// counting every byte.
    fn push_text(&mut self, piece: &str) {
        self.text_bytes += piece.len() as u64;
        let room = FEED_TEXT_MAX_BYTES.saturating_sub(self.text.len());
        if piece.len() <= room {
            self.text.push_str(piece);
        } else {
            let end = (0..=room).rev().find(|at| piece.is_char_boundary(*at)).unwrap_or(0);
            self.text.push_str(&piece[..end]);
        }
    }

    fn clear_text(&mut self) {
        self.text.clear();
        self.text_bytes = 0;
    }

    /// The next item of the feed, `Ok(None)` at the end of the document, or the first well-formedness error.
    pub fn next_item(&mut self) -> Result<Option<FeedItem>, FeedError> {
        // The event borrows a buffer the reader does not own meanwhile, so a huge text is never copied whole.
        let mut buf = std::mem::take(&mut self.buf);
        let item = self.read_item(&mut buf);
        self.buf = buf;
        item
    }

    fn read_item(&mut self, buf: &mut Vec<u8>) -> Result<Option<FeedItem>, FeedError> {
        loop {
            if buf.capacity() > EVENT_BUFFER_KEEP_BYTES {
                *buf = Vec::with_capacity(8 * 1024);
            }
            buf.clear();
            let event = match self.xml.read_event_into(buf) {
                Ok(event) => event,
                Err(err) => return Err(self.error(self.xml.error_position(), err.to_string())),
            };
            match event {
                Event::Start(e) => {
                    let name = e.name().as_ref().to_owned();
                    self.clear_text();
                    let item = self.start(&name, &e, false)?;
                    self.path.push(name);
                    if item.is_some() {
                        return Ok(item);
                    }
                }
                Event::Empty(e) => {
                    let name = e.name().as_ref().to_owned();
                    self.clear_text();
                    if let Some(item) = self.start(&name, &e, true)? {
                        return Ok(Some(item));
                    }
                    self.path.push(name);
                    let item = self.end();
                    self.path.pop();
                    if item.is_some() {
                        return Ok(item);
                    }
                }
                Event::End(_) => {
                    let item = self.end();
                    self.path.pop();
                    self.clear_text();
                    if item.is_some() {
                        return Ok(item);
                    }
                }
                Event::Text(t) => self.push_text(&t.xml10_content()),
                Event::CData(c) => self.push_text(&c.xml10_content()),
                Event::GeneralRef(r) => match r.resolve_char_ref() {
                    Ok(Some(c)) => self.push_text(c.encode_utf8(&mut [0; 4])),
                    Ok(None) => match resolve_entity(&r) {
                        Some(s) => self.push_text(s),
                        None => self.push_text(&format!("&{};", &*r)),
                    },
                    Err(err) => return Err(self.error(self.xml.buffer_position(), err.to_string())),
                },
                Event::Eof => {
                    if let Some(open) = self.path.last() {
                        let message = format!("the document ends inside <{open}>");
                        return Err(self.error(self.xml.buffer_position(), message));
                    }
                    return Ok(None);
                }
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            }
        }
    }

    /// Handles a start tag (or an empty element, `empty`); returns an item when one is complete already.
    fn start(&mut self, name: &str, e: &BytesStart<'_>, empty: bool) -> Result<Option<FeedItem>, FeedError> {
        let parent = self.path.last().map(String::as_str);
        match (parent, name) {
            (Some("offers"), "offer") => {
                let line = self.xml.get_ref().position(self.xml.buffer_position()).0;
                let mut offer = Box::new(RawOffer { line, ..RawOffer::default() });
                for (key, value) in self.attributes(e)? {
                    match key.as_str() {
                        "id" => offer.id = Some(value).filter(|v| !v.is_empty()),
                        "available" => offer.available = Some(value),
                        "type" => offer.kind = Some(value).filter(|v| !v.is_empty()),
                        "group_id" => offer.group_id = Some(value).filter(|v| !v.trim().is_empty()),
                        _ => {}
                    }
                }
                if empty {
                    return Ok(Some(FeedItem::Offer(offer)));
                }
                self.offer = Some(offer);
                self.offer_depth = self.path.len() + 1;
            }
            (Some("currencies"), "currency") => {
                let attrs = self.attributes(e)?;
                let get = |k: &str| attrs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
                if let Some(id) = get("id") {
                    return Ok(Some(FeedItem::Currency { id, rate: get("rate").unwrap_or_else(|| "1".into()) }));
                }
            }
            (Some("categories"), "category") | (Some("offer"), "param") => self.attrs = self.attributes(e)?,
            _ => {}
        }
        Ok(None)
    }

    /// Handles the end of the innermost open element (still on `path`).
    fn end(&mut self) -> Option<FeedItem> {
        let name = self.path.last()?.as_str();
        let text = || {
            let t = self.text.trim();
            (!t.is_empty()).then(|| t.to_owned())
        };
        if self.offer.is_some() && self.path.len() == self.offer_depth {
            return self.offer.take().map(FeedItem::Offer);
        }
        if self.offer.is_some() && self.path.len() == self.offer_depth + 1 {
            let value = text();
            let overflow = (self.text_bytes > self.text.len() as u64).then_some(self.text_bytes);
            let offer = self.offer.as_mut()?;
            let mut oversized = |field: &'static str| {
                if let Some(bytes) = overflow {
                    offer.oversized.push((field, bytes));
                }
            };
            match name {
                "name" => oversized("name"),
                "description" => oversized("description"),
                "param" => oversized("param"),
                _ => {}
            }
            match name {
                "url" => offer.url = value,
                "price" => offer.price = value,
                "oldprice" => offer.old_price = value,
                "currencyId" => offer.currency_id = value,
                // The first non-empty one is the offer's main section (it matches the offer's own <url> in real
                // feeds); an empty trailing <categoryId/> does not wipe it.
                "categoryId" if offer.category_id.is_none() => offer.category_id = value,
                "picture" => offer.pictures.extend(value),
                "name" => offer.name = value,
                "typePrefix" => offer.type_prefix = value,
                "vendor" => offer.vendor = value,
                "model" => offer.model = value,
                "vendorCode" => offer.vendor_code = value,
                "description" => offer.description = value,
                "param" => {
                    let attrs = std::mem::take(&mut self.attrs);
                    let get = |k: &str| attrs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
                    if let (Some(name), Some(value)) = (get("name").filter(|n| !n.is_empty()), value) {
                        offer.params.push(RawParam { name, unit: get("unit").filter(|u| !u.is_empty()), value });
                    }
                }
                _ => {}
            }
            return None;
        }
        match (self.parent(1), name) {
            (Some("categories"), "category") => {
                let attrs = std::mem::take(&mut self.attrs);
                let get = |k: &str| attrs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
                let id = get("id").filter(|id| !id.is_empty())?;
                let parent_id = get("parentId").filter(|p| !p.is_empty() && *p != id);
                Some(FeedItem::Category { id, parent_id, name: text().unwrap_or_default() })
            }
            (Some("shop"), field @ ("name" | "company" | "url")) => {
                let field: &'static str = match field {
                    "name" => "name",
                    "company" => "company",
                    _ => "url",
                };
                text().map(|t| FeedItem::ShopField(field, t))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(xml: impl Into<Vec<u8>>) -> Result<Vec<FeedItem>, FeedError> {
        let mut reader = YmlReader::new(std::io::Cursor::new(xml.into())).unwrap();
        let mut items = Vec::new();
        while let Some(item) = reader.next_item()? {
            items.push(item);
        }
        Ok(items)
    }

    fn offers(items: &[FeedItem]) -> Vec<&RawOffer> {
        items.iter().filter_map(|i| if let FeedItem::Offer(o) = i { Some(&**o) } else { None }).collect()
    }

    const HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE yml_catalog SYSTEM \"shops.dtd\">\n\
        <yml_catalog date=\"2018-12-09 09:35\"><shop><name>Магазин</name><company>ООО</company>\
        <url>http://shop.ru</url>";

    #[test]
    fn the_first_category_id_is_the_section_and_an_empty_one_wipes_nothing() {
        let xml = format!(
            "{HEAD}<offers><offer id=\"1\"><categoryId>7</categoryId><categoryId>9</categoryId><categoryId/>\
             <name>Стул</name></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        assert_eq!(offers(&items)[0].category_id.as_deref(), Some("7"));
    }

    #[test]
    fn an_oversized_element_keeps_its_first_64_kib_and_says_how_big_it_was() {
        let huge = "я".repeat(FEED_TEXT_MAX_BYTES); // two bytes each: twice the cap
        let xml = format!(
            "{HEAD}<offers><offer id=\"1\"><name>Стул</name><description>{huge}</description>\
             <param name=\"Цвет\"><![CDATA[{huge}]]></param></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        let offer = offers(&items)[0];
        let description = offer.description.as_deref().unwrap();
        assert_eq!(description.len(), FEED_TEXT_MAX_BYTES);
        assert_eq!(offer.params[0].value.len(), FEED_TEXT_MAX_BYTES);
        let bytes = 2 * FEED_TEXT_MAX_BYTES as u64;
        assert_eq!(offer.oversized, [("description", bytes), ("param", bytes)]);
        assert_eq!(offer.name.as_deref(), Some("Стул"));
    }

    #[test]
    fn reads_shop_currencies_categories_and_offers_without_fetching_the_dtd() {
        let xml = format!(
            "{HEAD}<currencies><currency id=\"RUR\" rate=\"1\"/></currencies>\
             <categories><category id=\"1\">Игрушки</category>\n<category id=\"2\" parentId=\"1\">Пазлы</category></categories>\
             <offers>\n<offer id=\"7\" available=\"false\"><price>3.54</price><currencyId>RUB</currencyId>\
             <categoryId>2</categoryId><picture>a.jpg</picture><picture>b.jpg</picture><name>Пазл</name>\
             <param name=\"Цвет\" unit=\"\">синий</param><param name=\"Вес\" unit=\"г\">300</param></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        assert!(items.contains(&FeedItem::ShopField("name", "Магазин".into())));
        assert!(items.contains(&FeedItem::Currency { id: "RUR".into(), rate: "1".into() }));
        assert!(items.contains(&FeedItem::Category {
            id: "2".into(),
            parent_id: Some("1".into()),
            name: "Пазлы".into()
        }));
        let o = offers(&items)[0];
        assert_eq!(o.id.as_deref(), Some("7"));
        assert_eq!(o.line, 5);
        assert_eq!(o.available.as_deref(), Some("false"));
        assert_eq!(o.price.as_deref(), Some("3.54"));
        assert_eq!(o.pictures, vec!["a.jpg", "b.jpg"]);
        assert_eq!(o.params.len(), 2);
        assert_eq!(o.params[0].unit, None);
        assert_eq!(o.params[1].unit.as_deref(), Some("г"));
    }

    #[test]
    fn cdata_html_entities_and_a_bare_ampersand_are_taken() {
        let xml = format!(
            "{HEAD}<offers><offer id=\"1\"><name>Tom & Jerry&nbsp;&laquo;2&raquo; &#1025;</name>\
             <description><![CDATA[<p>Текст <b>жирный</b></p>]]></description></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        let o = offers(&items)[0];
        assert_eq!(o.name.as_deref(), Some("Tom & Jerry\u{a0}«2» Ё"));
        assert_eq!(o.description.as_deref(), Some("<p>Текст <b>жирный</b></p>"));
    }

    #[test]
    fn windows_1251_feeds_are_transcoded() {
        let text = "<?xml version=\"1.0\" encoding=\"windows-1251\"?><yml_catalog><shop><name>Ёлки</name>\
                    <offers><offer id=\"1\"><name>Пазл «Кот»</name></offer></offers></shop></yml_catalog>";
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
        let items = read_all(bytes.into_owned()).unwrap();
        assert_eq!(items[0], FeedItem::ShopField("name", "Ёлки".into()));
        assert_eq!(offers(&items)[0].name.as_deref(), Some("Пазл «Кот»"));
    }

    #[test]
    fn vendor_model_parts_and_empty_category_are_read() {
        let xml = format!(
            "{HEAD}<offers><offer id=\"1\" type=\"vendor.model\"><typePrefix>Принтер</typePrefix><vendor>HP</vendor>\
             <model>LaserJet 1020</model><categoryId></categoryId><categoryId/></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        let o = offers(&items)[0];
        assert_eq!(o.kind.as_deref(), Some("vendor.model"));
        assert_eq!(
            (o.type_prefix.as_deref(), o.vendor.as_deref(), o.model.as_deref()),
            (Some("Принтер"), Some("HP"), Some("LaserJet 1020"))
        );
        assert_eq!(o.category_id, None);
    }

    #[test]
    fn nested_unknown_elements_inside_an_offer_are_ignored() {
        let xml = format!(
            "{HEAD}<offers><offer id=\"1\"><name>A</name><delivery-options><option cost=\"1\"><name>x</name></option>\
             </delivery-options><price>5</price></offer></offers></shop></yml_catalog>"
        );
        let items = read_all(xml).unwrap();
        let o = offers(&items)[0];
        assert_eq!(o.name.as_deref(), Some("A"));
        assert_eq!(o.price.as_deref(), Some("5"));
    }

    #[test]
    fn malformed_documents_name_line_and_column() {
        let xml = format!("{HEAD}\n<offers>\n<offer id=\"1\"><name>A</nam></offer></offers></shop></yml_catalog>");
        let err = read_all(xml).unwrap_err();
        assert_eq!(err.line, 5, "{err}");
        assert!(err.column > 1, "{err}");

        let truncated = format!("{HEAD}\n<offers>\n<offer id=\"1\"><name>A</name>");
        let err = read_all(truncated).unwrap_err();
        assert!(err.message.contains("ends inside"), "{err}");
    }

    #[test]
    fn line_counter_reports_positions_past_the_window() {
        let text = "x\n".repeat(NEWLINE_WINDOW * 2) + "<a>";
        let mut lc = LineCounter::new(std::io::Cursor::new(text.into_bytes()));
        let mut sink = Vec::new();
        lc.read_to_end(&mut sink).unwrap();
        let pos = (NEWLINE_WINDOW * 4) as u64 + 1;
        assert_eq!(lc.position(pos), (NEWLINE_WINDOW as u64 * 2 + 1, 2));
    }
}
