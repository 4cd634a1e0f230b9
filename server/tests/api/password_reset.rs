//! Password reset (issue 7): single-use reset links that expire within the hour and log the account out
//! everywhere; reset requests throttled per address and mails per account (issue 20: answered before the link is
//! made).

use crate::account_limits::assert_throttled;
use crate::accounts::{EMAIL, PASSWORD, codes, log_in, registered, user_of};
use crate::helpers::{TestApp, spawn_app};
use serde_json::{Value, json};

/// The reset links in the outbox, oldest first: `(recipient, token)`.
/// The reset links once there are `expected` of them (the request is answered before the link is made, issue
/// 20), and no more a moment later.
async fn settled_reset_links(app: &TestApp, expected: usize) -> Vec<(String, String)> {
    for _ in 0..250 {
        if reset_links(app).await.len() >= expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let links = reset_links(app).await;
    assert_eq!(links.len(), expected, "{links:?}");
    links
}

/// Now in seconds since the epoch, as the `*_at` integer columns keep it.
fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

async fn reset_links(app: &TestApp) -> Vec<(String, String)> {
    let pool = app.pool().await;
    let rows: Vec<(Option<String>, String, String, String)> = pool
        .raw_rows(
            "SELECT recipient, subject, text_body, html_body FROM outbox WHERE topic = 'password_reset' ORDER BY id",
            &[],
        )
        .await
        .unwrap();
    let prefix = "https://shop.test/personal/password-reset/?token=";
    rows.into_iter()
        .map(|(recipient, subject, text, html)| {
            let start = text.find(prefix).unwrap_or_else(|| panic!("no link in {text}")) + prefix.len();
            let token: String = text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
            assert_eq!(token.len(), 43, "{text}");
            // minijinja's HTML escaping writes `/` as `&#x2f;` (a browser reads it back as `/`).
            assert!(html.contains(&format!("{prefix}{token}").replace('/', "&#x2f;")), "{html}");
            assert!(!subject.contains(&token), "subjects are logged: no link there");
            (recipient.unwrap(), token)
        })
        .collect()
}

#[tokio::test]
async fn a_reset_link_works_once_within_its_hour_and_logs_the_account_out_everywhere() {
    let app = spawn_app().await;
    let session = registered(&app, EMAIL).await;
    let guest = app.visitor().await;
    for email in [" Ivan@Example.ru", "nobody@example.ru"] {
        let response = guest.post("/api/auth/password-reset", &json!({"email": email})).await;
        assert_eq!(response.status(), 204, "{email}: the same answer with or without an account");
    }
    let links = settled_reset_links(&app, 1).await;
    assert_eq!(links.len(), 1, "only the account gets a link");
    let (recipient, token) = links[0].clone();
    assert_eq!(recipient, EMAIL);
    let pool = app.pool().await;
    let stored: String = pool.raw_scalar("SELECT token_hash FROM password_resets", &[]).await.unwrap();
    assert_ne!(stored, token, "the database keeps the token's hash only");
    assert_eq!(stored.len(), 64);

    // A short password is refused and the link still works.
    let confirm = |token: &str, password: &str| json!({"token": token, "password": password});
    let response = guest.post("/api/auth/password-reset/confirm", &confirm(&token, "short")).await;
    assert_eq!(response.status(), 422);
    assert_eq!(codes(&response.json().await.unwrap()), [(json!("password"), "AUTH_PASSWORD_TOO_SHORT".into())]);
    let response = guest.post("/api/auth/password-reset/confirm", &confirm(&token, "new password")).await;
    assert_eq!(response.status(), 204);

    // The new password works, the old one no longer; the session logged in before the reset is logged out.
    let mut visitor = app.visitor().await;
    assert_eq!(log_in(&mut visitor, EMAIL, PASSWORD, false).await.0, 401);
    assert_eq!(log_in(&mut visitor, EMAIL, "new password", false).await.0, 200);
    assert_eq!(user_of(&session).await, Value::Null, "every older session of the account is logged out");
    assert_eq!(session.get("/api/me").await.status(), 401);

    // Used once: a second use is 400, and so is a made-up token.
    for token in [token.as_str(), "made-up", ""] {
        let response = guest.post("/api/auth/password-reset/confirm", &confirm(token, "another password")).await;
        assert_eq!(response.status(), 400, "{token:?}");
        assert_eq!(codes(&response.json().await.unwrap()), [(json!("token"), "RESET_TOKEN_INVALID".into())]);
    }

    // A link past its hour is void.
    assert_eq!(guest.post("/api/auth/password-reset", &json!({"email": EMAIL})).await.status(), 204);
    let (_, late) = settled_reset_links(&app, 2).await.pop().unwrap();
    pool.raw_execute("UPDATE password_resets SET expires_at = $1 WHERE used_at IS NULL", &[(unix_now() - 1).into()])
        .await
        .unwrap();
    let response = guest.post("/api/auth/password-reset/confirm", &confirm(&late, "another password")).await;
    assert_eq!(response.status(), 400);
    assert_eq!(log_in(&mut app.visitor().await, EMAIL, "new password", false).await.0, 200, "the password stands");

    // A fresh link is good for an hour.
    assert_eq!(guest.post("/api/auth/password-reset", &json!({"email": EMAIL})).await.status(), 204);
    settled_reset_links(&app, 3).await;
    let now = unix_now();
    let expires: i64 = pool
        .raw_scalar::<i64>(
            "SELECT expires_at FROM password_resets WHERE used_at IS NULL AND expires_at > $1",
            &[now.into()],
        )
        .await
        .unwrap()
        - now;
    assert!((3590..=3600).contains(&expires), "{expires} s");

    let response = guest.post("/api/auth/password-reset", &json!({"email": "not an address"})).await;
    assert_eq!(response.status(), 422);
    assert_eq!(codes(&response.json().await.unwrap()), [(json!("email"), "FORMS_EMAIL_INVALID".into())]);
}

#[tokio::test]
async fn reset_requests_are_throttled_per_address_and_mails_per_account() {
    let app = spawn_app().await;
    registered(&app, EMAIL).await;
    let guest = app.visitor().await;
    let client = app.client_from("127.0.0.2");
    for _ in 0..5 {
        let response = guest.post_via(&client, "/api/auth/password-reset", &json!({"email": EMAIL})).await;
        assert_eq!(response.status(), 204);
    }
    assert_throttled(guest.post_via(&client, "/api/auth/password-reset", &json!({"email": "x@example.ru"})).await)
        .await;
    // From another address the request is answered as ever, but the account has had its five mails.
    let response =
        guest.post_via(&app.client_from("127.0.0.3"), "/api/auth/password-reset", &json!({"email": EMAIL})).await;
    assert_eq!(response.status(), 204);
    settled_reset_links(&app, 5).await;
}
