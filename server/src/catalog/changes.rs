//! What changed in the shop's public content between two content versions (issue 39): the catalogue watcher advances
//! the content generation with it, and the page cache checks a page kept on disk by an earlier process against it.

use crate::db::Db;
use crate::db::shop::ContentVersion;
use crate::domain::changes::{CONTENT, Changed, OFFERS};

/// What changed from `seen` to `now`: the tags the imports between them recorded (`db::changes`),
/// [`CONTENT`] for a menu, a store or a review, the whole catalogue's lists for new synonyms, and everything for
/// pictures shown, for imports too far behind to have kept their tags
/// ([`CONTENT_CHANGES_KEPT_IMPORTS`](crate::limits::CONTENT_CHANGES_KEPT_IMPORTS)), or for a version older than
/// `seen` (another database's). Errors: the database's, reading the tags.
pub async fn between(db: &Db, seen: ContentVersion, now: ContentVersion) -> sqlx::Result<Changed> {
    if seen.pictures != now.pictures
        || now.last_import < seen.last_import
        || now.version < seen.version
        || now.synonyms < seen.synonyms
    {
        return Ok(Changed::All);
    }
    let mut tags = Vec::new();
    if seen.last_import != now.last_import {
        if now.last_import - seen.last_import > crate::limits::CONTENT_CHANGES_KEPT_IMPORTS {
            return Ok(Changed::All);
        }
        tags.extend(crate::db::changes::since(db, seen.last_import, now.last_import).await?);
    }
    if seen.version != now.version {
        tags.push(CONTENT.to_owned());
    }
    if seen.synonyms != now.synonyms {
        tags.push(OFFERS.to_owned());
    }
    Ok(Changed::of(tags))
}
