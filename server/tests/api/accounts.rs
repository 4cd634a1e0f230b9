//! Accounts (issue 7): registration, log-in and log-out with a new session id and CSRF token, the same answer for
//! an unknown e-mail and a wrong password, failed log-ins throttled per account and per address, the guest's
//! basket, compare list and recently viewed merged into the account's, CSRF on every mutation and 401 for guests.
//! Reset links are in `password_reset.rs`, the profile, password change and orders in `profile.rs`; both use the
//! helpers here.

use crate::helpers::{SMALL_FEED, TestApp, Visitor, spawn_app, spawn_app_with};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

pub(crate) const EMAIL: &str = "ivan@example.ru";
pub(crate) const PASSWORD: &str = "correct horse";

pub(crate) async fn shop() -> TestApp {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    app
}

pub(crate) fn registration(email: &str) -> Value {
    json!({"email": email, "password": PASSWORD, "name": "Иван", "phone": "+7 912 345-67-89"})
}

/// A visitor who registered `email` (and is logged in), with the session's new cookie and token.
pub(crate) async fn registered<'a>(app: &'a TestApp, email: &str) -> Visitor<'a> {
    let mut visitor = app.visitor().await;
    let response = visitor.post("/api/auth/register", &registration(email)).await;
    assert_eq!(response.status(), 201, "register {email}");
    assert!(visitor.keep_cookie(&response), "registration gives the session a new id");
    visitor.refresh().await;
    visitor
}

/// `POST /api/auth/login` from `visitor`; keeps the new cookie and token when it passed. Status and body.
pub(crate) async fn log_in(visitor: &mut Visitor<'_>, email: &str, password: &str, remember: bool) -> (u16, Value) {
    let response =
        visitor.post("/api/auth/login", &json!({"email": email, "password": password, "remember": remember})).await;
    let status = response.status().as_u16();
    if status == 200 {
        assert!(visitor.keep_cookie(&response), "a log-in gives the session a new id");
    }
    let body = response.json().await.unwrap();
    if status == 200 {
        visitor.refresh().await;
    }
    (status, body)
}

/// A guest who logs in as `email` with [`PASSWORD`].
pub(crate) async fn logged_in<'a>(app: &'a TestApp, email: &str) -> Visitor<'a> {
    let mut visitor = app.visitor().await;
    assert_eq!(log_in(&mut visitor, email, PASSWORD, false).await.0, 200);
    visitor
}

pub(crate) async fn user_of(visitor: &Visitor<'_>) -> Value {
    let body: Value = visitor.get("/api/session").await.json().await.unwrap();
    body["user"].clone()
}

pub(crate) fn codes(body: &Value) -> Vec<(Value, String)> {
    body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].clone(), e["code"].as_str().unwrap().into()))
        .collect()
}

#[tokio::test]
async fn registration_logs_in_and_log_out_ends_the_session() {
    let app = spawn_app().await;
    let mut visitor = app.visitor().await;
    let (guest_cookie, guest_token) = (visitor.cookie(), visitor.token.clone());
    let mut body = registration(" Ivan@Example.RU ");
    body["name"] = json!(" Иван Петров ");
    let response = visitor.post("/api/auth/register", &body).await;
    assert_eq!(response.status(), 201);
    assert!(visitor.keep_cookie(&response));
    assert_ne!(visitor.cookie(), guest_cookie, "a new session id");
    let answer: Value = response.json().await.unwrap();
    let user =
        json!({"id": 1, "email": EMAIL, "name": "Иван Петров", "phone": "+7 912 345-67-89", "phoneCountry": "ru"});
    assert_eq!(answer, json!({"user": user}));

    // The old token does not open the new session: the client fetches the session again.
    let response = visitor.post("/api/auth/logout", &json!({})).await;
    assert_eq!(response.status(), 403, "the guest's CSRF token is void after the log-in");
    let session = visitor.refresh().await;
    assert_ne!(session["sessid"], guest_token);
    assert_eq!(session["user"], user);
    let response = visitor.get("/api/me").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.json::<Value>().await.unwrap(), user);

    // The stored password is an argon2id hash with the OWASP parameters.
    let pool = app.pool().await;
    let hash: String = pool.raw_scalar("SELECT password_hash FROM users", &[]).await.unwrap();
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    assert!(!hash.contains(PASSWORD));

    // Log-out: 204, the session is gone and its cookie removed; the next request is a guest's.
    let response = visitor.post("/api/auth/logout", &json!({})).await;
    assert_eq!(response.status(), 204);
    let removal = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(removal.starts_with("vitrina_session=;") && removal.contains("Max-Age=0"), "{removal}");
    assert_eq!(user_of(&visitor).await, Value::Null, "the old cookie names no session");
    let mut guest = app.visitor().await;
    assert_eq!(guest.refresh().await["user"], Value::Null);

    // Log in again: the user is back.
    let (status, body) = log_in(&mut guest, "IVAN@example.ru ", PASSWORD, false).await;
    assert_eq!((status, body), (200, json!({"user": user})));
    assert_eq!(user_of(&guest).await, user);
}

#[tokio::test]
async fn registration_names_every_problem_and_a_taken_e_mail() {
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let response = visitor.post("/api/auth/register", &registration(" IVAN@example.RU")).await;
    assert_eq!(response.status(), 409);
    assert_eq!(codes(&response.json().await.unwrap()), [(json!("email"), "AUTH_EMAIL_TAKEN".into())]);

    let body = json!({"email": "ivan@", "password": "1234567", "name": " ", "phone": "+7 912"});
    let response = visitor.post("/api/auth/register", &body).await;
    assert_eq!(response.status(), 422);
    assert_eq!(
        codes(&response.json().await.unwrap()),
        [
            (json!("email"), "FORMS_EMAIL_INVALID".into()),
            (json!("password"), "AUTH_PASSWORD_TOO_SHORT".into()),
            (json!("name"), "FORMS_NOT_EMPTY_INVALID".into()),
            (json!("phone"), "FORMS_PHONE_WRONG".into()),
        ]
    );
    let response = visitor.post("/api/auth/register", &json!({})).await;
    assert_eq!(
        codes(&response.json().await.unwrap()),
        [
            (json!("email"), "FORMS_NOT_EMPTY_INVALID".into()),
            (json!("password"), "FORMS_NOT_EMPTY_INVALID".into()),
            (json!("name"), "FORMS_NOT_EMPTY_INVALID".into()),
        ]
    );
    // A phone is optional, and may be of another country.
    let mut body = registration("olga@example.by");
    body["phone"] = json!("+375 29 123-45-67");
    body["phoneCountry"] = json!("by");
    let response = app.visitor().await.post("/api/auth/register", &body).await;
    assert_eq!(response.status(), 201);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        (answer["user"]["phone"].clone(), answer["user"]["phoneCountry"].clone()),
        (body["phone"].clone(), json!("by"))
    );
    let mut body = registration("petr@example.ru");
    body["phone"] = json!("");
    let answer: Value = app.visitor().await.post("/api/auth/register", &body).await.json().await.unwrap();
    assert_eq!((answer["user"]["phone"].clone(), answer["user"]["phoneCountry"].clone()), (Value::Null, Value::Null));
}

#[tokio::test]
async fn the_session_id_and_token_change_at_log_in_and_the_old_ones_are_void() {
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let mut visitor = app.visitor().await;
    // A guest with a stored session: its first write started it.
    let added = visitor.post("/api/basket/items", &json!({"offerId": "101", "quantity": 1, "delay": false})).await;
    assert_eq!(added.status(), 200);
    let (old_cookie, old_token) = (visitor.cookie(), visitor.token.clone());
    assert_eq!(log_in(&mut visitor, EMAIL, PASSWORD, false).await.0, 200);
    assert_ne!(visitor.cookie(), old_cookie);
    assert_ne!(visitor.token, old_token);
    // The session known before the log-in (say, planted by someone) is not the logged-in one.
    let pool = app.pool().await;
    let old_id = old_cookie.split("; ").find_map(|pair| pair.strip_prefix("vitrina_session=")).unwrap();
    let rows: i64 = pool.raw_scalar("SELECT count(*) FROM sessions WHERE id = $1", &[old_id.into()]).await.unwrap();
    assert_eq!(rows, 0, "the pre-log-in session is deleted");
    let stale = Visitor::with_cookie(&app, &old_cookie, &old_token);
    assert_eq!(user_of(&stale).await, Value::Null);
    assert_eq!(user_of(&visitor).await["email"], EMAIL);
}

#[tokio::test]
async fn remember_me_keeps_the_cookie_for_30_days_and_otherwise_it_ends_with_the_browser() {
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    for (remember, persistent) in [(true, true), (false, false)] {
        let visitor = app.visitor().await;
        let body = json!({"email": EMAIL, "password": PASSWORD, "remember": remember});
        let response = visitor.post("/api/auth/login", &body).await;
        assert_eq!(response.status(), 200);
        let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
        assert_eq!(cookie.contains("Max-Age=2592000"), persistent, "remember {remember}: {cookie}");
        assert_eq!(cookie.contains("Max-Age"), persistent, "remember {remember}: {cookie}");
    }
}

#[tokio::test]
async fn an_unknown_e_mail_and_a_wrong_password_get_the_same_answer_in_comparable_time() {
    let app = spawn_app_with(|args| args.login_attempts = 100).await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let attempt = |email: &'static str| {
        let visitor = &visitor;
        async move {
            let start = Instant::now();
            let response =
                visitor.post("/api/auth/login", &json!({"email": email, "password": "wrong password"})).await;
            let elapsed = start.elapsed();
            (response.status().as_u16(), response.text().await.unwrap(), elapsed)
        }
    };
    let (status, wrong_password, _) = attempt(EMAIL).await;
    let (other_status, unknown_email, _) = attempt("nobody@example.ru").await;
    assert_eq!((status, other_status), (401, 401));
    assert_eq!(wrong_password, unknown_email, "the same body");
    let body: Value = serde_json::from_str(&wrong_password).unwrap();
    assert_eq!(codes(&body), [(Value::Null, "AUTH_INVALID_CREDENTIALS".into())]);

    // Both verify an argon2 hash: the quickest of three unknown-e-mail attempts is not much quicker than the
    // quickest of three wrong passwords (without the dummy hash it would be a database read: ~1% of it).
    let mut known = Duration::MAX;
    let mut unknown = Duration::MAX;
    for _ in 0..3 {
        known = known.min(attempt(EMAIL).await.2);
        unknown = unknown.min(attempt("nobody@example.ru").await.2);
    }
    assert!(unknown * 3 > known, "unknown e-mail {unknown:?}, wrong password {known:?}");

    // Empty values are a 422, not a failed log-in.
    let response = visitor.post("/api/auth/login", &json!({"email": " ", "password": ""})).await;
    assert_eq!(response.status(), 422);
    assert_eq!(
        codes(&response.json().await.unwrap()),
        [(json!("email"), "FORMS_NOT_EMPTY_INVALID".into()), (json!("password"), "FORMS_NOT_EMPTY_INVALID".into())]
    );
}

#[tokio::test]
async fn the_guest_basket_compare_list_and_viewed_offers_join_the_accounts_at_log_in() {
    let app = shop().await;
    // The account's own: a × 990 in the basket, b in the wishlist, a compared, a viewed.
    let mut account = registered(&app, EMAIL).await;
    for (offer, quantity, delay) in [("a", 990, false), ("b", 1, true)] {
        let body = json!({"offerId": offer, "quantity": quantity, "delay": delay});
        assert_eq!(account.post("/api/basket/items", &body).await.status(), 200);
    }
    assert_eq!(account.post("/api/compare", &json!({"offerId": "a"})).await.status(), 200);
    assert_eq!(account.post("/api/viewed", &json!({"offerId": "a"})).await.status(), 204);
    let response = account.post("/api/auth/logout", &json!({})).await;
    assert_eq!(response.status(), 204);
    account.keep_cookie(&response);

    // A guest, in another browser: a × 20 and b × 2 in the basket, c in the wishlist; c and b compared; b and c
    // viewed after the account's view of a.
    let mut guest = app.visitor().await;
    for (offer, quantity, delay) in [("a", 20, false), ("b", 2, false), ("c", 1, true)] {
        let body = json!({"offerId": offer, "quantity": quantity, "delay": delay});
        assert_eq!(guest.post("/api/basket/items", &body).await.status(), 200, "{body}");
    }
    for offer in ["c", "b"] {
        assert_eq!(guest.post("/api/compare", &json!({"offerId": offer})).await.status(), 200);
    }
    for offer in ["b", "c"] {
        tokio::time::sleep(Duration::from_millis(5)).await;
        assert_eq!(guest.post("/api/viewed", &json!({"offerId": offer})).await.status(), 204);
    }

    assert_eq!(log_in(&mut guest, EMAIL, PASSWORD, false).await.0, 200);
    let basket: Value = guest.get("/api/basket").await.json().await.unwrap();
    let lines: Vec<(String, i64, bool)> = basket["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["offer"]["id"].as_str().unwrap().into(), l["quantity"].as_i64().unwrap(), l["delay"] == true))
        .collect();
    assert_eq!(
        lines,
        [
            ("a".into(), 999, false), // 990 + 20, capped at 999
            ("b".into(), 3, true),    // 1 + 2, in the wishlist as the account had it
            ("c".into(), 1, true),    // the guest's line, moved
        ]
    );
    let compare: Value = guest.get("/api/compare").await.json().await.unwrap();
    let ids: Vec<&str> = compare["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a", "c", "b"], "the account's first, then the guest's in its order");
    let viewed: Value = guest.get("/api/viewed").await.json().await.unwrap();
    let ids: Vec<&str> = viewed["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["c", "b", "a"], "newest first");

    // The guest's rows are gone, not copied.
    let pool = app.pool().await;
    for (table, rows) in [("basket_lines", 3), ("compare_items", 3), ("viewed_offers", 3)] {
        let n: i64 = pool.raw_scalar(&format!("SELECT count(*) FROM {table}"), &[]).await.unwrap();
        assert_eq!(n, rows, "{table}");
    }
    // The account's other sessions see the same basket.
    let other = logged_in(&app, EMAIL).await;
    let summary: Value = other.get("/api/basket/summary").await.json().await.unwrap();
    assert_eq!((summary["count"].clone(), summary["delayCount"].clone()), (json!(1), json!(2)));
    // After log-out the new guest starts empty: the account keeps its lines.
    let response = guest.post("/api/auth/logout", &json!({})).await;
    assert_eq!(response.status(), 204);
    let fresh = app.visitor().await;
    let basket: Value = fresh.get("/api/basket").await.json().await.unwrap();
    assert_eq!(basket["lines"], json!([]));
}

#[tokio::test]
async fn every_account_mutation_needs_the_csrf_token() {
    let app = spawn_app().await;
    let visitor = registered(&app, EMAIL).await;
    let routes = [
        (reqwest::Method::POST, "/api/auth/register"),
        (reqwest::Method::POST, "/api/auth/login"),
        (reqwest::Method::POST, "/api/auth/logout"),
        (reqwest::Method::POST, "/api/auth/password-reset"),
        (reqwest::Method::POST, "/api/auth/password-reset/confirm"),
        (reqwest::Method::PATCH, "/api/me"),
        (reqwest::Method::POST, "/api/me/password"),
    ];
    for (method, path) in routes {
        for token in [None, Some("0".repeat(64))] {
            let url = format!("{}{path}", app.base);
            let mut request = app.client.request(method.clone(), url).header("cookie", visitor.cookie());
            if let Some(token) = &token {
                request = request.header("x-csrf-token", token);
            }
            let response = request.json(&registration("new@example.ru")).send().await.unwrap();
            assert_eq!(response.status(), 403, "{method} {path} with {token:?}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["errors"][0]["code"], "CSRF_TOKEN_INVALID");
        }
    }
    // Nothing happened: still logged in, one account.
    assert_eq!(user_of(&visitor).await["email"], EMAIL);
    let pool = app.pool().await;
    assert_eq!(pool.raw_scalar::<i64>("SELECT count(*) FROM users", &[]).await.unwrap(), 1);
}

#[tokio::test]
async fn the_personal_routes_answer_401_to_a_guest() {
    let app = spawn_app().await;
    let guest = app.visitor().await;
    let responses = [
        guest.get("/api/me").await,
        guest.patch("/api/me", &json!({"name": "Иван"})).await,
        guest.post("/api/me/password", &json!({"currentPassword": "x", "newPassword": "yyyyyyyy"})).await,
        guest.get("/api/me/orders").await,
        app.get("/api/me").await,
        app.get("/api/me/orders").await,
    ];
    for response in responses {
        let url = response.url().path().to_owned();
        assert_eq!(response.status(), 401, "{url}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(codes(&body), [(Value::Null, "AUTH_REQUIRED".into())], "{url}");
    }
    // A guest's log-out changes nothing: the guest keeps the session (and its basket) and its token.
    let response = guest.post("/api/auth/logout", &json!({})).await;
    assert_eq!(response.status(), 204);
    assert_eq!(guest.get("/api/session").await.json::<Value>().await.unwrap()["sessid"], guest.token.as_str());
}

#[tokio::test]
async fn the_account_routes_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc = app.json("/api/openapi.json", 200).await;
    for (path, method) in [
        ("/api/auth/register", "post"),
        ("/api/auth/login", "post"),
        ("/api/auth/logout", "post"),
        ("/api/auth/password-reset", "post"),
        ("/api/auth/password-reset/confirm", "post"),
        ("/api/me", "get"),
        ("/api/me", "patch"),
        ("/api/me/password", "post"),
        ("/api/me/orders", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    assert!(doc["components"]["schemas"]["UserView"]["properties"]["phoneCountry"].is_object());
}
