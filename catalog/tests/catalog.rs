//! The catalog as the studio and the CLI use it.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption_catalog::{
    BookmarkInput, Catalog, CatalogError, Column, Filter, Op, ScanEnd, ScanState, SeedQuery,
    APPLICATION_ID, SCAN_CHUNK, SCHEMA_VERSION,
};

/// The engine's summary of `seed` under the default rules.
fn summarize(seed: u32) -> contraption::SeedSummary {
    contraption::summarize(&contraption::ValidRules::default(), seed)
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn a_scan_stores_one_summary_per_seed_and_reports_progress() {
    let mut c = Catalog::in_memory().unwrap();
    let scan = c.begin_scan(100, 700).unwrap();
    let mut seen = Vec::new();
    let end = c
        .run_scan(scan.id, &AtomicBool::new(false), |p| seen.push(p.done))
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    assert_eq!(seen.first(), Some(&0));
    assert_eq!(seen.last(), Some(&600));
    assert!(seen
        .windows(2)
        .all(|w| w[1] > w[0] && w[1] - w[0] <= SCAN_CHUNK));
    assert_eq!(c.scan(scan.id).unwrap().state, ScanState::Done);
    let page = c
        .query(&SeedQuery {
            limit: 1000,
            ..SeedQuery::default()
        })
        .unwrap();
    assert_eq!(page.total, 600);
    for row in page.rows.iter().step_by(37) {
        assert_eq!(row, &summarize(row.seed), "seed {}", row.seed);
    }
}

#[test]
fn a_cancelled_scan_resumes_where_it_stopped() {
    let mut c = Catalog::in_memory().unwrap();
    let scan = c.begin_scan(0, 4 * SCAN_CHUNK).unwrap();
    let cancel = AtomicBool::new(false);
    let end = c
        .run_scan(scan.id, &cancel, |p| {
            if p.done >= SCAN_CHUNK {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert_eq!(end, ScanEnd::Cancelled);
    let stopped = c.scan(scan.id).unwrap();
    assert_eq!(
        (stopped.state, stopped.next),
        (ScanState::Cancelled, SCAN_CHUNK)
    );
    // The same range resumes the same scan.
    let again = c.begin_scan(0, 4 * SCAN_CHUNK).unwrap();
    assert_eq!(again.id, scan.id);
    let mut first = None;
    c.run_scan(again.id, &AtomicBool::new(false), |p| {
        first.get_or_insert(p.done);
    })
    .unwrap();
    assert_eq!(first, Some(SCAN_CHUNK));
    assert_eq!(
        c.query(&SeedQuery::default()).unwrap().total,
        4 * SCAN_CHUNK
    );
    assert!(c.begin_scan(5, 5).is_err());
}

#[test]
fn queries_filter_and_sort_by_every_column() {
    let mut c = Catalog::in_memory().unwrap();
    let rows: Vec<_> = (0..300).map(summarize).collect();
    c.put_seeds(&rows).unwrap();
    let q = |filters: Vec<Filter>, sort: Column, descending: bool| {
        c.query(&SeedQuery {
            filters,
            sort,
            descending,
            offset: 0,
            limit: 1000,
        })
        .unwrap()
    };
    let hard = q(
        vec![Filter {
            column: Column::Solving,
            op: Op::Le,
            value: 1,
        }],
        Column::Seed,
        false,
    );
    let expected: Vec<u32> = rows
        .iter()
        .filter(|r| r.solving <= 1)
        .map(|r| r.seed)
        .collect();
    assert_eq!(
        hard.rows.iter().map(|r| r.seed).collect::<Vec<_>>(),
        expected
    );
    assert_eq!(hard.total as usize, expected.len());
    let retried = q(
        vec![Filter {
            column: Column::Attempts,
            op: Op::Ge,
            value: 3,
        }],
        Column::Attempts,
        true,
    );
    assert!(retried
        .rows
        .windows(2)
        .all(|w| (w[0].attempts, w[0].seed) >= (w[1].attempts, w[1].seed)));
    assert!(retried.rows.iter().all(|r| r.attempts >= 3));
    for column in [
        Column::Seed,
        Column::Attempts,
        Column::Fallback,
        Column::PreSolved,
        Column::Solving,
        Column::Walls,
        Column::Ramps,
        Column::Fans,
        Column::Bumpers,
        Column::RulesVersion,
    ] {
        let page = q(
            vec![Filter {
                column,
                op: Op::Ge,
                value: 0,
            }],
            column,
            false,
        );
        assert_eq!(page.total, 300, "{column:?}");
    }
    let two = q(
        vec![
            Filter {
                column: Column::Walls,
                op: Op::Eq,
                value: 3,
            },
            Filter {
                column: Column::Bumpers,
                op: Op::Ne,
                value: 0,
            },
        ],
        Column::Seed,
        false,
    );
    assert!(two
        .rows
        .iter()
        .all(|r| r.walls == 3 && r.inventory.bumper != 0));
    // Paging is stable.
    let page2 = c
        .query(&SeedQuery {
            offset: 100,
            limit: 50,
            ..SeedQuery::default()
        })
        .unwrap();
    assert_eq!(page2.rows.first().map(|r| r.seed), Some(100));
    assert!(c
        .query(&SeedQuery {
            limit: 5000,
            ..SeedQuery::default()
        })
        .is_err());
}

#[test]
fn statistics_add_up() {
    let mut c = Catalog::in_memory().unwrap();
    let rows: Vec<_> = (0..200).map(summarize).collect();
    c.put_seeds(&rows).unwrap();
    let s = c.stats(&[]).unwrap();
    assert_eq!(s.seeds, 200);
    assert_eq!(s.accepted + s.fallback, 200);
    assert_eq!(s.attempts_histogram.iter().map(|b| b[1]).sum::<u64>(), 200);
    assert_eq!(s.solving_histogram.iter().map(|b| b[1]).sum::<u64>(), 200);
    let solving: u64 = rows.iter().map(|r| u64::from(r.solving)).sum();
    assert_eq!(s.placement_solves.iter().sum::<u64>(), solving);
    assert_eq!(s.placement_solves.len(), 144);
    let some = c
        .stats(&[Filter {
            column: Column::Seed,
            op: Op::Lt,
            value: 50,
        }])
        .unwrap();
    assert_eq!(some.seeds, 50);
}

#[test]
fn bookmarks_are_kept_edited_searched_and_checked() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let id = {
        let mut c = Catalog::open(&path).unwrap().catalog;
        let b = c
            .add_bookmark(
                42,
                &BookmarkInput {
                    note: "  <b>one ramp</b> only ".into(),
                    tags: vec!["hard".into(), " hard ".into(), "".into(), "tutorial".into()],
                },
            )
            .unwrap();
        assert_eq!(b.note, "<b>one ramp</b> only");
        assert_eq!(b.tags, ["hard", "tutorial"]);
        assert_eq!(
            b.level_hash,
            contraption::generate(
                &contraption::ValidRules::default(),
                42,
                &contraption::GenerateOptions::game()
            )
            .shipped
            .level_hash
        );
        c.add_bookmark(
            7,
            &BookmarkInput {
                note: "100%_sure".into(),
                tags: vec![],
            },
        )
        .unwrap();
        b.id
    };
    // Survives a restart.
    let mut c = Catalog::open(&path).unwrap().catalog;
    assert_eq!(c.bookmarks(None).unwrap().len(), 2);
    assert_eq!(c.bookmarks(Some("TUTORIAL")).unwrap().len(), 1);
    assert_eq!(c.bookmarks(Some("42")).unwrap()[0].id, id);
    assert_eq!(c.bookmarks(Some("%")).unwrap().len(), 1, "% is literal");
    assert_eq!(c.bookmarks(Some("_")).unwrap().len(), 1, "_ is literal");
    let edited = c
        .update_bookmark(
            id,
            &BookmarkInput {
                note: "edited".into(),
                tags: vec!["x".into()],
            },
        )
        .unwrap();
    assert_eq!((edited.note.as_str(), edited.tags.len()), ("edited", 1));
    let checks = c.check_bookmarks().unwrap();
    assert_eq!(checks.len(), 2);
    assert!(checks.iter().all(|k| !k.changed));
    c.delete_bookmark(id).unwrap();
    assert_eq!(c.delete_bookmark(id), Err(CatalogError::NoSuchBookmark(id)));
    assert!(c.update_bookmark(id, &BookmarkInput::default()).is_err());
    let long = BookmarkInput {
        note: "x".repeat(5000),
        tags: vec![],
    };
    assert!(matches!(
        c.add_bookmark(1, &long),
        Err(CatalogError::Invalid(_))
    ));
    assert_eq!(
        c.bookmarks(None).unwrap().len(),
        1,
        "a refused bookmark changes nothing"
    );
}

#[test]
fn a_bookmark_whose_level_changed_is_reported() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    let b = c.add_bookmark(42, &BookmarkInput::default()).unwrap();
    // As if saved under other rules: rewrite the stored hash behind the API's back.
    drop(c);
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute(
        "UPDATE bookmarks SET level_hash = 'ffffffffffffffff', rules_version = 0 WHERE id = ?1",
        [b.id],
    )
    .unwrap();
    drop(raw);
    let c = Catalog::open(&path).unwrap().catalog;
    let checks = c.check_bookmarks().unwrap();
    assert!(checks[0].changed);
    assert_eq!(checks[0].bookmark.level_hash, "ffffffffffffffff");
    assert_eq!(checks[0].current_hash, b.level_hash);
}

#[test]
fn garbage_and_foreign_files_are_moved_aside_never_lost() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    std::fs::write(&path, b"this is not a database, it is a shopping list").unwrap();
    let opened = Catalog::open(&path).unwrap();
    let aside = opened.moved_aside.clone().expect("moved aside");
    assert_eq!(
        std::fs::read(&aside).unwrap(),
        b"this is not a database, it is a shopping list"
    );
    assert!(opened.reason.as_deref().unwrap().contains("not a database"));
    assert_eq!(opened.catalog.schema_version().unwrap(), SCHEMA_VERSION);
    drop(opened);

    // Another program's SQLite file.
    let foreign = dir.path().join("foreign.sqlite3");
    {
        let c = rusqlite::Connection::open(&foreign).unwrap();
        c.execute_batch("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
            .unwrap();
    }
    let opened = Catalog::open(&foreign).unwrap();
    let aside = opened.moved_aside.clone().unwrap();
    assert!(opened
        .reason
        .as_deref()
        .unwrap()
        .contains("another program"));
    let kept = rusqlite::Connection::open(&aside).unwrap();
    let soup: String = kept
        .query_row("SELECT name FROM recipes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(soup, "soup");

    // Our own file opens as it is.
    let again = Catalog::open(&foreign).unwrap();
    assert!(again.moved_aside.is_none());
    let id: i32 = again.catalog_application_id();
    assert_eq!(id, APPLICATION_ID);
}

#[test]
fn a_file_from_a_newer_studio_is_left_alone() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    drop(Catalog::open(&path).unwrap());
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    assert!(matches!(
        Catalog::open(&path),
        Err(CatalogError::NewerSchema { .. })
    ));
    assert!(path.exists());
}

trait AppId {
    fn catalog_application_id(&self) -> i32;
}

impl AppId for contraption_catalog::Opened {
    fn catalog_application_id(&self) -> i32 {
        self.catalog.application_id().unwrap()
    }
}
