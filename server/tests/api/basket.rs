//! The basket and wishlist (issue 6, first slice): lines per session, prices from the catalogue, quantity bounds,
//! unavailable and removed offers refused, concurrent adds, the mini-cart summary, CSRF on every mutation.

use crate::helpers::{SMALL_FEED, TestApp, Visitor, spawn_app, spawn_app_with};
use serde_json::{Value, json};

/// The shop with the small test feed: a (1480 RUB, in stock), b (3.54 RUB, in stock), c (out of stock).
async fn shop() -> TestApp {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    app
}

async fn add(visitor: &Visitor<'_>, body: Value, status: u16) -> Value {
    let response = visitor.post("/api/basket/items", &body).await;
    assert_eq!(response.status().as_u16(), status, "POST {body}");
    response.json().await.unwrap()
}

async fn send(visitor: &Visitor<'_>, method: reqwest::Method, path: &str, body: Option<Value>) -> reqwest::Response {
    let url = format!("{}{path}", visitor.app.base);
    let mut request = visitor.app.client.request(method, url).header("cookie", visitor.cookie());
    request = request.header("x-csrf-token", &visitor.token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn lines_take_their_prices_from_the_catalogue_and_the_summary_adds_them_up() {
    let app = shop().await;
    let visitor = app.visitor().await;
    let empty: Value = visitor.get("/api/basket/summary").await.json().await.unwrap();
    assert_eq!(empty, json!({"count": 0, "quantity": 0, "sum": 0, "currencyId": "RUB", "delayCount": 0}));

    // A client-sent price is not part of the request: the catalogue's price counts.
    let basket = add(&visitor, json!({"offerId": "a", "quantity": 2, "price": 1}), 200).await;
    assert_eq!(basket["lines"][0]["offer"]["price"], 1480);
    assert_eq!(basket["lines"][0]["sum"], 2960);
    let basket = add(&visitor, json!({"offerId": "a"}), 200).await;
    assert_eq!(basket["lines"].as_array().unwrap().len(), 1, "adding again adds to the line");
    assert_eq!(basket["lines"][0]["quantity"], 3);
    add(&visitor, json!({"offerId": "b", "quantity": 3}), 200).await;
    add(&visitor, json!({"offerId": "c", "delay": true}), 200).await;
    let summary: Value = visitor.get("/api/basket/summary").await.json().await.unwrap();
    // 3 × 1480 + 3 × 3.54 = 4450.62; the wishlist line is not in the sum.
    assert_eq!(summary, json!({"count": 2, "quantity": 6, "sum": 4450.62, "currencyId": "RUB", "delayCount": 1}));

    // Another visitor's basket is their own.
    let other = app.visitor().await;
    let theirs: Value = other.get("/api/basket").await.json().await.unwrap();
    assert_eq!(theirs["lines"], json!([]));
}

#[tokio::test]
async fn bad_quantities_unavailable_and_removed_offers_are_refused() {
    let app = shop().await;
    let visitor = app.visitor().await;
    for quantity in [0, -1, 1000] {
        let body = add(&visitor, json!({"offerId": "a", "quantity": quantity}), 400).await;
        assert_eq!(body["errors"][0]["code"], "QUANTITY_INVALID");
    }
    assert_eq!(add(&visitor, json!({"offerId": "zzz"}), 404).await["errors"][0]["code"], "OFFER_NOT_FOUND");
    assert_eq!(add(&visitor, json!({"offerId": "c"}), 409).await["errors"][0]["code"], "OFFER_UNAVAILABLE");
    // An out-of-stock offer may go to the wishlist, but not from there into the basket.
    let body = add(&visitor, json!({"offerId": "c", "delay": true}), 200).await;
    let line = body["lines"].as_array().unwrap().iter().find(|l| l["offer"]["id"] == "c").unwrap()["id"].as_i64();
    let path = format!("/api/basket/items/{}", line.unwrap());
    let response = send(&visitor, reqwest::Method::PATCH, &path, Some(json!({"delay": false}))).await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["code"], "OFFER_UNAVAILABLE");
    add(&visitor, json!({"offerId": "c"}), 409).await;
    add(&visitor, json!({"offerId": "a", "quantity": 999}), 200).await;
    assert_eq!(add(&visitor, json!({"offerId": "a"}), 409).await["errors"][0]["code"], "BASKET_QUANTITY_LIMIT");
    // An offer the feed no longer lists is removed from the storefront: 409, not 404.
    app.import(&SMALL_FEED.replace("<offer id=\"b\"", "<offer id=\"b2\"")).await;
    assert_eq!(add(&visitor, json!({"offerId": "b"}), 409).await["errors"][0]["code"], "OFFER_REMOVED");
    let body = add(&visitor, json!({"quantity": 1}), 400).await;
    assert_eq!(body["errors"][0]["code"], "BODY_INVALID");
}

#[tokio::test]
async fn lines_change_move_to_the_wishlist_and_go() {
    let app = shop().await;
    let visitor = app.visitor().await;
    let basket = add(&visitor, json!({"offerId": "a"}), 200).await;
    let id = basket["lines"][0]["id"].as_i64().unwrap();
    let path = format!("/api/basket/items/{id}");
    let response = send(&visitor, reqwest::Method::PATCH, &path, Some(json!({"quantity": 5}))).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["totals"]["quantity"], 5);
    let response = send(&visitor, reqwest::Method::PATCH, &path, Some(json!({"quantity": 0}))).await;
    assert_eq!(response.status(), 400);
    let response = send(&visitor, reqwest::Method::PATCH, &path, Some(json!({"delay": true}))).await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["totals"]["count"], 0);
    assert_eq!(body["totals"]["delayCount"], 1);
    // "В корзину" on the wishlisted offer moves the line back and keeps its quantity (no extra piece).
    let body = add(&visitor, json!({"offerId": "a"}), 200).await;
    assert_eq!(body["totals"], json!({"count": 1, "quantity": 5, "sum": 7400, "currencyId": "RUB", "delayCount": 0}));
    // Someone else cannot touch this line.
    let other = app.visitor().await;
    assert_eq!(send(&other, reqwest::Method::DELETE, &path, None).await.status(), 404);
    assert_eq!(send(&visitor, reqwest::Method::DELETE, &path, None).await.status(), 200);
    assert_eq!(send(&visitor, reqwest::Method::DELETE, &path, None).await.status(), 404);
}

#[tokio::test]
async fn every_mutation_needs_the_csrf_token() {
    let app = shop().await;
    let visitor = app.visitor().await;
    let basket = add(&visitor, json!({"offerId": "a"}), 200).await;
    let id = basket["lines"][0]["id"].as_i64().unwrap();
    for (method, path) in [
        (reqwest::Method::POST, "/api/basket/items".to_owned()),
        (reqwest::Method::PATCH, format!("/api/basket/items/{id}")),
        (reqwest::Method::DELETE, format!("/api/basket/items/{id}")),
    ] {
        let url = format!("{}{path}", app.base);
        let response = app
            .client
            .request(method.clone(), url)
            .header("cookie", visitor.cookie())
            .json(&json!({"offerId": "a", "quantity": 2}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{method} {path}");
    }
    let basket: Value = visitor.get("/api/basket").await.json().await.unwrap();
    assert_eq!(basket["lines"][0]["quantity"], 1, "nothing changed");
}

#[tokio::test]
async fn fifty_concurrent_adds_of_one_give_fifty() {
    let app = shop().await;
    let visitor = app.visitor().await;
    let body = json!({"offerId": "a", "quantity": 1});
    let adds = (0..50).map(|_| visitor.post("/api/basket/items", &body));
    for response in futures::future::join_all(adds).await {
        assert_eq!(response.status(), 200);
    }
    let summary: Value = visitor.get("/api/basket/summary").await.json().await.unwrap();
    assert_eq!(summary["quantity"], 50);
    assert_eq!(summary["count"], 1);
}

#[tokio::test]
async fn the_session_tells_the_basket_view() {
    let app = spawn_app().await;
    let body = app.json("/api/session", 200).await;
    assert_eq!(body["settings"]["basketView"], "RIGHT");
}

#[tokio::test]
async fn the_session_tells_the_map_tiles_or_none() {
    let app = spawn_app().await;
    assert_eq!(app.json("/api/session", 200).await["settings"]["mapTiles"], serde_json::Value::Null);
    let app = spawn_app_with(|args| {
        args.map_tiles = "https://tiles.example/{z}/{x}/{y}.png".into();
        args.map_attribution = "© Example".into();
    })
    .await;
    let tiles = &app.json("/api/session", 200).await["settings"]["mapTiles"];
    assert_eq!(tiles, &json!({"url": "https://tiles.example/{z}/{x}/{y}.png", "attribution": "© Example"}));
}

#[tokio::test]
async fn a_basket_and_a_wishlist_hold_at_most_100_lines_each_even_when_adds_race() {
    // Issue 20: one anonymous session held 2,000 basket and 2,000 wishlist lines.
    use vitrina::limits::BASKET_MAX_LINES;
    let app = spawn_app().await;
    let mut feed = Vec::new();
    vitrina::feeds::generate::write_feed(&mut feed, 400, 7).unwrap();
    app.import(std::str::from_utf8(&feed).unwrap()).await;
    let mut ids = Vec::new();
    for page in 1..=2 {
        let list = app.json(&format!("/api/offers?available=Y&perPage=100&page={page}"), 200).await;
        ids.extend(list["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned()));
    }
    let limit = usize::try_from(BASKET_MAX_LINES).unwrap();
    assert!(ids.len() > limit + 20, "{} offers in stock", ids.len());
    let visitor = app.visitor().await;
    for id in &ids[..limit - 10] {
        assert_eq!(visitor.post("/api/basket/items", &json!({"offerId": id})).await.status(), 200);
    }
    // 30 new offers at once for the last 10 places: exactly 10 get in.
    let bodies: Vec<Value> = ids[limit - 10..limit + 20].iter().map(|id| json!({"offerId": id})).collect();
    let answers = futures::future::join_all(bodies.iter().map(|body| visitor.post("/api/basket/items", body))).await;
    let added = answers.iter().filter(|r| r.status() == 200).count();
    assert_eq!(added, 10);
    let refused = answers.into_iter().find(|r| r.status() == 409).unwrap();
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "BASKET_LINES_LIMIT");
    let basket: Value = visitor.get("/api/basket").await.json().await.unwrap();
    assert_eq!(basket["lines"].as_array().unwrap().len(), limit);

    // A full basket still takes more pieces of its own lines, and the wishlist has its own 100 places.
    let first = basket["lines"][0]["offer"]["id"].as_str().unwrap().to_owned();
    assert_eq!(visitor.post("/api/basket/items", &json!({"offerId": first})).await.status(), 200);
    let outside = &ids[limit + 20];
    let wished = visitor.post("/api/basket/items", &json!({"offerId": outside, "delay": true})).await;
    assert_eq!(wished.status(), 200);
    // Moving that wishlist line into the full basket is refused, and it stays in the wishlist.
    let wished: Value = wished.json().await.unwrap();
    let line = wished["lines"].as_array().unwrap().iter().find(|l| l["offer"]["id"] == *outside).unwrap()["id"].clone();
    let moved = visitor.patch(&format!("/api/basket/items/{line}"), &json!({"delay": false})).await;
    assert_eq!(moved.status(), 409);
    assert_eq!(moved.json::<Value>().await.unwrap()["errors"][0]["code"], "BASKET_LINES_LIMIT");
}

/// `POST /basket/add` as a browser without scripts posts "В корзину" (issue 33): `fields` form-encoded, from
/// `site` (`Sec-Fetch-Site`), with the visitor's cookies and no CSRF token.
async fn post_form(visitor: &Visitor<'_>, site: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    let body: String =
        fields.iter().map(|(name, value)| format!("{name}={}", url_encoded(value))).collect::<Vec<_>>().join("&");
    let url = format!("{}/basket/add", visitor.app.base);
    let request = visitor.app.client.post(url).header("cookie", visitor.cookie()).header("sec-fetch-site", site);
    let response = request.header("content-type", "application/x-www-form-urlencoded").body(body).send().await;
    let response = response.unwrap();
    visitor.remember(&response);
    response
}

fn url_encoded(value: &str) -> String {
    value
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[tokio::test]
async fn a_form_post_adds_to_the_basket_without_scripts_and_comes_back() {
    let app = shop().await;
    // A first visit without scripts: no session, no token.
    let visitor = Visitor::with_cookie(&app, "", "");
    let back = "/catalog/puzzles/?page=2";
    let response = post_form(&visitor, "same-origin", &[("offerId", "a"), ("back", back)]).await;
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], back);
    let response = post_form(&visitor, "same-origin", &[("offerId", "a"), ("back", "//evil.example/")]).await;
    assert_eq!(response.headers()["location"], "/", "never sent off the site");
    let basket: Value = visitor.get("/api/basket").await.json().await.unwrap();
    assert_eq!(basket["lines"][0]["offer"]["id"], "a");
    assert_eq!(basket["lines"][0]["quantity"], 2);

    // The scripts, once they run, get the session's token and keep the same basket.
    let mut visitor = visitor;
    visitor.refresh().await;
    let basket = add(&visitor, json!({"offerId": "b"}), 200).await;
    assert_eq!(basket["totals"]["count"], 2);
}

#[tokio::test]
async fn a_form_post_from_another_site_or_of_a_bad_offer_is_refused_and_stores_nothing() {
    let app = shop().await;
    let visitor = Visitor::with_cookie(&app, "", "");
    let response = post_form(&visitor, "cross-site", &[("offerId", "a"), ("back", "/")]).await;
    assert_eq!(response.status(), 403);
    assert!(response.headers().get("set-cookie").is_none(), "no session for a refused post");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "FORM_ORIGIN_INVALID");

    for (fields, status, code) in [
        (&[("back", "/")][..], 400, "FORM_INVALID"),
        (&[("offerId", "nope")][..], 404, "OFFER_NOT_FOUND"),
        (&[("offerId", "c")][..], 409, "OFFER_UNAVAILABLE"),
    ] {
        let response = post_form(&visitor, "same-origin", fields).await;
        assert_eq!(response.status().as_u16(), status, "{fields:?}");
        assert!(response.headers().get("set-cookie").is_none(), "no session for a refused post: {fields:?}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["errors"][0]["code"], code);
        if status != 404 {
            assert_eq!(body["errors"][0]["field"], "offerId");
        }
    }
}

#[tokio::test]
async fn an_offer_priced_on_request_is_listed_last_by_price_and_never_sold() {
    // Issue 35: a zero price is "price on request" (docs/decisions.md "Zero prices").
    let app = spawn_app().await;
    let feed = SMALL_FEED.replace(
        "</offers>",
        r#"<offer id="ask" available="true"><price>0</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Конструктор по запросу</name></offer></offers>"#,
    );
    app.import(&feed).await;
    let ids = |page: &Value| -> Vec<String> {
        page["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned()).collect()
    };
    let by_price = app.json("/api/offers?sort=price", 200).await;
    assert_eq!(ids(&by_price).last().map(String::as_str), Some("ask"), "no cheapest: last");
    assert_eq!(by_price["facets"]["price"]["min"], 3.54, "no price in the range");
    assert!(!ids(&app.json("/api/offers?priceMax=100", 200).await).contains(&"ask".to_owned()));
    let offer = app.json("/api/offers/ask", 200).await;
    assert_eq!(offer["price"], 0);
    let visitor = app.visitor().await;
    let refused = add(&visitor, json!({"offerId": "ask"}), 409).await;
    assert_eq!(refused["errors"][0]["code"], "OFFER_UNAVAILABLE");
    add(&visitor, json!({"offerId": "ask", "delay": true}), 200).await;
    let page = app.get(offer["url"].as_str().unwrap()).await.text().await.unwrap();
    assert!(page.contains("\"@type\":\"Product\""), "{page}");
    assert!(!page.contains("\"priceCurrency\""), "no price for crawlers");
}
