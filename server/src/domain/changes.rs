//! What changed in the shop's public content, named as tags (issue 39 "each page rendered once per change"): an
//! import records the tags of what it changed (`content_changes` in the database), a rendered page records the tags
//! of what it read (the API answers it was drawn from), and a change forgets exactly the pages whose tags it names.
//! The scheme of Varnish's and Fastly's surrogate keys and of Next.js's `revalidateTag`.
//!
//! | tag | changes when | read by |
//! |---|---|---|
//! | `*` | anything at all (too many tags to name, pictures shown, a gap in the log) | every page |
//! | `shop` | the shop's header from the feed (name, company, URL) | `/api/shop` |
//! | `sections` | the section tree: a section's name, place or slug, or a subtree's offer count | `/api/sections` |
//! | `content` | a menu, a store, a published review (`content_version`) | menus, stores, reviews |
//! | `offers` | any offer added, changed, removed or moved | whole-catalogue lists, collections, search |
//! | `section:{id}` | an offer of the section or its subsections added, changed, removed or moved | its listing |
//! | `offer:{id}` | that offer | its product page (and its variants') |
//! | `group:{id}` | an offer of that product group | the product page of any of its variants |

/// Everything: pages read nothing that this leaves alone.
pub const ALL: &str = "*";
/// The shop's header from the feed (`/api/shop`).
pub const SHOP: &str = "shop";
/// The section tree with its offer counts (`/api/sections`).
pub const SECTIONS: &str = "sections";
/// Menus, stores and published reviews: what `content_version` moves for.
pub const CONTENT: &str = "content";
/// Any offer: what lists across the whole catalogue show (collections, search, `/api/offers`).
pub const OFFERS: &str = "offers";

/// An offer: its product page.
pub fn offer(id: &str) -> String {
    format!("offer:{id}")
}

/// A section's listing: its offers and its subsections'.
pub fn section(id: &str) -> String {
    format!("section:{id}")
}

/// A product group: the pages of its variants.
pub fn group(id: &str) -> String {
    format!("group:{id}")
}

/// What a change names: everything, or the pages carrying one of its tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    All,
    Tags(std::collections::HashSet<String>),
}

impl Changed {
    /// A change naming `tags`; [`ALL`] among them makes it [`Changed::All`].
    pub fn of(tags: impl IntoIterator<Item = String>) -> Self {
        let tags: std::collections::HashSet<String> = tags.into_iter().collect();
        if tags.contains(ALL) { Changed::All } else { Changed::Tags(tags) }
    }

    /// Whether a page that read `tags` shows something this changed.
    pub fn hits<'a>(&self, mut tags: impl Iterator<Item = &'a str>) -> bool {
        match self {
            Changed::All => true,
            Changed::Tags(changed) => tags.any(|tag| changed.contains(tag)),
        }
    }

    /// Whether it names nothing.
    pub fn is_empty(&self) -> bool {
        matches!(self, Changed::Tags(tags) if tags.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_hits_the_pages_that_read_one_of_its_tags() {
        let change = Changed::of([offer("7"), section("12"), OFFERS.to_owned()]);
        assert!(change.hits(["sections", "offer:7"].into_iter()));
        assert!(change.hits(["section:12"].into_iter()));
        assert!(!change.hits(["offer:70", "section:1", "content"].into_iter()));
        assert!(Changed::of([ALL.to_owned(), offer("1")]).hits(std::iter::empty()));
        assert!(Changed::of(Vec::new()).is_empty());
    }
}
