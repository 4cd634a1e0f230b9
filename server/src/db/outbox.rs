//! Table `outbox` (issues 5 and 37): every notification the shop writes, and how mailing it went. A message with a
//! recipient is due at once when the shop has SMTP; a failed send is due again after a backoff, and after the last
//! attempt it is given up and shown as failed (`vitrina mail status`). Each function says the SQL it runs.

use super::Db;
use super::now_text;

/// Now as `next_attempt_at` holds instants: RFC 3339 UTC with milliseconds, so that they compare as text.
pub fn instant_text(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A notification to write to the outbox.
#[derive(Debug, Clone)]
pub struct NewMessage {
    /// What it is about: `form_submission`, `order`, `order_confirmation`, `order_status`, …
    pub topic: String,
    /// The e-mail address, `None` when the shop has none configured (then it is only logged).
    pub recipient: Option<String>,
    pub subject: String,
    pub text_body: String,
    /// The same as HTML, every shopper-typed value escaped.
    pub html_body: String,
}

/// `INSERT INTO outbox … RETURNING id`; `due`: to be mailed now (`next_attempt_at` is now), else only kept.
pub async fn insert(db: &Db, m: &NewMessage, due: bool) -> sqlx::Result<i64> {
    let now = now_text();
    on_pool!(db, pool => sqlx::query_scalar(
        "INSERT INTO outbox (topic, recipient, subject, text_body, html_body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(&m.topic)
    .bind(&m.recipient)
    .bind(&m.subject)
    .bind(&m.text_body)
    .bind(&m.html_body)
    .bind(&now)
    .bind(due.then(|| instant_text(chrono::Utc::now())))
    .fetch_one(pool)
    .await)
}

/// A message to mail, as claimed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Due {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    /// Attempts made before this one.
    pub attempts: i64,
}

/// Claims up to `limit` messages due by `now` ([`instant_text`]) for one instance until `lease_until`:
/// `SELECT id, next_attempt_at … WHERE next_attempt_at <= ? AND sent_at IS NULL AND failed_at IS NULL`, then per
/// message `UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND next_attempt_at = ?`. Only the instance whose
/// update wrote the row mails it; a claim left by an instance that died comes due again at `lease_until`.
pub async fn claim_due(db: &Db, now: &str, lease_until: &str, limit: i64) -> sqlx::Result<Vec<Due>> {
    let due: Vec<(i64, String)> = on_pool!(db, pool => sqlx::query_as(
        "SELECT id, next_attempt_at FROM outbox
         WHERE next_attempt_at <= $1 AND sent_at IS NULL AND failed_at IS NULL AND recipient IS NOT NULL
         ORDER BY next_attempt_at, id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(pool)
    .await)?;
    let mut claimed = Vec::new();
    for (id, was) in due {
        let won = on_pool!(db, pool => sqlx::query("UPDATE outbox SET next_attempt_at = $1 WHERE id = $2 AND next_attempt_at = $3")
            .bind(lease_until)
            .bind(id)
            .bind(&was)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?;
        if won == 1 {
            let message: Option<Due> = on_pool!(db, pool => sqlx::query_as(
                "SELECT id, recipient, subject, text_body, html_body, attempts FROM outbox WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await)?;
            claimed.extend(message);
        }
    }
    Ok(claimed)
}

/// How one mailing attempt ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempted {
    Sent,
    /// Failed; to be tried again at this instant (RFC 3339 UTC, milliseconds).
    RetryAt {
        error: String,
        at: String,
    },
    /// Failed for the last time: given up.
    GivenUp {
        error: String,
    },
}

/// Records one mailing attempt of message `id`: `UPDATE outbox SET attempts = attempts + 1, sent_at, last_error,
/// next_attempt_at, failed_at …`.
pub async fn record(db: &Db, id: i64, attempted: &Attempted) -> sqlx::Result<()> {
    let now = now_text();
    let (sent_at, error, next, failed_at) = match attempted {
        Attempted::Sent => (Some(now), None, None, None),
        Attempted::RetryAt { error, at } => (None, Some(error.clone()), Some(at.clone()), None),
        Attempted::GivenUp { error } => (None, Some(error.clone()), None, Some(now)),
    };
    on_pool!(db, pool => sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, sent_at = $1, last_error = $2, next_attempt_at = $3, failed_at = $4
         WHERE id = $5",
    )
    .bind(sent_at)
    .bind(error)
    .bind(next)
    .bind(failed_at)
    .bind(id)
    .execute(pool)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The outbox's counts, for `vitrina mail status` and the back office.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[schema(as = MailCounts)]
pub struct Counts {
    /// Mailed.
    pub sent: i64,
    /// To be mailed: due now or after a failed attempt's backoff.
    pub waiting: i64,
    /// Given up after the last attempt.
    pub failed: i64,
    /// Kept only: written without SMTP configured or without a recipient.
    pub kept: i64,
}

/// `SELECT COUNT(*) … FILTER`-like sums over `outbox`, in one statement both databases run.
pub async fn counts(db: &Db) -> sqlx::Result<Counts> {
    let (sent, waiting, failed, kept): (i64, i64, i64, i64) = on_pool!(db, pool => sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NULL AND next_attempt_at IS NOT NULL
                                       THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NULL AND next_attempt_at IS NULL
                                       THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM outbox",
    )
    .fetch_one(pool)
    .await)?;
    Ok(Counts { sent, waiting, failed, kept })
}

/// A message waiting or given up, as `vitrina mail status` lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsent {
    pub id: i64,
    pub topic: String,
    pub recipient: Option<String>,
    pub subject: String,
    pub created_at: String,
    pub attempts: i64,
    /// The last attempt's error, as the SMTP server or the connection gave it.
    pub last_error: Option<String>,
    /// When the next attempt is due; none once given up.
    pub next_attempt_at: Option<String>,
    /// When it was given up.
    pub failed_at: Option<String>,
}

/// The newest `limit` messages waiting or given up: `SELECT … FROM outbox WHERE sent_at IS NULL AND
/// (next_attempt_at IS NOT NULL OR failed_at IS NOT NULL) ORDER BY id DESC LIMIT ?`.
pub async fn unsent(db: &Db, limit: i64) -> sqlx::Result<Vec<Unsent>> {
    on_pool!(db, pool => sqlx::query_as(
        "SELECT id, topic, recipient, subject, created_at, attempts, last_error, next_attempt_at, failed_at FROM outbox
         WHERE sent_at IS NULL AND (next_attempt_at IS NOT NULL OR failed_at IS NOT NULL) ORDER BY id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await)
}

/// Makes every given-up message due again now, with its attempts counted afresh: `UPDATE outbox SET failed_at =
/// NULL, attempts = 0, next_attempt_at = ? WHERE failed_at IS NOT NULL`. Returns how many.
pub async fn retry_failed(db: &Db) -> sqlx::Result<u64> {
    on_pool!(db, pool => sqlx::query(
        "UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = $1 WHERE failed_at IS NOT NULL",
    )
    .bind(instant_text(chrono::Utc::now()))
    .execute(pool)
    .await.map(|r| r.rows_affected()))
}
