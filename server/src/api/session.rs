//! `GET /api/session`: the visitor's session (issue 5; spec §3 "sessid") and its account (issue 7).

use crate::api::accounts::{UserView, current};
use crate::error::ApiError;
use crate::session::csrf_token;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tower_sessions::Session;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// Shop settings the front-end needs for the session.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionSettings {
    /// `RIGHT`: the mini cart opens the slide cart; `PAGE`: it links to the cart page (spec §2, §9).
    pub basket_view: crate::config::BasketView,
    /// The store maps' tiles (`VITRINA_MAP_TILES`; issue 8); `null`: no tiles, markers on a plain background.
    #[schema(required)]
    pub map_tiles: Option<crate::state::MapTiles>,
}

/// The session: its CSRF token, the logged-in user, the settings and the chosen delivery location.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionAnswer {
    /// The session's CSRF token: send it in `X-CSRF-Token` with every state-changing request (else 403
    /// `CSRF_TOKEN_INVALID`). Stable until the session logs in or out (then fetch this again).
    pub sessid: String,
    /// The logged-in account, `null` for a guest.
    #[schema(required)]
    pub user: Option<UserView>,
    pub settings: SessionSettings,
    /// The shopper's delivery location (issue 8: `POST /api/location`, kept in the session and a cookie); `null`
    /// until one is chosen.
    #[schema(required)]
    pub location: Option<crate::db::locations::Location>,
}

/// The visitor's session, stored or not. A visitor without a stored session gets the `vitrina_csrf` cookie with
/// the token and nothing is stored: the first state-changing request starts the session (issue 20).
/// `Cache-Control: no-store` (it names the user).
#[utoipa::path(get, path = "/api/session", tag = "session", responses((status = 200, body = SessionAnswer)))]
pub async fn get_session(
    State(state): State<AppState>,
    session: Session,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let settings =
        SessionSettings { basket_view: state.settings.basket_view, map_tiles: state.settings.map_tiles.clone() };
    let (sessid, cookie) = csrf_token(&session, &headers, state.settings.https()).await?;
    let user = current(&state, &session).await?.map(UserView::from);
    let location = crate::api::locations::current_location(&state, &session, &headers).await?;
    let answer = SessionAnswer { sessid, user, settings, location };
    let mut response = ([(header::CACHE_CONTROL, "no-store")], Json(answer)).into_response();
    if let Some(cookie) = cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The session routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_session))
}
