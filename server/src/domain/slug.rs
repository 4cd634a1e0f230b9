//! Human-readable URL segments: names transliterated to ASCII (deunicode), lower-case, words joined by `-`.
//! "Конструкторы" → `konstruktory`; see docs/decisions.md "URLs".

use crate::limits::MAX_SLUG_CHARS;

/// Turns a name into a URL slug: transliterated, lower-case ASCII letters and digits, single `-` between words,
/// at most [`MAX_SLUG_CHARS`] characters cut at a word boundary. Never empty: a name with no letters or digits
/// gives `"item"`.
pub fn slugify(name: &str) -> String {
    // Russian writes "е" for "ё" in most places, URLs included ("Ёлка" → `elka`, not deunicode's `iolka`);
    // the soft and hard signs are dropped, not made into word breaks ("Строительные" → `stroitelnye`).
    let folded: String = name
        .chars()
        .filter(|c| !matches!(c, 'ь' | 'Ь' | 'ъ' | 'Ъ'))
        .map(|c| match c {
            'ё' => 'е',
            'Ё' => 'Е',
            c => c,
        })
        .collect();
    let ascii = deunicode::deunicode(&folded).to_ascii_lowercase();
    let mut slug = String::with_capacity(ascii.len());
    for word in ascii.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let extra = if slug.is_empty() { word.len() } else { word.len() + 1 };
        if slug.len() + extra > MAX_SLUG_CHARS {
            if slug.is_empty() {
                slug.push_str(&word[..MAX_SLUG_CHARS]);
            }
            break;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(word);
    }
    if slug.is_empty() { "item".to_owned() } else { slug }
}

/// The storefront path of a section: `/catalog/{slug}/`.
pub fn section_path(slug: &str) -> String {
    format!("/catalog/{slug}/")
}

/// The path segment that holds offers without a section (`/catalog/products/{slug}/`); no section may take it
/// (`feeds::import::RESERVED_SECTION_SLUGS`).
pub const UNSECTIONED_SLUG: &str = "products";

/// The storefront path of an offer: `/catalog/{section-slug}/{slug}/`, or `/catalog/products/{slug}/` for an
/// offer without a section (docs/decisions.md "URLs").
pub fn offer_path(section_slug: Option<&str>, slug: &str) -> String {
    format!("/catalog/{}/{slug}/", section_slug.unwrap_or(UNSECTIONED_SLUG))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_names_are_transliterated() {
        assert_eq!(slugify("Конструкторы"), "konstruktory");
        assert_eq!(
            slugify("Fischertechnik Для малышей / Little Starter"),
            "fischertechnik-dlia-malyshei-little-starter"
        );
        assert_eq!(slugify("Ёлочные игрушки"), "elochnye-igrushki");
        assert_eq!(slugify("Строительные наборы, подъёмный кран"), "stroitelnye-nabory-podemnyi-kran");
    }

    #[test]
    fn punctuation_collapses_and_empty_names_get_a_fallback() {
        assert_eq!(slugify("  «Пазл» — 1000 деталей!! "), "pazl-1000-detalei");
        assert_eq!(slugify("!!!"), "item");
    }

    #[test]
    fn long_names_are_cut_at_a_word_boundary() {
        let s = slugify(&"слово ".repeat(40));
        assert!(s.len() <= MAX_SLUG_CHARS);
        assert!(!s.ends_with('-'));
        assert!(s.ends_with("slovo"));
        assert_eq!(slugify(&"a".repeat(200)).len(), MAX_SLUG_CHARS);
    }
}
