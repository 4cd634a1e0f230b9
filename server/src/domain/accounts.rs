//! Accounts' rules (issue 7): what registration and the profile must carry (checked all at once with the forms'
//! message codes and the forms' e-mail and phone rules), password hashing with argon2id (OWASP parameters), and
//! password-reset tokens. Pure: no database, no HTTP.
//!
//! Passwords live in [`Password`], whose `Debug` never shows them; nothing here logs or puts a password into an
//! error.

use crate::domain::contact::{Email, Phone};
use crate::domain::forms::FieldError;
use crate::limits::{
    ACCOUNT_EMAIL_MAX_CHARS, ACCOUNT_NAME_MAX_CHARS, ACCOUNT_PHONE_MAX_CHARS, ARGON2_ITERATIONS, ARGON2_MEMORY_KIB,
    ARGON2_PARALLELISM, DEFAULT_PHONE_COUNTRY, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PASSWORD_RESET_TOKEN_BYTES,
};
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{ARGON2ID_IDENT, Algorithm, Argon2, Params, PasswordHash, Version};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Deserializer};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;
use utoipa::ToSchema;

/// A password as typed (never trimmed). `Debug` prints `Password(…)`, so a password cannot reach a log through a
/// derived `Debug` of what holds it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// Wraps `text` as it was sent.
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The password's text, for the hasher.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(…)")
    }
}

/// An account's phone: as typed (trimmed, international format) and its country.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountPhone {
    /// `+7 912 345-67-89`: valid for `country`.
    pub phone: String,
    /// iso2, lower case.
    pub country: String,
}

/// `POST /api/auth/register` body, as sent. Missing or `null` keys count as empty (a 422 naming each problem);
/// values of another JSON type than the one named are a 400 `BODY_INVALID`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// Required: an e-mail address, at most 254 characters; stored trimmed and lower-cased.
    pub email: Option<String>,
    /// Required: at least 8 characters (`PASSWORD_MIN_CHARS`), at most 256; taken as typed.
    #[schema(value_type = Option<String>, format = Password)]
    pub password: Option<String>,
    /// Required, at most 200 characters.
    pub name: Option<String>,
    /// Optional: a valid number of `phoneCountry` in international format (`+7 912 345-67-89`).
    pub phone: Option<String>,
    /// The phone's country, iso2 (`ru`, `by`, …); default `ru`.
    pub phone_country: Option<String>,
    /// `true`: the new session lasts 30 days without a request; default `false`: it ends with the browser.
    #[serde(default)]
    pub remember: bool,
}

/// A registration that passed [`validate_registration`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    /// Trimmed, lower-cased.
    pub email: String,
    pub password: Password,
    /// Trimmed.
    pub name: String,
    pub phone: Option<AccountPhone>,
}

/// `PATCH /api/me` body: only the keys sent change. `null` or empty `name`/`email` are refused
/// (`FORMS_NOT_EMPTY_INVALID`); `null` or empty `phone` removes the phone.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRequest {
    /// At most 200 characters.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub name: Option<Option<String>>,
    /// An e-mail address no other account has (409 `AUTH_EMAIL_TAKEN`).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub email: Option<Option<String>>,
    /// International format, valid for `phoneCountry`; empty or `null` removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub phone: Option<Option<String>>,
    /// The phone's country, iso2; default `ru`. Read only with `phone`.
    pub phone_country: Option<String>,
}

/// A key that is present (even as `null`) is `Some`: `Some(None)` is an explicit `null`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// A profile change that passed [`validate_profile`]: `None` leaves a value as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileChange {
    pub name: Option<String>,
    /// Trimmed, lower-cased.
    pub email: Option<String>,
    /// `Some(None)` removes the phone.
    pub phone: Option<Option<AccountPhone>>,
}

/// `text` as an account e-mail, its log-in name ([`Email::login_name`]: trimmed, lower-cased);
/// `FORMS_NOT_EMPTY_INVALID` when empty, `FORMS_VALUE_TOO_LONG` past [`ACCOUNT_EMAIL_MAX_CHARS`],
/// `FORMS_EMAIL_INVALID` when not an address ([`Email::parse`]).
pub fn check_email(field: &str, text: &str) -> Result<String, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", field, "the e-mail is required"))
    } else if text.chars().count() > ACCOUNT_EMAIL_MAX_CHARS {
        Err(FieldError::new("FORMS_VALUE_TOO_LONG", field, format!("at most {ACCOUNT_EMAIL_MAX_CHARS} characters")))
    } else {
        Email::parse(text)
            .map(|email| email.login_name())
            .map_err(|e| FieldError::new("FORMS_EMAIL_INVALID", field, e.to_string()))
    }
}

/// `text` as a new password: `FORMS_NOT_EMPTY_INVALID` when empty, `AUTH_PASSWORD_TOO_SHORT` under
/// [`PASSWORD_MIN_CHARS`] characters, `FORMS_VALUE_TOO_LONG` past [`PASSWORD_MAX_CHARS`]. Characters are Unicode
/// scalar values; spaces count (a password is never trimmed).
pub fn check_new_password(field: &str, text: &str) -> Result<Password, FieldError> {
    let chars = text.chars().count();
    if chars == 0 {
        Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", field, "the password is required"))
    } else if chars < PASSWORD_MIN_CHARS {
        Err(FieldError::new("AUTH_PASSWORD_TOO_SHORT", field, format!("at least {PASSWORD_MIN_CHARS} characters")))
    } else if chars > PASSWORD_MAX_CHARS {
        Err(FieldError::new("FORMS_VALUE_TOO_LONG", field, format!("at most {PASSWORD_MAX_CHARS} characters")))
    } else {
        Ok(Password::new(text))
    }
}

/// `text` as an account name: trimmed; `FORMS_NOT_EMPTY_INVALID` when empty, `FORMS_VALUE_TOO_LONG` past
/// [`ACCOUNT_NAME_MAX_CHARS`].
pub fn check_name(field: &str, text: &str) -> Result<String, FieldError> {
    let name = text.trim();
    if name.is_empty() {
        Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", field, "the name is required"))
    } else if name.chars().count() > ACCOUNT_NAME_MAX_CHARS {
        Err(FieldError::new("FORMS_VALUE_TOO_LONG", field, format!("at most {ACCOUNT_NAME_MAX_CHARS} characters")))
    } else {
        Ok(name.to_owned())
    }
}

/// An optional phone: `Ok(None)` when empty; `FORMS_PHONE_WRONG` when longer than [`ACCOUNT_PHONE_MAX_CHARS`] or
/// not a valid number of `country` (iso2, default `ru`; [`Phone::parse`]).
pub fn check_phone(field: &str, text: &str, country: Option<&str>) -> Result<Option<AccountPhone>, FieldError> {
    let phone = text.trim();
    if phone.is_empty() {
        return Ok(None);
    }
    let country = match country.map(str::trim) {
        None | Some("") => DEFAULT_PHONE_COUNTRY.to_owned(),
        Some(iso2) => iso2.to_ascii_lowercase(),
    };
    let wrong = || {
        let shown: String = country.chars().take(8).collect();
        FieldError::new("FORMS_PHONE_WRONG", field, format!("not a valid phone number of {shown:?}"))
    };
    if phone.chars().count() > ACCOUNT_PHONE_MAX_CHARS {
        return Err(wrong());
    }
    let (phone, country) = Phone::parse(phone, &country).map_err(|_| wrong())?.into_parts();
    Ok(Some(AccountPhone { phone, country }))
}

/// Collects the problems of several checks.
#[derive(Default)]
struct Problems(Vec<FieldError>);

impl Problems {
    fn keep<T>(&mut self, result: Result<T, FieldError>) -> Option<T> {
        result.map_err(|e| self.0.push(e)).ok()
    }
}

/// Checks a registration (issue 7): every problem at once, in the order email, password, name, phone, each with
/// its JSON key as `field`. Codes: `FORMS_NOT_EMPTY_INVALID` (email, password, name), `FORMS_EMAIL_INVALID`,
/// `AUTH_PASSWORD_TOO_SHORT`, `FORMS_VALUE_TOO_LONG` (e-mail over 254, password over 256, name over 200 characters),
/// `FORMS_PHONE_WRONG`. Whether the e-mail is taken is the database's to say.
pub fn validate_registration(request: &RegisterRequest) -> Result<NewAccount, Vec<FieldError>> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut problems = Problems::default();
    let email = problems.keep(check_email("email", &text(&request.email)));
    let password = problems.keep(check_new_password("password", &text(&request.password)));
    let name = problems.keep(check_name("name", &text(&request.name)));
    let phone = problems.keep(check_phone("phone", &text(&request.phone), request.phone_country.as_deref()));
    match (email, password, name, phone) {
        (Some(email), Some(password), Some(name), Some(phone)) => Ok(NewAccount { email, password, name, phone }),
        _ => Err(problems.0),
    }
}

/// Checks a profile change (issue 7): the keys sent, with the rules of [`validate_registration`]; every problem
/// at once.
pub fn validate_profile(request: &ProfileRequest) -> Result<ProfileChange, Vec<FieldError>> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut problems = Problems::default();
    let mut change = ProfileChange::default();
    if let Some(name) = &request.name {
        change.name = problems.keep(check_name("name", &text(name)));
    }
    if let Some(email) = &request.email {
        change.email = problems.keep(check_email("email", &text(email)));
    }
    if let Some(phone) = &request.phone {
        change.phone = problems.keep(check_phone("phone", &text(phone), request.phone_country.as_deref()));
    }
    if problems.0.is_empty() { Ok(change) } else { Err(problems.0) }
}

/// The hasher: argon2id v1.3 with [`ARGON2_MEMORY_KIB`], [`ARGON2_ITERATIONS`], [`ARGON2_PARALLELISM`].
fn hasher() -> Argon2<'static> {
    let params = Params::new(ARGON2_MEMORY_KIB, ARGON2_ITERATIONS, ARGON2_PARALLELISM, None)
        .expect("the OWASP parameters are valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashing failed (argon2 could not allocate, or a parameter is out of range). Names no input.
#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// `password` hashed with argon2id and a random 16-byte salt, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). CPU-bound (tens of milliseconds, 19 MiB): call it from a
/// blocking task.
pub fn hash_password(password: &Password) -> Result<String, HashError> {
    let salt: [u8; 16] = rand::random();
    let hash =
        hasher().hash_password_with_salt(password.expose().as_bytes(), &salt).map_err(|e| HashError(e.to_string()))?;
    Ok(hash.to_string())
}

/// Whether `password` matches `stored` (a PHC string; verified with the parameters written in it, in constant
/// time). A malformed `stored` is `false`. CPU-bound like [`hash_password`].
pub fn verify_password(password: &Password, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => hasher().verify_password(password.expose().as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// Whether `stored` was made with other parameters than today's (an older or weaker setting): the log-in then
/// hashes the password again.
pub fn needs_rehash(stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else { return true };
    let Ok(params) = Params::try_from(&parsed) else { return true };
    parsed.algorithm != ARGON2ID_IDENT
        || parsed.version != Some(u32::from(Version::V0x13))
        || (params.m_cost(), params.t_cost(), params.p_cost())
            != (ARGON2_MEMORY_KIB, ARGON2_ITERATIONS, ARGON2_PARALLELISM)
}

/// A hash of a random password nobody knows, made once: a log-in with an unknown e-mail verifies against it, so it
/// takes as long as one with a wrong password (no account enumeration by timing).
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let secret: [u8; 32] = rand::random();
    hash_password(&Password::new(URL_SAFE_NO_PAD.encode(secret))).expect("hashing a random password")
});

/// Spends the time of a real verification on `password` and answers `false`: the unknown-e-mail path of a log-in.
pub fn verify_dummy(password: &Password) -> bool {
    verify_password(password, &DUMMY_HASH);
    false
}

/// A new password-reset token and the hash to store: [`PASSWORD_RESET_TOKEN_BYTES`] random bytes as base64url
/// without padding (43 characters, safe in a URL), and its [`token_hash`].
pub fn new_reset_token() -> (String, String) {
    let bytes: [u8; PASSWORD_RESET_TOKEN_BYTES] = rand::random();
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

/// SHA-256 of `token` as 64 lower-case hex digits: what `password_resets` keeps, so a copy of the database does not
/// hold working links.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A new session stamp (16 random bytes as hex): `users.session_stamp` after a password is set.
pub fn new_session_stamp() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> RegisterRequest {
        RegisterRequest {
            email: Some("  Ivan@Example.RU ".into()),
            password: Some(" пароль 1 ".into()),
            name: Some(" Иван ".into()),
            phone: Some("+7 912 345-67-89".into()),
            phone_country: None,
            remember: false,
        }
    }

    fn codes(result: Result<impl std::fmt::Debug, Vec<FieldError>>) -> Vec<(String, &'static str)> {
        result.err().unwrap_or_default().into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_good_registration_is_normalised_and_the_password_kept_as_typed() {
        let account = validate_registration(&good()).unwrap();
        assert_eq!(account.email, "ivan@example.ru");
        assert_eq!(account.password.expose(), " пароль 1 ");
        assert_eq!(account.name, "Иван");
        assert_eq!(account.phone, Some(AccountPhone { phone: "+7 912 345-67-89".into(), country: "ru".into() }));
        let mut request = good();
        request.phone = Some("  ".into());
        assert_eq!(validate_registration(&request).unwrap().phone, None, "the phone is optional");
        request.phone = Some("+375 29 123-45-67".into());
        request.phone_country = Some("BY".into());
        assert_eq!(validate_registration(&request).unwrap().phone.unwrap().country, "by");
    }

    #[test]
    fn every_registration_problem_is_named_at_once() {
        assert_eq!(
            codes(validate_registration(&RegisterRequest::default())),
            [
                ("email".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("password".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("name".into(), "FORMS_NOT_EMPTY_INVALID"),
            ]
        );
        let request = RegisterRequest {
            email: Some("ivan@example".into()),
            password: Some("1234567".into()),
            name: Some("я".repeat(ACCOUNT_NAME_MAX_CHARS + 1)),
            phone: Some("+7 912 345".into()),
            phone_country: None,
            remember: true,
        };
        assert_eq!(
            codes(validate_registration(&request)),
            [
                ("email".into(), "FORMS_EMAIL_INVALID"),
                ("password".into(), "AUTH_PASSWORD_TOO_SHORT"),
                ("name".into(), "FORMS_VALUE_TOO_LONG"),
                ("phone".into(), "FORMS_PHONE_WRONG"),
            ]
        );
    }

    #[test]
    fn passwords_count_characters_not_bytes_and_are_limited_at_their_constants() {
        let at = |n: usize| check_new_password("password", &"я".repeat(n));
        assert_eq!(at(PASSWORD_MIN_CHARS - 1).unwrap_err().code, "AUTH_PASSWORD_TOO_SHORT", "14 bytes, 7 characters");
        assert!(at(PASSWORD_MIN_CHARS).is_ok());
        assert!(at(PASSWORD_MAX_CHARS).is_ok());
        assert_eq!(at(PASSWORD_MAX_CHARS + 1).unwrap_err().code, "FORMS_VALUE_TOO_LONG");
        assert!(check_new_password("password", "        ").is_ok(), "spaces are characters of a password");
        let e = check_new_password("newPassword", "short").unwrap_err();
        assert_eq!((e.field.as_str(), e.code), ("newPassword", "AUTH_PASSWORD_TOO_SHORT"));
    }

    #[test]
    fn e_mails_and_names_are_limited_at_their_constants() {
        let local = "a".repeat(61);
        let long = format!("{local}@{}.ru", "b".repeat(ACCOUNT_EMAIL_MAX_CHARS - 64));
        assert_eq!(long.chars().count(), ACCOUNT_EMAIL_MAX_CHARS + 1);
        assert_eq!(check_email("email", &long).unwrap_err().code, "FORMS_VALUE_TOO_LONG");
        assert_eq!(check_email("email", " A@B ").unwrap_err().code, "FORMS_EMAIL_INVALID", "no dot: no mail");
        assert_eq!(check_email("email", "Ivan.Petrov@Mail.RU").unwrap(), "ivan.petrov@mail.ru");
        assert!(check_name("name", &"я".repeat(ACCOUNT_NAME_MAX_CHARS)).is_ok());
        assert_eq!(
            check_phone("phone", &"1".repeat(ACCOUNT_PHONE_MAX_CHARS + 1), None).unwrap_err().code,
            "FORMS_PHONE_WRONG"
        );
        assert_eq!(check_phone("phone", "+7 912 345-67-89", Some("zz")).unwrap_err().code, "FORMS_PHONE_WRONG");
    }

    #[test]
    fn a_profile_change_touches_only_the_keys_sent() {
        let request: ProfileRequest = serde_json::from_str(r#"{"name": " Пётр "}"#).unwrap();
        assert_eq!(
            validate_profile(&request).unwrap(),
            ProfileChange { name: Some("Пётр".into()), ..Default::default() }
        );
        let request: ProfileRequest = serde_json::from_str(r#"{"phone": null}"#).unwrap();
        assert_eq!(validate_profile(&request).unwrap().phone, Some(None), "null removes the phone");
        let request: ProfileRequest =
            serde_json::from_str(r#"{"phone": "+7 701 123 4567", "phoneCountry": "kz", "email": " New@Mail.RU "}"#)
                .unwrap();
        let change = validate_profile(&request).unwrap();
        assert_eq!(change.email.as_deref(), Some("new@mail.ru"));
        assert_eq!(change.phone, Some(Some(AccountPhone { phone: "+7 701 123 4567".into(), country: "kz".into() })));
        let request: ProfileRequest = serde_json::from_str(r#"{"name": null, "email": "x@", "phone": "1"}"#).unwrap();
        assert_eq!(
            codes(validate_profile(&request)),
            [
                ("name".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("email".into(), "FORMS_EMAIL_INVALID"),
                ("phone".into(), "FORMS_PHONE_WRONG"),
            ]
        );
        assert_eq!(validate_profile(&ProfileRequest::default()).unwrap(), ProfileChange::default());
    }

    #[test]
    fn hashes_are_argon2id_with_the_owasp_parameters_and_verify_only_their_password() {
        let password = Password::new("correct horse");
        let hash = hash_password(&password).unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password(&password, &hash));
        assert!(!verify_password(&Password::new("correct horse "), &hash));
        assert!(!verify_password(&password, "not a PHC string"));
        assert_ne!(hash, hash_password(&password).unwrap(), "each hash has its own salt");
        assert!(!needs_rehash(&hash));
        // A hash of weaker parameters is verified with its own, and marked for rehashing.
        let weak = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8, 1, 1, None).unwrap())
            .hash_password_with_salt(b"correct horse", &[7; 16])
            .unwrap()
            .to_string();
        assert!(verify_password(&password, &weak));
        assert!(needs_rehash(&weak));
        assert!(!verify_dummy(&password));
    }

    #[test]
    fn a_password_never_shows_in_debug_output() {
        let account = validate_registration(&good()).unwrap();
        let shown = format!("{account:?}");
        assert!(!shown.contains("пароль"), "{shown}");
        assert!(shown.contains("Password(…)"));
    }

    #[test]
    fn reset_tokens_are_43_url_safe_characters_stored_as_their_sha256() {
        let (token, hash) = new_reset_token();
        assert_eq!(token.len(), 43);
        assert!(token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{token}");
        assert_eq!(hash, token_hash(&token));
        assert_eq!(hash.len(), 64);
        assert_ne!(new_reset_token().0, token);
        // SHA-256("abc"), FIPS 180-2's test vector.
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
