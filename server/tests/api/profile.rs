//! The account's own pages (issue 7): the profile and the password change (with the current password, whose wrong
//! guesses count as failed log-ins), the account's orders seen from any session, and probing for taken e-mails
//! through the profile stopped at the limit (issue 20).

use crate::account_limits::assert_throttled;
use crate::accounts::{EMAIL, PASSWORD, codes, log_in, logged_in, registered, shop, user_of};
use crate::helpers::spawn_app;
use serde_json::{Value, json};

#[tokio::test]
async fn the_profile_changes_and_the_password_changes_with_the_current_one() {
    let app = spawn_app().await;
    registered(&app, "olga@example.ru").await;
    let mut visitor = registered(&app, EMAIL).await;
    let other_session = logged_in(&app, EMAIL).await;

    let response = visitor
        .patch("/api/me", &json!({"name": " Иван Петров ", "phone": "+7 701 123 4567", "phoneCountry": "kz"}))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let user: Value = response.json().await.unwrap();
    assert_eq!(
        user,
        json!({"id": 2, "email": EMAIL, "name": "Иван Петров", "phone": "+7 701 123 4567", "phoneCountry": "kz"})
    );
    let response = visitor.patch("/api/me", &json!({"email": " OLGA@example.ru"})).await;
    assert_eq!(response.status(), 409);
    assert_eq!(codes(&response.json().await.unwrap()), [(json!("email"), "AUTH_EMAIL_TAKEN".into())]);
    let response = visitor.patch("/api/me", &json!({"name": "", "email": "ivan@", "phone": "+7 912"})).await;
    assert_eq!(response.status(), 422);
    assert_eq!(
        codes(&response.json().await.unwrap()),
        [
            (json!("name"), "FORMS_NOT_EMPTY_INVALID".into()),
            (json!("email"), "FORMS_EMAIL_INVALID".into()),
            (json!("phone"), "FORMS_PHONE_WRONG".into()),
        ]
    );
    let user: Value = visitor
        .patch("/api/me", &json!({"email": "Ivan.Petrov@Example.ru", "phone": null}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        user,
        json!({"id": 2, "email": "ivan.petrov@example.ru", "name": "Иван Петров", "phone": null, "phoneCountry": null})
    );
    assert_eq!(user_of(&visitor).await, user, "the session shows the change");

    // The password: the current one must be right and the new one long enough.
    let change = |current: &str, new: &str| json!({"currentPassword": current, "newPassword": new});
    let response = visitor.post("/api/me/password", &change("wrong password", "short")).await;
    assert_eq!(response.status(), 422);
    assert_eq!(
        codes(&response.json().await.unwrap()),
        [
            (json!("currentPassword"), "AUTH_PASSWORD_WRONG".into()),
            (json!("newPassword"), "AUTH_PASSWORD_TOO_SHORT".into())
        ]
    );
    let response = visitor.post("/api/me/password", &change(PASSWORD, "new password")).await;
    assert_eq!(response.status(), 204);
    assert!(visitor.keep_cookie(&response), "a new session id");
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    assert!(!cookie.contains("Max-Age"), "still a browser-session cookie (logged in without remember): {cookie}");
    assert_eq!(user_of(&visitor).await["email"], "ivan.petrov@example.ru", "this session stays logged in");
    assert_eq!(user_of(&other_session).await, Value::Null, "the account's other sessions are logged out");
    let mut fresh = app.visitor().await;
    assert_eq!(log_in(&mut fresh, "ivan.petrov@example.ru", PASSWORD, false).await.0, 401);
    assert_eq!(log_in(&mut fresh, "ivan.petrov@example.ru", "new password", false).await.0, 200);
}

#[tokio::test]
async fn wrong_current_passwords_count_as_failed_log_ins_of_the_account() {
    let app = spawn_app().await;
    let visitor = registered(&app, EMAIL).await;
    for _ in 0..5 {
        let body = json!({"currentPassword": "guess", "newPassword": "new password"});
        assert_eq!(visitor.post("/api/me/password", &body).await.status(), 422);
    }
    let body = json!({"currentPassword": PASSWORD, "newPassword": "new password"});
    assert_throttled(visitor.post("/api/me/password", &body).await).await;
}

fn checkout() -> Value {
    json!({"name": "Иван", "phone": "+7 912 345-67-89", "city": "Пермь", "deliveryMethod": "pickup",
        "paymentMethod": "cash"})
}

#[tokio::test]
async fn the_account_lists_its_orders_and_sees_them_from_any_session() {
    let app = shop().await;
    // An order placed as a guest does not join the account's history.
    let guest = app.visitor().await;
    assert_eq!(guest.post("/api/basket/items", &json!({"offerId": "b"})).await.status(), 200);
    assert_eq!(guest.post("/api/orders", &checkout()).await.status(), 201);

    let visitor = registered(&app, EMAIL).await;
    for (offer, quantity) in [("a", 2), ("b", 3)] {
        let body = json!({"offerId": offer, "quantity": quantity});
        assert_eq!(visitor.post("/api/basket/items", &body).await.status(), 200);
    }
    let placed: Value = visitor.post("/api/orders", &checkout()).await.json().await.unwrap();
    assert_eq!(placed, json!({"number": "2"}));
    assert_eq!(visitor.post("/api/basket/items", &json!({"offerId": "a"})).await.status(), 200);
    assert_eq!(visitor.post("/api/orders", &checkout()).await.status(), 201);

    let response = visitor.get("/api/me/orders").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let mut history: Value = response.json().await.unwrap();
    for item in history["items"].as_array_mut().unwrap() {
        assert!(item["createdAt"].as_str().unwrap().ends_with('Z'), "{item}");
        item["createdAt"] = Value::Null;
    }
    assert_eq!(
        history,
        json!({"items": [
            {"number": "3", "createdAt": null, "status": "new", "total": 1480, "currencyId": "RUB", "itemCount": 1},
            {"number": "2", "createdAt": null, "status": "new", "total": 2970.62, "currencyId": "RUB", "itemCount": 5},
        ]}),
        "newest first; 2 × 1480 + 3 × 3.54"
    );
    let pool = app.pool().await;
    let owners: Vec<Option<i64>> = pool
        .raw_rows::<(Option<i64>,)>("SELECT user_id FROM orders ORDER BY id", &[])
        .await
        .unwrap()
        .into_iter()
        .map(|(user,)| user)
        .collect();
    assert_eq!(owners, [None, Some(1), Some(1)]);

    // Another session of the account (another browser) sees the order; another account does not.
    let elsewhere = logged_in(&app, EMAIL).await;
    let response = elsewhere.get("/api/orders/2").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["total"], 2970.62);
    let stranger = registered(&app, "olga@example.ru").await;
    assert_eq!(stranger.get("/api/orders/2").await.status(), 404);
    assert_eq!(stranger.get("/api/me/orders").await.json::<Value>().await.unwrap(), json!({"items": []}));
    assert_eq!(elsewhere.get("/api/orders/1").await.status(), 404, "the guest's order is the guest session's");
    assert_eq!(guest.get("/api/orders/1").await.status(), 200);
}

#[tokio::test]
async fn probing_for_taken_e_mails_through_the_profile_stops_at_the_limit() {
    let app = spawn_app().await;
    // Seven accounts and the prober's own: within the address's ten registrations.
    for n in 0..7 {
        registered(&app, &format!("taken{n}@example.ru")).await;
    }
    let visitor = registered(&app, EMAIL).await;
    // Probes sent at once: the limit holds (issue 20: PATCH /api/me told which e-mails have an account, unbounded).
    let probes = (0..7).map(|n| json!({"email": format!("taken{n}@example.ru")})).collect::<Vec<_>>();
    let answers = futures::future::join_all(probes.iter().map(|body| visitor.patch("/api/me", body))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    let limit = vitrina::limits::LOGIN_ATTEMPTS_PER_WINDOW as usize;
    assert_eq!(statuses, [vec![409; limit], vec![429; 7 - limit]].concat());
    // Past the limit even a free address waits; a change without an e-mail does not.
    assert_throttled(visitor.patch("/api/me", &json!({"email": "free@example.ru"})).await).await;
    assert_eq!(visitor.patch("/api/me", &json!({"name": "Иван"})).await.status(), 200);
}
