//! Server-described forms (issue 5; spec §3 "Feedback form", §5): a form's definition as the shop owner writes it
//! (`vitrina forms import`), the rules a definition must follow, and the validation of a shopper's submission
//! with the spec's message codes. Pure: no database, no HTTP. The captcha word is checked by the handler.

mod definition;
mod submission;

pub use definition::{
    DEFAULT_DATE_FORMAT, FieldMask, FieldType, FormDefinition, FormField, FormProblem, YesNo, chrono_date_format,
    default_forms, parse_forms_file, validate_definitions,
};
pub use submission::{CleanSubmission, FieldError, validate_submission};

/// The forms a new shop starts with, `callback` and `feedback` (`server/defaults/forms.json`).
pub const DEFAULT_FORMS_JSON: &str = include_str!("../../../defaults/forms.json");

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
