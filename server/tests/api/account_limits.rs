//! Limits on guessing at accounts (issue 7, issue 20): failed log-ins throttled per account and per address,
//! simultaneous guesses given no more tries than the limit, a registration flood from one address cut at the limit.

use crate::accounts::{EMAIL, PASSWORD, codes, registered, registration};
use crate::helpers::spawn_app;
use serde_json::{Value, json};

/// `POST /api/auth/login` with `body` through `client`, keeping the session cookie a log-in sets: the status and body.
async fn log_in_with(
    visitor: &mut crate::helpers::Visitor<'_>,
    client: &reqwest::Client,
    body: &Value,
) -> (u16, Value) {
    let response = visitor.post_via(client, "/api/auth/login", body).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Asserts a 429 `RATE_LIMITED` with a `Retry-After` of 1..=900 seconds (the 15-minute window).
pub(crate) async fn assert_throttled(response: reqwest::Response) {
    assert_eq!(response.status(), 429);
    let wait: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&wait), "Retry-After {wait}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(codes(&body), [(Value::Null, "RATE_LIMITED".into())]);
}

#[tokio::test]
async fn failed_log_ins_from_many_addresses_ask_for_the_captcha_and_never_lock_the_owner_out() {
    // Issue 34: five wrong passwords from five addresses locked the account for 15 minutes against its owner.
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let wrong = json!({"email": EMAIL, "password": "wrong password"});
    // Five failures from five addresses (none reaches its own limit)...
    for n in 2..7 {
        let client = app.client_from(&format!("127.0.0.{n}"));
        assert_eq!(visitor.post_via(&client, "/api/auth/login", &wrong).await.status(), 401);
    }
    // ...and the owner, from a sixth, is asked for the captcha, not refused.
    let mut owner = app.visitor().await;
    let sixth = app.client_from("127.0.0.7");
    let right = json!({"email": EMAIL, "password": PASSWORD});
    let asked = owner.post_via(&sixth, "/api/auth/login", &right).await;
    assert_eq!(asked.status(), 422);
    assert_eq!(codes(&asked.json().await.unwrap()), [(json!("captchaWord"), "AUTH_CAPTCHA_REQUIRED".into())]);
    let captcha: Value = owner.post_via(&sixth, "/api/auth/captcha", &json!({})).await.json().await.unwrap();
    let sid = captcha["sid"].as_str().unwrap();
    assert_eq!(owner.get(captcha["imageUrl"].as_str().unwrap()).await.status(), 200, "the picture draws the word");
    let word: String =
        app.pool().await.raw_scalar("SELECT word FROM captchas WHERE sid = $1", &[sid.into()]).await.unwrap();
    let wrong_word = json!({"email": EMAIL, "password": PASSWORD, "captchaSid": sid, "captchaWord": "NOPE7"});
    let refused = owner.post_via(&sixth, "/api/auth/login", &wrong_word).await;
    assert_eq!(codes(&refused.json().await.unwrap()), [(json!("captchaWord"), "FORMS_CAPTCHA_WRONG".into())]);
    // A captcha is used up by its check: a new one, solved.
    let captcha: Value = owner.post_via(&sixth, "/api/auth/captcha", &json!({})).await.json().await.unwrap();
    let sid = captcha["sid"].as_str().unwrap();
    owner.get(captcha["imageUrl"].as_str().unwrap()).await;
    let word_now: String =
        app.pool().await.raw_scalar("SELECT word FROM captchas WHERE sid = $1", &[sid.into()]).await.unwrap();
    assert_ne!(word_now, "", "{word}");
    let solved =
        json!({"email": EMAIL, "password": PASSWORD, "captchaSid": sid, "captchaWord": word_now.to_lowercase()});
    let (status, _) = log_in_with(&mut owner, &sixth, &solved).await;
    assert_eq!(status, 200, "the owner is in");

    // The owner was told once, whatever came after.
    let alerts: Vec<(String, String)> = app
        .pool()
        .await
        .raw_rows("SELECT recipient, text_body FROM outbox WHERE topic = 'login_alert'", &[])
        .await
        .unwrap();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!(alerts[0].0, EMAIL);
    assert!(alerts[0].1.contains("5 неудачных попыток"), "{}", alerts[0].1);

    // One address still may not keep guessing at one account: its own limit is 429.
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let client = app.client_from("127.0.0.2");
    for _ in 0..5 {
        assert_eq!(visitor.post_via(&client, "/api/auth/login", &wrong).await.status(), 401);
    }
    assert_throttled(visitor.post_via(&client, "/api/auth/login", &right).await).await;

    // A success forgets the account's failures: four, a log-in, four more do not block it.
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    for n in 2..10 {
        let client = app.client_from(&format!("127.0.0.{n}"));
        if n == 6 {
            // In another browser (a log-in gives its session a new id and token).
            let other = app.visitor().await;
            assert_eq!(other.post_via(&client, "/api/auth/login", &right).await.status(), 200);
        } else {
            assert_eq!(visitor.post_via(&client, "/api/auth/login", &wrong).await.status(), 401, "attempt from .{n}");
        }
    }
}

#[tokio::test]
async fn failed_log_ins_are_throttled_per_address() {
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let client = app.client_from("127.0.0.2");
    for n in 0..5 {
        let body = json!({"email": format!("nobody{n}@example.ru"), "password": "guess"});
        assert_eq!(visitor.post_via(&client, "/api/auth/login", &body).await.status(), 401);
    }
    // The address is blocked, whatever the account.
    let right = json!({"email": EMAIL, "password": PASSWORD});
    assert_throttled(visitor.post_via(&client, "/api/auth/login", &right).await).await;
    assert_throttled(visitor.post_via(&client, "/api/auth/register", &registration("new@example.ru")).await).await;
    // Another address is not.
    assert_eq!(visitor.post_via(&app.client_from("127.0.0.3"), "/api/auth/login", &right).await.status(), 200);
}

#[tokio::test]
async fn simultaneous_guesses_at_one_account_get_no_more_tries_than_the_limit() {
    // Issue 20: the limit was checked before the password hash and the failure counted after it, so 100 guesses
    // sent at once got 43 real tries instead of 5.
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let visitor = app.visitor().await;
    let body = json!({"email": EMAIL, "password": "wrong password"});
    let answers = futures::future::join_all((0..40).map(|_| visitor.post("/api/auth/login", &body))).await;
    let tried = answers.iter().filter(|r| r.status() == 401).count();
    let limited = answers.iter().filter(|r| r.status() == 429).count();
    assert_eq!(tried + limited, 40);
    assert_eq!(tried, vitrina::limits::LOGIN_ATTEMPTS_PER_WINDOW as usize, "{tried} tries got through");
    // The right password is refused too while the account is over its limit.
    let right = visitor.post("/api/auth/login", &json!({"email": EMAIL, "password": PASSWORD})).await;
    assert_eq!(right.status(), 429);
}

#[tokio::test]
async fn a_registration_flood_from_one_address_is_cut_at_the_limit() {
    // Issue 20: 192 registrations at once each took a 19 MiB hash. Every attempt counts, twice the log-in limit per
    // 15 minutes; the hashes that do run wait their turn (limits::PASSWORD_HASHES_AT_ONCE).
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let bodies: Vec<Value> = (0..20).map(|n| registration(&format!("flood{n}@example.ru"))).collect();
    let answers = futures::future::join_all(bodies.iter().map(|body| visitor.post("/api/auth/register", body))).await;
    let created = answers.iter().filter(|r| r.status() == 201).count();
    let limited = answers.iter().filter(|r| r.status() == 429).count();
    let allowed =
        (vitrina::limits::LOGIN_ATTEMPTS_PER_WINDOW * vitrina::limits::REGISTRATIONS_PER_LOGIN_ATTEMPT) as usize;
    assert_eq!((created, limited), (allowed, 20 - allowed));
}
