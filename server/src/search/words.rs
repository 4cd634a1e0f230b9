//! The shopper's words (issue 23): which need not match (stop words), and which part of an offer's name says what the
//! offer is (its head).

/// Words a shopper's phrase carries that say nothing about the offer: prepositions, conjunctions, particles and
/// "all"-words, Russian and English, lower case, `ё` folded. A query word among them does not have to match
/// ("настольная игра для всей семьи" asks for "настольная игра … семьи"); a query of stop words only is taken as typed.
pub const STOP_WORDS: &[&str] = &[
    "а",
    "без",
    "в",
    "во",
    "вся",
    "все",
    "всей",
    "всего",
    "всех",
    "весь",
    "для",
    "до",
    "же",
    "за",
    "и",
    "из",
    "или",
    "к",
    "ко",
    "ли",
    "на",
    "над",
    "не",
    "но",
    "о",
    "об",
    "от",
    "по",
    "под",
    "при",
    "про",
    "с",
    "со",
    "у",
    "a",
    "an",
    "and",
    "for",
    "of",
    "on",
    "or",
    "the",
    "to",
    "with",
];

/// Words after which an offer's name names what the offer is for or goes with, not what it is: "Кейс **для**
/// ларингоскопа", "Чернила **для** картриджей". The name's head ends at the first of them (or at a parenthesis); a word
/// in the head says what the offer is, and ranks the offer above one whose name has the word after it.
const HEAD_ENDS: &[&str] =
    &["для", "к", "ко", "под", "от", "с", "со", "на", "в", "во", "из", "по", "без", "for", "with"];

/// Whether `word` (lower case, `ё` folded) is one of [`STOP_WORDS`].
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// The head of an offer's name (lower case, `ё` folded): its words up to the first of [`HEAD_ENDS`] or the first `(`,
/// and never empty when the name has a word ("Для …" keeps the whole name).
pub fn name_head(name: &str) -> &str {
    let mut end = name.find('(').unwrap_or(name.len());
    let mut at = 0;
    for word in name[..end].split_whitespace() {
        let start = name[at..].find(word).map_or(at, |i| at + i);
        at = start + word.len();
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        if start > 0 && HEAD_ENDS.contains(&bare) {
            end = start;
            break;
        }
    }
    let head = name[..end].trim();
    if head.is_empty() { name } else { head }
}

/// The name (case kept) cut into its head ([`name_head`]) and the rest, which may be empty.
pub fn split_name(name: &str) -> (&str, &str) {
    let lower = name.to_lowercase();
    let head = name_head(&lower);
    // Lower-casing keeps the byte length of Cyrillic and Latin letters, so the head's length cuts the name too; a
    // name where it does not is kept whole.
    let end = head.len();
    if lower.len() == name.len() && name.is_char_boundary(end) && lower.starts_with(head) {
        (name[..end].trim(), name[end..].trim())
    } else {
        (name, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_ends_at_the_first_complement_or_parenthesis() {
        assert_eq!(name_head("кейс для ларингоскопа"), "кейс");
        assert_eq!(name_head("чернила inktec (c2010) для canon"), "чернила inktec");
        assert_eq!(name_head("картридж 727 для hp dj t920"), "картридж 727");
        assert_eq!(name_head("конструктор с мотором"), "конструктор");
        assert_eq!(name_head("мяч резиновый"), "мяч резиновый");
        assert_eq!(name_head("для малышей набор"), "для малышей набор", "a name that starts with one keeps it");
        assert_eq!(name_head("(уценка) мяч"), "(уценка) мяч", "nothing before the parenthesis: the whole name");
        assert_eq!(name_head("ковш"), "ковш", "«ко» inside a word is not a word");
    }

    #[test]
    fn a_name_splits_into_its_head_and_the_rest() {
        assert_eq!(split_name("Кейс для Ларингоскопа"), ("Кейс", "для Ларингоскопа"));
        assert_eq!(split_name("Мяч"), ("Мяч", ""));
    }

    #[test]
    fn stop_words_are_the_little_words_only() {
        assert!(is_stop_word("для") && is_stop_word("всей") && is_stop_word("на"));
        assert!(!is_stop_word("игра") && !is_stop_word("семьи"));
    }
}
