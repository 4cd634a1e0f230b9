//! Tables `users` and `password_resets` (issue 7), and the merge of a guest's basket, wishlist, compare list and
//! recently viewed into an account's at log-in. Each function says the SQL it runs.

use super::Db;
use crate::domain::accounts::{AccountPhone, ProfileChange};
use crate::limits::{BASKET_MAX_QUANTITY, COMPARE_MAX_ITEMS};

/// An account as the API shows it, with the keys the session needs.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Account {
    pub id: i64,
    /// Trimmed, lower-cased.
    pub email: String,
    pub name: String,
    /// International format as typed; `None` when not given.
    pub phone: Option<String>,
    /// iso2, lower case; set with `phone`.
    pub phone_country: Option<String>,
    /// The account's visitor key (basket, wishlist, compare, viewed).
    pub visitor_id: String,
    /// Changes with each password change; sessions with another are logged out.
    pub session_stamp: String,
}

/// A new account's row.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub email: &'a str,
    /// argon2id PHC string.
    pub password_hash: &'a str,
    pub name: &'a str,
    pub phone: Option<&'a AccountPhone>,
    /// A fresh visitor id (never a guest's).
    pub visitor_id: &'a str,
    pub session_stamp: &'a str,
}

/// Another account has the e-mail (the `UNIQUE` constraint of `users.email` said so).
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("the e-mail belongs to another account")]
    EmailTaken,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

fn write_error(err: sqlx::Error) -> WriteError {
    match &err {
        sqlx::Error::Database(e) if e.is_unique_violation() && e.message().contains("users.email") => {
            WriteError::EmailTaken
        }
        _ => WriteError::Db(err),
    }
}

fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `INSERT INTO users … RETURNING …`: the new account. [`WriteError::EmailTaken`] when the e-mail is another's
/// (also when a concurrent registration took it first).
pub async fn create(db: &Db, user: &NewUser<'_>) -> Result<Account, WriteError> {
    on_pool!(db, pool => sqlx::query_as(
        "INSERT INTO users (email, password_hash, name, phone, phone_country, visitor_id, session_stamp, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, email, name, phone, phone_country, visitor_id, session_stamp",
    )
    .bind(user.email)
    .bind(user.password_hash)
    .bind(user.name)
    .bind(user.phone.map(|p| p.phone.as_str()))
    .bind(user.phone.map(|p| p.country.as_str()))
    .bind(user.visitor_id)
    .bind(user.session_stamp)
    .bind(now_text())
    .fetch_one(pool)
    .await)
    .map_err(write_error)
}

/// `SELECT … FROM users WHERE id = ?`.
pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<Account>> {
    on_pool!(db, pool => sqlx::query_as("SELECT id, email, name, phone, phone_country, visitor_id, session_stamp FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// `SELECT …, password_hash FROM users WHERE email = ?` (`email` already normalised): the account and its hash.
pub async fn find_by_email(db: &Db, email: &str) -> sqlx::Result<Option<(Account, String)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        account: Account,
        password_hash: String,
    }
    let row: Option<Row> = on_pool!(db, pool => sqlx::query_as(
        "SELECT id, email, name, phone, phone_country, visitor_id, session_stamp, password_hash
         FROM users WHERE email = $1",
    )
    .bind(email)
    .fetch_optional(pool)
    .await)?;
    Ok(row.map(|r| (r.account, r.password_hash)))
}

/// `SELECT password_hash FROM users WHERE id = ?`.
pub async fn password_hash(db: &Db, id: i64) -> sqlx::Result<Option<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1").bind(id).fetch_optional(pool).await)
}

/// `SELECT session_stamp FROM users WHERE id = ?`: what a logged-in session is checked against on every `/api`
/// request; `None` when the account is gone.
pub async fn session_stamp(db: &Db, id: i64) -> sqlx::Result<Option<String>> {
    on_pool!(db, pool => sqlx::query_scalar("SELECT session_stamp FROM users WHERE id = $1").bind(id).fetch_optional(pool).await)
}

/// `SELECT 1 FROM users WHERE email = ? AND id IS NOT ?`: whether an account other than `except` has `email`.
pub async fn email_taken(db: &Db, email: &str, except: Option<i64>) -> sqlx::Result<bool> {
    let found: Option<i64> = on_pool!(db, pool => sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM users WHERE email = $1 AND id IS DISTINCT FROM $2")
        .bind(email)
        .bind(except)
        .fetch_optional(pool)
        .await)?;
    Ok(found.is_some())
}

/// `UPDATE users SET name = COALESCE(?, name), email = COALESCE(?, email), phone = …, phone_country = … WHERE id
/// = ? RETURNING …`: applies the change (a `None` leaves a value as it is). `Ok(None)` when the account is gone.
pub async fn update_profile(db: &Db, id: i64, change: &ProfileChange) -> Result<Option<Account>, WriteError> {
    let phone_given = change.phone.is_some();
    let phone = change.phone.as_ref().and_then(Option::as_ref);
    on_pool!(db, pool => sqlx::query_as(
        "UPDATE users SET name = COALESCE($1, name), email = COALESCE($2, email),
             phone = CASE WHEN $3 THEN $4 ELSE phone END, phone_country = CASE WHEN $5 THEN $6 ELSE phone_country END
         WHERE id = $7 RETURNING id, email, name, phone, phone_country, visitor_id, session_stamp",
    )
    .bind(change.name.as_deref())
    .bind(change.email.as_deref())
    .bind(phone_given)
    .bind(phone.map(|p| p.phone.as_str()))
    .bind(phone_given)
    .bind(phone.map(|p| p.country.as_str()))
    .bind(id)
    .fetch_optional(pool)
    .await)
    .map_err(write_error)
}

/// `UPDATE users SET password_hash = ?, session_stamp = ? WHERE id = ?`: a new password and a new stamp (the
/// account's other sessions are logged out by it).
pub async fn set_password(db: &Db, id: i64, password_hash: &str, session_stamp: &str) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("UPDATE users SET password_hash = $1, session_stamp = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(session_stamp)
        .bind(id)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?`: the same password hashed again with
/// today's parameters (sessions stay); no change when the password changed meanwhile.
pub async fn rehash(db: &Db, id: i64, old_hash: &str, new_hash: &str) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3")
        .bind(new_hash)
        .bind(id)
        .bind(old_hash)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Stores a reset link of `user_id`: `INSERT INTO password_resets (token_hash, user_id, expires_at)`, after
/// `DELETE FROM password_resets WHERE expires_at <= now` (void links are kept no longer). `now` and `expires_at` in
/// Unix seconds.
pub async fn create_reset(db: &Db, user_id: i64, token_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(tx, tx => sqlx::query("DELETE FROM password_resets WHERE expires_at <= $1").bind(now).execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(user_id)
        .bind(expires_at)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// `SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > now`: the
/// account a link would reset, if it still works. Reads only: [`confirm_reset`] uses it up.
pub async fn reset_user(db: &Db, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await)
}

/// Uses a reset link up and sets the account's password, in one transaction: `UPDATE password_resets SET used_at
/// = now WHERE token_hash = ? AND used_at IS NULL AND expires_at > now RETURNING user_id` (so two concurrent uses
/// cannot both pass), `UPDATE users SET password_hash, session_stamp`, and every other unused link of the account
/// is used up too. `None` (nothing changed) when the link is unknown, used or expired.
pub async fn confirm_reset(
    db: &Db,
    token_hash: &str,
    now: i64,
    password_hash: &str,
    session_stamp: &str,
) -> sqlx::Result<Option<i64>> {
    let mut tx = db.begin_locked(super::WriteLock::Accounts).await?;
    let user_id: Option<i64> = on_tx!(tx, tx => sqlx::query_scalar(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING user_id",
    )
    .bind(now)
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await)?;
    let Some(user_id) = user_id else { return Ok(None) };
    on_tx!(tx, tx => sqlx::query("UPDATE users SET password_hash = $1, session_stamp = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(session_stamp)
        .bind(user_id)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(Some(user_id))
}

/// Moves what the guest `guest` gathered into the account's visitor `account`, in one `BEGIN IMMEDIATE`
/// transaction (all or nothing; no concurrent add comes between):
///
/// - **Basket and wishlist** (`basket_lines`): an offer on both sides becomes one line of the account with the
///   quantities summed, at most [`BASKET_MAX_QUANTITY`], keeping the account line's `delay` (basket or wishlist);
///   the guest's other lines move over as they are.
/// - **Compare list** (`compare_items`): the guest's offers still in the catalogue join the account's list after
///   its own (their `added_at` becomes now, in the guest's order) while the list shows fewer than
///   [`COMPARE_MAX_ITEMS`]; the account's offers are kept first, the rest of the guest's is dropped.
/// - **Recently viewed** (`viewed_offers`): the union, each offer at its newest view, then only the newest
///   `VIEWED_MAX_ITEMS` + 1 kept ([`crate::db::lists::trim_viewed`]).
///
/// The guest's rows are gone afterwards. Nothing happens when `guest == account`.
pub async fn merge_visitor(db: &Db, guest: &str, account: &str) -> sqlx::Result<()> {
    if guest == account {
        return Ok(());
    }
    let mut tx = db.begin_locked(super::WriteLock::Accounts).await?;
    // Basket: sum into the account's lines, drop those guest lines, move the rest.
    on_tx!(tx, tx => sqlx::query(
        "UPDATE basket_lines SET quantity = (SELECT CASE WHEN basket_lines.quantity + g.quantity > $1 THEN $1
                                                    ELSE basket_lines.quantity + g.quantity END
             FROM basket_lines g WHERE g.visitor_id = $2 AND g.offer_id = basket_lines.offer_id)
         WHERE visitor_id = $3 AND offer_id IN (SELECT offer_id FROM basket_lines WHERE visitor_id = $4)",
    )
    .bind(BASKET_MAX_QUANTITY)
    .bind(guest)
    .bind(account)
    .bind(guest)
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query(
        "DELETE FROM basket_lines WHERE visitor_id = $1
         AND offer_id IN (SELECT offer_id FROM basket_lines WHERE visitor_id = $2)",
    )
    .bind(guest)
    .bind(account)
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query("UPDATE basket_lines SET visitor_id = $1 WHERE visitor_id = $2")
        .bind(account)
        .bind(guest)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;

    // Compare: the account's first, then the guest's offers still in the catalogue while there is room.
    let shown: i64 = on_tx!(tx, tx => sqlx::query_scalar(
        "SELECT count(*) FROM compare_items c JOIN offers o ON o.id = c.offer_id WHERE c.visitor_id = $1 AND o.active = TRUE",
    )
    .bind(account)
    .fetch_one(&mut *tx)
    .await)?;
    let room = usize::try_from(COMPARE_MAX_ITEMS - shown).unwrap_or(0);
    let incoming: Vec<String> = on_tx!(tx, tx => sqlx::query_scalar(
        "SELECT c.offer_id FROM compare_items c JOIN offers o ON o.id = c.offer_id
         WHERE c.visitor_id = $1 AND o.active = TRUE
         AND c.offer_id NOT IN (SELECT offer_id FROM compare_items WHERE visitor_id = $2)
         ORDER BY c.added_at, c.offer_id",
    )
    .bind(guest)
    .bind(account)
    .fetch_all(&mut *tx)
    .await)?;
    let start = crate::db::lists::next_compare_stamp(&mut tx, account).await?;
    for (offset, offer_id) in (0_i64..).zip(incoming.iter().take(room)) {
        let added_at =
            (start + chrono::Duration::milliseconds(offset)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        on_tx!(tx, tx => sqlx::query(
            "INSERT INTO compare_items (visitor_id, offer_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(account)
        .bind(offer_id)
        .bind(added_at)
        .execute(&mut *tx)
        .await.map(|r| r.rows_affected()))?;
    }
    on_tx!(tx, tx => sqlx::query("DELETE FROM compare_items WHERE visitor_id = $1").bind(guest).execute(&mut *tx).await.map(|r| r.rows_affected()))?;

    // Viewed: the union at the newest view of each offer, then the newest kept.
    on_tx!(tx, tx => sqlx::query(
        "INSERT INTO viewed_offers (visitor_id, offer_id, viewed_at)
         SELECT $1, offer_id, viewed_at FROM viewed_offers WHERE visitor_id = $2
         ON CONFLICT (visitor_id, offer_id) DO UPDATE SET viewed_at = CASE WHEN excluded.viewed_at > viewed_offers.viewed_at
                                                           THEN excluded.viewed_at ELSE viewed_offers.viewed_at END",
    )
    .bind(account)
    .bind(guest)
    .execute(&mut *tx)
    .await.map(|r| r.rows_affected()))?;
    on_tx!(tx, tx => sqlx::query("DELETE FROM viewed_offers WHERE visitor_id = $1").bind(guest).execute(&mut *tx).await.map(|r| r.rows_affected()))?;
    crate::db::lists::trim_viewed(&mut tx, account).await?;
    tx.commit().await
}
