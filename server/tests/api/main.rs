//! Integration tests: each starts the real application on 127.0.0.1:0 with a fresh SQLite file.

mod accounts;
mod basket;
mod catalog;
mod forms;
mod hardening;
mod helpers;
mod import;
mod lists;
mod menus;
mod orders;
mod search;
mod session;
mod stores;
mod web;
