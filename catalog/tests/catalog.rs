//! The catalog as the studio and the CLI use it.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption_catalog::{
    BookmarkInput, BookmarkQuery, Catalog, CatalogError, ScanEnd, ScanEvent, ScanState, SeedQuery,
    SortKey, APPLICATION_ID, SCAN_CHUNK, SCHEMA_VERSION,
};

/// The engine's summary of `seed` under the default rules.
fn summarize(seed: u32) -> contraption::SeedSummary {
    contraption::summarize(&contraption::ValidRules::default(), seed)
}

/// The default rules (v1).
fn v1() -> contraption::ValidRules {
    contraption::ValidRules::default()
}

/// Criteria as a person types them.
fn criteria(text: &str) -> contraption::Criteria {
    contraption::parse_criteria(text).unwrap()
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn a_scan_stores_one_summary_per_seed_and_reports_progress() {
    let mut c = Catalog::in_memory().unwrap();
    let scan = c.begin_scan(&v1(), 100, 700).unwrap();
    let mut seen = Vec::new();
    let end = c
        .run_scan(&v1(), scan.id, &AtomicBool::new(false), |p| {
            seen.push(p.done)
        })
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    assert_eq!(seen.first(), Some(&0));
    assert_eq!(seen.last(), Some(&600));
    assert!(seen
        .windows(2)
        .all(|w| w[1] > w[0] && w[1] - w[0] <= SCAN_CHUNK));
    assert_eq!(c.scan(scan.id).unwrap().state, ScanState::Done);
    let page = c
        .query(
            &v1(),
            &SeedQuery {
                limit: 1000,
                ..SeedQuery::default()
            },
        )
        .unwrap();
    assert_eq!(page.total, 600);
    for row in page.rows.iter().step_by(37) {
        assert_eq!(row, &summarize(row.seed), "seed {}", row.seed);
    }
}

#[test]
fn a_cancelled_scan_resumes_where_it_stopped() {
    let mut c = Catalog::in_memory().unwrap();
    let scan = c.begin_scan(&v1(), 0, 4 * SCAN_CHUNK).unwrap();
    let cancel = AtomicBool::new(false);
    let end = c
        .run_scan(&v1(), scan.id, &cancel, |p| {
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
    let again = c.begin_scan(&v1(), 0, 4 * SCAN_CHUNK).unwrap();
    assert_eq!(again.id, scan.id);
    let mut first = None;
    c.run_scan(&v1(), again.id, &AtomicBool::new(false), |p| {
        first.get_or_insert(p.done);
    })
    .unwrap();
    assert_eq!(first, Some(SCAN_CHUNK));
    assert_eq!(
        c.query(&v1(), &SeedQuery::default()).unwrap().total,
        4 * SCAN_CHUNK
    );
    assert!(c.begin_scan(&v1(), 5, 5).is_err());
}

#[test]
fn queries_filter_and_sort_by_every_column() {
    let mut c = Catalog::in_memory().unwrap();
    let rows: Vec<_> = (0..300).map(summarize).collect();
    c.put_seeds(&v1(), &rows).unwrap();
    let q = |text: &str, sort: SortKey, descending: bool| {
        c.query(
            &v1(),
            &SeedQuery {
                criteria: criteria(text),
                search: None,
                sort,
                descending,
                offset: 0,
                limit: 1000,
            },
        )
        .unwrap()
    };
    let hard = q("solving <= 1", SortKey::Seed, false);
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
    let retried = q("attempts >= 3", SortKey::Attempts, true);
    assert!(retried
        .rows
        .windows(2)
        .all(|w| (w[0].attempts, w[0].seed) >= (w[1].attempts, w[1].seed)));
    assert!(retried.rows.iter().all(|r| r.attempts >= 3));
    for (column, text) in [
        (SortKey::Seed, "seed >= 0"),
        (SortKey::Attempts, "attempts >= 0"),
        (SortKey::Fallback, "fallback or not fallback"),
        (SortKey::PreSolved, "pre_solved >= 0"),
        (SortKey::Solving, "solving >= 0"),
        (SortKey::Walls, "walls >= 0"),
        (SortKey::Ramps, "ramps >= 0"),
        (SortKey::Fans, "fans >= 0"),
        (SortKey::Bumpers, "bumpers >= 0"),
        (SortKey::RulesVersion, "rules_version >= 0"),
    ] {
        let page = q(text, column, false);
        assert_eq!(page.total, 300, "{column:?}");
    }
    let two = q("walls = 3 and bumpers != 0", SortKey::Seed, false);
    assert!(two
        .rows
        .iter()
        .all(|r| r.walls == 3 && r.inventory.bumper != 0));
    // Paging is stable.
    let page2 = c
        .query(
            &v1(),
            &SeedQuery {
                offset: 100,
                limit: 50,
                ..SeedQuery::default()
            },
        )
        .unwrap();
    assert_eq!(page2.rows.first().map(|r| r.seed), Some(100));
    assert!(c
        .query(
            &v1(),
            &SeedQuery {
                limit: 5000,
                ..SeedQuery::default()
            }
        )
        .is_err());
}

#[test]
fn statistics_add_up() {
    let mut c = Catalog::in_memory().unwrap();
    let rows: Vec<_> = (0..200).map(summarize).collect();
    c.put_seeds(&v1(), &rows).unwrap();
    let s = c
        .stats(&v1(), &contraption::Criteria::everything())
        .unwrap();
    assert_eq!(s.seeds, 200);
    assert_eq!(s.accepted + s.fallback, 200);
    assert_eq!(s.attempts_histogram.iter().map(|b| b[1]).sum::<u64>(), 200);
    assert_eq!(s.solving_histogram.iter().map(|b| b[1]).sum::<u64>(), 200);
    let solving: u64 = rows.iter().map(|r| u64::from(r.solving)).sum();
    assert_eq!(s.placement_solves.iter().sum::<u64>(), solving);
    assert_eq!(s.placement_solves.len(), 144);
    let some = c.stats(&v1(), &criteria("seed < 50")).unwrap();
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
                &v1(),
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
            &v1(),
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
    let checks = c.check_bookmarks(&v1()).unwrap();
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
        c.add_bookmark(&v1(), 1, &long),
        Err(CatalogError::Invalid(_))
    ));
    assert_eq!(
        c.bookmarks(None).unwrap().len(),
        1,
        "a refused bookmark changes nothing"
    );
}

fn tagged(note: &str, tags: &[&str]) -> BookmarkInput {
    BookmarkInput {
        note: note.into(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
    }
}

#[test]
fn a_search_of_several_words_finds_the_bookmarks_with_all_of_them() {
    let mut c = Catalog::in_memory().unwrap();
    let a = c
        .add_bookmark(
            &v1(),
            42,
            &tagged("one ramp, steep drop", &["hard", "Ramp-only"]),
        )
        .unwrap();
    let b = c
        .add_bookmark(&v1(), 1671, &tagged("eleven attempts", &["hard"]))
        .unwrap();
    c.add_bookmark(&v1(), 7, &tagged("a steep one", &[]))
        .unwrap();
    let ids = |search: &str| -> Vec<i64> {
        c.bookmarks(Some(search))
            .unwrap()
            .iter()
            .map(|b| b.id)
            .collect()
    };
    // Words from the note and from a tag, in any order and case.
    assert_eq!(ids("steep ramp"), vec![a.id]);
    assert_eq!(ids("HARD   drop"), vec![a.id]);
    assert_eq!(ids("hard, eleven"), vec![b.id]);
    // A word of the seed.
    assert_eq!(ids("hard 1671"), vec![b.id]);
    // Every word must match somewhere.
    assert!(ids("steep banana").is_empty());
    // Tag text, not the JSON it is stored as.
    assert!(ids("\"hard\"").is_empty());
    assert!(ids("[").is_empty());
    // Blank means everything, newest first.
    assert_eq!(ids("  ").len(), 3);
    assert!(matches!(
        c.bookmarks(Some(&"x".repeat(201))),
        Err(CatalogError::Invalid(_))
    ));
}

#[test]
fn bookmarks_are_found_by_tag_and_by_seed() {
    let mut c = Catalog::in_memory().unwrap();
    let a = c
        .add_bookmark(&v1(), 42, &tagged("one", &["hard", "ramp"]))
        .unwrap();
    let b = c.add_bookmark(&v1(), 7, &tagged("two", &["Hard"])).unwrap();
    c.add_bookmark(&v1(), 9, &tagged("hard in the note", &["hardly"]))
        .unwrap();
    let find = |q: BookmarkQuery| -> Vec<i64> {
        c.find_bookmarks(&q).unwrap().iter().map(|b| b.id).collect()
    };
    // A whole tag, case-insensitive; not a tag that merely contains it, nor the note.
    let hard = BookmarkQuery {
        tag: Some("hard".into()),
        ..BookmarkQuery::default()
    };
    assert_eq!(find(hard.clone()), vec![b.id, a.id]);
    assert_eq!(
        find(BookmarkQuery {
            search: Some("one".into()),
            ..hard.clone()
        }),
        vec![a.id]
    );
    assert_eq!(
        find(BookmarkQuery {
            seed: Some(42),
            ..BookmarkQuery::default()
        }),
        vec![a.id]
    );
    assert!(find(BookmarkQuery {
        seed: Some(43),
        ..BookmarkQuery::default()
    })
    .is_empty());
}

#[test]
fn a_seed_is_bookmarked_once() {
    let mut c = Catalog::in_memory().unwrap();
    let first = c.add_bookmark(&v1(), 42, &tagged("first", &[])).unwrap();
    assert_eq!(
        c.add_bookmark(&v1(), 42, &tagged("second", &["x"])),
        Err(CatalogError::AlreadyBookmarked {
            seed: 42,
            id: first.id
        })
    );
    let all = c.bookmarks(None).unwrap();
    assert_eq!(all.len(), 1, "the refused bookmark changes nothing");
    assert_eq!(all[0].note, "first");
    // Editing the existing one is the way to change it; after a delete the seed is free.
    c.update_bookmark(first.id, &tagged("second", &["x"]))
        .unwrap();
    c.delete_bookmark(first.id).unwrap();
    assert!(c.add_bookmark(&v1(), 42, &tagged("again", &[])).is_ok());
    let json = serde_json::to_value(CatalogError::AlreadyBookmarked { seed: 42, id: 3 }).unwrap();
    assert_eq!(json["kind"], "already_bookmarked");
    assert_eq!(json["detail"]["id"], 3);
}

#[test]
fn a_bookmark_whose_level_changed_is_reported() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    let b = c
        .add_bookmark(&v1(), 42, &BookmarkInput::default())
        .unwrap();
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
    let checks = c.check_bookmarks(&v1()).unwrap();
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

    // Another program's SQLite file (its own application id).
    let foreign = dir.path().join("foreign.sqlite3");
    {
        let c = rusqlite::Connection::open(&foreign).unwrap();
        c.execute_batch(
            "PRAGMA application_id = 1234; CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        )
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
fn a_database_without_an_application_id_that_holds_tables_is_refused_untouched() {
    // Not certainly another program's (ours before its id was written would look
    // the same), so it is neither moved aside nor changed.
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    for open in [Catalog::open, Catalog::open_read_only] {
        let err = open(&path).err().expect("refused");
        assert!(err.to_string().contains("left untouched"), "{err}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["catalog.sqlite3"]);
}

#[test]
fn a_file_from_a_newer_studio_is_left_alone_byte_for_byte() {
    for journal in ["DELETE", "WAL"] {
        let dir = temp();
        let path = dir.path().join("catalog.sqlite3");
        drop(Catalog::open(&path).unwrap());
        {
            let raw = rusqlite::Connection::open(&path).unwrap();
            raw.pragma_update(None, "journal_mode", journal).unwrap();
            raw.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
                .unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        for open in [Catalog::open, Catalog::open_read_only] {
            assert!(
                matches!(open(&path), Err(CatalogError::NewerSchema { .. })),
                "{journal}"
            );
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "{journal}: not one byte changed (journal mode, change counter)"
        );
    }
}

/// Writes raw values into a scans row, as a damaged or hand-edited file could hold.
fn tamper(path: &std::path::Path, sql: &str) {
    rusqlite::Connection::open(path)
        .unwrap()
        .execute_batch(sql)
        .unwrap();
}

#[test]
fn scan_rows_that_break_the_rules_are_reported_as_damaged() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    let scan = c.begin_scan(&v1(), 0, 2000).unwrap();
    drop(c);
    for (sql, says) in [
        ("UPDATE scans SET next_seed = -1000", "outside its range"),
        ("UPDATE scans SET next_seed = 5000", "outside its range"),
        ("UPDATE scans SET from_seed = 3000", "not one within"),
        ("UPDATE scans SET to_seed = 4294967297", "not one within"),
        ("UPDATE scans SET state = 'finished'", "unknown state"),
        ("UPDATE scans SET state = 'done'", "marked done"),
        ("UPDATE scans SET rules_version = -1", "rules version"),
        ("UPDATE scans SET rules_id = 'v1'", "rules id"),
    ] {
        tamper(
            &path,
            "UPDATE scans SET from_seed = 0, to_seed = 2000, next_seed = 0, state = 'running', rules_version = 1, rules_id = '010786ff88f4'",
        );
        tamper(&path, sql);
        let mut c = Catalog::open(&path).unwrap().catalog;
        for err in [
            c.scan(scan.id).unwrap_err(),
            c.scans().unwrap_err(),
            c.run_scan(&v1(), scan.id, &AtomicBool::new(false), |_| {})
                .unwrap_err(),
            c.begin_scan(&v1(), 0, 2000).err().unwrap_or_else(|| {
                // The tampered row no longer matches the range: a new scan starts.
                CatalogError::Database("damaged data: outside its range not one within unknown state marked done rules version rules id".into())
            }),
        ] {
            assert!(
                err.to_string().contains("damaged data") && err.to_string().contains(says),
                "{sql}: {err}"
            );
        }
        // Nothing was stored from a row that lied.
        assert_eq!(
            c.query(&v1(), &SeedQuery::default()).unwrap().total,
            0,
            "{sql}"
        );
    }
}

#[test]
fn seed_and_bookmark_rows_that_break_the_rules_are_reported_as_damaged() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    c.put_seeds(&v1(), &[summarize(1), summarize(2)]).unwrap();
    c.add_bookmark(&v1(), 1, &BookmarkInput::default()).unwrap();
    drop(c);
    for (sql, fails) in [
        ("UPDATE seeds SET attempts = -3 WHERE seed = 1", "both"),
        (
            "UPDATE seeds SET shipped = 'sideways' WHERE seed = 1",
            "both",
        ),
        ("UPDATE seeds SET pre_solved = -1 WHERE seed = 2", "both"),
        ("UPDATE bookmarks SET tags = 'not json'", "bookmarks"),
        ("UPDATE bookmarks SET seed = -5", "bookmarks"),
    ] {
        let mut c = Catalog::open(&path).unwrap().catalog;
        c.put_seeds(&v1(), &[summarize(1), summarize(2)]).unwrap();
        drop(c);
        tamper(&path, "UPDATE bookmarks SET tags = '[]', seed = 1");
        tamper(&path, sql);
        let c = Catalog::open(&path).unwrap().catalog;
        let results = [
            (
                "stats",
                c.stats(&v1(), &contraption::Criteria::everything()).err(),
            ),
            ("query", c.query(&v1(), &SeedQuery::default()).err()),
            ("bookmarks", c.bookmarks(None).err()),
        ];
        for (what, err) in results {
            let expected = fails == what || (fails == "both" && what != "bookmarks");
            match err {
                Some(e) if expected => {
                    assert!(e.to_string().contains("damaged data"), "{sql}: {e}")
                }
                None if !expected => {}
                other => panic!("{sql}: {what} gave {other:?}"),
            }
        }
    }
}

#[test]
fn two_runners_of_one_scan_share_it_instead_of_both_doing_the_work() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let total = 6 * SCAN_CHUNK;
    let runner = |path: std::path::PathBuf| {
        std::thread::spawn(move || {
            let mut c = Catalog::open(&path).unwrap().catalog;
            let scan = c.begin_scan(&v1(), 0, total).unwrap();
            let mut waited = false;
            let run = c
                .run_scan_reporting(&v1(), scan.id, &AtomicBool::new(false), |e| {
                    waited |= matches!(e, ScanEvent::Waiting { .. })
                })
                .unwrap();
            (scan.id, run, waited)
        })
    };
    let a = runner(path.clone());
    let b = runner(path.clone());
    let (a, b) = (a.join().unwrap(), b.join().unwrap());
    assert_eq!(a.0, b.0, "one scan for the range");
    assert_eq!((a.1.end, b.1.end), (ScanEnd::Done, ScanEnd::Done));
    assert_eq!(
        a.1.computed + b.1.computed,
        total,
        "every seed summarised once: {a:?} {b:?}"
    );
    assert!(a.2 || b.2, "one of them waited");
    let c = Catalog::open(&path).unwrap().catalog;
    assert_eq!(c.query(&v1(), &SeedQuery::default()).unwrap().total, total);
    assert_eq!(c.scans().unwrap().len(), 1);
}

#[test]
fn the_lease_of_a_runner_that_is_gone_is_taken_over_at_once() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    let scan = c.begin_scan(&v1(), 0, 2 * SCAN_CHUNK).unwrap();
    // A lease held by a process that does not exist (pid beyond pid_max), and one
    // whose time ran out: both are taken over without waiting.
    for owner in [
        "4194305:1:0', lease_until = 99999999999 WHERE 1 --",
        "1:1:0', lease_until = 1 WHERE 1 --",
    ] {
        tamper(
            &path,
            &format!("UPDATE scans SET state = 'running', next_seed = 0, lease_owner = '{owner}"),
        );
        let mut events = Vec::new();
        let run = c
            .run_scan_reporting(&v1(), scan.id, &AtomicBool::new(false), |e| events.push(e))
            .unwrap();
        assert_eq!((run.end, run.computed), (ScanEnd::Done, 2 * SCAN_CHUNK));
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, ScanEvent::Waiting { .. })),
            "{owner}"
        );
    }
    // A live holder (pid 1 with a fresh lease) is waited for; cancelling the wait
    // leaves its scan alone.
    tamper(
        &path,
        "UPDATE scans SET state = 'running', next_seed = 0, lease_owner = '1:1:0', lease_until = 99999999999",
    );
    let cancel = AtomicBool::new(false);
    let mut waited = false;
    let run = c
        .run_scan_reporting(&v1(), scan.id, &cancel, |e| {
            if matches!(e, ScanEvent::Waiting { .. }) {
                waited = true;
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert!(waited);
    assert_eq!((run.end, run.computed), (ScanEnd::Cancelled, 0));
    assert_eq!(c.scan(scan.id).unwrap().state, ScanState::Running);
}

/// `rules/gears.json`: the default rules with 1 or 2 gears per level.
fn gears() -> contraption::ValidRules {
    contraption::parse_rules_file(include_bytes!("../../rules/gears.json")).unwrap()
}

#[test]
fn scans_seeds_and_bookmarks_of_different_rules_are_kept_apart() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    let mut c = Catalog::open(&path).unwrap().catalog;
    let (v1, gears) = (v1(), gears());
    let total = SCAN_CHUNK + 44;
    // The same range under two rules: two scans.
    let a = c.begin_scan(&v1, 0, total).unwrap();
    let b = c.begin_scan(&gears, 0, total).unwrap();
    assert_ne!(a.id, b.id);
    assert_eq!(
        (a.rules_id.as_str(), b.rules_id.as_str()),
        (contraption::DEFAULT_RULES_ID, gears.id())
    );
    // A scan runs only under its own rules.
    let refused = c
        .run_scan(&v1, b.id, &AtomicBool::new(false), |_| {})
        .unwrap_err();
    assert!(refused.to_string().contains(gears.id()), "{refused}");
    assert_eq!(c.query(&gears, &SeedQuery::default()).unwrap().total, 0);
    for (rules, scan) in [(&v1, &a), (&gears, &b)] {
        let end = c
            .run_scan(rules, scan.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        assert_eq!(end, ScanEnd::Done);
        // Starting the range again under the same rules finds the finished scan's
        // rows, and a new scan for the rest.
        assert_eq!(c.scan(scan.id).unwrap().rules_id, rules.id());
    }
    // Seed rows are keyed by (rules id, seed): each rules' rows are its own.
    for rules in [&v1, &gears] {
        let page = c
            .query(
                rules,
                &SeedQuery {
                    limit: 1000,
                    ..SeedQuery::default()
                },
            )
            .unwrap();
        assert_eq!(page.total, total);
        for row in page.rows.iter().step_by(29) {
            assert_eq!(
                row,
                &contraption::summarize(rules, row.seed),
                "{}",
                row.seed
            );
        }
        assert_eq!(
            c.stats(rules, &contraption::Criteria::everything())
                .unwrap()
                .seeds,
            total
        );
    }
    let (plain, geared) = (
        c.seed(&v1, 5).unwrap().unwrap(),
        c.seed(&gears, 5).unwrap().unwrap(),
    );
    assert_eq!(plain.inventory.gear, 0);
    assert!((1..=2).contains(&geared.inventory.gear), "gears are stored");
    assert_ne!(plain.level_hash, geared.level_hash);
    // Bookmarks: one per seed and rules.
    let b1 = c.add_bookmark(&v1, 42, &BookmarkInput::default()).unwrap();
    let b2 = c
        .add_bookmark(&gears, 42, &BookmarkInput::default())
        .unwrap();
    assert_eq!(
        (b1.rules_id.as_str(), b2.rules_id.as_str()),
        (contraption::DEFAULT_RULES_ID, gears.id())
    );
    assert_ne!(b1.level_hash, b2.level_hash);
    assert_eq!(
        c.add_bookmark(&gears, 42, &BookmarkInput::default()),
        Err(CatalogError::AlreadyBookmarked {
            seed: 42,
            id: b2.id
        })
    );
    let checks = c.check_bookmarks(&gears).unwrap();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].bookmark.id, b2.id);
    assert!(!checks[0].changed, "checked under its own rules");
    assert_eq!(c.check_bookmarks(&v1).unwrap()[0].bookmark.id, b1.id);
    assert_eq!(c.bookmarks(None).unwrap().len(), 2);
}

/// The schema of version 2 (migrations 1 and 2 as they shipped), to make the
/// catalog files a studio of that version left behind.
const SCHEMA_V2: &str = r#"
CREATE TABLE seeds (
    seed          INTEGER PRIMARY KEY,
    rules_version INTEGER NOT NULL,
    shipped       TEXT    NOT NULL,
    attempts      INTEGER NOT NULL,
    fallback      INTEGER NOT NULL,
    pre_solved    INTEGER NOT NULL,
    solving       INTEGER NOT NULL,
    solving_mask  BLOB    NOT NULL,
    walls         INTEGER NOT NULL,
    ramps         INTEGER NOT NULL,
    fans          INTEGER NOT NULL,
    bumpers       INTEGER NOT NULL,
    level_hash    TEXT    NOT NULL
);
CREATE INDEX seeds_by_attempts ON seeds(attempts);
CREATE INDEX seeds_by_solving ON seeds(solving);
CREATE TABLE scans (
    id            INTEGER PRIMARY KEY,
    from_seed     INTEGER NOT NULL,
    to_seed       INTEGER NOT NULL,
    next_seed     INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    state         TEXT    NOT NULL
);
CREATE TABLE bookmarks (
    id            INTEGER PRIMARY KEY,
    seed          INTEGER NOT NULL,
    note          TEXT    NOT NULL,
    tags          TEXT    NOT NULL,
    level_hash    TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX bookmarks_by_seed ON bookmarks(seed);
ALTER TABLE scans ADD COLUMN lease_owner TEXT;
ALTER TABLE scans ADD COLUMN lease_until INTEGER;
PRAGMA user_version = 2;
"#;

/// A version 2 catalog file with `seeds` rows (a done scan of them), an
/// unfinished scan and two bookmarks.
fn v2_catalog(path: &std::path::Path, seeds: u32) {
    let raw = rusqlite::Connection::open(path).unwrap();
    raw.execute_batch(SCHEMA_V2).unwrap();
    raw.pragma_update(None, "application_id", APPLICATION_ID)
        .unwrap();
    raw.pragma_update(None, "journal_mode", "WAL").unwrap();
    for seed in 0..seeds {
        let r = summarize(seed);
        raw.execute(
            "INSERT INTO seeds VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            rusqlite::params![
                r.seed,
                r.rules_version,
                r.shipped.name(),
                r.attempts,
                r.fallback,
                r.pre_solved,
                r.solving,
                r.solving_mask,
                r.walls,
                r.inventory.ramp,
                r.inventory.fan,
                r.inventory.bumper,
                r.level_hash
            ],
        )
        .unwrap();
    }
    raw.execute_batch(&format!(
        "INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, state) VALUES (0, {seeds}, {seeds}, 1, 'done');
         INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, state) VALUES (1000, 1512, 1256, 1, 'cancelled');"
    ))
    .unwrap();
    for (seed, note) in [(42u32, "one ramp"), (7, "bumpy")] {
        raw.execute(
            "INSERT INTO bookmarks (seed, note, tags, level_hash, rules_version, created_at, updated_at) \
             VALUES (?1, ?2, '[\"hard\"]', ?3, 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
            rusqlite::params![seed, note, summarize(seed).level_hash],
        )
        .unwrap();
    }
}

#[test]
fn a_version_2_catalog_migrates_with_every_row_under_the_default_rules() {
    let dir = temp();
    let path = dir.path().join("catalog.sqlite3");
    v2_catalog(&path, 300);
    // Read-only use of an older file goes through the ordinary open: migrated.
    let c = Catalog::open_read_only(&path).unwrap().catalog;
    assert_eq!(c.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 7);
    // Every seed row is there, as the default rules' row, equal to the engine's.
    let page = c
        .query(
            &v1(),
            &SeedQuery {
                limit: 1000,
                ..SeedQuery::default()
            },
        )
        .unwrap();
    assert_eq!(page.total, 300);
    for (seed, row) in page.rows.iter().enumerate() {
        assert_eq!(row, &summarize(seed as u32));
    }
    assert_eq!(c.query(&gears(), &SeedQuery::default()).unwrap().total, 0);
    let stats = c
        .stats(&v1(), &contraption::Criteria::everything())
        .unwrap();
    assert_eq!(stats.seeds, 300);
    // The scans and bookmarks are the default rules' too.
    let scans = c.scans().unwrap();
    assert_eq!(scans.len(), 2);
    assert!(scans
        .iter()
        .all(|s| s.rules_id == contraption::DEFAULT_RULES_ID));
    let bookmarks = c.bookmarks(None).unwrap();
    assert_eq!(bookmarks.len(), 2);
    assert!(bookmarks
        .iter()
        .all(|b| b.rules_id == contraption::DEFAULT_RULES_ID && b.tags == ["hard"]));
    assert!(c.check_bookmarks(&v1()).unwrap().iter().all(|k| !k.changed));
    drop(c);
    // The unfinished scan resumes under the default rules where it stopped, and a
    // bookmarked seed is still taken.
    let mut c = Catalog::open(&path).unwrap().catalog;
    let resumed = c.begin_scan(&v1(), 1000, 1512).unwrap();
    assert_eq!((resumed.next, resumed.state), (1256, ScanState::Cancelled));
    assert!(c
        .run_scan(&v1(), resumed.id, &AtomicBool::new(false), |_| {})
        .is_ok());
    assert_eq!(
        c.stats(&v1(), &contraption::Criteria::everything())
            .unwrap()
            .seeds,
        300 + 256
    );
    assert!(matches!(
        c.add_bookmark(&v1(), 42, &BookmarkInput::default()),
        Err(CatalogError::AlreadyBookmarked { seed: 42, .. })
    ));
}

trait AppId {
    fn catalog_application_id(&self) -> i32;
}

impl AppId for contraption_catalog::Opened {
    fn catalog_application_id(&self) -> i32 {
        self.catalog.application_id().unwrap()
    }
}
