//! What an import changed, as the tags of `domain::changes` (issue 39): the offers it added, changed or took off,
//! their groups, the listings of their sections and of every section above, the listings whose order moved, and
//! the section tree, the shop's header and the whole catalogue's lists when they changed. The import records them
//! (`db::changes`) and the serving shops forget exactly the rendered pages that read them.

use crate::db::offers::StoredOffer;
use crate::domain::changes::{self, ALL, OFFERS};
use crate::limits::CONTENT_CHANGE_TAGS_MAX;
use std::collections::{HashMap, HashSet};

/// The changes of one running import.
#[derive(Debug, Default)]
pub struct ImportChanges {
    tags: HashSet<String>,
    /// More than [`CONTENT_CHANGE_TAGS_MAX`] tags, or a change of everything: the import records [`ALL`].
    everything: bool,
    /// Every section's parent (`db::sections::parents`), read at the first offer.
    parents: HashMap<String, Option<String>>,
    /// Per section, the stored position of the last offer seen unchanged in it or below it, in the feed's order: an
    /// offer seen before one it used to follow moved the section's order.
    last_seen: HashMap<String, i64>,
    /// Groups of the offers changed: their variants' cards in other listings show the group's prices.
    groups: HashSet<String>,
    /// An offer was added, taken off, or moved to another section or group: the tree's counts may have moved.
    counts_moved: bool,
}

impl ImportChanges {
    /// Knows the section tree: `parents` maps every section to its parent.
    pub fn set_parents(&mut self, parents: HashMap<String, Option<String>>) {
        self.parents = parents;
    }

    /// Everything changed (the demo catalogue replaced, too many offers to name).
    pub fn everything(&mut self) {
        self.everything = true;
        self.tags.clear();
    }

    /// Whether the import changes everything already.
    pub fn is_everything(&self) -> bool {
        self.everything
    }

    fn add(&mut self, tag: String) {
        if self.everything {
            return;
        }
        self.tags.insert(tag);
        if self.tags.len() > CONTENT_CHANGE_TAGS_MAX {
            self.everything();
        }
    }

    /// `section` and every section above it, nearest first (a cycle is cut where it closes).
    fn lineage(&self, section: &str) -> Vec<String> {
        let mut out = vec![section.to_owned()];
        let mut at = self.parents.get(section).cloned().flatten();
        while let Some(parent) = at {
            if out.contains(&parent) || out.len() > self.parents.len() {
                break;
            }
            at = self.parents.get(&parent).cloned().flatten();
            out.push(parent);
        }
        out
    }

    fn listing(&mut self, section: Option<&str>) {
        if let Some(section) = section {
            for id in self.lineage(section) {
                self.add(changes::section(&id));
            }
        }
    }

    /// An offer added, changed or taken off, in `section` and `group` now and as `stored` before.
    pub fn offer(&mut self, id: &str, section: Option<&str>, group: Option<&str>, stored: Option<&StoredOffer>) {
        if self.everything {
            return;
        }
        self.add(OFFERS.to_owned());
        self.add(changes::offer(id));
        self.listing(section);
        let stored_section = stored.and_then(|s| s.section_id.as_deref());
        let stored_group = stored.and_then(|s| s.group_id.as_deref());
        self.counts_moved |= stored.is_none_or(|s| !s.active) || stored_section != section || stored_group != group;
        if stored_section != section {
            self.listing(stored_section);
        }
        for group in [group, stored.and_then(|s| s.group_id.as_deref())].into_iter().flatten() {
            if self.groups.insert(group.to_owned()) {
                self.add(changes::group(group));
            }
        }
    }

    /// An offer seen unchanged, stored at `position` in `section`: when a section (or one above it) saw an offer
    /// stored after this one already, the section's order moved, and so did the whole catalogue's.
    pub fn seen(&mut self, section: Option<&str>, position: i64) {
        if self.everything {
            return;
        }
        let mut moved = Vec::new();
        for key in section.map_or_else(Vec::new, |s| self.lineage(s)).into_iter().chain([String::new()]) {
            let last = self.last_seen.entry(key.clone()).or_insert(i64::MIN);
            if position < *last {
                moved.push(key);
            }
            *last = position;
        }
        for key in moved {
            self.add(if key.is_empty() { OFFERS.to_owned() } else { changes::section(&key) });
        }
    }

    /// Whether the section tree's offer counts may have moved (an offer added, taken off, or moved).
    pub fn counts_moved(&self) -> bool {
        self.counts_moved
    }

    /// The groups of the offers changed, so far.
    pub fn groups(&self) -> Vec<String> {
        self.groups.iter().cloned().collect()
    }

    /// Sections whose listings show a changed group's variants.
    pub fn group_sections(&mut self, sections: Vec<String>) {
        for section in sections {
            self.listing(Some(&section));
        }
    }

    /// `tag` changed (the tree, the header).
    pub fn changed(&mut self, tag: &str) {
        self.add(tag.to_owned());
    }

    /// The tags to record, sorted.
    pub fn into_tags(self) -> Vec<String> {
        if self.everything {
            return vec![ALL.to_owned()];
        }
        let mut tags: Vec<String> = self.tags.into_iter().collect();
        tags.sort();
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> ImportChanges {
        let mut changes = ImportChanges::default();
        let parents = [("toys", None), ("lego", Some("toys")), ("dolls", Some("toys")), ("books", None)];
        changes.set_parents(parents.into_iter().map(|(s, p)| (s.to_owned(), p.map(str::to_owned))).collect());
        changes
    }

    #[test]
    fn a_changed_offer_names_itself_its_group_and_every_listing_above_it() {
        let mut changes = tree();
        let stored = StoredOffer {
            slug: "a".into(),
            content_hash: String::new(),
            active: true,
            seen_import_id: 1,
            position: 3,
            section_id: Some("books".into()),
            group_id: None,
        };
        changes.offer("7", Some("lego"), Some("g1"), Some(&stored));
        assert_eq!(
            changes.into_tags(),
            ["group:g1", "offer:7", "offers", "section:books", "section:lego", "section:toys"]
        );
    }

    #[test]
    fn unchanged_offers_in_their_old_order_name_nothing_and_a_move_names_its_sections() {
        let mut changes = tree();
        for (section, position) in [("lego", 1), ("dolls", 2), ("lego", 3), ("books", 4)] {
            changes.seen(Some(section), position);
        }
        assert!(changes.into_tags().is_empty());
        // The dolls' offer now comes before the first lego one: `toys` moved, and the whole catalogue's order.
        let mut changes = tree();
        for (section, position) in [("dolls", 2), ("lego", 1), ("lego", 3), ("books", 4)] {
            changes.seen(Some(section), position);
        }
        assert_eq!(changes.into_tags(), ["offers", "section:toys"]);
    }

    #[test]
    fn past_the_limit_an_import_names_everything() {
        let mut changes = tree();
        for id in 0..=CONTENT_CHANGE_TAGS_MAX {
            changes.offer(&id.to_string(), None, None, None);
        }
        assert_eq!(changes.into_tags(), [ALL]);
    }
}
