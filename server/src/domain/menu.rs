//! Site menus (issue 3): a tree of `{title, url, children}`, its validation rules, and the menu Vitrina builds
//! from the catalogue when the shop owner has not loaded their own.

use crate::limits::{MAX_MENU_DEPTH, MAX_MENU_ITEMS, MAX_MENU_TITLE_CHARS, MAX_MENU_URL_CHARS};
use serde::{Deserialize, Serialize};

/// The code of the horizontal menu in the top panel (`GET /api/menus/top`).
pub const TOP_MENU: &str = "top";

/// One menu entry as a shop owner writes it (`vitrina menu import`): a title, where it leads, and sub-items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuEntry {
    /// Shown text, 1..=100 characters after trimming.
    pub title: String,
    /// A site path (`/catalog/`, `/catalog/?sort=new`) or an absolute `http(s)://` link.
    pub url: String,
    /// Sub-items, in order; empty for a leaf.
    #[serde(default)]
    pub children: Vec<MenuEntry>,
    /// Ignored on import: an answer of `GET /api/menus/top` saved to a file imports back unchanged.
    #[serde(default, skip_serializing)]
    pub id: Option<serde_json::Value>,
}

impl MenuEntry {
    /// A leaf or a branch with `children`.
    pub fn new(title: impl Into<String>, url: impl Into<String>, children: Vec<MenuEntry>) -> Self {
        Self { title: title.into(), url: url.into(), children, id: None }
    }
}

/// One thing wrong with a menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuProblem {
    /// Where: `items[2].children[0].url`.
    pub path: String,
    /// A message code: `MENU_TITLE_EMPTY`, `MENU_URL_INVALID`, …
    pub code: &'static str,
    /// An English explanation.
    pub detail: String,
}

/// Reads a menu file (`vitrina menu import`): either a JSON list of entries or an answer of `GET /api/menus/top`
/// (`{"items": [...]}`, ids ignored). Errors name the JSON problem with its line and column.
pub fn parse_menu_file(text: &str) -> Result<Vec<MenuEntry>, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let items = match value {
        serde_json::Value::Array(_) => value,
        serde_json::Value::Object(mut object) => object
            .remove("items")
            .ok_or("expected a list of {\"title\", \"url\", \"children\"} items or {\"items\": [...]}")?,
        _ => return Err("expected a list of {\"title\", \"url\", \"children\"} items or {\"items\": [...]}".into()),
    };
    serde_json::from_value(items).map_err(|e| e.to_string())
}

impl std::fmt::Display for MenuProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.path, self.detail, self.code)
    }
}

/// Checks a whole menu and returns every problem (empty when it is fine), titles and URLs trimmed in place:
/// - `MENU_TITLE_EMPTY` / `MENU_TITLE_TOO_LONG`: the title is blank or longer than [`MAX_MENU_TITLE_CHARS`];
/// - `MENU_URL_INVALID`: the URL is not a site path (`/…`, not `//…`) nor an `http(s)://` link, holds spaces or
///   control characters, or is longer than [`MAX_MENU_URL_CHARS`];
/// - `MENU_TOO_DEEP`: nesting beyond [`MAX_MENU_DEPTH`] levels; `MENU_TOO_MANY_ITEMS`: more than [`MAX_MENU_ITEMS`].
pub fn validate(items: &mut [MenuEntry]) -> Vec<MenuProblem> {
    let mut problems = Vec::new();
    let mut count = 0;
    validate_level(items, "items", 1, &mut count, &mut problems);
    if count > MAX_MENU_ITEMS {
        problems.push(MenuProblem {
            path: "items".into(),
            code: "MENU_TOO_MANY_ITEMS",
            detail: format!("{count} items; a menu holds at most {MAX_MENU_ITEMS}"),
        });
    }
    problems
}

fn validate_level(items: &mut [MenuEntry], at: &str, depth: usize, count: &mut usize, out: &mut Vec<MenuProblem>) {
    for (index, item) in items.iter_mut().enumerate() {
        *count += 1;
        let path = format!("{at}[{index}]");
        item.title = item.title.trim().to_owned();
        item.url = item.url.trim().to_owned();
        let title_chars = item.title.chars().count();
        if title_chars == 0 {
            out.push(problem(&path, "title", "MENU_TITLE_EMPTY", "the title is empty".into()));
        } else if title_chars > MAX_MENU_TITLE_CHARS {
            out.push(problem(
                &path,
                "title",
                "MENU_TITLE_TOO_LONG",
                format!("{title_chars} characters; at most {MAX_MENU_TITLE_CHARS}"),
            ));
        }
        if let Err(detail) = check_url(&item.url) {
            out.push(problem(&path, "url", "MENU_URL_INVALID", detail));
        }
        if depth > MAX_MENU_DEPTH {
            out.push(problem(&path, "children", "MENU_TOO_DEEP", format!("deeper than {MAX_MENU_DEPTH} levels")));
            continue;
        }
        let children_at = format!("{path}.children");
        validate_level(&mut item.children, &children_at, depth + 1, count, out);
    }
}

fn problem(path: &str, field: &str, code: &'static str, detail: String) -> MenuProblem {
    MenuProblem { path: format!("{path}.{field}"), code, detail }
}

/// A menu URL is a site path or an absolute web link, without whitespace or control characters.
fn check_url(url: &str) -> Result<(), String> {
    if url.is_empty() {
        return Err("the URL is empty".into());
    }
    if url.chars().count() > MAX_MENU_URL_CHARS {
        return Err(format!("longer than {MAX_MENU_URL_CHARS} characters"));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("{url:?} holds spaces or control characters"));
    }
    let site_path = super::links::is_site_path(url);
    let lower = url.to_ascii_lowercase();
    let web_link = ["http://", "https://"].iter().any(|scheme| lower.starts_with(scheme) && url.len() > scheme.len());
    if site_path || web_link {
        Ok(())
    } else {
        Err(format!("{url:?} is neither a site path starting with / nor an http(s):// link"))
    }
}

/// A section as the generated menu needs it, in catalogue order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuSection {
    /// The feed's category id.
    pub id: String,
    /// The parent's id; `None` (or an id that is not an active section) for a top section.
    pub parent_id: Option<String>,
    /// Shown as the item's title.
    pub name: String,
    /// Storefront path, `/catalog/{slug}/`.
    pub path: String,
}

/// The top menu Vitrina builds from the catalogue (docs/decisions.md "Menus"): "Каталог" (`/catalog/`) with the
/// whole section tree under it (so at least three levels when sections nest), "Скидки" and "Новинки" (the
/// catalogue sorted by discount and by arrival), then each top-level section with its subsections, in catalogue
/// order. Sections below [`MAX_MENU_DEPTH`] are left out, and the items are capped at [`MAX_MENU_ITEMS`].
pub fn generate_top_menu(sections: &[MenuSection]) -> Vec<MenuEntry> {
    use std::collections::HashMap;
    let mut children: HashMap<Option<&str>, Vec<&MenuSection>> = HashMap::new();
    let known: std::collections::HashSet<&str> = sections.iter().map(|s| s.id.as_str()).collect();
    for section in sections {
        // A parent that is not an active section makes the section a top one, as the section tree does.
        let parent = section.parent_id.as_deref().filter(|p| known.contains(p));
        children.entry(parent).or_default().push(section);
    }
    let mut budget = MAX_MENU_ITEMS;
    fn branch<'a>(
        parent: Option<&'a str>,
        depth: usize,
        children: &HashMap<Option<&'a str>, Vec<&'a MenuSection>>,
        budget: &mut usize,
    ) -> Vec<MenuEntry> {
        let mut out = Vec::new();
        if depth > MAX_MENU_DEPTH {
            return out;
        }
        for section in children.get(&parent).map(Vec::as_slice).unwrap_or_default() {
            if *budget == 0 {
                break;
            }
            *budget -= 1;
            let sub = branch(Some(section.id.as_str()), depth + 1, children, budget);
            out.push(MenuEntry::new(section.name.clone(), section.path.clone(), sub));
        }
        out
    }
    budget = budget.saturating_sub(3);
    let catalogue = branch(None, 2, &children, &mut budget);
    let mut menu = vec![
        MenuEntry::new("Каталог", "/catalog/", catalogue),
        MenuEntry::new("Скидки", "/catalog/?sort=discount", Vec::new()),
        MenuEntry::new("Новинки", "/catalog/?sort=new", Vec::new()),
    ];
    menu.extend(branch(None, 1, &children, &mut budget));
    menu
}

/// Counts the entries of a menu, all levels.
pub fn count(items: &[MenuEntry]) -> usize {
    items.iter().map(|i| 1 + count(&i.children)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(id: &str, parent: Option<&str>, name: &str) -> MenuSection {
        MenuSection {
            id: id.into(),
            parent_id: parent.map(Into::into),
            name: name.into(),
            path: format!("/catalog/s{id}/"),
        }
    }

    #[test]
    fn generated_menu_nests_the_section_tree_under_catalogue_and_repeats_top_sections() {
        let menu = generate_top_menu(&[
            section("1", None, "Конструкторы"),
            section("2", Some("1"), "Магнитные"),
            section("3", None, "Куклы"),
            section("4", Some("99"), "Сирота"),
        ]);
        let titles: Vec<&str> = menu.iter().map(|i| i.title.as_str()).collect();
        assert_eq!(titles, ["Каталог", "Скидки", "Новинки", "Конструкторы", "Куклы", "Сирота"]);
        assert_eq!(menu[0].children[0].children[0].title, "Магнитные");
        assert_eq!(menu[0].children[0].children[0].url, "/catalog/s2/");
        assert_eq!(menu[3].children.len(), 1);
        assert!(validate(&mut menu.clone()).is_empty());
    }

    #[test]
    fn generated_menu_of_an_empty_catalogue_still_has_its_fixed_items() {
        let menu = generate_top_menu(&[]);
        assert_eq!(menu.len(), 3);
        assert!(menu[0].children.is_empty());
    }

    #[test]
    fn generated_menu_stays_within_the_item_cap() {
        let sections: Vec<MenuSection> = (0..2000).map(|i| section(&i.to_string(), None, "S")).collect();
        assert_eq!(count(&generate_top_menu(&sections)), MAX_MENU_ITEMS);
    }

    #[test]
    fn validation_names_each_bad_field_by_its_path() {
        let mut menu = vec![MenuEntry::new(
            "  О магазине ",
            "/about/",
            vec![
                MenuEntry::new("", "/contacts/", vec![]),
                MenuEntry::new("Ссылка", "javascript:alert(1)", vec![]),
                MenuEntry::new("Сеть", "//evil.example/", vec![]),
                MenuEntry::new("Пробел", "/a b/", vec![]),
                MenuEntry::new("Внешняя", "https://example.com/x", vec![]),
            ],
        )];
        let problems = validate(&mut menu);
        let paths: Vec<(&str, &str)> = problems.iter().map(|p| (p.path.as_str(), p.code)).collect();
        assert_eq!(
            paths,
            [
                ("items[0].children[0].title", "MENU_TITLE_EMPTY"),
                ("items[0].children[1].url", "MENU_URL_INVALID"),
                ("items[0].children[2].url", "MENU_URL_INVALID"),
                ("items[0].children[3].url", "MENU_URL_INVALID"),
            ]
        );
        assert_eq!(menu[0].title, "О магазине");
    }

    #[test]
    fn validation_refuses_too_deep_and_too_long() {
        let leaf = MenuEntry::new("5", "/5/", vec![]);
        let deep = MenuEntry::new(
            "1",
            "/1/",
            vec![MenuEntry::new(
                "2",
                "/2/",
                vec![MenuEntry::new("3", "/3/", vec![MenuEntry::new("4", "/4/", vec![leaf])])],
            )],
        );
        let problems = validate(&mut [deep]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].code, "MENU_TOO_DEEP");
        let problems = validate(&mut [MenuEntry::new("я".repeat(MAX_MENU_TITLE_CHARS + 1), "/", vec![])]);
        assert_eq!(problems[0].code, "MENU_TITLE_TOO_LONG");
    }

    #[test]
    fn menu_files_are_a_list_or_an_api_answer_and_errors_say_what_is_wrong() {
        let list = parse_menu_file(r#"[{"title": "a", "url": "/a/"}]"#).unwrap();
        let answer = parse_menu_file(r#"{"items": [{"id": 1, "title": "a", "url": "/a/", "children": []}]}"#).unwrap();
        // Ids are read and dropped: both forms write the same menu.
        assert_eq!(serde_json::to_value(&list).unwrap(), serde_json::to_value(&answer).unwrap());
        let err = parse_menu_file(r#"{"items": [{"title": "a"}]}"#).unwrap_err();
        assert!(err.contains("missing field `url`"), "{err}");
        assert!(parse_menu_file(r#"{"menu": []}"#).unwrap_err().contains("expected a list"));
        assert!(parse_menu_file("[").unwrap_err().starts_with("not JSON"));
    }

    #[test]
    fn an_api_answer_with_ids_parses_back() {
        let json = r#"[{"id": 7, "title": "Каталог", "url": "/catalog/", "children": []}]"#;
        let items: Vec<MenuEntry> = serde_json::from_str(json).unwrap();
        assert_eq!(items[0].title, "Каталог");
        assert!(serde_json::from_str::<Vec<MenuEntry>>(r#"[{"title":"a","url":"/","colour":"red"}]"#).is_err());
    }
}
