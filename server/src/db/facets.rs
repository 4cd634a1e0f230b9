//! What the facet index (`crate::facets`, issue 35) is built from: every active offer with its section's ancestry,
//! vendor, stock, price and parameters; and the plain SQL `GROUP BY` count (Bitrix's way) the index is checked and
//! measured against.

use super::{Db, Tx};
use crate::facets::FacetOffer;
use std::collections::HashMap;

/// The columns of an offer the index reads.
#[derive(sqlx::FromRow)]
struct OfferRow {
    id: String,
    section_id: Option<String>,
    vendor: Option<String>,
    available: bool,
    price_minor: i64,
    old_price_minor: Option<i64>,
    name_key: String,
    added_import_id: i64,
    currency_id: String,
    group_id: Option<String>,
}

/// Every active offer in the feed's order, as the facet index reads it: its section and that section's ancestors
/// (a parent met twice ends the walk: a feed may loop), and its parameters in their order.
/// SQL: `SELECT … FROM offers WHERE active = 1`, `SELECT … FROM offer_params JOIN offers`, `SELECT id, parent_id FROM
/// sections WHERE active = 1`.
pub async fn offers(db: &Db) -> sqlx::Result<Vec<FacetOffer>> {
    let mut tx = db.begin_snapshot().await?;
    let params = active_params_in(&mut tx, Subset::All).await?;
    let offers = offers_in(&mut tx, params, Subset::All).await?;
    tx.commit().await?;
    Ok(offers)
}

/// Which active offers a read takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Subset {
    All,
    /// Those listed in the transaction's temporary table `index_subset` (`db::search::snapshot_update`).
    Listed,
}

impl Subset {
    /// `sql` with `{}` replaced by the condition on the offers' id column `id` (`o.id`, `id`) this subset adds to its
    /// `WHERE`: fixed text, never built from input.
    pub(crate) fn sql(self, sql: &'static str, id: &'static str) -> sqlx::AssertSqlSafe<String> {
        let condition = match self {
            Subset::All => String::new(),
            Subset::Listed => format!(" AND {id} IN (SELECT id FROM index_subset)"),
        };
        sqlx::AssertSqlSafe(sql.replacen("{}", &condition, 1))
    }
}

/// The parameters of active offers by offer id, each `(name, value, unit)`, in their order.
pub(crate) type OfferParams = HashMap<String, Vec<(String, String, Option<String>)>>;

/// The parameters of every active offer, by offer and in their order, inside `tx`: read once for both indexes
/// (`db::search::snapshot`; issue 39: the catalogue's read was most of a build, and this its largest part).
///
/// One row per offer, its parameters packed by the database (`string_agg … ORDER BY position`, SQLite 3.44+ and
/// PostgreSQL alike) as name, value and unit (`+unit`, or `-` for none), each followed by [`PACK_SEPARATOR`]: a row
/// costs sqlx's SQLite driver some microseconds whatever its size, and an offer has some nine parameters. The
/// separator, a control character XML cannot carry, is replaced by a space inside the texts.
pub(crate) async fn active_params_in(tx: &mut Tx, subset: Subset) -> sqlx::Result<OfferParams> {
    let packed: Vec<(String, String)> = on_tx!(tx, tx => sqlx::query_as(subset.sql(
        "SELECT p.offer_id, string_agg(replace(p.name, $1, ' ') || $1 || replace(p.value, $1, ' ') || $1 || \
                CASE WHEN p.unit IS NULL THEN '-' ELSE '+' || replace(p.unit, $1, ' ') END || $1, '' \
                ORDER BY p.position) \
         FROM offer_params p JOIN offers o ON o.id = p.offer_id WHERE o.active = TRUE{} GROUP BY p.offer_id",
        "o.id",
    ))
    .bind(PACK_SEPARATOR.to_string())
    .fetch_all(&mut *tx)
    .await)?;
    let mut offers = OfferParams::with_capacity(packed.len());
    for (offer, packed) in packed {
        let mut fields = packed.split(PACK_SEPARATOR);
        let mut params = Vec::new();
        while let (Some(name), Some(value), Some(unit)) = (fields.next(), fields.next(), fields.next()) {
            params.push((name.to_owned(), value.to_owned(), unit.strip_prefix('+').map(str::to_owned)));
        }
        offers.insert(offer, params);
    }
    Ok(offers)
}

/// Ends each packed field of [`active_params_in`].
const PACK_SEPARATOR: char = super::FIELD_SEPARATOR;

/// [`offers`] inside the transaction `tx`, with the parameters [`active_params_in`] read (`db::search::snapshot`
/// reads it with the search index's documents).
pub(crate) async fn offers_in(tx: &mut Tx, mut params: OfferParams, subset: Subset) -> sqlx::Result<Vec<FacetOffer>> {
    let parents: HashMap<String, Option<String>> = on_tx!(tx, tx => {
        sqlx::query_as::<_, (String, Option<String>)>("SELECT id, parent_id FROM sections WHERE active = TRUE")
            .fetch_all(&mut *tx)
            .await
    })?
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
    let rows: Vec<OfferRow> = on_tx!(tx, tx => sqlx::query_as(subset.sql(
        "SELECT id, section_id, vendor, available, price_minor, old_price_minor, name_key, added_import_id, currency_id, \
         group_id FROM offers WHERE active = TRUE{} ORDER BY position, id",
        "id",
    ))
    .fetch_all(&mut *tx)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|row| FacetOffer {
            sections: row.section_id.as_deref().map(ancestry).unwrap_or_default(),
            params: params.remove(&row.id).unwrap_or_default(),
            id: row.id,
            vendor: row.vendor,
            available: row.available,
            price_minor: row.price_minor,
            old_price_minor: row.old_price_minor,
            name_key: row.name_key,
            added_import: row.added_import_id,
            currency_id: row.currency_id,
            group_id: row.group_id,
            price_max_minor: None,
        })
        .collect())
}

/// A facet of [`sql_counts`]: the vendor (`None`) or a parameter by its name as stored.
pub type SqlFacet<'a> = Option<&'a str>;

/// Facet counts the way Bitrix's smart filter gets them (issue 35's baseline, `benches/facets.rs`): a `GROUP BY` over
/// the offers, or the offer-parameter table, of `sections` (all when `None`), with every chosen facet but the counted
/// one applied as an `IN` (the vendor) or an `EXISTS` over `offer_params`. Exact stored spellings only: SQLite's
/// `lower()` knows no Cyrillic. Answers `(value, offers)`.
/// SQL: `SELECT value, COUNT(DISTINCT o.id) FROM offers o [JOIN offer_params p] WHERE … GROUP BY 1`.
pub async fn sql_counts(
    db: &Db,
    sections: Option<&[String]>,
    chosen: &[(SqlFacet<'_>, Vec<String>)],
    facet: SqlFacet<'_>,
) -> sqlx::Result<Vec<(String, i64)>> {
    on_pool!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(match facet {
            None => "SELECT o.vendor, COUNT(*) FROM offers o WHERE o.active = TRUE AND o.vendor IS NOT NULL",
            Some(_) => {
                "SELECT p.value, COUNT(DISTINCT o.id) FROM offers o JOIN offer_params p ON p.offer_id = o.id \
                        WHERE o.active = TRUE"
            }
        });
        if let Some(name) = facet {
            query.push(" AND p.name = ").push_bind(name.to_owned());
        }
        if let Some(sections) = sections {
            query.push(" AND o.section_id IN (");
            let mut list = query.separated(", ");
            for section in sections {
                list.push_bind(section.clone());
            }
            query.push(")");
        }
        for (other, values) in chosen.iter().filter(|(other, _)| *other != facet) {
            match other {
                None => query.push(" AND o.vendor IN ("),
                Some(name) => query
                    .push(" AND EXISTS (SELECT 1 FROM offer_params c WHERE c.offer_id = o.id AND c.name = ")
                    .push_bind(name.to_string())
                    .push(" AND c.value IN ("),
            };
            let mut list = query.separated(", ");
            for value in values {
                list.push_bind(value.clone());
            }
            query.push(if other.is_some() { "))" } else { ")" });
        }
        query.push(" GROUP BY 1");
    query.build_query_as::<(String, i64)>().fetch_all(pool).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_parameters_come_unpacked_in_their_order_with_their_units() {
        let dir = tempfile::tempdir().unwrap();
        let pool = crate::db::connect(&dir.path().join("shop.db")).await.unwrap();
        let feed = r#"<yml_catalog date="2026-01-01 00:00"><shop><name>S</name><currencies><currency id="RUR" rate="1"/></currencies>
            <categories><category id="1">C</category></categories><offers>
            <offer id="a" available="true"><name>A</name><price>10</price><currencyId>RUR</currencyId><categoryId>1</categoryId>
              <param name="Цвет">красный</param><param name="Вес" unit="г">120</param><param name="Пустой"></param></offer>
            <offer id="b" available="true"><name>B</name><price>20</price><currencyId>RUR</currencyId><categoryId>1</categoryId></offer>
            </offers></shop></yml_catalog>"#;
        crate::feeds::import::import_feed(&pool, feed.as_bytes(), "test").await.unwrap();
        // A separator inside a text (no feed can carry one) becomes a space, and the rest stays in place.
        pool.raw_execute("UPDATE offer_params SET value = 'крас' || char(31) || 'ный' WHERE name = 'Цвет'", &[])
            .await
            .unwrap();
        let mut tx = pool.begin().await.unwrap();
        let params = active_params_in(&mut tx, Subset::All).await.unwrap();
        let expected = vec![
            ("Цвет".to_owned(), "крас ный".to_owned(), None),
            ("Вес".to_owned(), "120".to_owned(), Some("г".to_owned())),
        ];
        assert_eq!(params.len(), 1, "b has none: {params:?}");
        assert_eq!(params["a"], expected, "an empty parameter is not imported");
    }
}
