//! `POST /basket/add`: "В корзину" as a form of the page (issue 33), so a card's and a product page's button adds
//! the offer to the basket without scripts too, and brings the shopper back to where they pressed it. With scripts
//! the app takes the press (`POST /api/basket/items`) and this is never posted; before the app is ready the page's
//! event contract holds the press for it, and posts the form only if the app never comes.

use crate::api::basket::{AddItem, add_line, check_addable};
use crate::domain::links::is_site_path;
use crate::error::ApiError;
use crate::security::check_same_origin;
use crate::session::form_visitor_id;
use crate::state::AppState;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tower_sessions::Session;

/// The form's fields (`application/x-www-form-urlencoded`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddForm {
    /// The offer's id (`Offer.id`).
    offer_id: String,
    /// The page to come back to: a path of this site with its query (the page the button was on). Anything else,
    /// or nothing, comes back to the home page.
    #[serde(default)]
    back: String,
}

/// Adds one piece of `offerId` to the visitor's basket, as `POST /api/basket/items` does and by its rules, then
/// `303 See Other` to `back`. Errors, in the API's JSON shape: 403 `FORM_ORIGIN_INVALID` (posted from another
/// site), 400 `FORM_INVALID` (field `offerId`: no offer named, or not a form body), and `POST /api/basket/items`'s
/// 404 and 409 codes.
pub async fn add(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    form: Result<Form<AddForm>, FormRejection>,
) -> Result<Response, ApiError> {
    check_same_origin(&headers)?;
    let Form(form) =
        form.map_err(|rejection| ApiError::bad_request("FORM_INVALID", "offerId", rejection.body_text()))?;
    let item = AddItem { offer_id: form.offer_id, quantity: 1, delay: false };
    check_addable(&state, &item).await?;
    let visitor = form_visitor_id(&session, &headers).await?;
    add_line(&state, &visitor, &item).await?;
    Ok((StatusCode::SEE_OTHER, [(header::LOCATION, back_to(&form.back))]).into_response())
}

/// Where the form's post sends the shopper: `back` when it is a path of this site that a header can carry, else `/`.
fn back_to(back: &str) -> HeaderValue {
    Some(back)
        .filter(|back| is_site_path(back))
        .and_then(|back| HeaderValue::from_str(back).ok())
        .unwrap_or_else(|| HeaderValue::from_static("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_post_comes_back_to_a_page_of_this_site_only() {
        assert_eq!(back_to("/catalog/puzzles/?page=2"), "/catalog/puzzles/?page=2");
        for off in ["", "//evil.example/", "/\\evil.example/", "https://evil.example/", "/a\r\nSet-Cookie: x=1"] {
            assert_eq!(back_to(off), "/", "{off:?}");
        }
    }
}
