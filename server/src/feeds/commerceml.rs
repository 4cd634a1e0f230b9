//! A streaming reader of 1C's CommerceML 2 exchange files (issue 38; schema versions 2.03–2.10): `import*.xml` (the
//! classifier's groups and properties, and the goods of `Каталог`) and `offers*.xml`, `prices*.xml`, `rests*.xml`
//! (the price types and the offers of `ПакетПредложений`: names, characteristics, prices, stock).
//!
//! [`CmlReader`] hands out [`CmlItem`]s one at a time. Each good, offer, property or group tree is read as a small
//! element tree ([`Node`], at most [`CML_ELEMENT_MAX_BYTES`]) and turned into its item; the document itself is
//! never held whole. Names are matched without their namespace prefix, so 2.07's `urn:1C.ru:commerceml_2` and
//! 2.10's `urn:1C.ru:commerceml_210` read alike. A property's value given as a `Справочник` value id is resolved to
//! its text with the file's own classifier. Whether the values make sense (prices, currencies, a good for every
//! offer) is decided by the exchange ([`crate::exchange`]) and the catalogue writer, not here.

use super::yml::{FeedError, Source, open_xml, resolve_entity};
use crate::limits::{CML_ELEMENT_MAX_BYTES, CML_ELEMENT_MAX_DEPTH};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Read;

/// One thing read from an exchange file, in document order.
#[derive(Debug, Clone, PartialEq)]
pub enum CmlItem {
    /// `<Каталог СодержитТолькоИзменения="…">`: whether the goods that follow are only the changed ones.
    Catalogue { changes_only: bool },
    /// `Каталог/Ид`: the catalogue's id, which the orders sent back to 1C name (`ИдКаталога`).
    CatalogueId(String),
    /// `<ПакетПредложений СодержитТолькоИзменения="…">`: the same for the offers.
    OfferPackage { changes_only: bool },
    /// `Классификатор/Свойства/Свойство`: its `Ид` and what it is (kept, so other files resolve its values).
    Property(String, Property),
    /// `Классификатор/Группы/Группа` (nested groups name their parent).
    Group { id: String, parent_id: Option<String>, name: String },
    /// `Каталог/Товары/Товар`.
    Good(Box<Good>),
    /// `ПакетПредложений/ТипыЦен/ТипЦены`.
    PriceType(PriceType),
    /// `ПакетПредложений/Предложения/Предложение`.
    Offer(Box<Offer>),
    /// A `Документ` (an order 1C sends back; at the root, or in a 2.10 `Контейнер`), as read: its fields are the
    /// exchange's to interpret.
    Document(Box<Node>),
}

/// A good of the catalogue (`Товар`), with its property values resolved to text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Good {
    /// `Ид`: 1C's GUID.
    pub id: String,
    /// `Наименование`.
    pub name: String,
    /// `Артикул`: the SKU.
    pub sku: Option<String>,
    /// `Описание` as written (plain text or, with `ФорматHTML="true"`, HTML).
    pub description: Option<String>,
    /// `Группы/Ид`: the sections it is in, the first one the offer's.
    pub groups: Vec<String>,
    /// `Картинка`: exchange file names (`import_files/ab/x.jpg`), as written; the exchange replaces them with the
    /// picture store's addresses.
    pub pictures: Vec<String>,
    /// `ЗначенияСвойств`: (property name, value text), the value ids of a `Справочник` resolved.
    pub params: Vec<(String, String)>,
    /// `Изготовитель/Наименование`.
    pub vendor: Option<String>,
    /// `Статус` `Удален` or `ПометкаУдаления` `true`: 1C deleted it.
    pub deleted: bool,
}

/// An offer (`Предложение`): the good, or one characteristic of it (`GOOD#CHARACTERISTIC`). A `prices*.xml` or
/// `rests*.xml` names an offer with only its prices or its stock: the fields it leaves out are `None` and keep what
/// an earlier file said ([`Offer::merged_over`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// `Ид`: `GOOD` or `GOOD#CHARACTERISTIC`.
    pub id: String,
    /// `Наименование`.
    pub name: Option<String>,
    /// `Артикул`.
    pub sku: Option<String>,
    /// `ХарактеристикиТовара` and, 2.10, the offer's own `ЗначенияСвойств`: (name, value).
    pub params: Option<Vec<(String, String)>>,
    /// `Цены/Цена`.
    pub prices: Option<Vec<Price>>,
    /// The stock: `Количество`, else the sum over warehouses (`Склад КоличествоНаСкладе`, `Остатки/Остаток`), as
    /// text.
    pub quantity: Option<String>,
    /// `Статус` `Удален` or `ПометкаУдаления` `true`.
    pub deleted: bool,
}

impl Offer {
    /// The good it is an offer of: the `Ид` before `#`.
    pub fn good_id(&self) -> &str {
        self.id.split_once('#').map_or(self.id.as_str(), |(good, _)| good)
    }

    /// This offer with the fields it leaves out taken from `earlier` (what a previous file said of it).
    pub fn merged_over(self, earlier: Offer) -> Offer {
        Offer {
            id: self.id,
            name: self.name.or(earlier.name),
            sku: self.sku.or(earlier.sku),
            params: self.params.or(earlier.params),
            prices: self.prices.or(earlier.prices),
            quantity: self.quantity.or(earlier.quantity),
            deleted: self.deleted,
        }
    }
}

/// One `Цена`: the price type's `Ид`, the amount per unit as written (`1719`, `3.54`) and its currency as written
/// (`RUB`, `руб`), when given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Price {
    pub type_id: String,
    pub amount: String,
    pub currency: Option<String>,
}

/// A price type (`ТипЦены`): `Ид`, `Наименование`, `Валюта`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriceType {
    pub id: String,
    pub name: String,
    pub currency: String,
}

/// A property of the classifier: its name and its `Справочник` values by id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Property {
    pub name: String,
    pub values: HashMap<String, String>,
}

/// An element read whole: its local name (the namespace prefix dropped), attributes, text and children.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Node {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Node>,
}

impl Node {
    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }

    /// The children named `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The trimmed text of the first child named `name`; `None` when absent or empty.
    pub fn text_of(&self, name: &str) -> Option<String> {
        self.child(name).map(|c| c.text.trim().to_owned()).filter(|t| !t.is_empty())
    }

    /// The attribute `name`, trimmed.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim())
    }
}

/// The local part of a qualified name (`cml:Товар` → `Товар`).
fn local(name: &str) -> String {
    name.rsplit(':').next().unwrap_or_default().to_owned()
}

fn is_true(text: Option<&str>) -> bool {
    text.is_some_and(|t| t.trim().eq_ignore_ascii_case("true"))
}

/// Reads a CommerceML document item by item. Create with [`CmlReader::new`], then call [`CmlReader::next_item`]
/// until `None`.
pub struct CmlReader {
    xml: Reader<Source>,
    buf: Vec<u8>,
    /// Local names of the open elements, outermost first.
    path: Vec<String>,
    properties: HashMap<String, Property>,
    /// Items made from one element tree and not handed out yet (a group tree gives many).
    queue: std::collections::VecDeque<CmlItem>,
    /// `ВерсияСхемы` of the root, when read.
    pub schema_version: Option<String>,
}

impl CmlReader {
    /// Wraps a byte stream, transcoding it to UTF-8 as the YML reader does (BOM or declared encoding).
    ///
    /// # Errors
    /// The first bytes cannot be read.
    pub fn new(input: impl Read + Send + 'static) -> std::io::Result<Self> {
        Self::with_properties(input, HashMap::new())
    }

    /// [`CmlReader::new`] knowing `properties` (by `Ид`) already: the classifier of another file or an earlier
    /// exchange, which the file's own `Свойства` extend.
    ///
    /// # Errors
    /// The first bytes cannot be read.
    pub fn with_properties(
        input: impl Read + Send + 'static,
        properties: HashMap<String, Property>,
    ) -> std::io::Result<Self> {
        let (xml, _) = open_xml(input)?;
        Ok(Self {
            xml,
            buf: Vec::with_capacity(8 * 1024),
            path: Vec::new(),
            properties,
            queue: std::collections::VecDeque::new(),
            schema_version: None,
        })
    }

    fn error(&self, pos: u64, message: impl Into<String>) -> FeedError {
        let (line, column) = self.xml.get_ref().position(pos);
        FeedError { line, column, message: message.into() }
    }

    fn attributes(&self, e: &BytesStart<'_>) -> Result<Vec<(String, String)>, FeedError> {
        let mut out = Vec::new();
        for attr in e.attributes().with_checks(false) {
            let attr = attr.map_err(|err| self.error(self.xml.buffer_position(), err.to_string()))?;
            let value = attr
                .normalized_value_with(quick_xml::XmlVersion::Implicit1_0, 8, resolve_entity)
                .map_err(|err| self.error(self.xml.buffer_position(), err.to_string()))?;
            out.push((local(attr.key.as_ref()), value.into_owned()));
        }
        Ok(out)
    }

    /// Whether the element `name` opening under the current path is one read whole.
    fn whole(&self, name: &str) -> bool {
        let parent = |up: usize| self.path.len().checked_sub(up + 1).map(|i| self.path[i].as_str());
        matches!(
            (parent(1), parent(0), name),
            (Some("Классификатор"), Some("Свойства"), "Свойство" | "СвойствоНоменклатуры")
                | (_, Some("Классификатор"), "Группы")
                | (Some("Каталог"), Some("Товары"), "Товар")
                | (Some("ПакетПредложений"), Some("ТипыЦен"), "ТипЦены")
                | (Some("ПакетПредложений"), Some("Предложения"), "Предложение")
                | (_, Some("КоммерческаяИнформация" | "Контейнер"), "Документ")
        )
    }

    /// The next item, `Ok(None)` at the end of the document, or the first well-formedness error (with its line and
    /// column) or an element over [`CML_ELEMENT_MAX_BYTES`].
    pub fn next_item(&mut self) -> Result<Option<CmlItem>, FeedError> {
        loop {
            if let Some(item) = self.queue.pop_front() {
                return Ok(Some(item));
            }
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            let event = self.xml.read_event_into(&mut buf);
            let step = match event {
                Err(err) => Err(self.error(self.xml.error_position(), err.to_string())),
                Ok(Event::Start(e)) => {
                    let name = local(e.name().as_ref());
                    let attrs = self.attributes(&e)?;
                    if self.whole(&name) {
                        let node = self.read_tree(name, attrs)?;
                        self.take(node);
                    } else {
                        self.opened(&name, &attrs);
                        self.path.push(name);
                    }
                    Ok(())
                }
                Ok(Event::Empty(e)) => {
                    let name = local(e.name().as_ref());
                    let attrs = self.attributes(&e)?;
                    if self.whole(&name) {
                        self.take(Node { name, attrs, ..Node::default() });
                    } else {
                        self.opened(&name, &attrs);
                    }
                    Ok(())
                }
                Ok(Event::End(_)) => {
                    self.path.pop();
                    Ok(())
                }
                Ok(Event::Text(t)) => {
                    // `<Каталог><СодержитТолькоИзменения>true</…>`: 2.08 and later may write the flag as an element.
                    let text = t.xml10_content();
                    let at = |up: usize| self.path.len().checked_sub(up + 1).map(|i| self.path[i].as_str());
                    if at(0) == Some("Ид") && at(1) == Some("Каталог") && !text.trim().is_empty() {
                        self.queue.push_back(CmlItem::CatalogueId(text.trim().to_owned()));
                    }
                    if at(0) == Some("СодержитТолькоИзменения") {
                        let changes_only = is_true(Some(&text));
                        match at(1) {
                            Some("Каталог") => self.queue.push_back(CmlItem::Catalogue { changes_only }),
                            Some("ПакетПредложений") => {
                                self.queue.push_back(CmlItem::OfferPackage { changes_only })
                            }
                            _ => {}
                        }
                    }
                    Ok(())
                }
                Ok(Event::Eof) => {
                    if let Some(open) = self.path.last() {
                        let message = format!("the document ends inside <{open}>");
                        return Err(self.error(self.xml.buffer_position(), message));
                    }
                    self.buf = buf;
                    return Ok(None);
                }
                Ok(_) => Ok(()),
            };
            self.buf = buf;
            step?;
        }
    }

    /// An element that is not read whole opened: the root's schema version, the catalogue's and the offer package's
    /// changes-only flag.
    fn opened(&mut self, name: &str, attrs: &[(String, String)]) {
        let attr = |key: &str| attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        match name {
            "КоммерческаяИнформация" => {
                self.schema_version = attr("ВерсияСхемы").map(str::to_owned)
            }
            "Каталог" => {
                self.queue.push_back(CmlItem::Catalogue {
                    changes_only: is_true(attr("СодержитТолькоИзменения"))
                });
            }
            "ПакетПредложений" => {
                let changes_only = is_true(attr("СодержитТолькоИзменения"));
                self.queue.push_back(CmlItem::OfferPackage { changes_only });
            }
            _ => {}
        }
    }

    /// Reads the element just opened (`name`, `attrs`) to its end tag as a [`Node`], at most
    /// [`CML_ELEMENT_MAX_BYTES`] of names and text.
    fn read_tree(&mut self, name: String, attrs: Vec<(String, String)>) -> Result<Node, FeedError> {
        let mut stack = vec![Node { name, attrs, ..Node::default() }];
        let mut bytes = 0usize;
        let mut buf = Vec::with_capacity(1024);
        loop {
            buf.clear();
            let event = match self.xml.read_event_into(&mut buf) {
                Ok(event) => event,
                Err(err) => return Err(self.error(self.xml.error_position(), err.to_string())),
            };
            let mut grow = |n: usize, reader: &Self| {
                bytes += n;
                if bytes > CML_ELEMENT_MAX_BYTES {
                    let message = format!("<{}> is over {CML_ELEMENT_MAX_BYTES} bytes", stack[0].name);
                    return Err(reader.error(reader.xml.buffer_position(), message));
                }
                Ok(())
            };
            match event {
                Event::Start(e) => {
                    let name = local(e.name().as_ref());
                    grow(name.len(), self)?;
                    if stack.len() >= CML_ELEMENT_MAX_DEPTH {
                        let message = format!("<{}> nests deeper than {CML_ELEMENT_MAX_DEPTH} elements", stack[0].name);
                        return Err(self.error(self.xml.buffer_position(), message));
                    }
                    let attrs = self.attributes(&e)?;
                    grow(attrs.iter().map(|(k, v)| k.len() + v.len()).sum(), self)?;
                    stack.push(Node { name, attrs, ..Node::default() });
                }
                Event::Empty(e) => {
                    let name = local(e.name().as_ref());
                    grow(name.len(), self)?;
                    let attrs = self.attributes(&e)?;
                    stack.last_mut().expect("the tree's root").children.push(Node { name, attrs, ..Node::default() });
                }
                Event::End(_) => {
                    let done = stack.pop().expect("an open element");
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(done),
                        None => return Ok(done),
                    }
                }
                Event::Text(t) => {
                    let text = t.xml10_content();
                    grow(text.len(), self)?;
                    stack.last_mut().expect("the tree's root").text.push_str(&text);
                }
                Event::CData(c) => {
                    let text = c.xml10_content();
                    grow(text.len(), self)?;
                    stack.last_mut().expect("the tree's root").text.push_str(&text);
                }
                Event::GeneralRef(r) => {
                    let piece = match r.resolve_char_ref() {
                        Ok(Some(c)) => c.to_string(),
                        Ok(None) => resolve_entity(&r).map_or_else(|| format!("&{};", &*r), str::to_owned),
                        Err(err) => return Err(self.error(self.xml.buffer_position(), err.to_string())),
                    };
                    grow(piece.len(), self)?;
                    stack.last_mut().expect("the tree's root").text.push_str(&piece);
                }
                Event::Eof => {
                    let open = stack.last().map(|n| n.name.clone()).unwrap_or_default();
                    return Err(self.error(self.xml.buffer_position(), format!("the document ends inside <{open}>")));
                }
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            }
        }
    }

    /// Turns an element read whole into its items.
    fn take(&mut self, node: Node) {
        match node.name.as_str() {
            "Группы" => self.groups(&node, None),
            "Свойство" | "СвойствоНоменклатуры" => {
                let Some(id) = node.text_of("Ид") else { return };
                let values = node
                    .child("ВариантыЗначений")
                    .into_iter()
                    .flat_map(|v| v.all("Справочник"))
                    .filter_map(|v| Some((v.text_of("ИдЗначения")?, v.text_of("Значение")?)))
                    .collect();
                let name = node.text_of("Наименование").unwrap_or_default();
                let property = Property { name, values };
                self.properties.insert(id.clone(), property.clone());
                self.queue.push_back(CmlItem::Property(id, property));
            }
            "Товар" => {
                if let Some(good) = self.good(&node) {
                    self.queue.push_back(CmlItem::Good(Box::new(good)));
                }
            }
            "ТипЦены" => {
                if let Some(id) = node.text_of("Ид") {
                    let name = node.text_of("Наименование").unwrap_or_else(|| id.clone());
                    let currency = node.text_of("Валюта").unwrap_or_default();
                    self.queue.push_back(CmlItem::PriceType(PriceType { id, name, currency }));
                }
            }
            "Документ" => self.queue.push_back(CmlItem::Document(Box::new(node))),
            "Предложение" => {
                if let Some(offer) = self.offer(&node) {
                    self.queue.push_back(CmlItem::Offer(Box::new(offer)));
                }
            }
            _ => {}
        }
    }

    fn groups(&mut self, groups: &Node, parent: Option<&str>) {
        for group in groups.all("Группа") {
            let Some(id) = group.text_of("Ид") else { continue };
            let name = group.text_of("Наименование").unwrap_or_else(|| id.clone());
            let parent_id = parent.map(str::to_owned);
            self.queue.push_back(CmlItem::Group { id: id.clone(), parent_id, name });
            if let Some(children) = group.child("Группы") {
                self.groups(children, Some(&id));
            }
        }
    }

    /// `ЗначенияСвойств` as (name, text): a value naming a `Справочник` value id becomes its text; values of a
    /// property the file's classifier does not name are left out (they have no name to show).
    fn property_values(&self, node: &Node) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for value in node.child("ЗначенияСвойств").into_iter().flat_map(|v| v.all("ЗначенияСвойства"))
        {
            let Some(property) = value.text_of("Ид").and_then(|id| self.properties.get(&id)) else { continue };
            if property.name.is_empty() {
                continue;
            }
            let texts: Vec<String> = value
                .all("Значение")
                .map(|v| v.text.trim())
                .filter(|v| !v.is_empty())
                .map(|v| property.values.get(v).cloned().unwrap_or_else(|| v.to_owned()))
                .collect();
            if !texts.is_empty() {
                out.push((property.name.clone(), texts.join(", ")));
            }
        }
        out
    }

    fn good(&self, node: &Node) -> Option<Good> {
        let id = node.text_of("Ид")?;
        Some(Good {
            name: node.text_of("Наименование").unwrap_or_default(),
            sku: node.text_of("Артикул"),
            description: node.text_of("Описание"),
            groups: node
                .child("Группы")
                .into_iter()
                .flat_map(|g| g.all("Ид"))
                .map(|g| g.text.trim().to_owned())
                .collect(),
            pictures: node.all("Картинка").map(|p| p.text.trim().to_owned()).filter(|p| !p.is_empty()).collect(),
            params: self.property_values(node),
            vendor: node.child("Изготовитель").and_then(|v| v.text_of("Наименование")),
            deleted: deleted(node),
            id,
        })
    }

    fn offer(&self, node: &Node) -> Option<Offer> {
        let id = node.text_of("Ид")?;
        let mut params: Vec<(String, String)> = node
            .child("ХарактеристикиТовара")
            .into_iter()
            .flat_map(|c| c.all("ХарактеристикаТовара"))
            .filter_map(|c| Some((c.text_of("Наименование")?, c.text_of("Значение")?)))
            .collect();
        for (name, value) in self.property_values(node) {
            if !params.iter().any(|(n, _)| *n == name) {
                params.push((name, value));
            }
        }
        // A file that names none (a prices or rests file) keeps the earlier ones (`merged_over`).
        let has_params = node.child("ХарактеристикиТовара").is_some() || !params.is_empty();
        let prices = node.child("Цены").map(|prices| {
            prices
                .all("Цена")
                .filter_map(|p| {
                    Some(Price {
                        type_id: p.text_of("ИдТипаЦены")?,
                        amount: p.text_of("ЦенаЗаЕдиницу")?,
                        currency: p.text_of("Валюта"),
                    })
                })
                .collect()
        });
        Some(Offer {
            name: node.text_of("Наименование"),
            sku: node.text_of("Артикул"),
            params: has_params.then_some(params),
            prices,
            quantity: quantity(node),
            deleted: deleted(node),
            id,
        })
    }
}

/// `Статус` `Удален` or `ПометкаУдаления` `true` (an element or an attribute).
fn deleted(node: &Node) -> bool {
    node.text_of("Статус").is_some_and(|s| s == "Удален")
        || is_true(node.text_of("ПометкаУдаления").as_deref())
        || is_true(node.attr("ПометкаУдаления"))
}

/// The offer's stock as text: `Количество`, else the sum over the warehouses it names (`<Склад
/// КоличествоНаСкладе="…"/>` of 2.07, `Остатки/Остаток/(Склад/)Количество` of 2.10); `None` when it names none.
fn quantity(node: &Node) -> Option<String> {
    if let Some(total) = node.text_of("Количество") {
        return Some(total);
    }
    let mut amounts: Vec<String> =
        node.all("Склад").filter_map(|s| s.attr("КоличествоНаСкладе").map(str::to_owned)).collect();
    for rest in node.child("Остатки").into_iter().flat_map(|r| r.all("Остаток")) {
        match rest.text_of("Количество") {
            Some(n) => amounts.push(n),
            None => amounts.extend(rest.all("Склад").filter_map(|s| s.text_of("Количество"))),
        }
    }
    if amounts.is_empty() {
        return None;
    }
    // Stock as 1C writes it: `1 000`, `2,5`; only whether it is above zero matters to the shop.
    let read = |a: &String| a.chars().filter(|c| !c.is_whitespace()).collect::<String>().replace(',', ".");
    let total: f64 = amounts.iter().filter_map(|a| read(a).parse::<f64>().ok()).sum();
    Some(total.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(xml: &str) -> Vec<CmlItem> {
        let mut reader = CmlReader::new(std::io::Cursor::new(xml.as_bytes().to_vec())).unwrap();
        let mut out = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            out.push(item);
        }
        out
    }

    const IMPORT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07">
  <Классификатор>
    <Группы>
      <Группа><Ид>g1</Ид><Наименование>Обувь</Наименование>
        <Группы><Группа><Ид>g2</Ид><Наименование>Сапоги</Наименование></Группа></Группы>
      </Группа>
    </Группы>
    <Свойства>
      <Свойство><Ид>p1</Ид><Наименование>Цвет</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений><Справочник><ИдЗначения>v1</ИдЗначения><Значение>Коричневый</Значение></Справочник></ВариантыЗначений>
      </Свойство>
      <Свойство><Ид>p2</Ид><Наименование>Материал</Наименование></Свойство>
    </Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Товары>
      <Товар><Ид>t1</Ид><Артикул>Б-1</Артикул><Наименование>Ботфорты &amp; туфли</Наименование>
        <Группы><Ид>g2</Ид></Группы><Описание/>
        <Картинка>import_files/9d/a.jpg</Картинка>
        <ЗначенияСвойств>
          <ЗначенияСвойства><Ид>p1</Ид><Значение>v1</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>p2</Ид><Значение>кожа</Значение></ЗначенияСвойства>
          <ЗначенияСвойства><Ид>unknown</Ид><Значение>x</Значение></ЗначенияСвойства>
        </ЗначенияСвойств>
      </Товар>
      <Товар><Ид>t2</Ид><Наименование>Старый</Наименование><Статус>Удален</Статус></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>"#;

    #[test]
    fn groups_nest_goods_resolve_their_property_values_and_deleted_goods_are_marked() {
        let all: Vec<CmlItem> = items(IMPORT).into_iter().filter(|i| !matches!(i, CmlItem::Property(..))).collect();
        assert_eq!(all[0], CmlItem::Group { id: "g1".into(), parent_id: None, name: "Обувь".into() });
        assert_eq!(all[1], CmlItem::Group { id: "g2".into(), parent_id: Some("g1".into()), name: "Сапоги".into() });
        assert_eq!(all[2], CmlItem::Catalogue { changes_only: false });
        let CmlItem::Good(good) = &all[3] else { panic!("{:?}", all[3]) };
        assert_eq!(good.name, "Ботфорты & туфли");
        assert_eq!(good.sku.as_deref(), Some("Б-1"));
        assert_eq!(good.groups, ["g2"]);
        assert_eq!(good.pictures, ["import_files/9d/a.jpg"]);
        assert_eq!(good.params, [("Цвет".into(), "Коричневый".into()), ("Материал".into(), "кожа".into())]);
        assert!(!good.deleted);
        let CmlItem::Good(gone) = &all[4] else { panic!() };
        assert!(gone.deleted);
    }

    #[test]
    fn offers_carry_characteristics_prices_and_stock_summed_over_warehouses() {
        let xml = r#"<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10">
  <ПакетПредложений><СодержитТолькоИзменения>true</СодержитТолькоИзменения>
    <ТипыЦен><ТипЦены><Ид>r</Ид><Наименование>Розничная</Наименование><Валюта>руб</Валюта></ТипЦены></ТипыЦен>
    <Предложения>
      <Предложение><Ид>t1#c1</Ид><Наименование>Ботфорты (38)</Наименование>
        <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>38</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
        <Цены><Цена><ИдТипаЦены>r</ИдТипаЦены><ЦенаЗаЕдиницу>1719.50</ЦенаЗаЕдиницу><Валюта>руб</Валюта></Цена></Цены>
        <Склад ИдСклада="a" КоличествоНаСкладе="2"/><Склад ИдСклада="b" КоличествоНаСкладе="3"/>
      </Предложение>
      <Предложение><Ид>t2</Ид><Остатки><Остаток><Склад><Ид>a</Ид><Количество>0</Количество></Склад></Остаток></Остатки></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>"#;
        let all: Vec<CmlItem> = items(xml).into_iter().filter(|i| !matches!(i, CmlItem::Property(..))).collect();
        assert_eq!(all[0], CmlItem::OfferPackage { changes_only: false });
        assert_eq!(all[1], CmlItem::OfferPackage { changes_only: true });
        assert_eq!(
            all[2],
            CmlItem::PriceType(PriceType {
                id: "r".into(), name: "Розничная".into(), currency: "руб".into()
            })
        );
        let CmlItem::Offer(offer) = &all[3] else { panic!() };
        assert_eq!(offer.good_id(), "t1");
        assert_eq!(offer.params.as_deref(), Some(&[("Размер".to_owned(), "38".to_owned())][..]));
        assert_eq!(offer.prices.as_ref().unwrap()[0].amount, "1719.50");
        assert_eq!(offer.quantity.as_deref(), Some("5"));
        let CmlItem::Offer(rest) = &all[4] else { panic!() };
        assert_eq!((rest.prices.as_ref(), rest.params.as_ref(), rest.quantity.as_deref()), (None, None, Some("0")));
        let merged = (**rest).clone().merged_over((**offer).clone());
        assert_eq!(merged.prices, offer.prices, "a rests file keeps the prices an offers file gave");
        assert_eq!(merged.quantity.as_deref(), Some("0"));
    }

    #[test]
    fn an_element_nested_past_the_limit_is_an_error_not_a_stack_overflow() {
        let deep = format!(
            "<КоммерческаяИнформация><Документ>{}{}</Документ></КоммерческаяИнформация>",
            "<a>".repeat(100_000),
            "</a>".repeat(100_000)
        );
        let mut reader = CmlReader::new(std::io::Cursor::new(deep.into_bytes())).unwrap();
        let err = reader.next_item().unwrap_err();
        assert!(err.message.contains("nests deeper"), "{err}");
    }

    #[test]
    fn a_truncated_document_is_an_error_with_its_place() {
        let cut = &IMPORT[..IMPORT.find("<Товар><Ид>t2").unwrap()];
        let mut reader = CmlReader::new(std::io::Cursor::new(cut.as_bytes().to_vec())).unwrap();
        let err = loop {
            match reader.next_item() {
                Ok(Some(_)) => {}
                Ok(None) => panic!("a cut document read to its end"),
                Err(err) => break err,
            }
        };
        assert!(err.message.contains("ends inside"), "{err}");
        assert!(err.line > 20, "{err}");
    }

    /// The real exchange files of `../shared/data/commerceml/` (see its README): skipped with a message when the
    /// folder is absent, failing under CI.
    fn fixture(name: &str) -> Option<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/commerceml").join(name);
        match std::fs::read(&path) {
            Ok(bytes) => Some(bytes),
            Err(_) if std::env::var_os("CI").is_none() => {
                eprintln!("skipped: {} is absent (../shared is not beside the checkout)", path.display());
                None
            }
            Err(err) => panic!("{}: {err}", path.display()),
        }
    }

    fn read_all(bytes: Vec<u8>) -> (Vec<CmlItem>, Option<String>) {
        let mut reader = CmlReader::new(std::io::Cursor::new(bytes)).unwrap();
        let mut out = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            out.push(item);
        }
        (out, reader.schema_version)
    }

    #[test]
    fn the_real_2_07_and_2_10_files_read_whole() {
        let Some(import) = fixture("import.xml") else { return };
        let (items, version) = read_all(import);
        assert_eq!(version.as_deref(), Some("2.07"));
        let goods: Vec<&Good> =
            items.iter().filter_map(|i| if let CmlItem::Good(g) = i { Some(&**g) } else { None }).collect();
        assert_eq!(goods.len(), 2);
        assert_eq!(goods[0].name, "Женские ботфорты коричневые");
        assert_eq!(goods[0].pictures.len(), 3);
        assert!(goods[0].params.iter().any(|(n, v)| n == "Производитель" && v == "Обувной комбинат"), "{:?}", goods[0]);
        assert!(items.iter().filter(|i| matches!(i, CmlItem::Group { .. })).count() > 10);

        let Some(offers) = fixture("offers.xml") else { return };
        let (items, _) = read_all(offers);
        let offers: Vec<&Offer> =
            items.iter().filter_map(|i| if let CmlItem::Offer(o) = i { Some(&**o) } else { None }).collect();
        assert_eq!(offers.len(), 5);
        assert!(offers.iter().any(|o| o.id.contains('#') && o.quantity.as_deref() == Some("20")));

        let Some(offers_210) = fixture("v2.10/offers.xml") else { return };
        let (items, _) = read_all(offers_210);
        assert_eq!(items.iter().filter(|i| matches!(i, CmlItem::PriceType(_))).count(), 3);
        let CmlItem::Offer(first) = items.iter().find(|i| matches!(i, CmlItem::Offer(_))).unwrap() else { panic!() };
        assert!(first.params.as_ref().unwrap().contains(&("Цвет".into(), "Бежевый".into())));
    }
}
