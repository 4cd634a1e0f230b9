//! The `sessions` table: the visitor sessions' store (tower-sessions' `SessionStore`, issue 5).

use super::Db;
use async_trait::async_trait;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, SessionStore};

/// Sessions in the shop's database (issue 5; moved here by issue 36, so that storage is `db/`'s alone): one row per
/// session, its [`Record`] as JSON, its expiry in Unix seconds. The store of `crate::session::layer`.
#[derive(Debug, Clone)]
pub struct DbSessionStore {
    db: Db,
}

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
    pub fn new(db: Db) -> Self {
        Self { db }
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
        Ok(on_pool!(self.db, pool => sqlx::query("DELETE FROM sessions WHERE expiry_date <= $1")
            .bind(now)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?)
    }
}

#[async_trait]
impl SessionStore for DbSessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        loop {
            let sql = "INSERT INTO sessions (id, data, expiry_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
            if self.write(sql, record).await? == 1 {
                return Ok(());
            }
            // An id collision (2^-128): draw another.
            record.id = Id::default();
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        let sql = "INSERT INTO sessions (id, data, expiry_date) VALUES ($1, $2, $3) \
                   ON CONFLICT(id) DO UPDATE SET data = excluded.data, expiry_date = excluded.expiry_date";
        self.write(sql, record).await.map(drop)
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let data: Option<String> = on_pool!(self.db, pool => sqlx::query_scalar("SELECT data FROM sessions WHERE id = $1 AND expiry_date > $2")
            .bind(id.to_string())
            .bind(now)
            .fetch_optional(pool)
            .await)
            .map_err(backend)?;
        data.map(|d| serde_json::from_str(&d).map_err(|e| session_store::Error::Decode(e.to_string()))).transpose()
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        on_pool!(self.db, pool => sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(id.to_string())
            .execute(pool)
            .await.map(|r| r.rows_affected()))
        .map_err(backend)?;
        Ok(())
    }
}
