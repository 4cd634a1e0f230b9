//! Text helpers of the shop's own rules, shared by the pages' heads, their preloads and the search index (issue 21: a lower layer must
//! not take them from the web layer).

/// Escapes text for HTML content and attribute values.
pub fn escape_html(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

/// `html` made safe and well-formed by ammonia's default allow-list (feed descriptions): a tag or an attribute left
/// open at its end is dropped, never left to swallow the page's markup after it (issue 34).
pub fn clean_html(html: &str) -> String {
    ammonia::clean(html).trim().to_owned()
}

/// Text of sanitised HTML, whitespace collapsed, cut to at most `max` characters at a word boundary.
pub fn plain_text(html: &str, max: usize) -> String {
    // A space before every tag keeps words of adjacent blocks (`</p><ul><li>`) apart once the tags are gone.
    let text = ammonia::Builder::empty().clean(&html.replace('<', " <")).to_string();
    let text = quick_xml::escape::unescape(&text).map(|t| t.into_owned()).unwrap_or(text);
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for w in words {
        if out.chars().count() + w.chars().count() + 1 > max {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// `text` cut to at most `max` characters (at least 1) ending in "…", at the last space of its final fifth when there
/// is one; `None` when it is no longer than `max` already.
pub fn cut_chars(text: &str, max: usize) -> Option<String> {
    let max = max.max(1);
    let (end, _) = text.char_indices().nth(max)?;
    let keep = text.char_indices().nth(max - 1).map_or(end, |(at, _)| at);
    let head = &text[..keep];
    let word_end = head.rfind(char::is_whitespace).filter(|at| head[..*at].chars().count() >= max * 4 / 5);
    let mut cut = head[..word_end.unwrap_or(keep)].trim_end().to_owned();
    cut.push('…');
    Some(cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_chars_keeps_short_text_and_cuts_long_text_at_a_word() {
        assert_eq!(cut_chars("коротко", 7), None);
        assert_eq!(cut_chars("коротко", 6).as_deref(), Some("корот…"));
        assert_eq!(cut_chars("один два три четыре", 11).as_deref(), Some("один два…"));
        assert_eq!(cut_chars("один два три четыре", 12).as_deref(), Some("один два тр…"));
        assert_eq!(cut_chars("абвгдежзийклмн", 10).as_deref(), Some("абвгдежзи…"));
        assert_eq!(cut_chars("ab", 0).as_deref(), Some("…"));
    }

    #[test]
    fn plain_text_strips_tags_and_cuts_at_a_word() {
        assert_eq!(plain_text("<p>Один &amp; <b>два</b></p>", 100), "Один & два");
        assert_eq!(plain_text("<p>слово слово слово</p>", 12), "слово слово…");
        assert_eq!(plain_text("<p>серии.</p><ul><li>три</li><li>четыре</li></ul>", 100), "серии. три четыре");
    }
}
