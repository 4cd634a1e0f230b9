//! Notifications (issues 5 and 37): every message is written to the `outbox` table and logged; with SMTP configured
//! (`VITRINA_SMTP_URL`, lettre) and a recipient it is due at once, and the outbox worker ([`Mailer::run_outbox`])
//! mails it. A failed send is tried again after a backoff that grows fourfold (30 s, 2 min, 8 min, … by default)
//! and given up after the last attempt; `vitrina mail status` shows what waits and what failed, and why.
//!
//! Several instances on one database share the outbox: each due message is claimed by one instance for a lease
//! ([`crate::db::outbox::claim_due`]), so it is mailed once.

pub mod templates;

use crate::db::Db;
use crate::db::outbox::{self, Attempted, Due, NewMessage};
use crate::limits::{MAIL_CLAIM_LEASE, MAIL_POLL_MAX};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;
use tokio::sync::Notify;

/// How the outbox tries again: the first retry `first_delay` after a failure, each next one four times later,
/// `attempts` in all (`VITRINA_MAIL_RETRY_MS`, `VITRINA_MAIL_ATTEMPTS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    pub first_delay: Duration,
    /// At least 1.
    pub attempts: u32,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            first_delay: Duration::from_millis(crate::limits::MAIL_RETRY_FIRST_MS),
            attempts: crate::limits::MAIL_ATTEMPTS,
        }
    }
}

impl RetryPolicy {
    /// What follows a failed attempt when `made` attempts (this one included) have failed: the next try's time, or
    /// giving up.
    pub fn after_failure(&self, made: i64, error: String, now: chrono::DateTime<chrono::Utc>) -> Attempted {
        if made >= i64::from(self.attempts.max(1)) {
            return Attempted::GivenUp { error };
        }
        let exponent = u32::try_from(made - 1).unwrap_or(0).min(10);
        let delay = self.first_delay.saturating_mul(4_u32.pow(exponent)).min(Duration::from_secs(24 * 3600));
        let at = now + chrono::Duration::from_std(delay).unwrap_or_else(|_| chrono::Duration::hours(24));
        Attempted::RetryAt { error, at: outbox::instant_text(at) }
    }
}

/// Where notifications go and how.
pub struct Mailer {
    /// `None`: no SMTP server configured; messages stay in the outbox and the log.
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    /// The shop owner's address for form notifications (`VITRINA_NOTIFY_EMAIL`).
    notify_to: Option<String>,
    retry: RetryPolicy,
    /// Messages with a recipient are due even without a transport here: another process (the serving shop) mails
    /// them ([`Self::queue_only`]).
    queue: bool,
    /// Wakes the outbox worker when a message is due.
    wake: Notify,
}

impl Mailer {
    /// A mailer sending through `smtp_url` (lettre's URL form: `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host`), from `from` (`Shop <noreply@shop.example>`), notifying `notify_to`, retrying as `retry`.
    /// Errors when a URL or address does not parse: `serve` refuses to start rather than lose mail.
    pub fn new(
        smtp_url: Option<&str>,
        from: &str,
        notify_to: Option<&str>,
        retry: RetryPolicy,
    ) -> anyhow::Result<Self> {
        let transport = smtp_url
            .map(|url| {
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map(|b| b.timeout(Some(crate::limits::MAIL_SEND_TIMEOUT)).build())
            })
            .transpose()
            .map_err(|e| anyhow::anyhow!("VITRINA_SMTP_URL: {e}"))?;
        let from: Mailbox = from.parse().map_err(|e| anyhow::anyhow!("VITRINA_MAIL_FROM {from:?}: {e}"))?;
        if let Some(to) = notify_to {
            to.parse::<Mailbox>().map_err(|e| anyhow::anyhow!("VITRINA_NOTIFY_EMAIL {to:?}: {e}"))?;
        }
        Ok(Self { transport, from, notify_to: notify_to.map(str::to_owned), retry, queue: false, wake: Notify::new() })
    }

    /// A mailer that only writes the outbox.
    pub fn outbox_only() -> Self {
        Self {
            transport: None,
            from: "Vitrina <noreply@localhost>".parse().expect("a valid mailbox"),
            notify_to: None,
            retry: RetryPolicy::default(),
            queue: false,
            wake: Notify::new(),
        }
    }

    /// A mailer for the CLI (issue 37: `vitrina orders set-status --notify`): it writes messages with a recipient
    /// as due, and the serving shop's outbox worker mails them (it looks every few seconds) under its own SMTP
    /// settings, with the same retries as the back office's mails.
    pub fn queue_only() -> Self {
        Self { queue: true, ..Self::outbox_only() }
    }

    /// The shop owner's address for notifications, if configured.
    pub fn owner_address(&self) -> Option<&str> {
        self.notify_to.as_deref()
    }

    /// Writes `message` to the outbox and logs it; with SMTP and a recipient it is due at once and the outbox worker
    /// is woken. Returns the outbox id. Only the outbox write can fail; how mailing goes is recorded in the row.
    pub async fn send(&self, db: &Db, message: NewMessage) -> sqlx::Result<i64> {
        let due = (self.transport.is_some() || self.queue) && message.recipient.is_some();
        let id = outbox::insert(db, &message, due).await?;
        tracing::info!(outbox_id = id, topic = %message.topic, recipient = ?message.recipient, subject = %message.subject, "notification");
        if due {
            self.wake.notify_one();
        }
        Ok(id)
    }

    /// The outbox worker of `serve` (with SMTP configured): claims due messages, mails them, records each attempt,
    /// and sleeps until woken by [`Self::send`] or until the next look (at most [`MAIL_POLL_MAX`], sooner with a
    /// short retry delay). Runs until the process ends; a database error is logged and the next look tries again.
    pub async fn run_outbox(self: std::sync::Arc<Self>, db: Db) {
        let Some(transport) = self.transport.clone() else { return };
        let poll = self.retry.first_delay.clamp(Duration::from_millis(50), MAIL_POLL_MAX);
        loop {
            let now = chrono::Utc::now();
            let lease =
                now + chrono::Duration::from_std(MAIL_CLAIM_LEASE).unwrap_or_else(|_| chrono::Duration::minutes(5));
            let claimed = outbox::claim_due(&db, &outbox::instant_text(now), &outbox::instant_text(lease), 20).await;
            match claimed {
                Ok(batch) if !batch.is_empty() => {
                    for message in batch {
                        self.deliver(&transport, &db, message).await;
                    }
                    continue;
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the outbox could not be read; trying again"),
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
            }
        }
    }

    /// Mails one claimed message and records how it went.
    async fn deliver(&self, transport: &AsyncSmtpTransport<Tokio1Executor>, db: &Db, message: Due) {
        let email = message.recipient.parse::<Mailbox>().map_err(|e| e.to_string()).and_then(|to| {
            Message::builder()
                .from(self.from.clone())
                .to(to)
                .subject(&message.subject)
                .multipart(MultiPart::alternative_plain_html(message.text_body.clone(), message.html_body.clone()))
                .map_err(|e| e.to_string())
        });
        let result = match email {
            Ok(email) => transport.send(email).await.map(drop).map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        let attempted = match result {
            Ok(()) => Attempted::Sent,
            Err(error) => {
                let next = self.retry.after_failure(message.attempts + 1, error, chrono::Utc::now());
                match &next {
                    Attempted::RetryAt { error, at } => {
                        tracing::warn!(outbox_id = message.id, error = %error, retry_at = %at, "notification not mailed; retrying later");
                    }
                    Attempted::GivenUp { error } => {
                        tracing::error!(outbox_id = message.id, error = %error, "notification not mailed; given up (`vitrina mail status`)");
                    }
                    Attempted::Sent => {}
                }
                next
            }
        };
        if let Err(e) = outbox::record(db, message.id, &attempted).await {
            tracing::error!(outbox_id = message.id, error = %e, "outbox not updated");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_grow_fourfold_and_stop_after_the_last_attempt() {
        let policy = RetryPolicy { first_delay: Duration::from_secs(30), attempts: 4 };
        let now = chrono::DateTime::parse_from_rfc3339("2026-11-28T10:00:00Z").unwrap().to_utc();
        let at = |made| match policy.after_failure(made, "421".into(), now) {
            Attempted::RetryAt { at, .. } => at,
            other => panic!("{other:?}"),
        };
        assert_eq!(at(1), "2026-11-28T10:00:30.000Z");
        assert_eq!(at(2), "2026-11-28T10:02:00.000Z");
        assert_eq!(at(3), "2026-11-28T10:08:00.000Z");
        assert_eq!(policy.after_failure(4, "550".into(), now), Attempted::GivenUp { error: "550".into() });
    }
}
