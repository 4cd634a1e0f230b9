//! What the search index reads from the catalogue (issue 4).

use super::{Db, Tx};
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
}

/// Every active offer as a [`SearchDoc`], in the shop's order. Three reads in one transaction:
/// `SELECT id, parent_id, name FROM sections WHERE active = 1`,
/// `SELECT id, name, vendor, vendor_code, description, section_id, available FROM offers WHERE active = 1
/// ORDER BY position, id` (each text cut to its import limit, the description to what the index takes), and `SELECT
/// offer_id, name, value, unit FROM offer_params … ORDER BY offer_id, position`.
pub async fn load_docs(db: &Db) -> sqlx::Result<Vec<SearchDoc>> {
    let mut tx = db.begin().await?;
    let params = super::facets::active_params_in(&mut tx).await?;
    let docs = docs_in(&mut tx, &params).await?;
    tx.commit().await?;
    Ok(docs)
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
pub async fn snapshot(db: &Db) -> sqlx::Result<(Vec<SearchDoc>, Vec<crate::facets::FacetOffer>)> {
    let mut tx = db.begin().await?;
    // The parameters once for both: the largest read of a build.
    let params = super::facets::active_params_in(&mut tx).await?;
    let docs = docs_in(&mut tx, &params).await?;
    let offers = super::facets::offers_in(&mut tx, params).await?;
    tx.commit().await?;
    Ok((docs, offers))
}

/// [`load_docs`] inside the transaction `tx`, with the parameters `params` read (`db::facets::active_params_in`).
async fn docs_in(tx: &mut Tx, params: &super::facets::OfferParams) -> sqlx::Result<Vec<SearchDoc>> {
    let sections: Vec<(String, Option<String>, String)> = on_tx!(tx, tx => sqlx::query_as("SELECT id, parent_id, name FROM sections WHERE active = TRUE").fetch_all(&mut *tx).await)?;
    let sections: HashMap<String, (Option<String>, String)> =
        sections.into_iter().map(|(id, parent, name)| (id, (parent, name))).collect();
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
    #[allow(clippy::type_complexity)]
    let offers: Vec<(
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        bool,
        Option<String>,
    )> = on_tx!(tx, tx => sqlx::query_as(
        "SELECT id, substr(name, 1, $1), substr(vendor, 1, $2), substr(vendor_code, 1, $2),
                substr(description, 1, $3), section_id, available, group_id FROM offers
             WHERE active = TRUE ORDER BY position, id",
    )
    .bind(crate::limits::OFFER_NAME_MAX_CHARS as i32)
    .bind(crate::limits::FEED_SHORT_TEXT_MAX_CHARS as i32)
    .bind(MAX_DESCRIPTION_HTML_CHARS as i32)
    .fetch_all(&mut *tx)
    .await)?;
    Ok(offers
        .into_iter()
        .map(|(id, name, vendor, sku, description, section_id, available, group_id)| {
            let section_id = section_id.filter(|s| sections.contains_key(s));
            let mut path = Vec::new();
            let mut at = section_id.clone();
            // Walk up to the top; the depth guard stops a parent cycle a broken feed might hold.
            while let Some(id) = at.take().filter(|_| path.len() < 64) {
                let Some((parent, _)) = sections.get(&id) else { break };
                at = parent.clone();
                path.push(id);
            }
            path.reverse();
            let section_names = path.iter().filter_map(|id| sections.get(id).map(|(_, name)| name.clone())).collect();
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
            }
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
