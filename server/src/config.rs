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
    /// The shop's database: a SQLite file's path (created and migrated when missing), or a `postgres://` URL of an
    /// existing PostgreSQL database (migrated at start) for several instances (docs/operations.md).
    #[arg(long, env = "VITRINA_DB", default_value = "./data/vitrina.db")]
    pub db: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the shop: the API and the embedded front-end. Seeds the demo catalogue into an empty database.
    Serve(Box<ServeArgs>),
    /// Import a YML (Yandex Market Language) feed from a file, or `-` for standard input.
    Import(ImportArgs),
    /// Write a deterministic synthetic YML feed to standard output (for benchmarks).
    GenerateFeed(GenerateArgs),
    /// Write the same synthetic catalogue as 1C would send it: `import.xml` and `offers.xml` (CommerceML 2.10) in a
    /// folder (for benchmarks).
    GenerateCommerceml(GenerateCommercemlArgs),
    /// 1C's exchange without 1C: apply the CommerceML files of a folder (1C's "выгрузка в каталог").
    Exchange(ExchangeCommandArgs),
    /// Manage the site menus (the top panel's horizontal menu): import, export, reset.
    Menu(MenuArgs),
    /// Manage the server-described forms (callback, feedback, …): import, export.
    Forms(FormsArgs),
    /// Manage the shop's stores (addresses, working hours, contacts): import, export.
    Stores(StoresArgs),
    /// Load the delivery locations (the cities a shopper chooses from) from a CSV file.
    Locations(LocationsArgs),
    /// Moderate shoppers' reviews: list, publish, delete.
    Reviews(ReviewsArgs),
    /// Work the shop's orders without a browser: list, show, set-status (the back office's rules, issue 37).
    Orders(OrdersArgs),
    /// Manage the shop's staff, who use the back office at /admin/: add, list, remove, reset-password.
    Staff(StaffArgs),
    /// The notifications' outbox: what waits to be mailed and what failed, and why.
    Mail(MailCommandArgs),
    /// Manage the search synonyms (машинка => машина): export, import, reset, and the brands' Cyrillic spellings.
    Synonyms(SynonymsArgs),
    /// The shop's own copies of its offers' pictures: status, and fetch (what a serving shop does in the background).
    Pictures(PicturesArgs),
    /// Write a consistent copy of the database to OUT, safe while the shop serves (SQLite `VACUUM INTO`;
    /// PostgreSQL `pg_dump --format=custom`), and check it. OUT must not exist.
    Backup(BackupArgs),
    /// Print the API's OpenAPI 3.1 document (what `GET /api/openapi.json` serves) to standard output.
    Openapi,
}

/// `vitrina backup OUT` (docs/operations.md "Back up").
#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// Where to write the copy: a new file.
    pub out: PathBuf,
    #[command(flatten)]
    pub db: DbArgs,
}

/// An import's file and database (`vitrina menu|forms|stores|locations import FILE`).
#[derive(Debug, Clone, Args)]
pub struct FileImportArgs {
    /// The file, or `-` for standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub db: DbArgs,
}

/// `vitrina stores …` (docs/operations.md "Stores").
#[derive(Debug, Clone, Args)]
pub struct StoresArgs {
    #[command(subcommand)]
    pub command: StoresCommand,
}

/// The `vitrina stores` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum StoresCommand {
    /// Replace the stores with the JSON file's (or `-` for standard input): a list of store objects, as
    /// `stores export` prints and `GET /api/stores` answers (`today` and the rating fields are ignored). Every
    /// store is checked before any is written; the first is the main one.
    Import(FileImportArgs),
    /// Print the stores as a JSON list, in the format `stores import` reads.
    Export {
        #[command(flatten)]
        db: DbArgs,
    },
}

/// `vitrina locations …` (docs/operations.md "Delivery locations").
#[derive(Debug, Clone, Args)]
pub struct LocationsArgs {
    #[command(subcommand)]
    pub command: LocationsCommand,
}

/// The `vitrina locations` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum LocationsCommand {
    /// Replace the city list with the CSV file's (or `-` for standard input): `name,region,country,lat,lon,population`
    /// or the hflabs/city layout (`ru-cities.hflabs.csv`). Rows without a name or coordinates are skipped and listed.
    Import(FileImportArgs),
}

/// `vitrina reviews …` (docs/operations.md "Reviews").
#[derive(Debug, Clone, Args)]
pub struct ReviewsArgs {
    #[command(subcommand)]
    pub command: ReviewsCommand,
}

/// The `vitrina reviews` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum ReviewsCommand {
    /// Print the reviews (id, status, stars, name, date, text) as JSON lines, oldest first.
    List {
        /// Only the reviews waiting for moderation.
        #[arg(long)]
        pending: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Publish pending reviews: they show on the reviews page and count in the rating.
    Publish {
        /// Review ids.
        #[arg(required = true)]
        ids: Vec<i64>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Delete reviews for good (published or not).
    Delete {
        /// Review ids.
        #[arg(required = true)]
        ids: Vec<i64>,
        #[command(flatten)]
        db: DbArgs,
    },
}

impl StoresCommand {
    /// The database the command works on.
    pub fn db(&self) -> &DbArgs {
        match self {
            Self::Import(FileImportArgs { db, .. }) | Self::Export { db } => db,
        }
    }
}

impl ReviewsCommand {
    /// The database the command works on.
    pub fn db(&self) -> &DbArgs {
        match self {
            Self::List { db, .. } | Self::Publish { db, .. } | Self::Delete { db, .. } => db,
        }
    }
}

/// The shop's database for a command with subcommands, taken before or after the subcommand
/// (`vitrina staff add EMAIL --db FILE` and `vitrina staff --db FILE add EMAIL` alike).
#[derive(Debug, Clone, Args)]
pub struct CommandDbArgs {
    /// The shop's database: a SQLite file's path, or a `postgres://` URL (as `serve` takes it).
    #[arg(long, env = "VITRINA_DB", default_value = "./data/vitrina.db", global = true)]
    pub db: PathBuf,
}

impl CommandDbArgs {
    /// As the other commands take it.
    pub fn db_args(&self) -> DbArgs {
        DbArgs { db: self.db.clone() }
    }
}

/// Where links in what the CLI writes point (the shop's public origin; `serve`'s `--public-url`).
#[derive(Debug, Clone, Args)]
pub struct LinkArgs {
    /// The shop's public origin, e.g. `https://shop.example`: links in mails and the staff's set-password link.
    #[arg(long, env = "VITRINA_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
}

/// `vitrina orders …` (docs/operations.md "Staff and the back office").
#[derive(Debug, Clone, Args)]
pub struct OrdersArgs {
    #[command(subcommand)]
    pub command: OrdersCommand,
    #[command(flatten)]
    pub db: CommandDbArgs,
}

/// The `vitrina orders` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum OrdersCommand {
    /// List orders, newest first: number, date, status, name, phone, total.
    List {
        /// Only orders of this status: new, accepted, paid, shipped, completed or cancelled.
        #[arg(long)]
        status: Option<String>,
        /// Placed on or after this day (YYYY-MM-DD, UTC) or instant (RFC 3339).
        #[arg(long)]
        from: Option<String>,
        /// Placed on or before this day (YYYY-MM-DD, UTC, the whole day) or before this instant (RFC 3339).
        #[arg(long)]
        to: Option<String>,
        /// Look for this in the number, name, e-mail and phone.
        #[arg(long)]
        search: Option<String>,
        /// How many to list.
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// One JSON object per line instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show one order: its lines, totals, the shopper's contacts, delivery, comment and status history.
    Show {
        number: String,
        #[arg(long)]
        json: bool,
    },
    /// Move an order to another status (the life cycle's rules; recorded in its history as the CLI's).
    SetStatus {
        number: String,
        /// new, accepted, paid, shipped, completed or cancelled.
        status: String,
        /// Shown to the shopper with the change.
        #[arg(long)]
        comment: Option<String>,
        /// Mail the shopper (in the order's language): queued in the outbox, which the serving shop mails.
        #[arg(long)]
        notify: bool,
        #[command(flatten)]
        links: LinkArgs,
    },
}

/// `vitrina staff …` (docs/operations.md "Staff and the back office").
#[derive(Debug, Clone, Args)]
pub struct StaffArgs {
    #[command(subcommand)]
    pub command: StaffCommand,
    #[command(flatten)]
    pub db: CommandDbArgs,
}

/// The `vitrina staff` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum StaffCommand {
    /// Add a staff member and print their one-time link to set a password (valid 24 hours).
    Add {
        email: String,
        /// owner (everything, the staff list included), manager (orders, reviews, the shop's state) or exchange (1C's
        /// exchange authenticates as it at `/1c/exchange`; no back office).
        #[arg(long)]
        role: String,
        #[command(flatten)]
        links: LinkArgs,
    },
    /// List the staff: e-mail, role, whether their password is set.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Remove a staff member; their sessions end at once. The last owner cannot be removed.
    Remove { email: String },
    /// Print a new one-time link for a staff member to set a new password; the old one works until it is used.
    ResetPassword {
        email: String,
        #[command(flatten)]
        links: LinkArgs,
    },
}

/// `vitrina mail …`.
#[derive(Debug, Clone, Args)]
pub struct MailCommandArgs {
    #[command(subcommand)]
    pub command: MailCommand,
    #[command(flatten)]
    pub db: CommandDbArgs,
}

/// The `vitrina mail` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum MailCommand {
    /// Counts of sent, waiting, failed and kept (no SMTP) messages, and the messages waiting or failed with their
    /// last error.
    Status {
        #[arg(long)]
        json: bool,
        /// Make every failed message due again (a serving shop with SMTP mails them).
        #[arg(long)]
        retry_failed: bool,
    },
}

/// `vitrina forms …`: the server-described forms (docs/operations.md "Forms").
#[derive(Debug, Clone, Args)]
pub struct FormsArgs {
    #[command(subcommand)]
    pub command: FormsCommand,
}

/// The `vitrina forms` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum FormsCommand {
    /// Add or replace forms from a JSON file (or `-` for standard input): one form object or a list of them, in
    /// the format `forms export` prints. Every form is checked before any is written; forms not in the file stay.
    Import(FileImportArgs),
    /// Print every form as a JSON list, in the format `forms import` reads.
    Export {
        #[command(flatten)]
        db: DbArgs,
    },
}

impl FormsCommand {
    /// The database the command works on.
    pub fn db(&self) -> &DbArgs {
        match self {
            Self::Import(FileImportArgs { db, .. }) | Self::Export { db } => db,
        }
    }
}

/// `vitrina synonyms …` (docs/operations.md "Search synonyms").
#[derive(Debug, Clone, Args)]
pub struct SynonymsArgs {
    #[command(subcommand)]
    pub command: SynonymsCommand,
}

/// The `vitrina synonyms` subcommands, each with its database. A serving shop applies a change within a second.
#[derive(Debug, Clone, Subcommand)]
pub enum SynonymsCommand {
    /// Print the shop's rules (the ones the binary ships until some are imported), in the format `import` reads.
    Export {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Replace the shop's rules with the file's (or `-` for standard input). Every line is checked first; a bad
    /// one is named and nothing is stored.
    Import(FileImportArgs),
    /// Go back to the rules the binary ships.
    Reset {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Print the Cyrillic spellings generated from the catalogue's Latin vendors (лего => lego), as rules. A rule of
    /// the shop's for the same word wins: import a corrected line to change one.
    Brands {
        #[command(flatten)]
        db: DbArgs,
    },
}

/// Where the shop keeps its pictures and how it downloads them (issue 24; docs/operations.md "Pictures").
#[derive(Debug, Clone, Args)]
pub struct PictureArgs {
    /// The picture store: a folder of the downloaded pictures and their derivatives. Default: `pictures/` beside the
    /// database file (`./data/pictures` on PostgreSQL).
    #[arg(long, env = "VITRINA_PICTURES_DIR")]
    pub pictures_dir: Option<PathBuf>,
    /// The picture store in S3-compatible object storage instead of a folder, for several instances (issue 36):
    /// `s3://bucket` or `s3://bucket/prefix`, with the usual AWS variables (`AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT`, `AWS_ALLOW_HTTP`).
    #[arg(long, env = "VITRINA_PICTURES_URL", conflicts_with = "pictures_dir")]
    pub pictures_url: Option<String>,
    /// Download pictures from loopback addresses too (127.0.0.0/8, ::1): a picture server on this machine, the tests.
    /// Private networks are refused whatever this says.
    #[arg(long, env = "VITRINA_PICTURES_ALLOW_LOOPBACK")]
    pub pictures_allow_loopback: bool,
    /// One download's time limit in all, ms (a server that sends a byte a second is cut off here).
    #[arg(long, env = "VITRINA_PICTURES_TIMEOUT_MS", default_value_t = crate::limits::PICTURE_FETCH_TIMEOUT_MS)]
    pub pictures_timeout_ms: u64,
    /// Downloads under way at once.
    #[arg(long, env = "VITRINA_PICTURES_CONCURRENCY", default_value_t = crate::limits::PICTURE_FETCH_CONCURRENCY)]
    pub pictures_concurrency: usize,
    /// Downloads under way at once from one host.
    #[arg(long, env = "VITRINA_PICTURES_PER_HOST", default_value_t = crate::limits::PICTURE_FETCH_PER_HOST)]
    pub pictures_per_host: usize,
    /// Pictures decoded and encoded at once (each can take 256 MB while it is). Default: half the cores, at least 1.
    #[arg(long, env = "VITRINA_PICTURES_THREADS")]
    pub pictures_threads: Option<usize>,
    /// rav1e's speed for the AVIF derivatives: 1 (slowest, smallest files) to 10 (fastest, files about a quarter
    /// larger than at 9).
    #[arg(long, env = "VITRINA_PICTURES_AVIF_SPEED", default_value_t = crate::limits::PICTURE_AVIF_SPEED,
          value_parser = clap::value_parser!(u8).range(1..=10))]
    pub pictures_avif_speed: u8,
    /// Whether `serve` downloads pictures in the background (`false`: this instance only serves them; another
    /// instance, or `vitrina pictures fetch`, downloads).
    #[arg(long, env = "VITRINA_PICTURES_WORKER", default_value_t = true, action = clap::ArgAction::Set)]
    pub pictures_worker: bool,
    /// How often, at most, `serve` shows pictures that became ready, ms: each time it forgets its cached offers and
    /// rendered pages (0: at every look of the watcher, once a second).
    #[arg(long, env = "VITRINA_PICTURES_SHOW_INTERVAL_MS", default_value_t = crate::limits::PICTURE_SHOW_INTERVAL_MS)]
    pub pictures_show_interval_ms: u64,
}

impl PictureArgs {
    /// The picture store: the bucket of `--pictures-url`, else the folder of `--pictures-dir` or beside database
    /// `db`.
    ///
    /// # Errors
    /// A bad `s3://` URL or AWS setting; a folder that cannot be made.
    pub fn store(&self, db: &DbArgs) -> anyhow::Result<crate::pictures::PictureStore> {
        match &self.pictures_url {
            Some(url) => crate::pictures::PictureStore::s3(url),
            None => crate::pictures::PictureStore::folder(
                self.pictures_dir.clone().unwrap_or_else(|| crate::pictures::store::default_root(&db.db)),
            ),
        }
    }

    /// The worker's settings.
    pub fn worker(&self) -> crate::pictures::WorkerSettings {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        crate::pictures::WorkerSettings {
            fetch: crate::pictures::fetch::FetchSettings {
                timeout: std::time::Duration::from_millis(self.pictures_timeout_ms),
                addresses: crate::pictures::address::AddressPolicy { allow_loopback: self.pictures_allow_loopback },
            },
            concurrency: self.pictures_concurrency.max(1),
            per_host: self.pictures_per_host.max(1),
            derive_threads: self.pictures_threads.unwrap_or(cores / 2).max(1),
            avif_speed: self.pictures_avif_speed,
        }
    }
}

/// `vitrina pictures …` (docs/operations.md "Pictures").
#[derive(Debug, Clone, Args)]
pub struct PicturesArgs {
    #[command(subcommand)]
    pub command: PicturesCommand,
}

/// The `vitrina pictures` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum PicturesCommand {
    /// How many pictures are ready, to fetch and failed, the store's size, and each failure with its reason.
    Status {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
        #[command(flatten)]
        pictures: PictureArgs,
    },
    /// Download the pictures still to fetch now, make every derivative, and sweep the unused ones; runs until done.
    /// Safe beside a serving shop (each picture is claimed by one of them).
    Fetch {
        /// Try the failed pictures again too.
        #[arg(long)]
        failed: bool,
        /// Ask again for the pictures held (a conditional request: unchanged ones are not downloaded).
        #[arg(long)]
        refresh: bool,
        #[command(flatten)]
        db: DbArgs,
        #[command(flatten)]
        pictures: PictureArgs,
    },
}

impl SynonymsCommand {
    /// The database the command works on.
    pub fn db(&self) -> &DbArgs {
        match self {
            Self::Import(FileImportArgs { db, .. })
            | Self::Export { db }
            | Self::Reset { db }
            | Self::Brands { db } => db,
        }
    }
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
    Import(FileImportArgs),
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
            Self::Import(FileImportArgs { db, .. }) | Self::Export { db } | Self::Reset { db } => db,
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
    #[command(flatten)]
    pub mail: MailArgs,
    #[command(flatten)]
    pub pictures: PictureArgs,
    #[command(flatten)]
    pub exchange: ExchangeArgs,
    /// Form submissions one client address may send at once; then one more a minute (429 beyond).
    #[arg(long, env = "VITRINA_FORM_RATE_BURST", default_value_t = crate::limits::FORM_SUBMISSION_BURST)]
    pub form_rate_burst: u32,
    /// Failed log-ins one account, and one client address, may have per 15 minutes (429 beyond); also the
    /// password-reset requests per address and reset mails per account. Raise it for end-to-end test runs that log
    /// in from one address many times.
    #[arg(long, env = "VITRINA_LOGIN_ATTEMPTS", default_value_t = crate::limits::LOGIN_ATTEMPTS_PER_WINDOW)]
    pub login_attempts: u32,
    /// Orders one client address may place per 15 minutes (429 beyond). Raise it for load and durability runs.
    #[arg(long, env = "VITRINA_ORDERS_PER_ADDRESS", default_value_t = crate::limits::ORDERS_PER_ADDRESS)]
    pub orders_per_address: u32,
    /// Orders one visitor session may place per 15 minutes (429 beyond).
    #[arg(long, env = "VITRINA_ORDERS_PER_SESSION", default_value_t = crate::limits::ORDERS_PER_SESSION)]
    pub orders_per_session: u32,
    /// How the mini cart shows the basket: `RIGHT`, a slide panel (spec §9), or `PAGE`, a link to the cart page.
    #[arg(long, env = "VITRINA_BASKET_VIEW", value_enum, default_value_t = BasketView::Right)]
    pub basket_view: BasketView,
    /// Tile address of the store maps (Leaflet's `{z}/{x}/{y}` template, `{s}` for subdomains). Empty: no tiles,
    /// the maps show their markers on a plain background (a shop without network, the tests).
    #[arg(long, env = "VITRINA_MAP_TILES", default_value = crate::limits::DEFAULT_MAP_TILES)]
    pub map_tiles: String,
    /// The tiles' attribution, shown on every map (the tile provider's terms ask for it).
    #[arg(long, env = "VITRINA_MAP_ATTRIBUTION", default_value = crate::limits::DEFAULT_MAP_ATTRIBUTION)]
    pub map_attribution: String,
    /// Publish shoppers' reviews at once instead of after the owner's moderation (`vitrina reviews publish`).
    #[arg(long, env = "VITRINA_REVIEWS_AUTOPUBLISH")]
    pub reviews_autopublish: bool,
    /// The reverse proxies in front of the shop, comma-separated IP addresses (`127.0.0.1,::1`): a request from
    /// one of them is counted against the client its `X-Forwarded-For` names (per-address limits); from anyone
    /// else that header is ignored. Empty (default): the TCP peer is the client.
    #[arg(long, env = "VITRINA_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Opens the operator's counters (`GET /api/health/render` and `/api/health/pictures`) to a client beyond this
    /// machine that sends `Authorization: Bearer TOKEN` (issue 34). Unset: they answer loopback clients only (the
    /// client as `--trusted-proxies` resolves it), 404 to anyone else. Liveness and readiness stay public.
    #[arg(long, env = "VITRINA_HEALTH_TOKEN", hide_env_values = true)]
    pub health_token: Option<String>,
    /// Seconds a connection may stay silent before a request's head arrives (the first or the next on a kept-alive
    /// connection), and a write may make no progress, before the server closes it.
    #[arg(long, env = "VITRINA_IDLE_TIMEOUT", default_value_t = crate::limits::CONNECTION_IDLE_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout: u64,
    /// Connections served at once; more wait until one closes. Lowered at start to fit the open-file limit.
    #[arg(long, env = "VITRINA_MAX_CONNECTIONS", default_value_t = crate::limits::CONNECTIONS_MAX,
        value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections: u64,
    /// Pages rendered on the server (issue 22): `on` (default) or `off`, which sends every page as the
    /// client-rendered shell.
    #[arg(long, env = "VITRINA_RENDER", value_enum, default_value_t = RenderMode::On)]
    pub render: RenderMode,
    /// Time a visitor waits for a server render, ms; past it the page goes out as the client-rendered shell while
    /// the render goes on into the page cache.
    #[arg(long, env = "VITRINA_RENDER_BUDGET_MS", default_value_t = crate::limits::RENDER_BUDGET_MS)]
    pub render_budget_ms: u64,
    /// Renders one client address may have under way at once (issue 34): its next uncached page waits for one of
    /// them within the budget, or goes out as the shell, so one client cannot take every render thread. The address
    /// is the one `--trusted-proxies` resolves.
    #[arg(long, env = "VITRINA_RENDER_SHARE", default_value_t = crate::limits::RENDER_SHARE_PER_CLIENT,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub render_share: usize,
    /// A parameter shows as a facet of a listing when at least this share of the listing's offers carry it, percent
    /// (issue 35; 0 shows every parameter, as Bitrix's smart filter does).
    #[arg(long, env = "VITRINA_FACET_MIN_SHARE", default_value_t = crate::limits::FACET_MIN_SHARE_PERCENT,
        value_parser = clap::value_parser!(u8).range(0..=100))]
    pub facet_min_share: u8,
    /// Parameters shown first among a listing's facets, after the vendor, in this order (comma-separated names,
    /// matched whatever their case and `ё`/`е`): `--facet-order "Тип,Цвет,Ресурс"`. The others follow, the ones most
    /// offers carry first.
    #[arg(long, env = "VITRINA_FACET_ORDER", value_delimiter = ',')]
    pub facet_order: Vec<String>,
    /// A search's matches whose facets are counted exactly (issue 39); past them, each value's count is estimated
    /// from a sample of about this many matches, shown "≈", while the total, the price span, the ranges and which
    /// values show stay exact. Raise it for exact counts on wide searches of a large catalogue, at their cost.
    #[arg(long, env = "VITRINA_FACET_EXACT_MATCHES", default_value_t = crate::limits::FACET_SAMPLE_MATCHES,
        value_parser = clap::value_parser!(u64).range(100..))]
    pub facet_exact_matches: u64,
    /// For tests only (issue 22, "a forced render failure"): a page whose URL (path and query) contains this text
    /// fails its server render, the bundle throwing inside the React tree, so the fallback to the client-rendered
    /// shell and the rebuilt runtime can be seen through the real interface. Unset in a real shop.
    #[arg(long, env = "VITRINA_RENDER_FAULT", hide = true)]
    pub render_fault: Option<String>,
    /// The folder the search and facet indexes are kept in between starts (issue 39): `search/` beside a SQLite
    /// database, `./data/search` with PostgreSQL. Each instance keeps its own; instances on one machine may share
    /// one (a build takes its lock, and the others open what it built).
    #[arg(long, env = "VITRINA_INDEX_DIR")]
    pub index_dir: Option<PathBuf>,
    /// For tests only (issue 39): `abort-before-switch` stops the process as a crash would, after a new index is
    /// written whole and before it is named current. Unset in a real shop.
    #[arg(long, env = "VITRINA_INDEX_FAULT", hide = true)]
    pub index_fault: Option<String>,
    /// Memory the caches may hold together, MiB (issue 39): rendered pages, search answers, offers and listings'
    /// facet counts, each its share ([`crate::limits::CacheBudget`]). Each is weighed in bytes; the least used goes first.
    #[arg(long, env = "VITRINA_CACHE_MB", default_value_t = crate::limits::CACHE_MB,
        value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub cache_mb: u64,
    /// The folder rendered pages are kept in between starts (issue 39): `pages/` beside a SQLite database,
    /// `./data/pages` with PostgreSQL. A page kept there is served after a restart while nothing it shows changed.
    /// Each instance keeps its own; instances on one machine may share one.
    #[arg(long, env = "VITRINA_PAGE_DIR")]
    pub page_dir: Option<PathBuf>,
    /// Disk the kept pages may take, MiB (issue 39); past it, the pages written first go. 0 keeps none on disk.
    #[arg(long, env = "VITRINA_PAGE_DISK_MB", default_value_t = crate::limits::PAGE_DISK_MB,
        value_parser = clap::value_parser!(u64).range(0..=1_048_576))]
    pub page_disk_mb: u64,
}

impl ServeArgs {
    /// The caches' bytes (`--cache-mb`).
    pub fn cache_budget(&self) -> crate::limits::CacheBudget {
        crate::limits::CacheBudget::of_mb(self.cache_mb)
    }

    /// The folder rendered pages are kept in (`--page-dir`) and its budget in bytes; `None` for `--page-disk-mb 0`.
    pub fn page_disk(&self) -> Option<(PathBuf, u64)> {
        let dir = self.page_dir.clone().unwrap_or_else(|| crate::db::data_dir(&self.db.db).join("pages"));
        (self.page_disk_mb > 0).then_some((dir, self.page_disk_mb << 20))
    }

    /// The search index's store (`--index-dir`, made when missing), with the test hook when set.
    ///
    /// # Errors
    /// The folder cannot be made.
    pub fn index_store(&self) -> std::io::Result<crate::search::disk::IndexStore> {
        let dir = self.index_dir.clone().unwrap_or_else(|| crate::db::data_dir(&self.db.db).join("search"));
        let fault = self.index_fault.as_deref().and_then(crate::search::disk::Fault::parse);
        Ok(crate::search::disk::IndexStore::new(dir)?.with_fault(fault))
    }
}

/// Whether pages are rendered on the server (`VITRINA_RENDER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum RenderMode {
    /// Rendered on the server, hydrated in the browser.
    #[default]
    On,
    /// The client-rendered shell only.
    Off,
}

/// The basket-view setting (spec §2, §9; issue 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
#[clap(rename_all = "UPPER")]
pub enum BasketView {
    /// The mini cart opens the slide cart.
    #[default]
    Right,
    /// The mini cart links to `/personal/cart/`.
    Page,
}

/// 1C's exchange (issue 38, docs/operations.md "Connecting 1C"): the configured user, or staff accounts of the
/// `exchange` role, authenticate at `/1c/exchange`.
#[derive(Debug, Clone, Args)]
pub struct ExchangeArgs {
    /// The user 1C's exchange authenticates as (HTTP Basic), with `--exchange-password`. Without them, only staff
    /// accounts of the `exchange` role do (`vitrina staff add EMAIL --role exchange`).
    #[arg(long = "exchange-user", env = "VITRINA_1C_USER")]
    pub exchange_user: Option<String>,
    /// The exchange user's password.
    #[arg(long = "exchange-password", env = "VITRINA_1C_PASSWORD", hide_env_values = true)]
    pub exchange_password: Option<String>,
    /// The exchange's folder, where 1C's uploads wait for their import. Default: `1c-exchange` beside the SQLite
    /// file, or `./data/1c-exchange` with PostgreSQL.
    #[arg(long = "exchange-dir", env = "VITRINA_1C_DIR")]
    pub exchange_dir: Option<std::path::PathBuf>,
    /// Whether 1C is asked for zip archives (`zip=yes` in the answer to `mode=init`).
    #[arg(long = "exchange-zip", env = "VITRINA_1C_ZIP", default_value_t = true, action = clap::ArgAction::Set,
        value_parser = clap::builder::BoolishValueParser::new())]
    pub exchange_zip: bool,
    /// Most bytes of one upload call (`file_limit`); 1C sends a larger file in chunks of this size.
    #[arg(long = "exchange-file-limit", env = "VITRINA_1C_FILE_LIMIT",
        default_value_t = crate::limits::EXCHANGE_FILE_LIMIT_BYTES,
        value_parser = clap::value_parser!(u64).range(1024..=crate::limits::EXCHANGE_FILE_LIMIT_MAX_BYTES))]
    pub exchange_file_limit: u64,
    /// Most bytes the exchange's folder may hold at once, MiB.
    #[arg(long = "exchange-dir-max-mb", env = "VITRINA_1C_DIR_MAX_MB",
        default_value_t = crate::limits::EXCHANGE_DIR_MAX_BYTES / (1024 * 1024))]
    pub exchange_dir_max_mb: u64,
    /// The price type offers sell at: its `Ид` or `Наименование` in 1C (`Розничная`). Default: the first type 1C
    /// lists.
    #[arg(long = "exchange-price-type", env = "VITRINA_1C_PRICE_TYPE")]
    pub exchange_price_type: Option<String>,
    /// The price type shown crossed out as the price before a discount, when it is higher.
    #[arg(long = "exchange-old-price-type", env = "VITRINA_1C_OLD_PRICE_TYPE")]
    pub exchange_old_price_type: Option<String>,
    /// How long `mode=import` waits for the import before answering `progress`, ms (1C then calls again).
    #[arg(long = "exchange-step-ms", env = "VITRINA_1C_STEP_MS", default_value_t = crate::limits::EXCHANGE_STEP_MS)]
    pub exchange_step_ms: u64,
    /// The CommerceML schema version of the orders sent to 1C: `2.10` wraps each `Документ` in a `Контейнер`, `2.07`
    /// and `2.08` do not. Set what 1C's exchange settings name.
    #[arg(long = "exchange-schema", env = "VITRINA_1C_SCHEMA", value_enum, default_value = "2.10")]
    pub exchange_schema: crate::exchange::sale::SaleSchema,
    /// The orders' encoding: `utf-8` or `windows-1251` (some 1C builds want it).
    #[arg(long = "exchange-encoding", env = "VITRINA_1C_ENCODING", value_enum, default_value = "utf-8")]
    pub exchange_encoding: crate::exchange::sale::SaleEncoding,
    /// A byte order mark before UTF-8 orders (some 1C builds reject a file without one).
    #[arg(long = "exchange-bom", env = "VITRINA_1C_BOM", default_value_t = true, action = clap::ArgAction::Set,
        value_parser = clap::builder::BoolishValueParser::new())]
    pub exchange_bom: bool,
    /// The IANA time zone the orders' dates and times are written in for 1C.
    #[arg(long = "exchange-time-zone", env = "VITRINA_1C_TIME_ZONE", default_value = "Europe/Moscow")]
    pub exchange_time_zone: chrono_tz::Tz,
}

impl ExchangeArgs {
    /// The exchange's settings. Without a user and a password only staff accounts of the `exchange` role
    /// authenticate.
    ///
    /// # Errors
    /// A folder that holds the SQLite database: `mode=init` empties the exchange's folder.
    pub fn settings(&self, db: &DbArgs) -> anyhow::Result<crate::exchange::ExchangeSettings> {
        let (user, password) = match (&self.exchange_user, &self.exchange_password) {
            (Some(user), Some(password)) if !user.is_empty() && !password.is_empty() => {
                (user.clone(), password.clone())
            }
            _ => (String::new(), String::new()),
        };
        let dir = self.exchange_dir.clone().unwrap_or_else(|| crate::db::data_dir(&db.db).join("1c-exchange"));
        if !crate::db::is_postgres_url(&db.db) {
            let database = std::path::absolute(&db.db).unwrap_or_else(|_| db.db.clone());
            let folder = std::path::absolute(&dir).unwrap_or_else(|_| dir.clone());
            anyhow::ensure!(
                !database.starts_with(&folder),
                "VITRINA_1C_DIR {} holds the database, and each exchange empties it: give 1C a folder of its own",
                dir.display()
            );
        }
        Ok(crate::exchange::ExchangeSettings {
            user,
            password,
            dir,
            zip: self.exchange_zip,
            file_limit: self.exchange_file_limit,
            caps: crate::exchange::files::Caps {
                dir_max_bytes: self.exchange_dir_max_mb.saturating_mul(1024 * 1024),
                zip_max_files: crate::limits::EXCHANGE_ZIP_MAX_FILES,
                zip_entry_max_bytes: crate::limits::EXCHANGE_ZIP_ENTRY_MAX_BYTES,
            },
            price_type: self.exchange_price_type.clone().filter(|t| !t.trim().is_empty()),
            old_price_type: self.exchange_old_price_type.clone().filter(|t| !t.trim().is_empty()),
            step: std::time::Duration::from_millis(self.exchange_step_ms),
            sale: crate::exchange::sale::SaleSettings {
                schema: self.exchange_schema,
                encoding: self.exchange_encoding,
                bom: self.exchange_bom,
                time_zone: self.exchange_time_zone,
            },
        })
    }
}

/// Notifications: the outbox always; mail when an SMTP server is given.
#[derive(Debug, Clone, Args)]
pub struct MailArgs {
    /// SMTP server for notifications, e.g. `smtp://user:password@mail.example:587?tls=required` or
    /// `smtps://mail.example`. Without it notifications stay in the outbox table and the log.
    #[arg(long, env = "VITRINA_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender of notifications.
    #[arg(long, env = "VITRINA_MAIL_FROM", default_value = "Vitrina <noreply@localhost>")]
    pub mail_from: String,
    /// The shop owner's e-mail address: where form submissions are notified.
    #[arg(long, env = "VITRINA_NOTIFY_EMAIL")]
    pub notify_email: Option<String>,
    /// After a failed send the outbox tries again this many ms later, then four times later each time (issue 37).
    #[arg(long, env = "VITRINA_MAIL_RETRY_MS", default_value_t = crate::limits::MAIL_RETRY_FIRST_MS)]
    pub mail_retry_ms: u64,
    /// Attempts to mail one message before the outbox gives it up (`vitrina mail status` lists it as failed).
    #[arg(long, env = "VITRINA_MAIL_ATTEMPTS", default_value_t = crate::limits::MAIL_ATTEMPTS)]
    pub mail_attempts: u32,
}

impl MailArgs {
    /// The outbox's retries as set.
    pub fn retry(&self) -> crate::mail::RetryPolicy {
        crate::mail::RetryPolicy {
            first_delay: std::time::Duration::from_millis(self.mail_retry_ms),
            attempts: self.mail_attempts.max(1),
        }
    }
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
pub struct GenerateCommercemlArgs {
    /// The folder `import.xml` and `offers.xml` are written to (made when missing).
    pub dir: PathBuf,
    #[command(flatten)]
    pub generate: GenerateArgs,
}

/// `vitrina exchange …` (docs/operations.md "Connecting 1C").
#[derive(Debug, Clone, Args)]
pub struct ExchangeCommandArgs {
    #[command(subcommand)]
    pub command: ExchangeCommand,
}

#[derive(Debug, Clone, Subcommand)]
pub enum ExchangeCommand {
    /// Apply the CommerceML packages of a folder (`import.xml` with `offers.xml`, or 1C's split `import0_1.xml`,
    /// `offers0_1.xml`, `prices0_1.xml`, `rests0_1.xml`), each in one transaction, as the HTTP exchange applies them.
    Import {
        /// The folder 1C unloaded to (archives unpacked); `Картинка` files are read from it.
        dir: PathBuf,
        #[command(flatten)]
        db: DbArgs,
        #[command(flatten)]
        pictures: PictureArgs,
        #[command(flatten)]
        exchange: ExchangeArgs,
        /// Print each package's summary as one JSON object.
        #[arg(long)]
        json: bool,
    },
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
