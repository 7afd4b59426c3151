//! Searches kept in the catalog: matches, totals, cancel and resume, fast
//! searches (decided counts, the same matches as full ones), the migration
//! that added them (4), which keeps every row of a version 3 file, the one that
//! gave them a lease (5), which keeps every row of a version 4 file, and the
//! one that gave them a summary kind and decided counts (6), which keeps every
//! row of a version 5 file.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption::{parse_criteria, summarize, Decided, SummaryKind, Totals, ValidRules};
use contraption_catalog::{
    search_batch, BookmarkInput, Catalog, ScanEnd, ScanState, SeedQuery, SCHEMA_VERSION,
    SEARCH_BATCH,
};

fn v1() -> ValidRules {
    ValidRules::default()
}

/// The matches and totals of `from..to` summarised one seed at a time.
fn plain(criteria: &str, from: u32, to: u32) -> (Vec<u32>, Totals) {
    let c = parse_criteria(criteria).unwrap();
    let mut totals = Totals::default();
    let mut seeds = Vec::new();
    for s in from..to {
        let row = summarize(&v1(), s);
        totals.add(&row);
        if c.matches(&row) {
            seeds.push(s);
        }
    }
    (seeds, totals)
}

#[test]
fn the_batch_step_keeps_the_matches_in_seed_order_and_adds_every_row() {
    let c = parse_criteria("solving <= 2 or walls in 5..6").unwrap();
    let (seeds, expected) = plain("solving <= 2 or walls in 5..6", 100, 900);
    assert!(!seeds.is_empty());
    for kind in [SummaryKind::Full, SummaryKind::Fast] {
        let (mut totals, mut decided) = (Totals::default(), Decided::default());
        let go = AtomicBool::new(false);
        let found = search_batch(&v1(), &c, kind, 100..900, &mut totals, &mut decided, &go);
        let found = found.unwrap();
        assert_eq!(found.iter().map(|r| r.seed).collect::<Vec<_>>(), seeds);
        match kind {
            // Every row added up; no stage counted.
            SummaryKind::Full => assert_eq!((&totals, decided), (&expected, Decided::default())),
            // Every seed decided once, the matches with their whole rows.
            SummaryKind::Fast => {
                assert_eq!(totals, Totals::default());
                assert_eq!(decided.seeds(), 800);
                assert!(decided.full >= seeds.len() as u64);
                assert!(
                    decided.layout + decided.generator + decided.sweep > 0,
                    "{decided:?}"
                );
            }
        }
        // Cancelled meanwhile: nothing found, the totals untouched.
        let (mut untouched, mut none) = (Totals::default(), Decided::default());
        let stop = AtomicBool::new(true);
        let cancelled = search_batch(&v1(), &c, kind, 100..900, &mut untouched, &mut none, &stop);
        assert_eq!(
            (cancelled, untouched, none),
            (None, Totals::default(), Decided::default())
        );
    }
}

#[test]
fn a_search_cancelled_and_resumed_ends_as_one_that_never_stopped() {
    let criteria = "solving = 1 and not fallback";
    let (from, to) = (1000u64, 1000 + 2 * SEARCH_BATCH + 500);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let c = parse_criteria(criteria).unwrap();

    // Stopped after its first batch.
    let id = {
        let mut cat = Catalog::open(&path).unwrap().catalog;
        let s = cat
            .begin_search(&v1(), &c, SummaryKind::Full, from, to)
            .unwrap();
        let cancel = AtomicBool::new(false);
        let mut seen = Vec::new();
        let end = cat
            .run_search(&v1(), s.id, &cancel, |p| {
                seen.push(p.next);
                if p.next > from {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
        assert_eq!(end, ScanEnd::Cancelled);
        assert_eq!(seen, [from, from + SEARCH_BATCH]);
        let stopped = cat.search(s.id).unwrap();
        assert_eq!(stopped.state, ScanState::Cancelled);
        assert_eq!(stopped.next, from + SEARCH_BATCH);
        assert_eq!(stopped.totals.seeds, SEARCH_BATCH);
        s.id
    };

    // Asked again (another connection, as after a restart): the same search, continued.
    let mut cat = Catalog::open(&path).unwrap().catalog;
    let again = cat
        .begin_search(&v1(), &c, SummaryKind::Full, from, to)
        .unwrap();
    assert_eq!(again.id, id);
    let mut progress = Vec::new();
    let end = cat
        .run_search(&v1(), id, &AtomicBool::new(false), |p| {
            progress.push(p.next)
        })
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    assert_eq!(progress, [from + SEARCH_BATCH, from + 2 * SEARCH_BATCH, to]);
    let done = cat.search(id).unwrap();
    let (seeds, totals) = plain(criteria, from as u32, to as u32);
    assert!(!seeds.is_empty());
    assert_eq!(done.state, ScanState::Done);
    assert_eq!(done.totals, totals);
    assert_eq!(done.matches, seeds.len() as u64);
    assert_eq!(cat.search_matches(id).unwrap(), seeds);

    // The matches are rows of the catalog, and the browser can show just them.
    let page = cat
        .query(
            &v1(),
            &SeedQuery {
                search: Some(id),
                limit: 1000,
                ..SeedQuery::default()
            },
        )
        .unwrap();
    assert_eq!(page.total, seeds.len() as u64);
    let shown: Vec<u32> = page.rows.iter().map(|r| r.seed).collect();
    assert!(
        shown == seeds[..shown.len()],
        "the first page of the matches"
    );
    for row in &page.rows {
        assert_eq!(row, &summarize(&v1(), row.seed));
    }

    // A finished search is not continued: asking again starts a new one.
    let fresh = cat
        .begin_search(&v1(), &c, SummaryKind::Full, from, to)
        .unwrap();
    assert_ne!(fresh.id, id);
    assert_eq!(fresh.next, from);
    assert_eq!(cat.searches().unwrap().len(), 2);
}

#[test]
fn bad_ranges_and_other_rules_are_refused() {
    let mut cat = Catalog::in_memory().unwrap();
    let c = parse_criteria("fallback").unwrap();
    assert!(cat
        .begin_search(&v1(), &c, SummaryKind::Full, 5, 5)
        .is_err());
    assert!(cat
        .begin_search(&v1(), &c, SummaryKind::Full, 0, (1 << 32) + 1)
        .is_err());
    let s = cat
        .begin_search(&v1(), &c, SummaryKind::Full, 0, 10)
        .unwrap();
    let gears = contraption::parse_rules_file(include_bytes!("../../rules/gears.json")).unwrap();
    assert!(cat
        .run_search(&gears, s.id, &AtomicBool::new(false), |_| {})
        .is_err());
    assert_eq!(cat.search(s.id).unwrap().next, 0);
}

/// Every row of `tables` (its `columns`), as text, table by table in the order of
/// their first two columns (a key in each table).
fn dump(conn: &rusqlite::Connection, tables: &[&str], columns: &str) -> Vec<String> {
    let mut out = Vec::new();
    for table in tables {
        let mut stmt = conn
            .prepare(&format!("SELECT {columns} FROM {table} ORDER BY 1, 2"))
            .unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                let mut cells = Vec::new();
                for i in 0..n {
                    cells.push(format!("{:?}", r.get_ref(i)?));
                }
                Ok(format!("{table}: {}", cells.join(" | ")))
            })
            .unwrap();
        out.extend(rows.map(Result::unwrap));
    }
    out
}

#[test]
fn migration_4_keeps_every_row_of_a_version_3_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    // A version 3 catalog with seeds, a scan and a bookmark: today's schema
    // without what migration 4 adds.
    {
        let mut c = Catalog::open(&path).unwrap().catalog;
        let s = c.begin_scan(&v1(), 0, 700).unwrap();
        c.run_scan(&v1(), s.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        c.add_bookmark(
            &v1(),
            42,
            &BookmarkInput {
                note: "kept".into(),
                tags: vec!["t".into()],
            },
        )
        .unwrap();
    }
    let dump = |conn: &rusqlite::Connection| dump(conn, &["seeds", "scans", "bookmarks"], "*");
    let before = {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch(
            "DROP TABLE tallies; DROP TABLE search_matches; DROP TABLE searches; \
             PRAGMA user_version = 3;",
        )
        .unwrap();
        assert_eq!(
            raw.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
                .unwrap(),
            3
        );
        dump(&raw)
    };
    assert_eq!(
        before.iter().filter(|l| l.starts_with("seeds:")).count(),
        700
    );

    let mut c = Catalog::open(&path).unwrap().catalog;
    assert_eq!(c.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 7);
    assert!(c.searches().unwrap().is_empty());
    drop(c);
    let after = dump(&rusqlite::Connection::open(&path).unwrap());
    assert_eq!(before, after, "every row of version 3 is kept as it was");
    // And searches work in the migrated file.
    c = Catalog::open(&path).unwrap().catalog;
    let crit = parse_criteria("walls = 3").unwrap();
    let s = c
        .begin_search(&v1(), &crit, SummaryKind::Full, 0, 300)
        .unwrap();
    assert_eq!(
        c.run_search(&v1(), s.id, &AtomicBool::new(false), |_| {})
            .unwrap(),
        ScanEnd::Done
    );
    assert_eq!(
        c.search_matches(s.id).unwrap(),
        plain("walls = 3", 0, 300).0
    );
}

#[test]
fn two_runners_of_one_search_count_each_part_once() {
    let criteria = "walls = 5";
    let (from, to) = (20_000u64, 20_000 + 3 * SEARCH_BATCH);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let c = parse_criteria(criteria).unwrap();
    let mut first = Catalog::open(&path).unwrap().catalog;
    let id = first
        .begin_search(&v1(), &c, SummaryKind::Full, from, to)
        .unwrap()
        .id;
    // Before the first runner asks for the search's lease (at its first report), a
    // second one (another connection, as another window or process would have)
    // takes it, commits two batches and stops; the first one then takes the
    // search up from there.
    let mut progress = Vec::new();
    let end = first
        .run_search(&v1(), id, &AtomicBool::new(false), |p| {
            if progress.is_empty() {
                let mut second = Catalog::open(&path).unwrap().catalog;
                let cancel = AtomicBool::new(false);
                let end = second
                    .run_search(&v1(), id, &cancel, |q| {
                        if q.next > from + SEARCH_BATCH {
                            cancel.store(true, Ordering::Relaxed);
                        }
                    })
                    .unwrap();
                assert_eq!(end, ScanEnd::Cancelled);
            }
            progress.push(p.next);
        })
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    // Never a step back: the first runner took up from the second one's position.
    assert_eq!(progress, [from, from + 2 * SEARCH_BATCH, to]);
    let done = first.search(id).unwrap();
    let (seeds, totals) = plain(criteria, from as u32, to as u32);
    assert!(!seeds.is_empty());
    assert_eq!(done.state, ScanState::Done);
    assert_eq!(done.totals, totals);
    assert_eq!(done.matches, seeds.len() as u64);
    assert_eq!(first.search_matches(id).unwrap(), seeds);
}

#[test]
fn migration_5_keeps_every_search_of_a_version_4_file_and_they_resume() {
    let criteria = "solving <= 3";
    let (from, to) = (500u64, 500 + 2 * SEARCH_BATCH + 100);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let c = parse_criteria(criteria).unwrap();
    // A version 4 catalog: a search stopped after its first batch, a finished
    // one, a scan and a bookmark, without the lease columns migration 5 adds.
    let (stopped, finished) = {
        let mut cat = Catalog::open(&path).unwrap().catalog;
        let s = cat
            .begin_search(&v1(), &c, SummaryKind::Full, from, to)
            .unwrap();
        let cancel = AtomicBool::new(false);
        cat.run_search(&v1(), s.id, &cancel, |p| {
            if p.next > from {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
        let walls = parse_criteria("walls = 4").unwrap();
        let f = cat
            .begin_search(&v1(), &walls, SummaryKind::Full, 0, 300)
            .unwrap();
        cat.run_search(&v1(), f.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        let scan = cat.begin_scan(&v1(), 0, 300).unwrap();
        cat.run_scan(&v1(), scan.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        cat.add_bookmark(&v1(), 9, &BookmarkInput::default())
            .unwrap();
        (s.id, f.id)
    };
    let tables = ["seeds", "scans", "bookmarks", "searches", "search_matches"];
    let before = {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch(
            "DROP TABLE tallies; ALTER TABLE searches DROP COLUMN lease_owner; \
             ALTER TABLE searches DROP COLUMN lease_until; \
             ALTER TABLE searches DROP COLUMN summary; \
             ALTER TABLE searches DROP COLUMN decided; PRAGMA user_version = 4;",
        )
        .unwrap();
        dump(&raw, &tables, "*")
    };
    assert_eq!(
        before.iter().filter(|l| l.starts_with("searches:")).count(),
        2
    );
    assert!(before.iter().any(|l| l.starts_with("search_matches:")));

    let mut cat = Catalog::open(&path).unwrap().catalog;
    assert_eq!(cat.schema_version().unwrap(), SCHEMA_VERSION);
    let raw = rusqlite::Connection::open(&path).unwrap();
    // Every column but the two new ones.
    let mut after = dump(&raw, &tables[..3], "*");
    after.extend(dump(
        &raw,
        &["searches"],
        "id, criteria, rules_id, from_seed, to_seed, next_seed, matches, state, totals, created_at",
    ));
    after.extend(dump(&raw, &["search_matches"], "*"));
    assert_eq!(before, after, "every row of version 4 is kept as it was");
    let leases: i64 = raw
        .query_row(
            "SELECT count(*) FROM searches WHERE lease_owner IS NULL AND lease_until IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(leases, 2, "the migrated searches are free to claim");

    // The stopped search continues to what an uninterrupted one finds.
    assert_eq!(cat.search(finished).unwrap().state, ScanState::Done);
    assert_eq!(
        cat.begin_search(&v1(), &c, SummaryKind::Full, from, to)
            .unwrap()
            .id,
        stopped
    );
    let end = cat
        .run_search(&v1(), stopped, &AtomicBool::new(false), |_| {})
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    let done = cat.search(stopped).unwrap();
    let (seeds, totals) = plain(criteria, from as u32, to as u32);
    assert_eq!(done.totals, totals);
    assert_eq!(cat.search_matches(stopped).unwrap(), seeds);
}

/// What `search` found and counted: its matches, totals and decided counts.
fn outcome(cat: &Catalog, id: i64) -> (Vec<u32>, Totals, Decided, u64) {
    let s = cat.search(id).unwrap();
    assert_eq!(s.state, ScanState::Done);
    (
        cat.search_matches(id).unwrap(),
        s.totals,
        s.decided,
        s.matches,
    )
}

#[test]
fn a_fast_search_and_a_full_search_of_a_range_find_the_same_seeds() {
    let criteria = "solving <= 2 and walls in 3..5";
    let (from, to) = (3000u64, 3000 + SEARCH_BATCH + 700);
    let c = parse_criteria(criteria).unwrap();
    let mut cat = Catalog::in_memory().unwrap();

    // A full search stopped after its first batch.
    let full = cat
        .begin_search(&v1(), &c, SummaryKind::Full, from, to)
        .unwrap();
    assert_eq!(full.summary, SummaryKind::Full);
    let cancel = AtomicBool::new(false);
    let end = cat
        .run_search(&v1(), full.id, &cancel, |p| {
            if p.next > from {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert_eq!(end, ScanEnd::Cancelled);

    // A fast search of the same criteria, range and rules is another search:
    // it does not continue the full one.
    let fast = cat
        .begin_search(&v1(), &c, SummaryKind::Fast, from, to)
        .unwrap();
    assert_ne!(fast.id, full.id);
    assert_eq!((fast.summary, fast.next), (SummaryKind::Fast, from));
    assert_eq!(
        cat.run_search(&v1(), fast.id, &AtomicBool::new(false), |_| {})
            .unwrap(),
        ScanEnd::Done
    );
    // And the full one, asked again, continues its own record.
    let again = cat
        .begin_search(&v1(), &c, SummaryKind::Full, from, to)
        .unwrap();
    assert_eq!((again.id, again.next), (full.id, from + SEARCH_BATCH));
    assert_eq!(
        cat.run_search(&v1(), full.id, &AtomicBool::new(false), |_| {})
            .unwrap(),
        ScanEnd::Done
    );

    let (seeds, totals) = plain(criteria, from as u32, to as u32);
    assert!(!seeds.is_empty());
    let (fast_seeds, fast_totals, decided, fast_matches) = outcome(&cat, fast.id);
    let (full_seeds, full_totals, full_decided, full_matches) = outcome(&cat, full.id);
    // The same matches, stored the same way.
    assert_eq!(fast_seeds, seeds);
    assert_eq!(full_seeds, seeds);
    assert_eq!(
        (fast_matches, full_matches),
        (seeds.len() as u64, seeds.len() as u64)
    );
    // The fast one: every seed decided once, no totals.
    assert_eq!(decided.seeds(), to - from);
    assert!(decided.full >= seeds.len() as u64, "{decided:?}");
    assert_eq!(fast_totals, Totals::default());
    // The full one: the plain sum, nothing decided.
    assert_eq!(full_totals, totals);
    assert_eq!(full_decided, Decided::default());
    // Both are listed, each with its kind.
    let kinds: Vec<_> = cat.searches().unwrap().iter().map(|s| s.summary).collect();
    assert_eq!(kinds, [SummaryKind::Fast, SummaryKind::Full]);
}

#[test]
fn a_fast_search_cancelled_and_resumed_ends_as_one_that_never_stopped() {
    let criteria = "solving = 1 and not fallback";
    let (from, to) = (7000u64, 7000 + 2 * SEARCH_BATCH + 300);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let c = parse_criteria(criteria).unwrap();

    // One that never stopped.
    let mut straight = Catalog::in_memory().unwrap();
    let s = straight
        .begin_search(&v1(), &c, SummaryKind::Fast, from, to)
        .unwrap();
    straight
        .run_search(&v1(), s.id, &AtomicBool::new(false), |_| {})
        .unwrap();
    let expected = outcome(&straight, s.id);
    assert!(!expected.0.is_empty());
    assert_eq!(expected.2.seeds(), to - from);

    // Stopped after its first batch, with that batch's seeds decided.
    let id = {
        let mut cat = Catalog::open(&path).unwrap().catalog;
        let s = cat
            .begin_search(&v1(), &c, SummaryKind::Fast, from, to)
            .unwrap();
        let cancel = AtomicBool::new(false);
        let end = cat
            .run_search(&v1(), s.id, &cancel, |p| {
                if p.next > from {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
        assert_eq!(end, ScanEnd::Cancelled);
        let stopped = cat.search(s.id).unwrap();
        assert_eq!(stopped.state, ScanState::Cancelled);
        assert_eq!(stopped.next, from + SEARCH_BATCH);
        assert_eq!(stopped.decided.seeds(), SEARCH_BATCH);
        assert_eq!(stopped.totals, Totals::default());
        s.id
    };

    // Asked again (another connection, as after a restart): continued to the end.
    let mut cat = Catalog::open(&path).unwrap().catalog;
    let again = cat
        .begin_search(&v1(), &c, SummaryKind::Fast, from, to)
        .unwrap();
    assert_eq!(again.id, id);
    let end = cat
        .run_search(&v1(), id, &AtomicBool::new(false), |_| {})
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    assert_eq!(outcome(&cat, id), expected);
    // The batch step over the whole range counts the same.
    let (mut totals, mut decided) = (Totals::default(), Decided::default());
    let found = search_batch(
        &v1(),
        &c,
        SummaryKind::Fast,
        from..to,
        &mut totals,
        &mut decided,
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(decided, expected.2);
    assert_eq!(found.iter().map(|r| r.seed).collect::<Vec<_>>(), expected.0);
}

#[test]
fn migration_6_keeps_every_search_of_a_version_5_file_as_a_full_one() {
    let criteria = "walls = 4";
    let (from, to) = (900u64, 900 + SEARCH_BATCH + 200);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let c = parse_criteria(criteria).unwrap();
    // A version 5 catalog: a search stopped after its first batch, a finished
    // one, a scan and a bookmark, without the columns migration 6 adds.
    let (stopped, finished) = {
        let mut cat = Catalog::open(&path).unwrap().catalog;
        let s = cat
            .begin_search(&v1(), &c, SummaryKind::Full, from, to)
            .unwrap();
        let cancel = AtomicBool::new(false);
        cat.run_search(&v1(), s.id, &cancel, |p| {
            if p.next > from {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
        let few = parse_criteria("solving <= 2").unwrap();
        let f = cat
            .begin_search(&v1(), &few, SummaryKind::Full, 0, 300)
            .unwrap();
        cat.run_search(&v1(), f.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        let scan = cat.begin_scan(&v1(), 0, 200).unwrap();
        cat.run_scan(&v1(), scan.id, &AtomicBool::new(false), |_| {})
            .unwrap();
        cat.add_bookmark(&v1(), 7, &BookmarkInput::default())
            .unwrap();
        (s.id, f.id)
    };
    let tables = ["seeds", "scans", "bookmarks", "searches", "search_matches"];
    let before = {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch(
            "DROP TABLE tallies; ALTER TABLE searches DROP COLUMN summary; \
             ALTER TABLE searches DROP COLUMN decided; PRAGMA user_version = 5;",
        )
        .unwrap();
        dump(&raw, &tables, "*")
    };
    assert_eq!(
        before.iter().filter(|l| l.starts_with("searches:")).count(),
        2
    );
    assert!(before.iter().any(|l| l.starts_with("search_matches:")));

    let mut cat = Catalog::open(&path).unwrap().catalog;
    assert_eq!(cat.schema_version().unwrap(), SCHEMA_VERSION);
    let raw = rusqlite::Connection::open(&path).unwrap();
    // Every column but the two new ones.
    let mut after = dump(&raw, &tables[..3], "*");
    after.extend(dump(
        &raw,
        &["searches"],
        "id, criteria, rules_id, from_seed, to_seed, next_seed, matches, state, totals, \
         created_at, lease_owner, lease_until",
    ));
    after.extend(dump(&raw, &["search_matches"], "*"));
    assert_eq!(before, after, "every row of version 5 is kept as it was");
    // The migrated searches are full ones, with nothing decided.
    for s in cat.searches().unwrap() {
        assert_eq!(s.summary, SummaryKind::Full);
        assert_eq!(s.decided, Decided::default());
    }
    assert_eq!(cat.search(finished).unwrap().state, ScanState::Done);

    // The stopped one continues (as a full search) to what an uninterrupted one
    // finds; a fast search of the same criteria and range is another one.
    assert_ne!(
        cat.begin_search(&v1(), &c, SummaryKind::Fast, from, to)
            .unwrap()
            .id,
        stopped
    );
    assert_eq!(
        cat.begin_search(&v1(), &c, SummaryKind::Full, from, to)
            .unwrap()
            .id,
        stopped
    );
    let end = cat
        .run_search(&v1(), stopped, &AtomicBool::new(false), |_| {})
        .unwrap();
    assert_eq!(end, ScanEnd::Done);
    let (seeds, totals) = plain(criteria, from as u32, to as u32);
    assert_eq!(
        outcome(&cat, stopped),
        (
            seeds.clone(),
            totals,
            Decided::default(),
            seeds.len() as u64
        )
    );
}
