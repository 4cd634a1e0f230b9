//! The visitor session and its CSRF token (issue 5; spec §3 "sessid").

use crate::helpers::{TestApp, spawn_app};
use serde_json::Value;

/// `GET /api/session` with `cookie` (if any): the body and the `Set-Cookie` header (if any).
async fn session(app: &TestApp, cookie: Option<&str>) -> (Value, Option<String>) {
    let mut request = app.client.get(format!("{}/api/session", app.base));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200);
    let set_cookie = response.headers().get("set-cookie").map(|v| v.to_str().unwrap().to_owned());
    (response.json().await.unwrap(), set_cookie)
}

/// `POST {path}` with an optional cookie and CSRF header.
async fn post(app: &TestApp, path: &str, cookie: Option<&str>, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.post(format!("{}{path}", app.base)).json(&serde_json::json!({}));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    if let Some(token) = token {
        request = request.header("x-csrf-token", token);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn a_reading_visitor_stores_nothing_and_the_first_write_starts_the_session_with_the_same_token() {
    let app = spawn_app().await;
    let (body, set_cookie) = session(&app, None).await;
    let set_cookie = set_cookie.expect("a new visitor gets the CSRF cookie");
    for part in ["vitrina_csrf=", "HttpOnly", "SameSite=Lax", "Secure", "Path=/", "Max-Age=2592000"] {
        assert!(set_cookie.contains(part), "{part} in {set_cookie}");
    }
    let sessid = body["sessid"].as_str().unwrap().to_owned();
    assert_eq!(sessid.len(), 64);
    assert!(sessid.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(body["user"], Value::Null);
    assert!(body["settings"].is_object());

    let cookie = set_cookie.split(';').next().unwrap().to_owned();
    let (again, _) = session(&app, Some(&cookie)).await;
    assert_eq!(again["sessid"], sessid, "the token lasts as long as the cookie");
    let (other, _) = session(&app, None).await;
    assert_ne!(other["sessid"], sessid, "another visitor, another token");
    // Issue 20: reading stored nothing, forms and captchas included.
    let visitor = crate::helpers::Visitor::with_cookie(&app, &cookie, &sessid);
    assert_eq!(visitor.get("/api/forms/callback").await.status(), 200);
    let pool = app.pool().await;
    let count = |table: &'static str| {
        let pool = pool.clone();
        async move { pool.raw_scalar::<i64>(&format!("SELECT count(*) FROM {table}"), &[]).await.unwrap() }
    };
    assert_eq!((count("sessions").await, count("captchas").await), (0, 0));

    // A refused first write stores nothing either; an accepted one starts the session, and the token stays good.
    let refused = visitor.post("/api/basket/items", &serde_json::json!({"offerId": "101", "quantity": 0})).await;
    assert!(refused.status().is_client_error(), "{}", refused.status());
    assert_eq!(count("sessions").await, 0);
    let added = visitor.post("/api/basket/items", &serde_json::json!({"offerId": "101", "quantity": 1})).await;
    assert_eq!(added.status(), 200);
    assert!(visitor.cookie().contains("vitrina_session="), "{}", visitor.cookie());
    assert_eq!(count("sessions").await, 1);
    assert_eq!(visitor.get("/api/session").await.json::<Value>().await.unwrap()["sessid"], sessid.as_str());
    assert_eq!(
        visitor.post("/api/basket/items", &serde_json::json!({"offerId": "102", "quantity": 1})).await.status(),
        200
    );
    assert_eq!(count("sessions").await, 1);
}

#[tokio::test]
async fn two_first_writes_sent_at_once_lose_nothing() {
    // Each starts a session and the browser keeps one cookie: both wrote under the visitor id the token gives.
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let (first, second) =
        (serde_json::json!({"offerId": "101", "quantity": 1}), serde_json::json!({"offerId": "102", "quantity": 1}));
    let (a, b) = tokio::join!(visitor.post("/api/basket/items", &first), visitor.post("/api/basket/items", &second));
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    let basket: Value = visitor.get("/api/basket").await.json().await.unwrap();
    let mut ids: Vec<&str> =
        basket["lines"].as_array().unwrap().iter().map(|l| l["offer"]["id"].as_str().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["101", "102"]);
}

#[tokio::test]
async fn state_changing_requests_without_the_csrf_token_are_403() {
    let app = spawn_app().await;
    let (body, set_cookie) = session(&app, None).await;
    let cookie = set_cookie.unwrap().split(';').next().unwrap().to_owned();
    let token = body["sessid"].as_str().unwrap().to_owned();

    for (cookie, token) in [(None, None), (Some(cookie.as_str()), None), (Some(cookie.as_str()), Some("0".repeat(64)))]
    {
        let response = post(&app, "/api/session", cookie, token.as_deref()).await;
        assert_eq!(response.status(), 403);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["errors"][0]["code"], "CSRF_TOKEN_INVALID");
        assert_eq!(body["errors"][0]["field"], "X-CSRF-Token");
    }
    // Someone else's token does not open this session.
    let (stranger, _) = session(&app, None).await;
    let response = post(&app, "/api/session", Some(&cookie), stranger["sessid"].as_str()).await;
    assert_eq!(response.status(), 403);

    // With the token the request passes the check and meets the route (GET only here: 405).
    let response = post(&app, "/api/session", Some(&cookie), Some(&token)).await;
    assert_eq!(response.status(), 405);
    // Reading needs no token.
    assert_eq!(app.get("/api/shop").await.status(), 200);
}

#[tokio::test]
async fn the_sweep_deletes_expired_sessions_and_void_captchas_and_keeps_live_ones() {
    // Issue 20: expired session rows were never deleted (`delete_expired` had no caller).
    let app = crate::helpers::spawn_app().await;
    let live = app.visitor().await;
    let made = live.post("/api/forms/callback/captcha", &serde_json::json!({})).await;
    let sid = made.json::<serde_json::Value>().await.unwrap()["sid"].as_str().unwrap().to_owned();
    let pool = app.pool().await;
    pool.raw_execute("INSERT INTO sessions (id, data, expiry_date) VALUES ('old', '{}', 1)", &[]).await.unwrap();
    pool.raw_execute(
        "INSERT INTO captchas (sid, form_code, visitor_id, created_at) VALUES ('void', 'callback', 'x', 1)",
        &[],
    )
    .await
    .unwrap();
    let swept = vitrina::startup::sweep_expired(&pool).await.unwrap();
    assert_eq!((swept.sessions, swept.captchas), (1, 1));
    let sessions: i64 = pool.raw_scalar("SELECT COUNT(*) FROM sessions", &[]).await.unwrap();
    assert_eq!(sessions, 1, "the live visitor's session stays");
    let captcha: i64 = pool.raw_scalar("SELECT COUNT(*) FROM captchas WHERE sid = $1", &[(&sid).into()]).await.unwrap();
    assert_eq!(captcha, 1, "the live captcha stays");
}
