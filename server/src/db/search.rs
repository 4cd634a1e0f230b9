//! What the search index reads from the catalogue (issue 4).

use super::facets::Subset;
use super::{Db, FIELD_SEPARATOR, RECORD_SEPARATOR, Tx};
use std::collections::HashMap;

/// Longest description text indexed per offer, in characters (the description weighs little in ranking).
const MAX_DESCRIPTION_CHARS: usize = 2000;

/// Most bytes of parameter text (names and values of all its parameters) indexed per offer.
const MAX_PARAMS_BYTES: usize = 16 * 1024;

/// Most characters of HTML description read per offer: what [`MAX_DESCRIPTION_CHARS`] of text can need.
const MAX_DESCRIPTION_HTML_CHARS: usize = 10 * MAX_DESCRIPTION_CHARS;

/// One offer as the search index needs it (`search::SearchIndex::build`).
#[derive(Debug, Clone, Default)]
pub struct SearchDoc {
    /// The feed's offer id.
    pub id: String,
    pub name: String,
    pub vendor: Option<String>,
    /// `vendorCode`: matched exactly (whole word) and boosted.
    pub sku: Option<String>,
    /// The other variants' `vendorCode`s, when the document is a product of several (issue 35): matched as `sku`.
    pub other_skus: Vec<String>,
    /// The product it is a variant of (YML `group_id`).
    pub group_id: Option<String>,
    /// Param values (and names), joined.
    pub params: String,
    /// Plain text of the description.
    pub description: String,
    /// The offer's own section (`categoryId`), if any.
    pub section_id: Option<String>,
    /// Ids from the top section down to the offer's own section: `section=ID` filters on any of them.
    pub section_path: Vec<String>,
    /// Names of the sections on that path.
    pub section_names: Vec<String>,
    pub available: bool,
    /// What the offer's card in a search answer shows beyond the above (`search::cards`); `None` where a test
    /// builds documents by hand. A product's card is its leader's (`search::products`).
    pub card: Option<Box<CardFacts>>,
}

/// What a search answer's card of an offer shows beyond its [`SearchDoc`] (`search::cards`, issue 39): read with the
/// documents, so an answer reads nothing from the database but its pictures' state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardFacts {
    /// The offer's `section_id` as stored (an inactive section's too, as the product page reads it).
    pub section_id: Option<String>,
    pub slug: String,
    /// The slug of its section, for its URL.
    pub section_slug: Option<String>,
    /// Minor units of `currency_id`.
    pub price_minor: i64,
    pub old_price_minor: Option<i64>,
    pub currency_id: String,
    /// The offer's own stock (a product's document is in stock when any variant is; its leader's card tells its own).
    pub available: bool,
    /// `(name, value, unit)` in the feed's order.
    pub params: Vec<(String, String, Option<String>)>,
    /// `pictures.id` of each picture the offer names, in its order (at most
    /// [`OFFER_PICTURES_MAX`](crate::limits::OFFER_PICTURES_MAX)): the first of them that is ready is the card's.
    pub pictures: Vec<i64>,
}

/// Every active offer as a [`SearchDoc`], in the shop's order. Three reads in one transaction:
/// `SELECT id, parent_id, name FROM sections WHERE active = 1`,
/// `SELECT id, name, vendor, vendor_code, description, section_id, available FROM offers WHERE active = 1
/// ORDER BY position, id` (each text cut to its import limit, the description to what the index takes), and `SELECT
/// offer_id, name, value, unit FROM offer_params … ORDER BY offer_id, position`.
pub async fn load_docs(db: &Db) -> sqlx::Result<Vec<SearchDoc>> {
    let mut tx = db.begin_snapshot().await?;
    let params = super::facets::active_params_in(&mut tx, Subset::All).await?;
    let sections = sections_in(&mut tx).await?;
    let docs = docs_in(&mut tx, &params, &sections, Subset::All).await?;
    tx.commit().await?;
    Ok(docs)
}

/// An active section as the indexes read it: id, parent, name.
pub type SectionRow = (String, Option<String>, String);

/// `SELECT id, parent_id, name FROM sections WHERE active = TRUE`, sorted by id (an update compares the tree its
/// index was built from with today's, `search::update`).
async fn sections_in(tx: &mut Tx) -> sqlx::Result<Vec<SectionRow>> {
    let mut rows: Vec<SectionRow> = on_tx!(tx, tx => sqlx::query_as(
        "SELECT id, parent_id, name FROM sections WHERE active = TRUE",
    )
    .fetch_all(&mut *tx)
    .await)?;
    rows.sort_unstable();
    Ok(rows)
}

/// What the search and facet indexes are built from ([`snapshot`]).
#[derive(Debug, Default)]
pub struct Snapshot {
    pub docs: Vec<SearchDoc>,
    pub offers: Vec<crate::facets::FacetOffer>,
    /// Every active section, sorted by id.
    pub sections: Vec<SectionRow>,
}

/// `SELECT finished_at FROM imports WHERE id = ?`: when import `id` ended, as logged (`None`: no such import, as for
/// id 0 before the first). The kept search index names it, so an index kept for another database is not shown.
pub async fn import_finished_at(db: &Db, id: i64) -> anyhow::Result<Option<String>> {
    Ok(on_pool!(db, pool => sqlx::query_scalar("SELECT finished_at FROM imports WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)?)
}

/// What the search and facet indexes are built from (issue 35), read in one transaction so that both see the same
/// catalogue, in the same order: the search index's ordinals are the facet index's dense ids.
pub async fn snapshot(db: &Db) -> sqlx::Result<Snapshot> {
    let mut tx = db.begin_snapshot().await?;
    // The parameters once for both: the largest read of a build.
    let params = super::facets::active_params_in(&mut tx, Subset::All).await?;
    let sections = sections_in(&mut tx).await?;
    let docs = docs_in(&mut tx, &params, &sections, Subset::All).await?;
    let offers = super::facets::offers_in(&mut tx, params, Subset::All).await?;
    tx.commit().await?;
    Ok(Snapshot { docs, offers, sections })
}

/// An active offer's place in the catalogue: what an index update reads of every offer (`search::update`).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OfferPlace {
    pub id: String,
    pub group_id: Option<String>,
    pub available: bool,
}

/// The places [`snapshot_update`] reads packed: `id US group US 1|0`, records separated by RS (no group: empty).
/// `None` when a record is not three fields: an id or a group holding a separator (a character reference such as
/// `&#31;` in the feed), which the caller cannot read back (it builds the indexes anew instead).
fn unpack_places(packed: &str) -> Option<Vec<OfferPlace>> {
    super::unpack_records(packed)?
        .into_iter()
        .map(|[id, group, available]| {
            if !matches!(available, "0" | "1") {
                return None;
            }
            Some(OfferPlace {
                id: id.to_owned(),
                group_id: (!group.is_empty()).then(|| group.to_owned()),
                available: available == "1",
            })
        })
        .collect()
}

/// What an index update reads (`search::update`), in one transaction.
#[derive(Debug, Default)]
pub struct UpdateRead {
    /// Every active offer, in the shop's order (`position`, then id).
    pub places: Vec<OfferPlace>,
    /// Every active section, sorted by id.
    pub sections: Vec<SectionRow>,
    /// The offers `pick` chose, as [`snapshot`] reads them, in the shop's order.
    pub docs: Vec<SearchDoc>,
    pub offers: Vec<crate::facets::FacetOffer>,
}

/// Reads every active offer's place and every section, hands the places to `pick`, and reads in full the offers it
/// names (`None` from `pick`: nothing more is read, and `None` is answered). One transaction, so the places and the
/// offers read agree: `SELECT string_agg(id, group_id, available … ORDER BY position, id) FROM offers WHERE active =
/// TRUE` (one packed row); `SELECT
/// id, parent_id, name FROM sections WHERE active = TRUE`; the ids into a temporary table `index_subset`, in
/// statements of 500; then [`snapshot`]'s reads, of those offers only.
pub async fn snapshot_update(
    db: &Db,
    pick: impl FnOnce(&[OfferPlace], &[SectionRow]) -> Option<Vec<String>>,
) -> sqlx::Result<Option<UpdateRead>> {
    let mut tx = db.begin_snapshot().await?;
    // One row, packed by the database (as `db::facets::active_params_in` packs parameters): a row costs sqlx's SQLite
    // driver some microseconds, and this read is of every offer (4.6 s at a million offers as rows).
    let packed: Option<String> = on_tx!(tx, tx => sqlx::query_scalar(
        "SELECT string_agg(id || $1 || coalesce(group_id, '') || $1 || CASE WHEN available THEN '1' ELSE '0' END, $2 \
         ORDER BY position, id) FROM offers WHERE active = TRUE",
    )
    .bind(FIELD_SEPARATOR.to_string())
    .bind(RECORD_SEPARATOR.to_string())
    .fetch_one(&mut *tx)
    .await)?;
    let Some(places) = unpack_places(packed.as_deref().unwrap_or_default()) else { return Ok(None) };
    let sections = sections_in(&mut tx).await?;
    let Some(ids) = pick(&places, &sections) else { return Ok(None) };
    on_tx!(tx, tx => sqlx::query("DROP TABLE IF EXISTS index_subset").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query("CREATE TEMPORARY TABLE index_subset (id TEXT PRIMARY KEY)")
        .execute(&mut *tx)
        .await
        .map(|r| r.rows_affected()))?;
    for chunk in ids.chunks(500) {
        on_tx!(tx, tx => {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO index_subset (id) ");
            q.push_values(chunk, |mut row, id| {
                row.push_bind(id.clone());
            });
            q.push(" ON CONFLICT DO NOTHING");
            q.build().execute(&mut *tx).await.map(|r| r.rows_affected())
        })?;
    }
    let params = super::facets::active_params_in(&mut tx, Subset::Listed).await?;
    let docs = docs_in(&mut tx, &params, &sections, Subset::Listed).await?;
    let offers = super::facets::offers_in(&mut tx, params, Subset::Listed).await?;
    on_tx!(tx, tx => sqlx::query("DROP TABLE index_subset").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(Some(UpdateRead { places, sections, docs, offers }))
}

/// [`load_docs`] inside the transaction `tx`, with the parameters `params` read (`db::facets::active_params_in`).
async fn docs_in(
    tx: &mut Tx,
    params: &super::facets::OfferParams,
    sections: &[SectionRow],
    subset: Subset,
) -> sqlx::Result<Vec<SearchDoc>> {
    let sections: HashMap<&str, (Option<&String>, &String)> =
        sections.iter().map(|(id, parent, name)| (id.as_str(), (parent.as_ref(), name))).collect();
    // An offer's parameters as one text, bounded per offer (issue 20): what one offer can cost the index does not
    // grow with the feed.
    let params_text = |id: &str| {
        let mut text = String::new();
        for (name, value, _) in params.get(id).into_iter().flatten() {
            if text.len() >= MAX_PARAMS_BYTES {
                break;
            }
            text.push_str(name);
            text.push(' ');
            text.push_str(value);
            text.push(' ');
        }
        text
    };
    let mut pictures = pictures_in(tx, subset).await?;
    let offers: Vec<DocRow> = on_tx!(tx, tx => sqlx::query_as(subset.sql(
        "SELECT o.id, substr(o.name, 1, $1) AS name, substr(o.vendor, 1, $2) AS vendor,
                substr(o.vendor_code, 1, $2) AS sku, substr(o.description, 1, $3) AS description, o.section_id,
                o.available, o.group_id, o.slug, s.slug AS section_slug, o.price_minor, o.old_price_minor, o.currency_id
             FROM offers o LEFT JOIN sections s ON s.id = o.section_id
             WHERE o.active = TRUE{} ORDER BY o.position, o.id",
        "o.id",
    ))
    .bind(crate::limits::OFFER_NAME_MAX_CHARS as i32)
    .bind(crate::limits::FEED_SHORT_TEXT_MAX_CHARS as i32)
    .bind(MAX_DESCRIPTION_HTML_CHARS as i32)
    .fetch_all(&mut *tx)
    .await)?;
    Ok(offers
        .into_iter()
        .map(|row| {
            let DocRow { id, name, vendor, sku, description, section_id: stored_section, available, group_id, .. } =
                row;
            let card = CardFacts {
                section_id: stored_section.clone(),
                slug: row.slug,
                section_slug: row.section_slug,
                price_minor: row.price_minor,
                old_price_minor: row.old_price_minor,
                currency_id: row.currency_id,
                available,
                params: params.get(&id).cloned().unwrap_or_default(),
                pictures: pictures.remove(&id).unwrap_or_default(),
            };
            let section_id = stored_section.filter(|s| sections.contains_key(s.as_str()));
            let mut path: Vec<String> = Vec::new();
            let mut at = section_id.clone();
            // Walk up to the top; the depth guard stops a parent cycle a broken feed might hold.
            while let Some(id) = at.take().filter(|_| path.len() < 64) {
                let Some((parent, _)) = sections.get(id.as_str()) else { break };
                at = parent.cloned();
                path.push(id);
            }
            path.reverse();
            let section_names =
                path.iter().filter_map(|id| sections.get(id.as_str()).map(|(_, name)| (*name).clone())).collect();
            SearchDoc {
                params: params_text(&id),
                description: description
                    .map(|html| crate::domain::text::plain_text(&html, MAX_DESCRIPTION_CHARS))
                    .unwrap_or_default(),
                id,
                name,
                vendor,
                sku,
                section_id,
                section_path: path,
                section_names,
                available,
                group_id,
                other_skus: Vec::new(),
                card: Some(Box::new(card)),
            }
        })
        .collect())
}

/// The columns [`docs_in`] reads of an offer.
#[derive(sqlx::FromRow)]
struct DocRow {
    id: String,
    name: String,
    vendor: Option<String>,
    sku: Option<String>,
    description: Option<String>,
    section_id: Option<String>,
    available: bool,
    group_id: Option<String>,
    slug: String,
    section_slug: Option<String>,
    price_minor: i64,
    old_price_minor: Option<i64>,
    currency_id: String,
}

/// The pictures (`pictures.id`) each active offer names, in its order, inside `tx`: one row per offer, the ids packed
/// by the database as [`db::facets::active_params_in`](super::facets) packs parameters. SQL: `SELECT op.offer_id,
/// string_agg(CAST(p.id AS TEXT), ',' ORDER BY op.position) FROM offer_pictures op JOIN pictures p ON p.url = op.url
/// JOIN offers o … GROUP BY op.offer_id`.
async fn pictures_in(tx: &mut Tx, subset: Subset) -> sqlx::Result<HashMap<String, Vec<i64>>> {
    let packed: Vec<(String, String)> = on_tx!(tx, tx => sqlx::query_as(subset.sql(
        "SELECT op.offer_id, string_agg(CAST(p.id AS TEXT), ',' ORDER BY op.position) \
         FROM offer_pictures op JOIN pictures p ON p.url = op.url JOIN offers o ON o.id = op.offer_id \
         WHERE o.active = TRUE{} GROUP BY op.offer_id",
        "o.id",
    ))
    .fetch_all(&mut *tx)
    .await)?;
    Ok(packed
        .into_iter()
        .map(|(offer, ids)| {
            let ids = ids.split(',').filter_map(|id| id.parse().ok()).take(crate::limits::OFFER_PICTURES_MAX).collect();
            (offer, ids)
        })
        .collect())
}

/// The shop's synonym rules as `vitrina synonyms import` stored them, or `None` for the rules the binary ships
/// (`SELECT rules FROM search_synonyms`; migration `20261126030000_search_synonyms.sql`).
pub async fn synonym_rules(db: &Db) -> sqlx::Result<Option<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT rules FROM search_synonyms WHERE id = 1").fetch_one(pool).await)
}

/// Stores the shop's synonym rules (`None`: back to the binary's), moving their version:
/// `UPDATE search_synonyms SET rules = ?, version = version + 1`.
pub async fn set_synonym_rules(db: &Db, rules: Option<&str>) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("UPDATE search_synonyms SET rules = $1, version = version + 1 WHERE id = 1")
        .bind(rules)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_places_read_back_with_their_groups_and_stock() {
        let packed = "a\u{1f}\u{1f}1\u{1e}b 1\u{1f}tee\u{1f}0\u{1e}c\u{1f}tee\u{1f}1";
        let place = |id: &str, group: Option<&str>, available| OfferPlace {
            id: id.into(),
            group_id: group.map(Into::into),
            available,
        };
        assert_eq!(
            unpack_places(packed).unwrap(),
            [place("a", None, true), place("b 1", Some("tee"), false), place("c", Some("tee"), true)]
        );
        assert_eq!(unpack_places(""), Some(Vec::new()), "no active offer: string_agg gives NULL, read as empty");
        assert_eq!(unpack_places("a\u{1f}b\u{1f}\u{1f}1"), None, "an id holding a separator is not misread");
        assert_eq!(unpack_places("\u{1e}a\u{1f}\u{1f}1"), None, "nor one led by the record separator");
    }
}
