//! `vitrina generate-feed`: a deterministic synthetic YML feed of any size, for benchmarks and load tests.
//!
//! The same `offers` and `seed` always give the same bytes (ChaCha8, a portable generator). About 30 % of the
//! offers are unavailable and about 20 % carry an old price; each has 4–13 params (issue 35: weights and part counts
//! with units, a 300-value series, as a real feed's facets); about a fifth are variants of a product (`group_id`, 2
//! to 5 of one name, section and vendor, each in its own colour); sections form a 2-level tree.

use quick_xml::escape::escape;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, Write};

const TOP: [&str; 12] = [
    "Конструкторы",
    "Пазлы",
    "Настольные игры",
    "Куклы",
    "Машинки",
    "Творчество",
    "Книги",
    "Спорт",
    "Развивающие игрушки",
    "Мягкие игрушки",
    "Электроника",
    "Канцтовары",
];
const SUB: [&str; 8] = [
    "для малышей",
    "для школьников",
    "для всей семьи",
    "подарочные наборы",
    "премиум",
    "новинки сезона",
    "классика",
    "мини",
];
const KINDS: [&str; 16] = [
    "Конструктор",
    "Пазл",
    "Игра",
    "Кукла",
    "Машинка",
    "Набор для творчества",
    "Книга",
    "Мяч",
    "Сортер",
    "Мозаика",
    "Робот",
    "Пирамидка",
    "Кубики",
    "Лото",
    "Домино",
    "Фломастеры",
];
const ADJECTIVES: [&str; 14] = [
    "Весёлый",
    "Большой",
    "Деревянный",
    "Магнитный",
    "Городской",
    "Лесной",
    "Морской",
    "Космический",
    "Волшебный",
    "Музыкальный",
    "Яркий",
    "Умный",
    "Северный",
    "Сказочный",
];
const THEMES: [&str; 14] = [
    "зоопарк",
    "гараж",
    "замок",
    "ферма",
    "океан",
    "космодром",
    "цирк",
    "поезд",
    "остров",
    "город",
    "сад",
    "домик",
    "аэропорт",
    "маяк",
];
const BRANDS: [&str; 10] =
    ["Радуга", "Умка", "Светлячок", "Мастерица", "Кубик", "Сказка", "Юниор", "Полянка", "Звёздочка", "Мир игр"];
const MATERIALS: [&str; 5] = ["дерево", "пластик", "картон", "текстиль", "металл"];
const COLOURS: [&str; 7] = ["красный", "синий", "зелёный", "жёлтый", "разноцветный", "белый", "оранжевый"];
const PICTURES: [&str; 6] = ["blocks", "puzzle", "boardgame", "doll", "car", "paints"];

/// Seed offset of the stream [`write_more_params`] draws from.
const MORE_PARAMS_STREAM: u64 = 0x35_35_35_35;

/// Seed offset of the stream that gathers offers into products of variants (issue 35).
const GROUPS_STREAM: u64 = 0x0062_0035;

/// One product of several variants being written: its `group_id`, the variants left to write, and what they share
/// (the first one's name, section and vendor).
struct Group {
    id: String,
    left: u32,
    written: usize,
    name: String,
    leaf: usize,
    brand: &'static str,
}
const COUNTRIES: [&str; 10] =
    ["Россия", "Китай", "Беларусь", "Германия", "Дания", "Польша", "Турция", "Казахстан", "Италия", "Вьетнам"];
const PACKAGES: [&str; 5] = ["коробка", "пакет", "блистер", "тубус", "без упаковки"];

/// The parameters a real feed's offers also carry, as the facets need them (issue 35: 5 to 15 per offer with the
/// three above, some numeric with units, one with hundreds of values): weight, part count, country, series (300
/// values), packaging, batteries, warranty.
fn write_more_params(out: &mut impl Write, rng: &mut ChaCha8Rng) -> io::Result<()> {
    writeln!(out, "<param name=\"Вес\" unit=\"г\">{}</param>", rng.random_range(5..500) * 10)?;
    if rng.random_ratio(3, 5) {
        writeln!(out, "<param name=\"Количество деталей\" unit=\"шт\">{}</param>", rng.random_range(1..1000))?;
    }
    if rng.random_ratio(4, 5) {
        writeln!(out, "<param name=\"Страна\">{}</param>", COUNTRIES[rng.random_range(0..COUNTRIES.len())])?;
    }
    if rng.random_ratio(7, 10) {
        writeln!(out, "<param name=\"Серия\">Серия {}</param>", rng.random_range(1..=300))?;
    }
    if rng.random_ratio(1, 2) {
        writeln!(out, "<param name=\"Упаковка\">{}</param>", PACKAGES[rng.random_range(0..PACKAGES.len())])?;
    }
    if rng.random_ratio(2, 5) {
        writeln!(out, "<param name=\"Батарейки\">{}</param>", if rng.random_bool(0.5) { "да" } else { "нет" })?;
    }
    if rng.random_ratio(3, 10) {
        writeln!(out, "<param name=\"Гарантия\" unit=\"мес\">{}</param>", [6, 12, 24][rng.random_range(0..3)])?;
    }
    Ok(())
}

/// Writes a YML feed of `offers` offers generated from `seed` to `out`.
pub fn write_feed(out: &mut impl Write, offers: u64, seed: u64) -> io::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The facets' parameters (issue 35) come from a stream of their own: the offers' names, prices and sections stay
    // what they were for the same seed.
    let mut more = ChaCha8Rng::seed_from_u64(seed ^ MORE_PARAMS_STREAM);
    // Products of 2 to 5 variants (issue 35), from a stream of their own as well: about a fifth of the offers (a
    // product starts at one offer in 15 of those outside one, 3.5 variants each). A variant shares its product's name,
    // section and vendor, and differs by colour.
    let mut grouping = ChaCha8Rng::seed_from_u64(seed ^ GROUPS_STREAM);
    let mut group: Option<Group> = None;
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        out,
        "<yml_catalog date=\"2026-11-01 00:00\">\n<shop>\n<name>Генератор</name>\n<company>Vitrina synthetic feed</company>"
    )?;
    writeln!(
        out,
        "<url>http://127.0.0.1:8080/</url>\n<currencies><currency id=\"RUB\" rate=\"1\"/></currencies>\n<categories>"
    )?;
    let mut leaves = Vec::new();
    for (t, top) in TOP.iter().enumerate() {
        let top_id = (t + 1) * 100;
        writeln!(out, "<category id=\"{top_id}\">{top}</category>")?;
        for (s, sub) in SUB.iter().enumerate() {
            let id = top_id + s + 1;
            writeln!(out, "<category id=\"{id}\" parentId=\"{top_id}\">{top} {sub}</category>")?;
            leaves.push(id);
        }
    }
    writeln!(out, "</categories>\n<offers>")?;
    for n in 1..=offers {
        let kind = KINDS[rng.random_range(0..KINDS.len())];
        let name = format!(
            "{kind} «{} {}» {} {}",
            ADJECTIVES[rng.random_range(0..ADJECTIVES.len())],
            THEMES[rng.random_range(0..THEMES.len())],
            BRANDS[rng.random_range(0..BRANDS.len())],
            n
        );
        let price: u32 = rng.random_range(9..2500) * 10;
        let kopecks = if rng.random_ratio(1, 10) { format!(".{}", rng.random_range(10..99)) } else { String::new() };
        let available = !rng.random_ratio(3, 10);
        if group.as_ref().is_some_and(|g| g.left == 0) {
            group = None;
        }
        if group.is_none() && grouping.random_ratio(1, 15) {
            group = Some(Group {
                id: format!("P{n}"),
                left: grouping.random_range(2..=5),
                written: 0,
                name: name.clone(),
                leaf: grouping.random_range(0..leaves.len()),
                brand: BRANDS[grouping.random_range(0..BRANDS.len())],
            });
        }
        match &group {
            Some(g) => writeln!(out, "<offer id=\"G{n}\" group_id=\"{}\" available=\"{available}\">", g.id)?,
            None => writeln!(out, "<offer id=\"G{n}\" available=\"{available}\">")?,
        }
        writeln!(out, "<price>{price}{kopecks}</price>")?;
        if rng.random_ratio(1, 5) {
            writeln!(out, "<oldprice>{}</oldprice>", price + price * rng.random_range(10..60) / 100)?;
        }
        let leaf = leaves[rng.random_range(0..leaves.len())];
        let picture = PICTURES[rng.random_range(0..PICTURES.len())];
        let brand = BRANDS[rng.random_range(0..BRANDS.len())];
        // A variant's colour: its place in its product, so no two variants of one product share one.
        let variant_colour = group.as_ref().map(|g| COLOURS[g.written % COLOURS.len()]);
        let (leaf, name, brand) = match &group {
            Some(g) => (leaves[g.leaf], format!("{}, {}", g.name, variant_colour.unwrap_or_default()), g.brand),
            None => (leaf, name, brand),
        };
        writeln!(out, "<currencyId>RUB</currencyId>\n<categoryId>{leaf}</categoryId>")?;
        writeln!(out, "<picture>/demo/images/{picture}.png</picture>")?;
        writeln!(out, "<name>{}</name>", escape(name.as_str()))?;
        writeln!(out, "<vendor>{brand}</vendor>\n<vendorCode>SKU-{n:07}</vendorCode>")?;
        writeln!(
            out,
            "<description><![CDATA[<p>{kind} для детей и взрослых. Подходит для игр дома и в дороге.</p>]]></description>"
        )?;
        writeln!(out, "<param name=\"Возраст\" unit=\"лет\">от {}</param>", rng.random_range(1..12))?;
        writeln!(out, "<param name=\"Материал\">{}</param>", MATERIALS[rng.random_range(0..MATERIALS.len())])?;
        let colour = COLOURS[rng.random_range(0..COLOURS.len())];
        writeln!(out, "<param name=\"Цвет\">{}</param>", variant_colour.unwrap_or(colour))?;
        if let Some(g) = group.as_mut() {
            g.left -= 1;
            g.written += 1;
        }
        for _ in 0..rng.random_range(0..4) {
            writeln!(out, "<param name=\"Размер\" unit=\"см\">{}</param>", rng.random_range(5..80))?;
        }
        write_more_params(out, &mut more)?;
        writeln!(out, "</offer>")?;
    }
    writeln!(out, "</offers>\n</shop>\n</yml_catalog>")
}

/// The YML feed of [`write_feed`] as 1C would send the same catalogue (issue 38's benchmark): `import.xml` (the
/// sections as `Группы`, the parameters as `Свойства`, one `Товар` per product) to `import`, and `offers.xml` (a
/// retail and an old price type, one `Предложение` per offer: a product's variants `PRODUCT#OFFER` with their colour
/// as a characteristic) to `offers_out`, in CommerceML 2.10. Streams: the feed is read as it is generated, through a
/// pipe, so memory does not grow with `offers`. A product's variants share its first variant's parameters (1C keeps
/// them on the good), so they differ only in colour where the YML's also differ in random parameters.
///
/// # Errors
/// Writing to `import` or `offers_out`.
pub fn write_commerceml(
    import: &mut impl Write,
    offers_out: &mut impl Write,
    offers: u64,
    seed: u64,
) -> io::Result<()> {
    use super::yml::{FeedItem, YmlReader};
    let (reader, writer) = std::io::pipe()?;
    let producer = std::thread::spawn(move || -> io::Result<()> {
        let mut out = io::BufWriter::new(writer);
        write_feed(&mut out, offers, seed)?;
        out.flush()
    });
    let mut yml = YmlReader::new(reader)?;
    let head = |out: &mut dyn Write| -> io::Result<()> {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<КоммерческаяИнформация xmlns=\"urn:1C.ru:commerceml_210\" ВерсияСхемы=\"2.10\" ДатаФормирования=\"2026-11-01T00:00:00\">"
        )
    };
    head(import)?;
    head(offers_out)?;
    writeln!(
        offers_out,
        "<ПакетПредложений СодержитТолькоИзменения=\"false\"><Ид>generated#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>generated</ИдКаталога>"
    )?;
    writeln!(
        offers_out,
        "<ТипыЦен><ТипЦены><Ид>retail</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены>"
    )?;
    writeln!(
        offers_out,
        "<ТипЦены><Ид>old</Ид><Наименование>Старая</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен><Предложения>"
    )?;
    let mut categories: Vec<(String, Option<String>, String)> = Vec::new();
    let mut in_catalogue = false;
    let mut last_group: Option<String> = None;
    let property = |name: &str| format!("p-{}", name.to_lowercase().replace(' ', "-"));
    while let Some(item) = yml.next_item().map_err(io::Error::other)? {
        match item {
            FeedItem::Category { id, parent_id, name } => categories.push((id, parent_id, name)),
            FeedItem::Offer(offer) => {
                if !in_catalogue {
                    in_catalogue = true;
                    writeln!(
                        import,
                        "<Классификатор><Ид>generated</Ид><Наименование>Классификатор</Наименование><Группы>"
                    )?;
                    for (id, _, name) in categories.iter().filter(|(_, parent, _)| parent.is_none()) {
                        write!(
                            import,
                            "<Группа><Ид>{id}</Ид><Наименование>{}</Наименование><Группы>",
                            escape(name.as_str())
                        )?;
                        for (child, _, name) in categories.iter().filter(|(_, parent, _)| parent.as_deref() == Some(id))
                        {
                            write!(
                                import,
                                "<Группа><Ид>{child}</Ид><Наименование>{}</Наименование></Группа>",
                                escape(name.as_str())
                            )?;
                        }
                        writeln!(import, "</Группы></Группа>")?;
                    }
                    writeln!(import, "</Группы><Свойства>")?;
                    for name in [
                        "Возраст",
                        "Материал",
                        "Цвет",
                        "Размер",
                        "Вес",
                        "Количество деталей",
                        "Страна",
                        "Серия",
                        "Упаковка",
                        "Батарейки",
                        "Гарантия",
                    ] {
                        writeln!(
                            import,
                            "<Свойство><Ид>{}</Ид><Наименование>{name}</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>",
                            property(name)
                        )?;
                    }
                    writeln!(import, "</Свойства></Классификатор>")?;
                    writeln!(
                        import,
                        "<Каталог СодержитТолькоИзменения=\"false\"><Ид>generated</Ид><ИдКлассификатора>generated</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>"
                    )?;
                }
                let id = offer.id.clone().unwrap_or_default();
                let name = offer.name.clone().unwrap_or_default();
                let (good, new_good) = match &offer.group_id {
                    Some(group) => (group.clone(), last_group.as_deref() != Some(group)),
                    None => (id.clone(), true),
                };
                last_group = offer.group_id.clone();
                if new_good {
                    let good_name = if offer.group_id.is_some() {
                        name.rsplit_once(", ").map_or(name.as_str(), |(n, _)| n)
                    } else {
                        &name
                    };
                    writeln!(
                        import,
                        "<Товар><Ид>{good}</Ид><Артикул>{}</Артикул><Наименование>{}</Наименование>",
                        escape(offer.vendor_code.as_deref().unwrap_or_default()),
                        escape(good_name)
                    )?;
                    writeln!(
                        import,
                        "<Группы><Ид>{}</Ид></Группы><Описание>{}</Описание>",
                        offer.category_id.as_deref().unwrap_or_default(),
                        escape(offer.description.as_deref().unwrap_or_default())
                    )?;
                    writeln!(
                        import,
                        "<Изготовитель><Ид>{0}</Ид><Наименование>{0}</Наименование></Изготовитель><ЗначенияСвойств>",
                        escape(offer.vendor.as_deref().unwrap_or_default())
                    )?;
                    for param in offer.params.iter().filter(|p| offer.group_id.is_none() || p.name != "Цвет") {
                        writeln!(
                            import,
                            "<ЗначенияСвойства><Ид>{}</Ид><Значение>{}</Значение></ЗначенияСвойства>",
                            property(&param.name),
                            escape(param.value.as_str())
                        )?;
                    }
                    writeln!(import, "</ЗначенияСвойств></Товар>")?;
                }
                let offer_id = if offer.group_id.is_some() { format!("{good}#{id}") } else { id.clone() };
                write!(
                    offers_out,
                    "<Предложение><Ид>{offer_id}</Ид><Наименование>{}</Наименование>",
                    escape(name.as_str())
                )?;
                if offer.group_id.is_some() {
                    let colour = offer.params.iter().find(|p| p.name == "Цвет").map_or("", |p| p.value.as_str());
                    write!(
                        offers_out,
                        "<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование><Значение>{colour}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>"
                    )?;
                }
                write!(
                    offers_out,
                    "<Цены><Цена><ИдТипаЦены>retail</ИдТипаЦены><ЦенаЗаЕдиницу>{}</ЦенаЗаЕдиницу><Валюта>руб</Валюта></Цена>",
                    offer.price.as_deref().unwrap_or_default()
                )?;
                if let Some(old) = &offer.old_price {
                    write!(
                        offers_out,
                        "<Цена><ИдТипаЦены>old</ИдТипаЦены><ЦенаЗаЕдиницу>{old}</ЦенаЗаЕдиницу><Валюта>руб</Валюта></Цена>"
                    )?;
                }
                let stock = if offer.available.as_deref() == Some("false") { 0 } else { 5 };
                writeln!(offers_out, "</Цены><Количество>{stock}</Количество></Предложение>")?;
            }
            FeedItem::ShopField(..) | FeedItem::Currency { .. } => {}
        }
    }
    producer.join().map_err(|_| io::Error::other("the feed generator panicked"))??;
    writeln!(import, "</Товары></Каталог></КоммерческаяИнформация>")?;
    writeln!(offers_out, "</Предложения></ПакетПредложений></КоммерческаяИнформация>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_feed_and_another_seed_another() {
        let feed = |seed| {
            let mut out = Vec::new();
            write_feed(&mut out, 50, seed).unwrap();
            out
        };
        assert_eq!(feed(7), feed(7));
        assert_ne!(feed(7), feed(8));
        let text = String::from_utf8(feed(7)).unwrap();
        assert_eq!(text.matches("<offer ").count(), 50);
    }

    #[test]
    fn about_a_fifth_of_the_offers_are_variants_of_a_product() {
        let mut out = Vec::new();
        write_feed(&mut out, 5000, 1).unwrap();
        let text = String::from_utf8(out).unwrap();
        let grouped = text.matches(" group_id=").count();
        assert!((750..=1250).contains(&grouped), "{grouped} of 5000");
        // A product's variants share its section and differ in colour.
        let between = |text: &str, from: &str, to: &str| -> String {
            let start = text.find(from).map(|at| at + from.len()).unwrap_or_default();
            text[start..].split(to).next().unwrap_or_default().to_owned()
        };
        let mut products: std::collections::HashMap<String, Vec<(String, String)>> = Default::default();
        for offer in text.split("<offer ").skip(1).filter(|o| o.contains(" group_id=")) {
            let facts = (between(offer, "<categoryId>", "<"), between(offer, "<param name=\"Цвет\">", "<"));
            products.entry(between(offer, "group_id=\"", "\"")).or_default().push(facts);
        }
        for variants in products.values() {
            assert!(variants.len() >= 2, "{variants:?}");
            assert!(variants.iter().all(|(section, _)| *section == variants[0].0), "{variants:?}");
            let colours: std::collections::HashSet<&String> = variants.iter().map(|(_, c)| c).collect();
            assert_eq!(colours.len(), variants.len(), "{variants:?}");
        }
    }

    #[test]
    fn the_commerceml_pair_holds_the_feeds_offers_with_products_as_goods_and_variants_as_characteristics() {
        use crate::feeds::commerceml::{CmlItem, CmlReader};
        let (mut import, mut offers) = (Vec::new(), Vec::new());
        write_commerceml(&mut import, &mut offers, 300, 3).unwrap();
        let read = |bytes: Vec<u8>| {
            let mut reader = CmlReader::new(std::io::Cursor::new(bytes)).unwrap();
            let mut items = Vec::new();
            while let Some(item) = reader.next_item().unwrap() {
                items.push(item);
            }
            items
        };
        let goods = read(import).into_iter().filter(|i| matches!(i, CmlItem::Good(_))).count();
        let offers: Vec<_> =
            read(offers).into_iter().filter_map(|i| if let CmlItem::Offer(o) = i { Some(*o) } else { None }).collect();
        assert_eq!(offers.len(), 300);
        let variants = offers.iter().filter(|o| o.id.contains('#')).count();
        assert!(variants > 20, "{variants}");
        assert!(goods < 300 && goods > 200, "{goods} goods: one per product");
        assert!(offers.iter().all(|o| o.prices.as_ref().is_some_and(|p| !p.is_empty())));
    }
}
