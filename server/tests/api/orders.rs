//! Orders (issue 6): the basket becomes an order in one transaction (prices from the catalogue, lines snapshot,
//! the wishlist stays), validation with every field at once, empty and unavailable baskets refused, a failure
//! inside the transaction changes nothing, orders are the placing session's, the owner is notified.

use crate::helpers::{SMALL_FEED, TestApp, Visitor, on_postgres, spawn_app, spawn_app_with};
use serde_json::{Value, json};

/// The small test feed (a: 1480 RUB with a picture and vendor code A-1, b: 3.54 RUB, c: out of stock), with the
/// owner's address configured.
async fn shop() -> TestApp {
    let app = spawn_app_with(|args| args.mail.notify_email = Some("owner@shop.test".into())).await;
    app.import(SMALL_FEED).await;
    app
}

async fn add(visitor: &Visitor<'_>, offer_id: &str, quantity: i64, delay: bool) {
    let body = json!({"offerId": offer_id, "quantity": quantity, "delay": delay});
    let response = visitor.post("/api/basket/items", &body).await;
    assert_eq!(response.status(), 200, "add {body}");
}

fn checkout() -> Value {
    json!({
        "name": "Иван <b>Петров</b>",
        "phone": "+7 912 345-67-89",
        "phoneCountry": "ru",
        "email": "ivan@example.ru",
        "city": "Пермь",
        "address": "ул. Ленина, 1",
        "deliveryMethod": "courier",
        "paymentMethod": "card_on_delivery",
        "comment": "Позвоните за час"
    })
}

async fn order(visitor: &Visitor<'_>, body: &Value, status: u16) -> Value {
    let response = visitor.post("/api/orders", body).await;
    assert_eq!(response.status().as_u16(), status, "POST /api/orders {body}");
    response.json().await.unwrap()
}

/// `(offer id, quantity, delay)` of the visitor's basket lines, oldest first.
async fn basket(visitor: &Visitor<'_>) -> Vec<(String, i64, bool)> {
    let body: Value = visitor.get("/api/basket").await.json().await.unwrap();
    body["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let id = l["offer"]["id"].as_str().unwrap().to_owned();
            (id, l["quantity"].as_i64().unwrap(), l["delay"].as_bool().unwrap())
        })
        .collect()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    let pool = app.pool().await;
    let n = pool.raw_scalar(&format!("SELECT count(*) FROM {table}"), &[]).await.unwrap();
    pool.close().await;
    n
}

#[tokio::test]
async fn placing_an_order_needs_the_csrf_token() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    let url = format!("{}/api/orders", app.base);
    let response = app.client.post(url).header("cookie", visitor.cookie()).json(&checkout()).send().await.unwrap();
    assert_eq!(response.status(), 403);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "CSRF_TOKEN_INVALID");
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(basket(&visitor).await, [("a".into(), 1, false)]);
}

#[tokio::test]
async fn the_basket_becomes_an_order_and_the_wishlist_stays() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 2, false).await;
    add(&visitor, "b", 3, false).await;
    add(&visitor, "c", 1, true).await;

    let placed = order(&visitor, &checkout(), 201).await;
    assert_eq!(placed, json!({"number": "1"}), "the first order's number is its id");

    // Prices come from the catalogue; 2 × 1480 + 3 × 3.54 = 2970.62.
    let response = visitor.get("/api/orders/1").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let mut shown: Value = response.json().await.unwrap();
    assert!(shown["createdAt"].as_str().unwrap().ends_with('Z'), "{shown}");
    assert_eq!(shown["updatedAt"], shown["createdAt"], "no status change yet");
    shown["createdAt"] = Value::Null;
    shown["updatedAt"] = Value::Null;
    assert_eq!(
        shown,
        json!({
            "number": "1", "status": "new", "createdAt": null, "updatedAt": null, "statusHistory": [],
            "name": "Иван <b>Петров</b>", "phone": "+7 912 345-67-89", "email": "ivan@example.ru", "city": "Пермь",
            "address": "ул. Ленина, 1", "deliveryMethod": "courier", "paymentMethod": "card_on_delivery",
            "comment": "Позвоните за час",
            "lines": [
                {"offerId": "a", "name": "Конструктор Ёлка", "vendorCode": "A-1",
                 "url": "/catalog/dereviannye-konstruktory/konstruktor-elka/", "picture": null,
                 "price": 1480, "quantity": 2, "sum": 2960},
                {"offerId": "b", "name": "Альфа", "vendorCode": null, "url": "/catalog/konstruktory/alfa/",
                 "picture": null, "price": 3.54, "quantity": 3, "sum": 10.62}
            ],
            "total": 2970.62, "currencyId": "RUB"
        })
    );

    // The basket keeps only the wishlist line; the mini cart is empty.
    assert_eq!(basket(&visitor).await, [("c".into(), 1, true)]);
    let summary: Value = visitor.get("/api/basket/summary").await.json().await.unwrap();
    assert_eq!((summary["count"].clone(), summary["delayCount"].clone()), (json!(0), json!(1)));

    // The lines are a snapshot: the catalogue's later changes do not alter the order.
    let pool = app.pool().await;
    pool.raw_execute("UPDATE offers SET price_minor = 99900, name = 'Другое' WHERE id = 'a'", &[]).await.unwrap();
    let shown: Value = visitor.get("/api/orders/1").await.json().await.unwrap();
    assert_eq!(
        (shown["lines"][0]["name"].clone(), shown["lines"][0]["price"].clone()),
        (json!("Конструктор Ёлка"), json!(1480))
    );

    // The owner is notified, the shopper gets a confirmation; typed values are escaped in the HTML.
    let messages: Vec<(String, Option<String>, String, String, String)> = pool
        .raw_rows("SELECT topic, recipient, subject, text_body, html_body FROM outbox ORDER BY id", &[])
        .await
        .unwrap();
    assert_eq!(messages.len(), 2, "{messages:?}");
    let (topic, recipient, subject, text, html) = &messages[0];
    assert_eq!((topic.as_str(), recipient.as_deref()), ("order", Some("owner@shop.test")));
    assert!(subject.contains("заказ № 1"), "{subject}");
    for part in
        ["Конструктор Ёлка (арт. A-1): 1480 RUB × 2 = 2960 RUB", "Итого: 2970.62 RUB", "Телефон: +7 912 345-67-89"]
    {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    // minijinja's HTML escaping writes `/` as `&#x2f;` too.
    assert!(html.contains("Иван &lt;b&gt;Петров&lt;&#x2f;b&gt;"), "{html}");
    let link = "https://shop.test/catalog/dereviannye-konstruktory/konstruktor-elka/";
    assert!(text.contains(link) && html.contains(&link.replace('/', "&#x2f;")), "{html}");
    assert!(text.contains("https://shop.test/admin/orders/1"), "the owner's mail links the back office: {text}");
    let (topic, recipient, _, text, html) = &messages[1];
    assert_eq!((topic.as_str(), recipient.as_deref()), ("order_confirmation", Some("ivan@example.ru")));
    // The confirmation goes to an address nobody checked: none of the text typed at checkout rides along.
    assert!(text.contains("Итого: 2970.62 RUB") && text.contains("+7 912 345-67-89"), "{text}");
    // It links the guest page of the order, the token in the fragment (issue 37).
    assert!(text.contains("Статус заказа: https://shop.test/personal/order/status/#"), "{text}");
    for typed in ["Петров", "Пермь", "Ленина", "Позвоните"] {
        assert!(!text.contains(typed) && !html.contains(typed), "{typed:?} in the shopper's confirmation: {text}");
    }

    // The next order gets the next number; without an e-mail only the owner hears of it.
    add(&visitor, "b", 1, false).await;
    let mut body = checkout();
    body["email"] = json!("");
    body["deliveryMethod"] = json!("pickup");
    assert_eq!(order(&visitor, &body, 201).await, json!({"number": "2"}));
    let shown: Value = visitor.get("/api/orders/2").await.json().await.unwrap();
    assert_eq!(
        (shown["email"].clone(), shown["address"].clone()),
        (Value::Null, Value::Null),
        "pickup keeps no address"
    );
    assert_eq!(count(&app, "outbox").await, 3);
}

#[tokio::test]
async fn an_order_is_shown_only_to_the_session_that_placed_it() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    order(&visitor, &checkout(), 201).await;

    let other = app.visitor().await;
    let response = other.get("/api/orders/1").await;
    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["errors"][0]["code"], "ORDER_NOT_FOUND");
    // Without a session: 404, and no session is started.
    let response = app.get("/api/orders/1").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers().get("set-cookie").is_none());
    assert_eq!(visitor.get("/api/orders/2").await.status(), 404);
    assert_eq!(visitor.get("/api/orders/1").await.status(), 200);
}

#[tokio::test]
async fn an_empty_basket_cannot_be_ordered() {
    let app = shop().await;
    let visitor = app.visitor().await;
    let body = order(&visitor, &checkout(), 409).await;
    assert_eq!(
        body["errors"],
        json!([{"code": "BASKET_EMPTY", "field": "basket", "detail": body["errors"][0]["detail"]}])
    );
    // A wishlist alone is not ordered either.
    add(&visitor, "a", 1, true).await;
    assert_eq!(order(&visitor, &checkout(), 409).await["errors"][0]["code"], "BASKET_EMPTY");
    assert_eq!(basket(&visitor).await, [("a".into(), 1, true)]);
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn validation_names_every_field_at_once() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    let body = json!({"name": " ", "phone": "+7 912 345", "email": "ivan@", "city": "Пермь",
        "deliveryMethod": "courier", "paymentMethod": "crypto"});
    let answer = order(&visitor, &body, 422).await;
    let problems: Vec<(&str, &str)> = answer["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        problems,
        [
            ("name", "FORMS_NOT_EMPTY_INVALID"),
            ("phone", "FORMS_PHONE_WRONG"),
            ("email", "FORMS_EMAIL_INVALID"),
            ("address", "FORMS_NOT_EMPTY_INVALID"),
            ("paymentMethod", "ORDER_PAYMENT_INVALID"),
        ]
    );
    let mut long = checkout();
    long["comment"] = json!("я".repeat(2001));
    assert_eq!(order(&visitor, &long, 422).await["errors"][0]["code"], "FORMS_VALUE_TOO_LONG");
    // Not JSON, or a value that is not a string: 400 BODY_INVALID.
    let mut numeric = checkout();
    numeric["name"] = json!(5);
    assert_eq!(order(&visitor, &numeric, 400).await["errors"][0]["code"], "BODY_INVALID");
    let response = visitor.post_raw("/api/orders", "application/json", "{").await;
    assert_eq!(response.status(), 400);
    assert_eq!(basket(&visitor).await, [("a".into(), 1, false)], "nothing was ordered");
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn an_offer_out_of_stock_refuses_the_order_and_keeps_the_basket() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 2, false).await;
    add(&visitor, "b", 1, false).await;
    let pool = app.pool().await;
    pool.raw_execute("UPDATE offers SET available = FALSE WHERE id IN ('a', 'b')", &[]).await.unwrap();

    let body = order(&visitor, &checkout(), 409).await;
    let errors = body["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "one item per offer: {body}");
    for (error, (id, name)) in errors.iter().zip([("a", "Конструктор Ёлка"), ("b", "Альфа")]) {
        assert_eq!((error["code"].as_str(), error["field"].as_str()), (Some("OFFER_UNAVAILABLE"), Some("offerId")));
        let detail = error["detail"].as_str().unwrap();
        assert!(detail.contains(name) && detail.contains(&format!("offer {id}")), "{detail}");
    }
    assert_eq!(basket(&visitor).await, [("a".into(), 2, false), ("b".into(), 1, false)]);
    assert_eq!(count(&app, "orders").await, 0);

    // Back in stock: the same basket is ordered.
    pool.raw_execute("UPDATE offers SET available = TRUE", &[]).await.unwrap();
    order(&visitor, &checkout(), 201).await;
}

#[tokio::test]
async fn an_offer_gone_from_the_catalogue_is_named_once_then_dropped() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    add(&visitor, "b", 2, false).await;
    // A new feed without offer b: the basket hides b's line (the shopper cannot see or remove it).
    app.import(&SMALL_FEED.replace("<offer id=\"b\"", "<offer id=\"b2\"")).await;
    assert_eq!(basket(&visitor).await, [("a".into(), 1, false)]);

    let body = order(&visitor, &checkout(), 409).await;
    assert_eq!(body["errors"].as_array().unwrap().len(), 1, "{body}");
    assert_eq!(body["errors"][0]["code"], "OFFER_UNAVAILABLE");
    assert!(body["errors"][0]["detail"].as_str().unwrap().contains("no longer in the catalogue"), "{body}");
    assert_eq!(count(&app, "orders").await, 0);
    // The shopper was told; the next attempt orders what the basket shows.
    order(&visitor, &checkout(), 201).await;
    let shown: Value = visitor.get("/api/orders/1").await.json().await.unwrap();
    assert_eq!(shown["lines"].as_array().unwrap().len(), 1);
    assert_eq!(shown["total"], 1480);
}

#[tokio::test]
async fn a_failure_inside_the_transaction_leaves_the_basket_untouched() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 2, false).await;
    add(&visitor, "b", 1, false).await;
    add(&visitor, "c", 1, true).await;
    let pool = app.pool().await;
    // The same trigger in each database's dialect (PostgreSQL's runs a function).
    let create: &[&str] = if on_postgres() {
        &[
            "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$",
            "CREATE TRIGGER boom BEFORE INSERT ON order_lines FOR EACH ROW WHEN (NEW.position = 2) EXECUTE FUNCTION boom()",
        ]
    } else {
        &[
            "CREATE TRIGGER boom BEFORE INSERT ON order_lines WHEN NEW.position = 2 BEGIN SELECT RAISE(ABORT, 'boom'); END",
        ]
    };
    for sql in create {
        pool.raw_execute(sql, &[]).await.unwrap();
    }

    let body = order(&visitor, &checkout(), 500).await;
    assert_eq!(body["errors"][0]["code"], "INTERNAL");
    // The order row and the first line were written before the failure: both are rolled back.
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(count(&app, "order_lines").await, 0);
    assert_eq!(basket(&visitor).await, [("a".into(), 2, false), ("b".into(), 1, false), ("c".into(), 1, true)]);
    assert_eq!(count(&app, "outbox").await, 0, "nobody is told of an order that does not exist");

    // The failed transaction left no lock behind.
    pool.raw_execute(if on_postgres() { "DROP TRIGGER boom ON order_lines" } else { "DROP TRIGGER boom" }, &[])
        .await
        .unwrap();
    assert_eq!(order(&visitor, &checkout(), 201).await, json!({"number": "1"}));
}

#[tokio::test]
async fn a_notification_that_cannot_be_written_does_not_fail_the_order() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    let pool = app.pool().await;
    let create: &[&str] = if on_postgres() {
        &[
            "CREATE FUNCTION no_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
            "CREATE TRIGGER no_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION no_mail()",
        ]
    } else {
        &["CREATE TRIGGER no_mail BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END"]
    };
    for sql in create {
        pool.raw_execute(sql, &[]).await.unwrap();
    }
    assert_eq!(order(&visitor, &checkout(), 201).await, json!({"number": "1"}));
    assert_eq!(visitor.get("/api/orders/1").await.status(), 200);
    assert_eq!(basket(&visitor).await, []);
}

#[tokio::test]
async fn two_checkouts_of_one_basket_make_one_order() {
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    let body = checkout();
    let (first, second) = tokio::join!(visitor.post("/api/orders", &body), visitor.post("/api/orders", &body));
    let mut statuses = [first.status().as_u16(), second.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409]);
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "order_lines").await, 1);
}

#[tokio::test]
async fn orders_are_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc = app.json("/api/openapi.json", 200).await;
    assert!(doc["paths"]["/api/orders"]["post"].is_object());
    assert!(doc["paths"]["/api/orders/{number}"]["get"].is_object());
}

#[tokio::test]
async fn a_price_past_the_cap_is_skipped_at_import_and_an_overflowing_total_is_a_409_not_a_500() {
    // Issue 20: 999,999,999,999,999.99 RUB was imported, 999 of it showed a saturated sum in the mini cart, and a
    // checkout of 93 answered 500.
    let app = shop().await;
    let feed = SMALL_FEED.replace("<price>1480</price>", "<price>999999999999999.99</price>");
    let summary = app.import(&feed).await;
    assert!(summary.skipped.iter().any(|s| s.offer_id.as_deref() == Some("a") && s.reason.contains("does not fit")));

    // An offer priced before the cap existed (an older import): the total overflows i64 and the order is refused.
    app.import(SMALL_FEED).await;
    let pool = app.pool().await;
    pool.raw_execute("UPDATE offers SET price_minor = 99999999999999999 WHERE id = 'a'", &[]).await.unwrap();
    let visitor = app.visitor().await;
    add(&visitor, "a", 999, false).await;
    let answer = order(&visitor, &checkout(), 409).await;
    assert_eq!(answer["errors"][0]["code"], "BASKET_TOTAL_TOO_LARGE");
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(basket(&visitor).await, [("a".to_owned(), 999, false)], "the basket is kept");
}

#[tokio::test]
async fn an_order_holds_at_most_9999_pieces() {
    // Issue 20: an order's total quantity is capped as the basket's lines are.
    let app = spawn_app().await;
    let mut feed = Vec::new();
    vitrina::feeds::generate::write_feed(&mut feed, 60, 3).unwrap();
    app.import(std::str::from_utf8(&feed).unwrap()).await;
    let list = app.json("/api/offers?available=Y&perPage=11", 200).await;
    let ids: Vec<String> = list["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().into()).collect();
    assert_eq!(ids.len(), 11);
    let visitor = app.visitor().await;
    for id in &ids {
        add(&visitor, id, 999, false).await;
    }
    let answer = order(&visitor, &checkout(), 409).await;
    assert_eq!(answer["errors"][0]["code"], "ORDER_QUANTITY_LIMIT");
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn orders_sent_at_once_from_one_address_stop_at_its_limit_and_a_stranger_gets_few_mails() {
    let app = spawn_app_with(|args| {
        args.orders_per_address = 4;
        args.orders_per_session = 100;
    })
    .await;
    app.import(SMALL_FEED).await;
    let mut visitors = Vec::new();
    for _ in 0..10 {
        let visitor = app.visitor().await;
        add(&visitor, "b", 1, false).await;
        visitors.push(visitor);
    }
    let mut body = checkout();
    body["email"] = json!("stranger@example.org");
    let answers = futures::future::join_all(visitors.iter().map(|v| v.post("/api/orders", &body))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 201, 201, 201, 429, 429, 429, 429, 429, 429]);
    let refused = answers.iter().find(|r| r.status() == 429).unwrap();
    assert!(refused.headers().contains_key("retry-after"));

    let pool = app.pool().await;
    let confirmations: i64 = pool
        .raw_scalar(
            "SELECT count(*) FROM outbox WHERE topic = 'order_confirmation' AND recipient = $1",
            &["stranger@example.org".into()],
        )
        .await
        .unwrap();
    assert_eq!(confirmations, i64::from(vitrina::limits::ORDER_CONFIRMATIONS_PER_EMAIL));
}

#[tokio::test]
async fn a_session_places_its_share_of_orders_and_refused_ones_do_not_count() {
    let app = shop().await;
    let visitor = app.visitor().await;
    // An empty basket's 409 is not an order placed.
    order(&visitor, &checkout(), 409).await;
    for _ in 0..vitrina::limits::ORDERS_PER_SESSION {
        add(&visitor, "b", 1, false).await;
        order(&visitor, &checkout(), 201).await;
    }
    add(&visitor, "b", 1, false).await;
    let refused = order(&visitor, &checkout(), 429).await;
    assert_eq!(refused["errors"][0]["code"], "RATE_LIMITED", "{refused}");
    // Another session from the same address still may.
    let other = app.visitor().await;
    add(&other, "b", 1, false).await;
    order(&other, &checkout(), 201).await;
}

#[tokio::test]
async fn order_numbers_come_from_a_sequence_and_a_deleted_orders_number_is_never_given_again() {
    // Issue 36: never MAX(id) + 1.
    let app = shop().await;
    let visitor = app.visitor().await;
    add(&visitor, "a", 1, false).await;
    assert_eq!(order(&visitor, &checkout(), 201).await, json!({"number": "1"}));
    let pool = app.pool().await;
    pool.raw_execute("DELETE FROM order_lines", &[]).await.unwrap();
    pool.raw_execute("DELETE FROM orders", &[]).await.unwrap();
    pool.close().await;
    add(&visitor, "a", 1, false).await;
    assert_eq!(order(&visitor, &checkout(), 201).await, json!({"number": "2"}));
}
