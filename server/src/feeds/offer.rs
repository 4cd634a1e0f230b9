//! An offer of a feed, checked and made ready to write (issue 3; issue 20 for the field limits): the price in minor
//! units, the name (or vendor and model) as plain text, the section, pictures whose addresses can be kept, the
//! description sanitised, every field cut to its limit. An offer that does not make sense is refused with the
//! reason the import summary gives.

use super::fields::{capped, plain};
use super::yml::RawOffer;
use crate::db::offers::ParamRow;
use crate::domain::money::{CurrencyCode, parse_price};
use crate::domain::pictures::PictureUrl;
use crate::limits::{
    FEED_SHORT_TEXT_MAX_CHARS, OFFER_DESCRIPTION_MAX_CHARS, OFFER_ID_MAX_CHARS, OFFER_NAME_MAX_CHARS, OFFER_PARAMS_MAX,
    OFFER_PICTURES_MAX, PICTURE_URL_MAX_BYTES,
};
use serde::Serialize;
use std::collections::HashSet;

/// An offer that passed validation, ready to be written.
#[derive(Debug, Clone, Serialize)]
pub(super) struct ValidOffer {
    pub(super) id: String,
    pub(super) section_id: Option<String>,
    pub(super) name: String,
    pub(super) price_minor: i64,
    pub(super) old_price_minor: Option<i64>,
    pub(super) currency_id: String,
    pub(super) available: bool,
    pub(super) vendor: Option<String>,
    pub(super) vendor_code: Option<String>,
    pub(super) description: Option<String>,
    /// Not part of the [`fingerprint`]: the storefront never shows it, and a shop moving host would otherwise mark
    /// every offer as updated.
    #[serde(skip)]
    pub(super) source_url: Option<String>,
    pub(super) pictures: Vec<String>,
    pub(super) params: Vec<ParamRow>,
    /// The product it is a variant of (YML `group_id`, issue 35); left out of the legacy fingerprint when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) group_id: Option<String>,
}

impl ValidOffer {
    /// The fingerprint imports stored before [`fingerprint`]: xxh3 of the checked offer's JSON form, 16 hex digits.
    /// An import that finds one stored compares the checked offer with it, and when they match stores the offer's
    /// new fingerprint in its place instead of rewriting it. The JSON is fed to the hasher as it is written; the
    /// digest is the one-shot one of the JSON that was stored.
    pub(super) fn legacy_fingerprint(&self) -> String {
        use std::hash::Hasher as _;
        /// An `io::Write` that hashes what is written.
        struct Hashing(twox_hash::XxHash3_64);
        impl std::io::Write for Hashing {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.write(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut hashing = Hashing(twox_hash::XxHash3_64::new());
        serde_json::to_writer(&mut hashing, self).expect("offer serialises");
        format!("{:016x}", hashing.0.finish())
    }
}

/// What every [`fingerprint`] starts with; a stored fingerprint without it is a [`ValidOffer::legacy_fingerprint`].
pub(super) const FINGERPRINT_PREFIX: &str = "r1:";

/// Bump when [`validate`] turns the same raw offer into a different one: a new rule, a cleaning change, an upgrade of
/// `ammonia` (the description's cleaning; a security fix above all). Unchanged offers are not checked again, so only
/// this reaches them: every stored fingerprint then differs once, and the next import checks and rewrites every
/// offer. The limits of `crate::limits` it applies are hashed in as well.
const FINGERPRINT_VERSION: u64 = 1;

/// The fingerprint of a raw offer as [`validate`] would see it, stored as the offer's `content_hash`: `r1:` and 16
/// hex digits of xxh3 over every field the storefront gets something from (not the `url`, which it never shows, nor
/// the line), the currency it would take (`default_currency` when it names none), whether its section is known, and
/// [`FINGERPRINT_VERSION`] with the limits. An import compares it with the stored one before checking: an offer whose
/// fingerprint is stored is unchanged and is not checked again (issue 39: the check, HTML cleaning and all, was a
/// third of a re-import's CPU, spent on the 99 % of offers that had not changed).
pub(super) fn fingerprint(raw: &RawOffer, default_currency: &str, sections: &HashSet<String>) -> String {
    use std::hash::Hasher as _;
    // Each text length-first, each optional one tagged, each list counted first, so that no two offers' fields run
    // into the same bytes.
    fn text(hasher: &mut twox_hash::XxHash3_64, text: Option<&str>) {
        match text {
            None => hasher.write_u8(0),
            Some(text) => {
                hasher.write_u8(1);
                hasher.write_u64(text.len() as u64);
                hasher.write(text.as_bytes());
            }
        }
    }
    let mut hasher = twox_hash::XxHash3_64::new();
    for limit in [
        FINGERPRINT_VERSION,
        FEED_SHORT_TEXT_MAX_CHARS as u64,
        OFFER_DESCRIPTION_MAX_CHARS as u64,
        OFFER_ID_MAX_CHARS as u64,
        OFFER_NAME_MAX_CHARS as u64,
        OFFER_PARAMS_MAX as u64,
        OFFER_PICTURES_MAX as u64,
        PICTURE_URL_MAX_BYTES as u64,
    ] {
        hasher.write_u64(limit);
    }
    text(&mut hasher, Some(raw.currency_id.as_deref().unwrap_or(default_currency)));
    hasher.write_u8(u8::from(raw.category_id.as_ref().is_some_and(|c| sections.contains(c))));
    for field in [
        &raw.available,
        &raw.kind,
        &raw.group_id,
        &raw.price,
        &raw.old_price,
        &raw.currency_id,
        &raw.category_id,
        &raw.name,
        &raw.type_prefix,
        &raw.vendor,
        &raw.model,
        &raw.vendor_code,
        &raw.description,
    ] {
        text(&mut hasher, field.as_deref());
    }
    hasher.write_u64(raw.pictures.len() as u64);
    for picture in &raw.pictures {
        text(&mut hasher, Some(picture));
    }
    hasher.write_u64(raw.params.len() as u64);
    for param in &raw.params {
        text(&mut hasher, Some(&param.name));
        text(&mut hasher, param.unit.as_deref());
        text(&mut hasher, Some(&param.value));
    }
    for (field, bytes) in &raw.oversized {
        text(&mut hasher, Some(field));
        hasher.write_u64(*bytes);
    }
    format!("{FINGERPRINT_PREFIX}{:016x}", hasher.finish())
}

/// A `<picture>` dropped by [`validate`]: the feed's text and why.
pub(super) type Dropped = (String, crate::domain::pictures::PictureUrlError);

/// A field [`validate`] cut: (field, what the feed had, what is kept), as in [`CutField`].
pub(super) type Cut = (&'static str, u64, u64);

/// An offer [`validate`] took, with the pictures it dropped and the fields it cut.
pub(super) struct Checked {
    pub(super) offer: ValidOffer,
    pub(super) dropped: Vec<Dropped>,
    pub(super) cuts: Vec<Cut>,
}

/// Checks a raw offer and turns it into a [`ValidOffer`] with the pictures it dropped and the fields it cut to
/// their limits (names and short texts as plain text: [`plain`]), or gives the reason to skip it.
pub(super) fn validate(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<Checked, String> {
    let id = raw.id.ok_or("offer has no id")?;
    if id.chars().count() > OFFER_ID_MAX_CHARS {
        return Err(format!("offer id is over {OFFER_ID_MAX_CHARS} characters"));
    }
    let mut cuts = Vec::new();
    let reader_bytes = |field: &str| raw.oversized.iter().find(|(f, _)| *f == field).map(|(_, bytes)| *bytes);
    let short = |text: Option<String>, field: &'static str, cuts: &mut Vec<Cut>| {
        text.map(|t| plain(&t))
            .filter(|t| !t.is_empty())
            .map(|t| capped(t, FEED_SHORT_TEXT_MAX_CHARS, field, None, cuts))
    };
    let type_prefix = short(raw.type_prefix, "typePrefix", &mut cuts);
    let vendor = short(raw.vendor, "vendor", &mut cuts);
    let model = short(raw.model, "model", &mut cuts);
    let vendor_code = short(raw.vendor_code, "vendorCode", &mut cuts);
    let own_name = raw.name.map(|n| plain(&n)).filter(|n| !n.is_empty());
    let name = if raw.kind.as_deref() == Some("vendor.model") || own_name.is_none() {
        let parts = [&type_prefix, &vendor, &model];
        let joined = parts.iter().filter_map(|p| p.as_deref()).collect::<Vec<_>>().join(" ");
        if model.is_some() { Some(joined) } else { own_name }
    } else {
        own_name
    };
    let name = name.ok_or("offer has no <name> (nor <vendor> and <model>)")?;
    let name = capped(name, OFFER_NAME_MAX_CHARS, "name", reader_bytes("name"), &mut cuts);
    let currency =
        CurrencyCode::parse(raw.currency_id.as_deref().unwrap_or(default_currency)).map_err(|e| e.to_string())?;
    let price_minor = parse_price(raw.price.as_deref().unwrap_or(""), &currency).map_err(|e| e.to_string())?;
    // A zero price is "price on request" (issue 35): listed and found, never sold (`db::basket::offer_state`).
    // An old price is only shown when it is a real discount; a bad one is dropped, not the offer.
    let old_price_minor = raw
        .old_price
        .as_deref()
        .and_then(|p| parse_price(p, &currency).ok())
        .filter(|old| price_minor > 0 && *old > price_minor);
    let available = !matches!(raw.available.as_deref().map(str::trim), Some("false" | "0" | "no" | "нет"));
    let section_id = raw.category_id.filter(|c| sections.contains(c));
    let mut pictures = Vec::new();
    let mut dropped = Vec::new();
    let had_pictures = raw.pictures.len();
    for picture in raw.pictures {
        match PictureUrl::parse(&picture) {
            Ok(url) => pictures.push(url.into_string()),
            Err(reason) => dropped.push((picture, reason)),
        }
    }
    if pictures.len() > OFFER_PICTURES_MAX {
        cuts.push(("pictures", had_pictures as u64, OFFER_PICTURES_MAX as u64));
        pictures.truncate(OFFER_PICTURES_MAX);
    }
    let description = raw
        .description
        .map(|d| capped(d, OFFER_DESCRIPTION_MAX_CHARS, "description", reader_bytes("description"), &mut cuts));
    if raw.params.len() > OFFER_PARAMS_MAX {
        cuts.push(("params", raw.params.len() as u64, OFFER_PARAMS_MAX as u64));
    }
    let param_bytes = reader_bytes("param");
    let params = raw
        .params
        .into_iter()
        .take(OFFER_PARAMS_MAX)
        .filter_map(|p| {
            let name = short(Some(p.name), "param", &mut cuts)?;
            let value = plain(&p.value);
            let value = capped(value, FEED_SHORT_TEXT_MAX_CHARS, "param", param_bytes, &mut cuts);
            (!value.is_empty()).then(|| ParamRow { name, value, unit: short(p.unit, "param", &mut cuts) })
        })
        .collect();
    let offer = ValidOffer {
        id,
        section_id,
        name,
        price_minor,
        old_price_minor,
        currency_id: currency.as_str().to_owned(),
        available,
        vendor,
        vendor_code,
        description: description.as_deref().map(sanitise_description).filter(|d| !d.is_empty()),
        // Not shown to shoppers: one too long to be an address is left out.
        source_url: raw.url.filter(|url| url.len() <= PICTURE_URL_MAX_BYTES),
        pictures,
        params,
        // A group id is an offer id's kind of text: one past the id's limit is dropped, the offer kept.
        group_id: raw
            .group_id
            .map(|g| g.trim().to_owned())
            .filter(|g| !g.is_empty() && g.chars().count() <= OFFER_ID_MAX_CHARS),
    };
    Ok(Checked { offer, dropped, cuts })
}

/// Whether the import would take `raw` (as [`validate`] decides, fingerprint included), or why it would skip it.
/// For the YML fuzz target (`server/fuzz`), which drives every parsed offer through the import's own checks.
pub fn check_offer(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<(), String> {
    drop(fingerprint(&raw, default_currency, sections));
    validate(raw, default_currency, sections).map(drop)
}

/// Cleans a feed description into safe HTML (ammonia's default allow-list). Plain text (no tags) keeps its
/// paragraphs (blank lines) and line breaks.
pub fn sanitise_description(raw: &str) -> String {
    let raw = raw.trim();
    if raw.contains('<') {
        return crate::domain::text::clean_html(raw);
    }
    let text = raw.replace("\r\n", "\n");
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            format!(
                "<p>{}</p>",
                p.lines().map(|l| quick_xml::escape::escape(l.trim())).collect::<Vec<_>>().join("<br>")
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feeds::yml::RawParam;

    /// [`validate`]'s offer, without the pictures it dropped.
    fn valid(raw: RawOffer, default_currency: &str, sections: &HashSet<String>) -> Result<ValidOffer, String> {
        validate(raw, default_currency, sections).map(|checked| checked.offer)
    }

    #[test]
    fn names_read_as_plain_text_and_every_field_is_cut_to_its_limit_and_reported() {
        let long = |n: usize| "слово ".repeat(n);
        let offer = RawOffer {
            name: Some("Диван &quot;Уют&quot;\n   угловой".into()),
            vendor: Some(long(100)),
            description: Some("d".repeat(OFFER_DESCRIPTION_MAX_CHARS + 1)),
            params: (0..OFFER_PARAMS_MAX + 5)
                .map(|n| super::super::yml::RawParam { name: format!("p{n}"), unit: None, value: long(60) })
                .collect(),
            pictures: (0..OFFER_PICTURES_MAX + 1).map(|n| format!("https://img.example/{n}.jpg")).collect(),
            ..raw("1", "10")
        };
        let checked = validate(offer, "RUB", &sections()).unwrap();
        assert_eq!(checked.offer.name, "Диван \"Уют\" угловой");
        assert!(checked.offer.vendor.as_ref().unwrap().chars().count() <= FEED_SHORT_TEXT_MAX_CHARS);
        assert_eq!(checked.offer.params.len(), OFFER_PARAMS_MAX);
        assert_eq!(checked.offer.pictures.len(), OFFER_PICTURES_MAX);
        let fields: Vec<&str> = checked.cuts.iter().map(|(field, ..)| *field).collect();
        assert_eq!(fields.iter().filter(|f| **f == "param").count(), OFFER_PARAMS_MAX);
        for field in ["vendor", "description", "params", "pictures"] {
            assert!(fields.contains(&field), "{field} in {fields:?}");
        }
        assert!(checked.cuts.contains(&("params", (OFFER_PARAMS_MAX + 5) as u64, OFFER_PARAMS_MAX as u64)));

        let long_id = RawOffer { id: Some("x".repeat(OFFER_ID_MAX_CHARS + 1)), ..raw("1", "10") };
        assert!(validate(long_id, "RUB", &sections()).is_err());
    }

    fn raw(id: &str, price: &str) -> RawOffer {
        RawOffer {
            id: Some(id.into()), name: Some("Пазл".into()), price: Some(price.into()), ..RawOffer::default()
        }
    }

    fn sections() -> HashSet<String> {
        HashSet::from(["1".to_owned()])
    }

    #[test]
    fn the_streamed_legacy_fingerprint_is_the_one_shot_one_of_the_json_stored_before() {
        // Legacy fingerprints were xxh3 of `serde_json::to_vec`: hashing as it writes must give the same. Long enough
        // to cross xxh3's 240-byte and 1 KiB boundaries, with escapes and Cyrillic.
        let params = (0..40)
            .map(|i| ParamRow {
                name: format!("Параметр \"{i}\""),
                value: "значение\\n".repeat(i),
                unit: (i % 3 == 0).then(|| "мм".to_owned()),
            })
            .collect();
        for params in [Vec::new(), params] {
            let mut offer = valid(raw("1", "10"), "RUB", &sections()).unwrap();
            offer.params = params;
            let json = serde_json::to_vec(&offer).unwrap();
            let one_shot = format!("{:016x}", twox_hash::XxHash3_64::oneshot(&json));
            assert_eq!(offer.legacy_fingerprint(), one_shot, "{} bytes of JSON", json.len());
        }
    }

    #[test]
    fn the_fingerprint_changes_with_what_the_storefront_gets_and_not_with_the_url_or_the_line() {
        let base = RawOffer {
            category_id: Some("1".into()),
            description: Some("<p>Описание</p>".into()),
            params: vec![RawParam { name: "Цвет".into(), unit: None, value: "синий".into() }],
            pictures: vec!["https://shop.example/1.jpg".into()],
            ..raw("1", "10")
        };
        let of = |raw: &RawOffer| fingerprint(raw, "RUB", &sections());
        let same = of(&base);
        assert!(same.starts_with("r1:") && same.len() == 19, "{same}");
        let moved = RawOffer { url: Some("https://new.example/1".into()), line: 99, ..base.clone() };
        assert_eq!(of(&moved), same);
        let changed = [
            RawOffer { price: Some("11".into()), ..base.clone() },
            RawOffer { name: Some("Пазл 2".into()), ..base.clone() },
            RawOffer { description: None, ..base.clone() },
            RawOffer { pictures: Vec::new(), ..base.clone() },
            RawOffer {
                params: vec![RawParam { name: "Цвет".into(), unit: Some("".into()), value: "синий".into() }],
                ..base.clone()
            },
            RawOffer { group_id: Some("g".into()), ..base.clone() },
            RawOffer { available: Some("false".into()), ..base.clone() },
            // Two fields' texts that would run together the same way.
            RawOffer { name: Some("Пазл".into()), vendor: Some("X".into()), ..base.clone() },
            RawOffer { name: Some("ПазлX".into()), ..base.clone() },
        ];
        let mut seen = HashSet::from([same.clone()]);
        for raw in &changed {
            assert!(seen.insert(of(raw)), "{raw:?} has the fingerprint of another");
        }
        // What the check would see besides the offer: its section known or not, the shop's currency when it names none.
        assert_ne!(fingerprint(&base, "RUB", &HashSet::new()), same);
        assert_ne!(fingerprint(&base, "KZT", &sections()), same);
        let priced_in = RawOffer { currency_id: Some("RUB".into()), ..base.clone() };
        assert_eq!(fingerprint(&priced_in, "KZT", &sections()), fingerprint(&priced_in, "RUB", &sections()));
    }

    #[test]
    fn an_offer_without_currency_takes_the_shop_default_and_rur_becomes_rub() {
        let o = valid(raw("1", "3.54"), "RUR", &sections()).unwrap();
        assert_eq!((o.price_minor, o.currency_id.as_str()), (354, "RUB"));
    }

    #[test]
    fn garbage_and_negative_prices_are_skipped_with_a_reason_and_zero_is_on_request() {
        let long = "5".repeat(100);
        assert!(valid(raw("1", &long), "KZT", &sections()).unwrap_err().contains("does not fit"));
        assert!(valid(raw("1", "-1"), "KZT", &sections()).unwrap_err().contains("negative"));
        assert!(valid(raw("1", "abc"), "KZT", &sections()).unwrap_err().contains("not a number"));
        assert_eq!(valid(raw("1", "0"), "KZT", &sections()).unwrap().price_minor, 0);
        let on_request = RawOffer { old_price: Some("5000".into()), ..raw("1", "0") };
        assert_eq!(valid(on_request, "KZT", &sections()).unwrap().old_price_minor, None, "no discount from nothing");
        assert!(valid(RawOffer { price: None, ..raw("1", "") }, "KZT", &sections()).is_err());
    }

    #[test]
    fn missing_available_means_in_stock_and_false_means_not() {
        assert!(valid(raw("1", "5"), "RUB", &sections()).unwrap().available);
        let off = RawOffer { available: Some("false".into()), ..raw("1", "5") };
        assert!(!valid(off, "RUB", &sections()).unwrap().available);
    }

    #[test]
    fn unknown_or_empty_category_leaves_the_offer_without_section() {
        let known = RawOffer { category_id: Some("1".into()), ..raw("1", "5") };
        assert_eq!(valid(known, "RUB", &sections()).unwrap().section_id.as_deref(), Some("1"));
        let unknown = RawOffer { category_id: Some("99".into()), ..raw("1", "5") };
        assert_eq!(valid(unknown, "RUB", &sections()).unwrap().section_id, None);
    }

    #[test]
    fn old_price_is_kept_only_when_it_is_a_discount() {
        let with = |old: &str| RawOffer { old_price: Some(old.into()), ..raw("1", "100") };
        assert_eq!(valid(with("150"), "RUB", &sections()).unwrap().old_price_minor, Some(15_000));
        assert_eq!(valid(with("100"), "RUB", &sections()).unwrap().old_price_minor, None);
        assert_eq!(valid(with("x"), "RUB", &sections()).unwrap().old_price_minor, None);
    }

    #[test]
    fn vendor_model_offers_are_named_from_their_parts() {
        let vm = RawOffer {
            kind: Some("vendor.model".into()),
            name: None,
            type_prefix: Some("Принтер".into()),
            vendor: Some("HP".into()),
            model: Some("LaserJet 1020".into()),
            ..raw("1", "5")
        };
        assert_eq!(valid(vm, "RUB", &sections()).unwrap().name, "Принтер HP LaserJet 1020");
        let nameless = RawOffer { name: None, ..raw("1", "5") };
        assert!(valid(nameless, "RUB", &sections()).unwrap_err().contains("no <name>"));
    }

    #[test]
    fn descriptions_are_sanitised_and_plain_text_keeps_its_lines() {
        assert_eq!(sanitise_description("<p onclick=\"x()\">Hi<script>alert(1)</script></p>"), "<p>Hi</p>");
        assert_eq!(sanitise_description("a & b\nc\n\nd"), "<p>a &amp; b<br>c</p><p>d</p>");
    }
}
