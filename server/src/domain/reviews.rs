//! Reviews of the shop (issue 8; spec §2 "a rating with reviews count and a link to the reviews page"): what a
//! shopper sends with `POST /api/reviews` and its checks.

use crate::domain::forms::FieldError;
use crate::limits::{REVIEW_NAME_MAX_CHARS, REVIEW_RATING_MAX, REVIEW_TEXT_MAX_CHARS};
use serde::Deserialize;
use utoipa::ToSchema;

/// `POST /api/reviews` body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// Stars, an integer 1..=5.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 5)]
    #[serde(default)]
    pub rating: Option<serde_json::Value>,
    /// The shopper's name as shown with the review, at most 100 characters.
    #[serde(default)]
    pub name: Option<String>,
    /// The review, at most 2000 characters; kept as typed and always shown as text.
    #[serde(default)]
    pub text: Option<String>,
}

/// A review that passed [`validate_review`]: trimmed texts and the stars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanReview {
    /// Stars, 1..=5.
    pub rating: i64,
    /// The reviewer's name, trimmed.
    pub name: String,
    /// The review, trimmed.
    pub text: String,
}

fn text_field(field: &str, value: Option<&str>, max: usize) -> Result<String, FieldError> {
    let text = value.unwrap_or("").trim();
    if text.is_empty() {
        Err(FieldError::new("FORMS_NOT_EMPTY_INVALID", field, "this field is required"))
    } else if text.chars().count() > max {
        Err(FieldError::new("FORMS_VALUE_TOO_LONG", field, format!("at most {max} characters")))
    } else {
        Ok(text.to_owned())
    }
}

/// Checks every field at once: `rating` an integer 1..=5 (`REVIEW_RATING_INVALID`), `name` and `text` required
/// (`FORMS_NOT_EMPTY_INVALID`) and not too long (`FORMS_VALUE_TOO_LONG`).
pub fn validate_review(request: &ReviewRequest) -> Result<CleanReview, Vec<FieldError>> {
    let mut problems = Vec::new();
    let rating =
        request.rating.as_ref().and_then(serde_json::Value::as_i64).filter(|r| (1..=REVIEW_RATING_MAX).contains(r));
    if rating.is_none() {
        problems.push(FieldError::new("REVIEW_RATING_INVALID", "rating", "an integer from 1 to 5"));
    }
    let name = text_field("name", request.name.as_deref(), REVIEW_NAME_MAX_CHARS).map_err(|e| problems.push(e)).ok();
    let text = text_field("text", request.text.as_deref(), REVIEW_TEXT_MAX_CHARS).map_err(|e| problems.push(e)).ok();
    match (rating, name, text) {
        (Some(rating), Some(name), Some(text)) if problems.is_empty() => Ok(CleanReview { rating, name, text }),
        _ => Err(problems),
    }
}

/// The mean of `sum` stars over `count` reviews in tenths, rounded half up (46 = 4.6); `None` without reviews.
/// Integer arithmetic: the same reviews always give the same figure.
pub fn mean_tenths(sum: i64, count: i64) -> Option<i64> {
    (count > 0).then(|| (sum * 20 + count) / (count * 2))
}

/// The Russian form of "отзыв" after `count` (spec §3 `reviewsDeclension`), by the CLDR plural rules for `ru`:
/// one (1, 21, 101: `отзыв`), few (2–4, 22–24: `отзыва`), many (0, 5–20, 25–30, 111: `отзывов`). The front-end
/// declines with i18next's rules, which are the same.
pub fn reviews_declension(count: i64) -> &'static str {
    let (units, tens) = (count.rem_euclid(10), count.rem_euclid(100));
    if units == 1 && tens != 11 {
        "отзыв"
    } else if (2..=4).contains(&units) && !(12..=14).contains(&tens) {
        "отзыва"
    } else {
        "отзывов"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(value: serde_json::Value) -> ReviewRequest {
        serde_json::from_value(value).unwrap()
    }

    fn codes(result: Result<CleanReview, Vec<FieldError>>) -> Vec<(String, &'static str)> {
        result.unwrap_err().into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_good_review_is_trimmed() {
        let clean =
            validate_review(&request(json!({"rating": 5, "name": " Анна ", "text": " Всё отлично 👍 "}))).unwrap();
        assert_eq!(clean, CleanReview { rating: 5, name: "Анна".into(), text: "Всё отлично 👍".into() });
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        assert_eq!(
            codes(validate_review(&request(json!({})))),
            vec![
                ("rating".into(), "REVIEW_RATING_INVALID"),
                ("name".into(), "FORMS_NOT_EMPTY_INVALID"),
                ("text".into(), "FORMS_NOT_EMPTY_INVALID")
            ]
        );
    }

    #[test]
    fn the_rating_is_an_integer_from_1_to_5() {
        for bad in [json!(0), json!(6), json!(4.5), json!("5"), json!(null), json!(-1)] {
            let result = validate_review(&request(json!({"rating": bad, "name": "A", "text": "B"})));
            assert_eq!(codes(result), vec![("rating".into(), "REVIEW_RATING_INVALID")], "{bad}");
        }
    }

    #[test]
    fn long_texts_are_refused() {
        let long_name = "я".repeat(REVIEW_NAME_MAX_CHARS + 1);
        let long_text = "ё".repeat(REVIEW_TEXT_MAX_CHARS + 1);
        let result = validate_review(&request(json!({"rating": 3, "name": long_name, "text": long_text})));
        assert_eq!(
            codes(result),
            vec![("name".into(), "FORMS_VALUE_TOO_LONG"), ("text".into(), "FORMS_VALUE_TOO_LONG")]
        );
        let exact = "я".repeat(REVIEW_NAME_MAX_CHARS);
        assert!(validate_review(&request(json!({"rating": 3, "name": exact, "text": "ok"}))).is_ok());
    }

    #[test]
    fn the_mean_is_rounded_half_up_to_tenths() {
        assert_eq!(mean_tenths(0, 0), None);
        assert_eq!(mean_tenths(5, 1), Some(50));
        assert_eq!(mean_tenths(9, 2), Some(45)); // 4.5
        assert_eq!(mean_tenths(14, 3), Some(47)); // 4.666…
        assert_eq!(mean_tenths(13, 3), Some(43)); // 4.333…
        assert_eq!(mean_tenths(89, 20), Some(45)); // 4.45 → 4.5
        assert_eq!(mean_tenths(1, 1), Some(10));
    }

    #[test]
    fn the_count_takes_its_russian_plural_form() {
        let cases = [
            (0, "отзывов"),
            (1, "отзыв"),
            (2, "отзыва"),
            (4, "отзыва"),
            (5, "отзывов"),
            (11, "отзывов"),
            (12, "отзывов"),
            (14, "отзывов"),
            (21, "отзыв"),
            (22, "отзыва"),
            (25, "отзывов"),
            (101, "отзыв"),
            (111, "отзывов"),
            (112, "отзывов"),
            (1001, "отзыв"),
            (1024, "отзыва"),
        ];
        for (count, form) in cases {
            assert_eq!(reviews_declension(count), form, "{count}");
        }
    }
}
