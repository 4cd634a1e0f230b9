//! The pages search engines read, the embedded front-end and its caching.

use crate::helpers::{SMALL_FEED, spawn_app};

#[tokio::test]
async fn a_product_page_answers_with_its_title_canonical_and_product_json_ld() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let res = app.get("/catalog/dereviannye-konstruktory/konstruktor-elka/").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Конструктор Ёлка — Тестовый магазин</title>"), "{html}");
    assert!(html.contains(
        "<link rel=\"canonical\" href=\"https://shop.test/catalog/dereviannye-konstruktory/konstruktor-elka/\">"
    ));
    assert!(html.contains("<meta name=\"description\" content=\"Описание ёлки\">"));
    assert!(html.contains("<meta property=\"og:type\" content=\"product\">"));
    let start = html.find("<script type=\"application/ld+json\">").expect("JSON-LD") + 35;
    let ld: serde_json::Value =
        serde_json::from_str(&html[start..start + html[start..].find("</script>").unwrap()]).unwrap();
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["offers"]["price"], "1480");
    assert_eq!(ld["offers"]["priceCurrency"], "RUB");
    assert_eq!(ld["offers"]["availability"], "https://schema.org/InStock");
    assert_eq!(ld["sku"], "A-1");
    assert!(html.contains("\"@type\":\"BreadcrumbList\""));
}

#[tokio::test]
async fn a_section_page_has_breadcrumbs_and_unknown_pages_are_404_shells() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let html = app.get("/catalog/dereviannye-konstruktory/").await.text().await.unwrap();
    assert!(html.contains("<title>Деревянные конструкторы — Тестовый магазин</title>"));
    assert!(html.contains("\"name\":\"Конструкторы\""), "the parent is in the breadcrumbs");
    let res = app.get("/catalog/no-such-section/").await;
    assert_eq!(res.status(), 404);
    assert!(res.text().await.unwrap().contains("noindex"));
    assert_eq!(app.get("/no/such/page").await.status(), 404);
    // The search results page is a page (200) that search engines are told not to index.
    let res = app.get("/search/?q=%D0%B5%D0%BB%D0%BA%D0%B0").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Поиск — Тестовый магазин</title>") && html.contains("noindex"), "{html}");
    // The shopper's own pages (issue 6) are pages too, never indexed.
    for (path, title) in [
        ("/personal/cart/?delay=Y", "Корзина"),
        ("/personal/order/make/?ORDER_ID=1", "Оформление заказа"),
        ("/catalog/compare/", "Сравнение товаров"),
        ("/personal/", "Личный кабинет"),
        ("/personal/orders/12/", "Личный кабинет"),
        ("/personal/password-reset/?token=x", "Личный кабинет"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let html = res.text().await.unwrap();
        assert!(html.contains(&format!("<title>{title} — Тестовый магазин</title>")), "{path}: {html}");
        assert!(html.contains("noindex"), "{path}");
    }
}

#[tokio::test]
async fn catalogue_paths_get_a_trailing_slash_and_wrong_sections_redirect_to_the_canonical_url() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let res = app.get("/catalog/pazly?sort=price").await;
    assert_eq!(res.status(), 308);
    assert_eq!(res.headers()["location"], "/catalog/pazly/?sort=price");
    let res = app.get("/catalog/pazly/konstruktor-elka/").await;
    assert_eq!(res.status(), 308);
    assert_eq!(res.headers()["location"], "/catalog/dereviannye-konstruktory/konstruktor-elka/");
    // The folder of the products without a section is the catalogue root, not a 404 (issue 20).
    let res = app.get("/catalog/products/").await;
    assert_eq!(res.status(), 308);
    assert_eq!(res.headers()["location"], "/catalog/");
    assert_eq!(app.get("/catalog/products/bez-razdela/").await.status(), 200);
}

#[tokio::test]
async fn sitemap_and_robots_list_the_storefront() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    for url in
        ["https://shop.test/", "https://shop.test/catalog/pazly/", "https://shop.test/catalog/products/bez-razdela/"]
    {
        assert!(sitemap.contains(&format!("<loc>{url}</loc>")), "{url} in {sitemap}");
    }
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains("Sitemap: https://shop.test/sitemap.xml"));
    assert!(robots.contains("Disallow: /api/"));
}

#[tokio::test]
async fn demo_pictures_go_through_the_picture_pipeline_offline() {
    // The demo's pictures are embedded in the binary: the worker reads them there, not from a network.
    let app = crate::helpers::spawn_app_with(|args| args.pictures.pictures_worker = true).await;
    let mut picture = None;
    for _ in 0..300 {
        let offers = app.json("/api/offers?perPage=100", 200).await;
        picture =
            offers["items"].as_array().unwrap().iter().find_map(|o| o["pictures"][0]["id"].as_str().map(str::to_owned));
        if picture.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let id = picture.expect("a demo picture made the shop's own");
    let res = app.get(&format!("/pictures/{id}/320.webp")).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/webp");
    // The demo store's picture is still served as it is.
    let res = app.get("/demo/images/store.svg").await;
    assert_eq!((res.status().as_u16(), res.headers()["content-type"].to_str().unwrap()), (200, "image/svg+xml"));
}

#[tokio::test]
async fn responses_are_compressed_when_the_client_asks() {
    let app = spawn_app().await;
    let res =
        app.client.get(format!("{}/api/openapi.json", app.base)).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "br");
}

#[tokio::test]
async fn scripts_go_out_as_their_brotli_twins_from_the_build() {
    // The build writes `x.js.br` at Brotli's densest (issue 33); it must decode to the script itself.
    let app = spawn_app().await;
    let get = |encoding: &'static str| {
        app.client.get(format!("{}/boot.js", app.base)).header("accept-encoding", encoding).send()
    };
    let plain = get("identity").await.unwrap().bytes().await.unwrap();
    let res = get("gzip, br").await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "br");
    assert_eq!(res.headers()["content-type"], "text/javascript");
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &res.bytes().await.unwrap()[..], &mut decoded).unwrap();
    assert_eq!(decoded, plain);
    // A browser that refuses Brotli gets the layer's gzip; the twin itself is not a page's file.
    assert_eq!(get("br;q=0, gzip").await.unwrap().headers()["content-encoding"], "gzip");
    assert_eq!(app.get("/boot.js.br").await.status(), 404);
}

#[tokio::test]
async fn the_contacts_and_reviews_pages_are_served_with_their_heads_and_listed_in_the_sitemap() {
    let app = spawn_app().await;
    let contacts = app.get("/contacts/").await;
    assert_eq!(contacts.status(), 200);
    let html = contacts.text().await.unwrap();
    assert!(html.contains("<title>Контакты — "), "{html}");
    assert!(html.contains(r#""@type":"Store""#) && html.contains(r#""name":"Витрина на Никольской""#), "{html}");
    // Monday's break splits its hours in two spans; Sunday is a day off (00:00–00:00).
    assert!(html.contains(r#""closes":"14:00""#) && html.contains(r#""opens":"14:30""#), "{html}");
    assert!(
        html.contains(r#""dayOfWeek":"https://schema.org/Sunday","opens":"00:00""#)
            || html.contains(r#""closes":"00:00","dayOfWeek":"https://schema.org/Sunday""#),
        "{html}"
    );
    let reviews = app.get("/reviews/").await;
    assert_eq!(reviews.status(), 200);
    assert!(reviews.text().await.unwrap().contains("<title>Отзывы — "));
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    for url in ["https://shop.test/contacts/", "https://shop.test/reviews/", "https://shop.test/feedback/"] {
        assert!(sitemap.contains(&format!("<loc>{url}</loc>")), "{url} in {sitemap}");
    }
}

#[tokio::test]
async fn pages_preload_their_first_api_answers_and_the_product_picture() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let offer = app.json("/api/offers/by-slug/konstruktor-elka", 200).await;
    // As written in HTML: `&` is `&amp;` in an attribute.
    let preload =
        |url: &str| format!("<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\">", url.replace('&', "&amp;"));

    let html = app.get("/catalog/dereviannye-konstruktory/konstruktor-elka/").await.text().await.unwrap();
    for url in ["/api/session", "/api/sections", "/api/offers/by-slug/konstruktor-elka"] {
        assert!(html.contains(&preload(url)), "{url} in {html}");
    }
    assert!(html.contains(&preload(&format!("/api/viewed?exclude={}", offer["id"].as_str().unwrap()))));
    // The feed's picture is not the shop's own yet (no worker here): nothing to preload, the placeholder shows. The
    // preload of an own picture: `pictures.rs`.
    assert_eq!(offer["pictures"], serde_json::json!([]));
    assert!(!html.contains("as=\"image\""), "{html}");
    // The links come last in the head, after index.html's own.
    assert!(html.find(&preload("/api/session")).unwrap() < html.find("</head>").unwrap());

    let sections = app.json("/api/sections", 200).await;
    let section =
        sections["sections"].as_array().unwrap().iter().find(|s| s["url"] == "/catalog/dereviannye-konstruktory/");
    let id = section.expect("the section")["id"].as_str().unwrap().to_owned();
    let first_page =
        preload(&format!("/api/sections/{id}/offers?page=1&perPage={}", vitrina::limits::CATALOG_PAGE_SIZE));
    assert!(app.get("/catalog/dereviannye-konstruktory/").await.text().await.unwrap().contains(&first_page));
    // A sorted, numbered listing preloads the URL the front-end asks for, not the first page in the shop's order.
    let sorted =
        app.get("/catalog/dereviannye-konstruktory/?sort=price&page=2&utm_source=ya").await.text().await.unwrap();
    let per_page = vitrina::limits::CATALOG_PAGE_SIZE;
    assert!(sorted.contains(&preload(&format!("/api/sections/{id}/offers?page=2&perPage={per_page}&sort=price"))));
    assert!(!sorted.contains("/offers?page=1"), "{sorted}");

    // The build manifest the preloads come from is the server's, not a public file.
    assert_eq!(app.get("/.vite/manifest.json").await.status(), 404);
}

#[tokio::test]
async fn a_feeds_script_picture_is_dropped_at_import_and_never_reaches_the_page_head() {
    let app = spawn_app().await;
    let feed = SMALL_FEED.replace(
        "<picture>http://t.ru/a.jpg</picture>",
        "<picture>javascript:alert(1)</picture><picture>//evil.example/x.jpg</picture>\
         <picture>http://t.ru/a.jpg</picture><picture>data:image/png;base64,AA</picture>",
    );
    let summary = app.import(&feed).await;
    assert_eq!(summary.pictures_dropped, 3);
    let dropped: Vec<(&str, &str)> =
        summary.dropped_pictures.iter().map(|p| (p.offer_id.as_str(), p.url.as_str())).collect();
    assert_eq!(
        dropped,
        [("a", "javascript:alert(1)"), ("a", "//evil.example/x.jpg"), ("a", "data:image/png;base64,AA")]
    );
    // Only the good address is kept, to be fetched (issue 24); until the shop holds its copy the page names none.
    let pool = app.pool().await;
    let kept: Vec<String> = pool
        .raw_rows::<(String,)>("SELECT url FROM pictures ORDER BY id", &[])
        .await
        .unwrap()
        .into_iter()
        .map(|(url,)| url)
        .collect();
    assert_eq!(kept, ["http://t.ru/a.jpg"]);
    assert_eq!(app.json("/api/offers/a", 200).await["pictures"], serde_json::json!([]));

    let html = app.get("/catalog/dereviannye-konstruktory/konstruktor-elka/").await.text().await.unwrap();
    assert!(!html.contains("javascript:"), "{html}");
    assert!(!html.contains("evil.example") && !html.contains("data:image"), "{html}");
    assert!(!html.contains("og:image") && !html.contains("t.ru/a.jpg"), "{html}");
}

#[tokio::test]
async fn a_missing_asset_is_a_bare_404_not_the_app_shell() {
    // A tab left open across a release asks for a hashed file that is gone: the app reloads on this 404 (issue 19).
    let app = spawn_app().await;
    let res = app.get("/assets/store-map-gone1234.js").await;
    assert_eq!(res.status(), 404);
    assert!(!res.text().await.unwrap().contains("<div id=\"root\">"));
}
