//! Integration tests: each starts the real application on 127.0.0.1:0 with a fresh SQLite file.

mod account_limits;
mod accounts;
mod basket;
mod catalog;
mod facets;
mod form_captcha;
mod forms;
mod hardening;
mod helpers;
mod import;
mod lists;
mod menus;
mod orders;
mod password_reset;
mod pictures;
mod profile;
mod render;
mod search;
mod search_relevance;
mod session;
mod stores;
mod synonyms;
mod variants;
mod web;
