//! Integration tests: each starts the real application on 127.0.0.1:0 with a fresh database: a SQLite file, or a
//! PostgreSQL database when `VITRINA_TEST_PG` names a server (`make test` runs the suite on both; issue 36).

mod account_limits;
mod accounts;
mod admin;
mod basket;
mod catalog;
mod exchange;
mod facets;
mod form_captcha;
mod forms;
mod hardening;
mod helpers;
mod import;
mod instances;
mod lists;
mod menus;
mod orders;
mod password_reset;
mod pictures;
mod profile;
mod render;
mod schema;
mod search;
mod search_disk;
mod search_relevance;
mod session;
mod stores;
mod synonyms;
mod variants;
mod web;
