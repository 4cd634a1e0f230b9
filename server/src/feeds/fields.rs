//! What a feed's text becomes in the catalogue (issue 20, "feeds imported faithfully" and "oversized feed
//! fields"): plain text with its whitespace collapsed and a second layer of entities decoded where a feed
//! double-escapes (`&amp;quot;`, common in Bitrix exports), and every field cut to its named limit.

use crate::domain::text::cut_chars;
use serde::Serialize;

/// A field the import cut (or items it left out), with its offer. Listed in the import summary.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CutField {
    /// The offer's id as the feed gave it (cut for the report).
    pub offer_id: String,
    /// Line of the offer's `<offer>` tag.
    pub line: u64,
    /// `name`, `description`, `vendor`, `param`, `params`, `pictures`, …
    pub field: &'static str,
    /// How much the feed had: characters of a text (bytes when the reader had to stop keeping it), or items.
    pub had: u64,
    /// How much the catalogue keeps, in the same unit.
    pub kept: u64,
}

/// Plain text as a shopper should read it: entities left over from double escaping decoded, every run of
/// whitespace (newlines, tabs, non-breaking spaces included) one space, trimmed.
pub fn plain(text: &str) -> String {
    let decoded = decode_leftover_entities(text);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Decodes the character references still in `text` after the XML reader decoded one layer: `&quot;`, `&amp;`,
/// `&laquo;`, `&#171;`, `&#xAB;`… (HTML5's names). Anything else with a `&` (a bare ampersand, an unknown name)
/// stays as written. One layer only: `&amp;amp;` becomes `&amp;`.
pub fn decode_leftover_entities(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('&') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        // The longest HTML5 entity name is 31 characters.
        let reference = after.find(';').filter(|end| *end <= 32).map(|end| &after[..end]);
        match reference.and_then(resolve) {
            Some(decoded) => {
                out.push_str(&decoded);
                rest = &after[reference.map_or(0, str::len) + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// The text of one reference's name (`quot`, `#171`, `#xAB`), if it names a character.
fn resolve(name: &str) -> Option<String> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| *c != '\0').map(String::from);
    }
    quick_xml::escape::resolve_html5_entity(name).map(str::to_owned)
}

/// `text` cut to `max` characters ([`cut_chars`]), with the cut recorded in `cuts` under `field`; `reader_bytes`
/// is the size the reader saw when it stopped keeping the text, which the report gives instead.
pub fn capped(
    text: String,
    max: usize,
    field: &'static str,
    reader_bytes: Option<u64>,
    cuts: &mut Vec<(&'static str, u64, u64)>,
) -> String {
    match cut_chars(&text, max) {
        Some(cut) => {
            let had = reader_bytes.unwrap_or(text.chars().count() as u64);
            cuts.push((field, had, max as u64));
            cut
        }
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_escaped_entities_are_decoded_once_and_whitespace_collapses() {
        assert_eq!(plain("Набор &quot;Ёлка&quot;\n  большой"), "Набор \"Ёлка\" большой");
        assert_eq!(plain("&laquo;Тик-так&raquo; &#8212; часы&nbsp;настенные"), "«Тик-так» — часы настенные");
        assert_eq!(plain("Tom & Jerry &amp;amp; co"), "Tom & Jerry &amp; co");
        assert_eq!(plain("A &unknown; B &#0; C &#xZZ;"), "A &unknown; B &#0; C &#xZZ;");
        assert_eq!(plain("\t Кресло\r\nмягкое "), "Кресло мягкое");
    }

    #[test]
    fn a_long_text_is_cut_and_the_cut_recorded() {
        let mut cuts = Vec::new();
        let name = capped("слово ".repeat(100), 20, "name", None, &mut cuts);
        assert!(name.chars().count() <= 20 && name.ends_with('…'), "{name}");
        assert_eq!(cuts, [("name", 600, 20)]);
        let kept = capped("коротко".into(), 20, "name", None, &mut cuts);
        assert_eq!((kept.as_str(), cuts.len()), ("коротко", 1));
        capped("x".repeat(30), 20, "description", Some(200 << 20), &mut cuts);
        assert_eq!(cuts[1], ("description", 200 << 20, 20));
    }
}
