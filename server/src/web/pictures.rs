//! `GET /pictures/{id}/{width}.{format}` (issue 24): a derivative of one of the shop's own pictures, with a year of
//! immutable caching (the address is the content's hash, so it never names other bytes).
//!
//! A derivative missing from the store while the original is there (the AVIF ones until the worker makes them, or
//! one removed by hand) is made on the spot, one at a time ([`AppState::picture_derives`]), and kept. Answers:
//! 200 with the picture; 404 for an id the store does not hold, a width not in
//! [`PICTURE_WIDTHS`], or a format other than `avif`, `webp`, `jpg`.

use crate::domain::pictures::{PictureFormat, is_picture_id};
use crate::limits::PICTURE_WIDTHS;
use crate::pictures::worker::{derive_formats, store_failure};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `Cache-Control` of a derivative: a year, never revalidated.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Serves a derivative (see the module's documentation).
pub async fn derivative(State(state): State<AppState>, Path((id, file)): Path<(String, String)>) -> Response {
    let Some((width, format)) = parse_file(&file) else { return StatusCode::NOT_FOUND.into_response() };
    if !is_picture_id(&id) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let store = &state.pictures;
    let key = store.derivative(&id, width, format);
    let bytes = match store.get(&key).await {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            match store.has(&store.original(&id)).await {
                Ok(true) => {}
                Ok(false) => return StatusCode::NOT_FOUND.into_response(),
                Err(err) => {
                    tracing::warn!(%err, id, file, "the picture store cannot be read");
                    return StatusCode::SERVICE_UNAVAILABLE.into_response();
                }
            }
            let _permit = state.picture_derives.acquire().await.expect("the semaphore is never closed");
            // Another request may have made it while this one waited.
            let made = async {
                if let Some(bytes) = store.get(&key).await.map_err(store_failure)? {
                    return Ok(Some(bytes));
                }
                derive_formats(store, &id, &[format], state.picture_avif_speed).await?;
                store.get(&key).await.map_err(store_failure)
            };
            match made.await {
                Ok(Some(bytes)) => bytes,
                Ok(None) => return StatusCode::NOT_FOUND.into_response(),
                Err(failure) => {
                    tracing::warn!(%failure, id, file, "a derivative cannot be made");
                    return StatusCode::NOT_FOUND.into_response();
                }
            }
        }
        Err(err) => {
            tracing::warn!(%err, id, file, "the picture store cannot be read");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(format.media_type()));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    response
}

/// `640.avif` → (640, AVIF), for the widths of [`PICTURE_WIDTHS`] and the formats of [`PictureFormat`] only.
fn parse_file(file: &str) -> Option<(u32, PictureFormat)> {
    let (width, extension) = file.split_once('.')?;
    let width: u32 = width.parse().ok().filter(|w| PICTURE_WIDTHS.contains(w))?;
    Some((width, PictureFormat::from_extension(extension)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_slot_widths_and_the_three_formats_are_served() {
        assert_eq!(parse_file("640.avif"), Some((640, PictureFormat::Avif)));
        assert_eq!(parse_file("160.jpg"), Some((160, PictureFormat::Jpeg)));
        for bad in ["641.avif", "640.png", "640", "../original", "original", "0640.webp.", "1280.jpg.bak"] {
            assert_eq!(parse_file(bad), None, "{bad}");
        }
    }
}
