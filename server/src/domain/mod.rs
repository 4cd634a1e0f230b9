//! Pure types and rules of the shop: no axum, no sqlx. Each newtype validates on construction.

pub mod accounts;
pub mod changes;
pub mod contact;
pub mod forms;
pub mod links;
pub mod listing;
pub mod locations;
pub mod menu;
pub mod money;
pub mod offer_ids;
pub mod order_status;
pub mod orders;
pub mod pictures;
pub mod reviews;
pub mod slug;
pub mod stores;
pub mod text;
pub mod working_hours;
