//! Vitrina: an online-shop storefront in one binary. See docs/ARCHITECTURE.md for the map.

pub mod api;
pub mod captcha;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod exchange;
pub mod facets;
pub mod feeds;
pub mod limits;
pub mod log;
pub mod mail;
pub mod memory;
pub mod orders;
pub mod pictures;
pub mod rate_limit;
pub mod search;
pub mod security;
pub mod serve;
pub mod session;
pub mod startup;
pub mod state;
pub mod web;
