//! Orders worked to the end (issue 37): the status change every door uses (the back office, the CLI, later 1C's
//! exchange) with the shopper's mail, and the mails about an order, built from the templates of `mail::templates`.
//! The rules of the life cycle are `domain::order_status`'s; the storage is `db::order_status`'s.

use crate::db::Db;
use crate::db::order_status::{self as history, ChangeOutcome, StatusChange};
use crate::db::orders::{Order, OrderKey};
use crate::db::outbox::NewMessage;
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::order_status::OrderStatus;
use crate::mail::Mailer;
use crate::mail::templates::{mail_language, render};
use serde::Serialize;

/// What a status change needs besides the change: where mail goes and what links point at.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub db: &'a Db,
    pub mailer: &'a Mailer,
    /// The shop's public URL without a trailing slash (`https://shop.example`).
    pub public_url: &'a str,
}

/// How [`change_status`] ended: the stored outcome, and the shopper's mail when one was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub outcome: ChangeOutcome,
    /// The outbox id of the shopper's mail of this change.
    pub mailed: Option<i64>,
}

/// Changes an order's status by the life cycle's rules (`db::order_status::change`) and, when it was made and
/// `notify` is asked for and the shopper left an e-mail, writes their mail in the order's language (topic
/// `order_status`) and records it in the history. A mail that cannot be written is logged; the change stands.
pub async fn change_status(ctx: Context<'_>, change: &StatusChange<'_>, notify: bool) -> sqlx::Result<Changed> {
    let outcome = history::change(ctx.db, change).await?;
    let ChangeOutcome::Applied { history_id, .. } = outcome else { return Ok(Changed { outcome, mailed: None }) };
    if !notify {
        return Ok(Changed { outcome, mailed: None });
    }
    let Some(order) = crate::db::orders::read(ctx.db, OrderKey::Number(change.number)).await? else {
        return Ok(Changed { outcome, mailed: None });
    };
    let Some(email) = order.details.email.clone() else { return Ok(Changed { outcome, mailed: None }) };
    let shop = crate::db::shop::name_or_default(ctx.db).await?;
    let message = OrderMail::new(&order, ctx.public_url).and_then(|mail| {
        let context = StatusContext {
            shop: &shop,
            link: mail.link.clone(),
            order: mail,
            status: change.to.as_str(),
            comment: change.comment,
        };
        render("order_status", &order.language, "order_status", Some(email), &context).map_err(|e| e.to_string())
    });
    let message = match message {
        Ok(message) => message,
        Err(e) => {
            tracing::error!(order = %order.number, error = %e, "status mail not built");
            return Ok(Changed { outcome, mailed: None });
        }
    };
    match ctx.mailer.send(ctx.db, message).await {
        Ok(outbox_id) => {
            history::record_mail(ctx.db, history_id, outbox_id).await?;
            Ok(Changed { outcome, mailed: Some(outbox_id) })
        }
        Err(e) => {
            tracing::error!(order = %order.number, error = %e, "status mail not written");
            Ok(Changed { outcome, mailed: None })
        }
    }
}

/// The shopper's page of an order: their account's order page when they ordered logged in, else the guest page
/// with the link's token in the fragment (never sent to a server, so no log or `Referer` holds it).
pub fn shopper_link(public_url: &str, number: &str, account: bool, guest_token: Option<&str>) -> String {
    match guest_token {
        Some(token) if !account => format!("{public_url}/personal/order/status/#{token}"),
        _ => format!("{public_url}/personal/orders/{number}/"),
    }
}

/// An order as the mail templates see it: amounts as `2963.54 RUB`, the date as the language writes it.
#[derive(Debug, Clone, Serialize)]
pub struct OrderMail {
    pub number: String,
    /// `28.11.2026 10:00 UTC` (Russian) or `2026-11-28 10:00 UTC` (English).
    pub placed: String,
    pub total: String,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub city: String,
    pub address: Option<String>,
    /// `pickup` or `courier`; the templates name it.
    pub delivery_method: &'static str,
    /// `cash` or `card_on_delivery`.
    pub payment_method: &'static str,
    pub comment: Option<String>,
    pub lines: Vec<LineMail>,
    /// The shopper's page of the order (account orders: the account's page; [`shopper_link`]).
    #[serde(skip)]
    pub link: String,
}

/// One line as the templates see it.
#[derive(Debug, Clone, Serialize)]
pub struct LineMail {
    pub name: String,
    pub vendor_code: Option<String>,
    /// The offer's page, absolute.
    pub link: String,
    pub price: String,
    pub quantity: i64,
    pub sum: String,
}

impl OrderMail {
    /// `order` for the templates; errors when its stored currency code does not parse.
    pub fn new(order: &Order, public_url: &str) -> Result<Self, String> {
        let code = CurrencyCode::parse(&order.currency_id).map_err(|e| format!("order {}: {e}", order.number))?;
        let amount = |minor: i64| format!("{} {}", Money { minor, currency: code.clone() }.major_text(), code.as_str());
        let format = if mail_language(&order.language) == "en" { "%Y-%m-%d %H:%M UTC" } else { "%d.%m.%Y %H:%M UTC" };
        let placed = chrono::DateTime::parse_from_rfc3339(&order.created_at)
            .map_or_else(|_| order.created_at.clone(), |t| t.format(format).to_string());
        let d = &order.details;
        Ok(Self {
            number: order.number.clone(),
            placed,
            total: amount(order.total_minor),
            name: d.name.clone(),
            phone: d.phone.clone(),
            email: d.email.clone(),
            city: d.city.clone(),
            address: d.address.clone(),
            delivery_method: d.delivery_method.as_str(),
            payment_method: d.payment_method.as_str(),
            comment: d.comment.clone(),
            lines: order
                .lines
                .iter()
                .map(|l| LineMail {
                    name: l.name.clone(),
                    vendor_code: l.vendor_code.clone(),
                    link: format!("{public_url}{}", l.url),
                    price: amount(l.price_minor),
                    quantity: l.quantity,
                    sum: amount(l.sum_minor),
                })
                .collect(),
            link: shopper_link(public_url, &order.number, order.user_id.is_some(), None),
        })
    }
}

#[derive(Serialize)]
struct StatusContext<'a> {
    shop: &'a str,
    order: OrderMail,
    status: &'a str,
    comment: Option<&'a str>,
    link: String,
}

#[derive(Serialize)]
struct PlacedContext<'a> {
    shop: &'a str,
    order: &'a OrderMail,
    link: &'a str,
    admin_link: String,
}

/// The two mails of a new order: the owner's notification (Russian, every detail typed at checkout; topic `order`)
/// and the shopper's confirmation in the order's language with the link to the order's page (topic
/// `order_confirmation`), which carries only what the shop vouches for (issue 20: no free text typed at checkout,
/// which a mail client would turn into links). `guest_token`: the guest link's token, just made.
pub fn placed_mails(
    shop: &str,
    order: &Order,
    public_url: &str,
    guest_token: &str,
) -> Result<(NewMessage, NewMessage), String> {
    let mail = OrderMail::new(order, public_url)?;
    let link = shopper_link(public_url, &order.number, order.user_id.is_some(), Some(guest_token));
    let context = PlacedContext {
        shop,
        order: &mail,
        link: &link,
        admin_link: format!("{public_url}/admin/orders/{}", order.number),
    };
    let owner = render("order_owner", "ru", "order", None, &context).map_err(|e| e.to_string())?;
    let shopper = render("order_confirmation", &order.language, "order_confirmation", None, &context)
        .map_err(|e| e.to_string())?;
    Ok((owner, shopper))
}

/// The status an order's row holds, parsed.
pub fn status_of(order: &Order) -> Option<OrderStatus> {
    OrderStatus::parse(&order.status)
}
