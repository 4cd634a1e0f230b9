//! The validation of a shopper's submission against a form's definition, with the spec's message codes (§5).

use super::USER_CONSENT;
use super::definition::{DEFAULT_DATE_FORMAT, FieldType, FormDefinition, FormField, YesNo, chrono_date_format};
use crate::domain::contact::{Email, Phone, is_phone_text};
use crate::limits::{DEFAULT_PHONE_COUNTRY, FORM_TEXTAREA_MAX_CHARS, FORM_VALUE_MAX_CHARS, MASK_STEP};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// One problem with a submission: a message code of spec §5 (or ours) and the field code at fault.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldError {
    /// `FORMS_NOT_EMPTY_INVALID`, `FORMS_PHONE_WRONG`, `FORMS_PHONE_INVALID`, `FORMS_USER_CONSENT_NOT_EMPTY_INVALID`,
    /// `FORMS_CAPTCHA_WRONG`, `FORMS_EMAIL_INVALID`, `FORMS_NUMBER_INVALID`, `FORMS_DATE_INVALID`,
    /// `FORMS_VALUE_TOO_LONG`; the checkout adds `ORDER_DELIVERY_INVALID` and `ORDER_PAYMENT_INVALID`
    /// (`crate::domain::orders`).
    pub code: &'static str,
    /// The field code: `PHONE`, `USER_CONSENT`, `CAPTCHA_WORD`, … (the checkout's: its JSON keys, `name`, `phone`, …)
    pub field: String,
    /// An English explanation for developers.
    pub detail: String,
}

impl FieldError {
    /// The problem `code` with `field` (its JSON key or form field code) and an English `detail`.
    pub fn new(code: &'static str, field: &str, detail: impl Into<String>) -> Self {
        Self { code, field: field.to_owned(), detail: detail.into() }
    }
}

fn error(code: &'static str, field: &str, detail: impl Into<String>) -> FieldError {
    FieldError::new(code, field, detail)
}

/// A submission that passed [`validate_submission`]: what is stored and mailed.
#[derive(Debug, Clone, PartialEq)]
pub struct CleanSubmission {
    /// Every field by code, as sent (trimmed); `PHONE` keeps the spec's object when the mask is on.
    pub values: Map<String, Value>,
    /// Values to prefill the form with next time, by field code (a phone as its international number).
    pub prefill: BTreeMap<String, String>,
    /// The phone's country (iso2, lower case) when a masked phone was sent.
    pub phone_country: Option<String>,
}

/// The text of `body[code]`: a string as is (trimmed), a number as written, `null`/absent as empty.
fn text_of(body: &Map<String, Value>, code: &str) -> Option<String> {
    match body.get(code) {
        None | Some(Value::Null) => Some(String::new()),
        Some(Value::String(s)) => Some(s.trim().to_owned()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::Bool(b)) => Some(if *b { "Y".into() } else { "N".into() }),
        Some(_) => None,
    }
}

/// A masked phone (spec §3 `{COUNTRY:{iso2, dialCode, name}, VALUE, FULL_VALUE}`) checked and normalised:
/// `(the object to store, FULL_VALUE, iso2)` or the error.
fn masked_phone(
    code: &str,
    value: Option<&Value>,
    required: bool,
) -> Result<Option<(Value, String, String)>, FieldError> {
    let object = match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::Object(o)) => Some(o),
        Some(_) => return Err(error("FORMS_PHONE_WRONG", code, "send the phone as {COUNTRY, VALUE, FULL_VALUE}")),
    };
    let full = object.and_then(|o| o.get("FULL_VALUE")).and_then(Value::as_str).map(str::trim).unwrap_or("");
    let typed = object.and_then(|o| o.get("VALUE")).and_then(Value::as_str).map(str::trim).unwrap_or("");
    if full.is_empty() && typed.is_empty() {
        return if required { Err(error("FORMS_NOT_EMPTY_INVALID", code, "the phone is required")) } else { Ok(None) };
    }
    let object = object.expect("a non-empty value is an object");
    let country = object.get("COUNTRY").and_then(Value::as_object);
    let iso2 = country
        .and_then(|c| c.get("iso2"))
        .and_then(Value::as_str)
        .unwrap_or(DEFAULT_PHONE_COUNTRY)
        .to_ascii_lowercase();
    let full = if full.is_empty() { typed } else { full };
    if full.chars().count() > FORM_VALUE_MAX_CHARS || Phone::parse(full, &iso2).is_err() {
        return Err(error("FORMS_PHONE_WRONG", code, format!("not a valid phone number of {iso2}")));
    }
    let dial_code = country.and_then(|c| c.get("dialCode")).and_then(Value::as_str).unwrap_or("");
    let name = country.and_then(|c| c.get("name")).and_then(Value::as_str).unwrap_or("");
    let stored = serde_json::json!({
        "COUNTRY": { "iso2": iso2, "dialCode": dial_code.chars().take(8).collect::<String>(), "name": name.chars().take(100).collect::<String>() },
        "VALUE": typed.chars().take(FORM_VALUE_MAX_CHARS).collect::<String>(),
        "FULL_VALUE": full,
    });
    Ok(Some((stored, full.to_owned(), iso2)))
}

/// Checks one plain (string) value of `field`: the returned text is what is stored, or the error.
fn check_value(field: &FormField, text: &str, phone_mask: bool) -> Result<(), FieldError> {
    let code = field.code.as_str();
    let max = if field.field_type == FieldType::Textarea { FORM_TEXTAREA_MAX_CHARS } else { FORM_VALUE_MAX_CHARS };
    if text.chars().count() > max {
        return Err(error("FORMS_VALUE_TOO_LONG", code, format!("at most {max} characters")));
    }
    if text.is_empty() || (field.field_type == FieldType::Checkbox && text == "N") {
        return if field.required == YesNo::Y {
            Err(error("FORMS_NOT_EMPTY_INVALID", code, "this field is required"))
        } else {
            Ok(())
        };
    }
    let mask = field.mask.clone().unwrap_or_default();
    match field.field_type {
        FieldType::Email if Email::parse(text).is_err() => {
            Err(error("FORMS_EMAIL_INVALID", code, "not an e-mail address"))
        }
        FieldType::Phone if !phone_mask && !is_phone_text(text) => {
            Err(error("FORMS_PHONE_INVALID", code, "only digits, spaces, hyphens, parentheses and plus"))
        }
        FieldType::Phone if phone_mask && Phone::parse(text, DEFAULT_PHONE_COUNTRY).is_err() => {
            Err(error("FORMS_PHONE_WRONG", code, "not a valid phone number"))
        }
        FieldType::Checkbox if text != "Y" => Err(error("FORMS_NOT_EMPTY_INVALID", code, "a checkbox sends Y or N")),
        FieldType::Number => {
            let number: i64 = text.parse().map_err(|_| error("FORMS_NUMBER_INVALID", code, "not a whole number"))?;
            let step = i64::from(mask.step.unwrap_or(MASK_STEP).max(1));
            let base = mask.min.unwrap_or(0);
            if mask.min.is_some_and(|min| number < min)
                || mask.max.is_some_and(|max| number > max)
                || (number - base).rem_euclid(step) != 0
            {
                return Err(error("FORMS_NUMBER_INVALID", code, "outside the field's range or step"));
            }
            Ok(())
        }
        FieldType::Percentage => match decimal_parts(text, 2) {
            Some((whole, fraction)) if whole < 100 || (whole == 100 && fraction == 0) => Ok(()),
            _ => Err(error("FORMS_NUMBER_INVALID", code, "a percentage from 0 to 100")),
        },
        FieldType::Currency => match decimal_parts(text, mask.digits.unwrap_or(2)) {
            Some(_) => Ok(()),
            None => Err(error("FORMS_NUMBER_INVALID", code, "a sum such as 1234.50")),
        },
        FieldType::Date => {
            let format = mask.format.as_deref().unwrap_or(DEFAULT_DATE_FORMAT);
            let chrono = chrono_date_format(format).unwrap_or_else(|| "%d.%m.%Y".into());
            let ok = if chrono.contains("%H") {
                chrono::NaiveDateTime::parse_from_str(text, &chrono).is_ok()
            } else {
                chrono::NaiveDate::parse_from_str(text, &chrono).is_ok()
            };
            if ok { Ok(()) } else { Err(error("FORMS_DATE_INVALID", code, format!("not a real date in {format}"))) }
        }
        _ => Ok(()),
    }
}

/// `123` or `123.45` with at most `digits` decimals, no sign: `(whole, fraction digits as written)`.
fn decimal_parts(text: &str, digits: u8) -> Option<(u64, u64)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let valid = (1..=15).contains(&whole.len())
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.len() <= usize::from(digits)
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !(text.contains('.') && fraction.is_empty());
    valid.then(|| (whole.parse().unwrap_or(u64::MAX), fraction.parse().unwrap_or(0)))
}

/// Validates a submission's fields against `form` (spec §5): every field by code, and the consent when the form
/// uses it. Collects every error, not just the first. The captcha is the caller's (it needs the database).
pub fn validate_submission(
    form: &FormDefinition,
    body: &Map<String, Value>,
) -> Result<CleanSubmission, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut clean = CleanSubmission { values: Map::new(), prefill: BTreeMap::new(), phone_country: None };
    for field in &form.fields {
        let code = field.code.as_str();
        if field.field_type == FieldType::Phone && form.phone_mask && !body.get(code).is_some_and(Value::is_string) {
            match masked_phone(code, body.get(code), field.required == YesNo::Y) {
                Ok(Some((stored, full, iso2))) => {
                    clean.values.insert(code.to_owned(), stored);
                    clean.prefill.insert(code.to_owned(), full);
                    clean.phone_country = Some(iso2);
                }
                Ok(None) => {}
                Err(e) => errors.push(e),
            }
            continue;
        }
        let Some(text) = text_of(body, code) else {
            errors.push(error("FORMS_VALUE_INVALID", code, "send a string"));
            continue;
        };
        match check_value(field, &text, form.phone_mask) {
            Ok(()) => {
                if !text.is_empty() {
                    if !matches!(field.field_type, FieldType::Hidden | FieldType::Checkbox) {
                        clean.prefill.insert(code.to_owned(), text.clone());
                    }
                    clean.values.insert(code.to_owned(), Value::String(text));
                }
            }
            Err(e) => errors.push(e),
        }
    }
    if form.use_consent {
        if text_of(body, USER_CONSENT).as_deref() == Some("Y") {
            clean.values.insert(USER_CONSENT.into(), Value::String("Y".into()));
            if let Some(url) = &form.consent_url {
                clean.values.insert("USER_CONSENT_URL".into(), Value::String(url.clone()));
            }
        } else {
            errors.push(error(
                "FORMS_USER_CONSENT_NOT_EMPTY_INVALID",
                USER_CONSENT,
                "the shopper must agree to the terms",
            ));
        }
    }
    if errors.is_empty() { Ok(clean) } else { Err(errors) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::forms::*;
    use serde_json::json;

    fn callback() -> FormDefinition {
        default_forms().into_iter().find(|f| f.code == "callback").unwrap()
    }

    fn feedback() -> FormDefinition {
        default_forms().into_iter().find(|f| f.code == "feedback").unwrap()
    }

    fn body(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    fn phone(iso2: &str, full: &str) -> Value {
        json!({"COUNTRY": {"iso2": iso2, "dialCode": "7", "name": "Россия"}, "VALUE": full, "FULL_VALUE": full})
    }

    fn codes(result: Result<CleanSubmission, Vec<FieldError>>) -> Vec<(String, &'static str)> {
        result.err().unwrap_or_default().into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_good_callback_passes_and_keeps_the_phone_object() {
        let clean = validate_submission(
            &callback(),
            &body(json!({"NAME": " Иван ", "PHONE": phone("ru", "+7 912 345-67-89"), "USER_CONSENT": "Y"})),
        )
        .unwrap();
        assert_eq!(clean.values["NAME"], "Иван");
        assert_eq!(clean.values["PHONE"]["FULL_VALUE"], "+7 912 345-67-89");
        assert_eq!(clean.prefill["PHONE"], "+7 912 345-67-89");
        assert_eq!(clean.phone_country.as_deref(), Some("ru"));
    }

    #[test]
    fn each_rule_has_its_code() {
        assert_eq!(
            codes(validate_submission(&callback(), &body(json!({"NAME": "  ", "PHONE": phone("ru", "")})))),
            [
                ("NAME".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("PHONE".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("USER_CONSENT".into(), "FORMS_USER_CONSENT_NOT_EMPTY_INVALID")
            ]
        );
        // A Russian mobile is not a valid Belarusian number; a short number is not valid anywhere.
        for (iso2, full) in [("by", "+7 912 345-67-89"), ("ru", "+7 912 345"), ("ru", "not a phone")] {
            assert_eq!(
                codes(validate_submission(
                    &callback(),
                    &body(json!({"NAME": "И", "PHONE": phone(iso2, full), "USER_CONSENT": "Y"}))
                )),
                [("PHONE".into(), "FORMS_PHONE_WRONG")],
                "{iso2} {full}"
            );
        }
        for (iso2, full) in [("by", "+375 29 123-45-67"), ("ua", "+380 50 123 4567"), ("kz", "+7 701 123 4567")] {
            assert!(Phone::parse(full, iso2).is_ok(), "{iso2} {full}");
        }
        let mut unmasked = callback();
        unmasked.phone_mask = false;
        assert_eq!(
            codes(validate_submission(
                &unmasked,
                &body(json!({"NAME": "И", "PHONE": "8 (912) abc", "USER_CONSENT": "Y"}))
            )),
            [("PHONE".into(), "FORMS_PHONE_INVALID")]
        );
        assert!(
            validate_submission(
                &unmasked,
                &body(json!({"NAME": "И", "PHONE": "+7 (912) 345-67-89", "USER_CONSENT": "Y"}))
            )
            .is_ok()
        );
        let mut form = feedback();
        let ok = json!({"NAME": "И", "EMAIL": "a@b.ru", "MESSAGE": "m", "USER_CONSENT": "Y"});
        assert!(validate_submission(&form, &body(ok.clone())).is_ok(), "the phone and date are optional");
        let mut bad = ok.clone();
        bad["EMAIL"] = json!("a@b");
        bad["CALL_DATE"] = json!("30.02.2027");
        assert_eq!(
            codes(validate_submission(&form, &body(bad))),
            [("EMAIL".into(), "FORMS_EMAIL_INVALID"), ("CALL_DATE".into(), "FORMS_DATE_INVALID")]
        );
        let mut long = ok.clone();
        long["MESSAGE"] = json!("я".repeat(FORM_TEXTAREA_MAX_CHARS + 1));
        assert_eq!(codes(validate_submission(&form, &body(long))), [("MESSAGE".into(), "FORMS_VALUE_TOO_LONG")]);
        let mut dated = ok;
        dated["CALL_DATE"] = json!("29.02.2028");
        assert!(validate_submission(&form, &body(dated)).is_ok(), "2028 is a leap year");
        form.use_consent = false;
        assert!(validate_submission(&form, &body(json!({"NAME": "И", "EMAIL": "a@b.ru", "MESSAGE": "m"}))).is_ok());
    }

    #[test]
    fn masked_number_types_are_range_checked() {
        let field = |field_type, mask: FieldMask| FormField {
            code: "X".into(),
            label: "X".into(),
            field_type,
            required: YesNo::N,
            placeholder: None,
            value: None,
            mask: Some(mask),
        };
        let number = field(FieldType::Number, FieldMask { min: Some(1), max: Some(5000), ..FieldMask::default() });
        for (text, ok) in [("1", true), ("5000", true), ("0", false), ("5001", false), ("1.5", false), ("12k", false)] {
            assert_eq!(check_value(&number, text, false).is_ok(), ok, "number {text}");
        }
        let percentage = field(FieldType::Percentage, FieldMask::default());
        for (text, ok) in [("0", true), ("100", true), ("12.5", true), ("100.5", false), ("-1", false), ("101", false)]
        {
            assert_eq!(check_value(&percentage, text, false).is_ok(), ok, "percentage {text}");
        }
        let currency = field(FieldType::Currency, FieldMask::default());
        for (text, ok) in [("1234.50", true), ("7", true), ("1.234", false), ("$ 5", false), ("-5", false)] {
            assert_eq!(check_value(&currency, text, false).is_ok(), ok, "currency {text}");
        }
        let datetime =
            field(FieldType::Date, FieldMask { format: Some("dd.mm.yyyy HH:MM".into()), ..FieldMask::default() });
        for (text, ok) in
            [("31.12.2026 23:59", true), ("31.12.2026 24:00", false), ("31.04.2026 10:00", false), ("1.1.2026", false)]
        {
            assert_eq!(check_value(&datetime, text, false).is_ok(), ok, "date {text}");
        }
    }
}
