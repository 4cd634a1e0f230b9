//! The CLI's order, staff and mail commands (issue 37): `vitrina orders list|show|set-status`, `vitrina staff
//! add|list|remove|reset-password`, `vitrina mail status`. Each writes its report to `out`; the same rules as the
//! back office (the life cycle, the history, the shopper's mail).

use crate::config::{MailCommand, MailCommandArgs, OrdersArgs, OrdersCommand, StaffArgs, StaffCommand};
use crate::db::Db;
use crate::db::order_status::{self as history, OrderFilter, StatusChange};
use crate::db::orders::OrderKey;
use crate::domain::money::{CurrencyCode, Money};
use crate::domain::order_status::{ActorKind, OrderStatus};
use std::io::Write;

/// The day or instant `text` as the orders' `created_at` compares: `YYYY-MM-DD` is that day's start in UTC (or, as
/// the range's end `to_end`, the next day's start); RFC 3339 as it is.
fn bound(text: &str, to_end: bool) -> anyhow::Result<String> {
    if let Ok(day) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        let day = if to_end { day.succ_opt().unwrap_or(day) } else { day };
        return Ok(format!("{day}T00:00:00Z"));
    }
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|_| anyhow::anyhow!("{text:?} is neither a day (YYYY-MM-DD) nor an RFC 3339 instant"))?;
    Ok(at.to_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

fn parse_status(text: &str) -> anyhow::Result<OrderStatus> {
    OrderStatus::parse(text.trim()).ok_or_else(|| {
        let all: Vec<&str> = OrderStatus::ALL.iter().map(|s| s.as_str()).collect();
        anyhow::anyhow!("{text:?} is not an order status: one of {}", all.join(", "))
    })
}

fn amount(minor: i64, currency: &str) -> String {
    match CurrencyCode::parse(currency) {
        Ok(code) => format!("{} {}", Money { minor, currency: code }.major_text(), currency),
        Err(_) => format!("{minor} (minor units of {currency})"),
    }
}

/// `vitrina orders …`.
pub async fn orders(db: &Db, args: OrdersArgs, out: &mut impl Write) -> anyhow::Result<()> {
    match args.command {
        OrdersCommand::List { status, from, to, search, limit, json } => {
            let filter = OrderFilter {
                status: status.as_deref().map(parse_status).transpose()?,
                from: from.as_deref().map(|t| bound(t, false)).transpose()?,
                to: to.as_deref().map(|t| bound(t, true)).transpose()?,
                query: search,
            };
            let rows = history::list(db, &filter, 1, limit.clamp(1, 100_000)).await?;
            for o in rows {
                if json {
                    let value = serde_json::json!({"number": o.number, "createdAt": o.created_at, "status": o.status,
                        "name": o.name, "phone": o.phone, "email": o.email, "totalMinor": o.total_minor,
                        "currencyId": o.currency_id, "items": o.item_count});
                    writeln!(out, "{value}")?;
                } else {
                    writeln!(
                        out,
                        "{:>8}  {}  {:<10} {}  {}  {}",
                        o.number,
                        o.created_at,
                        o.status,
                        o.name,
                        o.phone,
                        amount(o.total_minor, &o.currency_id)
                    )?;
                }
            }
        }
        OrdersCommand::Show { number, json } => {
            let order = crate::db::orders::read(db, OrderKey::Number(&number))
                .await?
                .ok_or_else(|| anyhow::anyhow!("no order {number:?}"))?;
            let entries = history::history(db, order.id, false).await?;
            if json {
                let lines: Vec<_> = order
                    .lines
                    .iter()
                    .map(|l| {
                        serde_json::json!({"offerId": l.offer_id,
                    "name": l.name, "vendorCode": l.vendor_code, "priceMinor": l.price_minor, "quantity": l.quantity,
                    "sumMinor": l.sum_minor})
                    })
                    .collect();
                let steps: Vec<_> = entries
                    .iter()
                    .map(|e| {
                        serde_json::json!({"at": e.at, "actorKind": e.actor_kind,
                    "actor": e.actor, "from": e.old_status, "to": e.new_status, "comment": e.comment,
                    "outcome": e.outcome, "mailed": e.outbox_id.is_some()})
                    })
                    .collect();
                let d = &order.details;
                let value = serde_json::json!({"number": order.number, "status": order.status,
                    "createdAt": order.created_at, "updatedAt": order.updated_at, "language": order.language,
                    "name": d.name, "phone": d.phone, "email": d.email, "city": d.city, "address": d.address,
                    "deliveryMethod": d.delivery_method.as_str(), "paymentMethod": d.payment_method.as_str(),
                    "comment": d.comment, "totalMinor": order.total_minor, "currencyId": order.currency_id,
                    "lines": lines, "history": steps});
                writeln!(out, "{value}")?;
                return Ok(());
            }
            let d = &order.details;
            writeln!(out, "order {}  {}  placed {}", order.number, order.status, order.created_at)?;
            writeln!(out, "shopper:  {}, {}, {}", d.name, d.phone, d.email.as_deref().unwrap_or("no e-mail"))?;
            writeln!(
                out,
                "delivery: {} {}, {}",
                d.delivery_method.as_str(),
                d.city,
                d.address.as_deref().unwrap_or("")
            )?;
            writeln!(out, "payment:  {}", d.payment_method.as_str())?;
            if let Some(comment) = &d.comment {
                writeln!(out, "comment:  {comment}")?;
            }
            for (i, l) in order.lines.iter().enumerate() {
                writeln!(
                    out,
                    "{:>3}. {} × {} = {}  ({})",
                    i + 1,
                    amount(l.price_minor, &l.currency_id),
                    l.quantity,
                    amount(l.sum_minor, &l.currency_id),
                    l.name
                )?;
            }
            writeln!(out, "total:    {}", amount(order.total_minor, &order.currency_id))?;
            for e in entries {
                let who = e.actor.as_deref().unwrap_or("");
                let mailed = if e.outbox_id.is_some() { ", mailed" } else { "" };
                writeln!(
                    out,
                    "  {}  {} → {}  by {} {who} ({}{mailed}){}",
                    e.at,
                    e.old_status,
                    e.new_status,
                    e.actor_kind,
                    e.outcome,
                    e.comment.map(|c| format!(": {c}")).unwrap_or_default()
                )?;
            }
        }
        OrdersCommand::SetStatus { number, status, comment, notify, links } => {
            let to = parse_status(&status)?;
            let comment = comment.as_deref().map(str::trim).filter(|c| !c.is_empty());
            if comment.is_some_and(|c| c.chars().count() > crate::limits::ORDER_STATUS_COMMENT_MAX_CHARS) {
                anyhow::bail!(
                    "the comment is longer than {} characters",
                    crate::limits::ORDER_STATUS_COMMENT_MAX_CHARS
                );
            }
            let user = std::env::var("USER").ok().filter(|u| !u.is_empty());
            let change = StatusChange {
                number: &number,
                seen: None,
                to,
                actor_kind: ActorKind::Cli,
                actor: user.as_deref(),
                comment,
            };
            // Queued: the serving shop's outbox worker mails it under its own SMTP settings.
            let mailer = crate::mail::Mailer::queue_only();
            let public_url = links.public_url.trim_end_matches('/');
            let ctx = crate::orders::Context { db, mailer: &mailer, public_url };
            let changed = crate::orders::change_status(ctx, &change, notify).await?;
            match changed.outcome {
                history::ChangeOutcome::Applied { from, .. } => {
                    let mailed = match changed.mailed {
                        Some(id) => format!("; the shopper's mail is outbox message {id}"),
                        None if notify => "; no mail: the order has no e-mail".to_owned(),
                        None => String::new(),
                    };
                    writeln!(out, "order {number}: {from} → {to}{mailed}")?;
                }
                history::ChangeOutcome::NotFound => anyhow::bail!("no order {number:?}"),
                history::ChangeOutcome::ChangedMeanwhile { now } => anyhow::bail!("order {number} is {now} by now"),
                history::ChangeOutcome::Refused(refused) => {
                    anyhow::bail!("order {number}: {refused} ({})", refused.code())
                }
            }
        }
    }
    Ok(())
}

/// The one-time set-password link printed for a staff member: the back office's page with the token in the
/// fragment (never sent to a server). Returns the link; stores the token's hash with its end.
async fn one_time_link(db: &Db, email: &str, public_url: &str, new: Option<&str>) -> anyhow::Result<Option<String>> {
    let (token, hash) = crate::domain::accounts::new_reset_token();
    let expires = chrono::Utc::now()
        + chrono::Duration::from_std(crate::limits::STAFF_LINK_TTL).unwrap_or_else(|_| chrono::Duration::hours(24));
    let expires = expires.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let stored = match new {
        Some(role) => {
            let stamp = crate::domain::accounts::new_session_stamp();
            crate::db::staff::add(db, email, role, &stamp, &hash, &expires).await?.is_some()
        }
        None => crate::db::staff::renew_link(db, email, &hash, &expires).await?,
    };
    Ok(stored.then(|| format!("{}/admin/set-password#{token}", public_url.trim_end_matches('/'))))
}

/// `vitrina staff …`.
pub async fn staff(db: &Db, args: StaffArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let normalise = |email: &str| crate::domain::contact::login_name(email);
    match args.command {
        StaffCommand::Add { email, role, links } => {
            let email = normalise(&email);
            crate::domain::accounts::check_email("email", &email).map_err(|e| anyhow::anyhow!("{}", e.detail))?;
            let role = crate::api::admin::Role::parse(role.trim())
                .ok_or_else(|| anyhow::anyhow!("{role:?} is not a role: owner, manager or exchange"))?;
            let link = one_time_link(db, &email, &links.public_url, Some(role.as_str()))
                .await?
                .ok_or_else(|| anyhow::anyhow!("{email} is staff already (`vitrina staff reset-password`)"))?;
            writeln!(out, "staff added: {email} ({})", role.as_str())?;
            writeln!(out, "one-time link to set the password (24 hours): {link}")?;
        }
        StaffCommand::List { json } => {
            for member in crate::db::staff::list(db).await? {
                if json {
                    writeln!(out, "{}", serde_json::to_string(&member)?)?;
                } else {
                    let state = if member.active { "active" } else { "password not set" };
                    writeln!(out, "{:<40} {:<8} {state}", member.email, member.role)?;
                }
            }
        }
        StaffCommand::Remove { email } => {
            let email = normalise(&email);
            let members = crate::db::staff::list(db).await?;
            let member =
                members.iter().find(|m| m.email == email).ok_or_else(|| anyhow::anyhow!("no staff {email}"))?;
            if member.role == "owner" && crate::db::staff::other_owners(db, &email).await? == 0 {
                anyhow::bail!("{email} is the last owner: add another owner first");
            }
            crate::db::staff::remove(db, &email).await?;
            writeln!(out, "staff removed: {email}; their sessions have ended")?;
        }
        StaffCommand::ResetPassword { email, links } => {
            let email = normalise(&email);
            let link = one_time_link(db, &email, &links.public_url, None)
                .await?
                .ok_or_else(|| anyhow::anyhow!("no staff {email}"))?;
            writeln!(out, "one-time link to set a new password (24 hours): {link}")?;
        }
    }
    Ok(())
}

/// `vitrina mail …`.
pub async fn mail(db: &Db, args: MailCommandArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let MailCommand::Status { json, retry_failed } = args.command;
    if retry_failed {
        let due = crate::db::outbox::retry_failed(db).await?;
        writeln!(out, "failed messages due again: {due}")?;
    }
    let counts = crate::db::outbox::counts(db).await?;
    let unsent = crate::db::outbox::unsent(db, crate::limits::IMPORT_REPORT_MAX_ITEMS as i64).await?;
    if json {
        writeln!(out, "{}", serde_json::json!({"counts": counts, "unsent": unsent}))?;
        return Ok(());
    }
    writeln!(out, "sent:     {}", counts.sent)?;
    writeln!(out, "waiting:  {}", counts.waiting)?;
    writeln!(out, "failed:   {}", counts.failed)?;
    writeln!(out, "kept:     {} (no SMTP configured or no recipient: only in the outbox and the log)", counts.kept)?;
    for m in unsent {
        let state = match (&m.failed_at, &m.next_attempt_at) {
            (Some(at), _) => format!("failed {at}"),
            (None, Some(at)) => format!("next attempt {at}"),
            (None, None) => String::new(),
        };
        writeln!(
            out,
            "  #{} {} to {}: {:?}: {} attempt(s), {state}: {}",
            m.id,
            m.topic,
            m.recipient.as_deref().unwrap_or("-"),
            m.subject,
            m.attempts,
            m.last_error.as_deref().unwrap_or("")
        )?;
    }
    Ok(())
}
