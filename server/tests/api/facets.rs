//! The facet index (issue 35) on the real cartridge feed (`../shared/data/vtt-params.yml.xml`, skipped with a message
//! when absent): its counts against a plain SQL `GROUP BY` over the same offers, and the issue's own narrowing.

use crate::helpers::{cli_import, shared_data};
use std::collections::{BTreeMap, BTreeSet};
use vitrina::facets::{FacetIndex, Filter, VENDOR, normal};

fn chosen(pairs: &[(&str, &[&str])]) -> BTreeMap<String, BTreeSet<String>> {
    pairs.iter().map(|(key, values)| (normal(key), values.iter().map(|v| normal(v)).collect())).collect()
}

#[tokio::test]
async fn the_cartridges_narrow_to_black_original_hp_in_three_choices_as_sql_counts_them() {
    let Some(feed) = shared_data("vtt-params.yml.xml") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("vtt.db");
    cli_import(&feed, &db);
    let pool = vitrina::db::connect(&db).await.unwrap();
    let index = FacetIndex::build(vitrina::db::facets::offers(&pool).await.unwrap());
    // 3,109 in the feed; those priced 0 are not imported (docs/decisions.md "Zero prices").
    assert_eq!(index.len(), 2902);

    // The "Done when": HP, Оригинал, Чёрный. The feed has 33 such offers; 11 of them are priced 0, which
    // the import leaves out (docs/decisions.md "Zero prices"), so the catalogue has 22.
    let mut filter = Filter { values: chosen(&[(VENDOR, &["HP"])]), ..Filter::default() };
    filter.values.insert(normal("Оригинальность"), [normal("Оригинал")].into());
    filter.values.insert(normal("Цвет"), [normal("Чёрный")].into());
    let counts = index.counts(&filter);
    assert_eq!(counts.total, 22);

    // Every count of the panel, against SQL over the offer-parameter table (Bitrix's way), with the other two
    // choices applied: the vendor's values with the original black ones, and so on. The feed writes "Чёрный" 1,282
    // times and "Черный" 3 times: the index matches them as one value, and so must the SQL (SQLite's lower() knows
    // no Cyrillic; the feed has no case variants).
    let sql_count = |exclude: &'static str, facet: String, value: String| {
        let pool = pool.clone();
        async move {
            let vendor = if exclude == "vendor" { "1" } else { "o.vendor = 'HP'" };
            let original = if exclude == "original" {
                "1"
            } else {
                "EXISTS (SELECT 1 FROM offer_params p WHERE p.offer_id = o.id AND p.name = 'Оригинальность' AND p.value = 'Оригинал')"
            };
            let colour = if exclude == "colour" {
                "1"
            } else {
                "EXISTS (SELECT 1 FROM offer_params p WHERE p.offer_id = o.id AND p.name = 'Цвет' AND p.value IN ('Чёрный', 'Черный'))"
            };
            // `facet` is the parameter's name, empty for the vendor.
            let this = if facet.is_empty() {
                "o.vendor = ?1 AND ?2 = ''".to_owned()
            } else {
                "EXISTS (SELECT 1 FROM offer_params p WHERE p.offer_id = o.id AND p.name = ?2 AND p.value = ?1)"
                    .to_owned()
            };
            let query = format!(
                "SELECT COUNT(*) FROM offers o WHERE o.active = 1 AND {vendor} AND {original} AND {colour} AND {this}"
            );
            sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(query))
                .bind(value)
                .bind(facet)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    for (facet, exclude, name) in [
        (VENDOR.to_owned(), "vendor", ""),
        (normal("Оригинальность"), "original", "Оригинальность"),
        (normal("Цвет"), "colour", "Цвет"),
    ] {
        let shown = counts.facets.iter().find(|f| f.key == facet).unwrap_or_else(|| panic!("{facet} shown"));
        for value in &shown.values {
            let expected = sql_count(exclude, name.to_owned(), value.label.clone()).await;
            assert_eq!(value.count as i64, expected, "{} = {}", shown.name, value.label);
        }
    }
    let hp = counts.facets.iter().find(|f| f.key == VENDOR).unwrap().values.iter().find(|v| v.label == "HP").unwrap();
    assert!(hp.chosen && hp.count == 22);
}
