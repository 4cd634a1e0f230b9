//! Server-described forms (issue 5): definitions, validation codes, storage, outbox, mail, rate limit. The captcha's
//! own rules are in `form_captcha.rs`, which uses the helpers here.

use crate::helpers::{TestApp, Visitor, spawn_app, spawn_app_with};
use serde_json::{Value, json};

/// The word of captcha `sid` after its image was fetched (the image draws it).
pub(crate) async fn solve(visitor: &Visitor<'_>, sid: &str) -> String {
    let image = visitor.get(&format!("/api/captcha/{sid}")).await;
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/png");
    assert_eq!(image.headers()["cache-control"], "no-store");
    assert!(image.bytes().await.unwrap().starts_with(b"\x89PNG"));
    let pool = visitor.app.pool().await;
    pool.raw_scalar("SELECT word FROM captchas WHERE sid = $1", &[sid.into()]).await.unwrap()
}

/// `GET /api/forms/{code}` as `visitor`: the answer.
pub(crate) async fn form(visitor: &Visitor<'_>, code: &str) -> Value {
    let response = visitor.get(&format!("/api/forms/{code}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    response.json().await.unwrap()
}

/// A new captcha of form `code` for `visitor` (`POST /api/forms/{code}/captcha`): its sid.
pub(crate) async fn captcha(visitor: &Visitor<'_>, code: &str) -> String {
    let response = visitor.post(&format!("/api/forms/{code}/captcha"), &json!({})).await;
    assert_eq!(response.status(), 201, "captcha of {code}");
    let body: Value = response.json().await.unwrap();
    let sid = body["sid"].as_str().unwrap().to_owned();
    assert_eq!(body["imageUrl"], format!("/api/captcha/{sid}"));
    sid
}

pub(crate) fn phone(iso2: &str, name: &str, full: &str) -> Value {
    json!({"COUNTRY": {"iso2": iso2, "dialCode": "7", "name": name}, "VALUE": full, "FULL_VALUE": full})
}

/// A complete, valid callback submission for captcha `sid` with `word`.
pub(crate) fn callback(sid: &str, word: &str) -> Value {
    json!({
        "NAME": "Иван",
        "PHONE": phone("ru", "Россия", "+7 912 345-67-89"),
        "USER_CONSENT": "Y",
        "CAPTCHA_SID": sid,
        "CAPTCHA_WORD": word,
        "SOURCE_URL": "https://shop.test/catalog/",
    })
}

/// POSTs a submission; asserts `status` and returns the body.
pub(crate) async fn submit(visitor: &Visitor<'_>, code: &str, body: &Value, status: u16) -> Value {
    let response = visitor.post(&format!("/api/forms/{code}/submissions"), body).await;
    assert_eq!(response.status().as_u16(), status, "POST {code}: {body}");
    response.json().await.unwrap()
}

pub(crate) fn error_codes(answer: &Value) -> Vec<(String, String)> {
    answer["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

pub(crate) async fn count_submissions(app: &TestApp) -> i64 {
    let pool = app.pool().await;
    pool.raw_scalar("SELECT count(*) FROM form_submissions", &[]).await.unwrap()
}

#[tokio::test]
async fn the_seeded_forms_are_served_and_a_missing_one_is_404() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let callback = form(&visitor, "callback").await;
    assert_eq!(callback["title"], "Заказать звонок");
    assert_eq!(callback["useCaptcha"], true);
    assert_eq!(callback["useConsent"], true);
    assert_eq!(callback["phoneMask"], true);
    assert_eq!(callback["country"], "ru");
    assert_eq!(callback["values"], json!({}));
    let codes: Vec<&str> = callback["fields"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["NAME", "PHONE"]);
    assert_eq!(callback.get("captcha"), None, "reading a form makes no captcha");
    captcha(&visitor, "callback").await;

    let feedback = form(&visitor, "feedback").await;
    let types: Vec<(&str, &str, &str)> = feedback["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["code"].as_str().unwrap(), f["type"].as_str().unwrap(), f["required"].as_str().unwrap()))
        .collect();
    assert_eq!(
        types,
        [
            ("NAME", "text", "Y"),
            ("EMAIL", "email", "Y"),
            ("PHONE", "phone", "N"),
            ("MESSAGE", "textarea", "Y"),
            ("CALL_DATE", "date", "N")
        ]
    );
    assert_eq!(feedback["fields"][4]["mask"]["format"], "dd.mm.yyyy");

    let missing = visitor.get("/api/forms/nope").await;
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "FORM_NOT_FOUND");
    let missing = visitor.post("/api/forms/nope/submissions", &json!({})).await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn posting_without_the_csrf_token_is_403() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    for path in ["/api/forms/callback/submissions", "/api/forms/callback/captcha-check"] {
        let response = app
            .client
            .post(format!("{}{path}", app.base))
            .header("cookie", visitor.cookie())
            .json(&callback(&sid, "x"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{path}");
    }
    assert_eq!(count_submissions(&app).await, 0);
}

#[tokio::test]
async fn a_good_submission_is_stored_notified_and_prefills_the_form_next_time() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    let word = solve(&visitor, &sid).await;
    let mut body = callback(&sid, &word.to_lowercase());
    body["PHONE"] = phone("by", "Беларусь", "+375 29 123-45-67");
    let answer = submit(&visitor, "callback", &body, 200).await;
    assert_eq!(answer, json!({"status": true}));

    let pool = app.pool().await;
    let (code, values, source, visitor_id): (String, String, String, String) = pool
        .raw_rows("SELECT form_code, field_values, source_url, visitor_id FROM form_submissions", &[])
        .await
        .unwrap()
        .remove(0);
    assert_eq!(code, "callback");
    assert_eq!(source, "https://shop.test/catalog/");
    assert_eq!(visitor_id.len(), 32);
    assert!(!visitor.cookie().contains(&visitor_id), "the stored id is not the session secret");
    let values: Value = serde_json::from_str(&values).unwrap();
    assert_eq!(values["NAME"], "Иван");
    assert_eq!(values["PHONE"]["COUNTRY"]["iso2"], "by");
    assert_eq!(values["PHONE"]["FULL_VALUE"], "+375 29 123-45-67");
    assert_eq!(values["USER_CONSENT"], "Y");
    let (subject, text): (String, String) =
        pool.raw_rows("SELECT subject, text_body FROM outbox", &[]).await.unwrap().remove(0);
    assert!(subject.contains("Заказать звонок"), "{subject}");
    assert!(text.contains("Телефон: +375 29 123-45-67 (Беларусь)"), "{text}");

    // Next time the form comes filled in, with the country last used.
    let again = form(&visitor, "callback").await;
    assert_eq!(again["values"], json!({"NAME": "Иван", "PHONE": "+375 29 123-45-67"}));
    assert_eq!(again["country"], "by");
    // Another visitor's form is empty.
    let stranger = app.visitor().await;
    let theirs = form(&stranger, "callback").await;
    assert_eq!(theirs["values"], json!({}));
    assert_eq!(theirs["country"], "ru");
}

#[tokio::test]
async fn every_rule_answers_422_with_its_code_and_a_new_captcha() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "feedback").await;
    let word = solve(&visitor, &sid).await;
    let answer = submit(
        &visitor,
        "feedback",
        &json!({
            "NAME": "   ",
            "EMAIL": "ivan@",
            "PHONE": phone("ru", "Россия", "+7 912 34"),
            "MESSAGE": "",
            "CALL_DATE": "30.02.2027",
            "CAPTCHA_SID": sid,
            "CAPTCHA_WORD": format!("{word}X"),
        }),
        422,
    )
    .await;
    assert_eq!(answer["status"], false);
    assert_eq!(
        error_codes(&answer),
        [
            ("NAME".into(), "FORMS_NOT_EMPTY_INVALID".into()),
            ("EMAIL".into(), "FORMS_EMAIL_INVALID".into()),
            ("PHONE".into(), "FORMS_PHONE_WRONG".into()),
            ("MESSAGE".into(), "FORMS_NOT_EMPTY_INVALID".into()),
            ("CALL_DATE".into(), "FORMS_DATE_INVALID".into()),
            ("USER_CONSENT".into(), "FORMS_USER_CONSENT_NOT_EMPTY_INVALID".into()),
            ("CAPTCHA_WORD".into(), "FORMS_CAPTCHA_WRONG".into()),
        ]
    );
    let new_sid = answer["captcha"]["sid"].as_str().unwrap();
    assert_ne!(new_sid, sid, "the used-up captcha is replaced");
    assert_eq!(answer["captcha"]["imageUrl"], format!("/api/captcha/{new_sid}"));
    // An empty word is "fill in the field".
    let answer = submit(&visitor, "feedback", &json!({"CAPTCHA_SID": new_sid, "CAPTCHA_WORD": ""}), 422).await;
    assert!(error_codes(&answer).contains(&("CAPTCHA_WORD".into(), "FORMS_NOT_EMPTY_INVALID".into())));

    // Without the mask, a phone may hold only digits, spaces, hyphens, parentheses and plus.
    let pool = app.pool().await;
    let mut plain = vitrina::db::forms::find(&pool, "callback").await.unwrap().unwrap();
    plain.code = "plain-callback".into();
    plain.phone_mask = false;
    plain.use_captcha = false;
    vitrina::db::forms::import(&pool, &[plain]).await.unwrap();
    let answer = submit(
        &visitor,
        "plain-callback",
        &json!({"NAME": "Иван", "PHONE": "8 (912) 345-67-89 доб. 5", "USER_CONSENT": "Y"}),
        422,
    )
    .await;
    assert_eq!(error_codes(&answer), [("PHONE".into(), "FORMS_PHONE_INVALID".into())]);
    assert!(answer.get("captcha").is_none(), "no captcha on this form");
    submit(
        &visitor,
        "plain-callback",
        &json!({"NAME": "Иван", "PHONE": "8 (912) 345-67-89", "USER_CONSENT": "Y"}),
        200,
    )
    .await;
    assert_eq!(count_submissions(&app).await, 1);
}

#[tokio::test]
async fn markup_is_stored_as_typed_and_served_escaped() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    let word = solve(&visitor, &sid).await;
    let payload = "<script>alert(\"x\")</script><img src=x onerror=alert(1)>";
    let mut body = callback(&sid, &word);
    body["NAME"] = json!(payload);
    submit(&visitor, "callback", &body, 200).await;

    let pool = app.pool().await;
    let values: String = pool.raw_scalar("SELECT field_values FROM form_submissions", &[]).await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&values).unwrap()["NAME"], payload, "no data is lost");
    let html: String = pool.raw_scalar("SELECT html_body FROM outbox", &[]).await.unwrap();
    assert!(!html.contains("<script") && !html.contains("<img"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2f;script&gt;&lt;img src=x onerror=alert(1)&gt;"),
        "{html}"
    );
    // The prefill comes back as JSON data (the page renders it as text), never as markup.
    let response = visitor.get("/api/forms/callback").await;
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(response.json::<Value>().await.unwrap()["values"]["NAME"], payload);
}

#[tokio::test]
async fn bad_bodies_are_4xx_not_500() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let url = format!("{}/api/forms/callback/submissions", app.base);
    let send = |body: Vec<u8>| {
        app.client
            .post(&url)
            .header("cookie", visitor.cookie())
            .header("x-csrf-token", &visitor.token)
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let response = send(b"not json".to_vec()).await.unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["code"], "BODY_INVALID");
    let response = send(b"[1, 2]".to_vec()).await.unwrap();
    assert_eq!(response.status(), 400);
    let huge = serde_json::to_vec(&json!({"NAME": "я".repeat(40_000)})).unwrap();
    let response = send(huge).await.unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["code"], "BODY_TOO_LARGE");
    let answer = submit(&visitor, "callback", &json!({"NAME": ["a"], "PHONE": 5}), 422).await;
    assert_eq!(
        error_codes(&answer)[..2],
        [("NAME".into(), "FORMS_VALUE_INVALID".into()), ("PHONE".into(), "FORMS_PHONE_WRONG".into())]
    );
}

#[tokio::test]
async fn submissions_are_rate_limited_per_address() {
    let app = spawn_app_with(|args| args.form_rate_burst = 2).await;
    let visitor = app.visitor().await;
    for _ in 0..2 {
        submit(&visitor, "callback", &json!({}), 422).await;
    }
    let response = visitor.post("/api/forms/callback/submissions", &json!({})).await;
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    assert_eq!(response.json::<Value>().await.unwrap()["errors"][0]["code"], "RATE_LIMITED");
    // Another visitor from the same address is limited too: the limit is the address's, not the session's.
    let other = app.visitor().await;
    assert_eq!(other.post("/api/forms/callback/submissions", &json!({})).await.status(), 429);
}

/// A one-connection SMTP server that records what it receives (enough of RFC 5321 for lettre).
async fn smtp_sink() -> (String, tokio::task::JoinHandle<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let handle = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut received = String::new();
        write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            received.push_str(&line);
            received.push('\n');
            let reply: &[u8] = if in_data {
                if line != "." {
                    continue;
                }
                // lettre keeps pooled connections open: the message is complete, stop here.
                write.write_all(b"250 queued\r\n").await.unwrap();
                break;
            } else if line.starts_with("DATA") {
                in_data = true;
                b"354 go on\r\n"
            } else if line.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            write.write_all(reply).await.unwrap();
        }
        received
    });
    (url, handle)
}

#[tokio::test]
async fn with_smtp_configured_the_notification_is_mailed() {
    let (smtp_url, sink) = smtp_sink().await;
    let app = spawn_app_with(|args| {
        args.mail.smtp_url = Some(smtp_url);
        args.mail.notify_email = Some("owner@shop.test".into());
    })
    .await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    let word = solve(&visitor, &sid).await;
    let mut body = callback(&sid, &word);
    body["NAME"] = json!("<b>Иван</b>");
    submit(&visitor, "callback", &body, 200).await;
    let received = tokio::time::timeout(std::time::Duration::from_secs(10), sink).await.unwrap().unwrap();
    assert!(received.contains("RCPT TO:<owner@shop.test>"), "{received}");
    assert!(received.contains("MAIL FROM:<noreply@shop.test>"), "{received}");
    assert!(received.contains("&lt;b&gt;"), "the HTML part escapes what was typed: {received}");

    // The outbox records the delivery.
    let pool = app.pool().await;
    let mut sent = None;
    for _ in 0..50 {
        let row: (Option<String>, Option<String>, String) =
            pool.raw_rows("SELECT sent_at, last_error, recipient FROM outbox", &[]).await.unwrap().remove(0);
        if row.0.is_some() || row.1.is_some() {
            sent = Some(row);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (sent_at, error, recipient) = sent.expect("the outbox row was updated");
    assert_eq!(error, None);
    assert!(sent_at.is_some());
    assert_eq!(recipient, "owner@shop.test");
}

#[tokio::test]
async fn a_shop_owner_imports_a_form_with_the_cli() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("forms.json");
    let run = |file: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
            .args(["forms", "import"])
            .arg(file)
            .arg("--db")
            .arg(&app.db_path)
            .output()
            .unwrap()
    };
    std::fs::write(
        &file,
        r#"{"code": "wholesale", "title": "Оптовый запрос", "phoneMask": false,
            "fields": [{"code": "QUANTITY", "label": "Количество", "type": "number", "required": "Y",
                        "mask": {"min": 10, "max": 10000, "step": 10}},
                       {"code": "BUDGET", "label": "Бюджет", "type": "currency", "required": "N",
                        "mask": {"suffix": " ₽", "digits": 0}}]}"#,
    )
    .unwrap();
    let out = run(&file);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let visitor = app.visitor().await;
    let form = form(&visitor, "wholesale").await;
    assert_eq!(form["fields"][0]["mask"], json!({"min": 10, "max": 10000, "step": 10}));
    assert_eq!(form["useCaptcha"], false);
    let refused = visitor.post("/api/forms/wholesale/captcha", &json!({})).await;
    assert_eq!(refused.status(), 409, "a form without a captcha makes none");
    let answer = submit(&visitor, "wholesale", &json!({"QUANTITY": "15"}), 422).await;
    assert_eq!(error_codes(&answer), [("QUANTITY".into(), "FORMS_NUMBER_INVALID".into())]);
    submit(&visitor, "wholesale", &json!({"QUANTITY": "20", "BUDGET": "150000"}), 200).await;

    std::fs::write(&file, r#"[{"code": "Bad Code", "title": "", "fields": []}]"#).unwrap();
    let out = run(&file);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("forms[0].code") && stderr.contains("FORM_CODE_INVALID"), "{stderr}");
    assert!(stderr.contains("forms[0].fields") && stderr.contains("no form was imported"), "{stderr}");
}
