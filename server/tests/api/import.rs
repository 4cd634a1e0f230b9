//! Feed import through the real `vitrina import` command and the HTTP API, on the shop's real feeds
//! (`../shared/data`, skipped with a message when absent) and on small feeds written here.

use crate::helpers::{SMALL_FEED, cli_import, shared_data, spawn_app, spawn_on};

pub(crate) async fn app_on_imported(feeds: &[&str]) -> Option<(crate::helpers::TestApp, Vec<serde_json::Value>)> {
    let paths: Option<Vec<_>> = feeds.iter().map(|f| shared_data(f)).collect();
    let paths = paths?;
    let dir = tempfile::tempdir().unwrap();
    let db = crate::helpers::fresh_db(dir.path()).await;
    let summaries = paths.iter().map(|p| cli_import(p, &db)).collect();
    Some((spawn_on(db, dir).await, summaries))
}

#[tokio::test]
async fn eco_puzzles_gives_5935_offers_in_123_sections() {
    let Some((app, s)) = app_on_imported(&["eco-puzzles.yml.xml"]).await else {
        return;
    };
    assert_eq!(
        (s[0]["sections"].as_u64(), s[0]["offersAdded"].as_u64(), s[0]["offersSkipped"].as_u64()),
        (Some(123), Some(5935), Some(0))
    );
    let shop = app.json("/api/shop", 200).await;
    assert_eq!((shop["offerCount"].as_i64(), shop["sectionCount"].as_i64()), (Some(5935), Some(123)));
    let sections = app.json("/api/sections", 200).await;
    let sections = sections["sections"].as_array().unwrap();
    let top_total: i64 = sections.iter().filter(|s| s["depth"] == 0).map(|s| s["offerCount"].as_i64().unwrap()).sum();
    assert!(top_total <= 5935 && top_total > 5000, "{top_total}");
    assert!(sections.iter().any(|s| s["depth"] == 3), "the tree nests 4 deep");
    let offer = app.json("/api/offers/11143", 200).await;
    assert_eq!((offer["price"].as_i64(), offer["currencyId"].as_str()), (Some(1480), Some("RUB")));
    assert_eq!(
        app.json("/api/offers?available=Y&perPage=1", 200).await["total"].as_i64().map(|n| n < 5935),
        Some(true)
    );
}

#[tokio::test]
async fn the_windows_1251_feed_keeps_cyrillic_and_the_december_reimport_adds_1139_and_removes_4() {
    let Some((app, s)) = app_on_imported(&["eco-puzzles-2018-10-07.cp1251.yml.xml", "eco-puzzles.yml.xml"]).await
    else {
        return;
    };
    assert_eq!((s[0]["offersAdded"].as_u64(), s[0]["sections"].as_u64()), (Some(4800), Some(103)));
    assert_eq!((s[1]["offersAdded"].as_u64(), s[1]["offersRemoved"].as_u64()), (Some(1139), Some(4)));
    let updated = s[1]["offersUpdated"].as_u64().unwrap();
    assert!((2313..=4796).contains(&updated), "price and availability changes count as updates: {updated}");
    assert_eq!(app.json("/api/shop", 200).await["offerCount"].as_i64(), Some(5935));
    let offer = app.json("/api/offers/11143", 200).await;
    assert!(offer["name"].as_str().unwrap().contains("Для малышей"), "{offer}");
}

#[tokio::test]
async fn copyline_skips_the_5_garbage_prices_with_reasons_and_keeps_1215() {
    let Some((app, s)) = app_on_imported(&["copyline-dirty.yml.xml"]).await else {
        return;
    };
    assert_eq!((s[0]["offersAdded"].as_u64(), s[0]["offersSkipped"].as_u64()), (Some(1215), Some(5)));
    let skipped = s[0]["skipped"].as_array().unwrap();
    let cl = skipped.iter().find(|k| k["offerId"] == "CL105942").expect("CL105942 skipped");
    assert!(cl["line"].as_u64().unwrap() > 1);
    assert!(cl["reason"].as_str().unwrap().contains("does not fit"), "{cl}");
    assert_eq!(app.json("/api/offers/CL105942", 404).await["errors"][0]["code"], "OFFER_NOT_FOUND");
    assert_eq!(app.json("/api/shop", 200).await["offerCount"].as_i64(), Some(1215));
}

#[tokio::test]
async fn vtt_keeps_every_param_of_each_offer_and_offers_without_a_section() {
    let Some(path) = shared_data("vtt-params.yml.xml") else {
        return;
    };
    let Some((app, s)) = app_on_imported(&["vtt-params.yml.xml"]).await else {
        return;
    };
    // Every offer is kept; those priced 0 are "price on request" (docs/decisions.md "Zero prices").
    assert_eq!(s[0]["offersAdded"].as_u64(), Some(3109), "{}", s[0]["skipped"]);
    let offer = app.json("/api/offers/VT005401", 200).await;
    assert_eq!(offer["params"].as_array().unwrap().len(), 8, "{offer}");
    assert_eq!(offer["params"][0], serde_json::json!({"name": "Тип", "value": "Картридж", "unit": null}));
    assert_eq!(offer["sectionId"], serde_json::Value::Null);
    assert_eq!(offer["currencyId"], "KZT");
    assert!(offer["url"].as_str().unwrap().starts_with("/catalog/products/"));
    // Each offer has as many params through the API as its <offer> element has in the feed.
    let feed = std::fs::read_to_string(path).unwrap();
    let page = app.json("/api/offers?perPage=100", 200).await;
    for o in page["items"].as_array().unwrap() {
        let start = feed.find(&format!("<offer id=\"{}\"", o["id"].as_str().unwrap())).unwrap();
        let element = &feed[start..start + feed[start..].find("</offer>").unwrap()];
        assert_eq!(o["params"].as_array().unwrap().len(), element.matches("<param ").count(), "{}", o["id"]);
    }
}

#[tokio::test]
async fn a_malformed_feed_aborts_with_line_and_column_and_keeps_the_catalogue() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let broken = SMALL_FEED.replace("<name>Пазл</name>", "<name>Пазл</nam>");
    let pool = vitrina::db::connect(&app.db_path).await.unwrap();
    let err = vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(broken.into_bytes()), "broken")
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("line 13, column"), "{text}");
    assert_eq!(app.json("/api/shop", 200).await["offerCount"].as_i64(), Some(4));
    assert_eq!(app.json("/api/offers/c", 200).await["name"], "Пазл");
}

#[tokio::test]
async fn reimport_updates_changed_offers_removes_absent_ones_and_brings_them_back() {
    let app = spawn_app().await;
    let first = app.import(SMALL_FEED).await;
    assert_eq!((first.offers_added, first.sections), (4, 3));
    let changed = SMALL_FEED
        .replace("<price>200</price>", "<price>250</price>")
        .replace("<offer id=\"d\"><price>50</price><categoryId></categoryId><name>Без раздела</name></offer>", "");
    let second = app.import(&changed).await;
    assert_eq!((second.offers_added, second.offers_updated, second.offers_removed), (0, 1, 1));
    assert_eq!(app.json("/api/offers/c", 200).await["price"].as_i64(), Some(250));
    assert_eq!(app.json("/api/offers/d", 404).await["errors"][0]["code"], "OFFER_NOT_FOUND");
    let third = app.import(SMALL_FEED).await;
    assert_eq!((third.offers_added, third.offers_updated, third.offers_removed), (1, 1, 0));
    assert_eq!(app.json("/api/offers/d", 200).await["url"], "/catalog/products/bez-razdela/", "the slug survives");
}

#[tokio::test]
async fn a_group_id_makes_offers_variants_of_one_product_and_changes_no_other_offer() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let grouped = SMALL_FEED.replacen("<offer id=\"c\"", "<offer id=\"c\" group_id=\" 77 \"", 1);
    assert_ne!(grouped, SMALL_FEED);
    let second = app.import(&grouped).await;
    // Only the offer given a group changed: the others keep their fingerprints.
    assert_eq!((second.offers_added, second.offers_updated), (0, 1));
    assert_eq!(app.json("/api/offers/c", 200).await["groupId"], "77");
    assert_eq!(app.json("/api/offers/d", 200).await["groupId"], serde_json::Value::Null);
}

#[tokio::test]
async fn duplicate_offer_ids_and_nameless_offers_are_skipped_with_their_line() {
    let app = spawn_app().await;
    let feed = SMALL_FEED.replace(
        "</offers>",
        "<offer id=\"a\"><price>1</price><name>Дубль</name></offer>\n<offer id=\"e\"><price>1</price></offer></offers>",
    );
    let s = app.import(&feed).await;
    assert_eq!(s.offers_added, 4);
    let reasons: Vec<(Option<&str>, u64, &str)> =
        s.skipped.iter().map(|k| (k.offer_id.as_deref(), k.line, k.reason.as_str())).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert_eq!((reasons[0].0, reasons[0].1), (Some("a"), 15));
    assert!(reasons[0].2.contains("came earlier"));
    assert_eq!((reasons[1].0, reasons[1].1), (Some("e"), 16));
    assert!(reasons[1].2.contains("no <name>"));
}

/// Issue 39: a re-import marks unchanged offers seen only when it must find the ones it did not see. An unchanged
/// offer met again batches later is still a repeat, and does not stand in for the offer the feed left out.
#[tokio::test]
async fn an_unchanged_offer_repeated_batches_later_is_skipped_and_the_one_left_out_is_taken_off() {
    let offers = |ids: &[u32]| -> String {
        let offers: String = ids
            .iter()
            .map(|n| {
                format!(
                    "<offer id=\"o{n}\"><price>{n}</price><currencyId>RUB</currencyId><name>Товар {n}</name></offer>\n"
                )
            })
            .collect();
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><yml_catalog date=\"2026-11-29 10:00\"><shop><name>Много</name>\
             <currencies><currency id=\"RUB\" rate=\"1\"/></currencies><categories/><offers>\n{offers}</offers></shop></yml_catalog>"
        )
    };
    let app = spawn_app().await;
    let all: Vec<u32> = (1..=1100).collect();
    assert_eq!(app.import(&offers(&all)).await.offers_added, 1100);
    // o1100 left out, o1 given again after 1,098 others: as many offers as were shown, and the repeat is written two
    // batches after the first (IMPORT_BATCH_OFFERS is 500), so only the held-back marks can tell it.
    let mut again: Vec<u32> = (1..1100).collect();
    again.push(1);
    let s = app.import(&offers(&again)).await;
    assert_eq!((s.offers_added, s.offers_updated, s.offers_removed, s.offers_skipped), (0, 0, 1, 1));
    assert!(s.skipped[0].reason.contains("came earlier"), "{:?}", s.skipped);
    assert_eq!(app.json("/api/offers/o1100", 404).await["errors"][0]["code"], "OFFER_NOT_FOUND");
    assert_eq!(app.json("/api/offers/o1", 200).await["price"].as_i64(), Some(1));
    // Seen again unchanged, with no offer left out: nothing is taken off, and the next import still sees them all.
    let s = app.import(&offers(&(1..1100).collect::<Vec<_>>())).await;
    assert_eq!((s.offers_added, s.offers_updated, s.offers_removed), (0, 0, 0));
    let s = app.import(&offers(&(2..1100).collect::<Vec<_>>())).await;
    assert_eq!((s.offers_removed, s.offers_skipped), (1, 0));
    assert_eq!(app.json("/api/offers/o1", 404).await["errors"][0]["code"], "OFFER_NOT_FOUND");
    assert_eq!(app.json("/api/offers/o2", 200).await["price"].as_i64(), Some(2));
}

/// Issue 39: an import checks only the offers whose fingerprint differs from the stored one. An offer left unchecked
/// whose stored offer changes before its batch is written (here a repeat, unchanged against what was stored, of an
/// offer the same feed changed a batch earlier) is checked then, and skipped as the repeat it is.
#[tokio::test]
async fn an_unchecked_repeat_of_an_offer_changed_earlier_in_the_feed_is_still_skipped() {
    let offer = |n: u32, price: u32| {
        format!("<offer id=\"o{n}\"><price>{price}</price><currencyId>RUB</currencyId><name>Товар {n}</name></offer>\n")
    };
    let feed = |offers: String| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><yml_catalog date=\"2026-12-03 10:00\"><shop><name>Много</name>\
             <currencies><currency id=\"RUB\" rate=\"1\"/></currencies><categories/><offers>\n{offers}</offers></shop></yml_catalog>"
        )
    };
    let app = spawn_app().await;
    assert_eq!(app.import(&feed((1..=1100).map(|n| offer(n, n)).collect())).await.offers_added, 1100);
    // o1 priced anew first; its old self again as the 1,000th offer, in the second batch (IMPORT_BATCH_OFFERS is
    // 500), whose stored fingerprints are read before the first batch is written.
    let again = offer(1, 5000) + &(2..=998).map(|n| offer(n, n)).collect::<String>() + &offer(1, 1) + &offer(999, 999);
    let s = app.import(&feed(again + &(1000..=1100).map(|n| offer(n, n)).collect::<String>())).await;
    assert_eq!((s.offers_added, s.offers_updated, s.offers_removed, s.offers_skipped), (0, 1, 0, 1));
    assert!(s.skipped[0].reason.contains("came earlier"), "{:?}", s.skipped);
    assert_eq!(app.json("/api/offers/o1", 200).await["price"].as_i64(), Some(5000));
    assert_eq!(app.json("/api/offers/o999", 200).await["price"].as_i64(), Some(999));
}

/// Issue 39: a re-import reads what is stored packed into one text a chunk; ids holding its separators (character
/// references XML 1.0 forbids and the reader lets through) are read back as rows, so the offers are updated, not added
/// again over their own pictures and parameters.
#[tokio::test]
async fn offers_whose_ids_hold_the_packings_separators_are_updated_on_reimport() {
    let feed = |ids: &[&str], price: u32| {
        let offers: String = ids
            .iter()
            .enumerate()
            .map(|(n, id)| {
                format!(
                    "<offer id=\"{id}\"><price>{price}</price><currencyId>RUB</currencyId><name>Товар {n}</name>\
                     <picture>http://192.0.2.1/p/{n}.jpg</picture><param name=\"Цвет\">синий</param></offer>"
                )
            })
            .collect();
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><yml_catalog date=\"2026-11-29 10:00\"><shop><name>Разделители</name>\
             <currencies><currency id=\"RUB\" rate=\"1\"/></currencies><categories/><offers>{offers}</offers></shop></yml_catalog>"
        )
    };
    let app = spawn_app().await;
    // An id led by the record separator, alone in its chunk: the packed text splits into a well-formed record more.
    let led = ["&#30;a", "d"];
    assert_eq!(app.import(&feed(&led, 100)).await.offers_added, 2);
    let s = app.import(&feed(&led, 150)).await;
    assert_eq!((s.offers_added, s.offers_updated, s.offers_removed, s.offers_skipped), (0, 2, 0, 0));
    // An id holding the field separator: its record has a field too many.
    let inner = ["&#30;a", "d", "b&#31;c"];
    assert_eq!(app.import(&feed(&inner, 150)).await.offers_added, 1);
    let s = app.import(&feed(&inner, 200)).await;
    assert_eq!((s.offers_added, s.offers_updated, s.offers_removed, s.offers_skipped), (0, 3, 0, 0));
}

#[tokio::test]
async fn a_document_that_is_not_yml_is_refused() {
    let app = spawn_app().await;
    let pool = vitrina::db::connect(&app.db_path).await.unwrap();
    let err =
        vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(b"<html><body>hi</body></html>".to_vec()), "x")
            .await
            .unwrap_err();
    assert!(err.to_string().contains("YML"), "{err}");
}

#[tokio::test]
async fn stdin_import_and_generated_feeds_work_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let db = crate::helpers::fresh_db(dir.path()).await;
    let bin = env!("CARGO_BIN_EXE_vitrina");
    let feed =
        std::process::Command::new(bin).args(["generate-feed", "--offers", "300", "--seed", "3"]).output().unwrap();
    assert!(feed.status.success());
    let mut child = std::process::Command::new(bin)
        .args(["import", "-", "--json", "--db"])
        .arg(&db)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&feed.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((s["offersAdded"].as_u64(), s["sections"].as_u64()), (Some(300), Some(108)));
}

/// `vitrina generate-feed | head`, `vitrina openapi | head`: a reader that stops early ends the command quietly, with
/// no panic and no error. The two write megabytes through a writer of their own, the other commands line by line
/// through `out!` (Rust's `println!` panics on a closed pipe); all mark the error as standard output's the same way.
#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    use std::io::Read;
    let bin = env!("CARGO_BIN_EXE_vitrina");
    for args in [&["generate-feed", "--offers", "20000"][..], &["openapi"][..]] {
        let mut child = std::process::Command::new(bin)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's reader is dropped here, with megabytes of output still to come.
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

#[tokio::test]
async fn sections_never_take_the_slugs_of_the_storefronts_own_catalogue_pages() {
    // "Compare" and "Products" would hide the compare page and the offers without a section (issue 6).
    let app = spawn_app().await;
    let feed = SMALL_FEED
        .replace(">Конструкторы</category>", ">Compare</category>")
        .replace(">Пазлы</category>", ">Products</category>");
    app.import(&feed).await;
    let sections = app.json("/api/sections", 200).await;
    let urls: Vec<&str> = sections["sections"].as_array().unwrap().iter().map(|s| s["url"].as_str().unwrap()).collect();
    assert!(urls.iter().any(|u| u.starts_with("/catalog/compare-")), "{urls:?}");
    assert!(urls.iter().any(|u| u.starts_with("/catalog/products-")), "{urls:?}");
    assert!(!urls.contains(&"/catalog/compare/") && !urls.contains(&"/catalog/products/"), "{urls:?}");
}

#[tokio::test]
async fn oversized_fields_are_cut_at_import_reported_with_their_offer_and_bounded_in_every_answer() {
    let app = spawn_app().await;
    let huge_name = "слово ".repeat(200_000); // 2.2 MB
    let huge_description = "<p>абзац</p>".repeat(50_000); // 1 MB, over the reader's 64 KiB
    let params: String = (0..60).map(|n| format!("<param name=\"П{n}\">{}</param>", "з".repeat(1000))).collect();
    let feed = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-25 10:00"><shop><name>Магазин</name>
<currencies><currency id="RUB" rate="1"/></currencies><categories><category id="1">Раздел</category></categories>
<offers><offer id="big"><price>100</price><categoryId>1</categoryId><name>{huge_name}</name>
<description><![CDATA[{huge_description}]]></description>{params}</offer></offers></shop></yml_catalog>"#
    );
    let summary = app.import(&feed).await;
    assert_eq!(summary.offers_added, 1);
    let cuts: Vec<(&str, &str, u64)> =
        summary.cut_fields.iter().map(|c| (c.offer_id.as_str(), c.field, c.kept)).collect();
    let limits = (vitrina::limits::OFFER_NAME_MAX_CHARS as u64, vitrina::limits::OFFER_DESCRIPTION_MAX_CHARS as u64);
    assert!(cuts.contains(&("big", "name", limits.0)), "{cuts:?}");
    assert!(cuts.contains(&("big", "description", limits.1)), "{cuts:?}");
    assert!(cuts.contains(&("big", "params", vitrina::limits::OFFER_PARAMS_MAX as u64)), "{cuts:?}");
    let description_cut = summary.cut_fields.iter().find(|c| c.field == "description").unwrap();
    assert_eq!(description_cut.had, huge_description.len() as u64, "the reader's count of the whole element");

    let offer = app.json("/api/offers/big", 200).await;
    assert!(offer["name"].as_str().unwrap().chars().count() <= vitrina::limits::OFFER_NAME_MAX_CHARS);
    assert_eq!(offer["params"].as_array().unwrap().len(), vitrina::limits::OFFER_PARAMS_MAX);
    for path in ["/api/offers/big", "/api/offers?perPage=100", "/api/search?q=слово", "/catalog/razdel/"] {
        let body = app.get(path).await.bytes().await.unwrap();
        assert!(body.len() < 128 * 1024, "{path} answered {} bytes", body.len());
    }
}

#[tokio::test]
async fn names_are_read_as_a_shopper_reads_them_and_the_first_category_is_the_section() {
    let app = spawn_app().await;
    let feed = r#"<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-25 10:00"><shop><name>Магазин</name>
<currencies><currency id="RUB" rate="1"/></currencies>
<categories><category id="1">Диваны &amp;amp; кресла</category><category id="2">Акции</category></categories>
<offers><offer id="1"><price>100</price><categoryId>1</categoryId><categoryId>2</categoryId><categoryId/>
<name>Диван &amp;quot;Уют&amp;quot;
    угловой</name></offer></offers></shop></yml_catalog>"#;
    app.import(feed).await;
    let offer = app.json("/api/offers/1", 200).await;
    assert_eq!(offer["name"], "Диван \"Уют\" угловой");
    assert_eq!(offer["sectionId"], "1");
    assert_eq!(offer["url"], "/catalog/divany-kresla/divan-uiut-uglovoi/");
}

#[tokio::test]
async fn a_description_an_earlier_cut_left_inside_a_tag_is_repaired_at_the_next_start() {
    // Issue 34: migration 20261126000000 cut stored description HTML at 10,000 characters with substr(), in the
    // middle of a tag at times; a page then swallowed the markup after it into an attribute.
    let dir = tempfile::tempdir().unwrap();
    let db = crate::helpers::fresh_db(dir.path()).await;
    let pool = vitrina::db::connect(&db).await.unwrap();
    vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(SMALL_FEED.as_bytes().to_vec()), "test")
        .await
        .unwrap();
    // What the old cut left, as a database filled by an older binary holds it: listed by the repair migration.
    let cut = "<p>Описание <b>ёлки</b></p><p>Подробнее на <a href=\"https://shop.example/elka\" title=\"Ёлка";
    pool.raw_execute("UPDATE offers SET description = $1 WHERE id = 'a'", &[cut.into()]).await.unwrap();
    pool.raw_execute("INSERT INTO description_repairs (offer_id) VALUES ('a')", &[]).await.unwrap();
    pool.close().await;

    let app = crate::helpers::spawn_configured(db, dir, |args| {
        args.render = vitrina::config::RenderMode::On;
        args.render_budget_ms = 10_000;
    })
    .await;
    let offer = app.json("/api/offers/a", 200).await;
    let description = offer["description"].as_str().unwrap();
    assert_eq!(description, "<p>Описание <b>ёлки</b></p><p>Подробнее на </p>", "well-formed, the open tag dropped");
    // The product page holds it whole, and the markup after it stays markup.
    let page = app.get(offer["url"].as_str().unwrap()).await.text().await.unwrap();
    let at = page.find(description).expect("the page shows the repaired description");
    assert!(!page[at..].contains("title=\"Ёлка"), "nothing after it is taken into an attribute");
    let repairs: i64 = app.pool().await.raw_scalar("SELECT COUNT(*) FROM description_repairs", &[]).await.unwrap();
    assert_eq!(repairs, 0, "the list is emptied: the next start repairs nothing");
}

/// Issue 39: an import records what it changed as tags (`domain::changes`), so the serving shops forget only the
/// pages that show it: the offer, its group, the listings of its section and of every section above it, and the
/// whole catalogue's lists. An unchanged import names nothing; offers that swap places name the listings whose order
/// moved.
#[tokio::test]
async fn an_import_records_exactly_what_it_changed() {
    let app = spawn_app().await;
    app.import(SMALL_FEED).await;
    let pool = app.pool().await;
    let tags_of_last = || async {
        let last = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
        let mut tags = vitrina::db::changes::since(&pool, last - 1, last).await.unwrap();
        tags.sort();
        tags
    };
    app.import(SMALL_FEED).await;
    assert!(tags_of_last().await.is_empty(), "the same feed again changes nothing: {:?}", tags_of_last().await);
    app.import(&SMALL_FEED.replace("<price>1480</price>", "<price>1990</price>")).await;
    assert_eq!(tags_of_last().await, ["offer:a", "offers", "section:1", "section:2"]);
    // The puzzle ("c", section 3) and the wooden kit ("a", section 2 in 1) swap places: the kit now follows "b" in
    // section 1, whose order moved with the whole catalogue's; section 3 (one offer) and section 2 did not move.
    let line =
        |id: &str| SMALL_FEED.lines().find(|l| l.starts_with(&format!("<offer id=\"{id}\""))).unwrap().to_owned();
    let (a, c) = (line("a"), line("c"));
    let swapped = SMALL_FEED
        .replace(&a, "@A@")
        .replace(&c, &a)
        .replace("@A@", &c)
        .replace("<price>1480</price>", "<price>1990</price>");
    app.import(&swapped).await;
    assert_eq!(tags_of_last().await, ["offers", "section:1"]);
    // The unchanged offers that moved take their new places; the ones that did not keep theirs.
    let order: Vec<(String,)> = pool.raw_rows("SELECT id FROM offers ORDER BY position", &[]).await.unwrap();
    let order: Vec<&str> = order.iter().map(|(id,)| id.as_str()).collect();
    assert_eq!(order, ["c", "b", "a", "d"], "the catalogue's order follows the swapped feed");
    // An offer taken off names its listings, and the tree's counts.
    app.import(&swapped.replace(&line("b"), "")).await;
    assert_eq!(tags_of_last().await, ["offer:b", "offers", "section:1", "sections"]);
}
