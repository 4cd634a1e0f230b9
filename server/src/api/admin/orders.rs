//! The back office's orders (issue 37): the list with its filters, counts per status and paging; an order's page with
//! its history; the status change; the CSV export. Managers and owners alike.

use super::{Role, Staff};
use crate::api::params::number;
use crate::db::order_status::{self as store, ChangeOutcome, HistoryEntry, OrderFilter, StatusChange};
use crate::db::orders::{Order, OrderKey};
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::order_status::{ActorKind, OrderStatus};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::limits::{
    ADMIN_EXPORT_BATCH, ADMIN_ORDERS_PER_PAGE, ADMIN_ORDERS_PER_PAGE_MAX, ORDER_STATUS_COMMENT_MAX_CHARS,
};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// `GET /api/admin/orders` (and the export's) query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrdersParams {
    /// One status: `new`, `accepted`, `paid`, `shipped`, `completed` or `cancelled`; all when absent.
    pub status: Option<String>,
    /// Placed at or after this instant (RFC 3339 with its offset: the back office sends the start of the staff
    /// member's local day).
    pub from: Option<String>,
    /// Placed before this instant (RFC 3339).
    pub to: Option<String>,
    /// Looked for in the number, the name and the e-mail (case-insensitive), and in the phone's digits when it
    /// holds three digits or more (`912 345` finds `+7 912 345-67-89`).
    pub q: Option<String>,
    /// 1-based page; default 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Orders per page, 1..=100; default 25.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub per_page: Option<String>,
}

/// An RFC 3339 instant as the orders' `created_at` compares (UTC, seconds, `Z`); 400 `QUERY_INVALID` naming
/// `field` otherwise.
fn instant(field: &'static str, text: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let parsed = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|_| ApiError::bad_request("QUERY_INVALID", field, format!("{text:?} is not an RFC 3339 instant")))?;
    Ok(Some(parsed.to_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))
}

fn status_param(text: Option<&str>) -> Result<Option<OrderStatus>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => OrderStatus::parse(text).map(Some).ok_or_else(|| {
            ApiError::bad_request("QUERY_INVALID", "status", format!("{text:?} is not an order status"))
        }),
    }
}

impl OrdersParams {
    fn filter(&self) -> Result<OrderFilter, ApiError> {
        let query = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        if query.is_some_and(|q| q.chars().count() > 200) {
            return Err(ApiError::bad_request("QUERY_INVALID", "q", "at most 200 characters"));
        }
        Ok(OrderFilter {
            status: status_param(self.status.as_deref())?,
            from: instant("from", self.from.as_deref())?,
            to: instant("to", self.to.as_deref())?,
            query: query.map(str::to_owned),
        })
    }
}

/// One order of the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderRow {
    pub number: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The last status change, RFC 3339, UTC.
    pub updated_at: String,
    pub status: OrderStatus,
    pub name: String,
    pub phone: String,
    #[schema(required)]
    pub email: Option<String>,
    /// Major units of `currencyId`, exact.
    #[schema(value_type = f64)]
    pub total: serde_json::Number,
    pub currency_id: String,
    /// Pieces over the order's lines.
    pub item_count: i64,
}

/// `GET /api/admin/orders`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrdersPage {
    /// Newest first.
    pub items: Vec<AdminOrderRow>,
    pub page: i64,
    pub per_page: i64,
    /// Orders the filter lists, its status included.
    pub total: i64,
    /// Orders the filter lists per status, its own status left out: every status, 0 when none (the tabs' counts).
    #[schema(value_type = BTreeMap<String, i64>)]
    pub counts: BTreeMap<&'static str, i64>,
}

fn amount(minor: i64, currency: &str) -> Result<serde_json::Number, ApiError> {
    let code = CurrencyCode::parse(currency).map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
    Ok(Money { minor, currency: code }.major_json())
}

fn stored_status(text: &str) -> Result<OrderStatus, ApiError> {
    OrderStatus::parse(text).ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unknown order status {text:?}")))
}

/// The orders the filters list, newest first, one page, with the counts per status. 400 `QUERY_INVALID` naming the
/// parameter; 401 without a staff session.
#[utoipa::path(get, path = "/api/admin/orders", tag = "admin", params(OrdersParams),
    responses((status = 200, body = AdminOrdersPage), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_list_orders(
    State(state): State<AppState>,
    staff: Staff,
    ApiQuery(params): ApiQuery<OrdersParams>,
) -> Result<Json<AdminOrdersPage>, ApiError> {
    staff.require(Role::Manager)?;
    let filter = params.filter()?;
    let page = i64::from(number(params.page.as_deref(), 1, 100_000, "QUERY_INVALID", "page")?);
    let per_page = i64::from(number(
        params.per_page.as_deref(),
        ADMIN_ORDERS_PER_PAGE as u32,
        ADMIN_ORDERS_PER_PAGE_MAX as u32,
        "QUERY_INVALID",
        "perPage",
    )?);
    let counted = store::count_by_status(&state.db, &filter).await?;
    let total = counted.iter().filter(|(s, _)| filter.status.is_none_or(|f| f == *s)).map(|(_, n)| n).sum();
    let rows = store::list(&state.db, &filter, page, per_page).await?;
    let items = rows
        .into_iter()
        .map(|o| {
            Ok(AdminOrderRow {
                total: amount(o.total_minor, &o.currency_id)?,
                status: stored_status(&o.status)?,
                number: o.number,
                created_at: o.created_at,
                updated_at: o.updated_at,
                name: o.name,
                phone: o.phone,
                email: o.email,
                currency_id: o.currency_id,
                item_count: o.item_count,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    let counts = counted.into_iter().map(|(s, n)| (s.as_str(), n)).collect();
    Ok(Json(AdminOrdersPage { items, page, per_page, total, counts }))
}

/// One entry of an order's history as the back office shows it: applied changes and refused attempts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminHistoryEntry {
    /// RFC 3339, UTC.
    pub at: String,
    /// `staff`, `cli` or `1c`.
    pub actor_kind: ActorKind,
    /// The staff member's e-mail, or the CLI's user.
    #[schema(required)]
    pub actor: Option<String>,
    pub from: OrderStatus,
    pub to: OrderStatus,
    #[schema(required)]
    pub comment: Option<String>,
    /// `applied`, or the refusal's code (`ORDER_STATUS_CHANGED`: another change came first).
    pub outcome: String,
    /// Whether the shopper was mailed about it.
    pub mailed: bool,
}

impl AdminHistoryEntry {
    fn new(entry: HistoryEntry) -> Result<Self, ApiError> {
        Ok(Self {
            actor_kind: ActorKind::parse(&entry.actor_kind)
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unknown actor {:?}", entry.actor_kind)))?,
            from: stored_status(&entry.old_status)?,
            to: stored_status(&entry.new_status)?,
            at: entry.at,
            actor: entry.actor,
            comment: entry.comment,
            outcome: entry.outcome,
            mailed: entry.outbox_id.is_some(),
        })
    }
}

/// `GET /api/admin/orders/{number}`: the order as the shopper sees it, with the whole history and the statuses it may
/// move to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    #[serde(flatten)]
    pub order: crate::api::orders::OrderView,
    /// Oldest first; refused attempts included.
    pub history: Vec<AdminHistoryEntry>,
    /// The statuses the life cycle allows next, in life order (empty once final).
    pub next: Vec<OrderStatus>,
    /// `ru` or `en`: the language the shopper's mails speak.
    pub language: String,
    /// Whether the shopper left an e-mail (the status dialog offers to mail them only then).
    pub can_mail: bool,
}

async fn admin_order(state: &AppState, order: Order) -> Result<AdminOrder, ApiError> {
    let history = store::history(&state.db, order.id, false).await?;
    let status = stored_status(&order.status)?;
    let language = order.language.clone();
    let can_mail = order.details.email.is_some();
    // One read of the history: the shopper's steps are its applied entries.
    let order = crate::api::orders::OrderView::from_history(order, &history)?;
    Ok(AdminOrder {
        history: history.into_iter().map(AdminHistoryEntry::new).collect::<Result<_, _>>()?,
        next: status.next(),
        language,
        can_mail,
        order,
    })
}

fn order_not_found(number: &str) -> ApiError {
    ApiError::not_found("ORDER_NOT_FOUND", format!("no order {number:?}"))
}

/// One order with its lines, totals, contacts, delivery, comment and whole history. 404 `ORDER_NOT_FOUND`; 401
/// without a staff session.
#[utoipa::path(get, path = "/api/admin/orders/{number}", tag = "admin",
    params(("number" = String, Path, description = "The order's number")),
    responses((status = 200, body = AdminOrder), (status = 404, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_get_order(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<AdminOrder>, ApiError> {
    staff.require(Role::Manager)?;
    let order =
        crate::db::orders::read(&state.db, OrderKey::Number(&number)).await?.ok_or_else(|| order_not_found(&number))?;
    Ok(Json(admin_order(&state, order).await?))
}

/// `POST /api/admin/orders/{number}/status` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRequest {
    /// The status to move to.
    pub status: OrderStatus,
    /// The status the staff member saw when they chose (the order page's): when the order has another by now, the
    /// change is refused (409 `ORDER_STATUS_CHANGED`) and recorded as such.
    pub seen: OrderStatus,
    /// Shown to the shopper with the change; at most 1000 characters.
    #[serde(default)]
    pub comment: Option<String>,
    /// Mail the shopper about it (in the order's language), when they left an e-mail.
    #[serde(default)]
    pub notify: bool,
}

/// Moves the order to another status by the life cycle's rules, records it in the history under the staff member's
/// e-mail and, asked to, mails the shopper through the outbox. Answers the order as `GET` does.
///
/// 409 `ORDER_STATUS_FINAL` (completed or cancelled), `ORDER_STATUS_BACKWARDS`, `ORDER_STATUS_SAME`, and
/// `ORDER_STATUS_CHANGED` when another change came first (the history keeps that attempt); 422
/// `ORDER_COMMENT_TOO_LONG` (field `comment`); 404 `ORDER_NOT_FOUND`; 401; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/admin/orders/{number}/status", tag = "admin", request_body = StatusRequest,
    params(("number" = String, Path, description = "The order's number")),
    responses((status = 200, body = AdminOrder), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 422, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_set_status(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath(number): ApiPath<String>,
    ApiJson(body): ApiJson<StatusRequest>,
) -> Result<Json<AdminOrder>, ApiError> {
    staff.require(Role::Manager)?;
    let comment = body.comment.as_deref().map(str::trim).filter(|c| !c.is_empty());
    if comment.is_some_and(|c| c.chars().count() > ORDER_STATUS_COMMENT_MAX_CHARS) {
        return Err(ApiError::Unprocessable {
            errors: vec![crate::error::ErrorItem {
                code: "ORDER_COMMENT_TOO_LONG".into(),
                field: Some("comment".into()),
                detail: format!("at most {ORDER_STATUS_COMMENT_MAX_CHARS} characters"),
            }],
        });
    }
    let change = StatusChange {
        number: &number,
        seen: Some(body.seen),
        to: body.status,
        actor_kind: ActorKind::Staff,
        actor: Some(&staff.member.email),
        comment,
    };
    let ctx = crate::orders::Context { db: &state.db, mailer: &state.mailer, public_url: &state.settings.public_url };
    let changed = crate::orders::change_status(ctx, &change, body.notify).await?;
    refusal(&number, &changed.outcome)?;
    tracing::info!(order = %number, staff_id = staff.member.id, to = %body.status, "order status changed");
    let order =
        crate::db::orders::read(&state.db, OrderKey::Number(&number)).await?.ok_or_else(|| order_not_found(&number))?;
    Ok(Json(admin_order(&state, order).await?))
}

/// The API's answer to a change that was not made: 404 or 409 with its code; `Ok` for an applied one.
pub fn refusal(number: &str, outcome: &ChangeOutcome) -> Result<(), ApiError> {
    match outcome {
        ChangeOutcome::Applied { .. } => Ok(()),
        ChangeOutcome::NotFound => Err(order_not_found(number)),
        ChangeOutcome::ChangedMeanwhile { now } => Err(ApiError::Conflict {
            code: "ORDER_STATUS_CHANGED",
            field: "seen",
            detail: format!("the order is {now} by now: another change came first; look again and choose"),
        }),
        ChangeOutcome::Refused(refused) => {
            Err(ApiError::Conflict { code: refused.code(), field: "status", detail: refused.to_string() })
        }
    }
}

/// The CSV export's header row.
const CSV_HEADER: [&str; 14] = [
    "number",
    "created_at",
    "status",
    "name",
    "phone",
    "email",
    "city",
    "address",
    "delivery_method",
    "payment_method",
    "comment",
    "total",
    "currency",
    "items",
];

/// The orders the filters list (a date range, a status, a search), oldest first, as CSV in UTF-8 with a byte order
/// mark (so Excel opens Cyrillic right), streamed in batches of 500 (keyset paging: the answer's size does not grow
/// the server's memory, and no connection is held between batches). `Content-Disposition: attachment;
/// filename="orders.csv"`. 400 `QUERY_INVALID`; 401.
#[utoipa::path(get, path = "/api/admin/orders.csv", tag = "admin", params(OrdersParams),
    responses((status = 200, content_type = "text/csv", body = String), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn admin_export_orders(
    State(state): State<AppState>,
    staff: Staff,
    ApiQuery(params): ApiQuery<OrdersParams>,
) -> Result<Response, ApiError> {
    staff.require(Role::Manager)?;
    let filter = params.filter()?;
    let mut head = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    head.write_record(CSV_HEADER).map_err(|e| ApiError::Internal(e.into()))?;
    let head = head.into_inner().map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
    let db = state.db.clone();
    // The state of the stream: the last row id written, or `None` once done.
    let batches = futures::stream::unfold(Some(0_i64), move |after| {
        let db = db.clone();
        let filter = filter.clone();
        async move {
            let after = after?;
            let rows = match store::export_batch(&db, &filter, after, ADMIN_EXPORT_BATCH).await {
                Ok(rows) => rows,
                Err(e) => {
                    tracing::error!(error = %e, "the orders' export stopped");
                    return Some((Err(std::io::Error::other(e)), None));
                }
            };
            let last = rows.last().map(|r| r.id)?;
            let mut out = csv::Writer::from_writer(Vec::new());
            for r in &rows {
                let total = CurrencyCode::parse(&r.currency_id)
                    .map(|c| Money { minor: r.total_minor, currency: c }.major_text())
                    .unwrap_or_default();
                let record = [
                    r.number.as_str(),
                    &r.created_at,
                    &r.status,
                    &r.name,
                    &r.phone,
                    r.email.as_deref().unwrap_or(""),
                    &r.city,
                    r.address.as_deref().unwrap_or(""),
                    &r.delivery_method,
                    &r.payment_method,
                    r.comment.as_deref().unwrap_or(""),
                    &total,
                    &r.currency_id,
                    &r.item_count.to_string(),
                ];
                if let Err(e) = out.write_record(record) {
                    return Some((Err(std::io::Error::other(e)), None));
                }
            }
            let bytes = out.into_inner().unwrap_or_default();
            let next = (rows.len() as i64 == ADMIN_EXPORT_BATCH).then_some(last);
            Some((Ok(axum::body::Bytes::from(bytes)), next))
        }
    });
    // Fused: a body layer (the compression's) may poll once more after the end, which `unfold` must never see.
    let body = futures::stream::once(async move { Ok(axum::body::Bytes::from(head)) }).chain(batches).fuse();
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"orders.csv\""),
        ],
        axum::body::Body::from_stream(body),
    )
        .into_response())
}

/// The orders' routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_orders))
        .routes(routes!(admin_export_orders))
        .routes(routes!(admin_get_order))
        .routes(routes!(admin_set_status))
}
