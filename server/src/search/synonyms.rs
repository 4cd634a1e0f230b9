//! Synonyms (issue 23): the shop's rules ("машинка => машина", "ноутбук, лэптоп"), and the Cyrillic spellings of the
//! catalogue's Latin brands ("лего" finds LEGO), generated from the vendors at each index build.
//!
//! A query word with synonyms matches what any of them matches, at the same place in the ranking: the word's clause
//! takes the synonyms' sources too (`plan.rs`).

use super::fold;
use crate::limits::{MAX_SYNONYM_RULES, MAX_SYNONYMS_BYTES};
use std::collections::{BTreeMap, BTreeSet};

/// The rules a new shop starts with (`vitrina synonyms reset` goes back to them).
pub const DEFAULT_RULES: &str = include_str!("synonyms.txt");

/// A line of a rules text that cannot be read, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RuleError {
    pub line: usize,
    pub message: String,
}

/// Words that stand for other words: each key (lower case, `ё` folded) also finds its values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Synonyms {
    map: BTreeMap<String, BTreeSet<String>>,
}

/// One word of a rule: lower case, `ё` folded, one word of letters, digits and `-`.
fn word(raw: &str, line: usize) -> Result<String, RuleError> {
    let word = fold(raw.trim()).to_lowercase();
    let error = |message: &str| Err(RuleError { line, message: message.to_owned() });
    if word.is_empty() {
        return error("an empty word");
    }
    if word.split_whitespace().count() > 1 {
        return error("one word on each side of a rule");
    }
    if !word.chars().all(|c| c.is_alphanumeric() || c == '-') {
        return error("a word is letters, digits and '-'");
    }
    Ok(word)
}

impl Synonyms {
    /// Reads a rules text ([`DEFAULT_RULES`] shows the format). Errors name the first bad line; a text over
    /// [`MAX_SYNONYMS_BYTES`] or with more than [`MAX_SYNONYM_RULES`] rules is refused.
    pub fn parse(text: &str) -> Result<Self, RuleError> {
        if text.len() > MAX_SYNONYMS_BYTES {
            return Err(RuleError { line: 0, message: format!("over {MAX_SYNONYMS_BYTES} bytes") });
        }
        let mut synonyms = Self::default();
        let mut rules = 0;
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            rules += 1;
            if rules > MAX_SYNONYM_RULES {
                return Err(RuleError { line: line_no, message: format!("more than {MAX_SYNONYM_RULES} rules") });
            }
            let words = |side: &str| side.split(',').map(|w| word(w, line_no)).collect::<Result<Vec<_>, _>>();
            if let Some((left, right)) = line.split_once("=>") {
                let (from, to) = (words(left)?, words(right)?);
                for key in &from {
                    synonyms.add(key, to.iter().cloned());
                }
            } else {
                let group = words(line)?;
                if group.len() < 2 {
                    return Err(RuleError { line: line_no, message: "a group needs two words or more".into() });
                }
                for key in &group {
                    synonyms.add(key, group.iter().filter(|w| *w != key).cloned());
                }
            }
        }
        Ok(synonyms)
    }

    fn add(&mut self, key: &str, values: impl IntoIterator<Item = String>) {
        let set = self.map.entry(key.to_owned()).or_default();
        set.extend(values.into_iter().filter(|v| v != key));
    }

    /// What `word` (lower case, `ё` folded) also finds.
    pub fn of(&self, word: &str) -> impl Iterator<Item = &str> {
        self.map.get(word).into_iter().flatten().map(String::as_str)
    }

    /// Each word with synonyms and what it also finds, in word order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, impl Iterator<Item = &str>)> {
        self.map.iter().map(|(key, values)| (key.as_str(), values.iter().map(String::as_str)))
    }

    /// Number of words with synonyms.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no word has synonyms.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Adds the Cyrillic spellings of the Latin words of `vendors` (the brands, [`Brands`]; [`cyrillic_spellings`]),
    /// each finding its brand word, where the shop's rules say nothing of that spelling (the shop's rules win).
    pub fn with_brands<'a>(mut self, vendors: impl IntoIterator<Item = &'a str>) -> Self {
        let mut generated: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for vendor in vendors {
            let vendor = fold(vendor).to_lowercase();
            for latin in vendor.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| w.len() >= 3) {
                if !latin.chars().any(|c| c.is_ascii_alphabetic()) {
                    continue;
                }
                for spelling in cyrillic_spellings(latin) {
                    generated.entry(spelling).or_default().insert(latin.to_owned());
                }
            }
        }
        for (spelling, brands) in generated {
            self.map.entry(spelling).or_insert(brands);
        }
        self
    }

    /// The rules as text, one `word => words` line each (what the generated brand spellings add shows too).
    pub fn to_rules(&self) -> String {
        let mut out = String::new();
        for (key, values) in &self.map {
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            out.push_str(&format!("{key} => {}\n", values.join(", ")));
        }
        out
    }
}

/// Offers whose names must carry a Latin word ("LEGO", "Fischertechnik", "Duplo") for it to be taken for a brand or a
/// product line: feeds without `<vendor>` name the brand in the name.
pub const BRAND_MIN_OFFERS: u32 = 3;

/// The catalogue's brands, gathered offer by offer: every vendor, and the Latin words of names that look like brands
/// in at least [`BRAND_MIN_OFFERS`] offers.
#[derive(Debug, Default, Clone, serde::Serialize, serde::Deserialize)]
pub struct Brands {
    /// Each vendor, with the offers naming it.
    vendors: BTreeMap<String, u32>,
    candidates: BTreeMap<String, u32>,
    /// What each offer added, in the order they were added (the index's ordinals): its vendor (empty for none) and
    /// its candidate words, each followed by [`ADDED_SEPARATOR`]. An index update takes a replaced product's out
    /// ([`Brands::forget`]), so a product changed three times counts once.
    added: Vec<Box<str>>,
}

/// Ends each word of a [`Brands::added`] entry: a control character no name or vendor can carry.
const ADDED_SEPARATOR: char = '\u{1f}';

impl Brands {
    /// Counts one offer's vendor and name: a Latin word of the name of 3 letters in capitals ("LEGO") or of 4 letters
    /// or more ("Fischertechnik", "Duplo") is a candidate. Offers are numbered in the order added, from 0.
    pub fn add(&mut self, vendor: Option<&str>, name: &str) {
        let mut added = String::new();
        if let Some(vendor) = vendor.map(str::trim).filter(|v| !v.is_empty()) {
            *self.vendors.entry(vendor.to_owned()).or_default() += 1;
            added.push_str(vendor);
        }
        added.push(ADDED_SEPARATOR);
        let mut seen = BTreeSet::new();
        for word in name.split(|c: char| !c.is_alphanumeric()) {
            let latin = word.chars().all(|c| c.is_ascii_alphabetic());
            let capitals = word.len() >= 3 && word.chars().all(|c| c.is_ascii_uppercase());
            if latin && (capitals || word.len() >= 4) && seen.insert(word) {
                let word = word.to_lowercase();
                added.push_str(&word);
                added.push(ADDED_SEPARATOR);
                *self.candidates.entry(word).or_default() += 1;
            }
        }
        self.added.push(added.into_boxed_str());
    }

    /// Offers counted so far, forgotten or not: the number the next one added gets.
    pub fn offers(&self) -> usize {
        self.added.len()
    }

    /// Takes offer `n`'s vendor and words out of the counts (once: a second call does nothing).
    pub fn forget(&mut self, n: usize) {
        let Some(added) = self.added.get_mut(n) else { return };
        let taken = std::mem::take(added);
        let mut words = taken.split(ADDED_SEPARATOR);
        let take = |map: &mut BTreeMap<String, u32>, word: &str| {
            if let Some(count) = map.get_mut(word) {
                *count -= 1;
                if *count == 0 {
                    map.remove(word);
                }
            }
        };
        if let Some(vendor) = words.next().filter(|v| !v.is_empty()) {
            take(&mut self.vendors, vendor);
        }
        for word in words.filter(|w| !w.is_empty()) {
            take(&mut self.candidates, word);
        }
    }

    /// The brands: the vendors, then the name words of at least [`BRAND_MIN_OFFERS`] offers.
    pub fn words(&self) -> Vec<&str> {
        let named = self.candidates.iter().filter(|(_, n)| **n >= BRAND_MIN_OFFERS).map(|(w, _)| w.as_str());
        self.vendors.keys().map(String::as_str).chain(named).collect()
    }
}

/// How a Russian shopper spells a Latin brand word in Cyrillic (lower case ASCII in): "lego" → "лего",
/// "fischertechnik" → "фишертехник" and "фишертечник". Rules of English and German spelling as read aloud; at most a
/// few spellings, where a letter is read two ways (`c` as к or ц, `ch` as ч or х, `y` as и or й).
pub fn cyrillic_spellings(latin: &str) -> Vec<String> {
    // Longest first: digraphs and trigraphs before letters.
    const GROUPS: &[(&str, &[&str])] = &[
        ("sch", &["ш"]),
        ("tch", &["ч"]),
        ("sh", &["ш"]),
        ("ch", &["х", "ч"]),
        ("zh", &["ж"]),
        ("kh", &["х"]),
        ("ts", &["ц"]),
        ("tz", &["ц"]),
        ("ph", &["ф"]),
        ("th", &["т"]),
        ("ck", &["к"]),
        ("qu", &["кв"]),
        ("oo", &["у"]),
        ("ee", &["и"]),
        ("ie", &["и", "ие"]),
        ("ea", &["и"]),
        ("ou", &["у"]),
        ("ya", &["я"]),
        ("yu", &["ю"]),
        ("a", &["а"]),
        ("b", &["б"]),
        ("c", &["к"]),
        ("d", &["д"]),
        ("e", &["е"]),
        ("f", &["ф"]),
        ("g", &["г"]),
        ("h", &["х"]),
        ("i", &["и"]),
        ("j", &["дж"]),
        ("k", &["к"]),
        ("l", &["л"]),
        ("m", &["м"]),
        ("n", &["н"]),
        ("o", &["о"]),
        ("p", &["п"]),
        ("q", &["к"]),
        ("r", &["р"]),
        ("s", &["с"]),
        ("t", &["т"]),
        ("u", &["у"]),
        ("v", &["в"]),
        ("w", &["в"]),
        ("x", &["кс"]),
        ("y", &["и", "й"]),
        ("z", &["з"]),
    ];
    /// Spellings kept per word: the first readings of each letter, then the second ones.
    const MAX_SPELLINGS: usize = 4;
    let mut spellings = vec![String::new()];
    let mut rest = latin;
    while !rest.is_empty() {
        let Some((group, readings)) = GROUPS.iter().find(|(g, _)| rest.starts_with(g)) else {
            // A digit or another character: kept as it is.
            let c = rest.chars().next().unwrap_or_default();
            spellings.iter_mut().for_each(|s| s.push(c));
            rest = &rest[c.len_utf8()..];
            continue;
        };
        // `c` before e, i, y reads ц. A word's first `e` reads э too ("epson": эпсон).
        let first = rest.len() == latin.len();
        let readings: &[&str] = match *group {
            "c" if rest[1..].starts_with(['e', 'i', 'y']) => &["ц"],
            "e" if first => &["э", "е"],
            _ => readings,
        };
        let mut next = Vec::new();
        for reading in readings {
            for spelling in &spellings {
                if next.len() < MAX_SPELLINGS {
                    next.push(format!("{spelling}{reading}"));
                }
            }
        }
        spellings = next;
        rest = &rest[group.len()..];
    }
    spellings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rules_read_and_diminutives_find_their_words() {
        let synonyms = Synonyms::parse(DEFAULT_RULES).unwrap();
        assert_eq!(synonyms.of("машинка").collect::<Vec<_>>(), ["машина"]);
        assert_eq!(synonyms.of("машина").count(), 0, "one way only");
        let group: Vec<&str> = synonyms.of("радиоуправляемый").collect();
        assert_eq!(group, ["радиоуправление", "радиоуправлением", "ру"]);
    }

    #[test]
    fn bad_rules_name_their_line() {
        assert_eq!(Synonyms::parse("# c\nмяч => \n").unwrap_err().line, 2);
        assert_eq!(Synonyms::parse("ok, fine\nодно\n").unwrap_err().message, "a group needs two words or more");
        assert!(Synonyms::parse("две слова => мяч").is_err());
        assert!(Synonyms::parse("мяч => <script>").is_err());
        assert!(Synonyms::parse(&"а, б\n".repeat(MAX_SYNONYM_RULES + 1)).is_err());
    }

    #[test]
    fn brands_get_their_cyrillic_spellings_and_the_shops_rules_win() {
        assert_eq!(cyrillic_spellings("lego"), ["лего"]);
        assert!(cyrillic_spellings("fischertechnik").contains(&"фишертехник".to_owned()));
        assert_eq!(cyrillic_spellings("dickie"), ["дики", "дикие"]);
        assert_eq!(cyrillic_spellings("cada"), ["када"]);
        assert_eq!(cyrillic_spellings("zoob"), ["зуб"]);
        assert_eq!(cyrillic_spellings("epson"), ["эпсон", "епсон"]);
        let mut brands = Brands::default();
        for name in ["Конструктор LEGO 31081", "Конструктор LEGO 10864", "Набор LEGO Duplo", "Мяч BIG", "Set big"]
        {
            brands.add(None, name);
        }
        for _ in 0..3 {
            brands.add(Some("3M"), "Fischertechnik Гоночные машинки / Racers");
        }
        assert_eq!(
            brands.words(),
            ["3M", "fischertechnik", "lego", "racers"],
            "BIG and Duplo are in fewer than 3 offers, «Set» is short"
        );
        let synonyms = Synonyms::parse("лего => duplo").unwrap().with_brands(brands.words());
        assert_eq!(synonyms.of("лего").collect::<Vec<_>>(), ["duplo"], "the shop's rule wins");
        assert_eq!(synonyms.of("фишертехник").collect::<Vec<_>>(), ["fischertechnik"]);
        assert_eq!(synonyms.of("3м").count(), 0, "short words and digits are not brands to spell");
    }

    #[test]
    fn a_forgotten_offer_takes_its_vendor_and_words_out_once() {
        let mut brands = Brands::default();
        brands.add(Some("Радуга"), "Набор LEGO Duplo");
        brands.add(None, "Кубики LEGO");
        brands.add(None, "Пазл LEGO");
        assert_eq!(brands.words(), ["Радуга", "lego"]);
        brands.forget(0);
        brands.forget(0);
        assert_eq!(brands.words(), Vec::<&str>::new(), "the vendor gone, lego down to two offers");
        brands.add(None, "Поезд LEGO");
        assert_eq!((brands.words(), brands.offers()), (vec!["lego"], 4));
    }
}
