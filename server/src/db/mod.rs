//! Storage: SQLite or PostgreSQL through sqlx's typed drivers, behind one handle ([`Db`], issue 36). One module per
//! table group; each function says the SQL it runs. The only module that names a pool, holds SQL or opens a
//! transaction: the rest of the server holds a [`Db`] and asks for a [`Tx`] here ([`Db::begin`]).
//!
//! SQL that both databases run is written once, with `$n` placeholders (SQLite reads `$1` as the first parameter),
//! `TRUE`/`FALSE` and `ON CONFLICT`; [`on_pool!`] and [`on_tx!`] run it on whichever driver the handle holds. Where
//! the databases differ, a function matches on [`Pool`] and gives each its arm, side by side. It is not sqlx `Any`:
//! `Any` rewrites no placeholders and decodes neither NUMERIC nor TIMESTAMPTZ (sqlx issues #3000 and #3521).

/// Runs `$body` with `$p` bound to the handle `$db`'s typed pool (`&SqlitePool` or `&PgPool`): the body is
/// compiled once per database, so the same SQL text runs on both.
macro_rules! on_pool {
    ($db:expr, $p:ident => $body:expr) => {
        match &$db.pool {
            $crate::db::Pool::Sqlite($p) => $body,
            $crate::db::Pool::Postgres($p) => $body,
        }
    };
}

/// Runs `$body` with `$c` bound to the transaction `$tx`'s typed connection (`&mut SqliteConnection` or
/// `&mut PgConnection`), as [`on_pool!`] does for a pool.
macro_rules! on_tx {
    ($tx:expr, $c:ident => $body:expr) => {
        match &mut $tx.inner {
            $crate::db::TxInner::Sqlite(t) => {
                #[allow(unused_mut)]
                let mut $c: &mut sqlx::SqliteConnection = &mut **t;
                $body
            }
            $crate::db::TxInner::Postgres(t) => {
                #[allow(unused_mut)]
                let mut $c: &mut sqlx::PgConnection = &mut **t;
                $body
            }
        }
    };
}

pub mod accounts;
pub mod attempts;
pub mod basket;
pub mod changes;
pub mod exchange;
pub mod facets;
pub mod forms;
pub mod lists;
pub mod locations;
pub mod menus;
pub mod offers;
pub mod order_status;
pub mod orders;
pub mod outbox;
pub mod pictures;
pub mod reviews;
pub mod search;
pub mod sections;
pub mod sessions;
pub mod shop;
pub mod staff;
pub mod stores;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// The shop's database: a handle that clones cheaply (the pools are shared) and is the only way the rest of the
/// server reaches storage. Which database it holds comes from `VITRINA_DB` ([`connect`]).
#[derive(Debug, Clone)]
pub struct Db {
    pool: Pool,
}

/// The typed pool behind a [`Db`]; private to `db/`.
#[derive(Debug, Clone)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// An open transaction on a [`Db`] (`BEGIN` … `COMMIT`); dropped without [`Tx::commit`], it rolls back.
#[derive(Debug)]
pub struct Tx {
    inner: TxInner,
    /// An import's transaction on SQLite, whose page cache [`set_import_cache`] raised: [`Tx::commit`] sets the
    /// connection's back to SQLite's default before it commits.
    import_cache: bool,
}

#[derive(Debug)]
enum TxInner {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Which database a `VITRINA_DB` value names: a `postgres://` or `postgresql://` URL is PostgreSQL, anything else a
/// SQLite file's path.
pub fn is_postgres_url(target: &Path) -> bool {
    target.to_str().is_some_and(|t| t.starts_with("postgres://") || t.starts_with("postgresql://"))
}

/// The folder the shop keeps its files in beside the database `target` names (pictures, the search index, 1C's
/// exchange): a SQLite file's own folder; `./data` for PostgreSQL, which has none.
pub fn data_dir(target: &Path) -> std::path::PathBuf {
    if is_postgres_url(target) {
        return std::path::PathBuf::from("data");
    }
    target.parent().unwrap_or_else(|| Path::new(".")).to_path_buf()
}

/// Opens the database `VITRINA_DB` names and applies every pending migration embedded in the binary:
/// - a path: SQLite, created when missing (with its parent folder), with WAL and foreign keys on
///   (`migrations/`);
/// - a `postgres://` URL: PostgreSQL, the database created when missing and the role may (`migrations-pg/`).
///
/// SQLite reads through a mapping of up to [`crate::limits::SQLITE_MMAP_BYTES`] per connection: what a serving shop
/// wants for its random reads.
///
/// Errors: the file cannot be made, the server cannot be reached, or a migration fails.
pub async fn connect(target: &Path) -> anyhow::Result<Db> {
    open(target, crate::limits::SQLITE_MMAP_BYTES).await
}

/// [`connect`] for a one-shot command that writes the catalogue (`vitrina import`): SQLite reads by copying pages
/// into its own small cache instead of mapping the file, so the process does not count the database it writes as
/// its own memory (issue 39: a 100,000-offer import peaked at 149 MB resident with the mapping and 45–57 MB without,
/// its re-import with 1 % of prices changed at 249 and 33 MB, in the same time; the import reads little and writes
/// through SQLite's cache either way).
pub async fn connect_for_batch(target: &Path) -> anyhow::Result<Db> {
    open(target, 0).await
}

async fn open(target: &Path, mmap_bytes: u64) -> anyhow::Result<Db> {
    let db = if is_postgres_url(target) {
        let url = target.to_str().unwrap_or_default();
        create_missing_pg_database(url).await;
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(crate::limits::PG_POOL_MAX_CONNECTIONS)
            .acquire_timeout(Duration::from_millis(crate::limits::PG_ACQUIRE_TIMEOUT_MS))
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations-pg").run(&pool).await?;
        Db { pool: Pool::Postgres(pool) }
    } else {
        configure_sqlite();
        if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let options = SqliteConnectOptions::new()
            .filename(target)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            // Reads through a mapping of the file (issue 39): a page in the system's cache is read in place instead
            // of copied by a `pread` per page, which was most of a random product's read on 100,000 offers.
            .pragma("mmap_size", mmap_bytes.to_string());
        let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Db { pool: Pool::Sqlite(pool) }
    };
    let repaired = offers::repair_cut_descriptions(&db).await?;
    if repaired > 0 {
        tracing::info!(repaired, "descriptions an earlier cut left open were cleaned again");
    }
    Ok(db)
}

/// SQLite's process-wide settings, once, before its first connection: statement journals up to
/// [`SQLITE_STATEMENT_JOURNAL_MEMORY_BYTES`](crate::limits::SQLITE_STATEMENT_JOURNAL_MEMORY_BYTES) stay in memory.
/// Too late once SQLite has started (another part of the process opened a database first): logged, and SQLite's
/// default kept.
fn configure_sqlite() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `sqlite3_config` with an option taking one `int`, as `sqlite3.h` documents it; SQLite refuses it
        // with SQLITE_MISUSE, and changes nothing, once it is initialised.
        let rc = unsafe {
            libsqlite3_sys::sqlite3_config(
                libsqlite3_sys::SQLITE_CONFIG_STMTJRNL_SPILL,
                crate::limits::SQLITE_STATEMENT_JOURNAL_MEMORY_BYTES,
            )
        };
        let bytes = crate::limits::SQLITE_STATEMENT_JOURNAL_MEMORY_BYTES;
        if rc == libsqlite3_sys::SQLITE_OK {
            tracing::debug!(bytes, "SQLite's statement journals stay in memory up to this");
        } else {
            tracing::warn!(rc, "SQLite's statement journals keep its default spill (it had started)");
        }
    });
}

/// Makes the PostgreSQL database `url` names when it does not exist yet, as a SQLite file is made when missing: a
/// new shop needs only a server and a role allowed to create databases. Asks the server's maintenance database
/// (`postgres`) with the URL's credentials; when that is refused (a role without `CREATEDB`, which a DBA may rightly
/// prefer), it logs why and leaves the error to the connection that follows.
async fn create_missing_pg_database(url: &str) {
    use sqlx::migrate::MigrateDatabase;
    match sqlx::Postgres::database_exists(url).await {
        Ok(true) => {}
        Ok(false) => match sqlx::Postgres::create_database(url).await {
            Ok(()) => tracing::info!("created the shop's PostgreSQL database"),
            Err(err) => tracing::warn!(%err, "the shop's PostgreSQL database is missing and cannot be created"),
        },
        Err(err) => tracing::debug!(%err, "cannot ask whether the shop's PostgreSQL database exists"),
    }
}

impl Db {
    /// Which database this is: `"sqlite"` or `"postgres"` (logs and health answers).
    pub fn kind(&self) -> &'static str {
        match self.pool {
            Pool::Sqlite(_) => "sqlite",
            Pool::Postgres(_) => "postgres",
        }
    }

    /// Opens a transaction (`BEGIN`).
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        Ok(Tx {
            import_cache: false,
            inner: match &self.pool {
                Pool::Sqlite(p) => TxInner::Sqlite(p.begin().await?),
                Pool::Postgres(p) => TxInner::Postgres(p.begin().await?),
            },
        })
    }

    /// Opens a transaction whose every statement sees one snapshot of the database: SQLite's deferred `BEGIN` (a read
    /// transaction is one snapshot already) and PostgreSQL's `BEGIN ISOLATION LEVEL REPEATABLE READ` (its default,
    /// READ COMMITTED, lets each statement see what committed before it: an import committing between two reads of
    /// an index build would make them disagree). For reads, and writes to temporary tables only.
    pub async fn begin_snapshot(&self) -> sqlx::Result<Tx> {
        Ok(Tx {
            import_cache: false,
            inner: match &self.pool {
                Pool::Sqlite(p) => TxInner::Sqlite(p.begin().await?),
                Pool::Postgres(p) => TxInner::Postgres(p.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ").await?),
            },
        })
    }

    /// Opens a transaction that holds the write lock `lock` from its first statement, so two read-then-write
    /// transactions under the same lock run one after the other ([`Db::begin_locked_on`]).
    pub async fn begin_locked(&self, lock: WriteLock) -> sqlx::Result<Tx> {
        self.begin_locked_on(lock.name()).await
    }

    /// Opens a transaction holding the visitor's own lock: the count-then-insert caps of the basket, the wishlist
    /// and the compare list (issue 20) hold under PostgreSQL's READ COMMITTED only when one visitor's adds run one
    /// after the other; other visitors never wait.
    pub async fn begin_for_visitor(&self, visitor: &str) -> sqlx::Result<Tx> {
        self.begin_locked_on(&format!("vitrina:visitor:{visitor}")).await
    }

    /// Opens a transaction holding the lock named `name` from its first statement: SQLite's `BEGIN IMMEDIATE` (one
    /// writer at a time anyway) against PostgreSQL's `pg_advisory_xact_lock(hashtextextended(name, 0))`, released
    /// at commit or rollback. A name may be a key's own (`db::attempts` locks each limit's key).
    pub async fn begin_locked_on(&self, name: &str) -> sqlx::Result<Tx> {
        Ok(Tx {
            import_cache: false,
            inner: match &self.pool {
                Pool::Sqlite(p) => TxInner::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
                Pool::Postgres(p) => {
                    let mut tx = p.begin().await?;
                    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                        .bind(name)
                        .execute(&mut *tx)
                        .await?;
                    TxInner::Postgres(tx)
                }
            },
        })
    }

    /// Closes the pool, waiting for its connections to be returned.
    pub async fn close(&self) {
        on_pool!(self, p => p.close().await)
    }
}

/// The locks of [`Db::begin_locked`]: one per kind of read-then-write transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteLock {
    /// An import of the catalogue: two imports never interleave (issue 36).
    Import,
    /// Accounts: registration, log-in's basket merge.
    Accounts,
    /// The pictures' claims.
    Pictures,
}

impl WriteLock {
    /// The lock's name ([`Db::begin_locked_on`]).
    pub fn name(self) -> &'static str {
        match self {
            Self::Import => "vitrina:import",
            Self::Accounts => "vitrina:accounts",
            Self::Pictures => "vitrina:pictures",
        }
    }
}

impl Tx {
    /// `COMMIT`.
    pub async fn commit(mut self) -> sqlx::Result<()> {
        // Set back before the commit: the pages the commit makes clean are then given back at once. A failure costs
        // memory, not the import.
        if let (true, TxInner::Sqlite(t)) = (self.import_cache, &mut self.inner)
            && let Err(err) = sqlx::query(SQLITE_DEFAULT_CACHE_SIZE).persistent(false).execute(&mut **t).await
        {
            tracing::warn!(%err, "the import's page cache was not set back");
        }
        match self.inner {
            TxInner::Sqlite(t) => t.commit().await,
            TxInner::Postgres(t) => t.commit().await,
        }
    }
}

/// Whether `err` says the database cannot be reached now, rather than that a query is wrong: the pool timed out or
/// is closed, the connection broke, or PostgreSQL refuses connections (SQLSTATE class 08, and 57P01–57P03 while it
/// shuts down or starts). The API answers these 503 with `Retry-After`, never 500 (issue 36).
pub fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(e) => {
            e.code().is_some_and(|code| code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03"))
        }
        _ => false,
    }
}

/// The channel on which PostgreSQL announces a change of the catalogue's versions (migrations-pg: `notify_content`).
const CONTENT_CHANNEL: &str = "vitrina_content";

/// Wakes an instance's catalogue watcher when another process changed the catalogue (issue 36): PostgreSQL's
/// `LISTEN vitrina_content`. SQLite has no such thing, and needs none: one machine, and the watcher's periodic look.
pub struct ContentListener {
    inner: Option<sqlx::postgres::PgListener>,
}

impl ContentListener {
    /// Listens on `db` when it is PostgreSQL; on SQLite, or when the listener cannot connect (logged), a listener
    /// that never wakes.
    pub async fn new(db: &Db) -> Self {
        let Pool::Postgres(pool) = &db.pool else { return Self { inner: None } };
        let listener = async {
            let mut listener = sqlx::postgres::PgListener::connect_with(pool).await?;
            listener.listen(CONTENT_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        match listener.await {
            Ok(listener) => Self { inner: Some(listener) },
            Err(err) => {
                tracing::warn!(%err, "cannot listen for catalogue changes; the periodic look stays");
                Self { inner: None }
            }
        }
    }

    /// Returns at the next notification. A lost connection is made again at the next call (sqlx's `PgListener`);
    /// the notifications sent meanwhile are lost, which the watcher's periodic look makes up for. Without a
    /// listener, never returns.
    pub async fn changed(&mut self) {
        match &mut self.inner {
            Some(listener) => {
                if let Err(err) = listener.recv().await {
                    tracing::warn!(%err, "the catalogue listener lost its connection");
                    // Not a busy loop while the database is away: the next call tries again.
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
            None => std::future::pending().await,
        }
    }
}

/// A value bound to [`Db::raw_execute`], [`Db::raw_scalar`] or [`Db::raw_rows`].
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Int(i64),
    Bool(bool),
    Null,
}

impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(v.to_owned())
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(v)
    }
}
impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Text(v.clone())
    }
}
impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}
impl From<bool> for Arg {
    fn from(v: bool) -> Self {
        Arg::Bool(v)
    }
}

/// Binds `$args` (a slice of [`Arg`]) to the query `$q`, in order.
macro_rules! bind_args {
    ($q:expr, $args:expr) => {{
        let mut q = $q;
        for arg in $args {
            q = match arg {
                Arg::Text(v) => q.bind(v.clone()),
                Arg::Int(v) => q.bind(*v),
                Arg::Bool(v) => q.bind(*v),
                Arg::Null => q.bind(None::<String>),
            };
        }
        q
    }};
}

/// SQL written outside `db/` for the tests' and an operator's inspection: the API suite checks what landed in the
/// tables on either database through these. `sql` uses `$n` placeholders and runs as given; the shop's own code
/// never calls them.
#[doc(hidden)]
impl Db {
    /// Runs a statement; answers the rows it changed.
    pub async fn raw_execute(&self, sql: &str, args: &[Arg]) -> sqlx::Result<u64> {
        on_pool!(self, p => bind_args!(sqlx::query(sqlx::AssertSqlSafe(sql.to_owned())), args)
            .execute(p)
            .await
            .map(|r| r.rows_affected()))
    }

    /// The first column of the only row (errors when there is none).
    pub async fn raw_scalar<T>(&self, sql: &str, args: &[Arg]) -> sqlx::Result<T>
    where
        T: Send + Unpin,
        T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite>,
        T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres>,
    {
        on_pool!(self, p => bind_args!(sqlx::query_scalar::<_, T>(sqlx::AssertSqlSafe(sql.to_owned())), args)
            .fetch_one(p)
            .await)
    }

    /// Every row, each as a `T` (a tuple, usually).
    pub async fn raw_rows<T>(&self, sql: &str, args: &[Arg]) -> sqlx::Result<Vec<T>>
    where
        T: Send + Unpin,
        T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow>,
        T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
    {
        on_pool!(self, p => bind_args!(sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(sql.to_owned())), args)
            .fetch_all(p)
            .await)
    }
}

/// Writes a consistent copy of the database at `db` to `out` while the shop may be serving and writing. PostgreSQL:
/// `pg_dump --format=custom` ([`pg_dump`]; restored with `pg_restore`). SQLite: `VACUUM INTO`: one read transaction, so the copy is the state of one instant, compacted), then checks
/// the copy with `PRAGMA integrity_check`. The database is opened read-only and never migrated: a newer binary
/// backing up an older shop's file leaves it as it is. Errors: no database at `db`, `out` exists (it is never overwritten), the copy cannot be written, or
/// the check fails (the copy is then removed).
pub async fn backup(db: &Path, out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        anyhow::bail!("{} exists; a backup never overwrites a file", out.display());
    }
    if is_postgres_url(db) {
        return pg_dump(db.to_str().unwrap_or_default(), out);
    }
    if !db.exists() {
        anyhow::bail!("no database at {}", db.display());
    }
    let target = out.to_str().ok_or_else(|| anyhow::anyhow!("the backup path is not UTF-8"))?;
    let source = SqliteConnectOptions::new().filename(db).read_only(true).busy_timeout(Duration::from_secs(10));
    let mut connection = sqlx::ConnectOptions::connect(&source).await?;
    sqlx::query("VACUUM INTO $1").bind(target).execute(&mut connection).await?;
    sqlx::Connection::close(connection).await?;
    let copy = SqliteConnectOptions::new().filename(out).read_only(true);
    let mut connection = sqlx::ConnectOptions::connect(&copy).await?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut connection).await?;
    sqlx::Connection::close(connection).await?;
    if check != "ok" {
        let _ = std::fs::remove_file(out);
        anyhow::bail!("the copy failed its integrity check: {check}");
    }
    Ok(())
}

/// `pg_dump --format=custom` of the PostgreSQL database `url` into `out` (one consistent snapshot while the shop
/// serves), then `pg_restore --list` of the copy as its check; the copy is removed when either fails. Needs
/// PostgreSQL's client tools (Debian: `postgresql-client`) of the server's major version or newer.
fn pg_dump(url: &str, out: &Path) -> anyhow::Result<()> {
    let run = |program: &str, args: &[&std::ffi::OsStr]| -> anyhow::Result<()> {
        let output = std::process::Command::new(program).args(args).output().map_err(|e| {
            anyhow::anyhow!("cannot run {program} ({e}): install PostgreSQL's client tools (Debian: postgresql-client)")
        })?;
        if !output.status.success() {
            let _ = std::fs::remove_file(out);
            anyhow::bail!("{program} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
        }
        Ok(())
    };
    let file = out.as_os_str();
    run("pg_dump", &["--format=custom".as_ref(), "--file".as_ref(), file, "--dbname".as_ref(), url.as_ref()])?;
    run("pg_restore", &["--list".as_ref(), file])
}

/// The import's transaction: an import writes the whole catalogue in one, so a reader sees the catalogue before it
/// or after it, never half of it. Two imports never interleave: SQLite lets one writer at a time in, and PostgreSQL
/// takes [`WriteLock::Import`].
pub async fn begin_import(db: &Db) -> sqlx::Result<Tx> {
    if let Pool::Postgres(pool) = &db.pool {
        let mut tx = pool.begin().await?;
        let free: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(WriteLock::Import.name())
            .fetch_one(&mut *tx)
            .await?;
        if !free {
            tracing::warn!("another import of this shop is running; this one starts when it ends");
            sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .bind(WriteLock::Import.name())
                .execute(&mut *tx)
                .await?;
        }
        return Ok(Tx { inner: TxInner::Postgres(tx), import_cache: false });
    }
    let mut tx = db.begin_locked(WriteLock::Import).await?;
    // The import's page cache grows as it writes ([`set_import_cache`]); SQLite's default is set back at commit.
    tx.import_cache = matches!(tx.inner, TxInner::Sqlite(_));
    set_import_cache(&mut tx, crate::limits::IMPORT_SQLITE_CACHE_START_BYTES).await?;
    Ok(tx)
}

/// SQLite's own page cache size (`SQLITE_DEFAULT_CACHE_SIZE`: 2,000 KiB), which the shop's connections keep: an
/// import's transaction sets it back at commit ([`set_import_cache`]). A fixed value, not the one read at the import's
/// start, so that a connection a failed import left with the larger size (a rollback does not set it back) is mended
/// by the next import on it.
const SQLITE_DEFAULT_CACHE_SIZE: &str = "PRAGMA cache_size = -2000";

/// Gives the import's transaction `tx` (from [`begin_import`]) a page cache of `bytes` (SQLite's `PRAGMA cache_size`,
/// in KiB; PostgreSQL: nothing, its buffers are the server's). Issue 39: an import that writes more than SQLite's
/// default 2 MB of b-tree pages spilled them into the WAL as it went, each page again each time it was changed after.
pub async fn set_import_cache(tx: &mut Tx, bytes: i64) -> sqlx::Result<()> {
    if let TxInner::Sqlite(t) = &mut tx.inner {
        let kib = bytes / 1024;
        // An integer: nothing from outside.
        sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA cache_size = -{kib}")))
            .persistent(false)
            .execute(&mut **t)
            .await?;
    }
    Ok(())
}

/// Whether the database answers a query (`SELECT 1`): the readiness probe's (`GET /api/health/ready`).
pub async fn ping(db: &Db) -> bool {
    on_pool!(db, p => sqlx::query_scalar::<_, i64>("SELECT CAST(1 AS BIGINT)").fetch_one(p).await.is_ok())
}

/// Refreshes the planner's statistics after the catalogue changed (issue 39). SQLite: `PRAGMA analysis_limit = 1000;
/// ANALYZE` (sampled, some 0.1 s at 100,000 offers): without statistics its planner read every active offer for a
/// product's variants (29 ms a product page) instead of the `offers_group` index (0.3 ms). PostgreSQL: `ANALYZE` of
/// the tables an import writes (sampled, some 0.5 s at 100,000 offers). Its autovacuum gets there a minute or more
/// after a batched import ends: until then a product's parameters (`offer_params` by `offer_id`) took 250-760 ms a
/// query, and the mixed workload on one instance ran at 600-1,962 requests/s against 2,696 after (issue 39).
pub async fn refresh_statistics(db: &Db) -> sqlx::Result<()> {
    match &db.pool {
        Pool::Sqlite(pool) => {
            let mut conn = pool.acquire().await?;
            sqlx::query("PRAGMA analysis_limit = 1000").execute(&mut *conn).await?;
            sqlx::query("ANALYZE").execute(&mut *conn).await?;
        }
        Pool::Postgres(pool) => {
            sqlx::query("ANALYZE sections, offers, offer_pictures, offer_params, pictures").execute(pool).await?;
        }
    }
    Ok(())
}

/// Separates the fields of rows the database packs into one text (`string_agg`, SQLite 3.44+ and PostgreSQL
/// alike): the ASCII unit separator, which XML cannot carry. Packing answers many rows as one, where a row costs
/// sqlx's SQLite driver some microseconds whatever its size (issue 39); a reader that finds a record of the wrong
/// shape (a text holding a separator through a character reference such as `&#31;`) falls back to rows.
pub(crate) const FIELD_SEPARATOR: char = '\u{1f}';
/// Separates the records of a packed text ([`FIELD_SEPARATOR`]): the ASCII record separator.
pub(crate) const RECORD_SEPARATOR: char = '\u{1e}';

/// The records of a packed text, each its `N` fields ([`FIELD_SEPARATOR`], [`RECORD_SEPARATOR`]); none from an
/// empty text (`string_agg` of no row is NULL). `None` when a record is empty or not `N` fields: a text holding a
/// separator. A record separator inside a text can still make a well-formed record more: a reader that must not
/// misread compares the count of rows.
pub(crate) fn unpack_records<const N: usize>(packed: &str) -> Option<Vec<[&str; N]>> {
    if packed.is_empty() {
        return Some(Vec::new());
    }
    packed
        .split(RECORD_SEPARATOR)
        .map(|record| {
            if record.is_empty() {
                return None;
            }
            let mut fields = record.split(FIELD_SEPARATOR);
            let mut out = [""; N];
            for slot in &mut out {
                *slot = fields.next()?;
            }
            fields.next().is_none().then_some(out)
        })
        .collect()
}

/// Rows of one multi-row statement at most, so that its bound values stay under SQLite's limit (32,766) and
/// PostgreSQL's (65,535) for statements of up to 30 values a row. Such statements are not kept prepared
/// (`persistent(false)`): their text changes with their row count, and a connection's cache of a hundred of them held
/// 200 MB during an import.
pub(crate) const BATCH_ROWS: usize = 1000;

/// Rows of a multi-row `INSERT` that is kept prepared: a writer cuts its rows into chunks of this many, and a full
/// chunk's statement, whose text is then always the same, is parsed once per connection (`persistent(true)`); only
/// the shorter last chunk is parsed each time. Issue 39: parsing statements of 500–6,000 rows took 7 % of a first
/// import's CPU samples; with these chunks its user CPU fell by 7–11 % and its wall time by 1–4 % (docs/performance.md,
/// ninth slice). 250 rows of up to 19 values stay far under both databases' bound-value limits.
pub(crate) const PREPARED_ROWS: usize = 250;

/// Rows named by id in one statement: at most this many ids are bound per statement (SQLite's bound-variable limit
/// is far above it); callers loop over `ids.chunks(IN_LIST_CHUNK)`.
pub(crate) const IN_LIST_CHUNK: usize = 500;

/// `head` `(`the ids, bound`)` `tail`: the one shape of the statements that name a chunk of rows by id, on either
/// database.
pub(crate) fn in_list<'a, DB: sqlx::Database>(head: &str, ids: &'a [String], tail: &str) -> sqlx::QueryBuilder<DB>
where
    &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    let mut q = sqlx::QueryBuilder::new(head);
    q.push(" (");
    let mut list = q.separated(", ");
    for id in ids {
        list.push_bind(id.as_str());
    }
    q.push(") ");
    q.push(tail);
    q
}

/// Now as stored in `*_at` text columns: RFC 3339 in UTC to the second (`2026-11-23T10:00:00Z`).
pub fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn cache_size(conn: &mut sqlx::SqliteConnection) -> i64 {
        sqlx::query_scalar("PRAGMA cache_size").fetch_one(conn).await.unwrap()
    }

    /// An import's transaction grows its connection's page cache, and the commit gives the connection back to the
    /// pool with the cache it had: one connection in the pool, so the import's is the one read after.
    #[tokio::test]
    async fn an_imports_page_cache_is_its_own() {
        let options = sqlx::sqlite::SqliteConnectOptions::new().in_memory(true);
        let pool = SqlitePoolOptions::new().max_connections(1).connect_with(options).await.unwrap();
        let before = cache_size(&mut pool.acquire().await.unwrap()).await;
        let db = Db { pool: Pool::Sqlite(pool.clone()) };
        let mut tx = begin_import(&db).await.unwrap();
        set_import_cache(&mut tx, 64 * 1024 * 1024).await.unwrap();
        let TxInner::Sqlite(t) = &mut tx.inner else { unreachable!("a SQLite pool") };
        assert_eq!(cache_size(t).await, -65536, "64 MiB: a negative size is in KiB");
        tx.commit().await.unwrap();
        assert_eq!(cache_size(&mut pool.acquire().await.unwrap()).await, before);
    }

    /// A failed import (its transaction dropped, rolled back) leaves its connection with the larger cache; the next
    /// import on it sets SQLite's default back at its commit, not the size it found.
    #[tokio::test]
    async fn the_next_import_mends_the_cache_a_failed_one_left() {
        let options = sqlx::sqlite::SqliteConnectOptions::new().in_memory(true);
        let pool = SqlitePoolOptions::new().max_connections(1).connect_with(options).await.unwrap();
        let db = Db { pool: Pool::Sqlite(pool.clone()) };
        let mut failed = begin_import(&db).await.unwrap();
        set_import_cache(&mut failed, 64 * 1024 * 1024).await.unwrap();
        drop(failed);
        assert_eq!(cache_size(&mut pool.acquire().await.unwrap()).await, -65536);
        begin_import(&db).await.unwrap().commit().await.unwrap();
        assert_eq!(cache_size(&mut pool.acquire().await.unwrap()).await, -2000);
    }
}
