//! Server-described forms (issue 5; spec §3 "Feedback form", §5): a form's definition as the shop owner writes it
//! (`vitrina forms import`), the rules a definition must follow, and the validation of a shopper's submission
//! with the spec's message codes. Pure: no database, no HTTP. The captcha word is checked by the handler.

use crate::limits::{
    DEFAULT_PHONE_COUNTRY, FORM_TEXTAREA_MAX_CHARS, FORM_VALUE_MAX_CHARS, MASK_STEP, MAX_FORM_FIELDS,
    MAX_MENU_URL_CHARS,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The forms a new shop starts with, `callback` and `feedback` (`server/defaults/forms.json`).
pub const DEFAULT_FORMS_JSON: &str = include_str!("../../defaults/forms.json");

/// Field codes the form itself sends besides its fields (spec §3 "Known codes"); a definition may not use them.
pub const RESERVED_CODES: [&str; 5] = ["SOURCE_URL", "USER_CONSENT", "USER_CONSENT_URL", "CAPTCHA_SID", "CAPTCHA_WORD"];

/// The code of the consent checkbox (spec §3, §5).
pub const USER_CONSENT: &str = "USER_CONSENT";
/// The code of the captcha word (spec §3, §5).
pub const CAPTCHA_WORD: &str = "CAPTCHA_WORD";
/// The code of the captcha id (spec §3).
pub const CAPTCHA_SID: &str = "CAPTCHA_SID";
/// The code of the page address the form was sent from (spec §3).
pub const SOURCE_URL: &str = "SOURCE_URL";

/// What a field holds and how the browser enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    Text,
    Email,
    /// A phone number: with the form's `phoneMask` on, sent as the spec's `{COUNTRY, VALUE, FULL_VALUE}` object.
    Phone,
    Textarea,
    /// Sent as `"Y"` when ticked.
    Checkbox,
    /// Not shown; sent with its `value`.
    Hidden,
    /// An integer; `mask.min`/`mask.max` clamp it, `mask.step` (default 1) steps it (spec §5, §9).
    Number,
    /// 0 to 100, no negatives (spec §5).
    Percentage,
    /// A sum with `mask.digits` decimals (default 2), sent unmasked (`1234.50`) (spec §5).
    Currency,
    /// A date (and time) in `mask.format`, default `dd.mm.yyyy`; impossible dates are refused (spec §5).
    Date,
}

impl FieldType {
    /// Whether `mask` options mean something for this type.
    pub fn takes_mask(self) -> bool {
        matches!(self, Self::Number | Self::Percentage | Self::Currency | Self::Date)
    }
}

/// `Y` or `N`, as the spec writes the required flag (§3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum YesNo {
    Y,
    N,
}

/// Input-mask options of a `number`, `percentage`, `currency` or `date` field (spec §5, §9).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FieldMask {
    /// `number`: the smallest value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// `number`: the largest value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// `number`: the step of the arrow keys, default 1 (spec §9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u32>,
    /// `currency`: decimals, 0..=4, default 2 (spec §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digits: Option<u8>,
    /// `currency`: text before the sum; default `"$ "` when no suffix is set (spec §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix: Option<String>,
    /// `currency`: text after the sum, e.g. `" ₽"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suffix: Option<String>,
    /// `date`: the layout, made of `dd`, `mm`, `yyyy`, `HH`, `MM`, `ss` and separators; default `dd.mm.yyyy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FormField {
    /// The code the value is sent under: upper-case letters, digits and `_` (`NAME`, `PHONE`, `MESSAGE`).
    pub code: String,
    /// The label shown to the shopper.
    pub label: String,
    #[serde(rename = "type")]
    pub field_type: FieldType,
    /// `Y`: must not be empty (`FORMS_NOT_EMPTY_INVALID`); a required checkbox must be ticked.
    pub required: YesNo,
    #[serde(default)]
    pub placeholder: Option<String>,
    /// The starting value (a hidden field's value).
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub mask: Option<FieldMask>,
}

/// A form as the shop owner describes it (`vitrina forms import`; `GET /api/forms/{code}` answers it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FormDefinition {
    /// `callback`, `feedback`, …: lower-case letters, digits, `-` and `_`, 1..=40 characters.
    pub code: String,
    pub title: String,
    #[serde(default)]
    pub description: Option<String>,
    /// The submit button's text; default "Отправить".
    #[serde(default = "default_submit_text")]
    pub submit_text: String,
    /// The success alert's text; `null` shows the standard `FORMS_ALERT_SUCCESS` text.
    #[serde(default)]
    pub success_text: Option<String>,
    /// Ask for a captcha word (spec §5).
    #[serde(default)]
    pub use_captcha: bool,
    /// Ask for consent (`USER_CONSENT`, spec §5).
    #[serde(default)]
    pub use_consent: bool,
    /// The consent checkbox's label; required with `useConsent`.
    #[serde(default)]
    pub consent_text: Option<String>,
    /// `USER_CONSENT_URL`: the page of the terms the shopper agrees to (a site path or an `http(s)` link).
    #[serde(default)]
    pub consent_url: Option<String>,
    /// Phone fields use the per-country mask and send the spec's `PHONE` object (spec §3, §5).
    #[serde(default)]
    pub phone_mask: bool,
    pub fields: Vec<FormField>,
}

fn default_submit_text() -> String {
    "Отправить".into()
}

/// One thing wrong with a form definition (`vitrina forms import`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormProblem {
    /// Where: `forms[1].fields[0].code`.
    pub path: String,
    /// `FORM_CODE_INVALID`, `FORM_FIELD_CODE_DUPLICATE`, …
    pub code: &'static str,
    pub detail: String,
}

impl std::fmt::Display for FormProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.path, self.detail, self.code)
    }
}

/// Reads a forms file: one definition or a list of them. Errors name the JSON problem.
pub fn parse_forms_file(text: &str) -> Result<Vec<FormDefinition>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match value {
        Value::Array(_) => serde_json::from_value(value).map_err(|e| e.to_string()),
        Value::Object(_) => serde_json::from_value(value).map(|form| vec![form]).map_err(|e| e.to_string()),
        _ => Err("expected a form object or a list of forms".into()),
    }
}

/// The seeded forms, parsed. Panics only if the file built into the binary is broken (a unit test guards it).
pub fn default_forms() -> Vec<FormDefinition> {
    parse_forms_file(DEFAULT_FORMS_JSON).expect("defaults/forms.json is a valid forms file")
}

fn is_form_code(code: &str) -> bool {
    (1..=40).contains(&code.len())
        && code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

fn is_field_code(code: &str) -> bool {
    (1..=50).contains(&code.len())
        && code.as_bytes()[0].is_ascii_uppercase()
        && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

fn is_link(url: &str) -> bool {
    url.len() <= MAX_MENU_URL_CHARS
        && !url.chars().any(char::is_whitespace)
        && (super::links::is_site_path(url) || url.starts_with("https://") || url.starts_with("http://"))
}

/// The chrono layout of a date mask's `format`, or `None` when it holds anything but `dd`, `mm`, `yyyy`, `HH`,
/// `MM`, `ss` and the separators `.`, `-`, `/`, `:` and space (each part at most once; day, month and year
/// required).
pub fn chrono_date_format(format: &str) -> Option<String> {
    let mut out = String::new();
    let mut seen = Vec::new();
    let mut rest = format;
    while !rest.is_empty() {
        const TOKENS: [(&str, &str); 6] =
            [("yyyy", "%Y"), ("dd", "%d"), ("mm", "%m"), ("HH", "%H"), ("MM", "%M"), ("ss", "%S")];
        if let Some((token, chrono)) = TOKENS.into_iter().find(|(token, _)| rest.starts_with(token)) {
            if seen.contains(&token) {
                return None;
            }
            seen.push(token);
            out.push_str(chrono);
            rest = &rest[token.len()..];
            continue;
        }
        let c = rest.chars().next()?;
        if !matches!(c, '.' | '-' | '/' | ':' | ' ') {
            return None;
        }
        out.push(c);
        rest = &rest[1..];
    }
    ["dd", "mm", "yyyy"].iter().all(|t| seen.contains(t)).then_some(out)
}

/// The default layout of a date field (spec §5 date mask).
pub const DEFAULT_DATE_FORMAT: &str = "dd.mm.yyyy";

/// Checks every definition (all problems, not just the first), as `vitrina forms import` does before it writes
/// anything: codes, texts, fields (1..=50, unique codes, none of [`RESERVED_CODES`]), mask options that fit the
/// field type, a consent text with `useConsent`, links that are site paths or `http(s)` URLs.
pub fn validate_definitions(forms: &[FormDefinition]) -> Vec<FormProblem> {
    let mut problems = Vec::new();
    let mut push = |path: String, code: &'static str, detail: String| problems.push(FormProblem { path, code, detail });
    let mut codes = Vec::new();
    for (i, form) in forms.iter().enumerate() {
        let at = format!("forms[{i}]");
        if !is_form_code(&form.code) {
            push(
                format!("{at}.code"),
                "FORM_CODE_INVALID",
                format!("{:?}: use a-z, 0-9, - and _, 1-40 characters", form.code),
            );
        } else if codes.contains(&form.code) {
            push(format!("{at}.code"), "FORM_CODE_DUPLICATE", format!("{:?} is defined twice", form.code));
        }
        codes.push(form.code.clone());
        let title_chars = form.title.trim().chars().count();
        if !(1..=200).contains(&title_chars) {
            push(format!("{at}.title"), "FORM_TITLE_INVALID", "the title must have 1-200 characters".into());
        }
        if form.submit_text.trim().is_empty() {
            push(format!("{at}.submitText"), "FORM_SUBMIT_TEXT_EMPTY", "the submit button needs a text".into());
        }
        if form.use_consent && form.consent_text.as_deref().is_none_or(|t| t.trim().is_empty()) {
            push(format!("{at}.consentText"), "FORM_CONSENT_TEXT_EMPTY", "useConsent needs a consentText".into());
        }
        if let Some(url) = &form.consent_url
            && !is_link(url)
        {
            push(
                format!("{at}.consentUrl"),
                "FORM_CONSENT_URL_INVALID",
                format!("{url:?}: a site path or an http(s) link"),
            );
        }
        if form.fields.is_empty() || form.fields.len() > MAX_FORM_FIELDS {
            push(format!("{at}.fields"), "FORM_FIELDS_COUNT", format!("a form has 1-{MAX_FORM_FIELDS} fields"));
        }
        let mut field_codes: Vec<&str> = Vec::new();
        for (j, field) in form.fields.iter().enumerate() {
            let at = format!("{at}.fields[{j}]");
            if !is_field_code(&field.code) {
                push(
                    format!("{at}.code"),
                    "FORM_FIELD_CODE_INVALID",
                    format!("{:?}: use A-Z, 0-9 and _, starting with a letter", field.code),
                );
            } else if RESERVED_CODES.contains(&field.code.as_str()) {
                push(format!("{at}.code"), "FORM_FIELD_CODE_RESERVED", format!("{} is sent by every form", field.code));
            } else if field_codes.contains(&field.code.as_str()) {
                push(format!("{at}.code"), "FORM_FIELD_CODE_DUPLICATE", format!("{} is used twice", field.code));
            }
            field_codes.push(&field.code);
            if !(1..=200).contains(&field.label.trim().chars().count()) {
                push(format!("{at}.label"), "FORM_FIELD_LABEL_INVALID", "a label has 1-200 characters".into());
            }
            let Some(mask) = &field.mask else { continue };
            if !field.field_type.takes_mask() {
                push(
                    format!("{at}.mask"),
                    "FORM_MASK_UNEXPECTED",
                    "only number, percentage, currency and date fields take a mask".into(),
                );
                continue;
            }
            if let (Some(min), Some(max)) = (mask.min, mask.max)
                && min > max
            {
                push(format!("{at}.mask"), "FORM_MASK_RANGE", format!("min {min} is above max {max}"));
            }
            if mask.step == Some(0) {
                push(format!("{at}.mask.step"), "FORM_MASK_STEP", "the step must be at least 1".into());
            }
            if mask.digits.is_some_and(|d| d > 4) {
                push(format!("{at}.mask.digits"), "FORM_MASK_DIGITS", "0-4 decimals".into());
            }
            for (name, text) in [("prefix", &mask.prefix), ("suffix", &mask.suffix)] {
                if text.as_ref().is_some_and(|t| t.chars().count() > 8 || t.chars().any(|c| c.is_ascii_digit())) {
                    push(format!("{at}.mask.{name}"), "FORM_MASK_AFFIX", "at most 8 characters, no digits".into());
                }
            }
            if let Some(format) = &mask.format
                && chrono_date_format(format).is_none()
            {
                push(
                    format!("{at}.mask.format"),
                    "FORM_MASK_FORMAT",
                    format!("{format:?}: use dd, mm, yyyy, HH, MM, ss and . - / : or space"),
                );
            }
        }
    }
    problems
}

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

/// Whether `text` holds only digits, spaces, hyphens, parentheses and plus, with at least one digit (spec §5:
/// PHONE without the mask, `FORMS_PHONE_INVALID`).
pub fn is_phone_text(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')' | '+'))
}

/// Whether `text` is an e-mail address a shop can write to (spec §5 `FORMS_EMAIL_INVALID`): RFC 5322 syntax (the
/// `email_address` crate) with a dot somewhere, so `a@b` (valid, but no mail reaches it) is refused. Forms and the
/// checkout (issue 6) share it.
pub fn is_valid_email(text: &str) -> bool {
    email_address::EmailAddress::is_valid(text) && text.contains('.')
}

/// Whether `full_value` (international format, `+7 912 345-67-89`) is a valid number of the country `iso2`
/// (spec §5 PHONE with the mask, `FORMS_PHONE_WRONG`; the `phonenumber` crate, libphonenumber's metadata).
/// Letters are refused (issue 20): libphonenumber reads `+7 912 ABC-DE-FG` as a vanity number and would take it.
pub fn is_valid_phone(full_value: &str, iso2: &str) -> bool {
    if !is_phone_text(full_value) {
        return false;
    }
    let Ok(country) = iso2.to_ascii_uppercase().parse::<phonenumber::country::Id>() else { return false };
    match phonenumber::parse(Some(country), full_value) {
        Ok(number) => phonenumber::is_valid(&number) && number.country().id() == Some(country),
        Err(_) => false,
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
    if full.chars().count() > FORM_VALUE_MAX_CHARS || !is_valid_phone(full, &iso2) {
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
        FieldType::Email if !is_valid_email(text) => Err(error("FORMS_EMAIL_INVALID", code, "not an e-mail address")),
        FieldType::Phone if !phone_mask && !is_phone_text(text) => {
            Err(error("FORMS_PHONE_INVALID", code, "only digits, spaces, hyphens, parentheses and plus"))
        }
        FieldType::Phone if phone_mask && !is_valid_phone(text, DEFAULT_PHONE_COUNTRY) => {
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
    fn the_default_forms_are_valid() {
        let forms = default_forms();
        assert_eq!(forms.iter().map(|f| f.code.as_str()).collect::<Vec<_>>(), ["callback", "feedback"]);
        assert_eq!(validate_definitions(&forms), []);
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
            assert!(is_valid_phone(full, iso2), "{iso2} {full}");
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

    #[test]
    fn definitions_are_checked_with_places() {
        let mut forms = default_forms();
        forms[0].code = "Call Back".into();
        forms[1].fields[0].code = "SOURCE_URL".into();
        forms[1].fields[1].code = "MESSAGE".into();
        forms[1].fields[4].mask = Some(FieldMask { format: Some("dd.mm.yy".into()), ..FieldMask::default() });
        forms[1].fields[0].mask = Some(FieldMask::default());
        forms[1].consent_url = Some("javascript:alert(1)".into());
        let problems: Vec<(String, &str)> =
            validate_definitions(&forms).into_iter().map(|p| (p.path, p.code)).collect();
        assert_eq!(
            problems,
            [
                ("forms[0].code".into(), "FORM_CODE_INVALID"),
                ("forms[1].consentUrl".into(), "FORM_CONSENT_URL_INVALID"),
                ("forms[1].fields[0].code".into(), "FORM_FIELD_CODE_RESERVED"),
                ("forms[1].fields[0].mask".into(), "FORM_MASK_UNEXPECTED"),
                ("forms[1].fields[3].code".into(), "FORM_FIELD_CODE_DUPLICATE"),
                ("forms[1].fields[4].mask.format".into(), "FORM_MASK_FORMAT"),
            ]
        );
        assert_eq!(chrono_date_format("dd.mm.yyyy HH:MM:ss").as_deref(), Some("%d.%m.%Y %H:%M:%S"));
        assert!(parse_forms_file("{\"code\": \"x\"}").is_err());
        assert_eq!(parse_forms_file(DEFAULT_FORMS_JSON).unwrap().len(), 2);
    }

    #[test]
    fn a_phone_with_letters_is_refused_though_libphonenumber_reads_it_as_a_vanity_number() {
        assert!(is_valid_phone("+7 912 345-67-89", "ru"));
        assert!(!is_valid_phone("+7 912 ABC-DE-FG", "ru"));
        assert!(!is_valid_phone("+7 912 345-67-8x", "ru"));
    }
}
