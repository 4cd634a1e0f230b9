//! The two schemas agree (issue 36): the SQLite migrations (`migrations/`) and the PostgreSQL ones
//! (`migrations-pg/`) make the same tables with the same columns, in the same order, of matching types and
//! nullability. Runs on PostgreSQL only (`VITRINA_TEST_PG`): SQLite alone has nothing to compare.

use vitrina::db::Db;

/// SQLite integer columns that PostgreSQL keeps as BOOLEAN (the flags the shared SQL writes as TRUE/FALSE).
const FLAGS: [(&str, &str); 6] = [
    ("basket_lines", "delay"),
    ("forms", "imported"),
    ("offers", "active"),
    ("offers", "available"),
    ("pictures", "avif"),
    ("sections", "active"),
];

/// One column as both databases can describe it: table, column, type (PostgreSQL's words), nullable.
type Column = (String, String, String, bool);

async fn sqlite_columns(db: &Db) -> Vec<Column> {
    let rows: Vec<(String, String, String, i64, i64)> = db
        .raw_rows(
            "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%' \
             ORDER BY m.name, p.cid",
            &[],
        )
        .await
        .unwrap();
    rows.into_iter()
        .map(|(table, column, kind, not_null, pk)| {
            let kind = match kind.as_str() {
                "INTEGER" if FLAGS.contains(&(table.as_str(), column.as_str())) => "boolean",
                "INTEGER" => "bigint",
                "TEXT" => "text",
                "REAL" => "double precision",
                other => panic!("{table}.{column}: a type the comparison does not know: {other}"),
            };
            // A primary key is NOT NULL on PostgreSQL whether it says so or not; SQLite's legacy lets a TEXT key be
            // NULL unless it says NOT NULL.
            let nullable = not_null == 0 && pk == 0;
            (table, column, kind.to_owned(), nullable)
        })
        .collect()
}

async fn postgres_columns(db: &Db) -> Vec<Column> {
    let rows: Vec<(String, String, String, String)> = db
        .raw_rows(
            "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT), CAST(data_type AS TEXT), \
             CAST(is_nullable AS TEXT) FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%' \
             ORDER BY table_name COLLATE \"C\", ordinal_position",
            &[],
        )
        .await
        .unwrap();
    rows.into_iter().map(|(table, column, kind, nullable)| (table, column, kind, nullable == "YES")).collect()
}

#[tokio::test]
async fn the_sqlite_and_postgresql_schemas_have_the_same_tables_and_columns() {
    if !crate::helpers::on_postgres() {
        eprintln!("skipped: the schemas are compared when VITRINA_TEST_PG names a PostgreSQL server");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sqlite = vitrina::db::connect(&dir.path().join("schema.db")).await.unwrap();
    let postgres = vitrina::db::connect(&crate::helpers::fresh_db(dir.path()).await).await.unwrap();
    let (lite, pg) = (sqlite_columns(&sqlite).await, postgres_columns(&postgres).await);
    sqlite.close().await;
    postgres.close().await;

    let tables = |columns: &[Column]| {
        let mut names: Vec<String> = columns.iter().map(|c| c.0.clone()).collect();
        names.dedup();
        names
    };
    assert_eq!(tables(&lite), tables(&pg), "the same tables");
    for (l, p) in lite.iter().zip(&pg) {
        assert_eq!(l, p, "column by column (table, column, type, nullable)");
    }
    assert_eq!(lite.len(), pg.len(), "the same number of columns");
}
