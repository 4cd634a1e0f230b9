//! Orders (issue 6 "Orders"; spec §2 checkout): `POST /api/orders` turns the visitor's basket into an order,
//! `GET /api/orders/{number}` shows it to the session that placed it, or to the account that placed it (issue 7).
//! The POST needs the CSRF token.

use crate::db::orders::{self as store, Order, PlaceError};
use crate::db::outbox::NewMessage;
use crate::domain::contact::login_name;
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::order_status::OrderStatus;
use crate::domain::orders::{DeliveryMethod, OrderRequest, PaymentMethod, validate_order};
use crate::error::{ApiError, ApiJson, ApiPath, ErrorItem};
use crate::limits::ORDER_BODY_MAX_BYTES;
use crate::rate_limit::ClientAddr;
use crate::session::{account, existing_visitor_id, visitor_id};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// `POST /api/orders` answer (201): the new order's number, for `GET /api/orders/{number}` and the confirmation
/// page (`/personal/order/make/?ORDER_ID={number}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Placed {
    /// The order's number: decimal digits, `"12"`.
    pub number: String,
}

/// One line of an order: the offer as it was when ordered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineView {
    /// The feed's offer id.
    pub offer_id: String,
    /// The offer's name when ordered.
    pub name: String,
    /// The offer's SKU (`vendorCode`) when ordered, if any.
    #[schema(required)]
    pub vendor_code: Option<String>,
    /// The offer's storefront page when ordered (a site path; the offer may have left the catalogue since).
    pub url: String,
    /// The offer's first picture when ordered, as the shop holds it now (`null`: none, or not held: a placeholder).
    #[schema(required)]
    pub picture: Option<crate::domain::pictures::Picture>,
    /// Price when ordered, major units of the order's `currencyId`, exact.
    #[schema(value_type = f64)]
    pub price: serde_json::Number,
    /// 1..=999.
    pub quantity: i64,
    /// Price × quantity, major units, exact.
    #[schema(value_type = f64)]
    pub sum: serde_json::Number,
}

/// `GET /api/orders/{number}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    /// The order's number (`POST /api/orders` answers it; the confirmation page shows it).
    pub number: String,
    /// Where the order is in its life (issue 37).
    pub status: OrderStatus,
    /// RFC 3339, UTC: `2026-11-21T10:00:00Z`.
    pub created_at: String,
    /// The last status change (the placement before one), RFC 3339, UTC.
    pub updated_at: String,
    /// The status changes made, oldest first, with the shop's comments: what the shopper sees of the history.
    pub status_history: Vec<StatusStep>,
    /// The shopper's name.
    pub name: String,
    /// As sent, international format.
    pub phone: String,
    /// The shopper's e-mail, when given (a confirmation went there).
    #[schema(required)]
    pub email: Option<String>,
    /// The delivery or pick-up city.
    pub city: String,
    /// Set with courier delivery only.
    #[schema(required)]
    pub address: Option<String>,
    pub delivery_method: DeliveryMethod,
    pub payment_method: PaymentMethod,
    #[schema(required)]
    pub comment: Option<String>,
    /// In basket order.
    pub lines: Vec<OrderLineView>,
    /// The sum of the lines' sums, major units of `currencyId`, exact.
    #[schema(value_type = f64)]
    pub total: serde_json::Number,
    /// ISO 4217 code of every amount of the order.
    pub currency_id: String,
}

/// One status change as the shopper sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusStep {
    /// RFC 3339, UTC.
    pub at: String,
    /// The status the order moved to.
    pub status: OrderStatus,
    /// The shop's comment, if it wrote one.
    #[schema(required)]
    pub comment: Option<String>,
}

fn money(minor: i64, currency: &CurrencyCode) -> Money {
    Money { minor, currency: currency.clone() }
}

fn currency(order: &Order) -> Result<CurrencyCode, ApiError> {
    CurrencyCode::parse(&order.currency_id)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("order {}: {e}", order.number)))
}

impl OrderView {
    /// `order` with its applied status changes (`order_history`).
    pub async fn with_history(state: &AppState, order: Order) -> Result<Self, ApiError> {
        let entries = crate::db::order_status::history(&state.db, order.id, true).await?;
        Self::from_history(order, &entries)
    }

    /// `order` with the applied changes of `entries` (its history, read already; refused attempts are left out).
    pub fn from_history(order: Order, entries: &[crate::db::order_status::HistoryEntry]) -> Result<Self, ApiError> {
        let steps = entries
            .iter()
            .filter(|s| s.outcome == crate::db::order_status::APPLIED)
            .map(|s| {
                let status = OrderStatus::parse(&s.new_status)
                    .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unknown order status {:?}", s.new_status)))?;
                Ok(StatusStep { at: s.at.clone(), status, comment: s.comment.clone() })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Self::new(order, steps)
    }

    fn new(order: Order, status_history: Vec<StatusStep>) -> Result<Self, ApiError> {
        let status = OrderStatus::parse(&order.status)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("unknown order status {:?}", order.status)))?;
        let code = currency(&order)?;
        let lines = order
            .lines
            .into_iter()
            .map(|l| OrderLineView {
                price: money(l.price_minor, &code).major_json(),
                sum: money(l.sum_minor, &code).major_json(),
                offer_id: l.offer_id,
                name: l.name,
                vendor_code: l.vendor_code,
                url: l.url,
                picture: l.own_picture,
                quantity: l.quantity,
            })
            .collect();
        let d = order.details;
        Ok(Self {
            number: order.number,
            status,
            created_at: order.created_at,
            updated_at: order.updated_at,
            status_history,
            name: d.name,
            phone: d.phone,
            email: d.email,
            city: d.city,
            address: d.address,
            delivery_method: d.delivery_method,
            payment_method: d.payment_method,
            comment: d.comment,
            lines,
            total: money(order.total_minor, &code).major_json(),
            currency_id: order.currency_id,
        })
    }
}

impl From<PlaceError> for ApiError {
    fn from(err: PlaceError) -> Self {
        match err {
            PlaceError::Empty => ApiError::Conflict {
                code: "BASKET_EMPTY",
                field: "basket",
                detail: "the basket has no lines to order (wishlist lines are not ordered)".into(),
            },
            PlaceError::Unavailable(offers) => ApiError::Conflicts {
                errors: offers
                    .into_iter()
                    .map(|o| ErrorItem {
                        code: "OFFER_UNAVAILABLE".into(),
                        field: Some("offerId".into()),
                        detail: format!(
                            "{:?} (offer {}) {}",
                            o.name,
                            o.offer_id,
                            if o.removed { "is no longer in the catalogue" } else { "is out of stock" }
                        ),
                    })
                    .collect(),
            },
            PlaceError::MixedCurrencies => ApiError::Conflict {
                code: "BASKET_CURRENCY_MIXED",
                field: "basket",
                detail: "the basket holds offers priced in different currencies; order them separately".into(),
            },
            // Only offers priced before the import's cap (`limits::PRICE_MAX_MAJOR_DIGITS`) can get here.
            PlaceError::TotalOverflow => ApiError::Conflict {
                code: "BASKET_TOTAL_TOO_LARGE",
                field: "basket",
                detail: "the basket's total is too large to be ordered; order fewer pieces".into(),
            },
            PlaceError::TooManyPieces => ApiError::Conflict {
                code: "ORDER_QUANTITY_LIMIT",
                field: "basket",
                detail: format!("one order holds at most {} pieces", crate::limits::ORDER_MAX_PIECES),
            },
            PlaceError::Db(e) => e.into(),
        }
    }
}

/// Places the basket's lines (not the wishlist's) as an order (issue 6): the body is checked first, every problem
/// at once (`crate::domain::orders::validate_order`), then one transaction re-reads the basket with the
/// catalogue's current prices, refuses offers that cannot be ordered, writes the order with a snapshot of each
/// line and empties the basket (`crate::db::orders::place`); a logged-in account's order records its `user_id`
/// (issue 7: its order history). After the commit the shop owner is notified (outbox
/// topic `order`, mailed to `VITRINA_NOTIFY_EMAIL`) and a shopper who gave an e-mail gets a confirmation (topic
/// `order_confirmation`); a notification that cannot be written is logged and never fails the order.
///
/// 201 `{number}`. 422 `{errors: [{code, field, detail}]}` with the field codes of `validate_order`; 409
/// `BASKET_EMPTY` (field `basket`); 409 `OFFER_UNAVAILABLE`, one item per offer out of stock or no longer in the
/// catalogue (field `offerId`, the detail names the offer and its id); 409 `BASKET_CURRENCY_MIXED` (field
/// `basket`); 400 `BODY_INVALID` (not JSON, or a value that is not a string); 413 `BODY_TOO_LARGE` (over 64 KiB);
/// 403 without the CSRF token; 429 `RATE_LIMITED` with `Retry-After` past the orders one client address
/// (`VITRINA_ORDERS_PER_ADDRESS`) or one session (`VITRINA_ORDERS_PER_SESSION`) may place per 15 minutes (issue
/// 20: 60 orders in 0.2 s queued 60 mails to a stranger); an order refused for another reason does not count.
#[utoipa::path(post, path = "/api/orders", tag = "orders", request_body = OrderRequest,
    responses((status = 201, body = Placed), (status = 422, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 400, body = crate::error::ErrorBody),
        (status = 413, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn place_order(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    headers: axum::http::HeaderMap,
    ApiJson(body): ApiJson<OrderRequest>,
) -> Result<(StatusCode, Json<Placed>), ApiError> {
    let details = validate_order(&body)
        .map_err(|errors| ApiError::Unprocessable { errors: errors.into_iter().map(ErrorItem::from).collect() })?;
    let visitor = visitor_id(&session).await?;
    let user_id = account(&session).await?.map(|a| a.id);
    let limits = &state.limiters;
    // Counted before the order is written, in one step each, so orders sent at once cannot all pass.
    let by_address = limits.order_addresses.acquire(addr.0).await?;
    let by_session = match limits.order_sessions.acquire(visitor.clone()).await {
        Ok(attempt) => attempt,
        Err(limited) => {
            limits.order_addresses.forgive(by_address).await?;
            return Err(limited);
        }
    };
    let (guest_token, guest_token_hash) = crate::domain::accounts::new_reset_token();
    let language = crate::session::language(&headers);
    let placing = store::Placing { visitor: &visitor, user_id, language, guest_token_hash: &guest_token_hash };
    let order = match store::place(&state.db, &placing, &details).await {
        Ok(order) => order,
        Err(refused) => {
            limits.order_addresses.forgive(by_address).await?;
            limits.order_sessions.forgive(by_session).await?;
            return Err(refused.into());
        }
    };
    notify(&state, &order, &guest_token).await;
    Ok((StatusCode::CREATED, Json(Placed { number: order.number })))
}

/// The order `number` of this session, or of the logged-in account from any of its sessions (issue 7), with its
/// lines as ordered. `Cache-Control: no-store` (personal data). 404 `ORDER_NOT_FOUND` for an unknown number or
/// someone else's order. Never starts a session.
#[utoipa::path(get, path = "/api/orders/{number}", tag = "orders",
    params(("number" = String, Path, description = "The order's number")),
    responses((status = 200, body = OrderView), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_order(
    State(state): State<AppState>,
    session: Session,
    ApiPath(number): ApiPath<String>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("ORDER_NOT_FOUND", format!("no order {number:?} in this session"));
    let visitor = existing_visitor_id(&session).await?;
    let user_id = account(&session).await?.map(|a| a.id);
    if visitor.is_none() && user_id.is_none() {
        return Err(not_found());
    }
    let order = store::find(&state.db, &number, visitor.as_deref(), user_id).await?.ok_or_else(not_found)?;
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(OrderView::with_history(&state, order).await?)).into_response())
}

/// The order whose guest link carries `token` (issue 37: the confirmation mail's link, for a shopper without an
/// account or not logged in), with its lines and status history; no session needed. `Cache-Control: no-store`,
/// `Referrer-Policy: no-referrer`. 404 `ORDER_NOT_FOUND` for a wrong or empty token, alike.
#[utoipa::path(get, path = "/api/orders/guest/{token}", tag = "orders",
    params(("token" = String, Path, description = "The guest link's token (after `#` in the link)")),
    responses((status = 200, body = OrderView), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_guest_order(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("ORDER_NOT_FOUND", "no order has this link");
    if token.is_empty() || token.len() > 200 {
        return Err(not_found());
    }
    let hash = crate::domain::accounts::token_hash(&token);
    let order = store::read(&state.db, store::OrderKey::GuestToken(&hash)).await?.ok_or_else(not_found)?;
    let view = OrderView::with_history(&state, order).await?;
    Ok(([(header::CACHE_CONTROL, "no-store"), (header::REFERRER_POLICY, "no-referrer")], Json(view)).into_response())
}

/// Writes (and with SMTP, mails) the owner's notification and the shopper's confirmation of `order`
/// (`crate::orders::placed_mails`: templates, the order's language, the guest link with `guest_token`); an address
/// that already got [`crate::limits::ORDER_CONFIRMATIONS_PER_EMAIL`] confirmations in the window gets no more (the
/// checkout does not check that the address is the shopper's). Failures are logged: the order stands whatever
/// happens here.
async fn notify(state: &AppState, order: &Order, guest_token: &str) {
    let shop = match crate::db::shop::name_or_default(&state.db).await {
        Ok(name) => name,
        Err(e) => {
            tracing::error!(order = %order.number, error = %e, "shop name not read for the order's notification");
            crate::db::shop::DEFAULT_SHOP_NAME.to_owned()
        }
    };
    let (owner, shopper) = match crate::orders::placed_mails(&shop, order, &state.settings.public_url, guest_token) {
        Ok(mails) => mails,
        Err(e) => {
            tracing::error!(order = %order.number, error = %e, "order not notified");
            return;
        }
    };
    let mut messages = vec![NewMessage { recipient: state.mailer.owner_address().map(str::to_owned), ..owner }];
    if let Some(email) = order.details.email.as_ref() {
        if state.limiters.order_confirmations.check_and_record(login_name(email)).await.is_ok() {
            messages.push(NewMessage { recipient: Some(email.clone()), ..shopper });
        } else {
            tracing::warn!(order = %order.number, "order confirmation not sent: the address got its share");
        }
    }
    for message in messages {
        if let Err(e) = state.mailer.send(&state.db, message).await {
            tracing::error!(order = %order.number, error = %e, "order notification not written");
        }
    }
}

/// The order routes. The POST body is limited to [`ORDER_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(place_order))
        .routes(routes!(get_order))
        .routes(routes!(get_guest_order))
        .layer(DefaultBodyLimit::max(ORDER_BODY_MAX_BYTES))
}
