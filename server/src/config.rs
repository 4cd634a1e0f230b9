//! The command line (clap). Every flag can also be given as an environment variable `VITRINA_*`.

use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Vitrina: an online-shop storefront in one binary.
#[derive(Debug, Parser)]
#[command(name = "vitrina", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The database file, shared by every command.
#[derive(Debug, Clone, Args)]
pub struct DbArgs {
    /// SQLite database file; created and migrated when missing.
    #[arg(long, env = "VITRINA_DB", default_value = "./data/vitrina.db")]
    pub db: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the shop: the API and the embedded front-end. Seeds the demo catalogue into an empty database.
    Serve(ServeArgs),
    /// Import a YML (Yandex Market Language) feed from a file, or `-` for standard input.
    Import(ImportArgs),
    /// Write a deterministic synthetic YML feed to standard output (for benchmarks).
    GenerateFeed(GenerateArgs),
    /// Manage the site menus (the top panel's horizontal menu): import, export, reset.
    Menu(MenuArgs),
}

/// `vitrina menu …`: the site menus.
#[derive(Debug, Clone, Args)]
pub struct MenuArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: MenuCommand,
}

/// The `vitrina menu` subcommands, each with its database.
#[derive(Debug, Clone, Subcommand)]
pub enum MenuCommand {
    /// Replace the top menu with the JSON file's (or `-` for standard input): a list of
    /// `{"title", "url", "children"}` items, or an answer of `GET /api/menus/top` saved to a file.
    /// Imports no longer rebuild it afterwards.
    Import {
        /// The JSON file, or `-` for standard input.
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Print the top menu as JSON in the format `menu import` reads.
    Export {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Forget the imported top menu and build it from the catalogue again (as after every feed import).
    Reset {
        #[command(flatten)]
        db: DbArgs,
    },
}

impl MenuCommand {
    /// The database the command works on.
    pub fn db(&self) -> &DbArgs {
        match self {
            Self::Import { db, .. } | Self::Export { db } | Self::Reset { db } => db,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// Address to listen on.
    #[arg(long, env = "VITRINA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The shop's public origin for canonical links and the sitemap, e.g. `https://shop.example`.
    /// Default: `http://` plus `--addr`.
    #[arg(long, env = "VITRINA_PUBLIC_URL")]
    pub public_url: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The feed file, or `-` for standard input.
    pub feed: PathBuf,
    #[command(flatten)]
    pub db: DbArgs,
    /// Print the summary as one JSON object.
    #[arg(long, env = "VITRINA_IMPORT_JSON")]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct GenerateArgs {
    /// Number of offers.
    #[arg(long, env = "VITRINA_GENERATE_OFFERS")]
    pub offers: u64,
    /// Seed: the same seed gives the same feed.
    #[arg(long, env = "VITRINA_GENERATE_SEED", default_value_t = 1)]
    pub seed: u64,
}
