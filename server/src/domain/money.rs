//! Money: an integer amount of minor units plus an ISO 4217 currency code; never a float.
//!
//! Feeds write prices as decimal text in major units (`1480`, `3.54`, `349,90`); [`parse_price`] turns that text
//! into minor units exactly, and [`Money::major_json`] writes them back as an exact JSON number.

use crate::limits::PRICE_MAX_MAJOR_DIGITS as MAX_MAJOR_DIGITS;
use serde::Serialize;
use std::fmt;

/// The shop's currency when a feed names none and of an empty basket: the Russian rouble (the shop speaks Russian
/// first).
pub const DEFAULT_CURRENCY: &str = "RUB";

/// An ISO 4217 currency code, upper-case, three ASCII letters. The feed's legacy `RUR` becomes `RUB`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct CurrencyCode(String);

impl Default for CurrencyCode {
    /// [`DEFAULT_CURRENCY`].
    fn default() -> Self {
        Self(DEFAULT_CURRENCY.to_owned())
    }
}

impl CurrencyCode {
    /// Parses a currency code from a feed (`RUB`, `rur`, ` KZT `). Errors when it is not three ASCII letters.
    pub fn parse(raw: &str) -> Result<Self, MoneyError> {
        let code = raw.trim().to_ascii_uppercase();
        if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(MoneyError::BadCurrency(raw.trim().to_owned()));
        }
        // RUR is the pre-1998 rouble code that YML still allows; shoppers and Intl know RUB.
        Ok(Self(if code == "RUR" { "RUB".to_owned() } else { code }))
    }

    /// The code as text, e.g. `"RUB"`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Digits after the decimal point of this currency's minor unit (ISO 4217): 0 for JPY, KRW…, 3 for KWD…,
    /// 2 for everything else (RUB, KZT, BYN, UAH, USD, EUR).
    pub fn exponent(&self) -> u32 {
        match self.0.as_str() {
            "BIF" | "CLP" | "DJF" | "GNF" | "ISK" | "JPY" | "KMF" | "KRW" | "PYG" | "RWF" | "UGX" | "VND" | "VUV"
            | "XAF" | "XOF" | "XPF" => 0,
            "BHD" | "IQD" | "JOD" | "KWD" | "LYD" | "OMR" | "TND" => 3,
            _ => 2,
        }
    }
}

impl fmt::Display for CurrencyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a price could not be read. The `Display` text is what an import summary reports.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("price is empty")]
    Empty,
    #[error("price {0:?} is not a number")]
    NotANumber(String),
    #[error("price {0:?} is negative")]
    Negative(String),
    #[error("price {0:?} does not fit (at most 9 digits before the decimal point)")]
    TooLarge(String),
    #[error("price {0:?} has more decimals than {1} allows")]
    TooPrecise(String, String),
    #[error("currency {0:?} is not a three-letter ISO 4217 code")]
    BadCurrency(String),
}

/// Parses a feed price (`"1480"`, `"3.54"`, `"349,90"`, `" 1 480.00 "`) into minor units of `currency`.
///
/// Accepts one `.` or `,` as the decimal separator and spaces (also no-break) between digit groups.
/// Trailing zeros past the currency's exponent are fine (`1480.000`); other extra decimals are refused rather than
/// rounded. Errors: empty, not a number, negative, more than [`MAX_MAJOR_DIGITS`] (9) integer digits.
pub fn parse_price(raw: &str, currency: &CurrencyCode) -> Result<i64, MoneyError> {
    let text: String = raw.trim().chars().filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}')).collect();
    if text.is_empty() {
        return Err(MoneyError::Empty);
    }
    if text.starts_with('-') {
        return Err(MoneyError::Negative(raw.trim().to_owned()));
    }
    let text = text.strip_prefix('+').unwrap_or(&text);
    let (major, minor) = match text.find(['.', ',']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (major.is_empty() && minor.is_empty()) || !digits(major) || !digits(minor) {
        return Err(MoneyError::NotANumber(raw.trim().to_owned()));
    }
    let major = major.trim_start_matches('0');
    if major.len() > MAX_MAJOR_DIGITS {
        return Err(MoneyError::TooLarge(abbreviate(raw.trim())));
    }
    let exp = currency.exponent() as usize;
    let (kept, rest) = minor.split_at(minor.len().min(exp));
    if rest.bytes().any(|b| b != b'0') {
        return Err(MoneyError::TooPrecise(raw.trim().to_owned(), currency.to_string()));
    }
    let major_value: i64 = if major.is_empty() { 0 } else { major.parse().expect("at most 15 ASCII digits") };
    let mut minor_value: i64 = if kept.is_empty() { 0 } else { kept.parse().expect("at most 3 ASCII digits") };
    minor_value *= 10_i64.pow((exp - kept.len()) as u32);
    Ok(major_value * 10_i64.pow(exp as u32) + minor_value)
}

/// Keeps error texts short when a feed carries a 100-digit "price".
fn abbreviate(s: &str) -> String {
    if s.chars().count() <= 24 { s.to_owned() } else { format!("{}…", s.chars().take(20).collect::<String>()) }
}

/// An amount of money: integer minor units plus a currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Money {
    /// Minor units (kopecks, tiyn, cents).
    pub minor: i64,
    pub currency: CurrencyCode,
}

impl Money {
    /// The amount in major units as exact decimal text: `148000 RUB` → `"1480"`, `354 RUB` → `"3.54"`,
    /// `350 RUB` → `"3.5"` (trailing zeros dropped, as a JSON number would print them).
    pub fn major_text(&self) -> String {
        minor_to_major_text(self.minor, self.currency.exponent())
    }

    /// The amount as a JSON number in major units, written exactly from the minor units (never through a float).
    pub fn major_json(&self) -> serde_json::Number {
        self.major_text().parse().expect("major_text is always a valid JSON number")
    }
}

/// Writes `minor` units with `exponent` decimals as the shortest exact decimal text.
pub fn minor_to_major_text(minor: i64, exponent: u32) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    let scale = 10_u64.pow(exponent);
    let (major, frac) = (abs / scale, abs % scale);
    if frac == 0 {
        return format!("{sign}{major}");
    }
    let frac = format!("{frac:0width$}", width = exponent as usize);
    format!("{sign}{major}.{}", frac.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rub() -> CurrencyCode {
        CurrencyCode::parse("RUB").unwrap()
    }

    #[test]
    fn rur_is_stored_as_rub_and_codes_are_upper_cased() {
        assert_eq!(CurrencyCode::parse(" rur ").unwrap().as_str(), "RUB");
        assert_eq!(CurrencyCode::parse("kzt").unwrap().as_str(), "KZT");
        assert!(CurrencyCode::parse("RU").is_err());
        assert!(CurrencyCode::parse("R1B").is_err());
    }

    #[test]
    fn whole_and_decimal_prices_become_exact_minor_units() {
        assert_eq!(parse_price("1480", &rub()), Ok(148_000));
        assert_eq!(parse_price("3.54", &rub()), Ok(354));
        assert_eq!(parse_price("349,90", &rub()), Ok(34_990));
        assert_eq!(parse_price(" 1 480.00 ", &rub()), Ok(148_000));
        assert_eq!(parse_price("0.5", &rub()), Ok(50));
        assert_eq!(parse_price("1480.000", &rub()), Ok(148_000));
        assert_eq!(parse_price("7", &CurrencyCode::parse("JPY").unwrap()), Ok(7));
    }

    #[test]
    fn bad_prices_are_refused_with_a_reason() {
        assert_eq!(parse_price("", &rub()), Err(MoneyError::Empty));
        assert!(matches!(parse_price("-5", &rub()), Err(MoneyError::Negative(_))));
        assert!(matches!(parse_price("abc", &rub()), Err(MoneyError::NotANumber(_))));
        assert!(matches!(parse_price("1.2.3", &rub()), Err(MoneyError::NotANumber(_))));
        assert!(matches!(parse_price(".", &rub()), Err(MoneyError::NotANumber(_))));
        assert!(matches!(parse_price("3.545", &rub()), Err(MoneyError::TooPrecise(..))));
        let garbage = "5270810594202002156835970527062306230663058000527085270662306230663005270662306230663";
        assert!(matches!(parse_price(garbage, &rub()), Err(MoneyError::TooLarge(_))));
        assert!(parse_price("999999999", &rub()).is_ok());
        assert!(matches!(parse_price("9999999999999999", &rub()), Err(MoneyError::TooLarge(_))));
        // Issue 20: 999,999,999,999,999.99 RUB made baskets overflow; a billion is refused.
        assert!(matches!(parse_price("999999999999999.99", &rub()), Err(MoneyError::TooLarge(_))));
        assert!(matches!(parse_price("1000000000", &rub()), Err(MoneyError::TooLarge(_))));
        assert_eq!(parse_price("999999999.99", &rub()), Ok(99_999_999_999));
    }

    #[test]
    fn major_text_is_exact_and_shortest() {
        let m = |minor| Money { minor, currency: rub() };
        assert_eq!(m(148_000).major_text(), "1480");
        assert_eq!(m(354).major_text(), "3.54");
        assert_eq!(m(350).major_text(), "3.5");
        assert_eq!(m(5).major_text(), "0.05");
        assert_eq!(m(-354).major_text(), "-3.54");
        assert_eq!(serde_json::to_string(&m(354).major_json()).unwrap(), "3.54");
        assert_eq!(serde_json::to_string(&m(99_999_999_999_999_999).major_json()).unwrap(), "999999999999999.99");
    }
}
