//! Pure types and rules of the shop: no axum, no sqlx. Each newtype validates on construction.

pub mod money;
pub mod slug;
