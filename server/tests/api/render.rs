//! Server-rendered pages (issue 22): the first HTML carries the page inside `#root`, rendered by the app's own
//! components in QuickJS, with the state the browser hydrates from; a render that cannot finish leaves the
//! client-rendered shell. Needs the server bundle (`web/dist-server`, `npm run build`; `make test` builds it first).

use crate::helpers::{SMALL_FEED, TestApp, fresh_db, search_until, spawn_app_with, spawn_configured};
use vitrina::config::RenderMode;

async fn rendering_app() -> TestApp {
    // Timing is not what these tests look at: a loaded machine must not turn a slow render into a fallback.
    let dir = tempfile::tempdir().expect("temp dir");
    let db_path = timeless_shop(dir.path()).await;
    let app = spawn_configured(db_path, dir, |args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 10_000;
    })
    .await;
    app.import(SMALL_FEED).await;
    // The watcher has seen the import once the index has its offers and it has advanced the content generation past
    // the start's (it read the version before the import at its first tick): pages rendered from here on stay in one
    // generation.
    search_until(&app, "q=альфа", |answer| answer["total"] == 1).await;
    first_look(&app).await;
    app
}

/// A fresh database whose one store lists no working hours: its pages then show no status that the clock changes, so
/// no page is forgotten by the clock while a test counts renders (the demo store closes at 20:00 Moscow time; a run
/// across it used to render a kept page again).
async fn timeless_shop(dir: &std::path::Path) -> std::path::PathBuf {
    let db_path = fresh_db(dir).await;
    let pool = vitrina::db::connect(&db_path).await.expect("the fresh database opens");
    let mut stores = vitrina::domain::stores::parse_stores_file(vitrina::db::stores::DEMO_STORES_JSON).unwrap();
    for store in &mut stores {
        store.working_hours.clear();
    }
    vitrina::db::stores::replace_all(&pool, &stores).await.unwrap();
    pool.close().await;
    db_path
}

/// Waits until the catalogue watcher of `app` has had its first look: it then advances the content generation past
/// the start's and makes every page rendered before it stale ("they read no index"), which the background would
/// render again. Pages asked for from here on stay in one generation.
async fn first_look(app: &TestApp) {
    for _ in 0..100 {
        if render_health(app).await["contentGeneration"].as_u64() >= Some(1) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the content generation did not move after the start: {}", render_health(app).await);
}

/// The inside of `<div id="root">…</div>` (up to the state script that follows it).
fn root(html: &str) -> &str {
    let start = html.find("<div id=\"root\">").expect("#root") + "<div id=\"root\">".len();
    let end =
        html[start..].find("<script type=\"application/json\" id=\"vitrina-state\">").map_or(html.len(), |n| start + n);
    &html[start..end]
}

/// The state a rendered page carries, parsed.
fn state(html: &str) -> serde_json::Value {
    let marker = "<script type=\"application/json\" id=\"vitrina-state\">";
    let start = html.find(marker).expect("the page's state") + marker.len();
    serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()]).expect("JSON state")
}

#[tokio::test]
async fn a_product_page_arrives_with_its_name_price_and_availability_inside_root() {
    let app = rendering_app().await;
    let res = app.get("/catalog/dereviannye-konstruktory/konstruktor-elka/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    let page = root(&html);
    assert!(page.contains("<h1"), "{page}");
    assert!(page.contains("Конструктор Ёлка"), "{page}");
    assert!(page.contains("1\u{a0}480\u{a0}₽"), "the price as the browser formats it: {page}");
    assert!(page.contains("В наличии"), "{page}");
    assert!(!html.contains("<noscript>"), "a rendered page needs no plea for scripts");
    // Its scripts start after the paint: the boot script names them, nothing else fetches them.
    assert!(!html.contains("<script type=\"module\""), "{html}");
    assert!(!html.contains("modulepreload"), "{html}");
    assert!(html.contains("<script defer src=\"/boot.js\" data-entry=\"/assets/index-"), "{html}");
    let state = state(&html);
    assert_eq!(state["language"], "ru");
    let keys: Vec<String> =
        state["queries"]["queries"].as_array().unwrap().iter().map(|q| q["queryHash"].to_string()).collect();
    assert!(keys.iter().any(|k| k.contains("konstruktor-elka")), "the offer's answer is in the state: {keys:?}");
}

#[tokio::test]
async fn the_language_cookie_renders_the_page_in_english() {
    let app = rendering_app().await;
    let res = app
        .client
        .get(format!("{}/catalog/dereviannye-konstruktory/konstruktor-elka/", app.base))
        .header("cookie", "vitrina_language=en")
        .send()
        .await
        .unwrap();
    let html = res.text().await.unwrap();
    assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"), "{}", &html[..80]);
    assert!(root(&html).contains("In stock"), "{}", root(&html));
    assert_eq!(state(&html)["language"], "en");
}

#[tokio::test]
async fn the_shop_says_ready_only_once_a_render_runtime_has_started() {
    // Issue 39: a shop that said ready before its runtimes had loaded the bundle sent its first pages (a crawler's
    // after a restart) as the shell, their budget spent waiting for a runtime.
    let app = spawn_app_with(|args| args.render = RenderMode::On).await;
    let mut ready = serde_json::Value::Null;
    for _ in 0..600 {
        let res = app.get("/api/health/ready").await;
        let status = res.status();
        ready = res.json().await.unwrap();
        if status == 200 {
            break;
        }
        assert!(ready["render"].is_boolean(), "{ready}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(ready["status"], "ready", "{ready}");
    assert_eq!(ready["render"], true, "{ready}");
    let runtimes = render_health(&app).await["runtimes"].as_u64().unwrap();
    assert!(runtimes >= 1, "ready with {runtimes} render runtimes");
}

#[tokio::test]
async fn a_render_past_its_budget_leaves_the_client_rendered_shell() {
    let app = spawn_app_with(|args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 0;
    })
    .await;
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("<div id=\"root\"></div>"), "{html}");
    assert!(!html.contains("vitrina-state"));
    assert!(html.contains("<noscript>"));
    // The render went on without the visitor and filled the page cache: a later visitor gets the page.
    let mut later = String::new();
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        later = app.get("/").await.text().await.unwrap();
        if later.contains("vitrina-state") {
            break;
        }
    }
    assert!(!root(&later).is_empty(), "the page was rendered after its visitor left, within 10 s");
}

#[tokio::test]
async fn a_render_that_throws_answers_the_shell_and_the_next_page_renders_on_a_fresh_runtime() {
    // One render thread would make "the next page" land on the very runtime that failed; the shop has as many as
    // cores, so every page after the failure is checked.
    let app = spawn_app_with(|args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 10_000;
        args.render_fault = Some("render-fault".into());
    })
    .await;
    let res = app.get("/catalog/?render-fault=1").await;
    assert_eq!(res.status(), 200, "a failed render still answers the page");
    let html = res.text().await.unwrap();
    assert!(html.contains("<div id=\"root\"></div>"), "the client-rendered shell: {html}");
    assert!(!html.contains("vitrina-state"));
    assert!(html.contains("<script type=\"module\""), "the shell carries the app that renders it in the browser");
    let health = render_health(&app).await;
    assert_eq!(health["failed"], 1, "{health}");
    for path in ["/catalog/", "/", "/contacts/", "/catalog/?page=1"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(html.contains("vitrina-state"), "{path} renders after the failure: {}", root(&html));
    }
    assert_eq!(render_health(&app).await["failed"], 1);
}

#[tokio::test]
async fn private_pages_are_not_rendered_on_the_server() {
    let app = rendering_app().await;
    for path in ["/personal/cart/", "/personal/", "/catalog/compare/"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path}");
    }
}

/// Issue 39: a page is kept until an import changes what it shows. An import that changes one price changes it in
/// search answers, on the product page and on its section's page; a page of another section and another product
/// stays the one rendered before (the cache's counters tell).
#[tokio::test]
async fn an_import_that_changes_a_price_forgets_exactly_the_pages_that_show_it() {
    let app = rendering_app().await;
    let (product, section) =
        ("/catalog/dereviannye-konstruktory/konstruktor-elka/", "/catalog/dereviannye-konstruktory/");
    let (other_product, other_section) = ("/catalog/pazly/pazl/", "/catalog/pazly/");
    for path in [product, section, other_product, other_section] {
        let page = app.get(path).await.text().await.unwrap();
        assert!(!root(&page).is_empty(), "{path} is rendered");
    }
    assert!(root(&app.get(product).await.text().await.unwrap()).contains("1\u{a0}480\u{a0}₽"));
    assert!(root(&app.get(section).await.text().await.unwrap()).contains("1\u{a0}480\u{a0}₽"));
    let other_before = app.get(other_product).await.text().await.unwrap();
    let before = render_health(&app).await;
    assert_eq!(before["rendered"], 4, "{before}");

    app.import(&SMALL_FEED.replace("<price>1480</price>", "<price>1990</price>")).await;
    let mut page = String::new();
    for _ in 0..100 {
        page = app.get(product).await.text().await.unwrap();
        if root(&page).contains("1\u{a0}990\u{a0}₽") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(root(&page).contains("1\u{a0}990\u{a0}₽"), "the new price within 10 s: {}", root(&page));
    let listing = app.get(section).await.text().await.unwrap();
    assert!(root(&listing).contains("1\u{a0}990\u{a0}₽"), "the section's page: {}", root(&listing));
    let found = search_until(&app, "q=%D1%91%D0%BB%D0%BA%D0%B0", |answer| answer["total"] == 1).await;
    assert_eq!(found["items"][0]["price"], 1990, "{found}");

    assert_eq!(app.get(other_product).await.text().await.unwrap(), other_before, "the other product's page is kept");
    app.get(other_section).await;
    let after = render_health(&app).await;
    let moved = |field: &str| after[field].as_u64().unwrap() - before[field].as_u64().unwrap();
    assert_eq!((moved("rendered"), moved("invalidated")), (2, 2), "{before} -> {after}");
    assert!(moved("cached") >= 2, "{before} -> {after}");
}

/// Issue 39: after an import, the changed pages visitors asked for are rendered again in the background, so the next
/// visitor gets the new price from the cache.
#[tokio::test]
async fn a_changed_page_is_rendered_again_before_anyone_asks() {
    let app = rendering_app().await;
    let product = "/catalog/dereviannye-konstruktory/konstruktor-elka/";
    assert!(root(&app.get(product).await.text().await.unwrap()).contains("1\u{a0}480\u{a0}₽"));
    let before = render_health(&app).await;
    app.import(&SMALL_FEED.replace("<price>1480</price>", "<price>1990</price>")).await;
    let mut health = before.clone();
    for _ in 0..100 {
        health = render_health(&app).await;
        if health["rendered"].as_u64() > before["rendered"].as_u64() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(health["invalidated"].as_u64().unwrap() - before["invalidated"].as_u64().unwrap(), 1, "{health}");
    let page = app.get(product).await.text().await.unwrap();
    assert!(root(&page).contains("1\u{a0}990\u{a0}₽"), "{}", root(&page));
    let after = render_health(&app).await;
    assert_eq!(after["rendered"], health["rendered"], "served from the cache: {after}");
    assert_eq!(after["cached"].as_u64().unwrap(), health["cached"].as_u64().unwrap() + 1, "{after}");
}

/// Issue 39: rendered pages are kept on disk. A restart serves them without rendering while nothing they show has
/// changed, and renders again the ones an import changed while the shop was down; a page kept by another database is
/// never served.
#[tokio::test]
async fn a_restart_serves_the_pages_kept_on_disk_and_renders_again_what_changed_meanwhile() {
    let app = rendering_app().await;
    let (product, other) = ("/catalog/dereviannye-konstruktory/konstruktor-elka/", "/catalog/pazly/pazl/");
    assert!(root(&app.get(product).await.text().await.unwrap()).contains("1\u{a0}480\u{a0}₽"));
    let other_before = app.get(other).await.text().await.unwrap();
    let mut kept = render_health(&app).await;
    for _ in 0..100 {
        if kept["diskPages"].as_u64() >= Some(2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        kept = render_health(&app).await;
    }
    assert_eq!(kept["diskPages"], 2, "both pages written to disk: {kept}");
    assert!(kept["diskBytes"].as_u64().unwrap() > 1000, "{kept}");

    // The folder as the first process left it: it goes on running, and renders the changed page again into its own.
    let before = app.dir.join("pages-before");
    for folder in std::fs::read_dir(app.dir.join("pages")).unwrap().flatten() {
        std::fs::create_dir_all(before.join(folder.file_name())).unwrap();
        for file in std::fs::read_dir(folder.path()).unwrap().flatten() {
            std::fs::copy(file.path(), before.join(folder.file_name()).join(file.file_name())).unwrap();
        }
    }
    // An import while the next process is not yet started.
    let pool = vitrina::db::connect(&app.db_path).await.unwrap();
    let feed = SMALL_FEED.replace("<price>1480</price>", "<price>1990</price>");
    vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(feed.into_bytes()), "test").await.unwrap();
    let import = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
    pool.close().await;
    let restarted = spawn_configured(app.db_path.clone(), tempfile::tempdir().unwrap(), |args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 10_000;
        args.index_dir = Some(app.dir.join("search"));
        args.page_dir = Some(before.clone());
    })
    .await;
    // Asked once its indexes show the import. On PostgreSQL the first process, woken at once, has brought the shared
    // index folder up to it before this one opens it; on SQLite this one's first look brings it, and makes stale what
    // it rendered before (a race with the counters below).
    restarted.wait_for_import(import).await;
    assert_eq!(restarted.get(other).await.text().await.unwrap(), other_before, "the kept page, byte for byte");
    let health = render_health(&restarted).await;
    assert_eq!((health["rendered"].as_u64(), health["fromDisk"].as_u64()), (Some(0), Some(1)), "{health}");
    let page = restarted.get(product).await.text().await.unwrap();
    assert!(root(&page).contains("1\u{a0}990\u{a0}₽"), "the import changed it: rendered again: {}", root(&page));
    let health = render_health(&restarted).await;
    assert_eq!((health["rendered"].as_u64(), health["invalidated"].as_u64()), (Some(1), Some(1)), "{health}");

    // Another database on the same folder: the same URLs, none of its pages.
    let stranger = spawn_app_with(|args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 10_000;
        args.page_dir = Some(before.clone());
    })
    .await;
    stranger.import(SMALL_FEED).await;
    stranger.get(other).await;
    let health = render_health(&stranger).await;
    assert_eq!((health["rendered"].as_u64(), health["fromDisk"].as_u64()), (Some(1), Some(0)), "{health}");
}

/// Issue 39: the cache keeps pages compressed with brotli and sends them so to a client that takes `br`, and
/// decompressed to one that does not; both are the same document.
#[tokio::test]
async fn a_cached_page_goes_out_as_kept_in_brotli_or_decompressed() {
    let app = rendering_app().await;
    let product = "/catalog/dereviannye-konstruktory/konstruktor-elka/";
    let plain = app.get(product).await.text().await.unwrap();
    let response = reqwest::Client::new()
        .get(format!("{}{product}", app.base))
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["vary"], "accept-encoding");
    let packed = response.bytes().await.unwrap();
    let mut document = Vec::new();
    brotli::BrotliDecompress(&mut &packed[..], &mut document).unwrap();
    assert_eq!(String::from_utf8(document).unwrap(), plain);
    assert!(packed.len() * 3 < plain.len(), "{} bytes of {}", packed.len(), plain.len());
    assert_eq!(render_health(&app).await["rendered"], 1);
}

/// `GET /api/health/render`, parsed.
async fn render_health(app: &TestApp) -> serde_json::Value {
    app.get("/api/health/render").await.json().await.unwrap()
}

#[tokio::test]
async fn a_rendered_page_is_served_again_until_the_content_changes() {
    let app = rendering_app().await;
    let first = app.get("/").await.text().await.unwrap();
    assert!(!root(&first).is_empty(), "the home page is rendered");
    let again = app.get("/").await.text().await.unwrap();
    assert_eq!(root(&again), root(&first));
    let health = render_health(&app).await;
    assert_eq!((health["enabled"].as_bool(), health["rendered"].as_u64()), (Some(true), Some(1)), "{health}");
    assert_eq!(health["cached"], 1, "{health}");
    assert_eq!(health["hitRate"], 0.5, "{health}");
    assert!(health["cachePages"].as_u64().unwrap() >= 1, "{health}");
    let bytes = health["cacheBytes"].as_u64().unwrap();
    // Kept in brotli (issue 39): weighed as kept, smaller than the document.
    assert!(bytes as usize >= first.len() / 20 && (bytes as usize) < first.len(), "the home page is weighed: {health}");

    // The owner replaces the top menu from another process (`vitrina menu import`): the page follows.
    let pool = vitrina::db::connect(&app.db_path).await.unwrap();
    let entry = vitrina::domain::menu::MenuEntry {
        title: "Подарки недели".into(),
        url: "/catalog/".into(),
        children: Vec::new(),
        id: None,
    };
    vitrina::db::menus::import_owner_menu(&pool, vitrina::domain::menu::TOP_MENU, &[entry]).await.unwrap();
    pool.close().await;
    let mut page = String::new();
    for _ in 0..100 {
        page = app.get("/").await.text().await.unwrap();
        if root(&page).contains("Подарки недели") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(root(&page).contains("Подарки недели"), "the new menu within 10 s: {}", root(&page));
    assert_eq!(render_health(&app).await["rendered"], 2);
}

#[tokio::test]
async fn an_unknown_product_section_or_path_answers_404_with_the_rendered_not_found_page() {
    let app = rendering_app().await;
    for path in
        ["/catalog/dereviannye-konstruktory/net-takogo/", "/catalog/net-takogo-razdela/", "/net-takoi-stranicy/"]
    {
        // The second answer comes from the page cache, which keeps the status with the page.
        for attempt in ["rendered", "cached"] {
            let res = app.get(path).await;
            assert_eq!(res.status(), 404, "{path} ({attempt})");
            let html = res.text().await.unwrap();
            let page = root(&html);
            assert!(page.contains("Страница не найдена"), "{path} ({attempt}): {page}");
            assert!(page.contains("href=\"/catalog/\""), "the page links on: {page}");
            assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"), "{path}");
            // The browser draws the page at its own URL anew: no state to hydrate from, nothing of the path in it.
            assert_eq!(state_text(&html), "", "{path}");
            assert!(!html.contains("rel=\"canonical\""), "{path}");
        }
    }
    // Issue 34: one render for every unknown path, each of them a render before.
    let health = render_health(&app).await;
    assert_eq!((health["rendered"].as_u64(), health["cached"].as_u64()), (Some(1), Some(5)), "{health}");
}

/// The text of a page's state element, empty when it carries none.
fn state_text(html: &str) -> &str {
    let marker = "<script type=\"application/json\" id=\"vitrina-state\">";
    let start = html.find(marker).map_or(html.len(), |at| at + marker.len());
    &html[start..start + html[start..].find("</script>").unwrap_or(0)]
}

#[tokio::test]
async fn what_a_page_does_not_read_of_its_url_cannot_make_it_render_again() {
    // Issue 34: one client with random `?utm_source=`, `?page=` and unknown keys kept both render threads busy.
    let app = rendering_app().await;
    let section = "/catalog/dereviannye-konstruktory/";
    let clean = app.get(&format!("{section}?sort=price")).await.text().await.unwrap();
    let before = render_health(&app).await;
    for noise in ["utm_source=ad1&sort=price", "sort=price&yclid=77&page=1", "gclid=x&sort=price&page=abc&zz=1"] {
        let page = app.get(&format!("{section}?{noise}")).await.text().await.unwrap();
        assert_eq!(root(&page), root(&clean), "{noise}");
    }
    let after = render_health(&app).await;
    assert_eq!(after["rendered"], before["rendered"], "no render for a URL that differs in dropped keys");
    assert_eq!(after["cached"].as_u64().unwrap(), before["cached"].as_u64().unwrap() + 3);
}

#[tokio::test]
async fn one_client_flooding_uncached_pages_leaves_the_render_threads_to_the_others() {
    // Issue 34: 32 connections of unique URLs from one client pushed other visitors' product pages onto the shell.
    // The flooder's share is one render at a time (the default): every other thread stays free for the others.
    let app = spawn_app_with(|args| {
        args.render = RenderMode::On;
        args.render_budget_ms = 5_000;
        args.render_share = 1;
    })
    .await;
    app.import(SMALL_FEED).await;
    search_until(&app, "q=альфа", |answer| answer["total"] == 1).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flooder = app.client_from("127.0.0.2");
    let floods: Vec<_> = (0..16)
        .map(|n| {
            let (client, base, stop) = (flooder.clone(), app.base.clone(), stop.clone());
            tokio::spawn(async move {
                let mut i = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    i += 1;
                    // Pages a normalised URL still tells apart: a listing's page numbers and unknown products.
                    let url = if i % 2 == 0 {
                        format!("{base}/catalog/dereviannye-konstruktory/?page={}", 2 + n * 10_000 + i)
                    } else {
                        format!("{base}/catalog/dereviannye-konstruktory/nope-{n}-{i}/")
                    };
                    let _ = client.get(url).send().await.and_then(|r| r.error_for_status_ref().map(|_| ()));
                }
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let mut shells = Vec::new();
    for path in ["/catalog/", "/contacts/", "/reviews/", "/catalog/products/bez-razdela/"] {
        let page = app.get(path).await.text().await.unwrap();
        if root(&page).trim().is_empty() {
            shells.push(path);
        }
    }
    for offer in ["a", "b", "c"] {
        let url = app.json(&format!("/api/offers/{offer}"), 200).await["url"].as_str().unwrap().to_owned();
        let page = app.get(&url).await.text().await.unwrap();
        if root(&page).trim().is_empty() {
            shells.push("a product page");
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for flood in floods {
        flood.await.unwrap();
    }
    assert!(shells.is_empty(), "sent as the shell while another client flooded: {shells:?}");
    // The flooder's pages queued behind its own one render: none found every thread and the queue taken.
    let health = render_health(&app).await;
    assert_eq!(health["busy"], 0, "{health}");
    assert!(health["rendered"].as_u64().unwrap() > 20, "the flood was rendered, one page at a time: {health}");
}
