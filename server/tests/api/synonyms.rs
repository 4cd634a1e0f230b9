//! `vitrina synonyms export|import|reset|brands` beside a serving shop, and what `GET /api/search` answers with the
//! rules (issue 23).

use crate::helpers::{search_until, spawn_app};
use std::path::Path;

/// Runs `vitrina synonyms ARGS… --db DB` (with `stdin` on standard input) and returns (success, stdout, stderr).
fn cli_synonyms(db: &Path, args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vitrina"))
        .arg("synonyms")
        .args(args)
        .arg("--db")
        .arg(db)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run vitrina synonyms");
    child.stdin.take().unwrap().write_all(stdin.unwrap_or_default().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn total(answer: &serde_json::Value) -> u64 {
    answer["total"].as_u64().unwrap()
}

#[tokio::test]
async fn a_synonym_imported_beside_the_serving_shop_finds_its_offers_and_reset_forgets_it() {
    let app = spawn_app().await;
    let constructors = total(&search_until(&app, "q=конструктор", |a| total(a) > 0).await);
    let unknown = search_until(&app, "q=штуковина", |_| true).await;
    assert_eq!(total(&unknown), 0);

    // The shipped rules come out with their comments, and go back in unchanged.
    let (ok, shipped, _) = cli_synonyms(&app.db_path, &["export"], None);
    assert!(ok && shipped.contains("машинка => машина"), "{shipped}");

    let rules = format!("{shipped}\nштуковина => конструктор\n");
    let (ok, out, err) = cli_synonyms(&app.db_path, &["import", "-"], Some(&rules));
    assert!(ok, "{err}");
    assert!(out.starts_with("synonyms imported:"), "{out}");
    let found = search_until(&app, "q=штуковина", |a| total(a) > 0).await;
    assert_eq!(total(&found), constructors, "the word finds what its synonym finds");
    assert_eq!(found["partial"], false);
    let (_, exported, _) = cli_synonyms(&app.db_path, &["export"], None);
    assert_eq!(exported, rules, "export prints what was imported");

    // A bad line is named and nothing changes.
    let (ok, _, err) = cli_synonyms(&app.db_path, &["import", "-"], Some("мяч => \n"));
    assert!(!ok);
    assert!(err.contains("line 1: an empty word"), "{err}");
    assert_eq!(cli_synonyms(&app.db_path, &["export"], None).1, rules);

    let (ok, out, _) = cli_synonyms(&app.db_path, &["reset"], None);
    assert!(ok, "{out}");
    search_until(&app, "q=штуковина", |a| total(a) == 0).await;
    assert_eq!(cli_synonyms(&app.db_path, &["export"], None).1, shipped);
}

#[tokio::test]
async fn a_query_no_offer_matches_whole_is_answered_with_the_offers_matching_part_of_it() {
    let app = spawn_app().await;
    let answer = search_until(&app, "q=конструктор%20флюгегехаймен", |a| total(a) > 0).await;
    assert_eq!(answer["partial"], true);
    assert_eq!(answer["exact"], 0);
    let whole = search_until(&app, "q=конструктор", |a| total(a) > 0).await;
    assert_eq!(whole["partial"], false);
    assert_eq!(whole["exact"], whole["itemsTotal"]);
}

#[tokio::test]
async fn brands_prints_the_cyrillic_spellings_of_a_real_feeds_brands() {
    let Some(feed) = crate::helpers::shared_data("eco-puzzles.yml.xml") else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = crate::helpers::fresh_db(dir.path()).await;
    crate::helpers::cli_import(&feed, &db);
    let (ok, out, err) = cli_synonyms(&db, &["brands"], None);
    assert!(ok, "{err}");
    // The feed has no <vendor>: LEGO and Fischertechnik are words of its names.
    assert!(out.lines().any(|line| line == "лего => lego"), "{out}");
    assert!(out.lines().any(|line| line == "фишертехник => fischertechnik"), "{out}");
}
