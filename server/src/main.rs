//! The `vitrina` command: parse the command line, run the command.

use clap::Parser;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use vitrina::config::{Cli, Command};
use vitrina::feeds::import::{ImportSummary, import_feed};
use vitrina::startup::Application;

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
            let pool = vitrina::db::connect(&args.db.db).await?;
            let source = args.feed.display().to_string();
            let summary = if source == "-" {
                import_feed(&pool, std::io::stdin(), "-").await?
            } else {
                let file = std::fs::File::open(&args.feed)
                    .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", args.feed.display()))?;
                import_feed(&pool, file, &source).await?
            };
            pool.close().await;
            print_summary(&summary, args.json)?;
        }
        Command::GenerateFeed(args) => {
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            vitrina::feeds::generate::write_feed(&mut out, args.offers, args.seed)?;
            out.flush()?;
        }
    }
    Ok(())
}

fn print_summary(s: &ImportSummary, json: bool) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string(s)?);
        return Ok(());
    }
    println!("sections:        {}", s.sections);
    println!("offers added:    {}", s.offers_added);
    println!("offers updated:  {}", s.offers_updated);
    println!("offers removed:  {}", s.offers_removed);
    println!("offers skipped:  {}", s.offers_skipped);
    for skip in &s.skipped {
        println!("  line {}: offer {}: {}", skip.line, skip.offer_id.as_deref().unwrap_or("(no id)"), skip.reason);
    }
    println!("time:            {:.2} s", s.seconds);
    Ok(())
}
