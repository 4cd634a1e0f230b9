//! Stores, reviews and delivery locations (issue 8).

use crate::helpers::{TestApp, shared_data, spawn_app, spawn_app_with};
use serde_json::{Value, json};
use std::path::Path;

/// Runs the real `vitrina ARGS… --db DB`; asserts success and returns standard output.
fn cli(app: &TestApp, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .args(args)
        .arg("--db")
        .arg(&app.db_path)
        .output()
        .expect("run vitrina");
    assert!(out.status.success(), "vitrina {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// `vitrina stores import` of `stores` written to a file.
fn import_stores(app: &TestApp, stores: &Value) -> String {
    let file = app.dir.join("stores.json");
    std::fs::write(&file, stores.to_string()).unwrap();
    cli(app, &["stores", "import", file.to_str().unwrap()])
}

fn codes(body: &Value) -> Vec<(String, String)> {
    body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap_or("").to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_new_shop_answers_its_demo_store_with_today_and_no_rating() {
    let app = spawn_app().await;
    let response = app.get("/api/stores").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let stores: Value = response.json().await.unwrap();
    let store = &stores[0];
    assert_eq!(stores.as_array().unwrap().len(), 1);
    assert_eq!(store["id"], 1);
    assert_eq!(store["timezone"], "Europe/Moscow");
    assert_eq!(store["workingHours"].as_array().unwrap().len(), 7);
    assert_eq!(store["workingHours"][0]["WORK_START"], "10:00");
    assert_eq!(store["workingHours"][6]["WORK_START"], Value::Null);
    assert_eq!(store["phone"][0]["value"], "+7 495 000-00-00");
    assert!(store["map"]["lat"].is_number());
    assert_eq!(store["ratingValue"], Value::Null);
    assert_eq!(store["reviewsCount"], 0);
    assert_eq!(store["reviewsDeclension"], "отзывов");
    assert_eq!(store["reviewsPageLink"], "/reviews/");
    let today = &store["today"];
    assert!(["OPEN", "CLOSED"].contains(&today["status"].as_str().unwrap()), "{today}");
    assert!(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].contains(&today["day"].as_str().unwrap()));
    assert_eq!(app.json("/api/stores/1", 200).await["name"], store["name"]);
    for missing in ["/api/stores/999", "/api/stores/abc", "/api/stores/-1"] {
        let body = app.json(missing, 404).await;
        assert_eq!(body["errors"][0]["code"], "STORE_NOT_FOUND", "{missing}");
    }
}

#[tokio::test]
async fn an_answer_saved_to_a_file_imports_back_unchanged() {
    let app = spawn_app().await;
    let before = app.json("/api/stores", 200).await;
    assert_eq!(import_stores(&app, &before).trim(), "stores imported: 1");
    assert_eq!(app.json("/api/stores", 200).await, before);
    let exported: Value = serde_json::from_str(&cli(&app, &["stores", "export"])).unwrap();
    assert_eq!(exported[0]["name"], before[0]["name"]);
    assert!(exported[0].get("today").is_none(), "the export is the owner's data, without computed fields");
}

#[tokio::test]
async fn a_store_that_is_open_24_hours_every_day_is_open_now_and_says_so() {
    let app = spawn_app().await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "WORK_START": "00:00", "WORK_END": "00:00"}))
        .collect();
    let stores = json!([
        {"name": "Круглосуточный", "address": "Алматы, пр. Абая, 1", "timezone": "Asia/Almaty", "workingHours": week,
         "email": [{"value": "a@b.kz"}]},
        {"name": "Никогда", "address": "Минск", "timezone": "Europe/Minsk",
         "workingHours": [{"day": "mon"}, {"day": "tue"}, {"day": "wed"}, {"day": "thu"}, {"day": "fri"}, {"day": "sat"}, {"day": "sun"}]},
        {"name": "Без расписания", "address": "Киев", "timezone": "Europe/Kyiv"},
    ]);
    import_stores(&app, &stores);
    let answer = app.json("/api/stores", 200).await;
    assert_eq!(answer[0]["today"]["status"], "OPEN");
    assert_eq!(answer[0]["today"]["workStart"], "00:00");
    assert_eq!(answer[0]["email"][0], json!({"value": "a@b.kz", "description": null}));
    assert_eq!(answer[1]["today"]["status"], "CLOSED");
    assert_eq!(answer[1]["today"]["workStart"], Value::Null);
    assert_eq!(answer[2]["today"], Value::Null);
    assert_eq!(answer[2]["id"], 3, "ids follow the file's order");
}

#[tokio::test]
async fn a_bad_stores_file_changes_nothing_and_lists_every_problem() {
    let app = spawn_app().await;
    let before = app.json("/api/stores", 200).await;
    let file = app.dir.join("bad.json");
    std::fs::write(&file, json!([{"name": "", "address": "x", "timezone": "Nowhere/Else"}]).to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .args(["stores", "import", file.to_str().unwrap(), "--db"])
        .arg(&app.db_path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("name is required") && stderr.contains("Nowhere/Else"), "{stderr}");
    assert_eq!(app.json("/api/stores", 200).await, before);
}

async fn post_review(visitor: &crate::helpers::Visitor<'_>, body: Value, status: u16) -> Value {
    let response = visitor.post("/api/reviews", &body).await;
    assert_eq!(response.status().as_u16(), status, "{body}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_review_waits_for_moderation_then_counts_in_the_rating() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let text = "Отлично 👍 <script>alert(1)</script> ' OR 1=1 -- שלום ёжик";
    let posted = post_review(&visitor, json!({"rating": 4, "name": " Анна ", "text": text}), 201).await;
    assert_eq!(posted["status"], "pending");
    assert_eq!(posted["review"]["name"], "Анна");
    assert_eq!(posted["review"]["text"], text, "kept as typed");
    let page = app.json("/api/reviews", 200).await;
    assert_eq!((page["total"].clone(), page["items"].as_array().unwrap().len()), (json!(0), 0));
    // The owner is told, every typed value escaped in the HTML.
    let pool = app.pool().await;
    let (topic, html): (String, String) =
        pool.raw_rows("SELECT topic, html_body FROM outbox ORDER BY id DESC LIMIT 1", &[]).await.unwrap().remove(0);
    assert_eq!(topic, "review");
    assert!(html.contains("&lt;script&gt;") && !html.contains("<script>"), "{html}");

    let pending = cli(&app, &["reviews", "list", "--pending"]);
    assert!(pending.contains("\"status\":\"pending\""), "{pending}");
    let id = posted["review"]["id"].as_i64().unwrap().to_string();
    assert_eq!(cli(&app, &["reviews", "publish", &id]).trim(), "reviews published: 1 of 1");
    post_review(&visitor, json!({"rating": 5, "name": "Борис", "text": "Хорошо"}), 201).await;
    post_review(&visitor, json!({"rating": 5, "name": "Вера", "text": "Спасибо"}), 201).await;
    let pool = app.pool().await;
    pool.raw_execute("UPDATE reviews SET status = 'published'", &[]).await.unwrap();

    let page = app.json("/api/reviews", 200).await;
    assert_eq!(page["total"], 3);
    assert_eq!(page["ratingValue"], json!(4.7), "(4 + 5 + 5) / 3 = 4.67 → 4.7");
    assert_eq!(page["items"][0]["name"], "Вера", "newest first");
    assert_eq!(page["items"][2]["text"], text);
    let store = &app.json("/api/stores", 200).await[0];
    assert_eq!((store["ratingValue"].clone(), store["reviewsCount"].clone()), (json!(4.7), json!(3)));
    assert_eq!(store["reviewsDeclension"], "отзыва");

    assert_eq!(cli(&app, &["reviews", "delete", &id]).trim(), "reviews deleted: 1 of 1");
    assert_eq!(app.json("/api/reviews", 200).await["ratingValue"], json!(5.0));
}

#[tokio::test]
async fn reviews_are_published_at_once_with_autopublish_and_paged_by_ten() {
    let app = spawn_app_with(|args| args.reviews_autopublish = true).await;
    let visitor = app.visitor().await;
    for n in 1..=12 {
        let posted = post_review(
            &visitor,
            json!({"rating": 1 + n % 5, "name": format!("Покупатель {n}"), "text": "Текст"}),
            201,
        )
        .await;
        assert_eq!(posted["status"], "published");
    }
    let first = app.json("/api/reviews", 200).await;
    assert_eq!((first["items"].as_array().unwrap().len(), first["perPage"].clone()), (10, json!(10)));
    assert_eq!(first["items"][0]["name"], "Покупатель 12");
    let second = app.json("/api/reviews?page=2", 200).await;
    assert_eq!(second["items"].as_array().unwrap().len(), 2);
    assert_eq!(second["items"][1]["name"], "Покупатель 1");
    assert_eq!(app.json("/api/reviews?page=9", 200).await["items"], json!([]));
    for bad in ["0", "x", "10001"] {
        assert_eq!(app.json(&format!("/api/reviews?page={bad}"), 400).await["errors"][0]["code"], "PAGE_INVALID");
    }
}

#[tokio::test]
async fn a_bad_review_gets_every_problem_at_once_and_is_not_stored() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let body = post_review(&visitor, json!({"rating": 6, "name": "  ", "text": "я".repeat(2001)}), 422).await;
    assert_eq!(
        codes(&body),
        vec![
            ("rating".into(), "REVIEW_RATING_INVALID".into()),
            ("name".into(), "FORMS_NOT_EMPTY_INVALID".into()),
            ("text".into(), "FORMS_VALUE_TOO_LONG".into())
        ]
    );
    let body = post_review(&visitor, json!({"rating": "пять"}), 422).await;
    assert_eq!(codes(&body)[0], ("rating".into(), "REVIEW_RATING_INVALID".into()));
    let response = app
        .client
        .post(format!("{}/api/reviews", app.base))
        .header("cookie", visitor.cookie())
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403, "no CSRF token");
    let response = visitor.post("/api/reviews", &json!({"rating": 5, "name": "A", "text": "x".repeat(20_000)})).await;
    assert_eq!(response.status(), 413);
    let pool = app.pool().await;
    let count: i64 = pool.raw_scalar("SELECT count(*) FROM reviews", &[]).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn reviews_are_rate_limited_per_address() {
    let app = spawn_app_with(|args| args.form_rate_burst = 2).await;
    let visitor = app.visitor().await;
    for _ in 0..2 {
        post_review(&visitor, json!({"rating": 5, "name": "A", "text": "B"}), 201).await;
    }
    let response = visitor.post("/api/reviews", &json!({"rating": 5, "name": "A", "text": "B"})).await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
}

fn names(body: &Value) -> Vec<String> {
    body["items"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn locations_are_found_by_the_start_of_their_name_biggest_first() {
    let app = spawn_app().await;
    let popular = app.json("/api/locations", 200).await;
    let popular = names(&popular);
    assert_eq!(popular.len(), 20);
    assert_eq!(&popular[..3], ["Москва", "Санкт-Петербург", "Киев"]);
    assert_eq!(names(&app.json("/api/locations?q=ново", 200).await), ["Новосибирск", "Новокузнецк"]);
    assert_eq!(names(&app.json("/api/locations?q=%D0%9C%D0%9E%D0%A1%D0%9A", 200).await), ["Москва"], "МОСК");
    assert_eq!(names(&app.json("/api/locations?q=могилё", 200).await), ["Могилёв"]);
    assert_eq!(names(&app.json("/api/locations?q=могилев", 200).await), ["Могилёв"], "ё folded");
    assert_eq!(names(&app.json("/api/locations?q=%25", 200).await), Vec::<String>::new(), "no wildcard");
    assert_eq!(names(&app.json("/api/locations?q=с&limit=2", 200).await), ["Санкт-Петербург", "Самара"]);
    let city = &app.json("/api/locations?q=минск", 200).await["items"][0];
    assert_eq!((city["region"].clone(), city["country"].clone()), (json!("Минск"), json!("BY")));
    for bad in ["0", "21", "x"] {
        assert_eq!(app.json(&format!("/api/locations?limit={bad}"), 400).await["errors"][0]["code"], "LIMIT_INVALID");
    }
}

#[tokio::test]
async fn a_chosen_location_lives_in_the_session_and_a_long_cookie() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    assert_eq!(app.json("/api/session", 200).await["location"], Value::Null);
    let kazan = app.json("/api/locations?q=казань", 200).await["items"][0].clone();
    let response = visitor.post("/api/location", &json!({"id": kazan["id"]})).await;
    assert_eq!(response.status(), 200);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with(&format!("vitrina_location={}", kazan["id"])), "{cookie}");
    assert!(cookie.contains("Max-Age=32832000") && cookie.contains("Path=/") && cookie.contains("SameSite=Lax"));
    assert!(cookie.contains("Secure"), "the test shop's public URL is https");
    assert_eq!(response.json::<Value>().await.unwrap(), kazan);
    let session: Value = visitor.get("/api/session").await.json().await.unwrap();
    assert_eq!(session["location"]["name"], "Казань");
    // A returning shopper whose session ended: the cookie alone.
    let only_cookie = cookie.split(';').next().unwrap();
    let fresh = app.client.get(format!("{}/api/session", app.base)).header("cookie", only_cookie).send().await.unwrap();
    assert_eq!(fresh.json::<Value>().await.unwrap()["location"]["name"], "Казань");
    let unknown = visitor.post("/api/location", &json!({"id": 99_999})).await;
    assert_eq!(unknown.status(), 422);
    assert_eq!(codes(&unknown.json().await.unwrap()), vec![("id".into(), "LOCATION_NOT_FOUND".into())]);
    let response = visitor.post("/api/location", &json!({"id": "Казань"})).await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn the_real_hflabs_city_list_imports_as_it_is() {
    let Some(csv) = shared_data("ru-cities.hflabs.csv") else { return };
    let app = spawn_app().await;
    let out = cli(&app, &["locations", "import", csv.to_str().unwrap()]);
    assert_eq!(out.trim(), "locations imported: 1117, skipped: 0, listed twice: 0");
    assert_eq!(names(&app.json("/api/locations?q=королев", 200).await), ["Королёв"]);
    let moscow = &app.json("/api/locations?q=москва", 200).await["items"][0];
    assert_eq!((moscow["name"].clone(), moscow["region"].clone()), (json!("Москва"), json!("Москва")));
    let klin = &app.json("/api/locations?q=клин", 200).await["items"][0];
    assert_eq!(klin["region"], "Московская область");
    assert_eq!(names(&app.json("/api/locations", 200).await)[..2], ["Москва", "Санкт-Петербург"]);
    assert!(Path::new(&csv).exists());
}

#[tokio::test]
async fn a_chosen_city_survives_a_new_list_that_holds_it_and_is_forgotten_when_it_does_not() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let minsk = app.json("/api/locations?q=минск", 200).await["items"][0].clone();
    assert_eq!(visitor.post("/api/location", &json!({"id": minsk["id"]})).await.status(), 200);
    let file = app.dir.join("cities.csv");
    std::fs::write(&file, "name,region,country,lat,lon,population\nАдыгейск,Адыгея,RU,44.9,39.2,12689\nМинск,Минск,BY,53.9,27.56,2000000\n").unwrap();
    assert_eq!(
        cli(&app, &["locations", "import", file.to_str().unwrap()]).trim(),
        "locations imported: 2, skipped: 0, listed twice: 0"
    );
    let session: Value = visitor.get("/api/session").await.json().await.unwrap();
    assert_eq!(session["location"]["name"], "Минск", "the same city under the same id");
    std::fs::write(&file, "name,region,country,lat,lon,population\nАдыгейск,Адыгея,RU,44.9,39.2,12689\nАдыгейск,Адыгея,RU,44.9,39.2,12689\n").unwrap();
    assert_eq!(
        cli(&app, &["locations", "import", file.to_str().unwrap()]).trim(),
        "locations imported: 1, skipped: 0, listed twice: 1"
    );
    let session: Value = visitor.get("/api/session").await.json().await.unwrap();
    assert_eq!(session["location"], Value::Null, "never another city in its place");
}
