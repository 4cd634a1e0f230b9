//! The `offers`, `offer_pictures` and `offer_params` tables.

use super::{BATCH_ROWS, Db, PREPARED_ROWS, Pool, Tx};
use crate::domain::pictures::Picture;
use sqlx::{Database, Encode, QueryBuilder, Type};
use std::collections::HashMap;

/// One active-or-not offer row joined with its section's slug (for building its URL).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OfferRow {
    pub id: String,
    pub section_id: Option<String>,
    pub section_slug: Option<String>,
    pub slug: String,
    pub name: String,
    pub price_minor: i64,
    pub old_price_minor: Option<i64>,
    pub currency_id: String,
    pub available: bool,
    pub vendor: Option<String>,
    pub vendor_code: Option<String>,
    pub description: Option<String>,
    /// The product it is a variant of (YML `group_id`); `None` for an offer of its own.
    pub group_id: Option<String>,
}

/// A parameter of an offer (`<param name="" unit="">value</param>`).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow, serde::Serialize)]
pub struct ParamRow {
    pub name: String,
    pub value: String,
    pub unit: Option<String>,
}

/// The columns of [`OfferRow`]; a macro so that `concat!` can build `&'static str` queries from it.
macro_rules! select_offer {
    () => {
        "SELECT o.id, o.section_id, s.slug AS section_slug, o.slug, o.name, o.price_minor, \
     o.old_price_minor, o.currency_id, o.available, o.vendor, o.vendor_code, o.description, o.group_id \
     FROM offers o LEFT JOIN sections s ON s.id = o.section_id"
    };
}
const SELECT_OFFER: &str = select_offer!();

pub use crate::domain::listing::OfferSort;

/// The SQL `ORDER BY` of `sort`: fixed text, never built from input.
fn order_by(sort: OfferSort) -> &'static str {
    match sort {
        OfferSort::Feed => "o.position",
        // "Price on request" (0) last: it is no cheapest (as `facets::FacetIndex`'s order).
        OfferSort::PriceAsc => "o.price_minor = 0, o.price_minor, o.position",
        OfferSort::PriceDesc => "o.price_minor DESC, o.position",
        OfferSort::Name => "o.name_key, o.position",
        OfferSort::New => "o.added_import_id DESC, o.position DESC",
        // No old price is no discount: last on both databases (PostgreSQL puts NULL first in a DESC order).
        OfferSort::Discount => {
            "(o.old_price_minor - o.price_minor) * 1000 / o.old_price_minor DESC NULLS LAST, o.position"
        }
    }
}

/// What a listing shows.
#[derive(Debug, Clone)]
pub struct OfferFilter<'a> {
    /// Only offers of this section and all its subsections; `None`: the whole catalogue.
    pub section_id: Option<&'a str>,
    /// Only offers in stock.
    pub available_only: bool,
    /// Only offers with an old price (a discount).
    pub discounted_only: bool,
    pub sort: OfferSort,
}

/// The ids of `section` and all its active subsections, `section` first. UNION (not UNION ALL) also ends a cycle in
/// a broken tree.
async fn subtree(db: &Db, section: &str) -> sqlx::Result<Vec<String>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "WITH RECURSIVE tree (id) AS (SELECT id FROM sections WHERE id = $1 \
         UNION SELECT c.id FROM sections c JOIN tree t ON c.parent_id = t.id WHERE c.active = TRUE) SELECT id FROM tree",
    )
    .bind(section)
    .fetch_all(pool)
    .await)
}

/// The `WHERE` of a listing; `sections`: the section filter's subtree ([`subtree`]), `None` for the whole
/// catalogue. One section is an equality, which the `offers_section_position` index answers in the shop's order;
/// several are an `IN` list.
fn push_filter<DB: Database>(q: &mut QueryBuilder<DB>, f: &OfferFilter<'_>, sections: Option<&[String]>)
where
    String: for<'q> Encode<'q, DB> + Type<DB>,
{
    q.push(" WHERE o.active = TRUE");
    if let Some(sections) = sections {
        match sections {
            [only] => {
                q.push(" AND o.section_id = ").push_bind(only.clone());
            }
            _ => {
                q.push(" AND o.section_id IN (");
                let mut list = q.separated(", ");
                for id in sections {
                    list.push_bind(id.clone());
                }
                q.push(")");
            }
        }
    }
    if f.available_only {
        q.push(" AND o.available = TRUE");
    }
    if f.discounted_only {
        q.push(" AND o.old_price_minor IS NOT NULL");
    }
    q.push(LEADERS_ONLY);
}

/// The condition on an active offer `o` of being its product's leader (issue 35, `search::products`): of its own, or
/// the first active variant of its group in stock in the shop's order (the first, when none is). A listing shows a
/// product once, so.
const LEADERS_ONLY: &str = " AND (o.group_id IS NULL OR NOT EXISTS (SELECT 1 FROM offers g WHERE g.group_id = \
    o.group_id AND g.active = TRUE AND (g.available > o.available OR (g.available = o.available AND \
    (g.position < o.position OR (g.position = o.position AND g.id < o.id))))))";

/// The condition on an active offer `o` of holding its product's canonical page (issue 35, `catalog::variants`): of
/// its own, or the first active variant of its group in the shop's order, in stock or not. The sitemap lists these.
pub(super) const CANONICAL_ONLY: &str = " AND (o.group_id IS NULL OR NOT EXISTS (SELECT 1 FROM offers g WHERE g.group_id = \
    o.group_id AND g.active = TRUE AND (g.position < o.position OR (g.position = o.position AND g.id < o.id))))";

/// One page of offers matching `filter` and the total count: the section's subtree, then
/// `SELECT ... WHERE ... ORDER BY ... LIMIT ? OFFSET ?` plus `SELECT COUNT(*) ...`.
pub async fn page(db: &Db, filter: &OfferFilter<'_>, limit: u32, offset: u64) -> sqlx::Result<(Vec<OfferRow>, i64)> {
    let sections = match filter.section_id {
        Some(section) => Some(subtree(db, section).await?),
        None => None,
    };
    if sections.as_ref().is_some_and(Vec::is_empty) {
        return Ok((Vec::new(), 0));
    }
    let total: i64 = on_pool!(db, pool => {
        let mut count = QueryBuilder::new("SELECT COUNT(*) FROM offers o");
        push_filter(&mut count, filter, sections.as_deref());
        count.build_query_scalar().fetch_one(pool).await
    })?;
    let rows = rows(db, filter, sections.as_deref(), limit, offset).await?;
    Ok((rows, total))
}

/// The first `limit` offers of the whole catalogue matching `filter` (its `section_id` is not read), without the
/// count a page needs: the home page's collections.
pub async fn first(db: &Db, filter: &OfferFilter<'_>, limit: u32) -> sqlx::Result<Vec<OfferRow>> {
    rows(db, filter, None, limit, 0).await
}

async fn rows(
    db: &Db,
    filter: &OfferFilter<'_>,
    sections: Option<&[String]>,
    limit: u32,
    offset: u64,
) -> sqlx::Result<Vec<OfferRow>> {
    on_pool!(db, pool => {
        let mut q = QueryBuilder::new(SELECT_OFFER);
        push_filter(&mut q, filter, sections);
        q.push(" ORDER BY ").push(order_by(filter.sort));
        q.push(" LIMIT ").push_bind(i64::from(limit)).push(" OFFSET ").push_bind(offset as i64);
        q.build_query_as().fetch_all(pool).await
    })
}

/// `SELECT ... WHERE o.id = ? AND o.active = 1`.
pub async fn find_active_by_id(db: &Db, id: &str) -> sqlx::Result<Option<OfferRow>> {
    on_pool!(db, pool => sqlx::query_as(concat!(select_offer!(), " WHERE o.id = $1 AND o.active = TRUE")).bind(id).fetch_optional(pool).await)
}

/// `SELECT ... WHERE o.slug = ? AND o.active = 1`.
pub async fn find_active_by_slug(db: &Db, slug: &str) -> sqlx::Result<Option<OfferRow>> {
    on_pool!(db, pool => sqlx::query_as(concat!(select_offer!(), " WHERE o.slug = $1 AND o.active = TRUE")).bind(slug).fetch_optional(pool).await)
}

/// `SELECT ... WHERE o.id IN (...) AND o.active = 1`, in no particular order.
pub async fn find_active_by_ids(db: &Db, ids: &[String]) -> sqlx::Result<Vec<OfferRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // SQLite's `+o.active`: the unary plus keeps SQLite from walking the `active` index over the whole catalogue
    // (35 ms at 100k offers, docs/performance.md) instead of looking up the ≤ 100 ids by primary key (0.4 ms).
    // PostgreSQL plans by statistics and has no unary plus on a boolean.
    let active = match db.pool {
        Pool::Sqlite(_) => " WHERE +o.active = 1 AND o.id IN (",
        Pool::Postgres(_) => " WHERE o.active AND o.id IN (",
    };
    on_pool!(db, pool => {
        let mut q = QueryBuilder::new(SELECT_OFFER);
        q.push(active);
        let mut list = q.separated(", ");
        for id in ids {
            list.push_bind(id.clone());
        }
        q.push(")");
        q.build_query_as().fetch_all(pool).await
    })
}

/// What a product's variants span (issue 35): how many are active, how many of them are in stock, and their lowest and
/// highest price (minor units; the lowest leaves "price on request", 0, out unless every variant is so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantSpan {
    pub count: i64,
    pub available: i64,
    pub min_price_minor: i64,
    pub max_price_minor: i64,
}

/// The [`VariantSpan`] of each of `groups` that has an active offer:
/// `SELECT group_id, COUNT(*), SUM(available), MIN(price_minor), MAX(price_minor) FROM offers WHERE active = 1 AND
/// group_id IS NOT NULL AND group_id IN (...) GROUP BY group_id`. The `IS NOT NULL` lets SQLite use the partial index
/// `offers_group`: without it the planner read every active offer (24 ms a product page at 100,000 offers, issue 39).
pub async fn variant_spans(db: &Db, groups: &[&str]) -> sqlx::Result<HashMap<String, VariantSpan>> {
    if groups.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, i64, i64, i64, i64)> = on_pool!(db, pool => {
        let mut q = QueryBuilder::new(
            "SELECT group_id, COUNT(*), CAST(SUM(CASE WHEN available THEN 1 ELSE 0 END) AS BIGINT), \
             COALESCE(MIN(NULLIF(price_minor, 0)), 0), MAX(price_minor) FROM offers \
             WHERE active = TRUE AND group_id IS NOT NULL AND group_id IN (",
        );
        let mut list = q.separated(", ");
        for group in groups {
            list.push_bind(group.to_string());
        }
        q.push(") GROUP BY group_id");
        q.build_query_as().fetch_all(pool).await
    })?;
    Ok(rows
        .into_iter()
        .map(|(group, count, available, min_price_minor, max_price_minor)| {
            (group, VariantSpan { count, available, min_price_minor, max_price_minor })
        })
        .collect())
}

/// The active offers of `group` in the shop's order, the first `limit`: a product's variants, its leader first.
/// `SELECT ... WHERE o.group_id = ? AND o.active = 1 ORDER BY o.position, o.id LIMIT ?` (index `offers_group`).
pub async fn group_offers(db: &Db, group: &str, limit: u32) -> sqlx::Result<Vec<OfferRow>> {
    on_pool!(db, pool => sqlx::query_as(concat!(select_offer!(), " WHERE o.group_id = $1 AND o.active = TRUE ORDER BY o.position, o.id LIMIT $2"))
        .bind(group)
        .bind(i64::from(limit))
        .fetch_all(pool)
        .await)
}

/// Pictures (the shop's own copies: `offer_pictures` joined with `pictures`) and params of `ids`:
/// `SELECT ... FROM offer_pictures / offer_params WHERE offer_id IN (...)`.
pub async fn details(
    db: &Db,
    ids: &[&str],
) -> sqlx::Result<(HashMap<String, Vec<Picture>>, HashMap<String, Vec<ParamRow>>)> {
    let mut pictures: HashMap<String, Vec<Picture>> = HashMap::new();
    if ids.is_empty() {
        return Ok((pictures, HashMap::new()));
    }
    // Only pictures the shop holds a copy of (issue 24): the others show the placeholder.
    let rows = on_pool!(db, pool => {
        let mut q = QueryBuilder::new(
            "SELECT op.offer_id, p.hash, p.width, p.height, p.avif FROM offer_pictures op
             JOIN pictures p ON p.url = op.url AND p.hash IS NOT NULL WHERE op.offer_id IN (",
        );
        let mut list = q.separated(", ");
        for id in ids {
            list.push_bind(id.to_string());
        }
        q.push(") ORDER BY op.offer_id, op.position");
        q.build_query_as::<(String, String, i64, i64, bool)>().fetch_all(pool).await
    })?;
    for (offer_id, hash, width, height, avif) in rows {
        pictures.entry(offer_id).or_default().push(crate::db::pictures::picture(hash, width, height, avif));
    }
    Ok((pictures, params(db, ids).await?))
}

/// The params of `ids`, each offer's in its order: `SELECT offer_id, name, value, unit FROM offer_params WHERE
/// offer_id IN (...) ORDER BY offer_id, position` (a variant chooser needs no pictures).
pub async fn params(db: &Db, ids: &[&str]) -> sqlx::Result<HashMap<String, Vec<ParamRow>>> {
    let mut params: HashMap<String, Vec<ParamRow>> = HashMap::new();
    if ids.is_empty() {
        return Ok(params);
    }
    let rows = on_pool!(db, pool => {
        let mut q = QueryBuilder::new("SELECT offer_id, name, value, unit FROM offer_params WHERE offer_id IN (");
        let mut list = q.separated(", ");
        for id in ids {
            list.push_bind(id.to_string());
        }
        q.push(") ORDER BY offer_id, position");
        q.build_query_as::<(String, String, String, Option<String>)>().fetch_all(pool).await
    })?;
    for (offer_id, name, value, unit) in rows {
        params.entry(offer_id).or_default().push(ParamRow { name, value, unit });
    }
    Ok(params)
}

/// `SELECT id, slug FROM offers o JOIN ... WHERE active = 1 ORDER BY position`: every product page, for the sitemap
/// (of a product of several variants, its first variant's: the others name it canonical).
pub async fn list_active_slugs(db: &Db) -> sqlx::Result<Vec<(Option<String>, String)>> {
    let sql = format!(
        "SELECT s.slug, o.slug FROM offers o LEFT JOIN sections s ON s.id = o.section_id WHERE o.active = TRUE{CANONICAL_ONLY} \
         ORDER BY o.position"
    );
    on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await)
}

/// What an import knows of an offer already stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredOffer {
    pub slug: String,
    pub content_hash: String,
    pub active: bool,
    pub seen_import_id: i64,
    /// Its place in the last feed that listed it: an import sees whether a section's order moved (issue 39).
    pub position: i64,
    pub section_id: Option<String>,
    pub group_id: Option<String>,
}

/// `SELECT slug, content_hash, active, seen_import_id, position, section_id, group_id FROM offers WHERE id = ?`.
pub async fn find_stored(conn: &mut Tx, id: &str) -> sqlx::Result<Option<StoredOffer>> {
    on_tx!(conn, conn => sqlx::query_as("SELECT slug, content_hash, active, seen_import_id, position, section_id, group_id FROM offers WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await)
}

/// A row of [`find_stored_many`]: id, slug, content hash, active, seen import, position, section, group.
type StoredRow = (String, String, String, bool, i64, i64, Option<String>, Option<String>);

/// What an import's batch knows of its offers already stored, by id (issue 39: one statement a chunk of
/// [`super::IN_LIST_CHUNK`] ids, not one an offer). Each chunk is read as its row count and one packed text:
/// `SELECT COUNT(*), string_agg(id US slug US content_hash US 1|0 US seen_import_id US position US +section|- US
/// +group|-, RS) FROM offers WHERE id IN (…)` ([`super::FIELD_SEPARATOR`]; a re-import reads every offer so, and as
/// rows sqlx's driver took 0.7 s of a 100,000-offer re-import's 2.4 s). A chunk whose text does not unpack into as
/// many records as rows (a field holding a separator, through a character reference such as `&#30;`) is read again
/// as rows: `SELECT id, slug, content_hash, active, seen_import_id, position, section_id,
/// group_id FROM offers WHERE id IN (…)`.
pub async fn find_stored_many(conn: &mut Tx, ids: &[String]) -> sqlx::Result<HashMap<String, StoredOffer>> {
    let mut found = HashMap::with_capacity(ids.len());
    // The separators are written into the statement, not bound: its ids are bound in order after them, and SQLite's
    // driver numbers `?` from the first argument whatever `$n` came before.
    let (us, rs) = (super::FIELD_SEPARATOR, super::RECORD_SEPARATOR);
    let packed_head = format!(
        "SELECT COUNT(*), string_agg(id || '{us}' || slug || '{us}' || content_hash || '{us}' || CASE WHEN active THEN '1' ELSE '0' END \
         || '{us}' || CAST(seen_import_id AS TEXT) || '{us}' || CAST(position AS TEXT) || '{us}' \
         || coalesce('+' || section_id, '-') || '{us}' || coalesce('+' || group_id, '-'), '{rs}') FROM offers WHERE id IN"
    );
    for chunk in ids.chunks(super::IN_LIST_CHUNK) {
        let (count, packed): (i64, Option<String>) = on_tx!(conn, conn => {
            super::in_list(&packed_head, chunk, "").build_query_as().fetch_one(&mut *conn).await
        })?;
        let unpacked = unpack_stored(packed.as_deref().unwrap_or_default());
        let rows = match unpacked.filter(|rows| rows.len() as i64 == count) {
            Some(rows) => rows,
            None => on_tx!(conn, conn => {
                let mut q = super::in_list(
                    "SELECT id, slug, content_hash, active, seen_import_id, position, section_id, group_id FROM offers WHERE id IN",
                    chunk,
                    "",
                );
                q.build_query_as::<StoredRow>().fetch_all(&mut *conn).await
            })?,
        };
        for (id, slug, content_hash, active, seen_import_id, position, section_id, group_id) in rows {
            found
                .insert(id, StoredOffer { slug, content_hash, active, seen_import_id, position, section_id, group_id });
        }
    }
    Ok(found)
}

/// The fingerprints (`content_hash`) of the shown offers among `ids`, by id: before an import checks a batch, it
/// leaves out the offers whose fingerprint is stored (issue 39). Read as [`find_stored_many`] reads, a chunk at a
/// time and packed: `SELECT COUNT(CASE WHEN active THEN 1 END), string_agg(CASE WHEN active THEN id US content_hash END, RS) FROM
/// offers WHERE id IN (…)`, or as rows when the text does not unpack (`SELECT id, content_hash, active FROM offers WHERE
/// id IN (…)`, the shown kept). The shown offers are chosen inside the aggregate, not in `WHERE`: given `active` there,
/// SQLite's planner walked the index on it, every shown offer for every chunk (a re-import ×4 slower).
pub async fn stored_fingerprints(conn: &mut Tx, ids: &[String]) -> sqlx::Result<HashMap<String, String>> {
    let mut found = HashMap::with_capacity(ids.len());
    let (us, rs) = (super::FIELD_SEPARATOR, super::RECORD_SEPARATOR);
    let packed_head = format!(
        "SELECT COUNT(CASE WHEN active THEN 1 END), string_agg(CASE WHEN active THEN id || '{us}' || content_hash END, '{rs}') \
         FROM offers WHERE id IN"
    );
    for chunk in ids.chunks(super::IN_LIST_CHUNK) {
        let (count, packed): (i64, Option<String>) = on_tx!(conn, conn => {
            super::in_list(&packed_head, chunk, "").build_query_as().fetch_one(&mut *conn).await
        })?;
        let unpacked = super::unpack_records::<2>(packed.as_deref().unwrap_or_default())
            .filter(|rows| rows.len() as i64 == count)
            .map(|rows| rows.into_iter().map(|[id, hash]| (id.to_owned(), hash.to_owned())).collect::<Vec<_>>());
        let rows = match unpacked {
            Some(rows) => rows,
            None => on_tx!(conn, conn => {
                let head = "SELECT id, content_hash, active FROM offers WHERE id IN";
                super::in_list(head, chunk, "").build_query_as::<(String, String, bool)>().fetch_all(&mut *conn).await
            })?
            .into_iter()
            .filter(|(_, _, active)| *active)
            .map(|(id, hash, _)| (id, hash))
            .collect(),
        };
        found.extend(rows);
    }
    Ok(found)
}

/// The rows [`find_stored_many`] reads packed (none from an empty text: `string_agg` of no row is NULL); `None` when
/// a record is empty or not their eight fields (a text holding a separator), or a number or flag does not read back.
/// A record separator inside a text can still make a well-formed record more: the caller compares the count.
fn unpack_stored(packed: &str) -> Option<Vec<StoredRow>> {
    let optional = |field: &str| match field.strip_prefix('+') {
        Some(value) => Some(Some(value.to_owned())),
        None => (field == "-").then_some(None),
    };
    super::unpack_records(packed)?
        .into_iter()
        .map(|[id, slug, hash, active, seen, position, section, group]| {
            let active = match active {
                "1" => true,
                "0" => false,
                _ => return None,
            };
            let (seen, position) = (seen.parse().ok()?, position.parse().ok()?);
            Some((id.into(), slug.into(), hash.into(), active, seen, position, optional(section)?, optional(group)?))
        })
        .collect()
}

/// `SELECT slug FROM offers WHERE slug IN (…)`, in chunks: which of `slugs` some offer holds.
pub async fn slugs_taken(conn: &mut Tx, slugs: &[String]) -> sqlx::Result<std::collections::HashSet<String>> {
    let mut taken = std::collections::HashSet::new();
    for chunk in slugs.chunks(super::IN_LIST_CHUNK) {
        let rows: Vec<String> = on_tx!(conn, conn => {
            super::in_list("SELECT slug FROM offers WHERE slug IN", chunk, "").build_query_scalar().fetch_all(&mut *conn).await
        })?;
        taken.extend(rows);
    }
    Ok(taken)
}

/// `SELECT 1 FROM offers WHERE slug = ? AND id <> ?`: whether another offer holds `slug`.
pub async fn slug_taken(conn: &mut Tx, slug: &str, id: &str) -> sqlx::Result<bool> {
    let row: Option<i64> = on_tx!(conn, conn => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM offers WHERE slug = $1 AND id <> $2")
        .bind(slug)
        .bind(id)
        .fetch_optional(conn)
        .await)?;
    Ok(row.is_some())
}

/// One offer as an import writes it. Money in minor units of `currency_id`.
#[derive(Debug, Clone)]
pub struct OfferWrite<'a> {
    pub id: &'a str,
    pub section_id: Option<&'a str>,
    pub slug: &'a str,
    pub name: &'a str,
    pub price_minor: i64,
    pub old_price_minor: Option<i64>,
    pub currency_id: &'a str,
    pub available: bool,
    pub vendor: Option<&'a str>,
    pub vendor_code: Option<&'a str>,
    pub description: Option<&'a str>,
    pub source_url: Option<&'a str>,
    pub position: i64,
    pub content_hash: &'a str,
    pub pictures: &'a [String],
    pub params: &'a [ParamRow],
    /// The product it is a variant of (YML `group_id`).
    pub group_id: Option<&'a str>,
}

/// Writes a batch of offers with their pictures and params (issue 39: a few multi-row statements a batch instead of
/// five statements an offer): each `(offer, added, is_new)`, marked seen by `import_id`. `added` says whether it
/// (re)enters the storefront with this import (`added_import_id` is set then and kept otherwise); `is_new` that no row
/// exists yet (so there are no old pictures and params to delete). SQL: `INSERT ... VALUES (…), (…) ON CONFLICT (id)
/// DO UPDATE`, then `DELETE FROM offer_pictures WHERE offer_id IN (…) RETURNING url` and `DELETE FROM offer_params
/// WHERE offer_id IN (…)` for the ones stored before, and multi-row `INSERT`s of their pictures and params; the
/// inserts go by [`PREPARED_ROWS`] rows, a full chunk's statement kept prepared.
///
/// Returns whether the batch's offers named a picture address before that none of them names now: a `pictures` row
/// may then have lost its last offer, and the import sweeps them at its end (`db::pictures::sweep_rows`).
pub async fn upsert_many(conn: &mut Tx, offers: &[(OfferWrite<'_>, bool, bool)], import_id: i64) -> sqlx::Result<bool> {
    for chunk in offers.chunks(PREPARED_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new(
                "INSERT INTO offers (id, section_id, slug, name, name_key, price_minor, old_price_minor, currency_id,
                   available, vendor, vendor_code, description, source_url, position, content_hash, active,
                   added_import_id, seen_import_id, group_id) ",
            );
            q.push_values(chunk, |mut row, (o, added, _)| {
                row.push_bind(o.id)
                    .push_bind(o.section_id)
                    .push_bind(o.slug)
                    .push_bind(o.name)
                    .push_bind(o.name.to_lowercase())
                    .push_bind(o.price_minor)
                    .push_bind(o.old_price_minor)
                    .push_bind(o.currency_id)
                    .push_bind(o.available)
                    .push_bind(o.vendor)
                    .push_bind(o.vendor_code)
                    .push_bind(o.description)
                    .push_bind(o.source_url)
                    .push_bind(o.position)
                    .push_bind(o.content_hash)
                    .push("TRUE")
                    // 0 marks an offer already shown that keeps its `added_import_id` (import ids start at 1).
                    .push_bind(if *added { import_id } else { 0 })
                    .push_bind(import_id)
                    .push_bind(o.group_id);
            });
            q.push(
                " ON CONFLICT (id) DO UPDATE SET section_id = excluded.section_id, slug = excluded.slug,
                   name = excluded.name, name_key = excluded.name_key, price_minor = excluded.price_minor,
                   old_price_minor = excluded.old_price_minor, currency_id = excluded.currency_id,
                   available = excluded.available, vendor = excluded.vendor, vendor_code = excluded.vendor_code,
                   description = excluded.description, source_url = excluded.source_url, position = excluded.position,
                   content_hash = excluded.content_hash, active = TRUE, group_id = excluded.group_id,
                   added_import_id = CASE WHEN excluded.added_import_id <> 0 THEN excluded.added_import_id
                                          ELSE offers.added_import_id END,
                   seen_import_id = excluded.seen_import_id",
            );
            q.build().persistent(chunk.len() == PREPARED_ROWS).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    let stored: Vec<String> = offers.iter().filter(|(_, _, is_new)| !is_new).map(|(o, _, _)| o.id.to_owned()).collect();
    let mut named_before: std::collections::HashSet<String> = std::collections::HashSet::new();
    for chunk in stored.chunks(super::IN_LIST_CHUNK) {
        let urls: Vec<String> = on_tx!(conn, conn => super::in_list("DELETE FROM offer_pictures WHERE offer_id IN", chunk, "RETURNING url")
            .build_query_scalar()
            .persistent(false)
            .fetch_all(&mut *conn)
            .await)?;
        named_before.extend(urls);
        on_tx!(conn, conn => super::in_list("DELETE FROM offer_params WHERE offer_id IN", chunk, "").build().persistent(false).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    }
    let pictures: Vec<(&str, i64, &str)> = offers
        .iter()
        .flat_map(|(o, _, _)| o.pictures.iter().enumerate().map(|(i, url)| (o.id, i as i64, url.as_str())))
        .collect();
    for chunk in pictures.chunks(PREPARED_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new("INSERT INTO offer_pictures (offer_id, position, url) ");
            q.push_values(chunk, |mut row, (id, i, url)| {
                row.push_bind(*id).push_bind(*i).push_bind(*url);
            });
            q.build().persistent(chunk.len() == PREPARED_ROWS).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    let params: Vec<(&str, i64, &ParamRow)> =
        offers.iter().flat_map(|(o, _, _)| o.params.iter().enumerate().map(|(i, p)| (o.id, i as i64, p))).collect();
    for chunk in params.chunks(PREPARED_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new("INSERT INTO offer_params (offer_id, position, name, value, unit) ");
            q.push_values(chunk, |mut row, (id, i, p)| {
                row.push_bind(*id).push_bind(*i).push_bind(p.name.as_str()).push_bind(p.value.as_str()).push_bind(p.unit.as_deref());
            });
            q.build().persistent(chunk.len() == PREPARED_ROWS).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    for (o, _, _) in offers {
        for url in o.pictures {
            named_before.remove(url);
        }
    }
    Ok(!named_before.is_empty())
}

/// Marks unchanged offers seen again by import `import_id`, a batch of `(id, position)`, `position` `None` where the
/// offer keeps its place:
/// - kept: `UPDATE offers SET seen_import_id = ? WHERE id IN (…)`, which touches no index (issue 39: setting
///   `position` to its own value still rewrote the four indexes that hold it, 0.2 s of a 100,000-offer re-import);
/// - moved: `UPDATE offers SET seen_import_id = ?, position = v.column2 FROM (VALUES (?, ?), …) AS v WHERE offers.id
///   = v.column1` (both databases name a `VALUES` list's columns so).
pub async fn mark_seen_many(conn: &mut Tx, seen: &[(String, Option<i64>)], import_id: i64) -> sqlx::Result<()> {
    let kept: Vec<&str> = seen.iter().filter(|(_, position)| position.is_none()).map(|(id, _)| id.as_str()).collect();
    let moved: Vec<(&str, i64)> =
        seen.iter().filter_map(|(id, position)| position.map(|position| (id.as_str(), position))).collect();
    for chunk in kept.chunks(BATCH_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new("UPDATE offers SET seen_import_id = ");
            q.push_bind(import_id).push(" WHERE id IN (");
            let mut ids = q.separated(", ");
            for id in chunk {
                ids.push_bind(*id);
            }
            q.push(")");
            q.build().persistent(false).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    for chunk in moved.chunks(BATCH_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new("UPDATE offers SET seen_import_id = ");
            q.push_bind(import_id).push(", position = v.column2 FROM (");
            q.push_values(chunk, |mut row, (id, position)| {
                row.push_bind(*id).push_bind(*position);
            });
            q.push(") AS v WHERE offers.id = v.column1");
            q.build().persistent(false).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(())
}

/// Stores new fingerprints of unchanged offers, a batch of `(id, content_hash)`: `UPDATE offers SET content_hash =
/// v.column2 FROM (VALUES (?, ?), …) AS v WHERE offers.id = v.column1`. The first import after fingerprints changed
/// kind (issue 39) writes every unchanged offer's so, and nothing else of it.
pub async fn set_fingerprints(conn: &mut Tx, prints: &[(String, String)]) -> sqlx::Result<()> {
    for chunk in prints.chunks(BATCH_ROWS) {
        on_tx!(conn, conn => {
            let mut q = QueryBuilder::new("UPDATE offers SET content_hash = v.column2 FROM (");
            q.push_values(chunk, |mut row, (id, print)| {
                row.push_bind(id.as_str()).push_bind(print.as_str());
            });
            q.push(") AS v WHERE offers.id = v.column1");
            q.build().persistent(false).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(())
}

/// `SELECT id, section_id, group_id FROM offers WHERE active = TRUE AND seen_import_id < ? LIMIT ?`: up to `limit`
/// of the offers [`deactivate_unseen`] would take off, with their section and group (the pages that show them).
pub async fn unseen(
    conn: &mut Tx,
    floor: i64,
    limit: i64,
) -> sqlx::Result<Vec<(String, Option<String>, Option<String>)>> {
    on_tx!(conn, conn => sqlx::query_as(
        "SELECT id, section_id, group_id FROM offers WHERE active = TRUE AND seen_import_id < $1 LIMIT $2",
    )
    .bind(floor)
    .bind(limit)
    .fetch_all(conn)
    .await)
}

/// `SELECT id, section_id, group_id FROM offers WHERE active = TRUE AND id IN (…)`, in chunks: the shown offers of
/// `ids`, with their section and group.
pub async fn shown_of(conn: &mut Tx, ids: &[String]) -> sqlx::Result<Vec<(String, Option<String>, Option<String>)>> {
    let mut found = Vec::new();
    for chunk in ids.chunks(super::IN_LIST_CHUNK) {
        let rows: Vec<(String, Option<String>, Option<String>)> = on_tx!(conn, conn => {
            let mut q = super::in_list("SELECT id, section_id, group_id FROM offers WHERE active = TRUE AND id IN", chunk, "");
            q.build_query_as().fetch_all(&mut *conn).await
        })?;
        found.extend(rows);
    }
    Ok(found)
}

/// `SELECT DISTINCT section_id FROM offers WHERE active = TRUE AND group_id IN (…)`, in chunks: the sections whose
/// listings show a variant of `groups` (a card shows its group's price range and count).
pub async fn sections_of_groups(conn: &mut Tx, groups: &[String]) -> sqlx::Result<Vec<String>> {
    let mut found = Vec::new();
    for chunk in groups.chunks(super::IN_LIST_CHUNK) {
        let rows: Vec<Option<String>> = on_tx!(conn, conn => {
            let mut q = super::in_list(
                "SELECT DISTINCT section_id FROM offers WHERE active = TRUE AND group_id IN",
                chunk,
                "",
            );
            q.build_query_scalar().fetch_all(&mut *conn).await
        })?;
        found.extend(rows.into_iter().flatten());
    }
    Ok(found)
}

/// `UPDATE offers SET active = FALSE WHERE active = TRUE AND seen_import_id < ?`: takes offers that no import since
/// `floor` (this one, or the first of 1C's exchange session) listed off the storefront (the rows stay: orders
/// reference them). Returns how many.
pub async fn deactivate_unseen(conn: &mut Tx, floor: i64) -> sqlx::Result<u64> {
    let done = on_tx!(conn, conn => sqlx::query("UPDATE offers SET active = FALSE WHERE active = TRUE AND seen_import_id < $1")
        .bind(floor)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(done)
}

/// `UPDATE offers SET active = FALSE WHERE active = TRUE AND id IN (…)`: takes the named offers off the storefront
/// (1C's goods marked deleted in a changes-only exchange). Returns how many were shown.
pub async fn deactivate(conn: &mut Tx, ids: &[String]) -> sqlx::Result<u64> {
    let mut done = 0;
    for chunk in ids.chunks(super::IN_LIST_CHUNK) {
        done += on_tx!(conn, conn => {
            let mut q = super::in_list("UPDATE offers SET active = FALSE WHERE active = TRUE AND id IN", chunk, "");
            q.build().execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(done)
}

/// Cleans again (`domain::text::clean_html`) the descriptions that migration 20261126000000 cut at 10,000
/// characters, perhaps inside a tag or an attribute, so that no page swallows the markup after one (issue 34).
/// Migration 20261127010000 lists them in `description_repairs`; the first start of a binary with it repairs them
/// and empties the list, in one `BEGIN IMMEDIATE` transaction (none when the list is empty). Returns how many were
/// repaired.
/// SQL: `SELECT EXISTS (… description_repairs)`, `SELECT … FROM description_repairs JOIN offers`, `UPDATE offers SET description`, `DELETE FROM
/// description_repairs`.
pub async fn repair_cut_descriptions(db: &Db) -> sqlx::Result<u64> {
    // Every command opens the database, often beside a serving shop: nothing to repair must not write (a write
    // transaction here met the shop's own writes as "database is locked").
    let pending: bool = on_pool!(db, pool => sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM description_repairs)").fetch_one(pool).await)?;
    if !pending {
        return Ok(0);
    }
    let mut tx = db.begin_locked(super::WriteLock::Accounts).await?;
    let rows: Vec<(String, String)> = on_tx!(tx, tx => sqlx::query_as(
        "SELECT o.id, o.description FROM description_repairs r JOIN offers o ON o.id = r.offer_id \
         WHERE o.description IS NOT NULL",
    )
    .fetch_all(&mut *tx)
    .await)?;
    for (id, description) in &rows {
        let cleaned = crate::domain::text::clean_html(description);
        on_tx!(tx, tx => sqlx::query("UPDATE offers SET description = $1 WHERE id = $2")
            .bind(cleaned)
            .bind(id)
            .execute(&mut *tx)
            .await.map(|r| r.rows_affected()))?;
    }
    on_tx!(tx, tx => sqlx::query("DELETE FROM description_repairs").execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(rows.len() as u64)
}

/// Offers on the storefront, inside an import's transaction: `SELECT COUNT(*) FROM offers WHERE active = TRUE` (an
/// import that saw as many of them as were shown takes none off, and need not look for them).
pub async fn count_shown(conn: &mut Tx) -> sqlx::Result<i64> {
    on_tx!(conn, conn => sqlx::query_scalar("SELECT COUNT(*) FROM offers WHERE active = TRUE").fetch_one(&mut *conn).await)
}

/// Active products: `SELECT COUNT(*) FROM offers o WHERE o.active = 1 AND <first of its product>` (a product of several
/// variants once, issue 35).
pub async fn count_active(db: &Db) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM offers o WHERE o.active = TRUE{CANONICAL_ONLY}");
    on_pool!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs rows as `find_stored_many`'s statement does.
    fn pack(rows: &[StoredRow]) -> String {
        let (us, rs) = (super::super::FIELD_SEPARATOR, super::super::RECORD_SEPARATOR);
        let optional = |v: &Option<String>| v.as_ref().map_or_else(|| "-".to_owned(), |v| format!("+{v}"));
        rows.iter()
            .map(|(id, slug, hash, active, seen, position, section, group)| {
                let active = if *active { "1" } else { "0" };
                let (section, group) = (optional(section), optional(group));
                format!("{id}{us}{slug}{us}{hash}{us}{active}{us}{seen}{us}{position}{us}{section}{us}{group}")
            })
            .collect::<Vec<_>>()
            .join(&rs.to_string())
    }

    #[test]
    fn packed_stored_rows_read_back_with_empty_and_missing_sections_told_apart() {
        let rows: Vec<StoredRow> = vec![
            ("o1".into(), "chai".into(), "ab12".into(), true, 7, 1, Some("s1".into()), None),
            ("o2".into(), "kofe".into(), "cd34".into(), false, -1, 20, None, Some("g".into())),
            ("o3".into(), "voda".into(), "ef56".into(), true, 7, 3, Some(String::new()), Some(String::new())),
        ];
        assert_eq!(unpack_stored(&pack(&rows)), Some(rows));
        assert_eq!(unpack_stored(""), Some(Vec::new()), "no stored offer: string_agg gives NULL, read as empty");
    }

    #[test]
    fn a_packed_record_of_another_shape_is_not_read() {
        let row: StoredRow = ("o\u{1f}1".into(), "s".into(), "h".into(), true, 1, 1, None, None);
        assert_eq!(unpack_stored(&pack(&[row])), None, "an id holding the separator shifts the fields");
        let row: StoredRow = ("o1".into(), "s".into(), "h".into(), true, 1, 1, Some("a\u{1f}b".into()), None);
        assert_eq!(unpack_stored(&pack(&[row])), None, "a field too many");
        let short = ["o1", "s", "h", "1", "1", "1", "-"].join("\u{1f}");
        assert_eq!(unpack_stored(&short), None, "a field too few");
        let flag = ["o1", "s", "h", "t", "1", "1", "-", "-"].join("\u{1f}");
        assert_eq!(unpack_stored(&flag), None, "a flag that is neither 1 nor 0");
        let row: StoredRow = ("\u{1e}a".into(), "s".into(), "h".into(), true, 1, 1, None, None);
        assert_eq!(unpack_stored(&pack(&[row])), None, "an id led by the record separator leaves an empty record");
        let row: StoredRow = ("a".into(), "s".into(), "h".into(), true, 1, 1, None, Some("g\u{1e}".into()));
        assert_eq!(unpack_stored(&pack(&[row])), None, "a group ended by it too");
    }
}
