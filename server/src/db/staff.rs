//! Table `staff` (issue 37): the shop's staff, who work orders in the back office. Not shoppers: a table, a session
//! cookie and a log-in of their own. Each function says the SQL it runs.

use super::Db;
use super::now_text;

/// A staff member as the back office and the CLI show them (never the password's hash).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow, serde::Serialize)]
pub struct StaffMember {
    pub id: i64,
    /// Lower-cased, trimmed.
    pub email: String,
    /// `owner` or `manager`.
    pub role: String,
    /// The password is set (the one-time link was used).
    pub active: bool,
    /// Changes with the password and at removal: a staff session of another stamp is void.
    #[serde(skip)]
    pub session_stamp: String,
    /// RFC 3339, UTC, seconds.
    pub created_at: String,
}

const MEMBER_COLUMNS: &str =
    "SELECT id, email, role, password_hash IS NOT NULL AS active, session_stamp, created_at FROM staff";

/// Every staff member, oldest first: `SELECT … FROM staff ORDER BY id`.
pub async fn list(db: &Db) -> sqlx::Result<Vec<StaffMember>> {
    let sql = format!("{MEMBER_COLUMNS} ORDER BY id");
    on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)
}

/// The staff member `id`: `SELECT … FROM staff WHERE id = ?`.
pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<StaffMember>> {
    let sql = format!("{MEMBER_COLUMNS} WHERE id = $1");
    on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The staff member of `email` (normalised) with their password's hash, when it is set: `SELECT … FROM staff WHERE
/// email = ?`.
pub async fn find_for_login(db: &Db, email: &str) -> sqlx::Result<Option<(StaffMember, Option<String>)>> {
    let sql = format!("{MEMBER_COLUMNS} WHERE email = $1");
    let member: Option<StaffMember> =
        on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(email).fetch_optional(pool).await)?;
    let Some(member) = member else { return Ok(None) };
    let hash: Option<String> = on_pool!(db, pool => sqlx::query_scalar("SELECT password_hash FROM staff WHERE id = $1")
        .bind(member.id)
        .fetch_one(pool)
        .await)?;
    Ok(Some((member, hash)))
}

/// Adds a staff member without a password, holding the one-time link's token hash until `expires_at` (RFC 3339):
/// `INSERT INTO staff … ON CONFLICT (email) DO NOTHING RETURNING id`. `None`: the e-mail is taken.
pub async fn add(
    db: &Db,
    email: &str,
    role: &str,
    stamp: &str,
    token_hash: &str,
    expires_at: &str,
) -> sqlx::Result<Option<i64>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "INSERT INTO staff (email, role, session_stamp, setup_token_hash, setup_expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING id",
    )
    .bind(email)
    .bind(role)
    .bind(stamp)
    .bind(token_hash)
    .bind(expires_at)
    .bind(now_text())
    .fetch_optional(pool)
    .await)
}

/// Gives `email` a new one-time link (the old password stays until the link is used): `UPDATE staff SET
/// setup_token_hash = ?, setup_expires_at = ? WHERE email = ?`. False: no such staff member.
pub async fn renew_link(db: &Db, email: &str, token_hash: &str, expires_at: &str) -> sqlx::Result<bool> {
    let changed = on_pool!(db, pool => sqlx::query(
        "UPDATE staff SET setup_token_hash = $1, setup_expires_at = $2 WHERE email = $3",
    )
    .bind(token_hash)
    .bind(expires_at)
    .bind(email)
    .execute(pool)
    .await.map(|r| r.rows_affected()))?;
    Ok(changed == 1)
}

/// Sets the password of the staff member whose link's token hashes to `token_hash`, while the link lasts, and
/// uses the link up and voids every session of theirs (a new stamp): one `UPDATE staff SET password_hash = ?,
/// session_stamp = ?, setup_token_hash = NULL … WHERE setup_token_hash = ? AND setup_expires_at > ? RETURNING id`.
/// `None`: no such link, used, or past its time.
pub async fn set_password(db: &Db, token_hash: &str, password_hash: &str, stamp: &str) -> sqlx::Result<Option<i64>> {
    on_pool!(db, pool => sqlx::query_scalar(
        "UPDATE staff SET password_hash = $1, session_stamp = $2, setup_token_hash = NULL, setup_expires_at = NULL
         WHERE setup_token_hash = $3 AND setup_expires_at > $4 RETURNING id",
    )
    .bind(password_hash)
    .bind(stamp)
    .bind(token_hash)
    .bind(now_text())
    .fetch_optional(pool)
    .await)
}

/// Stores a re-hash of the password under today's parameters, unless it changed meanwhile: `UPDATE staff SET
/// password_hash = ? WHERE id = ? AND password_hash = ?`.
pub async fn rehash(db: &Db, id: i64, old_hash: &str, new_hash: &str) -> sqlx::Result<()> {
    on_pool!(db, pool => sqlx::query("UPDATE staff SET password_hash = $1 WHERE id = $2 AND password_hash = $3")
        .bind(new_hash)
        .bind(id)
        .bind(old_hash)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// `DELETE FROM staff WHERE email = ?`: their sessions die with the row (the session check finds no stamp).
/// False: no such staff member.
pub async fn remove(db: &Db, email: &str) -> sqlx::Result<bool> {
    let removed = on_pool!(db, pool => sqlx::query("DELETE FROM staff WHERE email = $1")
        .bind(email)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(removed == 1)
}

/// How many owners there are besides `except` (the one about to go): `SELECT COUNT(*) FROM staff WHERE role =
/// 'owner' AND email <> ?`. The CLI refuses to remove the last owner.
pub async fn other_owners(db: &Db, except: &str) -> sqlx::Result<i64> {
    on_pool!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM staff WHERE role = 'owner' AND email <> $1",
    )
    .bind(except)
    .fetch_one(pool)
    .await)
}
