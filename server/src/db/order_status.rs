//! Table `order_history` and the back office's reads of `orders` (issue 37): status changes under the order's lock,
//! each recorded with who asked and how it ended; the staff's filtered order list, its counts per status, and the
//! export's batches. Each function says the SQL it runs.

use super::Db;
use super::now_text;
use crate::domain::order_status::{ActorKind, MoveRefused, OrderStatus};

/// One entry of an order's history.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HistoryEntry {
    pub id: i64,
    /// RFC 3339, UTC, seconds.
    pub at: String,
    /// `staff`, `cli` or `1c` ([`ActorKind`]).
    pub actor_kind: String,
    /// The staff member's e-mail, the CLI's user, or none.
    pub actor: Option<String>,
    /// The status the order left (applied), or the one its asker saw (refused).
    pub old_status: String,
    /// The status asked for.
    pub new_status: String,
    pub comment: Option<String>,
    /// `applied`, or the refusal's code (`ORDER_STATUS_CHANGED`).
    pub outcome: String,
    /// The shopper's mail of this change in the outbox, when one was written.
    pub outbox_id: Option<i64>,
}

/// What [`HistoryEntry::outcome`] says of a change that was made.
pub const APPLIED: &str = "applied";
/// The outcome of a change asked for against a status the order no longer had: another change came first.
pub const CHANGED_MEANWHILE: &str = "ORDER_STATUS_CHANGED";

/// The order's history, oldest first: `SELECT … FROM order_history WHERE order_id = ? [AND outcome = 'applied']
/// ORDER BY id`. `applied_only`: the shopper's view (refused attempts are the staff's business).
pub async fn history(db: &Db, order_id: i64, applied_only: bool) -> sqlx::Result<Vec<HistoryEntry>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, at, actor_kind, actor, old_status, new_status, comment, outcome, outbox_id FROM order_history
         WHERE order_id = $1 AND ($2 = FALSE OR outcome = 'applied') ORDER BY id",
    )
    .bind(order_id)
    .bind(applied_only)
    .fetch_all(pool)
    .await)
}

/// A status change asked for.
#[derive(Debug, Clone, Copy)]
pub struct StatusChange<'a> {
    /// The order's number.
    pub number: &'a str,
    /// The status the asker saw (the back office sends it): when the order has another by now, the change is
    /// refused and recorded as [`CHANGED_MEANWHILE`]. `None` (the CLI): whatever the order has.
    pub seen: Option<OrderStatus>,
    pub to: OrderStatus,
    pub actor_kind: ActorKind,
    pub actor: Option<&'a str>,
    /// Shown to the shopper with the change; at most `limits::ORDER_STATUS_COMMENT_MAX_CHARS` characters (checked
    /// by the caller).
    pub comment: Option<&'a str>,
}

/// How a [`StatusChange`] ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeOutcome {
    /// Made and recorded: the order's row id, the history entry's id, and the status it left.
    Applied { order_id: i64, history_id: i64, from: OrderStatus },
    /// No order of that number.
    NotFound,
    /// The order had moved on from the status the asker saw (`now`); recorded, nothing changed.
    ChangedMeanwhile { now: OrderStatus },
    /// The life cycle does not allow the move; nothing recorded.
    Refused(MoveRefused),
}

/// Changes the order's status when the life cycle allows it, in one transaction under the order's own lock
/// (`BEGIN IMMEDIATE`, or `pg_advisory_xact_lock` of `vitrina:order:{number}`), so two changes of one order run one
/// after the other and the second sees the first's status: `SELECT id, status FROM orders WHERE number = ?`, then
/// `UPDATE orders SET status = ?, updated_at = ?` and `INSERT INTO order_history … 'applied'`; or, when the order
/// no longer has the status the asker saw, only `INSERT INTO order_history … 'ORDER_STATUS_CHANGED'`.
pub async fn change(db: &Db, change: &StatusChange<'_>) -> sqlx::Result<ChangeOutcome> {
    let mut tx = db.begin_locked_on(&format!("vitrina:order:{}", change.number)).await?;
    let row: Option<(i64, String)> = on_tx!(tx, c => sqlx::query_as("SELECT id, status FROM orders WHERE number = $1")
        .bind(change.number)
        .fetch_optional(&mut *c)
        .await)?;
    let Some((order_id, status)) = row else { return Ok(ChangeOutcome::NotFound) };
    let now = OrderStatus::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode {
        index: "status".into(),
        source: format!("unknown order status {status:?}").into(),
    })?;
    let outcome = match change.seen {
        Some(seen) if seen != now => CHANGED_MEANWHILE,
        _ => {
            if let Err(refused) = now.check_move(change.to) {
                return Ok(ChangeOutcome::Refused(refused));
            }
            APPLIED
        }
    };
    let at = now_text();
    if outcome == APPLIED {
        on_tx!(tx, c => sqlx::query("UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3")
            .bind(change.to.as_str())
            .bind(&at)
            .bind(order_id)
            .execute(&mut *c)
            .await.map(|r| r.rows_affected()))?;
    }
    let history_id: i64 = on_tx!(tx, c => sqlx::query_scalar(
        "INSERT INTO order_history (order_id, at, actor_kind, actor, old_status, new_status, comment, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(order_id)
    .bind(&at)
    .bind(change.actor_kind.as_str())
    .bind(change.actor)
    // A refused attempt records the status its asker saw: what they meant to move from.
    .bind(if outcome == APPLIED { now.as_str() } else { change.seen.unwrap_or(now).as_str() })
    .bind(change.to.as_str())
    .bind(change.comment)
    .bind(outcome)
    .fetch_one(&mut *c)
    .await)?;
    tx.commit().await?;
    Ok(if outcome == APPLIED {
        ChangeOutcome::Applied { order_id, history_id, from: now }
    } else {
        ChangeOutcome::ChangedMeanwhile { now }
    })
}

/// `UPDATE order_history SET outbox_id = ? WHERE id = ?`: the shopper's mail of that change.
pub async fn record_mail(db: &Db, history_id: i64, outbox_id: i64) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("UPDATE order_history SET outbox_id = $1 WHERE id = $2")
        .bind(outbox_id)
        .bind(history_id)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Which orders the back office lists. Empty strings mean "any".
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    /// One status, or all.
    pub status: Option<OrderStatus>,
    /// Placed at or after this instant: RFC 3339 UTC, seconds (`2026-11-01T00:00:00Z`).
    pub from: Option<String>,
    /// Placed before this instant, same form.
    pub to: Option<String>,
    /// Looked for in the number, the name and the e-mail (case-insensitive), and in the phone's digits when it
    /// holds at least three digits.
    pub query: Option<String>,
}

/// One order of the back office's list.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ListedOrder {
    pub id: i64,
    pub number: String,
    /// RFC 3339, UTC, seconds.
    pub created_at: String,
    pub updated_at: String,
    pub status: String,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    /// Minor units of `currency_id`.
    pub total_minor: i64,
    pub currency_id: String,
    /// Pieces over the order's lines.
    pub item_count: i64,
}

/// The filter as the shared SQL's parameters: the status, the range, the text pattern and the digits' pattern,
/// `''` where the filter has none.
struct FilterArgs {
    status: String,
    from: String,
    to: String,
    text: String,
    digits: String,
}

/// The `WHERE` of [`list`], [`count`] and [`export_batch`] over parameters `$1`–`$9` (each used once: SQLite
/// numbers parameters by name, sqlx binds by position).
const FILTER: &str = "($1 = '' OR o.status = $2) AND ($3 = '' OR o.created_at >= $4) AND ($5 = '' OR o.created_at < $6)
     AND ($7 = '' OR o.search_text LIKE $8 ESCAPE '\\' OR o.phone_digits LIKE $9 ESCAPE '\\')";

impl FilterArgs {
    fn new(filter: &OrderFilter, with_status: bool) -> Self {
        let query = filter.query.as_deref().map(str::trim).unwrap_or("");
        let like = |text: &str| format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
        let digits = super::orders::phone_digits(query);
        Self {
            status: if with_status {
                filter.status.map(|s| s.as_str().to_owned()).unwrap_or_default()
            } else {
                String::new()
            },
            from: filter.from.clone().unwrap_or_default(),
            to: filter.to.clone().unwrap_or_default(),
            text: if query.is_empty() { String::new() } else { like(&query.to_lowercase()) },
            // Fewer than three digits would match nearly every phone; `''` never matches (`%…%` always has two %).
            digits: if digits.len() >= 3 { like(&digits) } else { String::new() },
        }
    }
}

/// Binds [`FILTER`]'s nine parameters of `$a` onto query `$q`.
macro_rules! bind_filter {
    ($q:expr, $a:expr) => {
        $q.bind(&$a.status)
            .bind(&$a.status)
            .bind(&$a.from)
            .bind(&$a.from)
            .bind(&$a.to)
            .bind(&$a.to)
            .bind(&$a.text)
            .bind(&$a.text)
            .bind(&$a.digits)
    };
}

/// The line count of an order, as a select expression over `o`.
const ITEM_COUNT: &str =
    "CAST(COALESCE((SELECT SUM(l.quantity) FROM order_lines l WHERE l.order_id = o.id), 0) AS BIGINT) AS item_count";

/// One page of the orders `filter` lists, newest first: `SELECT … FROM orders o WHERE … ORDER BY o.id DESC LIMIT ?
/// OFFSET ?`. `page` counts from 1.
pub async fn list(db: &Db, filter: &OrderFilter, page: i64, per_page: i64) -> sqlx::Result<Vec<ListedOrder>> {
    let args = FilterArgs::new(filter, true);
    let sql = format!(
        "SELECT o.id, o.number, o.created_at, o.updated_at, o.status, o.name, o.phone, o.email, o.total_minor,
                o.currency_id, {ITEM_COUNT}
         FROM orders o WHERE {FILTER} ORDER BY o.id DESC LIMIT $10 OFFSET $11"
    );
    on_pool!(db, pool => bind_filter!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), args)
        .bind(per_page)
        .bind((page - 1).saturating_mul(per_page))
        .fetch_all(pool)
        .await)
}

/// How many orders `filter` lists per status, its own status filter left out (the back office's tabs):
/// `SELECT status, COUNT(*) FROM orders o WHERE … GROUP BY status`. Every status is named, with 0 when none.
pub async fn count_by_status(db: &Db, filter: &OrderFilter) -> sqlx::Result<Vec<(OrderStatus, i64)>> {
    let args = FilterArgs::new(filter, false);
    let sql = format!("SELECT o.status, COUNT(*) FROM orders o WHERE {FILTER} GROUP BY o.status");
    let rows: Vec<(String, i64)> = on_pool!(db, pool => bind_filter!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), args).fetch_all(pool).await)?;
    Ok(OrderStatus::ALL
        .into_iter()
        .map(|status| (status, rows.iter().find(|(s, _)| s == status.as_str()).map_or(0, |(_, n)| *n)))
        .collect())
}

/// One order of the CSV export: the list's columns and the delivery details.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ExportedOrder {
    pub id: i64,
    pub number: String,
    pub created_at: String,
    pub status: String,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub city: String,
    pub address: Option<String>,
    pub delivery_method: String,
    pub payment_method: String,
    pub comment: Option<String>,
    pub total_minor: i64,
    pub currency_id: String,
    pub item_count: i64,
}

/// The next `limit` orders of the export after row id `after`, oldest first (keyset paging: each batch is its own
/// short query, so a long export holds no connection between batches): `SELECT … FROM orders o WHERE … AND o.id >
/// ? ORDER BY o.id LIMIT ?`.
pub async fn export_batch(db: &Db, filter: &OrderFilter, after: i64, limit: i64) -> sqlx::Result<Vec<ExportedOrder>> {
    let args = FilterArgs::new(filter, true);
    let sql = format!(
        "SELECT o.id, o.number, o.created_at, o.status, o.name, o.phone, o.email, o.city, o.address,
                o.delivery_method, o.payment_method, o.comment, o.total_minor, o.currency_id, {ITEM_COUNT}
         FROM orders o WHERE {FILTER} AND o.id > $10 ORDER BY o.id LIMIT $11"
    );
    on_pool!(db, pool => bind_filter!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), args)
        .bind(after)
        .bind(limit)
        .fetch_all(pool)
        .await)
}
