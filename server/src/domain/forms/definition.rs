//! A form's definition as the shop owner writes it (`vitrina forms import`) and the rules it must follow.

use super::{DEFAULT_FORMS_JSON, RESERVED_CODES};
use crate::domain::links;
use crate::limits::{MAX_FORM_FIELDS, MAX_MENU_URL_CHARS};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

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
    #[schema(nullable = false)]
    pub min: Option<i64>,
    /// `number`: the largest value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub max: Option<i64>,
    /// `number`: the step of the arrow keys, default 1 (spec §9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub step: Option<u32>,
    /// `currency`: decimals, 0..=4, default 2 (spec §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub digits: Option<u8>,
    /// `currency`: text before the sum; default `"$ "` when no suffix is set (spec §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub prefix: Option<String>,
    /// `currency`: text after the sum, e.g. `" ₽"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub suffix: Option<String>,
    /// `date`: the layout, made of `dd`, `mm`, `yyyy`, `HH`, `MM`, `ss` and separators; default `dd.mm.yyyy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
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
    #[schema(required)]
    pub placeholder: Option<String>,
    /// The starting value (a hidden field's value).
    #[serde(default)]
    #[schema(required)]
    pub value: Option<String>,
    #[serde(default)]
    #[schema(required)]
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
    #[schema(required)]
    pub description: Option<String>,
    /// The submit button's text; default "Отправить".
    #[serde(default = "default_submit_text")]
    #[schema(required)]
    pub submit_text: String,
    /// The success alert's text; `null` shows the standard `FORMS_ALERT_SUCCESS` text.
    #[serde(default)]
    #[schema(required)]
    pub success_text: Option<String>,
    /// Ask for a captcha word (spec §5).
    #[serde(default)]
    #[schema(required)]
    pub use_captcha: bool,
    /// Ask for consent (`USER_CONSENT`, spec §5).
    #[serde(default)]
    #[schema(required)]
    pub use_consent: bool,
    /// The consent checkbox's label; required with `useConsent`.
    #[serde(default)]
    #[schema(required)]
    pub consent_text: Option<String>,
    /// `USER_CONSENT_URL`: the page of the terms the shopper agrees to (a site path or an `http(s)` link).
    #[serde(default)]
    #[schema(required)]
    pub consent_url: Option<String>,
    /// Phone fields use the per-country mask and send the spec's `PHONE` object (spec §3, §5).
    #[serde(default)]
    #[schema(required)]
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
        && (links::is_site_path(url) || url.starts_with("https://") || url.starts_with("http://"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_forms_are_valid() {
        let forms = default_forms();
        assert_eq!(forms.iter().map(|f| f.code.as_str()).collect::<Vec<_>>(), ["callback", "feedback"]);
        assert_eq!(validate_definitions(&forms), []);
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
}
