//! Tables `forms`, `form_submissions` and `captchas` (issue 5). Each function says the SQL it runs.

use super::Db;
use crate::domain::forms::{FormDefinition, default_forms};
use crate::limits::CAPTCHA_LIFETIME_S;

use super::now_text;

fn now_unix() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `INSERT INTO forms … ON CONFLICT DO NOTHING`: the default forms (`callback`, `feedback`) for a shop that has none of that code
/// yet. Never overwrites a form, seeded or imported.
pub async fn ensure_defaults(db: &Db) -> anyhow::Result<()> {
    for form in default_forms() {
        on_pool!(db, pool => sqlx::query(
            "INSERT INTO forms (code, definition, imported, updated_at) VALUES ($1, $2, FALSE, $3) ON CONFLICT DO NOTHING",
        )
        .bind(&form.code)
        .bind(serde_json::to_string(&form)?)
        .bind(now_text())
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    }
    Ok(())
}

/// `SELECT definition FROM forms WHERE code = ?`, parsed. A row that no longer parses (written by another
/// version) is an error, not a missing form.
pub async fn find(db: &Db, code: &str) -> anyhow::Result<Option<FormDefinition>> {
    let row: Option<String> = on_pool!(db, pool => sqlx::query_scalar("SELECT definition FROM forms WHERE code = $1").bind(code).fetch_optional(pool).await)?;
    Ok(row.map(|json| serde_json::from_str(&json)).transpose()?)
}

/// Every form, by code (`vitrina forms export`).
pub async fn list(db: &Db) -> anyhow::Result<Vec<FormDefinition>> {
    let rows: Vec<String> =
        on_pool!(db, pool => sqlx::query_scalar("SELECT definition FROM forms ORDER BY code").fetch_all(pool).await)?;
    Ok(rows.iter().map(|json| serde_json::from_str(json)).collect::<Result<_, _>>()?)
}

/// `INSERT … ON CONFLICT (code) DO UPDATE` for each form, in one transaction (`vitrina forms import`; the forms
/// are validated first). Forms not in the file stay.
pub async fn import(db: &Db, forms: &[FormDefinition]) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    for form in forms {
        on_tx!(tx, tx => sqlx::query(
            "INSERT INTO forms (code, definition, imported, updated_at) VALUES ($1, $2, TRUE, $3)
             ON CONFLICT (code) DO UPDATE SET definition = excluded.definition, imported = TRUE,
             updated_at = excluded.updated_at",
        )
        .bind(&form.code)
        .bind(serde_json::to_string(form)?)
        .bind(now_text())
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(())
}

/// `DELETE FROM captchas WHERE created_at <= now − CAPTCHA_LIFETIME_S`: captchas past their ten minutes, used or
/// not. Returns how many. Run before each new captcha and by the shop's periodic sweep (issue 20).
pub async fn delete_void_captchas(db: &Db) -> sqlx::Result<u64> {
    Ok(on_pool!(db, pool => sqlx::query("DELETE FROM captchas WHERE created_at <= $1")
        .bind(now_unix() - CAPTCHA_LIFETIME_S)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?)
}

/// Makes a captcha for `form_code`, bound to `visitor` (issue 20: only they can use it), and returns its sid (32
/// random bytes, hex). Deletes void captchas first
/// (older than [`CAPTCHA_LIFETIME_S`]), so the table holds at most ten minutes' worth.
pub async fn create_captcha(db: &Db, form_code: &str, visitor: &str) -> sqlx::Result<String> {
    let now = now_unix();
    delete_void_captchas(db).await?;
    let bytes: [u8; 16] = rand::random();
    let sid: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    on_pool!(db, pool => sqlx::query("INSERT INTO captchas (sid, form_code, visitor_id, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&sid)
        .bind(form_code)
        .bind(visitor)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(sid)
}

/// `UPDATE captchas SET word = ? WHERE sid = ?` for a live captcha (not used, not void): the word of the image
/// just drawn. False when there is no such captcha.
pub async fn set_captcha_word(db: &Db, sid: &str, word: &str) -> sqlx::Result<bool> {
    Ok(
        on_pool!(db, pool => sqlx::query("UPDATE captchas SET word = $1 WHERE sid = $2 AND used_at IS NULL AND created_at > $3")
        .bind(word)
        .bind(sid)
        .bind(now_unix() - CAPTCHA_LIFETIME_S)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?
            == 1,
    )
}

/// The word last drawn for the live captcha `sid`: `Some(None)` when no image was drawn yet, `None` when the captcha
/// is unknown, used up or void. `SELECT word FROM captchas WHERE sid = ? AND used_at IS NULL AND created_at > ?`.
pub async fn captcha_word(db: &Db, sid: &str) -> sqlx::Result<Option<Option<String>>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT word FROM captchas WHERE sid = $1 AND used_at IS NULL AND created_at > $2")
        .bind(sid)
        .bind(now_unix() - CAPTCHA_LIFETIME_S)
        .fetch_optional(pool)
        .await)
}

/// A visitor's answer to a captcha: the captcha `sid` of form `form_code`, the `word` typed, and the `visitor` who
/// typed it (issue 20: a captcha is only its own visitor's).
#[derive(Debug, Clone, Copy)]
pub struct CaptchaGuess<'a> {
    pub sid: &'a str,
    pub form_code: &'a str,
    pub visitor: &'a str,
    pub word: &'a str,
}

impl CaptchaGuess<'_> {
    /// Whether `stored` (the captcha's word, if drawn) is the guessed word, case-insensitive.
    fn matches(&self, stored: Option<Option<String>>) -> bool {
        matches!(stored, Some(Some(stored)) if !self.word.is_empty() && stored.eq_ignore_ascii_case(self.word.trim()))
    }
}

/// Whether `guess` names its visitor's live captcha with its word. Does not use it up (spec §5: the form checks the
/// word while the shopper types).
pub async fn check_captcha(db: &Db, guess: &CaptchaGuess<'_>) -> sqlx::Result<bool> {
    let stored = on_pool!(db, pool => sqlx::query_scalar(
        "SELECT word FROM captchas
         WHERE sid = $1 AND form_code = $2 AND visitor_id = $3 AND used_at IS NULL AND created_at > $4",
    )
    .bind(guess.sid)
    .bind(guess.form_code)
    .bind(guess.visitor)
    .bind(now_unix() - CAPTCHA_LIFETIME_S)
    .fetch_optional(pool)
    .await)?;
    Ok(guess.matches(stored))
}

/// Uses the captcha `guess` names up (a submission, right or wrong) and says whether its word matched; another
/// visitor's captcha is neither used up nor matched (issue 20). `UPDATE captchas SET used_at = now … RETURNING word`:
/// two submissions racing for one captcha cannot both pass.
pub async fn use_captcha(db: &Db, guess: &CaptchaGuess<'_>) -> sqlx::Result<bool> {
    let now = now_unix();
    let stored = on_pool!(db, pool => sqlx::query_scalar(
        "UPDATE captchas SET used_at = $1
         WHERE sid = $2 AND form_code = $3 AND visitor_id = $4 AND used_at IS NULL AND created_at > $5
         RETURNING word",
    )
    .bind(now)
    .bind(guess.sid)
    .bind(guess.form_code)
    .bind(guess.visitor)
    .bind(now - CAPTCHA_LIFETIME_S)
    .fetch_optional(pool)
    .await)?;
    Ok(guess.matches(stored))
}

/// A stored submission.
#[derive(Debug, Clone)]
pub struct NewSubmission<'a> {
    pub form_code: &'a str,
    /// The fields by code as JSON (see `domain::forms::CleanSubmission::values`).
    pub field_values: &'a serde_json::Map<String, serde_json::Value>,
    pub source_url: Option<&'a str>,
    pub visitor_id: &'a str,
    pub client_addr: Option<String>,
}

/// `INSERT INTO form_submissions`; returns the new id.
pub async fn insert_submission(db: &Db, s: &NewSubmission<'_>) -> anyhow::Result<i64> {
    let id = on_pool!(db, pool => sqlx::query_scalar(
        "INSERT INTO form_submissions (form_code, field_values, source_url, visitor_id, client_addr, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(s.form_code)
    .bind(serde_json::to_string(s.field_values)?)
    .bind(s.source_url)
    .bind(s.visitor_id)
    .bind(&s.client_addr)
    .bind(now_text())
    .fetch_one(pool)
    .await)?;
    Ok(id)
}
