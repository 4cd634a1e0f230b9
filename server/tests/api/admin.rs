//! Orders worked to the end (issue 37): the back office's API, its roles and sessions, the order life cycle, the
//! shopper's view of it, the status mails through a local SMTP server, the CSV export, and the CLI.

use crate::helpers::{SMALL_FEED, SmtpServer, TestApp, Visitor, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};
use vitrina::config::{CommandDbArgs, LinkArgs, MailArgs, OrdersArgs, OrdersCommand, StaffArgs, StaffCommand};

async fn shop_with(configure: impl FnOnce(&mut vitrina::config::ServeArgs)) -> TestApp {
    let app = spawn_app_with(|args| {
        args.public_url = Some("https://shop.test".into());
        // The tests place many orders from one address.
        args.orders_per_address = 1000;
        configure(args);
    })
    .await;
    app.import(SMALL_FEED).await;
    app
}

fn db_args(app: &TestApp) -> CommandDbArgs {
    CommandDbArgs { db: app.db_path.clone() }
}

fn mail_args(smtp_url: Option<String>) -> MailArgs {
    MailArgs {
        smtp_url,
        mail_from: "Shop <noreply@shop.test>".into(),
        notify_email: None,
        mail_retry_ms: 100,
        mail_attempts: 3,
    }
}

/// Runs `vitrina staff …` through the CLI's code; its output, or its error's text.
async fn staff_cli(app: &TestApp, command: StaffCommand) -> Result<String, String> {
    let mut out = Vec::new();
    let db = app.pool().await;
    let result = vitrina::cli::staff(&db, StaffArgs { command, db: db_args(app) }, &mut out).await;
    result.map(|()| String::from_utf8(out).unwrap()).map_err(|e| e.to_string())
}

/// Runs `vitrina orders …` through the CLI's code.
async fn orders_cli(app: &TestApp, command: OrdersCommand) -> Result<String, String> {
    let mut out = Vec::new();
    let db = app.pool().await;
    let result = vitrina::cli::orders(&db, OrdersArgs { command, db: db_args(app) }, &mut out).await;
    result.map(|()| String::from_utf8(out).unwrap()).map_err(|e| e.to_string())
}

fn links() -> LinkArgs {
    LinkArgs { public_url: "https://shop.test".into() }
}

/// The token of the one-time link the CLI printed (after `#`).
fn link_token(printed: &str) -> String {
    let link = printed.split_whitespace().find(|w| w.contains("/admin/set-password#")).expect("a link");
    assert!(link.starts_with("https://shop.test/admin/set-password#"), "{link}");
    link.split_once('#').unwrap().1.to_owned()
}

/// A browser on the back office: `GET /api/admin/session` for the staff cookie and token.
async fn back_office(app: &TestApp) -> Visitor<'_> {
    let mut visitor = Visitor::with_cookie(app, "", "");
    refresh(&mut visitor).await;
    visitor
}

async fn refresh(visitor: &mut Visitor<'_>) -> Value {
    let response = visitor.get("/api/admin/session").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    visitor.token = body["csrfToken"].as_str().unwrap().to_owned();
    body
}

/// A staff member of `role` made with the CLI, their password set through the one-time link, logged in.
async fn staff<'a>(app: &'a TestApp, email: &str, role: &str) -> Visitor<'a> {
    let printed =
        staff_cli(app, StaffCommand::Add { email: email.into(), role: role.into(), links: links() }).await.unwrap();
    let mut visitor = back_office(app).await;
    let body = json!({"token": link_token(&printed), "password": "correct horse 1"});
    assert_eq!(visitor.post("/api/admin/password", &body).await.status(), 204);
    log_in(&mut visitor, email, "correct horse 1").await;
    visitor
}

async fn log_in(visitor: &mut Visitor<'_>, email: &str, password: &str) {
    refresh(visitor).await;
    let response = visitor.post("/api/admin/login", &json!({"email": email, "password": password})).await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    assert_eq!(refresh(visitor).await["staff"]["email"], email);
}

/// A shopper's order of offer `a`; its number. `language`: the shopper's interface language cookie.
async fn place_order(app: &TestApp, email: Option<&str>, language: &str) -> String {
    let visitor = app.visitor().await;
    let visitor =
        Visitor::with_cookie(app, &format!("{}; vitrina_language={language}", visitor.cookie()), &visitor.token);
    assert_eq!(visitor.post("/api/basket/items", &json!({"offerId": "a", "quantity": 2})).await.status(), 200);
    let body = json!({"name": "Анна Смирнова", "phone": "+7 912 345-67-89", "phoneCountry": "ru",
        "email": email.unwrap_or(""), "city": "Пермь", "deliveryMethod": "pickup", "paymentMethod": "cash"});
    let response = visitor.post("/api/orders", &body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["number"].as_str().unwrap().to_owned()
}

/// The guest link's token from the shopper's confirmation in the outbox.
async fn guest_token(app: &TestApp, number: &str) -> String {
    let texts: Vec<(String,)> = app
        .pool()
        .await
        .raw_rows("SELECT text_body FROM outbox WHERE topic = 'order_confirmation' ORDER BY id", &[])
        .await
        .unwrap();
    let text = texts.iter().map(|t| &t.0).find(|t| t.contains(&format!(" {number} "))).expect("a confirmation");
    let link = text.split_whitespace().find(|w| w.contains("/personal/order/status/#")).expect("the guest link");
    link.split_once('#').unwrap().1.to_owned()
}

async fn set_status(staff: &Visitor<'_>, number: &str, body: Value) -> reqwest::Response {
    staff.post(&format!("/api/admin/orders/{number}/status"), &body).await
}

async fn code(response: reqwest::Response) -> String {
    response.json::<Value>().await.unwrap()["errors"][0]["code"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn every_admin_operation_answers_401_403_or_success_as_the_role_allows() {
    let app = shop_with(|_| {}).await;
    let doc = app.json("/api/openapi.json", 200).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    let owner = staff(&app, "owner@shop.test", "owner").await;
    let shopper = app.visitor().await;
    let anonymous = back_office(&app).await;
    // The operations of the staff's own session answer everyone.
    let public = ["/api/admin/session", "/api/admin/login", "/api/admin/password"];
    let owners_only = ["/api/admin/staff"];
    let mut seen = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin/") || public.contains(&path.as_str()) {
            continue;
        }
        for (method, _) in item.as_object().unwrap() {
            let method: Method = method.to_uppercase().parse().unwrap();
            seen += 1;
            for (who, visitor, allowed) in [
                ("anonymous", &anonymous, None),
                ("shopper", &shopper, None),
                ("manager", &manager, Some(!owners_only.contains(&path.as_str()))),
                ("owner", &owner, Some(true)),
            ] {
                // Each call gets its own order and review, so that a success is possible for every role.
                let number = place_order(&app, Some("anna@example.ru"), "ru").await;
                let review: i64 = app
                    .pool()
                    .await
                    .raw_scalar(
                        "INSERT INTO reviews (rating, name, body, status, created_at, visitor_id)
                         VALUES (5, 'Анна', 'Хорошо', 'pending', '2026-11-28T10:00:00Z', 'v') RETURNING id",
                        &[],
                    )
                    .await
                    .unwrap();
                let url = path.replace("{number}", &number).replace("{id}", &review.to_string());
                let body = (method == Method::POST && path.ends_with("/status"))
                    .then(|| json!({"status": "accepted", "seen": "new"}));
                if path.ends_with("/logout") && who != "anonymous" && who != "shopper" {
                    continue; // Logging out is tested below; here it would end the session the loop goes on with.
                }
                let status = visitor.send(method.clone(), &url, body.as_ref()).await.status().as_u16();
                let expected_ok = match allowed {
                    None => {
                        assert_eq!(status, 401, "{who} {method} {url}");
                        continue;
                    }
                    Some(ok) => ok,
                };
                if expected_ok {
                    assert!((200..300).contains(&status), "{who} {method} {url}: {status}");
                } else {
                    assert_eq!(status, 403, "{who} {method} {url}");
                }
            }
        }
    }
    assert!(seen >= 9, "{seen} back-office operations in the document");
    // A manager's log-out ends their staff session and nothing else.
    assert_eq!(manager.post("/api/admin/logout", &json!({})).await.status(), 204);
    assert_eq!(manager.get("/api/admin/orders").await.status(), 401);
    assert_eq!(owner.get("/api/admin/orders").await.status(), 200);
}

#[tokio::test]
async fn staff_sessions_are_their_own_and_need_their_own_csrf_token() {
    let app = shop_with(|_| {}).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    // The staff cookie is scoped to the back office's API, HttpOnly and SameSite=Strict.
    let response = app.client.post(format!("{}/api/admin/login", app.base)).send().await.unwrap();
    assert_eq!(response.status(), 403, "no token, no log-in");
    let mut fresh = back_office(&app).await;
    let body = json!({"email": "manager@shop.test", "password": "correct horse 1"});
    let login = fresh.post("/api/admin/login", &body).await;
    let cookie =
        login.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect::<Vec<_>>();
    let staff_cookie = cookie.iter().find(|c| c.starts_with("vitrina_staff=")).expect("the staff cookie");
    for part in ["Path=/api/admin", "HttpOnly", "SameSite=Strict"] {
        assert!(staff_cookie.contains(part), "{staff_cookie}");
    }
    refresh(&mut fresh).await;
    // A state change with the shopper's token (or none) is refused.
    let number = place_order(&app, None, "ru").await;
    let shopper = app.visitor().await;
    let forged = Visitor::with_cookie(&app, &manager.cookie(), &shopper.token);
    assert_eq!(set_status(&forged, &number, json!({"status": "accepted", "seen": "new"})).await.status(), 403);
    assert_eq!(set_status(&manager, &number, json!({"status": "accepted", "seen": "new"})).await.status(), 200);
    // Wrong passwords count; the log-in answers like an unknown e-mail.
    let wrong = fresh.post("/api/admin/login", &json!({"email": "manager@shop.test", "password": "nope nope"})).await;
    assert_eq!((wrong.status().as_u16(), code(wrong).await), (401, "AUTH_INVALID_CREDENTIALS".into()));
    let unknown = fresh.post("/api/admin/login", &json!({"email": "who@shop.test", "password": "nope nope"})).await;
    assert_eq!(unknown.status(), 401);
    // A shopper's account of the same e-mail is not staff.
    let mut last = 0;
    for _ in 0..6 {
        last = fresh
            .post("/api/admin/login", &json!({"email": "manager@shop.test", "password": "bad password"}))
            .await
            .status()
            .as_u16();
    }
    assert_eq!(last, 429, "log-ins are limited as the shop's are");
}

#[tokio::test]
async fn the_staff_cli_adds_lists_resets_and_removes_and_keeps_the_last_owner() {
    let app = shop_with(|_| {}).await;
    let mut owner = staff(&app, "owner@shop.test", "owner").await;
    staff_cli(&app, StaffCommand::Add { email: "M@Shop.Test".into(), role: "manager".into(), links: links() })
        .await
        .unwrap();
    let listed = staff_cli(&app, StaffCommand::List { json: false }).await.unwrap();
    assert!(listed.contains("owner@shop.test") && listed.contains("active"), "{listed}");
    assert!(listed.contains("m@shop.test") && listed.contains("password not set"), "{listed}");
    let again =
        staff_cli(&app, StaffCommand::Add { email: "m@shop.test".into(), role: "owner".into(), links: links() });
    assert!(again.await.unwrap_err().contains("staff already"));
    let bad_role =
        staff_cli(&app, StaffCommand::Add { email: "x@shop.test".into(), role: "admin".into(), links: links() });
    assert!(bad_role.await.unwrap_err().contains("not a role"));
    // The owner sees the staff list.
    let list: Value = owner.get("/api/admin/staff").await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 2);
    // A reset link sets a new password and ends the member's sessions; a used link does not work twice.
    let printed =
        staff_cli(&app, StaffCommand::ResetPassword { email: "owner@shop.test".into(), links: links() }).await.unwrap();
    let token = link_token(&printed);
    let helper = back_office(&app).await;
    let body = json!({"token": token, "password": "another horse 2"});
    assert_eq!(helper.post("/api/admin/password", &body).await.status(), 204);
    let used = helper.post("/api/admin/password", &body).await;
    assert_eq!((used.status().as_u16(), code(used).await), (400, "STAFF_LINK_INVALID".into()));
    assert_eq!(owner.get("/api/admin/orders").await.status(), 401, "the old session ended");
    log_in(&mut owner, "owner@shop.test", "another horse 2").await;
    // The last owner stays; a manager goes, and their session with them.
    let last = staff_cli(&app, StaffCommand::Remove { email: "owner@shop.test".into() }).await;
    assert!(last.unwrap_err().contains("last owner"));
    let manager = staff(&app, "boss2@shop.test", "manager").await;
    staff_cli(&app, StaffCommand::Remove { email: "boss2@shop.test".into() }).await.unwrap();
    assert_eq!(manager.get("/api/admin/orders").await.status(), 401);
}

#[tokio::test]
async fn forbidden_moves_answer_409_with_their_codes_and_the_shopper_sees_each_step() {
    let app = shop_with(|_| {}).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    let number = place_order(&app, Some("anna@example.ru"), "ru").await;
    let steps = [("accepted", "new"), ("paid", "accepted"), ("shipped", "paid")];
    for (to, seen) in steps {
        let comment = format!("на шаг {to}");
        let body = json!({"status": to, "seen": seen, "comment": comment});
        assert_eq!(set_status(&manager, &number, body).await.status(), 200, "{seen} → {to}");
    }
    for (to, seen, expected) in [
        ("accepted", "shipped", "ORDER_STATUS_BACKWARDS"),
        ("shipped", "shipped", "ORDER_STATUS_SAME"),
        ("new", "shipped", "ORDER_STATUS_BACKWARDS"),
    ] {
        let response = set_status(&manager, &number, json!({"status": to, "seen": seen})).await;
        assert_eq!((response.status().as_u16(), code(response).await), (409, expected.to_owned()), "→ {to}");
    }
    assert_eq!(set_status(&manager, &number, json!({"status": "completed", "seen": "shipped"})).await.status(), 200);
    for to in ["cancelled", "new", "shipped"] {
        let response = set_status(&manager, &number, json!({"status": to, "seen": "completed"})).await;
        assert_eq!((response.status().as_u16(), code(response).await), (409, "ORDER_STATUS_FINAL".into()), "→ {to}");
    }
    let cancelled = place_order(&app, None, "ru").await;
    assert_eq!(set_status(&manager, &cancelled, json!({"status": "cancelled", "seen": "new"})).await.status(), 200);
    let response = set_status(&manager, &cancelled, json!({"status": "accepted", "seen": "cancelled"})).await;
    assert_eq!(code(response).await, "ORDER_STATUS_FINAL");
    // Bad input is a 4xx naming the field.
    let long = "я".repeat(1001);
    let response = set_status(&manager, &number, json!({"status": "paid", "seen": "new", "comment": long})).await;
    assert_eq!(response.status(), 422);
    assert_eq!(set_status(&manager, &number, json!({"status": "lost", "seen": "new"})).await.status(), 400);
    assert_eq!(set_status(&manager, "999999", json!({"status": "paid", "seen": "new"})).await.status(), 404);

    // The guest page shows each applied step with the shop's comments; a wrong or empty token is a 404.
    let token = guest_token(&app, &number).await;
    let shown: Value = app.json(&format!("/api/orders/guest/{token}"), 200).await;
    assert_eq!(shown["status"], "completed");
    let history: Vec<(&str, &str)> = shown["statusHistory"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["status"].as_str().unwrap(), s["comment"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(
        history,
        [("accepted", "на шаг accepted"), ("paid", "на шаг paid"), ("shipped", "на шаг shipped"), ("completed", "")]
    );
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('A') { "B" } else { "A" });
    for bad in [wrong.as_str(), "x", "%20"] {
        let response = app.get(&format!("/api/orders/guest/{bad}")).await;
        assert_eq!((response.status().as_u16(), code(response).await), (404, "ORDER_NOT_FOUND".into()), "{bad}");
    }
    assert_eq!(app.get("/api/orders/guest/").await.status(), 404);
    // The back office sees the whole history and who made each change.
    let page: Value = manager.get(&format!("/api/admin/orders/{number}")).await.json().await.unwrap();
    assert_eq!(page["history"].as_array().unwrap().len(), 4);
    assert_eq!(page["history"][0]["actor"], "manager@shop.test");
    assert_eq!(page["next"], json!([]));
}

#[tokio::test]
async fn two_staff_changing_one_order_at_once_one_wins_and_the_history_keeps_both() {
    let app = shop_with(|_| {}).await;
    let first = staff(&app, "first@shop.test", "manager").await;
    let second = staff(&app, "second@shop.test", "owner").await;
    for _ in 0..5 {
        let number = place_order(&app, None, "ru").await;
        let a = set_status(&first, &number, json!({"status": "shipped", "seen": "new", "comment": "A"}));
        let b = set_status(&second, &number, json!({"status": "cancelled", "seen": "new", "comment": "B"}));
        let (a, b) = tokio::join!(a, b);
        let mut statuses = [a.status().as_u16(), b.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409]);
        let loser = if a.status() == 409 { a } else { b };
        assert_eq!(code(loser).await, "ORDER_STATUS_CHANGED");
        let page: Value = first.get(&format!("/api/admin/orders/{number}")).await.json().await.unwrap();
        let outcomes: Vec<&str> =
            page["history"].as_array().unwrap().iter().map(|h| h["outcome"].as_str().unwrap()).collect();
        assert_eq!(outcomes, ["applied", "ORDER_STATUS_CHANGED"]);
        let winner = &page["history"][0];
        assert_eq!(page["status"], winner["to"], "the order has the winner's status");
        assert_ne!(page["history"][1]["actor"], winner["actor"]);
    }
}

#[tokio::test]
async fn orders_are_listed_filtered_searched_paged_and_counted() {
    let app = shop_with(|_| {}).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    let mut numbers = Vec::new();
    for _ in 0..3 {
        numbers.push(place_order(&app, Some("anna@example.ru"), "ru").await);
    }
    let db = app.pool().await;
    db.raw_execute(
        "UPDATE orders SET name = 'Пётр Иванов', phone = '+7 495 111-22-33', phone_digits = '74951112233',
             search_text = $1, created_at = '2026-01-15T10:00:00Z' WHERE number = $2",
        &[format!("{} пётр иванов", numbers[0]).into(), (&numbers[0]).into()],
    )
    .await
    .unwrap();
    set_status(&manager, &numbers[1], json!({"status": "accepted", "seen": "new"})).await;
    let list = |query: &'static str| {
        let manager = &manager;
        async move { manager.get(&format!("/api/admin/orders{query}")).await.json::<Value>().await.unwrap() }
    };
    let all = list("").await;
    assert_eq!(all["total"], 3);
    let order_numbers: Vec<&str> =
        all["items"].as_array().unwrap().iter().map(|o| o["number"].as_str().unwrap()).collect();
    assert_eq!(order_numbers, [numbers[2].as_str(), &numbers[1], &numbers[0]], "newest first");
    assert_eq!(all["counts"]["new"], 2);
    assert_eq!(all["counts"]["accepted"], 1);
    assert_eq!(all["counts"]["shipped"], 0);
    let accepted = list("?status=accepted").await;
    assert_eq!((accepted["total"].clone(), accepted["items"][0]["number"].clone()), (json!(1), json!(numbers[1])));
    assert_eq!(accepted["counts"]["new"], 2, "the tabs' counts leave the status filter out");
    // By phone (any spelling of its digits), by name in any case, by e-mail.
    for query in [
        "?q=495%20111",
        "?q=%2B7(495)1112233",
        "?q=%D0%9F%D0%81%D0%A2%D0%A0",
        "?q=%D0%B8%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2",
    ] {
        let found = list(query).await;
        assert_eq!(found["total"], 1, "{query}");
        assert_eq!(found["items"][0]["number"], numbers[0].as_str(), "{query}");
    }
    assert_eq!(list("?q=anna%40example").await["total"], 2);
    assert_eq!(list("?q=nobody").await["total"], 0);
    // By date: the January order only, in the staff member's own offset.
    let january = list("?from=2026-01-15T00:00:00%2B03:00&to=2026-01-16T00:00:00%2B03:00").await;
    assert_eq!(january["total"], 1);
    // Paging.
    let second_page = list("?perPage=2&page=2").await;
    assert_eq!((second_page["items"].as_array().unwrap().len(), second_page["total"].clone()), (1, json!(3)));
    for bad in ["?status=lost", "?from=yesterday", "?perPage=1000", "?page=0"] {
        let response = manager.get(&format!("/api/admin/orders{bad}")).await;
        assert_eq!((response.status().as_u16(), code(response).await), (400, "QUERY_INVALID".into()), "{bad}");
    }
}

#[tokio::test]
async fn the_csv_export_of_10000_orders_streams_with_a_bom() {
    let app = shop_with(|_| {}).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    let number = place_order(&app, Some("anna@example.ru"), "ru").await;
    // 9,999 more orders, as the checkout writes their rows.
    app.pool()
        .await
        .raw_execute(
            "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 9999)
             INSERT INTO orders (id, number, visitor_id, status, name, phone, phone_country, email, city,
                 delivery_method, payment_method, currency_id, total_minor, created_at, updated_at, phone_digits,
                 search_text)
             SELECT o.id + g.n, CAST(o.id + g.n AS TEXT), 'v', 'new', 'Покупатель, \"тест\"', o.phone, 'ru', NULL,
                    o.city, 'pickup', 'cash', 'RUB', 12345, o.created_at, o.created_at, o.phone_digits, ''
             FROM orders o CROSS JOIN g WHERE o.number = $1",
            &[(&number).into()],
        )
        .await
        .unwrap();
    let response = manager.get("/api/admin/orders.csv").await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert!(headers["content-disposition"].to_str().unwrap().contains("orders.csv"));
    assert!(headers.get("content-length").is_none(), "streamed, not built whole: {headers:?}");
    let mut body = response.bytes_stream();
    let mut bytes = Vec::new();
    let mut chunks = 0;
    while let Some(chunk) = futures::StreamExt::next(&mut body).await {
        bytes.extend_from_slice(&chunk.unwrap());
        chunks += 1;
    }
    assert!(chunks > 10, "{chunks} chunks");
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "a byte order mark for Excel");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(reader.headers().unwrap().get(0), Some("number"));
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 10_000);
    assert_eq!(rows[0].get(0), Some(number.as_str()), "oldest first");
    assert_eq!(rows[1].get(3), Some("Покупатель, \"тест\""), "quoted as CSV quotes");
    assert_eq!(rows[1].get(11), Some("123.45"));
    // A date range in the future exports the header alone.
    let empty = manager.get("/api/admin/orders.csv?from=2099-01-01T00:00:00Z").await.bytes().await.unwrap();
    assert_eq!(String::from_utf8(empty[3..].to_vec()).unwrap().lines().count(), 1);
    // Compressed for a client that asks (schemathesis found the stream polled once past its end there: a panic).
    let url = format!("{}/api/admin/orders.csv?from=2099-01-01T00:00:00Z", app.base);
    let request = app.client.get(url).header("cookie", manager.cookie()).header("accept-encoding", "gzip");
    let compressed = request.send().await.unwrap();
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    assert!(!compressed.bytes().await.unwrap().is_empty(), "the whole compressed answer arrives");
}

#[tokio::test]
async fn a_status_change_mails_the_shopper_in_the_orders_language_and_the_account_shows_it() {
    let smtp = SmtpServer::start(0).await;
    let url = smtp.url.clone();
    let app = shop_with(move |args| args.mail = mail_args(Some(url))).await;
    let manager = staff(&app, "manager@shop.test", "manager").await;
    // An English shopper with an account.
    let shopper = app.visitor().await;
    let mut shopper = Visitor::with_cookie(&app, &format!("{}; vitrina_language=en", shopper.cookie()), &shopper.token);
    let register = crate::accounts::registration("ann@example.com");
    let response = shopper.post("/api/auth/register", &register).await;
    assert_eq!(response.status(), 201);
    shopper.refresh().await;
    assert_eq!(shopper.post("/api/basket/items", &json!({"offerId": "a"})).await.status(), 200);
    let body = json!({"name": "Ann", "phone": "+7 912 345-67-89", "phoneCountry": "ru", "email": "ann@example.com",
        "city": "Perm", "deliveryMethod": "pickup", "paymentMethod": "cash"});
    let placed: Value = shopper.post("/api/orders", &body).await.json().await.unwrap();
    let number = placed["number"].as_str().unwrap().to_owned();
    smtp.wait_for(1).await;
    let (to, subject, text) = smtp.decoded().remove(0);
    assert_eq!(to, "ann@example.com");
    assert_eq!(
        subject,
        format!("Vitrina demo shop: your order No. {number} is placed")
            .replace("Vitrina demo shop", &shop_name(&app).await)
    );
    assert!(text.contains(&format!("https://shop.test/personal/orders/{number}/")), "{text}");

    let change = json!({"status": "shipped", "seen": "new", "comment": "Track number RA123", "notify": true});
    let page: Value = set_status(&manager, &number, change).await.json().await.unwrap();
    assert_eq!(page["history"][0]["mailed"], true);
    smtp.wait_for(2).await;
    let (to, subject, text) = smtp.decoded().remove(1);
    assert_eq!(to, "ann@example.com");
    assert!(subject.ends_with(&format!("order No. {number}: shipped")), "in English, as ordered: {subject}");
    assert!(text.contains("is now: Shipped.") && text.contains("The shop's comment: Track number RA123"), "{text}");
    assert!(text.contains(&format!("https://shop.test/personal/orders/{number}/")), "the account's page: {text}");
    // Without `notify` nobody is mailed.
    let quiet = json!({"status": "completed", "seen": "shipped"});
    assert_eq!(set_status(&manager, &number, quiet).await.status(), 200);
    // The shopper's account shows the status and the comment.
    let shown: Value = shopper.get(&format!("/api/orders/{number}")).await.json().await.unwrap();
    assert_eq!(shown["status"], "completed");
    assert_eq!(shown["statusHistory"][0]["status"], "shipped");
    assert_eq!(shown["statusHistory"][0]["comment"], "Track number RA123");
    let mine: Value = shopper.get("/api/me/orders").await.json().await.unwrap();
    assert_eq!(mine["items"][0]["status"], "completed", "{mine}");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(smtp.received().len(), 2);

    // A Russian guest's status mail speaks Russian and links the guest page.
    let guest = place_order(&app, Some("anna@example.ru"), "ru").await;
    let change = json!({"status": "accepted", "seen": "new", "notify": true});
    assert_eq!(set_status(&manager, &guest, change).await.status(), 200);
    smtp.wait_for(4).await;
    let (to, subject, text) = smtp.decoded().remove(3);
    assert_eq!(to, "anna@example.ru");
    assert!(subject.ends_with(&format!("заказ № {guest}: принят")), "{subject}");
    assert!(text.contains("Статус вашего заказа") && text.contains("Принят"), "{text}");
}

async fn shop_name(app: &TestApp) -> String {
    vitrina::db::shop::name_or_default(&app.pool().await).await.unwrap()
}

#[tokio::test]
async fn a_failed_send_is_retried_and_then_shown_as_failed() {
    // The server refuses the first two attempts: the third gets through.
    let smtp = SmtpServer::start(2).await;
    let url = smtp.url.clone();
    let app = shop_with(move |args| args.mail = mail_args(Some(url))).await;
    place_order(&app, Some("anna@example.ru"), "ru").await;
    let mails = smtp.wait_for(1).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(smtp.attempts(), 3);
    let rows: Vec<(i64, Option<String>, Option<String>)> = app
        .pool()
        .await
        .raw_rows("SELECT attempts, sent_at, failed_at FROM outbox WHERE recipient = 'anna@example.ru'", &[])
        .await
        .unwrap();
    assert_eq!((rows[0].0, rows[0].1.is_some(), rows[0].2.is_some()), (3, true, false));

    // A server that refuses everything: after the last of three attempts the mail is given up, with the reason.
    let refusing = SmtpServer::start(usize::MAX).await;
    let url = refusing.url.clone();
    let app = shop_with(move |args| args.mail = mail_args(Some(url))).await;
    place_order(&app, Some("anna@example.ru"), "ru").await;
    let mut report = String::new();
    for _ in 0..100 {
        let mut out = Vec::new();
        let db = app.pool().await;
        let args = vitrina::config::MailCommandArgs {
            command: vitrina::config::MailCommand::Status { json: false, retry_failed: false },
            db: db_args(&app),
        };
        vitrina::cli::mail(&db, args, &mut out).await.unwrap();
        report = String::from_utf8(out).unwrap();
        if report.contains("failed:   1") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(report.contains("failed:   1"), "{report}");
    assert!(report.contains("3 attempt(s)") && report.contains("451"), "the reason is shown: {report}");
    assert_eq!(refusing.attempts(), 3);
    // The back office shows it too.
    let owner = staff(&app, "owner@shop.test", "owner").await;
    let state: Value = owner.get("/api/admin/state").await.json().await.unwrap();
    assert_eq!(state["mail"]["failed"], 1);
    assert!(state["unsentMail"][0]["lastError"].as_str().unwrap().contains("451"));
}

#[tokio::test]
async fn the_orders_cli_lists_shows_and_sets_statuses_by_the_same_rules() {
    let smtp = SmtpServer::start(0).await;
    let url = smtp.url.clone();
    let app = shop_with(move |args| args.mail = mail_args(Some(url))).await;
    let number = place_order(&app, Some("anna@example.ru"), "ru").await;
    smtp.wait_for(1).await;
    let listed = orders_cli(
        &app,
        OrdersCommand::List {
            status: Some("new".into()),
            from: None,
            to: None,
            search: Some("912 345".into()),
            limit: 10,
            json: true,
        },
    )
    .await
    .unwrap();
    assert_eq!(listed.lines().count(), 1);
    assert_eq!(serde_json::from_str::<Value>(listed.lines().next().unwrap()).unwrap()["number"], number.as_str());
    let set = |status: &str, notify: bool| OrdersCommand::SetStatus {
        number: number.clone(),
        status: status.into(),
        comment: Some("по телефону".into()),
        notify,
        links: links(),
    };
    let done = orders_cli(&app, set("accepted", true)).await.unwrap();
    assert!(done.contains("new → accepted") && done.contains("outbox message"), "{done}");
    // The CLI queues the mail; the serving shop mails it under its own SMTP settings.
    smtp.wait_for(2).await;
    let (to, subject, text) = smtp.decoded().remove(1);
    assert_eq!(to, "anna@example.ru");
    assert!(subject.ends_with(&format!("заказ № {number}: принят")), "{subject}");
    assert!(text.contains("по телефону"), "{text}");
    let refused = orders_cli(&app, set("new", false)).await.unwrap_err();
    assert!(refused.contains("ORDER_STATUS_BACKWARDS"), "{refused}");
    assert!(orders_cli(&app, set("lost", false)).await.unwrap_err().contains("not an order status"));
    let shown = orders_cli(&app, OrdersCommand::Show { number: number.clone(), json: false }).await.unwrap();
    assert!(shown.contains("new → accepted  by cli") && shown.contains("по телефону"), "{shown}");
    assert!(shown.contains("Анна Смирнова"), "{shown}");
    let bad_day =
        OrdersCommand::List {
            status: None, from: Some("вчера".into()), to: None, search: None, limit: 1, json: false
        };
    assert!(orders_cli(&app, bad_day).await.unwrap_err().contains("neither a day"));
}

#[tokio::test]
async fn the_back_office_page_is_never_indexed_cached_or_listed() {
    let app = shop_with(|_| {}).await;
    for path in ["/admin/", "/admin/orders/1", "/admin/set-password"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["x-robots-tag"], "noindex", "{path}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"), "{path}");
        assert!(!html.contains("vitrina-state"), "drawn in the browser only: {path}");
    }
    let api = app.get("/api/admin/session").await;
    assert_eq!(
        (api.headers()["x-robots-tag"].to_str().unwrap(), api.headers()["cache-control"].to_str().unwrap()),
        ("noindex", "no-store")
    );
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains("Disallow: /admin/"), "{robots}");
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(!sitemap.contains("/admin"), "{sitemap}");
}
