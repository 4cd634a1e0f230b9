//! 1C's exchange (issue 38) played over HTTP as 1C plays it, with the real CommerceML files of
//! `../shared/data/commerceml/` (2.07 from carono/php-commerceml, 2.10 from bigperson/exchange1c; skipped with a
//! message when absent, failing under CI): checkauth, init, chunked and zipped uploads, imports answering
//! `progress`, a changes-only exchange after a full one, and bad input that fails with a reason and changes nothing.

use crate::helpers::{TestApp, shared_data, spawn_app_with};
use std::io::Write;

const USER: &str = "1c-exchange";
const PASSWORD: &str = "обмен-пароль";

/// 1C's side of the exchange: its HTTP client and the session cookie `checkauth` named.
struct OneC<'a> {
    app: &'a TestApp,
    cookie: Option<String>,
}

/// An answer: the status and the body's lines.
struct Answer {
    status: u16,
    lines: Vec<String>,
}

impl Answer {
    fn first(&self) -> &str {
        self.lines.first().map_or("", String::as_str)
    }
}

impl<'a> OneC<'a> {
    fn new(app: &'a TestApp) -> Self {
        Self { app, cookie: None }
    }

    async fn call(&self, query: &str, body: Option<Vec<u8>>, auth: Option<(&str, &str)>) -> Answer {
        let url = format!("{}/1c/exchange?{query}", self.app.base);
        let mut request = match body {
            Some(body) => self.app.client.post(url).body(body),
            None => self.app.client.get(url),
        };
        if let Some((user, password)) = auth {
            request = request.basic_auth(user, Some(password));
        }
        if let Some(cookie) = &self.cookie {
            request = request.header("cookie", cookie);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        if status != 404 {
            let kind = response.headers()["content-type"].to_str().unwrap().to_owned();
            assert_eq!(kind, "text/plain; charset=utf-8", "{query}");
        }
        let text = response.text().await.unwrap();
        Answer { status, lines: text.lines().map(str::to_owned).collect() }
    }

    /// `mode=checkauth` with the right credentials, keeping the cookie it names.
    async fn login(&mut self) {
        let answer = self.call("type=catalog&mode=checkauth", None, Some((USER, PASSWORD))).await;
        assert_eq!((answer.status, answer.first()), (200, "success"), "{:?}", answer.lines);
        self.cookie = Some(format!("{}={}", answer.lines[1], answer.lines[2]));
    }

    /// `mode=init`: the exchange's `zip` and `file_limit`.
    async fn init(&self) -> (bool, usize) {
        let answer = self.call("type=catalog&mode=init", None, None).await;
        assert_eq!(answer.status, 200, "{:?}", answer.lines);
        let zip = answer.lines.iter().any(|l| l == "zip=yes");
        let limit = answer.lines.iter().find_map(|l| l.strip_prefix("file_limit=")).unwrap().parse().unwrap();
        (zip, limit)
    }

    /// Uploads `bytes` as `name` in `limit`-byte chunks, as 1C does.
    async fn upload(&self, name: &str, bytes: &[u8], limit: usize) {
        for chunk in bytes.chunks(limit) {
            let answer =
                self.call(&format!("type=catalog&mode=file&filename={name}"), Some(chunk.to_vec()), None).await;
            assert_eq!((answer.status, answer.first()), (200, "success"), "{name}: {:?}", answer.lines);
        }
    }

    /// Calls `mode=import` for `name` until it says something other than `progress`; the last answer and how many
    /// `progress` answers came first.
    async fn import(&self, name: &str) -> (Answer, usize) {
        for progress in 0..600 {
            let answer = self.call(&format!("type=catalog&mode=import&filename={name}"), None, None).await;
            if answer.first() != "progress" {
                return (answer, progress);
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the import of {name} never ended");
    }

    /// Logs in, begins an exchange, uploads `files` and imports each XML one in 1C's order: the import answers.
    async fn session(&mut self, files: &[(&str, Vec<u8>)]) -> Vec<(Answer, usize)> {
        self.login().await;
        let (_, limit) = self.init().await;
        for (name, bytes) in files {
            self.upload(name, bytes, limit).await;
        }
        let mut answers = Vec::new();
        for (name, _) in files.iter().filter(|(n, _)| n.ends_with(".xml")) {
            answers.push(self.import(name).await);
        }
        answers
    }
}

fn configured(args: &mut vitrina::config::ServeArgs) {
    args.exchange.exchange_user = Some(USER.into());
    args.exchange.exchange_password = Some(PASSWORD.into());
    args.facet_min_share = 0;
}

fn fixture(name: &str) -> Option<Vec<u8>> {
    shared_data(&format!("commerceml/{name}")).map(|path| std::fs::read(path).unwrap())
}

fn jpeg(seed: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([seed, (x * 6) as u8, (y * 8) as u8]));
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image).write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
    out.into_inner()
}

/// Waits until the listings show the latest import.
async fn settled(app: &TestApp) {
    let pool = app.pool().await;
    let import = vitrina::db::shop::content_version(&pool).await.unwrap().last_import;
    pool.close().await;
    app.wait_for_import(import).await;
}

fn ids(page: &serde_json::Value) -> Vec<String> {
    let mut ids: Vec<String> =
        page["items"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids
}

const BOOTS: &str = "bd72d910-55bc-11d9-848a-00112f43529a";
const SHOES: &str = "bd72d913-55bc-11d9-848a-00112f43529a";

#[tokio::test]
async fn a_whole_1c_session_from_real_files_makes_the_catalogue_browsable_searchable_and_filterable() {
    let (Some(import), Some(offers)) = (fixture("import.xml"), fixture("offers.xml")) else { return };
    let app = spawn_app_with(|args| {
        configured(args);
        // Each `mode=import` answers `progress` at once, as a long import does; chunks of 16 KB, so 1C splits the
        // 60 KB catalogue.
        args.exchange.exchange_step_ms = 0;
        args.exchange.exchange_file_limit = 16 * 1024;
        args.pictures.pictures_worker = true;
    })
    .await;
    let mut one_c = OneC::new(&app);

    // Wrong credentials, and a call without a session, fail with a reason.
    let wrong = one_c.call("type=catalog&mode=checkauth", None, Some((USER, "wrong"))).await;
    assert_eq!((wrong.status, wrong.first()), (401, "failure"));
    let anonymous = one_c.call("type=catalog&mode=init", None, None).await;
    assert_eq!((anonymous.status, anonymous.first()), (401, "failure"));
    assert!(anonymous.lines[1].contains("checkauth"), "{:?}", anonymous.lines);

    one_c.login().await;
    assert_eq!(one_c.init().await, (true, 16 * 1024));
    let picture = jpeg(7);
    let picture_name = "import_files/9d/9da00149441011e19bb10015174048b8_0e01fd9e204611e8b2a794de807044d1.jpg";
    one_c.upload("import.xml", &import, 16 * 1024).await;
    one_c.upload(picture_name, &picture, 16 * 1024).await;
    one_c.upload("offers.xml", &offers, 16 * 1024).await;
    let (catalogue, progress) = one_c.import("import.xml").await;
    assert_eq!(catalogue.first(), "success", "{:?}", catalogue.lines);
    assert!(progress >= 1, "a long import answers progress first");
    let (priced, _) = one_c.import("offers.xml").await;
    assert_eq!(priced.first(), "success", "{:?}", priced.lines);
    settled(&app).await;

    // Browsable: the demo catalogue made room, the two goods' five offers are listed in their group's section.
    let all = app.json("/api/offers?perPage=100", 200).await;
    assert_eq!(all["total"], 2, "two products: {all}");
    let offer = app.json(&format!("/api/offers/{BOOTS}%2390c55447-d3a8-11e4-9423-e0cb4ed5eed4"), 200).await;
    assert_eq!(offer["name"], "Женские ботфорты коричневые (38)");
    assert_eq!((offer["price"].as_i64(), offer["currencyId"].as_str()), (Some(1719), Some("RUB")));
    assert_eq!(offer["available"], true);
    assert_eq!(offer["vendorCode"], "Б-130001");
    assert_eq!(offer["groupId"], BOOTS);
    let params = offer["params"].as_array().unwrap();
    let param = |name: &str| params.iter().find(|p| p["name"] == name).map(|p| p["value"].as_str().unwrap().to_owned());
    assert_eq!(param("Производитель").as_deref(), Some("Обувной комбинат"), "{params:?}");
    assert_eq!(param("Цвет").as_deref(), Some("Коричневый"));
    let section = offer["sectionId"].as_str().unwrap().to_owned();
    assert_eq!(section, "e5a4c309-a659-11dd-acee-0015e9b8c48d");
    let listed = app.json(&format!("/api/sections/{section}/offers"), 200).await;
    assert_eq!(listed["total"], 2);

    // Searchable and filterable.
    let found = app.json("/api/search?q=%D0%B1%D0%BE%D1%82%D1%84%D0%BE%D1%80%D1%82%D1%8B", 200).await;
    assert!(found["items"].as_array().unwrap().iter().any(|o| o["id"].as_str().unwrap().starts_with(BOOTS)), "{found}");
    let size = app.json("/api/offers?p.%D0%A0%D0%B0%D0%B7%D0%BC%D0%B5%D1%80=40", 200).await;
    assert_eq!(size["total"], 1, "{size}");
    assert_eq!(size["items"][0]["groupId"], BOOTS);

    // The picture 1C sent reaches the page as the shop's own.
    let mut shown = serde_json::Value::Null;
    for _ in 0..200 {
        shown = app.json(&format!("/api/offers/{BOOTS}%2390c55447-d3a8-11e4-9423-e0cb4ed5eed4"), 200).await;
        if !shown["pictures"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let id = shown["pictures"][0]["id"].as_str().expect("the picture became the shop's own").to_owned();
    assert_eq!((shown["pictures"][0]["width"].as_i64(), shown["pictures"][0]["height"].as_i64()), (Some(40), Some(30)));
    assert_eq!(app.get(&format!("/pictures/{id}/160.jpg")).await.status(), 200);

    // The import log holds the exchange with its counts.
    let pool = app.pool().await;
    let sources: Vec<(String, i64)> =
        pool.raw_rows("SELECT source, offers_added FROM imports ORDER BY id", &[]).await.unwrap();
    assert_eq!(sources.last().cloned(), Some(("1c:import.xml".to_owned(), 5)), "{sources:?}");
}

#[tokio::test]
async fn a_zipped_exchange_then_a_changes_only_one_touch_only_what_they_name() {
    let (Some(import), Some(offers)) = (fixture("import.xml"), fixture("offers.xml")) else { return };
    let app = spawn_app_with(configured).await;
    let mut one_c = OneC::new(&app);
    let archive = zip_of(&[("import.xml", &import), ("offers.xml", &offers)]);
    one_c.login().await;
    let (zip, limit) = one_c.init().await;
    assert!(zip);
    one_c.upload("exchange.zip", &archive, limit).await;
    for name in ["import.xml", "offers.xml"] {
        let (answer, _) = one_c.import(name).await;
        assert_eq!(answer.first(), "success", "{name}: {:?}", answer.lines);
    }
    settled(&app).await;
    assert_eq!(app.json("/api/offers", 200).await["total"], 2);

    // 1C's next exchange names only what changed: one price, one offer deleted.
    let changes = r#"<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <ТипыЦен><ТипЦены><Ид>bb14a3a4-6b17-11e0-9819-e0cb4ed5eed4</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения>
      <Предложение><Ид>bd72d913-55bc-11d9-848a-00112f43529a#90c55449-d3a8-11e4-9423-e0cb4ed5eed4</Ид>
        <Цены><Цена><ИдТипаЦены>bb14a3a4-6b17-11e0-9819-e0cb4ed5eed4</ИдТипаЦены><ЦенаЗаЕдиницу>999</ЦенаЗаЕдиницу><Валюта>руб</Валюта></Цена></Цены>
        <Количество>0</Количество>
      </Предложение>
      <Предложение><Ид>bd72d913-55bc-11d9-848a-00112f43529a#ad5de1b6-ca90-11dd-ad02-0015e9b8c48d</Ид><Статус>Удален</Статус></Предложение>
      <Предложение><Ид>bd72d910-55bc-11d9-848a-00112f43529a#90c55447-d3a8-11e4-9423-e0cb4ed5eed4</Ид>
        <Цены><Цена><ИдТипаЦены>bb14a3a4-6b17-11e0-9819-e0cb4ed5eed4</ИдТипаЦены><ЦенаЗаЕдиницу>20</ЦенаЗаЕдиницу><Валюта>у.е.</Валюта></Цена></Цены>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>"#;
    let mut next = OneC::new(&app);
    let answers = next.session(&[("offers.xml", changes.as_bytes().to_vec())]).await;
    assert_eq!(answers[0].0.first(), "success", "{:?}", answers[0].0.lines);
    assert!(answers[0].0.lines[1].contains("1 updated, 1 removed, 1 skipped"), "{:?}", answers[0].0.lines);
    settled(&app).await;
    let unknown = app.json(&format!("/api/offers/{BOOTS}%2390c55447-d3a8-11e4-9423-e0cb4ed5eed4"), 200).await;
    assert_eq!(unknown["price"].as_i64(), Some(1719), "an unknown currency is reported, never guessed: {unknown}");
    let changed = app.json(&format!("/api/offers/{SHOES}%2390c55449-d3a8-11e4-9423-e0cb4ed5eed4"), 200).await;
    assert_eq!((changed["price"].as_i64(), changed["available"].as_bool()), (Some(999), Some(false)));
    assert_eq!(changed["name"], "Ботинки женские демисезонные (35)", "the name an earlier exchange gave is kept");
    let gone = app.get(&format!("/api/offers/{SHOES}%23ad5de1b6-ca90-11dd-ad02-0015e9b8c48d")).await;
    assert_eq!(gone.status(), 404);
    let kept = app.json(&format!("/api/offers/{BOOTS}%23e5a4c316-a659-11dd-acee-0015e9b8c48d"), 200).await;
    assert_eq!(kept["price"].as_i64(), Some(1496), "an offer the changes do not name is untouched");

    // A whole offers package alone (no classifier in it) keeps the sections: they are the classifier's to drop.
    let section = "e5a4c309-a659-11dd-acee-0015e9b8c48d";
    let only_offers = OneC::new(&app).session(&[("offers.xml", offers.clone())]).await;
    assert_eq!(only_offers[0].0.first(), "success", "{:?}", only_offers[0].0.lines);
    settled(&app).await;
    assert_eq!(app.json(&format!("/api/sections/{section}/offers"), 200).await["total"], 2);

    // A full exchange again lists everything and brings the deleted offer back.
    let mut again = OneC::new(&app);
    let answers = again.session(&[("import.xml", import), ("offers.xml", offers)]).await;
    assert!(answers.iter().all(|(a, _)| a.first() == "success"));
    settled(&app).await;
    let back = app.json(&format!("/api/offers/{SHOES}%2390c55449-d3a8-11e4-9423-e0cb4ed5eed4"), 200).await;
    assert_eq!(back["price"].as_i64(), Some(1309));
    assert_eq!(app.get(&format!("/api/offers/{SHOES}%23ad5de1b6-ca90-11dd-ad02-0015e9b8c48d")).await.status(), 200);
}

#[tokio::test]
async fn the_2_10_files_sell_at_the_configured_price_type_and_show_the_old_one() {
    let (Some(import), Some(offers)) = (fixture("v2.10/import.xml"), fixture("v2.10/offers.xml")) else { return };
    let app = spawn_app_with(|args| {
        configured(args);
        args.exchange.exchange_price_type = Some("ЦП".into());
        args.exchange.exchange_old_price_type = Some("a5d63ccd-7df9-11e8-80fc-0050569b0657".into());
    })
    .await;
    let answers = OneC::new(&app).session(&[("import.xml", import), ("offers.xml", offers)]).await;
    assert!(answers.iter().all(|(a, _)| a.first() == "success"), "{:?}", answers[0].0.lines);
    settled(&app).await;
    let all = app.json("/api/offers?perPage=100", 200).await;
    assert_eq!(all["total"], 1, "one product, two variants: {all}");
    let offer =
        app.json("/api/offers/ffce323d-c133-11e8-8111-0050569b2b72%238a4e5ea9-d129-11e8-8112-0050569b2b72", 200).await;
    assert_eq!((offer["price"].as_i64(), offer["oldPrice"].as_i64()), (Some(10500), Some(15500)));
    assert_eq!(offer["currencyId"], "RUB", "руб is the rouble");
    let colour = offer["params"].as_array().unwrap().iter().find(|p| p["name"] == "Цвет").unwrap().clone();
    assert_eq!(colour["value"], "Бежевый");
}

#[tokio::test]
async fn without_a_price_type_set_offers_sell_at_the_first_type_1c_lists() {
    let (Some(import), Some(offers)) = (fixture("v2.10/import.xml"), fixture("v2.10/offers.xml")) else { return };
    let app = spawn_app_with(configured).await;
    let answers = OneC::new(&app).session(&[("import.xml", import), ("offers.xml", offers)]).await;
    assert!(answers.iter().all(|(a, _)| a.first() == "success"), "{:?}", answers[0].0.lines);
    settled(&app).await;
    let offer =
        app.json("/api/offers/ffce323d-c133-11e8-8111-0050569b2b72%238a4e5ea9-d129-11e8-8112-0050569b2b72", 200).await;
    // ЦПУ is listed first (15,500); the types' names in order would give ЦП (10,500).
    assert_eq!(offer["price"].as_i64(), Some(15500), "{offer}");
}

#[tokio::test]
async fn newer_1c_splits_one_unload_into_guid_named_files_that_apply_as_one_package() {
    let head = r#"<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10">"#;
    let classifier = format!(
        r#"{head}<Классификатор><Ид>k</Ид><Наименование>К</Наименование>
<Группы><Группа><Ид>g</Ид><Наименование>Чайники</Наименование></Группа></Группы>
<Свойства><Свойство><Ид>p</Ид><Наименование>Объём</Наименование><ТипЗначений>Справочник</ТипЗначений>
<ВариантыЗначений><Справочник><ИдЗначения>v1</ИдЗначения><Значение>1,7 л</Значение></Справочник></ВариантыЗначений></Свойство></Свойства>
</Классификатор></КоммерческаяИнформация>"#
    );
    let goods = format!(
        r#"{head}<Каталог СодержитТолькоИзменения="false"><Ид>c</Ид><Товары>
<Товар><Ид>t</Ид><Наименование>Чайник электрический</Наименование><Группы><Ид>g</Ид></Группы>
<ЗначенияСвойств><ЗначенияСвойства><Ид>p</Ид><Значение>v1</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>
</Товары></Каталог></КоммерческаяИнформация>"#
    );
    let offers = format!(
        r#"{head}<ПакетПредложений СодержитТолькоИзменения="false"><Ид>c#</Ид>
<ТипыЦен><ТипЦены><Ид>r</Ид><Наименование>Розничная</Наименование><Валюта>руб</Валюта></ТипЦены></ТипыЦен>
<Предложения><Предложение><Ид>t</Ид><Наименование>Чайник электрический</Наименование>
<Цены><Цена><ИдТипаЦены>r</ИдТипаЦены><ЦенаЗаЕдиницу>2490</ЦенаЗаЕдиницу></Цена></Цены><Количество>3</Количество></Предложение>
</Предложения></ПакетПредложений></КоммерческаяИнформация>"#
    );
    let rests = format!(
        r#"{head}<ПакетПредложений СодержитТолькоИзменения="false"><Предложения>
<Предложение><Ид>t</Ид><Остатки><Остаток><Склад><Ид>s</Ид><Количество>0</Количество></Склад></Остаток></Остатки></Предложение>
</Предложения></ПакетПредложений></КоммерческаяИнформация>"#
    );
    let app = spawn_app_with(configured).await;
    let files = [
        ("goods/1/import___1b2f.xml", classifier.into_bytes()),
        ("goods/1/import___9c01.xml", goods.into_bytes()),
        ("goods/1/offers___77aa.xml", offers.into_bytes()),
        ("goods/1/rests___0c3d.xml", rests.into_bytes()),
    ];
    let answers = OneC::new(&app).session(&files).await;
    for (answer, _) in &answers {
        assert_eq!(answer.first(), "success", "{:?}", answer.lines);
    }
    settled(&app).await;
    let offer = app.json("/api/offers/t", 200).await;
    assert_eq!((offer["price"].as_i64(), offer["available"].as_bool()), (Some(2490), Some(false)), "{offer}");
    assert_eq!(offer["params"][0]["name"], "Объём", "the classifier of another file names the value: {offer}");
    assert_eq!(offer["params"][0]["value"], "1,7 л");
    assert_eq!(offer["sectionId"], "g");
    let pool = app.pool().await;
    let imports: i64 = pool.raw_scalar("SELECT COUNT(*) FROM imports WHERE source LIKE '1c:%'", &[]).await.unwrap();
    assert_eq!(imports, 1, "one unload, one package, one transaction");
}

#[tokio::test]
async fn bad_input_fails_with_a_reason_and_changes_nothing() {
    let (Some(import), Some(offers)) = (fixture("import.xml"), fixture("offers.xml")) else { return };
    let app = spawn_app_with(|args| {
        configured(args);
        args.login_attempts = 3;
        args.exchange.exchange_dir_max_mb = 8;
    })
    .await;
    settled(&app).await;
    let demo = ids(&app.json("/api/offers?perPage=100", 200).await);
    assert!(!demo.is_empty());

    let mut one_c = OneC::new(&app);
    one_c.login().await;
    let (_, limit) = one_c.init().await;

    // Names that leave the exchange's folder.
    for name in ["../evil.xml", "%2Fetc%2Fpasswd", "a%2F..%2F..%2Fx.xml", "C:%5Cx.xml"] {
        let answer = one_c.call(&format!("type=catalog&mode=file&filename={name}"), Some(b"x".to_vec()), None).await;
        assert_eq!((answer.status, answer.first()), (400, "failure"), "{name}");
    }
    // Importing a file never uploaded fails at once, naming it.
    let missing = one_c.call("type=catalog&mode=import&filename=offers.xml", None, None).await;
    assert_eq!((missing.status, missing.first()), (400, "failure"), "{:?}", missing.lines);
    assert!(missing.lines[1].contains("not uploaded"), "{:?}", missing.lines);
    // A body over file_limit.
    let big = one_c.call("type=catalog&mode=file&filename=big.xml", Some(vec![b'x'; limit + 1]), None).await;
    assert_eq!(big.status, 413);

    // A zip bomb: a small archive unpacking past what the folder may hold (8 MiB here).
    let bomb = zip_of(&[("import.xml", &vec![0u8; 20 * 1024 * 1024])]);
    assert!(bomb.len() < 100 * 1024, "{} bytes", bomb.len());
    one_c.upload("bomb.zip", &bomb, limit).await;
    let (refused, _) = one_c.import("import.xml").await;
    assert_eq!(refused.first(), "failure");
    assert!(refused.lines[1].contains("bomb.zip"), "{:?}", refused.lines);

    // A truncated XML.
    one_c.init().await;
    let cut = &import[..import.len() / 2];
    one_c.upload("import.xml", cut, limit).await;
    let (truncated, _) = one_c.import("import.xml").await;
    assert_eq!(truncated.first(), "failure");
    assert!(truncated.lines[1].contains("line"), "{:?}", truncated.lines);

    // An offer whose good no exchange has sent.
    one_c.init().await;
    one_c.upload("offers.xml", &offers, limit).await;
    let (orphan, _) = one_c.import("offers.xml").await;
    assert_eq!(orphan.first(), "failure");
    assert!(orphan.lines[1].contains(BOOTS), "{:?}", orphan.lines);

    settled(&app).await;
    assert_eq!(ids(&app.json("/api/offers?perPage=100", 200).await), demo, "nothing was half applied");

    // An unknown price type: the whole exchange is refused.
    let strict = spawn_app_with(|args| {
        configured(args);
        args.exchange.exchange_price_type = Some("Оптовая".into());
    })
    .await;
    settled(&strict).await;
    let before = ids(&strict.json("/api/offers?perPage=100", 200).await);
    let answers = OneC::new(&strict).session(&[("import.xml", import), ("offers.xml", offers)]).await;
    assert_eq!(answers[0].0.first(), "failure");
    assert!(answers[0].0.lines[1].contains("Оптовая"), "{:?}", answers[0].0.lines);
    assert_eq!(ids(&strict.json("/api/offers?perPage=100", 200).await), before);

    // Failed authentications are limited as log-ins are.
    let mut last = 0;
    for _ in 0..4 {
        last = one_c.call("type=catalog&mode=checkauth", None, Some((USER, "guess"))).await.status;
    }
    assert_eq!(last, 429);
}

/// A shopper's order of `quantity` of offer `offer` (an e-mail given); the visitor and the order's number.
async fn place_order<'a>(app: &'a TestApp, offer: &str, quantity: u32) -> (crate::helpers::Visitor<'a>, String) {
    let visitor = app.visitor().await;
    let added = visitor.post("/api/basket/items", &serde_json::json!({"offerId": offer, "quantity": quantity})).await;
    assert_eq!(added.status(), 200, "{:?}", added.text().await);
    let body = serde_json::json!({"name": "Анна Смирнова", "phone": "+7 912 345-67-89", "phoneCountry": "ru",
        "email": "anna@example.test", "city": "Пермь", "address": "ул. Ленина, 1", "deliveryMethod": "courier",
        "paymentMethod": "cash"});
    let response = visitor.post("/api/orders", &body).await;
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let number = response.json::<serde_json::Value>().await.unwrap()["number"].as_str().unwrap().to_owned();
    (visitor, number)
}

/// Runs the independent lxml reader (`scripts/commerceml/check-orders.sh`) on `document` against the real 1C order
/// document; its summary.
fn checked(document: &[u8], version: &str, encoding: &str, bom: bool) -> Option<serde_json::Value> {
    let fixture = shared_data("commerceml/orders.xml")?;
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("orders.xml");
    std::fs::write(&ours, document).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/commerceml/check-orders.sh");
    let out = std::process::Command::new(script)
        .args([ours.as_os_str(), fixture.as_os_str()])
        .args([version, encoding, if bom { "bom" } else { "nobom" }])
        .output()
        .expect("the checker runs");
    assert!(out.status.success(), "the checker refused the document: {}", String::from_utf8_lossy(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

impl OneC<'_> {
    /// `type=sale&mode=query`: the document's bytes.
    async fn query(&self) -> Vec<u8> {
        let url = format!("{}/1c/exchange?type=sale&mode=query", self.app.base);
        let response = self.app.client.get(url).header("cookie", self.cookie.as_deref().unwrap()).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.bytes().await.unwrap().to_vec()
    }
}

fn numbers(summary: &serde_json::Value) -> Vec<String> {
    let mut numbers: Vec<String> =
        summary["numbers"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_owned()).collect();
    numbers.sort();
    numbers
}

#[tokio::test]
async fn orders_go_to_1c_as_commerceml_until_it_says_success_and_its_statuses_reach_the_shopper() {
    let (Some(import), Some(offers), Some(from_1c)) =
        (fixture("import.xml"), fixture("offers.xml"), fixture("orders.xml"))
    else {
        return;
    };
    let app = spawn_app_with(configured).await;
    let mut one_c = OneC::new(&app);
    let answers = one_c.session(&[("import.xml", import), ("offers.xml", offers)]).await;
    assert!(answers.iter().all(|(a, _)| a.first() == "success"));
    settled(&app).await;
    let (shopper, first) = place_order(&app, &format!("{BOOTS}#90c55447-d3a8-11e4-9423-e0cb4ed5eed4"), 2).await;
    let (_, second) = place_order(&app, &format!("{SHOES}#90c55449-d3a8-11e4-9423-e0cb4ed5eed4"), 1).await;

    assert_eq!(one_c.call("type=sale&mode=init", None, None).await.status, 200);
    // The cursor lags the query by a margin and sends again what changed in it (a repeat, never a loss): the query
    // comes after the margin, as 1C's come minutes after the orders.
    let margin = u64::try_from(vitrina::limits::EXCHANGE_ORDERS_MARGIN_S).unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(margin * 1000 + 1100)).await;
    let document = one_c.query().await;
    let Some(summary) = checked(&document, "2.10", "utf-8", true) else { return };
    assert_eq!(numbers(&summary), [first.clone(), second.clone()]);
    assert_eq!(summary["sums"][&first], "3438");
    let text = String::from_utf8(document).unwrap();
    assert!(text.contains(&format!("<Ид>{BOOTS}#90c55447-d3a8-11e4-9423-e0cb4ed5eed4</Ид>")), "1C's own offer ids");
    assert!(text.contains("<ИдКаталога>07cfe53d-5145-4c4e-a81c-899be39cc5bd</ИдКаталога>"), "1C's catalogue id");
    assert!(text.contains("<Наименование>Доставка курьером</Наименование>"), "the delivery is a line");

    // No `success`: the exchange failed half-way, so the same orders come again.
    let again = checked(&one_c.query().await, "2.10", "utf-8", true).unwrap();
    assert_eq!(numbers(&again), [first.clone(), second.clone()]);
    assert_eq!(one_c.call("type=sale&mode=success", None, None).await.first(), "success");
    assert_eq!(checked(&one_c.query().await, "2.10", "utf-8", true).unwrap()["documents"], 0);

    // 1C says the first order is paid: the shopper sees it, by 1C, with a mail.
    let paid = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10"><Контейнер><Документ>
  <Ид>{first}</Ид><Номер>ТК-000123</Номер><ХозОперация>Заказ товара</ХозОперация>
  <ЗначенияРеквизитов>
    <ЗначениеРеквизита><Наименование>Проведен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
    <ЗначениеРеквизита><Наименование>Заказ оплачен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
    <ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>Оплачен</Значение></ЗначениеРеквизита>
  </ЗначенияРеквизитов>
</Документ></Контейнер></КоммерческаяИнформация>"#
    );
    let back = one_c.call("type=sale&mode=file&filename=orders.xml", Some(paid.into_bytes()), None).await;
    assert_eq!((back.status, back.first()), (200, "success"), "{:?}", back.lines);
    assert!(back.lines[1].contains("1 changed"), "{:?}", back.lines);
    let order: serde_json::Value = shopper.get(&format!("/api/orders/{first}")).await.json().await.unwrap();
    assert_eq!(order["status"], "paid", "{order}");
    let pool = app.pool().await;
    let history: Vec<(String, String)> = pool
        .raw_rows(
            "SELECT h.actor_kind, h.new_status FROM order_history h JOIN orders o ON o.id = h.order_id
             WHERE o.number = $1 ORDER BY h.id",
            &[first.as_str().into()],
        )
        .await
        .unwrap();
    assert_eq!(history, [("1c".to_owned(), "paid".to_owned())]);
    let mails: i64 = pool.raw_scalar("SELECT COUNT(*) FROM outbox WHERE topic = 'order_status'", &[]).await.unwrap();
    assert_eq!(mails, 1, "the shopper's mail of 1C's change");

    // The same document again changes nothing; the real 1C document (windows-1251) names an order the shop lacks.
    let repeat = one_c.call("type=sale&mode=file&filename=orders.xml", Some(format!(
        "<КоммерческаяИнформация><Документ><Ид>{first}</Ид><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Заказ оплачен</Наименование><Значение>true</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></КоммерческаяИнформация>"
    ).into_bytes()), None).await;
    assert!(repeat.lines[1].contains("0 changed, 1 unchanged"), "{:?}", repeat.lines);
    let real = one_c.call("type=sale&mode=file&filename=orders.xml", Some(from_1c), None).await;
    assert!(real.lines[1].contains("1 unknown"), "{:?}", real.lines);

    // The order 1C changed goes back at the next query, the other does not.
    assert_eq!(numbers(&checked(&one_c.query().await, "2.10", "utf-8", true).unwrap()), [first]);
    // A truncated document is refused with its place.
    let cut = one_c.call("type=sale&mode=file&filename=orders.xml", Some(b"<A><B>".to_vec()), None).await;
    assert_eq!(cut.first(), "failure");
}

#[tokio::test]
async fn older_1c_builds_get_2_07_documents_in_windows_1251_without_containers() {
    let feed = r#"<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-28 10:00"><shop><name>Магазин</name><currencies><currency id="RUB" rate="1"/></currencies>
<categories><category id="1">Игрушки</category></categories><offers>
<offer id="a" available="true"><name>Пазл «Котёнок» ₽</name><price>1480.50</price><currencyId>RUB</currencyId><categoryId>1</categoryId></offer>
</offers></shop></yml_catalog>"#;
    let app = crate::helpers::spawn_with_feed(feed, |args| {
        configured(args);
        args.exchange.exchange_schema = vitrina::exchange::sale::SaleSchema::V207;
        args.exchange.exchange_encoding = vitrina::exchange::sale::SaleEncoding::Windows1251;
        args.exchange.exchange_bom = false;
    })
    .await;
    let (_, number) = place_order(&app, "a", 3).await;
    let mut one_c = OneC::new(&app);
    one_c.login().await;
    let document = one_c.query().await;
    let Some(summary) = checked(&document, "2.07", "windows-1251", false) else { return };
    assert_eq!(numbers(&summary), std::slice::from_ref(&number));
    assert_eq!(summary["sums"][&number], "4441.5");
    let (text, _, bad) = encoding_rs::WINDOWS_1251.decode(&document);
    assert!(!bad);
    assert!(text.contains("Пазл «Котёнок» &#8381;"), "a character windows-1251 lacks is a reference");
}

#[tokio::test]
async fn a_staff_account_of_the_exchange_role_authenticates_1c_and_not_the_back_office() {
    let app = spawn_app_with(|_| {}).await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .args(["staff", "add", "1c@shop.test", "--role", "exchange", "--public-url", "https://shop.test", "--db"])
        .arg(&app.db_path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    let token = printed.split_whitespace().find_map(|w| w.split_once("/admin/set-password#")).unwrap().1.to_owned();

    let mut office = crate::helpers::Visitor::with_cookie(&app, "", "");
    let session: serde_json::Value = office.get("/api/admin/session").await.json().await.unwrap();
    office.token = session["csrfToken"].as_str().unwrap().to_owned();
    let set = office.post("/api/admin/password", &serde_json::json!({"token": token, "password": "обмен с 1С"})).await;
    assert_eq!(set.status(), 204);
    let login =
        office.post("/api/admin/login", &serde_json::json!({"email": "1c@shop.test", "password": "обмен с 1С"})).await;
    assert_eq!(login.status(), 401, "an exchange account is no back-office log-in");

    let one_c = OneC::new(&app);
    let wrong = one_c.call("type=catalog&mode=checkauth", None, Some(("1c@shop.test", "guess"))).await;
    assert_eq!(wrong.status, 401);
    let right = one_c.call("type=catalog&mode=checkauth", None, Some(("1C@shop.test", "обмен с 1С"))).await;
    assert_eq!((right.status, right.first()), (200, "success"), "{:?}", right.lines);
    // No exchange user is configured: the configured path takes nothing, not even empty credentials.
    let empty = one_c.call("type=catalog&mode=checkauth", None, Some(("", ""))).await;
    assert_eq!(empty.status, 401);
}

#[tokio::test]
async fn the_cli_applies_a_folder_1c_unloaded_to_as_the_exchange_does() {
    let app = spawn_app_with(|_| {}).await;
    let dir = tempfile::tempdir().unwrap();
    let binary = env!("CARGO_BIN_EXE_vitrina");
    let generated = std::process::Command::new(binary)
        .arg("generate-commerceml")
        .arg(dir.path())
        .args(["--offers", "60"])
        .output()
        .unwrap();
    assert!(generated.status.success(), "{}", String::from_utf8_lossy(&generated.stderr));
    let run = || {
        std::process::Command::new(binary)
            .args(["exchange", "import", "--json", "--pictures-dir"])
            .arg(app.dir.join("pictures"))
            .arg(dir.path())
            .arg("--db")
            .arg(&app.db_path)
            .output()
            .unwrap()
    };
    let out = run();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((summary["offersAdded"].as_u64(), summary["offersSkipped"].as_u64()), (Some(60), Some(0)), "{summary}");
    settled(&app).await;
    let products = app.json("/api/offers?perPage=1", 200).await["total"].as_u64().unwrap();
    assert!((40..60).contains(&products), "60 offers, some variants of one product: {products} products");
    let again: serde_json::Value = serde_json::from_slice(&run().stdout).unwrap();
    assert_eq!(
        (again["offersAdded"].as_u64(), again["offersUpdated"].as_u64()),
        (Some(0), Some(0)),
        "unchanged: {again}"
    );

    let empty = tempfile::tempdir().unwrap();
    let nothing = std::process::Command::new(binary)
        .args(["exchange", "import"])
        .arg(empty.path())
        .arg("--db")
        .arg(&app.db_path)
        .output()
        .unwrap();
    assert!(!nothing.status.success());
    assert!(String::from_utf8_lossy(&nothing.stderr).contains("no CommerceML file"));
}
