//! `spawn_app`: the real application on a random port with a fresh database, and small request helpers.

use std::path::{Path, PathBuf};
use vitrina::config::{DbArgs, MailArgs, ServeArgs};
use vitrina::startup::Application;

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    /// The shop's `VITRINA_DB`: a SQLite file in [`TestApp::dir`], or a PostgreSQL URL ([`fresh_db`]).
    pub db_path: PathBuf,
    /// The test's own folder (files a test writes for the CLI, a backup).
    pub dir: PathBuf,
    _dir: tempfile::TempDir,
}

/// Whether the suite runs on PostgreSQL: `VITRINA_TEST_PG` names a server (an administrator's URL, such as
/// `postgres://postgres@127.0.0.1:5433/postgres`) on which each test gets a fresh database. Unset: SQLite files.
pub fn on_postgres() -> bool {
    std::env::var("VITRINA_TEST_PG").is_ok_and(|url| !url.is_empty())
}

/// A fresh database for one test: `dir/test.db`, or on PostgreSQL ([`on_postgres`]) a new database named
/// `vitrina_test_<random>` on the `VITRINA_TEST_PG` server, answered as its URL.
pub async fn fresh_db(dir: &Path) -> PathBuf {
    use sqlx::Connection;
    let Some(admin) = std::env::var("VITRINA_TEST_PG").ok().filter(|url| !url.is_empty()) else {
        return dir.join("test.db");
    };
    let name = format!("vitrina_test_{:016x}", rand::random::<u64>());
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("VITRINA_TEST_PG answers");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    let (server, _) = admin.rsplit_once('/').expect("VITRINA_TEST_PG ends in a database name");
    PathBuf::from(format!("{server}/{name}"))
}

/// Starts the shop on a fresh database (seeded with the demo catalogue, as `serve` does).
pub async fn spawn_app() -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let db_path = fresh_db(dir.path()).await;
    spawn_on(db_path, dir).await
}

/// Starts the shop on a fresh database with its settings changed by `configure`.
pub async fn spawn_app_with(configure: impl FnOnce(&mut ServeArgs)) -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let db_path = fresh_db(dir.path()).await;
    spawn_configured(db_path, dir, configure).await
}

/// Starts the shop on `db_path` inside `dir` (which the app keeps alive).
pub async fn spawn_on(db_path: PathBuf, dir: tempfile::TempDir) -> TestApp {
    spawn_configured(db_path, dir, |_| {}).await
}

/// Starts the shop on a fresh database holding `feed` (so no demo catalogue is seeded), with its settings changed by
/// `configure`.
pub async fn spawn_with_feed(feed: &str, configure: impl FnOnce(&mut ServeArgs)) -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let db_path = fresh_db(dir.path()).await;
    let pool = vitrina::db::connect(&db_path).await.unwrap();
    vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(feed.as_bytes().to_vec()), "test").await.unwrap();
    pool.close().await;
    spawn_configured(db_path, dir, configure).await
}

/// [`spawn_with_feed`], returning once the shop's listings read from the indexes built after the import
/// ([`TestApp::wait_for_import`]): the facet and variant tests' shops.
pub async fn spawn_indexed(feed: &str, configure: impl FnOnce(&mut ServeArgs)) -> TestApp {
    let app = spawn_with_feed(feed, configure).await;
    let pool = app.pool().await;
    let import = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
    pool.close().await;
    app.wait_for_import(import).await;
    app
}

pub(crate) async fn spawn_configured(
    db_path: PathBuf,
    dir: tempfile::TempDir,
    configure: impl FnOnce(&mut ServeArgs),
) -> TestApp {
    let mut args = ServeArgs {
        db: DbArgs { db: db_path.clone() },
        addr: "127.0.0.1:0".parse().unwrap(),
        public_url: Some("https://shop.test".into()),
        mail: MailArgs {
            smtp_url: None,
            mail_from: "Vitrina <noreply@shop.test>".into(),
            notify_email: None,
            mail_retry_ms: vitrina::limits::MAIL_RETRY_FIRST_MS,
            mail_attempts: vitrina::limits::MAIL_ATTEMPTS,
        },
        // The picture worker costs each app seconds of encoding the demo's pictures; the suite that tests pictures
        // turns it on (`pictures.rs`), with a picture server on 127.0.0.1.
        pictures: vitrina::config::PictureArgs {
            // In the test's own folder on either database: PostgreSQL's default, `./data/pictures`, would land in
            // the working directory (server/).
            pictures_dir: Some(dir.path().join("pictures")),
            pictures_url: None,
            pictures_allow_loopback: true,
            pictures_timeout_ms: vitrina::limits::PICTURE_FETCH_TIMEOUT_MS,
            pictures_concurrency: vitrina::limits::PICTURE_FETCH_CONCURRENCY,
            pictures_per_host: vitrina::limits::PICTURE_FETCH_PER_HOST,
            pictures_threads: Some(1),
            pictures_worker: false,
            // The fastest AVIF: in a debug build the AV1 encoder runs some ten times slower than in a release.
            pictures_avif_speed: 10,
            // Pictures show at the watcher's next look: the tests wait for each one, not for batches (the batching
            // is `startup::PictureShowing`'s unit test, and the browser tests run with the default).
            pictures_show_interval_ms: 0,
        },
        // 1C's exchange is off until a test sets its user and password (`exchange.rs`); its folder is the test's.
        exchange: vitrina::config::ExchangeArgs {
            exchange_user: None,
            exchange_password: None,
            exchange_dir: Some(dir.path().join("1c-exchange")),
            exchange_zip: true,
            exchange_file_limit: vitrina::limits::EXCHANGE_FILE_LIMIT_BYTES,
            exchange_dir_max_mb: vitrina::limits::EXCHANGE_DIR_MAX_BYTES / (1024 * 1024),
            exchange_price_type: None,
            exchange_old_price_type: None,
            exchange_step_ms: vitrina::limits::EXCHANGE_STEP_MS,
            exchange_schema: vitrina::exchange::sale::SaleSchema::V210,
            exchange_encoding: vitrina::exchange::sale::SaleEncoding::Utf8,
            exchange_bom: true,
            exchange_time_zone: chrono_tz::Europe::Moscow,
        },
        form_rate_burst: 1000,
        login_attempts: vitrina::limits::LOGIN_ATTEMPTS_PER_WINDOW,
        orders_per_address: vitrina::limits::ORDERS_PER_ADDRESS,
        orders_per_session: vitrina::limits::ORDERS_PER_SESSION,
        basket_view: vitrina::config::BasketView::Right,
        map_tiles: String::new(),
        map_attribution: String::new(),
        reviews_autopublish: false,
        trusted_proxies: Vec::new(),
        health_token: None,
        idle_timeout: vitrina::limits::CONNECTION_IDLE_TIMEOUT.as_secs(),
        max_connections: vitrina::limits::CONNECTIONS_MAX,
        // Rendering costs each app two QuickJS runtimes; the suites that test pages turn it on (`render.rs`).
        render: vitrina::config::RenderMode::Off,
        render_budget_ms: vitrina::limits::RENDER_BUDGET_MS,
        render_share: vitrina::limits::RENDER_SHARE_PER_CLIENT,
        render_fault: None,
        facet_min_share: vitrina::limits::FACET_MIN_SHARE_PERCENT,
        facet_order: Vec::new(),
        facet_exact_matches: vitrina::limits::FACET_SAMPLE_MATCHES,
        // The kept search index in the test's own folder on either database (PostgreSQL's default is `./data`).
        index_dir: Some(dir.path().join("search")),
        index_fault: None,
        cache_mb: vitrina::limits::CACHE_MB,
        page_dir: Some(dir.path().join("pages")),
        page_disk_mb: vitrina::limits::PAGE_DISK_MB,
    };
    configure(&mut args);
    // Before any client of the tests' is built (reqwest has no TLS provider of its own here).
    vitrina::pictures::fetch::install_crypto_provider();
    let app = Application::build(&args).await.expect("app builds");
    let base = format!("http://{}", app.addr());
    tokio::spawn(app.run());
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    TestApp { base, client, db_path, dir: dir.path().to_owned(), _dir: dir }
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.base)).send().await.expect("request")
    }

    /// GET `path`, asserting `status`, and parse JSON.
    pub async fn json(&self, path: &str, status: u16) -> serde_json::Value {
        let res = self.get(path).await;
        assert_eq!(res.status().as_u16(), status, "GET {path}");
        res.json().await.expect("JSON body")
    }

    /// Imports a feed given as text, as `vitrina import` would, and waits until the shop's listings show it
    /// (`indexedImport` of `/api/health/ready`: the catalogue watcher rebuilds the indexes within a second).
    pub async fn import(&self, feed: &str) -> vitrina::feeds::import::ImportSummary {
        let pool = vitrina::db::connect(&self.db_path).await.unwrap();
        let summary =
            vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(feed.as_bytes().to_vec()), "test")
                .await
                .unwrap();
        let import = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
        pool.close().await;
        self.wait_for_import(import).await;
        summary
    }

    /// Waits until the listings show import `import` (`indexedImport` of `/api/health/ready`), failing after 15 s.
    pub async fn wait_for_import(&self, import: i64) {
        for _ in 0..150 {
            let ready: serde_json::Value = self.get("/api/health/ready").await.json().await.unwrap();
            if ready["indexedImport"] == import {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("import {import} did not reach the listings in 15 s");
    }
}

/// A visitor as a browser is one: its cookies (kept from every answer, as a browser's jar keeps them) and its CSRF
/// token, sent with every request. The session is stored from the first request that writes state (issue 20).
pub struct Visitor<'a> {
    pub app: &'a TestApp,
    cookies: std::sync::Mutex<std::collections::BTreeMap<String, String>>,
    pub token: String,
}

impl TestApp {
    /// A new visitor: `GET /api/session`, keeping the cookie and the token.
    pub async fn visitor(&self) -> Visitor<'_> {
        let response = self.get("/api/session").await;
        let visitor = Visitor::with_cookie(self, "", "");
        visitor.remember(&response);
        let body: serde_json::Value = response.json().await.unwrap();
        Visitor { token: body["sessid"].as_str().unwrap().to_owned(), ..visitor }
    }

    /// A handle on the app's database, for checking what landed in its tables (`Db::raw_*`).
    pub async fn pool(&self) -> vitrina::db::Db {
        vitrina::db::connect(&self.db_path).await.unwrap()
    }
}

impl<'a> Visitor<'a> {
    /// A visitor sending `cookie` (a `Cookie` header's value: `a=1; b=2`) and `token`.
    pub fn with_cookie(app: &'a TestApp, cookie: &str, token: &str) -> Self {
        let cookies = cookie
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        Visitor { app, cookies: std::sync::Mutex::new(cookies), token: token.to_owned() }
    }

    /// The `Cookie` header the visitor sends.
    pub fn cookie(&self) -> String {
        let cookies = self.cookies.lock().unwrap();
        cookies.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("; ")
    }

    /// Keeps the cookies `response` set (an empty or expired one is dropped); whether it set the session cookie.
    pub fn remember(&self, response: &reqwest::Response) -> bool {
        let mut session_set = false;
        let mut cookies = self.cookies.lock().unwrap();
        for set_cookie in response.headers().get_all("set-cookie") {
            let text = set_cookie.to_str().unwrap();
            let Some((name, value)) = text.split(';').next().and_then(|pair| pair.split_once('=')) else { continue };
            let expired = text.contains("Max-Age=0") || value.is_empty();
            if expired {
                cookies.remove(name);
            } else {
                cookies.insert(name.to_owned(), value.to_owned());
                session_set |= name == vitrina::limits::SESSION_COOKIE_NAME;
            }
        }
        session_set
    }

    /// GET `path` with the visitor's cookies.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        let url = format!("{}{path}", self.app.base);
        let response = self.app.client.get(url).header("cookie", self.cookie()).send().await.expect("request");
        self.remember(&response);
        response
    }

    /// POST `body` as JSON to `path` with the cookie and the CSRF token.
    pub async fn post(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.post_via(&self.app.client, path, body).await
    }

    /// POST `body` as JSON to `path` with the cookie and the CSRF token, through `client` (one bound to another
    /// local address, say: [`TestApp::client_from`]).
    pub async fn post_via(&self, client: &reqwest::Client, path: &str, body: &serde_json::Value) -> reqwest::Response {
        let url = format!("{}{path}", self.app.base);
        let request = client.post(url).header("cookie", self.cookie()).header("x-csrf-token", &self.token);
        let response = request.json(body).send().await.expect("request");
        self.remember(&response);
        response
    }

    /// POST `body` as it is, with `content_type`, to `path` with the cookie and the CSRF token (bodies that are not
    /// valid JSON, or not JSON at all).
    pub async fn post_raw(&self, path: &str, content_type: &str, body: &'static str) -> reqwest::Response {
        let url = format!("{}{path}", self.app.base);
        let request = self.app.client.post(url).header("cookie", self.cookie()).header("x-csrf-token", &self.token);
        let response = request.header("content-type", content_type).body(body).send().await.expect("request");
        self.remember(&response);
        response
    }

    /// PATCH `body` as JSON to `path` with the cookie and the CSRF token.
    pub async fn patch(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        let url = format!("{}{path}", self.app.base);
        let request = self.app.client.patch(url).header("cookie", self.cookie()).header("x-csrf-token", &self.token);
        let response = request.json(body).send().await.expect("request");
        self.remember(&response);
        response
    }

    /// `method` `path` with the cookie and the CSRF token, and `body` as JSON when given.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> reqwest::Response {
        let url = format!("{}{path}", self.app.base);
        let request =
            self.app.client.request(method, url).header("cookie", self.cookie()).header("x-csrf-token", &self.token);
        let request = match body {
            Some(body) => request.json(body),
            None => request,
        };
        let response = request.send().await.expect("request");
        self.remember(&response);
        response
    }

    /// Keeps the session cookie `response` set, if it set one (log-in, log-out and a password change give the
    /// session a new id); returns whether it did.
    pub fn keep_cookie(&mut self, response: &reqwest::Response) -> bool {
        self.remember(response)
    }

    /// `GET /api/session` again: keeps its cookie (if set) and its token (a log-in gives a new one); the body.
    pub async fn refresh(&mut self) -> serde_json::Value {
        let response = self.get("/api/session").await;
        assert_eq!(response.status(), 200);
        self.keep_cookie(&response);
        let body: serde_json::Value = response.json().await.unwrap();
        self.token = body["sessid"].as_str().unwrap().to_owned();
        body
    }
}

impl TestApp {
    /// A client whose connections come from `ip` (any 127.x.y.z reaches the app on Linux): another client address
    /// for the per-address limits.
    pub fn client_from(&self, ip: &str) -> reqwest::Client {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .local_address(ip.parse::<std::net::IpAddr>().unwrap())
            .build()
            .unwrap()
    }
}

/// `../shared/data/NAME`, or `None` (and a message) when the shared data is absent. With `CI` set it panics
/// instead (issue 21): CI always has `../shared` beside the clone, so a missing file there is a broken set-up that
/// must not turn the tests that need it green.
pub fn shared_data(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data").join(name);
    if path.exists() {
        Some(path)
    } else if std::env::var_os("CI").is_some() {
        panic!("{} is absent, and CI is set: ../shared/data must be beside the checkout", path.display());
    } else {
        eprintln!("SKIPPED: {} is absent (../shared/data is not beside the checkout)", path.display());
        None
    }
}

/// Runs the real `vitrina import --json FEED --db DB` and parses its summary.
pub fn cli_import(feed: &Path, db: &Path) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .arg("import")
        .arg(feed)
        .arg("--db")
        .arg(db)
        .arg("--json")
        .output()
        .expect("run vitrina import");
    assert!(out.status.success(), "import failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON summary")
}

/// A small feed written for tests: sections 1 › 2, 3; offers a (in 2), b (in 1, on sale), c (in 3, unavailable),
/// d (no section).
pub const SMALL_FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE yml_catalog SYSTEM "shops.dtd">
<yml_catalog date="2026-11-01 10:00"><shop><name>Тестовый магазин</name><company>ООО Тест</company><url>http://t.ru</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories>
<category id="1">Конструкторы</category>
<category id="2" parentId="1">Деревянные конструкторы</category>
<category id="3">Пазлы</category>
</categories>
<offers>
<offer id="a" available="true"><price>1480</price><currencyId>RUR</currencyId><categoryId>2</categoryId><picture>http://t.ru/a.jpg</picture><name>Конструктор Ёлка</name><vendor>Бренд</vendor><vendorCode>A-1</vendorCode><description><![CDATA[<p>Описание <b>ёлки</b></p><script>x</script>]]></description><param name="Возраст" unit="лет">3</param></offer>
<offer id="b" available="true"><price>3.54</price><oldprice>5</oldprice><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Альфа</name></offer>
<offer id="c" available="false"><price>200</price><currencyId>RUB</currencyId><categoryId>3</categoryId><name>Пазл</name></offer>
<offer id="d"><price>50</price><categoryId></categoryId><name>Без раздела</name></offer>
</offers></shop></yml_catalog>"#;

/// GETs `/api/search?{query}` until `ready` accepts the answer (the index builds in the background at start-up,
/// answering 503 until then, and after imports), failing after 15 s.
pub async fn search_until(app: &TestApp, query: &str, ready: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    for _ in 0..150 {
        let res = app.get(&format!("/api/search?{query}")).await;
        if res.status() == 503 {
            // The first index is being built (issue 20: 503 SEARCH_STARTING).
            assert_eq!(res.headers()["retry-after"], "2");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        }
        assert_eq!(res.status(), 200, "{query}");
        let body: serde_json::Value = res.json().await.unwrap();
        if ready(&body) {
            return body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no expected answer for {query}");
}

/// A local SMTP server for the mail tests (issue 37): it speaks enough of RFC 5321 for lettre over any number of
/// connections, keeps every message it accepts, and refuses the first `refuse` messages at the end of their data
/// with `451` (a temporary failure the outbox must retry).
pub struct SmtpServer {
    pub url: String,
    received: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    refusals: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl SmtpServer {
    pub async fn start(refuse: usize) -> Self {
        use std::sync::atomic::Ordering;
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let refusals = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (kept, refused) = (received.clone(), refusals.clone());
        tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else { return };
                let (kept, refused) = (kept.clone(), refused.clone());
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 test ESMTP\r\n").await;
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(message) = data.as_mut() {
                            if line != "." {
                                message.push_str(&line);
                                message.push('\n');
                                continue;
                            }
                            let message = data.take().unwrap();
                            let reply: &[u8] = if refused.fetch_add(1, Ordering::SeqCst) < refuse {
                                b"451 4.3.0 try again later\r\n"
                            } else {
                                kept.lock().unwrap().push(message);
                                b"250 queued\r\n"
                            };
                            let _ = write.write_all(reply).await;
                            continue;
                        }
                        let reply: &[u8] = if line.starts_with("DATA") {
                            data = Some(String::new());
                            b"354 go on\r\n"
                        } else if line.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            return;
                        } else {
                            b"250 ok\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        Self { url, received, refusals }
    }

    /// The messages accepted so far, as sent (headers and the encoded body).
    pub fn received(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }

    /// The accepted messages as `(to, subject, plain text)`, decoded (mail-parser).
    pub fn decoded(&self) -> Vec<(String, String, String)> {
        self.received()
            .iter()
            .map(|raw| {
                let message = mail_parser::MessageParser::default().parse(raw.as_bytes()).expect("a message");
                let to =
                    message.to().and_then(|to| to.first()).and_then(|a| a.address()).unwrap_or_default().to_owned();
                let subject = message.subject().unwrap_or_default().to_owned();
                let text = message.body_text(0).unwrap_or_default().into_owned();
                (to, subject, text)
            })
            .collect()
    }

    /// Messages refused and accepted so far.
    pub fn attempts(&self) -> usize {
        self.refusals.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Waits (up to 10 s) until `n` messages were accepted; answers them.
    pub async fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..200 {
            let received = self.received();
            if received.len() >= n {
                return received;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{} of {n} messages arrived", self.received().len());
    }
}
