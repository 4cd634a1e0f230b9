//! The compare list and recently viewed offers (issue 6): per session, limit 20, newest first, CSRF on mutations.

use crate::helpers::{SMALL_FEED, TestApp, Visitor, spawn_app};
use serde_json::{Value, json};

async fn shop() -> TestApp {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    app
}

async fn delete(visitor: &Visitor<'_>, path: &str) -> reqwest::Response {
    let url = format!("{}{path}", visitor.app.base);
    let request = visitor.app.client.delete(url).header("cookie", visitor.cookie());
    request.header("x-csrf-token", &visitor.token).send().await.unwrap()
}

/// The ids of the demo catalogue's first `count` offers.
async fn demo_offer_ids(app: &TestApp, count: u32) -> Vec<String> {
    ids(&app.json(&format!("/api/offers?perPage={count}"), 200).await)
}

fn ids(list: &Value) -> Vec<String> {
    list["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn the_compare_list_adds_removes_clears_and_counts() {
    let app = shop().await;
    let visitor = app.visitor().await;
    assert_eq!(visitor.get("/api/compare/count").await.json::<Value>().await.unwrap(), json!({"count": 0}));
    for id in ["b", "a", "b"] {
        assert_eq!(visitor.post("/api/compare", &json!({"offerId": id})).await.status(), 200);
    }
    let list: Value = visitor.get("/api/compare").await.json().await.unwrap();
    assert_eq!(ids(&list), ["b", "a"], "in the order added, once each");
    assert_eq!(list["items"][1]["params"][0]["name"], "Возраст", "with params for the side-by-side table");
    assert_eq!(visitor.get("/api/compare/count").await.json::<Value>().await.unwrap(), json!({"count": 2}));
    let after: Value = delete(&visitor, "/api/compare/b").await.json().await.unwrap();
    assert_eq!(ids(&after), ["a"]);
    let cleared: Value = delete(&visitor, "/api/compare").await.json().await.unwrap();
    assert_eq!(cleared, json!({"items": [], "count": 0}));
    let response = visitor.post("/api/compare", &json!({"offerId": "nope"})).await;
    assert_eq!(response.status(), 404);
    // Without the token nothing changes.
    let response = app
        .client
        .post(format!("{}/api/compare", app.base))
        .header("cookie", visitor.cookie())
        .json(&json!({"offerId": "a"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let response =
        app.client.delete(format!("{}/api/compare", app.base)).header("cookie", visitor.cookie()).send().await.unwrap();
    assert_eq!(response.status(), 403);
}

#[tokio::test]
async fn the_compare_list_holds_at_most_twenty_offers() {
    let app = spawn_app().await;
    let offers = demo_offer_ids(&app, 21).await;
    assert_eq!(offers.len(), 21, "the demo catalogue has enough offers");
    let visitor = app.visitor().await;
    for id in &offers[..15] {
        assert_eq!(visitor.post("/api/compare", &json!({"offerId": id})).await.status(), 200);
    }
    // Six at once for the last five places: exactly five get in, on either database.
    let bodies: Vec<Value> = offers[15..].iter().map(|id| json!({"offerId": id})).collect();
    let answers = futures::future::join_all(bodies.iter().map(|body| visitor.post("/api/compare", body))).await;
    assert_eq!(answers.iter().filter(|r| r.status() == 200).count(), 5);
    let left_out = bodies.iter().zip(&answers).find(|(_, r)| r.status() == 409).unwrap().0["offerId"].clone();
    let response = answers.into_iter().find(|r| r.status() == 409).unwrap();
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["code"], "COMPARE_LIMIT");
    // One already listed is still fine.
    assert_eq!(visitor.post("/api/compare", &json!({"offerId": offers[0]})).await.status(), 200);
    assert_eq!(visitor.get("/api/compare/count").await.json::<Value>().await.unwrap(), json!({"count": 20}));
    // An offer that left the catalogue is not shown and no longer counts against the limit.
    app.pool()
        .await
        .raw_execute("UPDATE offers SET active = FALSE WHERE id = $1", &[(&offers[1]).into()])
        .await
        .unwrap();
    assert_eq!(visitor.get("/api/compare/count").await.json::<Value>().await.unwrap(), json!({"count": 19}));
    assert_eq!(visitor.post("/api/compare", &json!({"offerId": left_out})).await.status(), 200);
    assert_eq!(visitor.get("/api/compare/count").await.json::<Value>().await.unwrap(), json!({"count": 20}));
}

#[tokio::test]
async fn recently_viewed_are_newest_first_without_the_shown_one_and_at_most_twenty() {
    let app = spawn_app().await;
    let offers = demo_offer_ids(&app, 25).await;
    let visitor = app.visitor().await;
    assert_eq!(visitor.get("/api/viewed").await.json::<Value>().await.unwrap(), json!({"items": []}));
    for id in &offers {
        assert_eq!(visitor.post("/api/viewed", &json!({"offerId": id})).await.status(), 204);
    }
    // Viewing the first again moves it to the front.
    visitor.post("/api/viewed", &json!({"offerId": offers[0]})).await;
    let viewed: Value = visitor.get("/api/viewed").await.json().await.unwrap();
    let got = ids(&viewed);
    assert_eq!(got.len(), 20);
    assert_eq!(got[0], offers[0]);
    assert_eq!(got[1], offers[24]);
    let without: Value = visitor.get(&format!("/api/viewed?exclude={}", offers[0])).await.json().await.unwrap();
    let got = ids(&without);
    assert_eq!(got.len(), 20, "still 20 with the shown offer left out");
    assert_eq!(got[0], offers[24]);
    // Another visitor has viewed nothing; a guest without a session gets an empty list and no cookie.
    let response = app.get("/api/viewed").await;
    assert!(response.headers().get("set-cookie").is_none());
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"items": []}));
    let response = app
        .client
        .post(format!("{}/api/viewed", app.base))
        .header("cookie", visitor.cookie())
        .json(&json!({"offerId": offers[1]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
}

#[tokio::test]
async fn the_first_import_replaces_the_demo_catalogue_even_when_visitors_kept_demo_offers() {
    // A visitor's basket, compare list and recently viewed hold demo offers; the shop owner's first import deletes
    // the demo catalogue, and with it what visitors kept of it (foreign keys would refuse the delete otherwise).
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let demo = demo_offer_ids(&app, 2).await;
    let available = ids(&app.json("/api/offers?perPage=1&available=Y", 200).await);
    assert_eq!(visitor.post("/api/basket/items", &json!({"offerId": available[0]})).await.status(), 200);
    assert_eq!(visitor.post("/api/compare", &json!({"offerId": demo[0]})).await.status(), 200);
    assert_eq!(visitor.post("/api/viewed", &json!({"offerId": demo[1]})).await.status(), 204);

    let summary = app.import(SMALL_FEED).await;
    assert!(summary.offers_added > 0, "{summary:?}");
    let basket: Value = visitor.get("/api/basket").await.json().await.unwrap();
    assert_eq!(basket["lines"], json!([]));
    let compare: Value = visitor.get("/api/compare/count").await.json().await.unwrap();
    assert_eq!(compare["count"], 0);
    let viewed: Value = visitor.get("/api/viewed").await.json().await.unwrap();
    assert_eq!(viewed["items"], json!([]));
}
