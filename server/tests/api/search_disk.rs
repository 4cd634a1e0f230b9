//! The search and facet indexes kept on disk (issue 39): a restart opens them without reading the catalogue, and a
//! build stopped half-way leaves the old index answering until the next start repairs it.

use crate::helpers::{SMALL_FEED, TestApp, cli_import, fresh_db, spawn_configured, spawn_indexed};
use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

/// `GET /api/health/ready`'s `index`: how the index in use came to be.
async fn index_health(base: &str, client: &reqwest::Client) -> Option<serde_json::Value> {
    let ready: serde_json::Value =
        client.get(format!("{base}/api/health/ready")).send().await.ok()?.json().await.ok()?;
    Some(ready)
}

#[tokio::test]
async fn the_index_survives_a_restart_and_is_opened_without_reading_the_catalogue() {
    let app = spawn_indexed(SMALL_FEED, |_| {}).await;
    let first = app.json("/api/health/ready", 200).await;
    assert_eq!(first["index"]["opened"], false, "the first start builds: nothing was kept");
    assert_eq!(first["index"]["builtProducts"], 4, "SMALL_FEED's four offers were indexed");
    let answer =
        app.json("/api/search?q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BA%D1%82%D0%BE%D1%80", 200).await;
    assert_eq!(answer["total"], 2, "a by its name, b by its section's");
    let stored = std::fs::read_dir(app.dir.join("search")).unwrap().count();
    assert!(stored >= 2, "CURRENT, LOCK and a generation are in the index folder");

    // A second shop on the same database and folder: a restart, as far as the index is concerned.
    let again = restarted(&app).await;
    let ready = again.json("/api/health/ready", 200).await;
    assert_eq!(ready["index"]["opened"], true, "opened from the disk: {ready}");
    assert_eq!(ready["index"]["builtProducts"], 0, "no offer indexed at start");
    assert_eq!(ready["indexedImport"], first["indexedImport"]);
    let answer =
        again.json("/api/search?q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BA%D1%82%D0%BE%D1%80", 200).await;
    assert_eq!(answer["total"], 2, "the same answer from the kept index");
    assert_eq!(answer["items"][0]["id"], "a", "the name outranks the section");
    let listing = again.json("/api/sections/1/offers?sort=price", 200).await;
    assert_eq!(listing["total"], 2, "the facet index came back with it: section 1 holds a and b");
    assert_eq!(listing["items"][0]["id"], "b", "by price");
}

#[tokio::test]
async fn an_import_updates_the_index_from_what_it_changed_and_a_restart_opens_the_update() {
    let app = spawn_indexed(SMALL_FEED, |_| {}).await;
    assert_eq!(app.json("/api/health/ready", 200).await["index"]["builtProducts"], 4);
    // a repriced below b, d renamed, c taken off, e added: three products indexed again, one gone; b untouched.
    let feed = SMALL_FEED
        .replace("<price>1480</price>", "<price>1</price>")
        .replace("<name>Без раздела</name>", "<name>Гамма</name>")
        .replace(
            r#"<offer id="c" available="false"><price>200</price><currencyId>RUB</currencyId><categoryId>3</categoryId><name>Пазл</name></offer>"#,
            r#"<offer id="e" available="true"><price>70</price><currencyId>RUB</currencyId><categoryId>3</categoryId><name>Мозаика</name></offer>"#,
        );
    app.import(&feed).await;
    let ready = app.json("/api/health/ready", 200).await;
    assert_eq!(
        (&ready["index"]["builtProducts"], &ready["index"]["updatedProducts"]),
        (&serde_json::json!(4), &serde_json::json!(3)),
        "updated, not built: {ready}"
    );
    shows_the_update(&app).await;
    // The same feed again changes nothing the indexes hold: the generation is kept, relabelled.
    let before = generations(&app.dir.join("search"));
    app.import(&feed).await;
    let again = app.json("/api/health/ready", 200).await;
    assert_eq!(again["index"], ready["index"], "neither built nor updated: {again}");
    assert_eq!(generations(&app.dir.join("search")), before, "no generation written");
    assert_ne!(again["indexedImport"], ready["indexedImport"], "and yet the new import is the one shown");

    let again = restarted(&app).await;
    let ready = again.json("/api/health/ready", 200).await;
    assert_eq!(ready["index"]["opened"], true, "the updated generation opens: {ready}");
    assert_eq!(ready["index"]["builtProducts"], 0, "{ready}");
    shows_the_update(&again).await;
}

/// A second shop on `app`'s database and index folder: a restart, as far as the indexes are concerned.
async fn restarted(app: &TestApp) -> TestApp {
    let dir = app.dir.join("search");
    spawn_configured(app.db_path.clone(), tempfile::tempdir().unwrap(), |args| args.index_dir = Some(dir)).await
}

/// The generations (`g-…` folders) in the index folder `dir`, sorted.
fn generations(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("g-"))
        .collect();
    names.sort();
    names
}

/// What the update of the test above shows: search, the listings' orders, the section the new offer came into.
async fn shows_the_update(app: &TestApp) {
    let found = async |q: &str| -> Vec<String> {
        let answer = app.json(&format!("/api/search?q={q}"), 200).await;
        answer["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_owned()).collect()
    };
    // гамма, раздела, альфа, пазл, мозаика
    assert_eq!(found("%D0%B3%D0%B0%D0%BC%D0%BC%D0%B0").await, ["d"], "the new name is found");
    assert!(found("%D1%80%D0%B0%D0%B7%D0%B4%D0%B5%D0%BB%D0%B0").await.is_empty(), "the old one is not");
    assert_eq!(found("%D0%B0%D0%BB%D1%8C%D1%84%D0%B0").await, ["b"], "the offer left alone still is");
    assert_eq!(
        found("%D0%BF%D0%B0%D0%B7%D0%BB").await,
        ["e"],
        "the offer taken off is not; the new one is, by its section"
    );
    assert_eq!(found("%D0%BC%D0%BE%D0%B7%D0%B0%D0%B8%D0%BA%D0%B0").await, ["e"]);
    let ids = async |path: &str| -> Vec<String> {
        let listing = app.json(path, 200).await;
        listing["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(ids("/api/sections/1/offers?sort=price").await, ["a", "b"], "a's new price orders it first");
    assert_eq!(ids("/api/sections/1/offers?sort=-price").await, ["b", "a"]);
    assert_eq!(ids("/api/sections/1/offers").await, ["a", "b"], "the feed's order, though a took a place after b's");
    assert_eq!(ids("/api/sections/3/offers").await, ["e"]);
}

/// `vitrina serve` on `db` with the index in `index`, on a free port; its output goes to `log`.
fn serve(db: &Path, index: &Path, log: &Path, fault: Option<&str>) -> (Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = std::fs::File::create(log).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_vitrina"));
    command
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--pictures-worker", "false", "--render", "off"])
        .arg("--db")
        .arg(db)
        .env("VITRINA_INDEX_DIR", index)
        .env_remove("VITRINA_INDEX_FAULT")
        .stdout(log.try_clone().unwrap())
        .stderr(log);
    if let Some(fault) = fault {
        command.env("VITRINA_INDEX_FAULT", fault);
    }
    (command.spawn().expect("run vitrina serve"), format!("http://127.0.0.1:{port}"))
}

/// The id of the last import into `db`.
async fn last_import(db: &Path) -> i64 {
    let pool = vitrina::db::connect(db).await.unwrap();
    let import = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
    pool.close().await;
    import
}

/// Waits (up to 30 s) until `base` answers `/api/health/ready` and `done` accepts the answer.
async fn until(base: &str, client: &reqwest::Client, done: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    for _ in 0..300 {
        if let Some(ready) = index_health(base, client).await
            && done(&ready)
        {
            return ready;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{base} did not get there in 30 s");
}

#[tokio::test]
async fn a_build_stopped_half_way_leaves_the_old_index_answering_and_the_next_start_repairs_it() {
    vitrina::pictures::fetch::install_crypto_provider();
    let client = reqwest::Client::new();
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(dir.path()).await;
    let index = dir.path().join("search");
    let log = dir.path().join("serve.log");
    let feed = dir.path().join("feed.xml");
    std::fs::write(&feed, SMALL_FEED).unwrap();
    cli_import(&feed, &db);
    let first_import = last_import(&db).await;

    // The index of the first catalogue is built and kept.
    let (mut shop, base) = serve(&db, &index, &log, None);
    until(&base, &client, |ready| ready["indexedImport"] == first_import).await;
    shop.kill().unwrap();
    shop.wait().unwrap();

    // A new catalogue: «Альфа» is now «Бета».
    std::fs::write(&feed, SMALL_FEED.replace("<name>Альфа</name>", "<name>Бета</name>")).unwrap();
    cli_import(&feed, &db);
    let second_import = last_import(&db).await;
    assert!(second_import > first_import);

    // This start opens the old index at once, then stops dead while switching to the new one.
    let (mut shop, base) = serve(&db, &index, &log, Some("abort-before-switch"));
    let mut answered_from_old = false;
    for _ in 0..300 {
        if let Ok(res) = client.get(format!("{base}/api/search?q=%D0%B0%D0%BB%D1%8C%D1%84%D0%B0")).send().await
            && res.status() == 200
        {
            let body: serde_json::Value = res.json().await.unwrap();
            answered_from_old |= body["total"] == 1;
        }
        if shop.try_wait().unwrap().is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let status = shop.wait().unwrap();
    assert!(!status.success(), "the hook stopped the build: {status:?}");
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.contains("VITRINA_INDEX_FAULT"), "{written}");
    assert_eq!(generations(&index).len(), 2, "the old generation and the half-switched one");
    let _ = answered_from_old; // A fast machine may stop before the first answer: the next start is the test.

    // The next start answers from the old index before anything else, then repairs it.
    let (mut shop, base) = serve(&db, &index, &log, None);
    let opened = until(&base, &client, |ready| ready["search"] == true).await;
    assert_eq!(opened["index"]["opened"], true, "{opened}");
    let early = client.get(format!("{base}/api/search?q=%D0%B1%D0%B5%D1%82%D0%B0")).send().await.unwrap();
    assert_eq!(early.status(), 200, "never 503 nor 'nothing' while the old index is there");
    let repaired = until(&base, &client, |ready| ready["indexedImport"] == second_import).await;
    assert_eq!(
        (&repaired["index"]["builtProducts"], &repaired["index"]["updatedProducts"]),
        (&serde_json::json!(0), &serde_json::json!(1)),
        "the renamed offer updated: {repaired}"
    );
    let beta: serde_json::Value =
        client.get(format!("{base}/api/search?q=%D0%B1%D0%B5%D1%82%D0%B0")).send().await.unwrap().json().await.unwrap();
    assert_eq!(beta["total"], 1, "the new catalogue is found: {beta}");
    assert_eq!(generations(&index).len(), 1, "the repair removed what the stopped build left");
    shop.kill().unwrap();
    shop.wait().unwrap();
}
