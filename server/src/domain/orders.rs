//! The checkout's rules (issue 6 "Orders"): what `POST /api/orders` must carry, checked all at once with the
//! forms' message codes (spec §5) and the phone and e-mail rules of the forms (`crate::domain::forms`). Pure: no
//! database, no HTTP.

use crate::domain::contact::{Email, Phone};
use crate::domain::forms::FieldError;
use crate::limits::{DEFAULT_PHONE_COUNTRY, ORDER_COMMENT_MAX_CHARS, ORDER_NAME_MAX_CHARS, ORDER_VALUE_MAX_CHARS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How the order reaches the shopper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryMethod {
    /// The shopper collects it from the shop.
    Pickup,
    /// A courier brings it to `address`.
    Courier,
}

impl DeliveryMethod {
    /// `pickup` or `courier`, as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pickup => "pickup",
            Self::Courier => "courier",
        }
    }

    /// The method named `text` (exactly `pickup` or `courier`).
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Pickup, Self::Courier].into_iter().find(|m| m.as_str() == text)
    }

    /// The method as the notifications name it (Russian, the shop's language).
    pub fn label(self) -> &'static str {
        match self {
            Self::Pickup => "Самовывоз",
            Self::Courier => "Курьером",
        }
    }
}

/// How the shopper pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    /// Cash on delivery or pickup.
    Cash,
    /// A card, on delivery or pickup.
    CardOnDelivery,
}

impl PaymentMethod {
    /// `cash` or `card_on_delivery`, as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::CardOnDelivery => "card_on_delivery",
        }
    }

    /// The method named `text` (exactly `cash` or `card_on_delivery`).
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Cash, Self::CardOnDelivery].into_iter().find(|m| m.as_str() == text)
    }

    /// The method as the notifications name it (Russian, the shop's language).
    pub fn label(self) -> &'static str {
        match self {
            Self::Cash => "Наличными при получении",
            Self::CardOnDelivery => "Картой при получении",
        }
    }
}

/// `POST /api/orders` body, as sent. Every key may be missing or `null` (then it counts as empty): the answer is a
/// 422 naming each problem, not a 400. Values of another JSON type than a string are a 400 `BODY_INVALID`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRequest {
    /// Required, at most 200 characters.
    pub name: Option<String>,
    /// Required: a valid number of `phoneCountry`, in international format (`+7 912 345-67-89`).
    pub phone: Option<String>,
    /// The phone's country, iso2 (`ru`, `by`, …); default `ru`.
    pub phone_country: Option<String>,
    /// Optional; a shopper who gives one gets a confirmation.
    pub email: Option<String>,
    /// Required.
    pub city: Option<String>,
    /// Required with `courier` delivery; ignored with `pickup`.
    pub address: Option<String>,
    /// `pickup` or `courier`.
    pub delivery_method: Option<String>,
    /// `cash` or `card_on_delivery`.
    pub payment_method: Option<String>,
    /// Optional, at most 2000 characters.
    pub comment: Option<String>,
}

/// An order request that passed [`validate_order`]: trimmed, empty optional values as `None`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanOrder {
    /// The shopper's name, trimmed, 1..=`ORDER_NAME_MAX_CHARS` characters.
    pub name: String,
    /// As sent (trimmed); valid for `phone_country`.
    pub phone: String,
    /// iso2, lower case.
    pub phone_country: String,
    /// The shopper's e-mail, when given.
    pub email: Option<String>,
    /// The delivery or pick-up city.
    pub city: String,
    /// Always `Some` with courier delivery, always `None` with pickup.
    pub address: Option<String>,
    /// Pick-up or courier.
    pub delivery_method: DeliveryMethod,
    /// Cash or card on delivery.
    pub payment_method: PaymentMethod,
    /// The shopper's comment, when given.
    pub comment: Option<String>,
}

/// The trimmed text of `value`; `None` and `null` are empty.
fn trimmed(value: &Option<String>) -> &str {
    value.as_deref().map_or("", str::trim)
}

/// `value` trimmed when it has at most `max` characters: `Ok(None)` when empty (`FORMS_NOT_EMPTY_INVALID` if
/// `required`), `FORMS_VALUE_TOO_LONG` when longer.
fn text_field(field: &str, value: &Option<String>, max: usize, required: bool) -> Result<Option<String>, FieldError> {
    let text = trimmed(value);
    if text.chars().count() > max {
        return Err(FieldError::new("FORMS_VALUE_TOO_LONG", field, format!("at most {max} characters")));
    }
    if text.is_empty() {
        return if required {
            Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", field, "this field is required"))
        } else {
            Ok(None)
        };
    }
    Ok(Some(text.to_owned()))
}

/// Checks an order request (issue 6): every problem at once, in the order of the fields, each with the JSON key at
/// fault as its `field`. Codes: `FORMS_NOT_EMPTY_INVALID` (name, phone, city; address with courier delivery),
/// `FORMS_VALUE_TOO_LONG` (name over [`ORDER_NAME_MAX_CHARS`], e-mail, city or address over
/// [`ORDER_VALUE_MAX_CHARS`], comment over [`ORDER_COMMENT_MAX_CHARS`]), `FORMS_PHONE_WRONG` (not a valid number of
/// `phoneCountry`, default `ru`: [`Phone::parse`]), `FORMS_EMAIL_INVALID` ([`Email::parse`]), `ORDER_DELIVERY_INVALID` (not `pickup` or `courier`), `ORDER_PAYMENT_INVALID` (not `cash`
/// or `card_on_delivery`).
pub fn validate_order(request: &OrderRequest) -> Result<CleanOrder, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut keep = |result: Result<Option<String>, FieldError>| match result {
        Ok(value) => value,
        Err(e) => {
            errors.push(e);
            None
        }
    };
    let name = keep(text_field("name", &request.name, ORDER_NAME_MAX_CHARS, true));
    let phone_country = match trimmed(&request.phone_country) {
        "" => DEFAULT_PHONE_COUNTRY.to_owned(),
        iso2 => iso2.to_ascii_lowercase(),
    };
    let phone = keep(match trimmed(&request.phone) {
        "" => Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", "phone", "the phone is required")),
        phone if phone.chars().count() > ORDER_VALUE_MAX_CHARS || Phone::parse(phone, &phone_country).is_err() => {
            let country: String = phone_country.chars().take(8).collect();
            Err(FieldError::new("FORMS_PHONE_WRONG", "phone", format!("not a valid phone number of {country:?}")))
        }
        phone => Ok(Some(phone.to_owned())),
    });
    let email = keep(text_field("email", &request.email, ORDER_VALUE_MAX_CHARS, false).and_then(|email| match email {
        Some(email) if Email::parse(&email).is_err() => {
            Err(FieldError::new("FORMS_EMAIL_INVALID", "email", "not an e-mail address"))
        }
        email => Ok(email),
    }));
    let city = keep(text_field("city", &request.city, ORDER_VALUE_MAX_CHARS, true));
    let delivery_method = DeliveryMethod::parse(trimmed(&request.delivery_method));
    let courier = delivery_method == Some(DeliveryMethod::Courier);
    let address = keep(text_field("address", &request.address, ORDER_VALUE_MAX_CHARS, courier)).filter(|_| courier);
    if delivery_method.is_none() {
        keep(Err(FieldError::new("ORDER_DELIVERY_INVALID", "deliveryMethod", "pickup or courier")));
    }
    let payment_method = PaymentMethod::parse(trimmed(&request.payment_method));
    if payment_method.is_none() {
        keep(Err(FieldError::new("ORDER_PAYMENT_INVALID", "paymentMethod", "cash or card_on_delivery")));
    }
    let comment = keep(text_field("comment", &request.comment, ORDER_COMMENT_MAX_CHARS, false));
    match (name, phone, city, delivery_method, payment_method) {
        (Some(name), Some(phone), Some(city), Some(delivery_method), Some(payment_method)) if errors.is_empty() => {
            Ok(CleanOrder {
                name,
                phone,
                phone_country,
                email,
                city,
                address,
                delivery_method,
                payment_method,
                comment,
            })
        }
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> OrderRequest {
        OrderRequest {
            name: Some(" Иван Петров ".into()),
            phone: Some("+7 912 345-67-89".into()),
            phone_country: None,
            email: Some("ivan@example.ru".into()),
            city: Some("Пермь".into()),
            address: None,
            delivery_method: Some("pickup".into()),
            payment_method: Some("cash".into()),
            comment: Some("  ".into()),
        }
    }

    fn codes(request: &OrderRequest) -> Vec<(String, &'static str)> {
        validate_order(request).err().unwrap_or_default().into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_good_order_is_trimmed_and_takes_the_defaults() {
        let clean = validate_order(&good()).unwrap();
        assert_eq!(
            clean,
            CleanOrder {
                name: "Иван Петров".into(),
                phone: "+7 912 345-67-89".into(),
                phone_country: "ru".into(),
                email: Some("ivan@example.ru".into()),
                city: "Пермь".into(),
                address: None,
                delivery_method: DeliveryMethod::Pickup,
                payment_method: PaymentMethod::Cash,
                comment: None,
            }
        );
        let mut courier = good();
        courier.delivery_method = Some("courier".into());
        courier.payment_method = Some("card_on_delivery".into());
        courier.address = Some(" ул. Ленина, 1 ".into());
        courier.phone = Some("+375 29 123-45-67".into());
        courier.phone_country = Some("BY".into());
        courier.email = Some(String::new());
        courier.comment = Some("Позвоните за час".into());
        let clean = validate_order(&courier).unwrap();
        assert_eq!(clean.address.as_deref(), Some("ул. Ленина, 1"));
        assert_eq!(clean.phone_country, "by");
        assert_eq!(
            (clean.delivery_method, clean.payment_method),
            (DeliveryMethod::Courier, PaymentMethod::CardOnDelivery)
        );
        assert_eq!(clean.email, None);
        assert_eq!(clean.comment.as_deref(), Some("Позвоните за час"));
    }

    #[test]
    fn an_address_is_required_for_a_courier_and_dropped_for_pickup() {
        let mut request = good();
        request.delivery_method = Some("courier".into());
        assert_eq!(codes(&request), [("address".into(), "FORMS_NOT_EMPTY_INVALID")]);
        request.delivery_method = Some("pickup".into());
        request.address = Some("ул. Ленина, 1".into());
        assert_eq!(validate_order(&request).unwrap().address, None, "pickup keeps no address");
    }

    #[test]
    fn every_problem_is_named_at_once_in_field_order() {
        let request = OrderRequest {
            name: Some("   ".into()),
            phone: None,
            phone_country: None,
            email: Some("ivan@example".into()),
            city: None,
            address: None,
            delivery_method: Some("drone".into()),
            payment_method: Some("CASH".into()),
            comment: Some("я".repeat(ORDER_COMMENT_MAX_CHARS + 1)),
        };
        assert_eq!(
            codes(&request),
            [
                ("name".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("phone".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("email".into(), "FORMS_EMAIL_INVALID"),
                ("city".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("deliveryMethod".into(), "ORDER_DELIVERY_INVALID"),
                ("paymentMethod".into(), "ORDER_PAYMENT_INVALID"),
                ("comment".into(), "FORMS_VALUE_TOO_LONG"),
            ]
        );
        // An empty body: the address is not asked for while the delivery method is unknown.
        assert_eq!(
            codes(&OrderRequest::default()),
            [
                ("name".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("phone".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("city".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("deliveryMethod".into(), "ORDER_DELIVERY_INVALID"),
                ("paymentMethod".into(), "ORDER_PAYMENT_INVALID"),
            ]
        );
    }

    #[test]
    fn phones_follow_the_forms_rules_for_their_country() {
        for (country, phone) in [
            (None, "+7 912 345"),
            (Some("by"), "+7 912 345-67-89"),
            (None, "not a phone"),
            (Some("zz"), "+7 912 345-67-89"),
        ] {
            let mut request = good();
            request.phone = Some(phone.into());
            request.phone_country = country.map(str::to_owned);
            assert_eq!(codes(&request), [("phone".into(), "FORMS_PHONE_WRONG")], "{country:?} {phone}");
        }
        let mut request = good();
        request.phone = Some(format!("+7 912 345-67-89{}", " ".repeat(ORDER_VALUE_MAX_CHARS)) + "1");
        assert_eq!(codes(&request), [("phone".into(), "FORMS_PHONE_WRONG")], "too long to be a phone");
        request.phone = Some("+7 701 123 4567".into());
        request.phone_country = Some("kz".into());
        assert!(validate_order(&request).is_ok());
    }

    #[test]
    fn lengths_are_limited_at_their_constants() {
        type Set = fn(&mut OrderRequest, usize);
        let fields: [(&str, usize, Set); 5] = [
            ("name", ORDER_NAME_MAX_CHARS, |r, n| r.name = Some("я".repeat(n))),
            ("email", ORDER_VALUE_MAX_CHARS, |r, n| r.email = Some(format!("{}@example.ru", "a".repeat(n - 11)))),
            ("city", ORDER_VALUE_MAX_CHARS, |r, n| r.city = Some("я".repeat(n))),
            ("address", ORDER_VALUE_MAX_CHARS, |r, n| r.address = Some("я".repeat(n))),
            ("comment", ORDER_COMMENT_MAX_CHARS, |r, n| r.comment = Some("я".repeat(n))),
        ];
        for (field, max, set) in fields {
            let mut request = good();
            request.delivery_method = Some("courier".into());
            request.address = Some("ул. Ленина, 1".into());
            set(&mut request, max + 1);
            assert_eq!(codes(&request), [(field.to_owned(), "FORMS_VALUE_TOO_LONG")], "{field}");
            // An e-mail of 500 characters is refused by its syntax (a local part has at most 64), not its length.
            if field != "email" {
                set(&mut request, max);
                assert!(validate_order(&request).is_ok(), "{field} at {max} characters");
            }
        }
    }
}
