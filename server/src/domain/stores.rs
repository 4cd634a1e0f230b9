//! Stores (issue 8; spec §3 "Contact item (store)"): what a shop owner loads with `vitrina stores import FILE.json`
//! and what `GET /api/stores` answers, minus the computed fields (`today`, the rating). The file is a JSON list of
//! store objects; an answer of `GET /api/stores` saved to a file imports back unchanged (the computed fields are
//! ignored).

use crate::domain::working_hours::{DayHours, check_week};
use crate::limits::{MAX_MENU_URL_CHARS, MAX_STORES, STORE_CONTACTS_MAX, STORE_TEXT_MAX_CHARS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One way to reach the store (spec §3: "each a list of values with a description").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ContactValue {
    /// As the shopper should read it: `+7 495 123-45-67`, `vitrina_shop`, `shop@example.ru`. The front-end makes
    /// the link (`tel:`, `https://wa.me/…`, …) from it.
    pub value: String,
    /// What it is for ("Отдел продаж"); `null` or empty when nothing is said.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[schema(required)]
    pub description: Option<String>,
}

/// A point on the map, WGS 84 degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Coordinates {
    /// Latitude, −90..90.
    pub lat: f64,
    /// Longitude, −180..180.
    pub lon: f64,
}

/// A store as the shop owner describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreData {
    /// Positive and unique in the file; given in order (1, 2, …) when missing. The first store is the shop's main
    /// one: the header's contacts panel shows it.
    #[serde(default)]
    #[schema(value_type = i64, required)]
    pub id: Option<i64>,
    /// As shoppers know the store ("Витрина на Никольской").
    pub name: String,
    /// The store's picture: a path on this shop (`/demo/images/store.svg`) or an `http(s)` URL; `null` for none.
    #[serde(default, deserialize_with = "empty_as_none")]
    #[schema(required)]
    pub preview_picture: Option<String>,
    /// The street address, as written on a letter.
    pub address: String,
    /// Where the map puts the marker (spec §3 `map`); `null`: no map.
    #[serde(default)]
    #[schema(required)]
    pub map: Option<Coordinates>,
    /// IANA time zone of the working hours (`Europe/Moscow`).
    pub timezone: String,
    /// The week, one entry per weekday at most; a missing weekday says nothing about that day.
    #[serde(default)]
    #[schema(required)]
    pub working_hours: Vec<DayHours>,
    /// Phones: `tel:` links.
    #[serde(default)]
    #[schema(required)]
    pub phone: Vec<ContactValue>,
    /// WhatsApp numbers: `https://wa.me/<digits>` links.
    #[serde(default)]
    #[schema(required)]
    pub whatsapp: Vec<ContactValue>,
    /// Viber numbers: `viber://chat` links.
    #[serde(default)]
    #[schema(required)]
    pub viber: Vec<ContactValue>,
    /// Telegram names (`@name` or its `t.me` address).
    #[serde(default)]
    #[schema(required)]
    pub telegram: Vec<ContactValue>,
    /// Instagram names.
    #[serde(default)]
    #[schema(required)]
    pub instagram: Vec<ContactValue>,
    /// E-mail addresses: `mailto:` links.
    #[serde(default)]
    #[schema(required)]
    pub email: Vec<ContactValue>,
    /// Skype names.
    #[serde(default)]
    #[schema(required)]
    pub skype: Vec<ContactValue>,
}

fn empty_as_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let text: Option<String> = Option::deserialize(d)?;
    Ok(text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()))
}

impl StoreData {
    /// The contact lists with their keys, in the answer's order.
    pub fn contact_lists(&self) -> [(&'static str, &[ContactValue]); 7] {
        [
            ("phone", &self.phone),
            ("whatsapp", &self.whatsapp),
            ("viber", &self.viber),
            ("telegram", &self.telegram),
            ("instagram", &self.instagram),
            ("email", &self.email),
            ("skype", &self.skype),
        ]
    }
}

/// Reads a stores file: a JSON list of store objects (or one object).
pub fn parse_stores_file(text: &str) -> Result<Vec<StoreData>, serde_json::Error> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.is_array() { serde_json::from_value(value) } else { serde_json::from_value(value).map(|one| vec![one]) }
}

fn check_text(problems: &mut Vec<String>, place: &str, field: &str, text: &str, required: bool) {
    if required && text.trim().is_empty() {
        problems.push(format!("{place}: {field} is required"));
    } else if text.chars().count() > STORE_TEXT_MAX_CHARS {
        problems.push(format!("{place}: {field} is longer than {STORE_TEXT_MAX_CHARS} characters"));
    }
}

/// Checks stores before any is written and gives each its id (the given one, or its position counting from 1 when
/// none is given). Every problem is listed with the store it belongs to: at least one and at most [`MAX_STORES`]
/// stores; ids positive and unique (all given or none); name and address required; a known IANA time zone;
/// coordinates in range; a valid week ([`check_week`]); contact values non-empty, at most [`STORE_CONTACTS_MAX`] a
/// list; a picture that is a path or an http(s) URL.
pub fn validate_stores(stores: &mut [StoreData]) -> Vec<String> {
    let mut problems = Vec::new();
    if stores.is_empty() {
        problems.push("the file lists no store: give at least one".to_owned());
    }
    if stores.len() > MAX_STORES {
        problems.push(format!("{} stores: at most {MAX_STORES}", stores.len()));
    }
    let given = stores.iter().filter(|s| s.id.is_some()).count();
    if given != 0 && given != stores.len() {
        problems.push("give every store an id, or none".to_owned());
    }
    let mut ids = std::collections::HashSet::new();
    for (index, store) in stores.iter_mut().enumerate() {
        let place = format!("store {} ({:?})", index + 1, store.name.chars().take(40).collect::<String>());
        let id = *store.id.get_or_insert(i64::try_from(index + 1).unwrap_or(i64::MAX));
        if id <= 0 {
            problems.push(format!("{place}: id {id} is not positive"));
        } else if !ids.insert(id) {
            problems.push(format!("{place}: id {id} is used twice"));
        }
        check_text(&mut problems, &place, "name", &store.name, true);
        check_text(&mut problems, &place, "address", &store.address, true);
        if store.timezone.parse::<chrono_tz::Tz>().is_err() {
            problems
                .push(format!("{place}: timezone {:?} is not an IANA time zone (e.g. Europe/Moscow)", store.timezone));
        }
        if let Some(Coordinates { lat, lon }) = store.map
            && !(lat.is_finite() && lon.is_finite() && (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon))
        {
            problems.push(format!("{place}: map {lat}, {lon} is not a point (lat −90..90, lon −180..180)"));
        }
        if let Err(problem) = check_week(&store.working_hours) {
            problems.push(format!("{place}: workingHours: {}", problem.0));
        }
        if let Some(picture) = &store.preview_picture {
            let is_url = picture.starts_with('/') || picture.starts_with("https://") || picture.starts_with("http://");
            if !is_url || picture.chars().count() > MAX_MENU_URL_CHARS || picture.contains(char::is_whitespace) {
                problems.push(format!("{place}: previewPicture must be a path (/…) or an http(s) URL"));
            }
        }
        for (key, list) in store.contact_lists() {
            if list.len() > STORE_CONTACTS_MAX {
                problems.push(format!("{place}: {key} lists {} values: at most {STORE_CONTACTS_MAX}", list.len()));
            }
            for contact in list {
                check_text(&mut problems, &place, key, &contact.value, true);
                check_text(
                    &mut problems,
                    &place,
                    &format!("{key} description"),
                    contact.description.as_deref().unwrap_or(""),
                    false,
                );
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store(value: serde_json::Value) -> StoreData {
        serde_json::from_value(value).unwrap()
    }

    fn minimal() -> serde_json::Value {
        json!({"name": "Витрина", "address": "Москва, Тверская, 7", "timezone": "Europe/Moscow"})
    }

    #[test]
    fn a_minimal_store_is_valid_and_gets_id_1() {
        let mut stores = vec![store(minimal())];
        assert_eq!(validate_stores(&mut stores), Vec::<String>::new());
        assert_eq!(stores[0].id, Some(1));
        assert_eq!(stores[0].map, None);
    }

    #[test]
    fn an_api_answer_with_computed_fields_reads_as_the_store() {
        let mut answer = minimal();
        answer["today"] = json!({"day": "mon", "status": "OPEN"});
        answer["ratingValue"] = json!(4.5);
        answer["reviewsCount"] = json!(3);
        answer["phone"] = json!([{"value": "+7 495 123-45-67", "description": ""}]);
        let parsed = parse_stores_file(&json!([answer]).to_string()).unwrap();
        assert_eq!(parsed.len(), 1);
        assert_eq!(parsed[0].phone[0].description, None);
    }

    #[test]
    fn every_problem_is_listed_with_its_store() {
        let mut bad = minimal();
        bad["name"] = json!(" ");
        bad["timezone"] = json!("Mars/Olympus");
        bad["map"] = json!({"lat": 91.0, "lon": 0.0});
        bad["previewPicture"] = json!("javascript:alert(1)");
        bad["email"] = json!([{"value": ""}]);
        bad["workingHours"] = json!([{"day": "mon", "WORK_START": "09:00"}]);
        let mut stores = vec![store(bad)];
        let problems = validate_stores(&mut stores);
        for expected in
            ["name is required", "Mars/Olympus", "not a point", "previewPicture", "email is required", "both"]
        {
            assert!(
                problems.iter().any(|p| p.contains(expected) && p.starts_with("store 1")),
                "{expected}: {problems:?}"
            );
        }
    }

    #[test]
    fn ids_must_be_given_for_all_or_none_and_be_unique() {
        let mut a = minimal();
        a["id"] = json!(5);
        let mut stores = vec![store(a.clone()), store(minimal())];
        assert!(validate_stores(&mut stores).iter().any(|p| p.contains("every store an id")));
        let mut stores = vec![store(a.clone()), store(a)];
        assert!(validate_stores(&mut stores).iter().any(|p| p.contains("used twice")));
        assert!(validate_stores(&mut []).iter().any(|p| p.contains("no store")));
    }
}
