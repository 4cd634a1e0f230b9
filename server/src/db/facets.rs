//! What the facet index (`crate::facets`, issue 35) is built from: every active offer with its section's ancestry,
//! vendor, stock, price and parameters; and the plain SQL `GROUP BY` count (Bitrix's way) the index is checked and
//! measured against.

use crate::facets::FacetOffer;
use sqlx::SqlitePool;
use std::collections::HashMap;

/// `id, section_id, vendor, available, price_minor` of an offer.
type OfferRow = (String, Option<String>, Option<String>, bool, i64);

/// Every active offer in the feed's order, as the facet index reads it: its section and that section's ancestors
/// (a parent met twice ends the walk: a feed may loop), and its parameters in their order.
/// SQL: `SELECT … FROM offers WHERE active = 1`, `SELECT … FROM offer_params JOIN offers`, `SELECT id, parent_id FROM
/// sections WHERE active = 1`.
pub async fn offers(pool: &SqlitePool) -> sqlx::Result<Vec<FacetOffer>> {
    let parents: HashMap<String, Option<String>> =
        sqlx::query_as::<_, (String, Option<String>)>("SELECT id, parent_id FROM sections WHERE active = 1")
            .fetch_all(pool)
            .await?
            .into_iter()
            .collect();
    let ancestry = |section: &str| {
        let mut chain = vec![section.to_owned()];
        let mut at = section;
        while let Some(Some(parent)) = parents.get(at) {
            if chain.contains(parent) {
                break;
            }
            chain.push(parent.clone());
            at = parent;
        }
        chain
    };
    let rows: Vec<OfferRow> = sqlx::query_as(
        "SELECT id, section_id, vendor, available, price_minor FROM offers WHERE active = 1 ORDER BY position, id",
    )
    .fetch_all(pool)
    .await?;
    let mut params: HashMap<String, Vec<(String, String, Option<String>)>> = HashMap::new();
    let param_rows: Vec<(String, String, String, Option<String>)> = sqlx::query_as(
        "SELECT p.offer_id, p.name, p.value, p.unit FROM offer_params p JOIN offers o ON o.id = p.offer_id \
         WHERE o.active = 1 ORDER BY p.offer_id, p.position",
    )
    .fetch_all(pool)
    .await?;
    for (offer, name, value, unit) in param_rows {
        params.entry(offer).or_default().push((name, value, unit));
    }
    Ok(rows
        .into_iter()
        .map(|(id, section, vendor, available, price_minor)| FacetOffer {
            sections: section.as_deref().map(ancestry).unwrap_or_default(),
            params: params.remove(&id).unwrap_or_default(),
            id,
            vendor,
            available,
            price_minor,
        })
        .collect())
}
