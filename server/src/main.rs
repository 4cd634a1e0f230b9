//! The `vitrina` command: parse the command line, run the command.

use clap::Parser;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use vitrina::config::{
    Cli, Command, ExchangeCommand, ExchangeCommandArgs, FileImportArgs, FormsArgs, FormsCommand, GenerateArgs,
    LocationsArgs, LocationsCommand, MenuArgs, MenuCommand, PicturesArgs, PicturesCommand, ReviewsArgs, ReviewsCommand,
    StoresArgs, StoresCommand, SynonymsArgs, SynonymsCommand,
};
use vitrina::feeds::import::{ImportSummary, import_feed_counted};
use vitrina::startup::Application;

/// `println!` that hands its error back instead of panicking ([`to_stdout`]), so a reader that went away
/// (`vitrina … | head`) ends the command quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*).map_err(to_stdout)?
    };
}

/// Standard output's reader went away (`EPIPE`): the command's output was cut short on purpose (`| head`), which is
/// no failure to report. Only writes to standard output are marked so ([`to_stdout`]); a broken pipe anywhere else
/// is an error like any other.
#[derive(Debug)]
struct StdoutClosed;

impl std::fmt::Display for StdoutClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for StdoutClosed {}

/// The error of a write to standard output: [`StdoutClosed`] for a broken pipe, else the error itself.
fn to_stdout(err: std::io::Error) -> anyhow::Error {
    if err.kind() == std::io::ErrorKind::BrokenPipe { StdoutClosed.into() } else { err.into() }
}

/// `vitrina import`'s progress bar (issue 39): bytes of the feed read out of `size` (a spinner for standard input),
/// with the offers read a second and the time left; drawn on a terminal's standard error only, and never with
/// `--json`.
fn import_bar(size: Option<u64>, json: bool) -> anyhow::Result<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if json || !std::io::stderr().is_terminal() {
        return Ok(indicatif::ProgressBar::hidden());
    }
    let bar = match size {
        Some(size) => indicatif::ProgressBar::new(size)
            .with_style(indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg}, {eta} left")?),
        None => indicatif::ProgressBar::new_spinner()
            .with_style(indicatif::ProgressStyle::with_template("{spinner} {bytes} {msg} ({elapsed})")?),
    };
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Ok(bar)
}

/// Sets `bar`'s message to the offers read and their rate a second, every half second, until aborted.
fn tick_offers(
    bar: indicatif::ProgressBar,
    offers: std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let started = std::time::Instant::now();
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            let read = offers.load(std::sync::atomic::Ordering::Relaxed);
            let rate = read as f64 / started.elapsed().as_secs_f64().max(0.001);
            bar.set_message(format!("{read} offers, {rate:.0} offers/s"));
        }
    })
}

/// mimalloc (issue 39): it gives freed memory back to the system, where glibc's allocator kept a search build's
/// garbage (the catalogue read once, the indexer's arena) resident for the process's life.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

unsafe extern "C" {
    /// mimalloc's `mi_option_set` (its `mimalloc.h`, v3), linked in by the `mimalloc` crate.
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_arena_eager_commit` of mimalloc v3's `mi_option_e`.
const MI_OPTION_ARENA_EAGER_COMMIT: std::ffi::c_int = 4;

/// The allocators' settings, made from `.init_array`, before anything allocates and before a thread starts (issue
/// 39). mimalloc commits its arenas on demand, so freed memory it purges leaves the process's resident set: its
/// default on Linux commits an arena whole and purges by resetting pages the kernel takes back only under pressure
/// (64 connections asking new questions left 380–860 MB resident where the live heap was some 200 MB,
/// docs/performance.md). glibc's allocator keeps one arena ([`one_malloc_arena`]).
#[used]
#[unsafe(link_section = ".init_array")]
static ALLOCATOR_SETTINGS: extern "C" fn() = {
    extern "C" fn set_allocators() {
        // SAFETY: an option's setter, called once before any allocation; mimalloc reads its options lazily.
        unsafe { mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0) }
        one_malloc_arena();
    }
    set_allocators
};

/// glibc's `malloc`, which serves QuickJS (mimalloc serves Rust's allocations alone), keeps one arena for every thread
/// instead of one per thread that met another in it (issue 39). The two render runtimes' heaps each sat in an arena of
/// their own, with each arena's slack: at 100,000 offers `serve` held 6 MiB less anonymous memory at start and 6–12 MiB
/// less after the mixed run with one, and cold renders were no slower (docs/performance.md, twenty-second slice): the
/// threads' caches (`tcache`) serve most of a render's allocations without the arena's lock. A limit the operator
/// set (`MALLOC_ARENA_MAX`, or `GLIBC_TUNABLES` naming `arena_max`) is left as it is.
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let tunables = std::env::var_os("GLIBC_TUNABLES").unwrap_or_default();
        if std::env::var_os("MALLOC_ARENA_MAX").is_none() && !tunables.to_string_lossy().contains("arena_max") {
            // SAFETY: a setting of glibc's allocator, made before the process starts a thread.
            unsafe {
                libc::mallopt(libc::M_ARENA_MAX, 1);
            }
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("VITRINA_LOG").unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match run(Cli::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is::<StdoutClosed>() => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => {
            let app = Application::build(&args).await?;
            tracing::info!("serving the shop at http://{}", app.addr());
            app.run().await?;
        }
        Command::Import(args) => {
            let pool = vitrina::db::connect_for_batch(&args.db.db).await?;
            let source = args.feed.display().to_string();
            let (input, size): (Box<dyn std::io::Read + Send>, Option<u64>) = if source == "-" {
                (Box::new(std::io::stdin()), None)
            } else {
                let file = std::fs::File::open(&args.feed)
                    .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", args.feed.display()))?;
                let size = file.metadata().ok().map(|m| m.len());
                (Box::new(file), size)
            };
            let bar = import_bar(size, args.json)?;
            let offers = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
            let ticker = tick_offers(bar.clone(), offers.clone());
            let summary = import_feed_counted(&pool, bar.wrap_read(input), &source, &offers).await;
            ticker.abort();
            bar.finish_and_clear();
            pool.close().await;
            print_summary(&summary?, args.json)?;
        }
        Command::GenerateFeed(args) => {
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            vitrina::feeds::generate::write_feed(&mut out, args.offers, args.seed).map_err(to_stdout)?;
            out.flush().map_err(to_stdout)?;
        }
        Command::GenerateCommerceml(args) => {
            std::fs::create_dir_all(&args.dir)?;
            let create = |name: &str| -> anyhow::Result<BufWriter<std::fs::File>> {
                let path = args.dir.join(name);
                Ok(BufWriter::new(
                    std::fs::File::create(&path)
                        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
                ))
            };
            let (mut import, mut offers) = (create("import.xml")?, create("offers.xml")?);
            let GenerateArgs { offers: count, seed } = args.generate;
            vitrina::feeds::generate::write_commerceml(&mut import, &mut offers, count, seed)?;
            import.flush()?;
            offers.flush()?;
        }
        Command::Exchange(ExchangeCommandArgs {
            command: ExchangeCommand::Import { dir, db, pictures, exchange, json },
        }) => {
            let pool = vitrina::db::connect(&db.db).await?;
            let mut settings = exchange.settings(&db)?;
            settings.dir = dir.clone();
            let store = pictures.store(&db)?;
            let exchange = vitrina::exchange::Exchange::new(settings, pool.clone(), store);
            let packages = vitrina::exchange::catalog::packages_in(&dir)?;
            anyhow::ensure!(
                !packages.is_empty(),
                "{} holds no CommerceML file (import*.xml, offers*.xml)",
                dir.display()
            );
            for (key, name) in packages {
                let summary = exchange
                    .apply_package(&key, &format!("1c:{name}"))
                    .await
                    .map_err(|e| anyhow::anyhow!("{name}: {e}; nothing of it was written"))?;
                if !json {
                    out!("{name}:");
                }
                print_summary(&summary, json)?;
            }
            pool.close().await;
        }
        Command::Openapi => {
            let document = vitrina::api::openapi_document();
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &document).map_err(std::io::Error::from).map_err(to_stdout)?;
            writeln!(out).map_err(to_stdout)?;
        }
        Command::Menu(args) => run_menu(args).await?,
        Command::Forms(args) => run_forms(args).await?,
        Command::Stores(args) => run_stores(args).await?,
        Command::Locations(args) => run_locations(args).await?,
        Command::Reviews(args) => run_reviews(args).await?,
        Command::Orders(args) => {
            require_existing_db(&args.db.db)?;
            let pool = vitrina::db::connect(&args.db.db).await?;
            let result = vitrina::cli::orders(&pool, args, &mut std::io::stdout()).await;
            pool.close().await;
            result.map_err(closed_stdout)?;
        }
        Command::Staff(args) => {
            require_existing_db(&args.db.db)?;
            let pool = vitrina::db::connect(&args.db.db).await?;
            let result = vitrina::cli::staff(&pool, args, &mut std::io::stdout()).await;
            pool.close().await;
            result.map_err(closed_stdout)?;
        }
        Command::Mail(args) => {
            require_existing_db(&args.db.db)?;
            let pool = vitrina::db::connect(&args.db.db).await?;
            let result = vitrina::cli::mail(&pool, args, &mut std::io::stdout()).await;
            pool.close().await;
            result.map_err(closed_stdout)?;
        }
        Command::Synonyms(args) => run_synonyms(args).await?,
        Command::Pictures(args) => run_pictures(args).await?,
        Command::Backup(args) => {
            let started = std::time::Instant::now();
            vitrina::db::backup(&args.db.db, &args.out).await?;
            let bytes = std::fs::metadata(&args.out)?.len();
            out!(
                "backup written: {} ({} bytes, {} ms), integrity ok",
                args.out.display(),
                bytes,
                started.elapsed().as_millis()
            );
        }
    }
    Ok(())
}

/// A library command's error, with a write to standard output that found it closed marked [`StdoutClosed`].
fn closed_stdout(err: anyhow::Error) -> anyhow::Error {
    match err.downcast_ref::<std::io::Error>() {
        Some(io) if io.kind() == std::io::ErrorKind::BrokenPipe => StdoutClosed.into(),
        _ => err,
    }
}

/// Refuses a `--db` that does not exist: a mistyped path must not create and fill a new, empty database that no
/// shop serves (`menu` and `forms` work on a shop's existing database).
fn require_existing_db(db: &std::path::Path) -> anyhow::Result<()> {
    // A PostgreSQL database is made by its administrator; `connect` says so when it is missing.
    if !vitrina::db::is_postgres_url(db) && !db.exists() {
        anyhow::bail!(
            "no database at {}: give the shop's --db (or VITRINA_DB); `vitrina serve` or `vitrina import` creates it",
            db.display()
        );
    }
    Ok(())
}

/// The text of `file`, or of standard input for `-`.
fn read_file_or_stdin(file: &std::path::Path) -> anyhow::Result<String> {
    if file.as_os_str() == "-" {
        Ok(std::io::read_to_string(std::io::stdin())?)
    } else {
        std::fs::read_to_string(file).map_err(|e| anyhow::anyhow!("cannot open {}: {e}", file.display()))
    }
}

/// Reads `file` (or standard input for `-`), parses it as `what` and checks it; every problem `check` finds is
/// printed, and then nothing is imported: the error says `refused`. Nothing touches the database before this.
fn read_checked<T, E: std::fmt::Display, P: std::fmt::Display>(
    file: &std::path::Path,
    what: &str,
    refused: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
    check: impl FnOnce(&mut T) -> Vec<P>,
) -> anyhow::Result<T> {
    let text = read_file_or_stdin(file)?;
    let mut value = parse(&text).map_err(|e| anyhow::anyhow!("{} is not {what}: {e}", file.display()))?;
    let problems = check(&mut value);
    if !problems.is_empty() {
        for problem in &problems {
            eprintln!("{problem}");
        }
        anyhow::bail!("{refused}: {} problem(s)", problems.len());
    }
    Ok(value)
}

/// `vitrina menu import|export|reset` (docs/operations.md "Menus").
async fn run_menu(args: MenuArgs) -> anyhow::Result<()> {
    use vitrina::domain::menu::{MenuEntry, TOP_MENU, count, parse_menu_file, validate};
    let db = &args.command.db().db;
    require_existing_db(db)?;
    // Read and check the file before touching the database.
    let items = match &args.command {
        MenuCommand::Import(FileImportArgs { file, .. }) => {
            Some(read_checked(file, "a menu", "the menu was not imported", parse_menu_file, |items| validate(items))?)
        }
        MenuCommand::Export { .. } | MenuCommand::Reset { .. } => None,
    };
    let pool = vitrina::db::connect(db).await?;
    match args.command {
        MenuCommand::Import(_) => {
            let items = items.unwrap_or_default();
            vitrina::db::menus::import_owner_menu(&pool, TOP_MENU, &items).await?;
            out!("menu {TOP_MENU}: {} items imported", count(&items));
        }
        MenuCommand::Export { .. } => {
            vitrina::db::menus::ensure_top(&pool).await?;
            let tree = vitrina::db::menus::load_tree(&pool, TOP_MENU).await?.unwrap_or_default();
            let items: Vec<MenuEntry> = tree.into_iter().map(to_entry).collect();
            out!("{}", serde_json::to_string_pretty(&items)?);
        }
        MenuCommand::Reset { .. } => {
            vitrina::db::menus::reset_top(&pool).await?;
            out!("menu {TOP_MENU}: rebuilt from the catalogue");
        }
    }
    pool.close().await;
    Ok(())
}

/// `vitrina forms import|export` (docs/operations.md "Forms").
async fn run_forms(args: FormsArgs) -> anyhow::Result<()> {
    use vitrina::domain::forms::{parse_forms_file, validate_definitions};
    let db = &args.command.db().db;
    require_existing_db(db)?;
    let forms = match &args.command {
        FormsCommand::Import(FileImportArgs { file, .. }) => {
            read_checked(file, "a forms file", "no form was imported", parse_forms_file, |forms| {
                validate_definitions(forms)
            })?
        }
        FormsCommand::Export { .. } => Vec::new(),
    };
    let pool = vitrina::db::connect(db).await?;
    vitrina::db::forms::ensure_defaults(&pool).await?;
    match args.command {
        FormsCommand::Import(_) => {
            vitrina::db::forms::import(&pool, &forms).await?;
            let codes: Vec<&str> = forms.iter().map(|f| f.code.as_str()).collect();
            out!("forms imported: {}", codes.join(", "));
        }
        FormsCommand::Export { .. } => {
            out!("{}", serde_json::to_string_pretty(&vitrina::db::forms::list(&pool).await?)?);
        }
    }
    pool.close().await;
    Ok(())
}

/// `vitrina stores import|export` (docs/operations.md "Stores").
async fn run_stores(args: StoresArgs) -> anyhow::Result<()> {
    use vitrina::domain::stores::{parse_stores_file, validate_stores};
    let db = &args.command.db().db;
    require_existing_db(db)?;
    let stores = match &args.command {
        StoresCommand::Import(FileImportArgs { file, .. }) => {
            read_checked(file, "a stores file", "no store was imported", parse_stores_file, |stores| {
                validate_stores(stores)
            })?
        }
        StoresCommand::Export { .. } => Vec::new(),
    };
    let pool = vitrina::db::connect(db).await?;
    match args.command {
        StoresCommand::Import(_) => {
            vitrina::db::stores::replace_all(&pool, &stores).await?;
            out!("stores imported: {}", stores.len());
        }
        StoresCommand::Export { .. } => {
            vitrina::db::stores::ensure_defaults(&pool).await?;
            out!("{}", serde_json::to_string_pretty(&vitrina::db::stores::list(&pool).await?)?);
        }
    }
    pool.close().await;
    Ok(())
}

/// `vitrina synonyms …` (docs/operations.md "Search synonyms").
async fn run_synonyms(args: SynonymsArgs) -> anyhow::Result<()> {
    use vitrina::search::synonyms::{DEFAULT_RULES, Synonyms};
    let db = &args.command.db().db;
    require_existing_db(db)?;
    let imported = match &args.command {
        SynonymsCommand::Import(FileImportArgs { file, .. }) => {
            let text = read_file_or_stdin(file)?;
            let rules = Synonyms::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}; the synonyms were not imported", file.display()))?;
            Some((text, rules.len()))
        }
        _ => None,
    };
    let pool = vitrina::db::connect(db).await?;
    match args.command {
        SynonymsCommand::Import(_) => {
            let (text, words) = imported.unwrap_or_default();
            vitrina::db::search::set_synonym_rules(&pool, Some(&text)).await?;
            out!("synonyms imported: {words} words with synonyms");
        }
        SynonymsCommand::Export { .. } => {
            let stored = vitrina::db::search::synonym_rules(&pool).await?;
            write!(std::io::stdout(), "{}", stored.as_deref().unwrap_or(DEFAULT_RULES)).map_err(to_stdout)?;
        }
        SynonymsCommand::Reset { .. } => {
            vitrina::db::search::set_synonym_rules(&pool, None).await?;
            out!("synonyms reset to the defaults");
        }
        SynonymsCommand::Brands { .. } => {
            let mut brands = vitrina::search::synonyms::Brands::default();
            for doc in vitrina::db::search::load_docs(&pool).await? {
                brands.add(doc.vendor.as_deref(), &doc.name);
            }
            write!(std::io::stdout(), "{}", Synonyms::default().with_brands(brands.words()).to_rules())
                .map_err(to_stdout)?;
        }
    }
    pool.close().await;
    Ok(())
}

/// `vitrina locations import` (docs/operations.md "Delivery locations").
/// `vitrina pictures status|fetch` (issue 24).
async fn run_pictures(args: PicturesArgs) -> anyhow::Result<()> {
    use vitrina::db::pictures as db;
    match args.command {
        PicturesCommand::Status { json, db: db_args, pictures } => {
            require_existing_db(&db_args.db)?;
            let pool = vitrina::db::connect(&db_args.db).await?;
            let counts = db::counts(&pool).await?;
            let failures = db::failures(&pool, vitrina::limits::IMPORT_REPORT_MAX_ITEMS as i64).await?;
            let store = pictures.store(&db_args)?;
            if json {
                let value = serde_json::json!({ "counts": counts, "failures": failures, "store": store.location() });
                out!("{value}");
            } else {
                out!("ready:           {} ({} still without AVIF)", counts.ready, counts.avif_pending);
                out!("to fetch:        {}", counts.pending);
                out!("failed:          {}", counts.failed);
                out!("originals:       {} bytes in {}", counts.bytes, store.location());
                for f in &failures {
                    let retry = if f.state == "pending" { " (to be retried)" } else { "" };
                    out!("  {}: {}{retry}", f.url, f.failure);
                }
            }
            pool.close().await;
        }
        PicturesCommand::Fetch { failed, refresh, db: db_args, pictures } => {
            require_existing_db(&db_args.db)?;
            let pool = vitrina::db::connect(&db_args.db).await?;
            db::requeue(&pool, failed, refresh).await?;
            let worker =
                vitrina::pictures::PictureWorker::new(pool.clone(), pictures.store(&db_args)?, pictures.worker())?;
            let total = db::counts(&pool).await?;
            let bar = indicatif::ProgressBar::new(total.pending + total.ready + total.failed);
            bar.set_style(indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} pictures {msg} ({elapsed})")?);
            let run = tokio::spawn(worker.run(vitrina::pictures::RunMode::UntilDone));
            while !run.is_finished() {
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                let now = db::counts(&pool).await?;
                bar.set_length(now.pending + now.ready + now.failed);
                bar.set_position(now.ready + now.failed);
                bar.set_message(format!("{} failed, {} without AVIF", now.failed, now.avif_pending));
            }
            run.await?;
            bar.finish_and_clear();
            let counts = db::counts(&pool).await?;
            out!(
                "pictures: {} ready, {} to fetch (retried later), {} failed (`vitrina pictures status`)",
                counts.ready,
                counts.pending,
                counts.failed
            );
            pool.close().await;
        }
    }
    Ok(())
}

async fn run_locations(args: LocationsArgs) -> anyhow::Result<()> {
    let LocationsCommand::Import(FileImportArgs { file, db }) = args.command;
    require_existing_db(&db.db)?;
    let parsed = if file.as_os_str() == "-" {
        vitrina::domain::locations::parse_locations_csv(std::io::stdin().lock())
    } else {
        let reader = std::fs::File::open(&file).map_err(|e| anyhow::anyhow!("cannot open {}: {e}", file.display()))?;
        vitrina::domain::locations::parse_locations_csv(std::io::BufReader::new(reader))
    }
    .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    for (line, reason) in &parsed.skipped {
        eprintln!("line {line}: skipped: {reason}");
    }
    anyhow::ensure!(!parsed.locations.is_empty(), "{} holds no city: the list was left as it was", file.display());
    let pool = vitrina::db::connect(&db.db).await?;
    let written = vitrina::db::locations::replace_all(&pool, &parsed.locations).await?;
    pool.close().await;
    let repeated = parsed.locations.len() as u64 - written;
    out!("locations imported: {written}, skipped: {}, listed twice: {repeated}", parsed.skipped.len());
    Ok(())
}

/// `vitrina reviews list|publish|delete` (docs/operations.md "Reviews").
async fn run_reviews(args: ReviewsArgs) -> anyhow::Result<()> {
    let db = &args.command.db().db;
    require_existing_db(db)?;
    let pool = vitrina::db::connect(db).await?;
    match args.command {
        ReviewsCommand::List { pending, .. } => {
            for review in vitrina::db::reviews::list_for_owner(&pool, pending).await? {
                out!("{}", serde_json::to_string(&review)?);
            }
        }
        ReviewsCommand::Publish { ids, .. } => {
            let changed = vitrina::db::reviews::publish(&pool, &ids).await?;
            out!("reviews published: {changed} of {}", ids.len());
        }
        ReviewsCommand::Delete { ids, .. } => {
            let changed = vitrina::db::reviews::delete(&pool, &ids).await?;
            out!("reviews deleted: {changed} of {}", ids.len());
        }
    }
    pool.close().await;
    Ok(())
}

fn to_entry(node: vitrina::db::menus::MenuNode) -> vitrina::domain::menu::MenuEntry {
    vitrina::domain::menu::MenuEntry::new(node.title, node.url, node.children.into_iter().map(to_entry).collect())
}

fn print_summary(s: &ImportSummary, json: bool) -> anyhow::Result<()> {
    if json {
        out!("{}", serde_json::to_string(s)?);
        return Ok(());
    }
    out!("sections:        {}", s.sections);
    out!("offers added:    {}", s.offers_added);
    out!("offers updated:  {}", s.offers_updated);
    out!("offers removed:  {}", s.offers_removed);
    out!("offers skipped:  {}", s.offers_skipped);
    for skip in &s.skipped {
        out!("  line {}: offer {}: {}", skip.line, skip.offer_id.as_deref().unwrap_or("(no id)"), skip.reason);
    }
    out!("pictures dropped: {}", s.pictures_dropped);
    for picture in &s.dropped_pictures {
        out!("  line {}: offer {}: {:?}: {}", picture.line, picture.offer_id, picture.url, picture.reason);
    }
    out!("fields cut:      {}", s.fields_cut);
    for cut in &s.cut_fields {
        out!("  line {}: offer {}: {} cut from {} to {}", cut.line, cut.offer_id, cut.field, cut.had, cut.kept);
    }
    let p = &s.pictures;
    out!(
        "pictures:        {} new; {} ready, {} to fetch, {} failed (`vitrina pictures status`)",
        s.pictures_new,
        p.ready,
        p.pending,
        p.failed
    );
    out!("time:            {:.2} s", s.seconds);
    Ok(())
}
