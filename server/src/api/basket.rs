//! The visitor's basket and wishlist (issue 6; spec §3 "Mini cart request", §4 mini cart): `GET /api/basket`,
//! `GET /api/basket/summary`, `POST /api/basket/items`, `PATCH` and `DELETE /api/basket/items/{id}`. Lines belong to
//! the session's visitor; prices always come from the catalogue. Every mutation needs the CSRF token.

use crate::catalog::{Offer, load_offers};
use crate::db::basket::{self as store, Added, Updated};
use crate::domain::money::{CurrencyCode, Money};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::limits::{BASKET_MAX_LINES, BASKET_MAX_QUANTITY};
use crate::session::{existing_visitor_id, visitor_id};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// One basket line: the offer as the catalogue has it now, the quantity and the line's sum.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BasketLine {
    /// The line's id (for `PATCH`/`DELETE /api/basket/items/{id}`).
    pub id: i64,
    pub offer: Offer,
    /// 1..=999.
    pub quantity: i64,
    /// Price × quantity, major units of `offer.currencyId`, exact.
    #[schema(value_type = f64)]
    pub sum: serde_json::Number,
    /// `true`: the line is in the wishlist ("delay"), not in the basket.
    pub delay: bool,
}

/// The mini cart's figures (spec §4): lines and pieces in the basket, their sum, and the wishlist's lines.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BasketSummary {
    /// Basket lines (not the wishlist's).
    pub count: i64,
    /// Pieces over the basket lines.
    pub quantity: i64,
    /// Sum of the basket lines, major units of `currencyId`, exact.
    #[schema(value_type = f64)]
    pub sum: serde_json::Number,
    /// The basket's currency (the first line's; the catalogue has one), `RUB` when empty.
    pub currency_id: String,
    /// Wishlist lines.
    pub delay_count: i64,
}

/// `GET /api/basket`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Basket {
    /// Basket and wishlist lines, oldest first. Lines of offers that left the catalogue are not shown or counted.
    pub lines: Vec<BasketLine>,
    pub totals: BasketSummary,
}

/// `POST /api/basket/items` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddItem {
    pub offer_id: String,
    /// Pieces to add, 1..=999; default 1.
    #[serde(default = "one")]
    pub quantity: i64,
    /// `true` puts (or moves) the line into the wishlist, `false` into the basket (default).
    #[serde(default)]
    pub delay: bool,
}

fn one() -> i64 {
    1
}

/// `PATCH /api/basket/items/{id}` body: what to change.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateItem {
    /// The new quantity, 1..=999.
    pub quantity: Option<i64>,
    /// Move to (`true`) or from (`false`) the wishlist.
    pub delay: Option<bool>,
}

fn check_quantity(quantity: i64) -> Result<(), ApiError> {
    if (1..=BASKET_MAX_QUANTITY).contains(&quantity) {
        Ok(())
    } else {
        Err(ApiError::bad_request("QUANTITY_INVALID", "quantity", format!("1 to {BASKET_MAX_QUANTITY}")))
    }
}

fn line_not_found(id: i64) -> ApiError {
    ApiError::not_found("BASKET_LINE_NOT_FOUND", format!("no basket line {id} in this session"))
}

/// The visitor's basket with prices from the catalogue.
async fn load(state: &AppState, session: &Session) -> Result<Basket, ApiError> {
    let rows = match existing_visitor_id(session).await? {
        Some(visitor) => store::lines(&state.db, &visitor).await?,
        None => Vec::new(),
    };
    let ids: Vec<String> = rows.iter().map(|r| r.offer_id.clone()).collect();
    let offers = crate::db::offers::find_active_by_ids(&state.db, &ids).await?;
    let mut offers: std::collections::HashMap<String, (Offer, i64)> = {
        let minor: Vec<(String, i64)> = offers.iter().map(|o| (o.id.clone(), o.price_minor)).collect();
        let loaded = load_offers(&state.db, offers).await?;
        loaded.into_iter().zip(minor).map(|(offer, (id, price))| (id, (offer, price))).collect()
    };
    let mut lines = Vec::new();
    let mut totals = Totals::default();
    for row in rows {
        let Some((offer, price_minor)) = offers.remove(&row.offer_id) else { continue };
        let code = totals.add(row.quantity, row.delay, price_minor, &offer.currency_id)?;
        let sum = Money { minor: price_minor.saturating_mul(row.quantity), currency: code }.major_json();
        lines.push(BasketLine { id: row.id, offer, quantity: row.quantity, sum, delay: row.delay });
    }
    let totals = totals.finish();
    Ok(Basket { lines, totals })
}

/// The mini cart's figures, summed line by line.
#[derive(Default)]
struct Totals {
    count: i64,
    quantity: i64,
    sum_minor: i64,
    delay_count: i64,
    currency: Option<CurrencyCode>,
}

impl Totals {
    /// Counts one line (price in minor units of `currency_id`); basket lines in another currency than the first
    /// are not summed. Returns the line's currency.
    fn add(
        &mut self,
        quantity: i64,
        delay: bool,
        price_minor: i64,
        currency_id: &str,
    ) -> Result<CurrencyCode, ApiError> {
        let code = CurrencyCode::parse(currency_id).map_err(|e| anyhow::anyhow!("{e}"))?;
        if delay {
            self.delay_count += 1;
        } else if self.currency.as_ref().is_none_or(|c| c == &code) {
            self.currency.get_or_insert_with(|| code.clone());
            self.count += 1;
            self.quantity += quantity;
            self.sum_minor = self.sum_minor.saturating_add(price_minor.saturating_mul(quantity));
        }
        Ok(code)
    }

    fn finish(self) -> BasketSummary {
        let currency = self.currency.unwrap_or_default();
        BasketSummary {
            count: self.count,
            quantity: self.quantity,
            sum: Money { minor: self.sum_minor, currency: currency.clone() }.major_json(),
            currency_id: currency.as_str().to_owned(),
            delay_count: self.delay_count,
        }
    }
}

/// The basket and wishlist of this session.
#[utoipa::path(get, path = "/api/basket", tag = "basket", responses((status = 200, body = Basket)))]
pub async fn get_basket(State(state): State<AppState>, session: Session) -> Result<Json<Basket>, ApiError> {
    Ok(Json(load(&state, &session).await?))
}

/// The mini cart's figures (`{count, quantity, sum, currencyId, delayCount}`).
#[utoipa::path(get, path = "/api/basket/summary", tag = "basket", responses((status = 200, body = BasketSummary)))]
pub async fn get_summary(State(state): State<AppState>, session: Session) -> Result<Json<BasketSummary>, ApiError> {
    // The mini cart reloads after every change: one query of prices, no pictures or params.
    let mut totals = Totals::default();
    if let Some(visitor) = existing_visitor_id(&session).await? {
        for line in store::priced_lines(&state.db, &visitor).await? {
            totals.add(line.quantity, line.delay, line.price_minor, &line.currency_id)?;
        }
    }
    Ok(Json(totals.finish()))
}

/// Adds `quantity` of an offer to its line (making it when new); `delay` puts the line into the wishlist. Answers
/// the whole basket. 400 `QUANTITY_INVALID` (outside 1..=999), 404 `OFFER_NOT_FOUND`, 409 `OFFER_UNAVAILABLE`
/// (out of stock), 409 `OFFER_REMOVED` (no longer in the catalogue), 409 `BASKET_QUANTITY_LIMIT` (the line would
/// pass 999), 409 `BASKET_LINES_LIMIT` (a new line past `BASKET_MAX_LINES`, 100, of the basket or the wishlist),
/// 403 without the CSRF token.
#[utoipa::path(post, path = "/api/basket/items", tag = "basket", request_body = AddItem,
    responses((status = 200, body = Basket), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn add_item(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<AddItem>,
) -> Result<Json<Basket>, ApiError> {
    check_addable(&state, &body).await?;
    let visitor = visitor_id(&session).await?;
    add_line(&state, &visitor, &body).await?;
    Ok(Json(load(&state, &session).await?))
}

/// Whether `item` may be added, before any session is made for it: 400 `QUANTITY_INVALID`, 404 `OFFER_NOT_FOUND`,
/// 409 `OFFER_REMOVED` or `OFFER_UNAVAILABLE` (into the basket, out of stock), as [`add_item`] says. The form post
/// `POST /basket/add` (`web::basket_form`, issue 33) keeps the same rules.
pub async fn check_addable(state: &AppState, item: &AddItem) -> Result<(), ApiError> {
    check_quantity(item.quantity)?;
    match store::offer_state(&state.db, &item.offer_id).await? {
        None => Err(ApiError::not_found("OFFER_NOT_FOUND", format!("no offer {:?}", item.offer_id))),
        Some((false, _)) => Err(conflict("OFFER_REMOVED", "the offer is no longer in the catalogue")),
        Some((true, false)) if !item.delay => Err(conflict("OFFER_UNAVAILABLE", "the offer is out of stock")),
        Some(_) => Ok(()),
    }
}

/// Adds `item` to `visitor`'s line of its offer, checked by [`check_addable`]: 409 `BASKET_QUANTITY_LIMIT` or
/// `BASKET_LINES_LIMIT` as [`add_item`] says.
pub async fn add_line(state: &AppState, visitor: &str, item: &AddItem) -> Result<(), ApiError> {
    match store::add(&state.db, visitor, &item.offer_id, item.quantity, item.delay).await? {
        Added::Line(_) => Ok(()),
        Added::OverLimit => Err(conflict("BASKET_QUANTITY_LIMIT", "a line holds at most 999 pieces")),
        Added::TooManyLines => Err(too_many_lines(item.delay)),
    }
}

/// 409 `BASKET_LINES_LIMIT`: the basket (or, `delay`, the wishlist) holds `BASKET_MAX_LINES` offers already.
fn too_many_lines(delay: bool) -> ApiError {
    let list = if delay { "wishlist" } else { "basket" };
    conflict("BASKET_LINES_LIMIT", &format!("the {list} holds at most {BASKET_MAX_LINES} offers"))
}

fn conflict(code: &'static str, detail: &str) -> ApiError {
    ApiError::Conflict { code, field: "offerId", detail: detail.to_owned() }
}

/// Changes a line's quantity (1..=999) or moves it to or from the wishlist; answers the whole basket.
/// 400 `QUANTITY_INVALID`, 404 `BASKET_LINE_NOT_FOUND` (not this session's), 409 `OFFER_UNAVAILABLE` /
/// `OFFER_REMOVED` when a wishlist line of an offer out of stock or out of the catalogue would move into the basket,
/// 409 `BASKET_LINES_LIMIT` when the side it moves to is full, 403 without the CSRF token.
#[utoipa::path(patch, path = "/api/basket/items/{id}", tag = "basket", request_body = UpdateItem,
    params(("id" = i64, Path, description = "The line's id")),
    responses((status = 200, body = Basket), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn update_item(
    State(state): State<AppState>,
    session: Session,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<UpdateItem>,
) -> Result<Json<Basket>, ApiError> {
    if let Some(quantity) = body.quantity {
        check_quantity(quantity)?;
    }
    let visitor = visitor_id(&session).await?;
    if body.delay == Some(false) {
        // Into the basket: the same rule as adding (the wishlist keeps what cannot be bought).
        let Some(offer_id) = store::line_offer(&state.db, &visitor, id).await? else { return Err(line_not_found(id)) };
        match store::offer_state(&state.db, &offer_id).await? {
            Some((true, true)) => {}
            Some((true, false)) => return Err(conflict("OFFER_UNAVAILABLE", "the offer is out of stock")),
            _ => return Err(conflict("OFFER_REMOVED", "the offer is no longer in the catalogue")),
        }
    }
    match store::update(&state.db, &visitor, id, body.quantity, body.delay).await? {
        Updated::Done => {}
        Updated::NotFound => return Err(line_not_found(id)),
        Updated::TooManyLines => return Err(too_many_lines(body.delay == Some(true))),
    }
    Ok(Json(load(&state, &session).await?))
}

/// Removes a line; answers the whole basket. 404 `BASKET_LINE_NOT_FOUND`, 403 without the CSRF token.
#[utoipa::path(delete, path = "/api/basket/items/{id}", tag = "basket",
    params(("id" = i64, Path, description = "The line's id")),
    responses((status = 200, body = Basket), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete_item(
    State(state): State<AppState>,
    session: Session,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Basket>, ApiError> {
    let visitor = visitor_id(&session).await?;
    if !store::delete(&state.db, &visitor, id).await? {
        return Err(line_not_found(id));
    }
    Ok(Json(load(&state, &session).await?))
}

/// The basket routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_basket))
        .routes(routes!(get_summary))
        .routes(routes!(add_item))
        .routes(routes!(update_item, delete_item))
}
