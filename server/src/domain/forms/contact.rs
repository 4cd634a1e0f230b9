//! The checks of a phone number and an e-mail address that the forms, the checkout and the accounts share (spec §5
//! `FORMS_PHONE_INVALID`, `FORMS_PHONE_WRONG`, `FORMS_EMAIL_INVALID`).

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
