//! The `sessions` and `staff_sessions` tables: the visitor sessions' and the staff's sessions' stores
//! (tower-sessions' `SessionStore`, issues 5 and 37).

use super::Db;
use async_trait::async_trait;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, SessionStore};

/// Sessions in the shop's database (issue 5; moved here by issue 36, so that storage is `db/`'s alone): one row per
/// session, its [`Record`] as JSON, its expiry in Unix seconds. The store of `crate::session::layer`.
#[derive(Debug, Clone)]
pub struct DbSessionStore {
    db: Db,
    sql: &'static Statements,
}

/// The store's statements over one table.
#[derive(Debug)]
struct Statements {
    create: &'static str,
    save: &'static str,
    load: &'static str,
    delete: &'static str,
    delete_expired: &'static str,
}

/// The store's statements over `$table` (one shape for both tables).
macro_rules! statements {
    ($table:literal) => {
        Statements {
            create: concat!(
                "INSERT INTO ",
                $table,
                " (id, data, expiry_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING"
            ),
            save: concat!(
                "INSERT INTO ",
                $table,
                " (id, data, expiry_date) VALUES ($1, $2, $3) \
                 ON CONFLICT(id) DO UPDATE SET data = excluded.data, expiry_date = excluded.expiry_date"
            ),
            load: concat!("SELECT data FROM ", $table, " WHERE id = $1 AND expiry_date > $2"),
            delete: concat!("DELETE FROM ", $table, " WHERE id = $1"),
            delete_expired: concat!("DELETE FROM ", $table, " WHERE expiry_date <= $1"),
        }
    };
}

/// The shoppers' sessions.
const SHOPPERS: Statements = statements!("sessions");

/// The staff's sessions (issue 37): a table of their own, so no shopper's cookie ever names one.
const STAFF: Statements = statements!("staff_sessions");

/// How a store error begins whose cause is the database being away ([`super::is_unavailable`]): tower-sessions'
/// errors carry text only, and the session layer answers these 503, not 500 ([`is_unavailable`]).
const UNAVAILABLE: &str = "the database is unavailable: ";

fn backend(err: sqlx::Error) -> session_store::Error {
    let marker = if super::is_unavailable(&err) { UNAVAILABLE } else { "" };
    session_store::Error::Backend(format!("{marker}{err}"))
}

/// Whether a session's error comes from the database being away (a restart, a network cut; issue 36).
pub fn is_unavailable(err: &tower_sessions::session::Error) -> bool {
    matches!(err, tower_sessions::session::Error::Store(session_store::Error::Backend(text)) if text.starts_with(UNAVAILABLE))
}

impl DbSessionStore {
    /// The shoppers' sessions (`sessions`).
    pub fn new(db: Db) -> Self {
        Self { db, sql: &SHOPPERS }
    }

    /// The staff's sessions (`staff_sessions`, issue 37).
    pub fn staff(db: Db) -> Self {
        Self { db, sql: &STAFF }
    }

    /// Runs `sql` (an `INSERT` of id, data and expiry) with `record`; answers the rows it wrote.
    async fn write(&self, sql: &'static str, record: &Record) -> session_store::Result<u64> {
        let data = serde_json::to_string(record).map_err(|e| session_store::Error::Encode(e.to_string()))?;
        let done = on_pool!(self.db, pool => sqlx::query(sql)
            .bind(record.id.to_string())
            .bind(data)
            .bind(record.expiry_date.unix_timestamp())
            .execute(pool)
            .await.map(|r| r.rows_affected()))
        .map_err(backend)?;
        Ok(done)
    }

    /// Removes sessions that have expired; returns how many.
    pub async fn delete_expired(&self) -> sqlx::Result<u64> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        Ok(on_pool!(self.db, pool => sqlx::query(self.sql.delete_expired)
            .bind(now)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?)
    }
}

#[async_trait]
impl SessionStore for DbSessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        loop {
            if self.write(self.sql.create, record).await? == 1 {
                return Ok(());
            }
            // An id collision (2^-128): draw another.
            record.id = Id::default();
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        self.write(self.sql.save, record).await.map(drop)
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let data: Option<String> = on_pool!(self.db, pool => sqlx::query_scalar(self.sql.load)
            .bind(id.to_string())
            .bind(now)
            .fetch_optional(pool)
            .await)
        .map_err(backend)?;
        data.map(|d| serde_json::from_str(&d).map_err(|e| session_store::Error::Decode(e.to_string()))).transpose()
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        on_pool!(self.db, pool => sqlx::query(self.sql.delete)
            .bind(id.to_string())
            .execute(pool)
            .await.map(|r| r.rows_affected()))
        .map_err(backend)?;
        Ok(())
    }
}
