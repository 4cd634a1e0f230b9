//! `GET /api/menus/top` and `vitrina menu import|export|reset`.

use crate::helpers::{SMALL_FEED, spawn_app};
use serde_json::{Value, json};
use std::path::Path;

/// Runs `vitrina menu ARGS… --db DB` and returns (success, stdout, stderr).
fn cli_menu(db: &Path, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .arg("menu")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .expect("run vitrina menu");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn titles(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap().to_owned()).collect()
}

fn depth(items: &Value) -> usize {
    items.as_array().unwrap().iter().map(|i| 1 + depth(&i["children"])).max().unwrap_or(0)
}

#[tokio::test]
async fn demo_shop_serves_a_top_menu_generated_from_its_catalogue() {
    let app = spawn_app().await;
    let menu = app.json("/api/menus/top", 200).await;
    let items = &menu["items"];
    assert_eq!(
        titles(items),
        [
            "Каталог",
            "Скидки",
            "Новинки",
            "Конструкторы",
            "Настольные игры",
            "Куклы и мягкие игрушки",
            "Транспорт",
            "Творчество",
            "Спорт и улица"
        ]
    );
    assert!(depth(items) >= 3, "at least three levels somewhere");
    assert_eq!(items[0]["url"], "/catalog/");
    assert_eq!(items[0]["children"][0]["children"][1]["url"], "/catalog/magnitnye-konstruktory/");
    assert!(items[0]["id"].is_i64());
    // Every generated link leads to a page of the shop.
    let mut stack: Vec<&Value> = items.as_array().unwrap().iter().collect();
    while let Some(item) = stack.pop() {
        let url = item["url"].as_str().unwrap();
        let path = url.split('?').next().unwrap();
        assert_eq!(app.get(path).await.status(), 200, "{url}");
        stack.extend(item["children"].as_array().unwrap());
    }
    // The "Скидки" item's sort is one the listing API accepts.
    app.json("/api/offers?sort=discount", 200).await;
}

#[tokio::test]
async fn unknown_menu_is_a_json_404() {
    let app = spawn_app().await;
    let body = app.json("/api/menus/bottom", 404).await;
    assert_eq!(body["errors"][0]["code"], "MENU_NOT_FOUND");
}

#[tokio::test]
async fn a_feed_import_rebuilds_the_generated_menu_but_not_the_owners() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let items = app.json("/api/menus/top", 200).await["items"].clone();
    assert_eq!(titles(&items), ["Каталог", "Скидки", "Новинки", "Конструкторы", "Пазлы"]);

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("menu.json");
    let own = json!([
        {"title": "О магазине", "url": "/about/", "children": [
            {"title": "Контакты", "url": "/contacts/", "children": [
                {"title": "Как проехать", "url": "/contacts/#map"}
            ]},
            {"title": "Отзывы", "url": "/reviews/"}
        ]},
        {"title": "Блог", "url": "https://blog.example.com/"}
    ]);
    std::fs::write(&file, own.to_string()).unwrap();
    let (ok, stdout, stderr) = cli_menu(&app.db_path, &["import", file.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("5 items"), "{stdout}");
    let items = app.json("/api/menus/top", 200).await["items"].clone();
    assert_eq!(titles(&items), ["О магазине", "Блог"]);
    assert_eq!(items[0]["children"][0]["children"][0]["title"], "Как проехать");

    // A later feed import keeps the owner's menu.
    app.import(SMALL_FEED).await;
    assert_eq!(titles(&app.json("/api/menus/top", 200).await["items"]), ["О магазине", "Блог"]);

    // Export gives a file that imports back unchanged; so does a saved API answer.
    let (ok, exported, _) = cli_menu(&app.db_path, &["export"]);
    assert!(ok);
    let exported: Value = serde_json::from_str(&exported).unwrap();
    assert_eq!(exported[0]["children"][1]["title"], "Отзывы");
    let answer = app.get("/api/menus/top").await.text().await.unwrap();
    std::fs::write(&file, answer).unwrap();
    let (ok, _, stderr) = cli_menu(&app.db_path, &["import", file.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert_eq!(titles(&app.json("/api/menus/top", 200).await["items"]), ["О магазине", "Блог"]);

    // Reset goes back to the menu built from the catalogue.
    let (ok, _, _) = cli_menu(&app.db_path, &["reset"]);
    assert!(ok);
    assert_eq!(titles(&app.json("/api/menus/top", 200).await["items"])[0], "Каталог");
}

#[tokio::test]
async fn a_bad_menu_file_is_refused_with_each_problem_named_and_the_menu_kept() {
    let app = spawn_app().await;
    let before = app.json("/api/menus/top", 200).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("menu.json");
    std::fs::write(
        &file,
        json!([
            {"title": " ", "url": "/a/"},
            {"title": "Ок", "url": "/ok/", "children": [{"title": "Плохая", "url": "javascript:alert(1)"}]}
        ])
        .to_string(),
    )
    .unwrap();
    let (ok, _, stderr) = cli_menu(&app.db_path, &["import", file.to_str().unwrap()]);
    assert!(!ok);
    assert!(stderr.contains("items[0].title") && stderr.contains("MENU_TITLE_EMPTY"), "{stderr}");
    assert!(stderr.contains("items[1].children[0].url") && stderr.contains("MENU_URL_INVALID"), "{stderr}");

    std::fs::write(&file, r#"[{"title": "Без ссылки"}]"#).unwrap();
    let (ok, _, stderr) = cli_menu(&app.db_path, &["import", file.to_str().unwrap()]);
    assert!(!ok);
    assert!(stderr.contains("missing field `url`"), "{stderr}");

    let (ok, _, stderr) = cli_menu(&app.db_path, &["import", "/nonexistent/menu.json"]);
    assert!(!ok && stderr.contains("cannot open"), "{stderr}");

    assert_eq!(app.json("/api/menus/top", 200).await, before);

    // A mistyped --db is refused instead of creating an empty database no shop serves.
    std::fs::write(&file, r#"[{"title": "Ок", "url": "/"}]"#).unwrap();
    let missing = dir.path().join("typo.db");
    let (ok, _, stderr) = cli_menu(&missing, &["import", file.to_str().unwrap()]);
    assert!(!ok && stderr.contains("no database at"), "{stderr}");
    assert!(!missing.exists());
}
