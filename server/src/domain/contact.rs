//! A phone number and an e-mail address, checked once on construction (spec §5 `FORMS_PHONE_INVALID`,
//! `FORMS_PHONE_WRONG`, `FORMS_EMAIL_INVALID`). The forms, the checkout and the accounts share them (issue 21: each
//! rule written once, as a type of its own).

/// Why a text is not a [`Phone`] or an [`Email`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContactError {
    /// Not a valid number of the country (spec §5 `FORMS_PHONE_WRONG`).
    #[error("not a valid phone number of the country")]
    PhoneWrong,
    /// Not an address a shop can write to (spec §5 `FORMS_EMAIL_INVALID`).
    #[error("not an e-mail address")]
    EmailInvalid,
}

/// Whether `text` holds only digits, spaces, hyphens, parentheses and plus, with at least one digit (spec §5:
/// PHONE without the mask, `FORMS_PHONE_INVALID`). A looser rule than [`Phone::parse`]: the forms take such free
/// text when their phone field has no mask.
pub fn is_phone_text(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')' | '+'))
}

/// The log-in name of `text`, checked or not: trimmed and lower-cased (`" Ivan@Example.RU "` →
/// `"ivan@example.ru"`). A log-in looks accounts up by it without checking the address first.
pub fn login_name(text: &str) -> String {
    text.trim().to_lowercase()
}

/// A phone number valid for its country, as typed (`+7 912 345-67-89`, trimmed) with the country's iso2 code in
/// lower case. Validity is libphonenumber's metadata (the `phonenumber` crate).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone {
    number: String,
    country: String,
}

impl Phone {
    /// `text` (international format) as a number of the country `iso2` (either case). Letters are refused (issue
    /// 20): libphonenumber reads `+7 912 ABC-DE-FG` as a vanity number and would take it. Error:
    /// [`ContactError::PhoneWrong`], also for an unknown country.
    pub fn parse(text: &str, iso2: &str) -> Result<Self, ContactError> {
        let number = text.trim();
        if !is_phone_text(number) {
            return Err(ContactError::PhoneWrong);
        }
        let country = iso2.trim().to_ascii_lowercase();
        let id =
            country.to_ascii_uppercase().parse::<phonenumber::country::Id>().map_err(|_| ContactError::PhoneWrong)?;
        match phonenumber::parse(Some(id), number) {
            Ok(parsed) if phonenumber::is_valid(&parsed) && parsed.country().id() == Some(id) => {
                Ok(Self { number: number.to_owned(), country })
            }
            _ => Err(ContactError::PhoneWrong),
        }
    }

    /// The number as typed, trimmed.
    pub fn number(&self) -> &str {
        &self.number
    }

    /// The country's iso2 code, lower case.
    pub fn country(&self) -> &str {
        &self.country
    }

    /// `(number, country)`.
    pub fn into_parts(self) -> (String, String) {
        (self.number, self.country)
    }
}

/// An e-mail address a shop can write to: RFC 5322 syntax (the `email_address` crate) with a dot somewhere, so
/// `a@b` (valid, but no mail reaches it) is refused. Kept as typed, trimmed; [`Email::login_name`] is the
/// lower-cased form accounts log in with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    /// `text`, trimmed, as an address. Error: [`ContactError::EmailInvalid`].
    pub fn parse(text: &str) -> Result<Self, ContactError> {
        let text = text.trim();
        if email_address::EmailAddress::is_valid(text) && text.contains('.') {
            Ok(Self(text.to_owned()))
        } else {
            Err(ContactError::EmailInvalid)
        }
    }

    /// The address, trimmed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address lower-cased: one account per address however it is typed (`Ivan@Mail.RU` is `ivan@mail.ru`).
    pub fn login_name(&self) -> String {
        login_name(&self.0)
    }

    /// The address, trimmed.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_is_valid_for_its_own_country_only() {
        let phone = Phone::parse(" +7 912 345-67-89 ", "RU").unwrap();
        assert_eq!((phone.number(), phone.country()), ("+7 912 345-67-89", "ru"));
        assert_eq!(Phone::parse("+7 912 345-67-89", "by"), Err(ContactError::PhoneWrong));
        assert_eq!(Phone::parse("+7 912 345-67-89", "zz"), Err(ContactError::PhoneWrong), "unknown country");
        assert!(Phone::parse("+375 29 123-45-67", "by").is_ok());
    }

    #[test]
    fn letters_in_a_phone_are_refused_though_libphonenumber_reads_them_as_a_vanity_number() {
        assert_eq!(Phone::parse("+7 912 ABC-DE-FG", "ru"), Err(ContactError::PhoneWrong));
        assert_eq!(Phone::parse("+7 912 345-67-8x", "ru"), Err(ContactError::PhoneWrong));
    }

    #[test]
    fn free_phone_text_is_digits_and_punctuation() {
        assert!(is_phone_text("8 (912) 345-67-89"));
        assert!(!is_phone_text("() -"), "no digit");
        assert!(!is_phone_text("call 123"));
    }

    #[test]
    fn an_email_needs_a_dot_and_keeps_its_case_until_asked_for_the_login_name() {
        let email = Email::parse(" Ivan.Petrov@Mail.RU ").unwrap();
        assert_eq!(email.as_str(), "Ivan.Petrov@Mail.RU");
        assert_eq!(email.login_name(), "ivan.petrov@mail.ru");
        assert_eq!(Email::parse("a@b"), Err(ContactError::EmailInvalid), "no dot: no mail reaches it");
        assert_eq!(Email::parse("not an address"), Err(ContactError::EmailInvalid));
    }
}
