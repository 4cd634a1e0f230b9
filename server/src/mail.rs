//! Notifications (issue 5): every message is written to the `outbox` table and logged; with SMTP configured
//! (`VITRINA_SMTP_URL`, lettre) it is also mailed in the background, and the outbox row records how that went.

use crate::db::Db;
use crate::db::forms::{NewMessage, insert_outbox, mark_outbox};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where notifications go and how.
pub struct Mailer {
    /// `None`: no SMTP server configured; messages stay in the outbox and the log.
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    /// The shop owner's address for form notifications (`VITRINA_NOTIFY_EMAIL`).
    notify_to: Option<String>,
}

impl Mailer {
    /// A mailer sending through `smtp_url` (lettre's URL form: `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host`), from `from` (`Shop <noreply@shop.example>`), notifying `notify_to`.
    /// Errors when a URL or address does not parse: `serve` refuses to start rather than lose mail.
    pub fn new(smtp_url: Option<&str>, from: &str, notify_to: Option<&str>) -> anyhow::Result<Self> {
        let transport = smtp_url
            .map(|url| AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|b| b.build()))
            .transpose()
            .map_err(|e| anyhow::anyhow!("VITRINA_SMTP_URL: {e}"))?;
        let from: Mailbox = from.parse().map_err(|e| anyhow::anyhow!("VITRINA_MAIL_FROM {from:?}: {e}"))?;
        if let Some(to) = notify_to {
            to.parse::<Mailbox>().map_err(|e| anyhow::anyhow!("VITRINA_NOTIFY_EMAIL {to:?}: {e}"))?;
        }
        Ok(Self { transport, from, notify_to: notify_to.map(str::to_owned) })
    }

    /// A mailer that only writes the outbox.
    pub fn outbox_only() -> Self {
        Self { transport: None, from: "Vitrina <noreply@localhost>".parse().expect("a valid mailbox"), notify_to: None }
    }

    /// The shop owner's address for notifications, if configured.
    pub fn owner_address(&self) -> Option<&str> {
        self.notify_to.as_deref()
    }

    /// Writes `message` to the outbox, logs it, and (with SMTP and a recipient) mails it in the background.
    /// Returns the outbox id. Only the outbox write can fail; a mailing failure is recorded in the row.
    pub async fn send(&self, pool: &Db, message: NewMessage) -> sqlx::Result<i64> {
        let id = insert_outbox(pool, &message).await?;
        tracing::info!(outbox_id = id, topic = %message.topic, recipient = ?message.recipient, subject = %message.subject, "notification");
        let (Some(transport), Some(recipient)) = (self.transport.clone(), message.recipient.clone()) else {
            return Ok(id);
        };
        let email = recipient.parse::<Mailbox>().map_err(|e| e.to_string()).and_then(|to| {
            Message::builder()
                .from(self.from.clone())
                .to(to)
                .subject(&message.subject)
                .multipart(MultiPart::alternative_plain_html(message.text_body.clone(), message.html_body.clone()))
                .map_err(|e| e.to_string())
        });
        let pool = pool.clone();
        tokio::spawn(async move {
            let result = match email {
                Ok(email) => transport.send(email).await.map(|_| ()).map_err(|e| e.to_string()),
                Err(e) => Err(e),
            };
            if let Err(e) = &result {
                tracing::warn!(outbox_id = id, error = %e, "notification not mailed");
            }
            if let Err(e) = mark_outbox(&pool, id, result).await {
                tracing::error!(outbox_id = id, error = %e, "outbox not updated");
            }
        });
        Ok(id)
    }
}
