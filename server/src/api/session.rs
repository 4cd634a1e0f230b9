//! `GET /api/session`: the visitor's session (issue 5; spec §3 "sessid").

use crate::error::ApiError;
use crate::session::csrf_token;
use axum::Json;
use axum::extract::State;
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
}

/// The session: its CSRF token, the signed-in user (none until accounts exist) and the settings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionAnswer {
    /// The session's CSRF token: send it in `X-CSRF-Token` with every state-changing request (else 403
    /// `CSRF_TOKEN_INVALID`). Stable for the session's life.
    pub sessid: String,
    /// The signed-in user, `null` for a guest.
    #[schema(value_type = Option<Object>)]
    pub user: Option<serde_json::Value>,
    pub settings: SessionSettings,
}

/// Starts the visitor's session when there is none (the `vitrina_session` cookie) and answers it.
#[utoipa::path(get, path = "/api/session", tag = "session", responses((status = 200, body = SessionAnswer)))]
pub async fn get_session(State(state): State<AppState>, session: Session) -> Result<Json<SessionAnswer>, ApiError> {
    let settings = SessionSettings { basket_view: state.settings.basket_view };
    Ok(Json(SessionAnswer { sessid: csrf_token(&session).await?, user: None, settings }))
}

/// The session routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_session))
}
