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

/// An offer's name cut into its head, what the offer is (its words up to the first of [`HEAD_ENDS`], in any case, or
/// the first `(`), and the rest, which may be empty. A name that starts with one of them, or with `(`, is all head.
pub fn split_name(name: &str) -> (&str, &str) {
    let mut end = name.find('(').unwrap_or(name.len());
    for word in name[..end].split_whitespace() {
        // `word` is a slice of `name`: its offset is where it starts.
        let start = word.as_ptr() as usize - name.as_ptr() as usize;
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        if start > 0 && bare.chars().count() <= 4 && HEAD_ENDS.contains(&bare.to_lowercase().as_str()) {
            end = start;
            break;
        }
    }
    let (head, rest) = name.split_at(end);
    if head.trim().is_empty() { (name, "") } else { (head.trim(), rest.trim()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_ends_at_the_first_complement_or_parenthesis() {
        assert_eq!(split_name("кейс для ларингоскопа").0, "кейс");
        assert_eq!(split_name("чернила inktec (c2010) для canon").0, "чернила inktec");
        assert_eq!(split_name("картридж 727 для hp dj t920").0, "картридж 727");
        assert_eq!(split_name("конструктор с мотором").0, "конструктор");
        assert_eq!(split_name("мяч резиновый").0, "мяч резиновый");
        assert_eq!(split_name("для малышей набор").0, "для малышей набор", "a name that starts with one keeps it");
        assert_eq!(split_name("(уценка) мяч").0, "(уценка) мяч", "nothing before the parenthesis: the whole name");
        assert_eq!(split_name("ковш").0, "ковш", "«ко» inside a word is not a word");
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
