//! Server-described forms (issue 5; spec §3 "Feedback form", §5, §7 getData / checkCaptcha / sendForm, §8):
//! `GET /api/forms/{code}`, `POST /api/forms/{code}/captcha`, `GET /api/captcha/{sid}` (and `/audio`, the word
//! spoken), `POST /api/forms/{code}/captcha-check`, `POST /api/forms/{code}/submissions`. Every POST needs the session's CSRF token (`crate::session`).

use crate::db::forms::{self as store, CaptchaGuess, NewSubmission};
use crate::db::outbox::NewMessage;
use crate::domain::forms::{
    CAPTCHA_SID, CAPTCHA_WORD, CleanSubmission, FieldError, FieldType, FormDefinition, SOURCE_URL, validate_submission,
};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::limits::{DEFAULT_PHONE_COUNTRY, FORM_BODY_MAX_BYTES, MAX_MENU_URL_CHARS};
use crate::rate_limit::{ClientAddr, check};
use crate::session::{existing_visitor_id, form_values, phone_country, remember_form, visitor_id};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// A captcha to show: its id and its image (`GET /api/captcha/{sid}`, a PNG of a fresh word each time it is
/// fetched; the last word drawn is the one that counts).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaRef {
    /// Send back as `CAPTCHA_SID` (spec §3).
    pub sid: String,
    /// `/api/captcha/{sid}`.
    pub image_url: String,
}

/// `GET /api/forms/{code}`: the definition plus what this visitor needs to fill it in (spec §7 getData).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormAnswer {
    #[serde(flatten)]
    pub form: FormDefinition,
    /// Prefill per field code: what this visitor sent with the form last time (phones in international format).
    pub values: BTreeMap<String, String>,
    /// The phone's initial country (iso2, lower case): the visitor's last one, else `ru`.
    pub country: String,
}

/// `POST /api/forms/{code}/captcha-check` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CaptchaCheck {
    /// The captcha's id (`captcha.sid`).
    pub sid: String,
    /// The word as typed; compared case-insensitively.
    pub word: String,
}

/// `POST /api/forms/{code}/captcha-check` answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CaptchaCheckAnswer {
    pub valid: bool,
}

/// `POST /api/forms/{code}/submissions` answer: `{status: true}` (200), or `{status: false, errors, captcha}`
/// (422; spec §8: the new captcha replaces the old one, which the submission used up).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SubmissionAnswer {
    pub status: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub captcha: Option<CaptchaRef>,
}

async fn load_form(state: &AppState, code: &str) -> Result<FormDefinition, ApiError> {
    store::find(&state.db, code)
        .await?
        .ok_or_else(|| ApiError::not_found("FORM_NOT_FOUND", format!("no form {code:?}")))
}

/// A new captcha for `form_code` (a form's code, or the log-in's), bound to this session's visitor.
pub(crate) async fn new_captcha(state: &AppState, form_code: &str, session: &Session) -> Result<CaptchaRef, ApiError> {
    let visitor = visitor_id(session).await?;
    let sid = store::create_captcha(&state.db, form_code, &visitor).await?;
    Ok(CaptchaRef { image_url: format!("/api/captcha/{sid}"), sid })
}

/// `response` with `Cache-Control: no-store` (a visitor's own answer: a captcha, a form's prefill).
pub(crate) fn no_store(response: impl IntoResponse) -> Response {
    let mut response = response.into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

/// The form `code` for this visitor: definition, prefill and phone country. A form with `useCaptcha` gets its
/// captcha from `POST /api/forms/{code}/captcha` (issue 20: reading a form stored a captcha). Not cached
/// (`Cache-Control: no-store`). 404 `FORM_NOT_FOUND`.
#[utoipa::path(get, path = "/api/forms/{code}", tag = "forms",
    params(("code" = String, Path, description = "The form's code: `callback`, `feedback`, …")),
    responses((status = 200, body = FormAnswer), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_form(
    State(state): State<AppState>,
    session: Session,
    ApiPath(code): ApiPath<String>,
) -> Result<Response, ApiError> {
    let form = load_form(&state, &code).await?;
    let values = form_values(&session, &form.code).await?;
    let country = phone_country(&session).await?.unwrap_or_else(|| DEFAULT_PHONE_COUNTRY.to_owned());
    Ok(no_store(Json(FormAnswer { form, values, country })))
}

/// A new captcha for the form `code` (spec §5), bound to this visitor (issue 20): asked for when a form that uses
/// one is shown, so a visitor who only reads stores nothing. 201 `{sid, imageUrl}`; 404 `FORM_NOT_FOUND`; 409
/// `CAPTCHA_NOT_USED` (field `code`) for a form without a captcha; 429 `RATE_LIMITED` past the per-address captcha
/// limit (shared with the images and checks); 403 without the CSRF token.
#[utoipa::path(post, path = "/api/forms/{code}/captcha", tag = "forms",
    params(("code" = String, Path, description = "The form's code: `callback`, `feedback`, …")),
    responses((status = 201, body = CaptchaRef), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn create_captcha(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiPath(code): ApiPath<String>,
) -> Result<Response, ApiError> {
    check(&state.limiters.captcha, addr)?;
    let form = load_form(&state, &code).await?;
    if !form.use_captcha {
        return Err(ApiError::Conflict {
            code: "CAPTCHA_NOT_USED",
            field: "code",
            detail: format!("the form {code:?} has no captcha"),
        });
    }
    let captcha = new_captcha(&state, &form.code, &session).await?;
    Ok(no_store((StatusCode::CREATED, Json(captcha))))
}

/// The captcha `sid` as a PNG (220×90 px) of a freshly drawn word, which replaces the captcha's previous word
/// (so fetching the image again is "another picture"). 404 `CAPTCHA_NOT_FOUND` when the captcha is unknown, used
/// up or older than 10 minutes; 429 past the per-address limit.
#[utoipa::path(get, path = "/api/captcha/{sid}", tag = "forms",
    params(("sid" = String, Path, description = "`captcha.sid` of a form answer")),
    responses((status = 200, content_type = "image/png", description = "The captcha image"),
        (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn get_captcha_image(
    State(state): State<AppState>,
    addr: ClientAddr,
    ApiPath(sid): ApiPath<String>,
) -> Result<Response, ApiError> {
    check(&state.limiters.captcha, addr)?;
    let (_, png) = redraw_captcha(&state, &sid).await?;
    Ok(no_store(([(header::CONTENT_TYPE, "image/png")], png)))
}

/// 404 `CAPTCHA_NOT_FOUND`: no such captcha, or it was used or has expired.
fn captcha_not_found() -> ApiError {
    ApiError::not_found("CAPTCHA_NOT_FOUND", "no such captcha, or it was used or has expired")
}

/// Draws a fresh word for the live captcha `sid` and makes it the captcha's word: `(word, PNG)`. 404
/// `CAPTCHA_NOT_FOUND` when there is no such live captcha.
async fn redraw_captcha(state: &AppState, sid: &str) -> Result<(String, Vec<u8>), ApiError> {
    let drawn = tokio::task::spawn_blocking(crate::captcha::draw).await.map_err(anyhow::Error::from)?;
    let (word, png) = drawn.ok_or_else(|| anyhow::anyhow!("the captcha image could not be encoded"))?;
    if !store::set_captcha_word(&state.db, sid, &word).await? {
        return Err(captcha_not_found());
    }
    Ok((word, png))
}

/// `GET /api/captcha/{sid}/audio` query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CaptchaAudioQuery {
    /// Language the characters are named in: `ru` (default) or `en`.
    pub lang: Option<String>,
}

/// The captcha `sid`'s word spoken (issue 19, WCAG 1.1.1: an alternative to the picture that does not need sight):
/// a WAV (8 kHz, 16-bit mono) of the word the last image showed, character by character, in `lang`. Fetching it
/// does not change the word. A captcha no image was drawn for yet gets its word here. 404 `CAPTCHA_NOT_FOUND` when
/// the captcha is unknown, used up or older than 10 minutes; 429 past the per-address limit (shared with the
/// images).
#[utoipa::path(get, path = "/api/captcha/{sid}/audio", tag = "forms",
    params(("sid" = String, Path, description = "`captcha.sid` of a form answer"), CaptchaAudioQuery),
    responses((status = 200, content_type = "audio/wav", description = "The captcha's word, spoken"),
        (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn get_captcha_audio(
    State(state): State<AppState>,
    addr: ClientAddr,
    ApiPath(sid): ApiPath<String>,
    ApiQuery(query): ApiQuery<CaptchaAudioQuery>,
) -> Result<Response, ApiError> {
    check(&state.limiters.captcha, addr)?;
    let word = match store::captcha_word(&state.db, &sid).await?.ok_or_else(captcha_not_found)? {
        Some(word) => word,
        None => redraw_captcha(&state, &sid).await?.0,
    };
    let language = query.lang.unwrap_or_default();
    let wav = tokio::task::spawn_blocking(move || crate::captcha::speak(&word, &language))
        .await
        .map_err(anyhow::Error::from)?
        .ok_or_else(|| anyhow::anyhow!("the captcha word could not be spoken"))?;
    Ok(no_store(([(header::CONTENT_TYPE, "audio/wav")], wav)))
}

/// Whether `word` is the captcha's word (case-insensitive); does not use the captcha up (spec §5: the form checks
/// while the shopper types, 1000 ms after the last keystroke); only the visitor whose form drew the captcha gets
/// `true` (issue 20). 404 `FORM_NOT_FOUND`; 429 past the per-address
/// limit; 403 without the CSRF token.
#[utoipa::path(post, path = "/api/forms/{code}/captcha-check", tag = "forms", request_body = CaptchaCheck,
    params(("code" = String, Path, description = "The form's code")),
    responses((status = 200, body = CaptchaCheckAnswer), (status = 404, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn check_captcha(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<CaptchaCheck>,
) -> Result<Response, ApiError> {
    check(&state.limiters.captcha, addr)?;
    let form = load_form(&state, &code).await?;
    // A captcha is its visitor's (issue 20): a session without a visitor has none.
    let valid = match existing_visitor_id(&session).await? {
        Some(visitor) => {
            let guess = CaptchaGuess { sid: &body.sid, form_code: &form.code, visitor: &visitor, word: &body.word };
            store::check_captcha(&state.db, &guess).await?
        }
        None => false,
    };
    Ok(no_store(Json(CaptchaCheckAnswer { valid })))
}

fn string_of(body: &Map<String, Value>, key: &str) -> String {
    body.get(key).and_then(Value::as_str).unwrap_or("").trim().to_owned()
}

/// Sends form `code` (spec §7 sendForm): every field by code, `SOURCE_URL`, `USER_CONSENT` (`Y`), `CAPTCHA_SID`
/// and `CAPTCHA_WORD`; with `phoneMask`, `PHONE` as `{COUNTRY:{iso2, dialCode, name}, VALUE, FULL_VALUE}`.
/// Everything is checked again (spec §5 codes); the captcha is used up, right or wrong. On success the submission
/// is stored, remembered for the visitor's next visit to the form and notified (outbox, log, mail) → 200
/// `{status: true}`. Otherwise 422 `{status: false, errors: [{code, field, detail}], captcha}` with a new captcha.
/// 400 `BODY_INVALID` (not a JSON object), 413 `BODY_TOO_LARGE` (over 64 KiB), 404 `FORM_NOT_FOUND`, 429
/// `RATE_LIMITED` (per client address, `Retry-After`), 403 without the CSRF token.
#[utoipa::path(post, path = "/api/forms/{code}/submissions", tag = "forms", request_body = Object,
    params(("code" = String, Path, description = "The form's code")),
    responses((status = 200, body = SubmissionAnswer), (status = 422, body = SubmissionAnswer),
        (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 413, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn submit_form(
    State(state): State<AppState>,
    session: Session,
    addr: ClientAddr,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<Response, ApiError> {
    check(&state.limiters.submissions, addr)?;
    let form = load_form(&state, &code).await?;
    let mut result = validate_submission(&form, &body);
    if form.use_captcha {
        let sid = string_of(&body, CAPTCHA_SID);
        let word = string_of(&body, CAPTCHA_WORD);
        let right = match existing_visitor_id(&session).await? {
            Some(visitor) => {
                let guess = CaptchaGuess { sid: &sid, form_code: &form.code, visitor: &visitor, word: &word };
                store::use_captcha(&state.db, &guess).await?
            }
            None => false,
        };
        let problem = if word.is_empty() {
            Some(FieldError {
                code: "FORMS_NOT_EMPTY_INVALID",
                field: CAPTCHA_WORD.into(),
                detail: "type the word".into(),
            })
        } else if !right {
            Some(FieldError {
                code: "FORMS_CAPTCHA_WRONG",
                field: CAPTCHA_WORD.into(),
                detail: "not the captcha's word, or the captcha was used or has expired".into(),
            })
        } else {
            None
        };
        if let Some(problem) = problem {
            result = Err(match result {
                Ok(_) => vec![problem],
                Err(mut errors) => {
                    errors.push(problem);
                    errors
                }
            });
        }
    }
    let clean = match result {
        Ok(clean) => clean,
        Err(errors) => {
            let captcha = if form.use_captcha { Some(new_captcha(&state, &form.code, &session).await?) } else { None };
            let answer = SubmissionAnswer { status: false, errors, captcha };
            return Ok(no_store((StatusCode::UNPROCESSABLE_ENTITY, Json(answer))));
        }
    };
    let source_url: String = string_of(&body, SOURCE_URL).chars().take(MAX_MENU_URL_CHARS).collect();
    let visitor = visitor_id(&session).await?;
    let submission = NewSubmission {
        form_code: &form.code,
        field_values: &clean.values,
        source_url: Some(source_url.as_str()).filter(|s| !s.is_empty()),
        visitor_id: &visitor,
        client_addr: (!addr.0.is_unspecified()).then(|| addr.0.to_string()),
    };
    let id = store::insert_submission(&state.db, &submission).await?;
    remember_form(&session, &form.code, clean.prefill.clone(), clean.phone_country.as_deref()).await?;
    let shop = crate::db::shop::name_or_default(&state.db).await?;
    let message = notification(&shop, &form, &clean, &source_url, id, state.mailer.owner_address())?;
    state.mailer.send(&state.db, message).await?;
    Ok(no_store(Json(SubmissionAnswer { status: true, errors: Vec::new(), captcha: None })))
}

/// The shop owner's notification of submission `id` (template `form_submission`): plain text and HTML (every typed
/// value escaped).
fn notification(
    shop: &str,
    form: &FormDefinition,
    clean: &CleanSubmission,
    source_url: &str,
    id: i64,
    recipient: Option<&str>,
) -> Result<NewMessage, ApiError> {
    let mut rows: Vec<(String, String)> = Vec::new();
    for field in &form.fields {
        let Some(value) = clean.values.get(&field.code) else { continue };
        let text = match (field.field_type, value) {
            (FieldType::Phone, Value::Object(phone)) => {
                let full = phone.get("FULL_VALUE").and_then(Value::as_str).unwrap_or("");
                let country = phone.get("COUNTRY").and_then(|c| c.get("name")).and_then(Value::as_str).unwrap_or("");
                if country.is_empty() { full.to_owned() } else { format!("{full} ({country})") }
            }
            (FieldType::Checkbox, _) => "да".to_owned(),
            (_, Value::String(s)) => s.clone(),
            (_, other) => other.to_string(),
        };
        rows.push((field.label.clone(), text));
    }
    if !source_url.is_empty() {
        rows.push(("Страница".into(), source_url.to_owned()));
    }
    let rows: Vec<minijinja::Value> =
        rows.into_iter().map(|(label, value)| minijinja::context! { label, value }).collect();
    let context = minijinja::context! { shop, title => form.title, id, rows };
    crate::mail::templates::render("form_submission", "ru", "form_submission", recipient.map(str::to_owned), &context)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("form submission mail: {e}")))
}

/// The form routes. Bodies of the POST routes are limited to [`FORM_BODY_MAX_BYTES`].
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_form))
        .routes(routes!(create_captcha))
        .routes(routes!(get_captcha_image))
        .routes(routes!(get_captcha_audio))
        .routes(routes!(check_captcha))
        .routes(routes!(submit_form))
        .layer(DefaultBodyLimit::max(FORM_BODY_MAX_BYTES))
}
