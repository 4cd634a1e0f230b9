//! Variants (issue 35): the offers of one YML `group_id` are one product. A listing shows it once with the span of
//! its prices, facets count it once, search finds it once, and each variant's page offers the chooser.

use crate::helpers::{TestApp, spawn_indexed};
use serde_json::Value;

const TEES: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-27 10:00"><shop><name>Футболки</name><company>ООО</company><url>https://shop.test</url>
<currencies><currency id="RUB" rate="1"/></currencies>
<categories><category id="1">Одежда</category></categories>
<offers>
<offer id="tee-r-m" group_id="tee" available="true"><price>1000</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Футболка Vitrina красная, M</name><vendor>Vitrina</vendor><vendorCode>TEE-RM</vendorCode><param name="Цвет">Красный</param><param name="Размер">M</param><param name="Материал">Хлопок</param></offer>
<offer id="cap" available="true"><price>700</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Кепка Vitrina</name><vendor>Vitrina</vendor><param name="Цвет">Синий</param><param name="Материал">Хлопок</param></offer>
<offer id="tee-r-l" group_id="tee" available="false"><price>1100</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Футболка Vitrina красная, L</name><vendor>Vitrina</vendor><vendorCode>TEE-RL</vendorCode><param name="Цвет">Красный</param><param name="Размер">L</param><param name="Материал">Хлопок</param></offer>
<offer id="tee-b-m" group_id="tee" available="false"><price>1200</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Футболка Vitrina синяя, M</name><vendor>Vitrina</vendor><vendorCode>TEE-BM</vendorCode><param name="Цвет">Синий</param><param name="Размер">M</param><param name="Материал">Хлопок</param></offer>
<offer id="tee-b-l" group_id="tee" available="true"><price>1500</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Футболка Vitrina синяя, L</name><vendor>Vitrina</vendor><vendorCode>TEE-BL</vendorCode><param name="Цвет">Синий</param><param name="Размер">L</param><param name="Материал">Хлопок</param></offer>
<offer id="scarf" available="true"><price>600</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Шарф Vitrina</name><vendor>Vitrina</vendor><param name="Цвет">Красный</param><param name="Материал">Шерсть</param></offer>
<offer id="sock" available="true"><price>300</price><currencyId>RUB</currencyId><categoryId>1</categoryId><name>Носки Vitrina</name><vendor>Vitrina</vendor><param name="Цвет">Синий</param><param name="Материал">Хлопок</param></offer>
</offers></shop></yml_catalog>"#;

/// The shop on [`TEES`], once its listings are read from the facet index.
async fn tee_shop() -> TestApp {
    spawn_indexed(TEES, |_| {}).await
}

fn ids(page: &Value) -> Vec<&str> {
    page["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap()).collect()
}

fn count(page: &Value, field: &str, value: &str) -> u64 {
    let facet = page["facets"]["items"].as_array().unwrap().iter().find(|f| f["field"] == field).unwrap();
    facet["values"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["value"] == value)
        .map_or(u64::MAX, |v| v["count"].as_u64().unwrap())
}

#[tokio::test]
async fn a_product_of_several_variants_lists_and_counts_once_with_its_span_of_prices() {
    let app = tee_shop().await;
    let all = app.json("/api/offers", 200).await;
    assert_eq!(ids(&all), ["tee-r-m", "cap", "scarf", "sock"], "the product in its first variant's place, led by it");
    assert_eq!(all["total"], 4);
    let tee = &all["items"][0];
    assert_eq!(tee["variants"]["count"], 4);
    assert_eq!(tee["variants"]["available"], 2);
    assert_eq!(
        (tee["variants"]["minPrice"].as_f64(), tee["variants"]["maxPrice"].as_f64()),
        (Some(1000.0), Some(1500.0))
    );
    assert!(tee["variants"]["choice"].is_null(), "the chooser is a product page's");
    assert!(all["items"][1]["variants"].is_null(), "an offer of its own");
    // Products are counted, each value once however many variants carry it.
    assert_eq!((count(&all, "p.Цвет", "Красный"), count(&all, "p.Цвет", "Синий")), (2, 3));
    assert_eq!(count(&all, "vendor", "Vitrina"), 4);
    let large = app.json("/api/offers?p.%D0%A0%D0%B0%D0%B7%D0%BC%D0%B5%D1%80=L", 200).await;
    assert_eq!(ids(&large), ["tee-r-m"]);
    // The price filter keeps a product whose span meets the range.
    assert_eq!(ids(&app.json("/api/offers?priceMin=1400", 200).await), ["tee-r-m"]);
    assert_eq!(ids(&app.json("/api/offers?priceMax=650", 200).await), ["scarf", "sock"]);
    assert_eq!(
        ids(&app.json("/api/offers?sort=price", 200).await),
        ["sock", "scarf", "cap", "tee-r-m"],
        "by the lowest"
    );
    // In stock when any variant is.
    assert_eq!(app.json("/api/offers?available=Y", 200).await["total"], 4);
    // Counts of the shop and its sections count products.
    assert_eq!(app.json("/api/shop", 200).await["offerCount"], 4);
    assert_eq!(app.json("/api/sections", 200).await["sections"][0]["offerCount"], 4);
    // The home page's collections, read by SQL, show the product once too.
    let new = app.json("/api/collections/new", 200).await;
    assert_eq!(ids(&new).iter().filter(|id| id.starts_with("tee")).collect::<Vec<_>>(), [&"tee-r-m"]);
}

#[tokio::test]
async fn search_finds_a_product_once_by_any_variant() {
    let app = tee_shop().await;
    let found = app.json("/api/search?q=%D1%84%D1%83%D1%82%D0%B1%D0%BE%D0%BB%D0%BA%D0%B0", 200).await;
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["items"][0]["id"], "tee-r-m");
    // Another variant's SKU and its own words find the product.
    assert_eq!(app.json("/api/search?q=TEE-BL", 200).await["items"][0]["id"], "tee-r-m");
    let blue = app
        .json("/api/search?q=%D1%81%D0%B8%D0%BD%D1%8F%D1%8F%20%D1%84%D1%83%D1%82%D0%B1%D0%BE%D0%BB%D0%BA%D0%B0", 200)
        .await;
    assert_eq!(blue["items"][0]["id"], "tee-r-m", "{blue}");
}

#[tokio::test]
async fn each_variant_page_offers_the_chooser_and_names_its_product_canonical() {
    let app = tee_shop().await;
    let leader = app.json("/api/offers/tee-r-m", 200).await;
    let leader_url = leader["url"].as_str().unwrap().to_owned();
    let blue_l = app.json("/api/offers/tee-b-l", 200).await;
    let choice = &blue_l["variants"]["choice"];
    assert_eq!(choice["productUrl"], leader_url.as_str());
    let options = choice["options"].as_array().unwrap();
    let names: Vec<&str> = options.iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Цвет", "Размер"], "the shared material is no choice");
    let row = |o: &Value| -> Vec<String> {
        o["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                format!(
                    "{}→{}{}{}",
                    v["value"].as_str().unwrap(),
                    v["offerId"].as_str().unwrap(),
                    if v["chosen"] == true { "*" } else { "" },
                    if v["available"] == true { "" } else { "×" }
                )
            })
            .collect()
    };
    assert_eq!(row(&options[0]), ["Красный→tee-r-l×", "Синий→tee-b-l*"]);
    assert_eq!(row(&options[1]), ["M→tee-b-m×", "L→tee-b-l*"]);
    let slug = blue_l["url"].as_str().unwrap().trim_end_matches('/').rsplit('/').next().unwrap().to_owned();
    assert_eq!(
        app.json(&format!("/api/offers/by-slug/{slug}"), 200).await["variants"]["choice"]["options"],
        choice["options"]
    );
    assert!(app.json("/api/offers/cap", 200).await["variants"].is_null());

    let page = app.get(blue_l["url"].as_str().unwrap()).await.text().await.unwrap();
    assert!(page.contains(&format!("<link rel=\"canonical\" href=\"https://shop.test{leader_url}\">")), "{page}");
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains(&format!("https://shop.test{leader_url}<")), "{sitemap}");
    assert!(!sitemap.contains(blue_l["url"].as_str().unwrap()), "a variant's page is its product's");
}
