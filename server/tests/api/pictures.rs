//! The shop's own pictures (issue 24) through the real app: a picture server started here on 127.0.0.1 serves
//! generated pictures and each bad case; a feed names them; the app's worker downloads, checks and derives them;
//! the API, the head of the product page and `/pictures/…` show the result; `vitrina pictures status` names each
//! failure.

use crate::helpers::{TestApp, spawn_with_feed};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Requests the picture server answered, by path.
type Hits = Arc<Mutex<HashMap<String, u32>>>;

/// A JPEG of `width` × `height` px whose pixels depend on `seed` (so each is its own content).
fn jpeg(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8 ^ seed, (y % 256) as u8, seed.wrapping_mul(31)])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image).write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// A PNG whose header claims 10,000 × 10,000 px (100 MP) over a few bytes.
fn bomb() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::new(1, 1)).write_to(&mut out, image::ImageFormat::Png).unwrap();
    let mut png = out.into_inner();
    png[16..24].copy_from_slice(&[0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10]);
    // The IHDR chunk's CRC-32 (over its type and data), so the header reads as valid.
    let crc = crc32fast::hash(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

async fn serve_picture(State(hits): State<Hits>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    *hits.lock().unwrap().entry(name.clone()).or_default() += 1;
    let image = |bytes: Vec<u8>| ([(header::CONTENT_TYPE, "image/jpeg")], bytes).into_response();
    match name.as_str() {
        "photo.jpg" => image(jpeg(700, 525, 1)),
        "small.jpg" => image(jpeg(300, 200, 2)),
        // The same bytes as photo.jpg under another address: one copy in the store.
        "photo-again.jpg" => image(jpeg(700, 525, 1)),
        "tagged.jpg" => {
            if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v == "\"v1\"") {
                return StatusCode::NOT_MODIFIED.into_response();
            }
            ([(header::CONTENT_TYPE, "image/jpeg"), (header::ETAG, "\"v1\"")], jpeg(640, 480, 3)).into_response()
        }
        // An HTML error page sent as a JPEG.
        "html.jpg" => image(b"<!doctype html><title>Not here</title><p>Sorry".to_vec()),
        "bomb.jpg" => image(bomb()),
        // 21 MB with no Content-Length: cut off while streaming.
        "huge.jpg" => {
            let chunks = (0..21).map(|_| Ok::<_, std::io::Error>(vec![0xffu8; 1024 * 1024]));
            ([(header::CONTENT_TYPE, "image/jpeg")], Body::from_stream(futures::stream::iter(chunks))).into_response()
        }
        // A byte every 300 ms: past the test's 1.5 s time-out.
        "slow.jpg" => {
            let drip = futures::stream::unfold(0u32, |n| async move {
                tokio::time::sleep(Duration::from_millis(300)).await;
                (n < 100).then_some((Ok::<_, std::io::Error>(vec![0xffu8]), n + 1))
            });
            ([(header::CONTENT_TYPE, "image/jpeg")], Body::from_stream(drip)).into_response()
        }
        "loop.jpg" => (StatusCode::FOUND, [(header::LOCATION, "/p/loop.jpg")]).into_response(),
        "to-private.jpg" => (StatusCode::FOUND, [(header::LOCATION, "http://10.0.0.1/a.jpg")]).into_response(),
        "broken.jpg" => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Starts the picture server; returns its origin and its hit counter.
async fn picture_server() -> (String, Hits) {
    let hits: Hits = Arc::default();
    let router = Router::new().route("/p/{name}", get(serve_picture)).with_state(hits.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (origin, hits)
}

/// A feed of one offer per picture address (offer id = the address's file stem).
fn feed(origin: &str, names: &[&str], extra: &[(&str, &str)]) -> String {
    let mut offers = String::new();
    for name in names {
        let id = name.trim_end_matches(".jpg");
        offers.push_str(&format!(
            "<offer id=\"{id}\" available=\"true\"><price>100</price><currencyId>RUB</currencyId>\
             <picture>{origin}/p/{name}</picture><name>Товар {id}</name></offer>"
        ));
    }
    for (id, url) in extra {
        offers.push_str(&format!(
            "<offer id=\"{id}\" available=\"true\"><price>100</price><currencyId>RUB</currencyId>\
             <picture>{url}</picture><name>Товар {id}</name></offer>"
        ));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><yml_catalog date=\"2026-11-27 10:00\"><shop><name>Фото</name>\
         <currencies><currency id=\"RUB\" rate=\"1\"/></currencies><categories/><offers>{offers}</offers></shop></yml_catalog>"
    )
}

/// Waits until every picture was tried at least once (a minute at most): none is pending without a failed attempt.
async fn settled(app: &TestApp) -> vitrina::db::Db {
    let pool = app.pool().await;
    for _ in 0..600 {
        let pending: i64 = pool
            .raw_scalar("SELECT COUNT(*) FROM pictures WHERE state = 'pending' AND attempts = 0", &[])
            .await
            .unwrap();
        if pending == 0 {
            return pool;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("pictures still pending after a minute");
}

async fn failure_of(pool: &vitrina::db::Db, name: &str) -> (String, Option<String>) {
    pool.raw_rows("SELECT state, failure FROM pictures WHERE url LIKE $1", &[format!("%/{name}").into()])
        .await
        .unwrap()
        .remove(0)
}

/// The shop with its picture worker, on a database holding `feed` (no demo catalogue, whose pictures would be
/// fetched too).
async fn worker_app(feed: &str, timeout_ms: u64) -> TestApp {
    spawn_with_feed(feed, |args| {
        args.pictures.pictures_worker = true;
        args.pictures.pictures_timeout_ms = timeout_ms;
    })
    .await
}

#[tokio::test]
async fn pictures_are_fetched_derived_and_served_as_the_shops_own() {
    let (origin, hits) = picture_server().await;
    let names = ["photo.jpg", "small.jpg", "photo-again.jpg", "tagged.jpg"];
    let dir = tempfile::tempdir().unwrap();
    let pool = vitrina::db::connect(&crate::helpers::fresh_db(dir.path()).await).await.unwrap();
    // The import's summary counts the new addresses (checked on a database of its own).
    let summary =
        vitrina::feeds::import::import_feed(&pool, std::io::Cursor::new(feed(&origin, &names, &[]).into_bytes()), "t")
            .await
            .unwrap();
    assert_eq!((summary.pictures_new, summary.pictures.pending), (4, 4));
    pool.close().await;
    let app = worker_app(&feed(&origin, &names, &[]), 10_000).await;
    let pool = settled(&app).await;

    // The API names the shop's copy, never the feed's address.
    let offer = app.json("/api/offers/photo", 200).await;
    let picture = &offer["pictures"][0];
    let id = picture["id"].as_str().unwrap().to_owned();
    assert_eq!((picture["width"].as_u64(), picture["height"].as_u64()), (Some(700), Some(525)));
    assert!(!offer.to_string().contains(&origin), "{offer}");
    // The same bytes from two addresses are one copy.
    assert_eq!(app.json("/api/offers/photo-again", 200).await["pictures"][0]["id"], picture["id"]);

    // Every derivative is served at its width, in its format, cached for a year.
    for (width, format, media, expected) in [
        (160, "webp", "image/webp", image::ImageFormat::WebP),
        (640, "jpg", "image/jpeg", image::ImageFormat::Jpeg),
        // AVIF is made after the others, or on the spot when asked first.
        (320, "avif", "image/avif", image::ImageFormat::Avif),
    ] {
        let response = app.get(&format!("/pictures/{id}/{width}.{format}")).await;
        assert_eq!(response.status(), 200, "{width}.{format}");
        assert_eq!(response.headers()[header::CONTENT_TYPE], media);
        assert_eq!(response.headers()[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
        let bytes = response.bytes().await.unwrap();
        assert_eq!(image::guess_format(&bytes).unwrap(), expected);
        if format != "avif" {
            let decoded = image::load_from_memory(&bytes).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (width, width * 3 / 4));
        }
    }
    // A picture narrower than a slot is never enlarged.
    let bytes = app.get(&format!("/pictures/{id}/1280.webp")).await.bytes().await.unwrap();
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 700);
    // Only the slot widths and the three formats, of a copy the store holds.
    for path in [
        format!("/pictures/{id}/641.webp"),
        format!("/pictures/{id}/640.png"),
        format!("/pictures/{id}/original"),
        "/pictures/ffffffffffffffffffffffffffffffff/640.webp".to_owned(),
        "/pictures/..%2F..%2Fetc/640.webp".to_owned(),
    ] {
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }

    // The product page's head: Open Graph and JSON-LD name the own copy, and the picture is preloaded as the page's
    // `<picture>` will pick it.
    let html = app.get(offer["url"].as_str().unwrap()).await.text().await.unwrap();
    assert!(
        html.contains(&format!("<meta property=\"og:image\" content=\"https://shop.test/pictures/{id}/1280.jpg\">"))
    );
    assert!(html.contains(&format!("imagesrcset=\"/pictures/{id}/160.")), "{html}");
    assert!(!html.contains(&origin));

    // A re-import that keeps the addresses downloads nothing again; a refresh asks conditionally.
    let before = hits.lock().unwrap().clone();
    app.import(&feed(&origin, &["photo.jpg", "small.jpg", "photo-again.jpg", "tagged.jpg"], &[])).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(*hits.lock().unwrap(), before);
    vitrina::db::pictures::requeue(&pool, false, true).await.unwrap();
    let pool = settled(&app).await;
    let (state, _) = failure_of(&pool, "tagged.jpg").await;
    assert_eq!(state, "ready");
    assert_eq!(hits.lock().unwrap()["tagged.jpg"], 2);
    // Every AVIF is made in the background once nothing is to download.
    for _ in 0..600 {
        let counts = vitrina::db::pictures::counts(&pool).await.unwrap();
        if counts.avif_pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(vitrina::db::pictures::counts(&pool).await.unwrap().avif_pending, 0);
    assert_eq!(app.json("/api/offers/photo", 200).await["pictures"][0]["avif"], true);
}

#[tokio::test]
async fn every_bad_picture_is_recorded_with_its_reason_and_nothing_else_suffers() {
    let (origin, _) = picture_server().await;
    let names =
        ["html.jpg", "bomb.jpg", "huge.jpg", "slow.jpg", "loop.jpg", "to-private.jpg", "missing.jpg", "small.jpg"];
    let extra = [("private", "http://192.168.0.10/a.jpg"), ("metadata", "http://169.254.169.254/latest/meta-data")];
    let app = worker_app(&feed(&origin, &names, &extra), 1_500).await;
    let pool = settled(&app).await;
    for (name, state, code) in [
        ("html.jpg", "failed", "PICTURE_NOT_IMAGE"),
        ("bomb.jpg", "failed", "PICTURE_TOO_MANY_PIXELS"),
        ("huge.jpg", "failed", "PICTURE_TOO_LARGE"),
        ("loop.jpg", "failed", "PICTURE_REDIRECTS"),
        ("to-private.jpg", "failed", "PICTURE_ADDRESS_REFUSED"),
        ("missing.jpg", "failed", "PICTURE_HTTP_STATUS: HTTP 404"),
        ("a.jpg", "failed", "PICTURE_ADDRESS_REFUSED"),
        ("meta-data", "failed", "PICTURE_ADDRESS_REFUSED"),
        ("small.jpg", "ready", ""),
    ] {
        let (got_state, failure) = failure_of(&pool, name).await;
        assert_eq!(got_state, state, "{name}: {failure:?}");
        assert!(failure.unwrap_or_default().starts_with(code), "{name}");
    }
    // The slow-drip server hit the time-out: worth retrying, so still pending, with its reason.
    let (_, failure) = failure_of(&pool, "slow.jpg").await;
    assert!(failure.unwrap().starts_with("PICTURE_TIMEOUT"));
    // An offer whose picture failed shows none (the placeholder); the good one beside it is there.
    assert_eq!(app.json("/api/offers/html", 200).await["pictures"], serde_json::json!([]));
    assert_eq!(app.json("/api/offers/small", 200).await["pictures"].as_array().unwrap().len(), 1);

    // `vitrina pictures status` names each failure.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .args(["pictures", "status", "--json", "--db"])
        .arg(&app.db_path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["counts"]["ready"], 1);
    let failures = status["failures"].as_array().unwrap();
    assert!(failures.iter().any(|f| f["url"].as_str().unwrap().ends_with("/bomb.jpg")
        && f["failure"].as_str().unwrap().starts_with("PICTURE_TOO_MANY_PIXELS")));
}

#[tokio::test]
async fn a_5xx_is_retried_later_and_loopback_is_refused_unless_allowed() {
    let (origin, hits) = picture_server().await;
    let app = spawn_with_feed(&feed(&origin, &["small.jpg"], &[]), |args| {
        args.pictures.pictures_worker = true;
        args.pictures.pictures_allow_loopback = false;
    })
    .await;
    let pool = settled(&app).await;
    let (state, failure) = failure_of(&pool, "small.jpg").await;
    assert_eq!((state.as_str(), failure.unwrap().starts_with("PICTURE_ADDRESS_REFUSED")), ("failed", true));
    assert!(hits.lock().unwrap().is_empty(), "the loopback server was never asked");

    let open = worker_app(&feed(&origin, &["broken.jpg"], &[]), 10_000).await;
    let pool = open.pool().await;
    for _ in 0..300 {
        let (state, attempts): (String, i64) = pool
            .raw_rows("SELECT state, attempts FROM pictures WHERE url LIKE '%/broken.jpg'", &[])
            .await
            .unwrap()
            .remove(0);
        if attempts > 0 {
            // Pending again, not before the back-off.
            assert_eq!(state, "pending");
            let next: i64 = pool
                .raw_scalar("SELECT next_attempt_at FROM pictures WHERE url LIKE '%/broken.jpg'", &[])
                .await
                .unwrap();
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
            let wait = next - now;
            assert!(wait > 30, "{wait}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the 500 was never tried");
}

#[tokio::test]
async fn pictures_no_offer_names_are_swept_after_an_import() {
    let (origin, _) = picture_server().await;
    let app = worker_app(&feed(&origin, &["small.jpg", "tagged.jpg"], &[]), 10_000).await;
    let pool = settled(&app).await;
    app.import(&feed(&origin, &["small.jpg"], &[])).await;
    for _ in 0..300 {
        let rows: Vec<(String,)> = pool.raw_rows("SELECT url FROM pictures", &[]).await.unwrap();
        if rows.len() == 1 {
            assert!(rows[0].0.ends_with("/small.jpg"));
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the unused picture's row was not swept");
}

/// A feed of `(id, price, picture address)` offers.
fn priced_feed(offers: &[(&str, u32, &str)]) -> String {
    let offers: String = offers
        .iter()
        .map(|(id, price, url)| {
            format!(
                "<offer id=\"{id}\" available=\"true\"><price>{price}</price><currencyId>RUB</currencyId>\
                 <picture>{url}</picture><name>Товар {id}</name></offer>"
            )
        })
        .collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><yml_catalog date=\"2026-11-29 10:00\"><shop><name>Фото</name>\
         <currencies><currency id=\"RUB\" rate=\"1\"/></currencies><categories/><offers>{offers}</offers></shop></yml_catalog>"
    )
}

/// Issue 39: an import registers the addresses of the offers it writes, batch by batch, and sweeps only when an
/// address may have lost its last offer; the rows come out as a whole scan's would.
#[tokio::test]
async fn an_import_registers_the_pictures_of_what_it_wrote_and_sweeps_what_lost_its_offers() {
    let (u1, u2, u3) = ("http://192.0.2.1/p/1.jpg", "http://192.0.2.1/p/2.jpg", "http://192.0.2.1/p/3.jpg");
    let app = spawn_with_feed(&priced_feed(&[("a", 100, u1), ("b", 100, u2)]), |_| {}).await;
    let pool = app.pool().await;
    let rows = || async {
        let rows: Vec<(i64, String)> = pool.raw_rows("SELECT id, url FROM pictures ORDER BY id", &[]).await.unwrap();
        rows
    };
    let first = rows().await;
    assert_eq!(first.iter().map(|(_, url)| url.as_str()).collect::<Vec<_>>(), [u1, u2], "in the shop's order");

    let summary = app.import(&priced_feed(&[("a", 100, u1), ("b", 200, u2)])).await;
    assert_eq!((summary.offers_updated, summary.pictures_new), (1, 0));
    assert_eq!(rows().await, first, "a price changed: the rows stay as they were");

    let summary = app.import(&priced_feed(&[("a", 100, u1), ("b", 200, u3)])).await;
    assert_eq!((summary.offers_updated, summary.pictures_new), (1, 1));
    let urls: Vec<String> = rows().await.into_iter().map(|(_, url)| url).collect();
    assert_eq!(urls, [u1, u3], "the picture no offer names any more is swept, the new one registered");

    let summary = app.import(&priced_feed(&[("b", 200, u3), ("c", 100, u3)])).await;
    assert_eq!((summary.offers_added, summary.offers_removed, summary.pictures_new), (1, 1, 0));
    let urls: Vec<String> = rows().await.into_iter().map(|(_, url)| url).collect();
    assert_eq!(urls, [u3], "the offer taken off took its picture's row; the shared address is registered once");
}

/// The S3-compatible server `scripts/s3/with-server.sh` started (`VITRINA_TEST_S3`), with a new bucket on it: the
/// store's `s3://` URL. `None`, with a message, without one.
async fn fresh_bucket() -> Option<String> {
    let Some(server) = std::env::var("VITRINA_TEST_S3").ok().filter(|s| !s.is_empty()) else {
        eprintln!("skipped: pictures on S3 need an S3-compatible server (scripts/s3/with-server.sh)");
        return None;
    };
    let bucket = format!("vitrina-{:016x}", rand::random::<u64>());
    let made = reqwest::Client::new().put(format!("{server}/{bucket}")).send().await.unwrap();
    assert!(made.status().is_success(), "bucket {bucket}: {}", made.status());
    Some(format!("s3://{bucket}/shop"))
}

#[tokio::test]
async fn on_s3_one_instance_fetches_the_pictures_and_another_serves_them() {
    let Some(bucket) = fresh_bucket().await else { return };
    let (origin, hits) = picture_server().await;
    let with_bucket = |worker: bool| {
        let bucket = bucket.clone();
        move |args: &mut vitrina::config::ServeArgs| {
            args.pictures.pictures_url = Some(bucket);
            args.pictures.pictures_worker = worker;
        }
    };
    let fetching = spawn_with_feed(&feed(&origin, &["photo.jpg"], &[]), with_bucket(true)).await;
    settled(&fetching).await;
    let id = fetching.json("/api/offers/photo", 200).await["pictures"][0]["id"].as_str().unwrap().to_owned();

    // An instance without a worker, on its own database copy of nothing but the bucket, serves the same bytes: the
    // store is shared, not the process's.
    let serving =
        crate::helpers::spawn_configured(fetching.db_path.clone(), tempfile::tempdir().unwrap(), with_bucket(false))
            .await;
    for app in [&fetching, &serving] {
        let response = app.get(&format!("/pictures/{id}/640.webp")).await;
        assert_eq!(response.status(), 200, "{}", app.base);
        let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        assert_eq!(decoded.width(), 640);
    }
    // A derivative made on the spot by one instance is kept in the bucket for the other.
    assert_eq!(serving.get(&format!("/pictures/{id}/320.avif")).await.status(), 200);
    let listing = reqwest::get(format!(
        "{}/{}?list-type=2&prefix=shop/{}/{id}/",
        std::env::var("VITRINA_TEST_S3").unwrap(),
        bucket.trim_start_matches("s3://").split('/').next().unwrap(),
        &id[..2]
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    assert!(listing.contains("/original<") && listing.contains("/320.avif<"), "{listing}");
    assert_eq!(hits.lock().unwrap()["photo.jpg"], 1, "downloaded once");
    assert_eq!(serving.get("/pictures/ffffffffffffffffffffffffffffffff/640.webp").await.status(), 404);
}
