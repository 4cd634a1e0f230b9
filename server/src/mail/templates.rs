//! The mails' templates (issue 37), minijinja, embedded from `server/templates/mail/`: per mail and language a
//! `.txt` template whose first line is the subject and whose rest is the plain-text body, and a `.html` template
//! (auto-escaped: every value a shopper or a feed wrote is escaped). Shared labels (statuses, delivery and payment
//! methods) live in `labels.{ru,en}.j2`.

use crate::db::outbox::NewMessage;
use minijinja::Environment;
use serde::Serialize;
use std::sync::LazyLock;

/// Every template, by name, as built into the binary.
const TEMPLATES: &[(&str, &str)] = &[
    ("labels.ru.j2", include_str!("../../templates/mail/labels.ru.j2")),
    ("labels.en.j2", include_str!("../../templates/mail/labels.en.j2")),
    ("order_status.ru.txt", include_str!("../../templates/mail/order_status.ru.txt")),
    ("order_status.ru.html", include_str!("../../templates/mail/order_status.ru.html")),
    ("order_status.en.txt", include_str!("../../templates/mail/order_status.en.txt")),
    ("order_status.en.html", include_str!("../../templates/mail/order_status.en.html")),
    ("order_confirmation.ru.txt", include_str!("../../templates/mail/order_confirmation.ru.txt")),
    ("order_confirmation.ru.html", include_str!("../../templates/mail/order_confirmation.ru.html")),
    ("order_confirmation.en.txt", include_str!("../../templates/mail/order_confirmation.en.txt")),
    ("order_confirmation.en.html", include_str!("../../templates/mail/order_confirmation.en.html")),
    ("order_lines.ru.txt", include_str!("../../templates/mail/order_lines.ru.txt")),
    ("order_lines.ru.html", include_str!("../../templates/mail/order_lines.ru.html")),
    ("order_owner.ru.txt", include_str!("../../templates/mail/order_owner.ru.txt")),
    ("order_owner.ru.html", include_str!("../../templates/mail/order_owner.ru.html")),
    ("form_submission.ru.txt", include_str!("../../templates/mail/form_submission.ru.txt")),
    ("form_submission.ru.html", include_str!("../../templates/mail/form_submission.ru.html")),
    ("password_reset.ru.txt", include_str!("../../templates/mail/password_reset.ru.txt")),
    ("password_reset.ru.html", include_str!("../../templates/mail/password_reset.ru.html")),
    ("login_alert.ru.txt", include_str!("../../templates/mail/login_alert.ru.txt")),
    ("login_alert.ru.html", include_str!("../../templates/mail/login_alert.ru.html")),
    ("review.ru.txt", include_str!("../../templates/mail/review.ru.txt")),
    ("review.ru.html", include_str!("../../templates/mail/review.ru.html")),
];

static ENVIRONMENT: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    // `.html` names are auto-escaped (minijinja's default rule); `.txt` and `.j2` are not.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    for (name, source) in TEMPLATES {
        env.add_template(name, source).unwrap_or_else(|e| panic!("mail template {name}: {e}"));
    }
    env
});

/// The languages the shopper's mails come in; anything else gets Russian, the shop's first language. The owner's
/// mails (`order_owner`, `form_submission`, `review`) and the account mails (`password_reset`, `login_alert`) are
/// Russian only.
pub fn mail_language(language: &str) -> &'static str {
    if language == "en" { "en" } else { "ru" }
}

/// Renders mail `mail` (`order_status`, …) in `language` with `context` into a message about `topic` for
/// `recipient`. Errors name the template and the problem (a missing value, a bad expression). `context` is a
/// serialisable struct or `minijinja::context!`, not a `serde_json::Value`: this crate builds serde_json with
/// arbitrary-precision numbers, which reach a template as a private map instead of a number.
pub fn render(
    mail: &str,
    language: &str,
    topic: &str,
    recipient: Option<String>,
    context: impl Serialize,
) -> Result<NewMessage, minijinja::Error> {
    let language = mail_language(language);
    let context = minijinja::Value::from_serialize(&context);
    let text = ENVIRONMENT.get_template(&format!("{mail}.{language}.txt"))?.render(&context)?;
    let html = ENVIRONMENT.get_template(&format!("{mail}.{language}.html"))?.render(&context)?;
    let (subject, body) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    Ok(NewMessage {
        topic: topic.to_owned(),
        recipient,
        subject: subject.trim().to_owned(),
        text_body: body.trim_start_matches('\n').to_owned(),
        html_body: html,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn order() -> serde_json::Value {
        json!({"number": "12", "placed": "28.11.2026 10:00 UTC", "total": "100.00 RUB"})
    }

    #[test]
    fn every_template_compiles() {
        for (name, _) in TEMPLATES {
            ENVIRONMENT.get_template(name).unwrap();
        }
    }

    #[test]
    fn a_status_mail_speaks_the_orders_language_and_escapes_its_html() {
        let context = json!({"shop": "Shop", "order": order(), "status": "shipped", "comment": "<b>Track</b> 1",
            "link": "https://shop.example/order#t"});
        let ru = render("order_status", "ru", "order_status", None, &context).unwrap();
        assert_eq!(ru.subject, "Shop: заказ № 12: отправлен");
        assert!(ru.text_body.contains("Комментарий магазина: <b>Track</b> 1"), "{}", ru.text_body);
        assert!(ru.html_body.contains("&lt;b&gt;Track&lt;&#x2f;b&gt; 1"), "{}", ru.html_body);
        let en = render("order_status", "en", "order_status", None, &context).unwrap();
        assert_eq!(en.subject, "Shop: order No. 12: shipped");
        assert!(en.text_body.contains("is now: Shipped."));
        // An unknown language gets Russian.
        assert_eq!(render("order_status", "de", "t", None, &context).unwrap().subject, ru.subject);
    }

    #[test]
    fn a_missing_value_is_an_error_not_an_empty_mail() {
        let context = json!({"shop": "Shop", "order": order(), "status": "shipped"});
        assert!(render("order_status", "ru", "t", None, &context).is_err());
    }
}
