//! The catalog commands without a window: scans stream progress, cancel and resume
//! into a real SQLite file; queries, stats and bookmarks go through the managed
//! state; the calendar and thumbnails are the engine's.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption::{
    Decided, GenerateOptions, GenerationReport, SeedSummary, SummaryKind, Totals, ValidRules,
};
use std::sync::Arc;

use contraption_catalog::{
    BookmarkInput, BookmarkQuery, CatalogError, ScanEnd, SortKey, SCAN_CHUNK,
};
use studio_core::catalog::{
    self, CatalogState, CatalogViewError, ScanEvent, SearchEvent, SearchTotals, SeedRequest,
    MAX_THUMBNAILS,
};
use studio_core::jobs::Jobs;
use studio_core::CommandError;

/// The engine's `generate` and `summarize` under the default rules.
fn generate(seed: u32, options: &GenerateOptions) -> GenerationReport {
    contraption::generate(&ValidRules::default(), seed, options)
}

/// The default rules, which every catalog view is asked under here unless a test says otherwise.
fn v1() -> ValidRules {
    ValidRules::default()
}

fn summarize(seed: u32) -> SeedSummary {
    contraption::summarize(&ValidRules::default(), seed)
}

fn temp_db(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn a_scan_streams_progress_and_stores_every_seed() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let state = CatalogState::open(&path);
    let mut events = Vec::new();
    let cancel = AtomicBool::new(false);
    let out =
        catalog::scan_under(&path, &v1(), 7, 1000, 1600, &cancel, |e| events.push(e)).unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    assert_eq!((out.done, out.total, out.scanned), (600, 600, 600));
    assert!(out.seeds_per_second > 0.0);
    assert!(matches!(
        events[0],
        ScanEvent::Started {
            job: 7,
            from: 1000,
            to: 1600,
            done: 0,
            total: 600,
            resumed: false,
            ..
        }
    ));
    let progress: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            ScanEvent::Progress {
                done,
                seeds_per_second,
                eta_seconds,
                ..
            } => {
                assert!(*seeds_per_second > 0.0);
                assert!(eta_seconds.unwrap() >= 0.0);
                Some(*done)
            }
            _ => None,
        })
        .collect();
    // One event per committed chunk of SCAN_CHUNK seeds.
    assert_eq!(progress, vec![SCAN_CHUNK, 2 * SCAN_CHUNK, 600]);
    assert!(matches!(
        events.last(),
        Some(ScanEvent::Finished { done: 600, .. })
    ));

    // The browser's connection sees the rows the scan's connection committed.
    let page = catalog::query(
        &state,
        &v1(),
        &SeedRequest {
            limit: 1000,
            ..SeedRequest::default()
        },
    )
    .unwrap();
    assert_eq!(page.total, 600);
    assert_eq!(page.rows[0], summarize(1000));
    assert_eq!(page.rows[599], summarize(1599));
    assert_eq!(state.info(&v1()).unwrap().seeds, 600);
    assert_eq!(state.info(&v1()).unwrap().scans.len(), 1);

    // Filters and sorting are the catalog's, checked against the engine's summaries.
    let hard = catalog::query(
        &state,
        &v1(),
        &SeedRequest {
            criteria: "solving <= 1".into(),
            search: None,
            sort: SortKey::Attempts,
            descending: true,
            offset: 0,
            limit: 1000,
        },
    )
    .unwrap();
    let expected = (1000..1600).filter(|&s| summarize(s).solving <= 1).count();
    assert_eq!(hard.total as usize, expected);
    assert!(hard.rows.windows(2).all(|w| w[0].attempts >= w[1].attempts));
    let stats = catalog::stats(&state, &v1(), "").unwrap();
    assert_eq!(stats.seeds, 600);
    assert_eq!(stats.placement_solves.len(), 144);
}

#[test]
fn a_cancelled_scan_resumes_where_it_stopped() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let cancel = AtomicBool::new(false);
    let mut chunks = 0;
    let out = catalog::scan_under(&path, &v1(), 1, 0, 1024, &cancel, |e| {
        if let ScanEvent::Progress { .. } = e {
            chunks += 1;
            // Stop after the second committed chunk.
            if chunks == 2 {
                cancel.store(true, Ordering::Relaxed);
            }
        }
    })
    .unwrap();
    assert_eq!(out.end, ScanEnd::Cancelled);
    assert_eq!(out.done, 2 * SCAN_CHUNK);

    let again = AtomicBool::new(false);
    let mut events = Vec::new();
    let out = catalog::scan_under(&path, &v1(), 2, 0, 1024, &again, |e| events.push(e)).unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    assert_eq!(out.scanned, 1024 - 2 * SCAN_CHUNK);
    assert!(matches!(
        events[0],
        ScanEvent::Started {
            resumed: true,
            done: 512,
            ..
        }
    ));
    let state = CatalogState::open(&path);
    assert_eq!(state.info(&v1()).unwrap().seeds, 1024);
    assert_eq!(state.info(&v1()).unwrap().scans.len(), 1);
}

#[test]
fn ranges_are_checked_and_one_scan_runs_at_a_time() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let cancel = AtomicBool::new(false);
    for (from, to) in [(5, 5), (9, 3), (0, (1 << 32) + 1)] {
        let err = catalog::scan_under(&path, &v1(), 1, from, to, &cancel, |_| {}).unwrap_err();
        assert_eq!(err, CatalogViewError::InvalidRange { from, to });
    }
    assert!(catalog::check_range(u32::MAX as u64, 1 << 32).is_ok());
    let state = CatalogState::open(&path);
    let slot = state.claim_scan(1).unwrap();
    assert_eq!(
        state.claim_scan(2).err(),
        Some(CatalogViewError::ScanRunning)
    );
    assert_eq!(state.scanning(), Some(1));
    drop(slot);
    assert_eq!(state.scanning(), None);
    let _slot = state.claim_scan(2).unwrap();

    // The command's path: a second scan while one runs is refused, and its job is
    // forgotten; the first still runs, and the slot is free once it ends.
    let jobs = Arc::new(Jobs::default());
    let err = catalog::run_scan(&state, &jobs, &v1(), 0, 10, |_| {}).unwrap_err();
    assert_eq!(err, CatalogViewError::ScanRunning);
    assert!(jobs.running().is_empty());
    drop(_slot);
    let mut seen_job = None;
    let out = catalog::run_scan(&state, &jobs, &v1(), 0, 10, |e| {
        if let ScanEvent::Started { job, .. } = e {
            seen_job = Some(job);
            assert_eq!(
                state.scanning(),
                Some(job),
                "the slot is held while scanning"
            );
        }
    })
    .unwrap();
    assert_eq!((out.end, out.done), (ScanEnd::Done, 10));
    assert_eq!(seen_job, Some(out.job));
    assert_eq!(state.scanning(), None);
    assert!(jobs.running().is_empty());
    assert_eq!(
        catalog::run_scan(&state, &jobs, &v1(), 10, 10, |_| {}).unwrap_err(),
        CatalogViewError::InvalidRange { from: 10, to: 10 }
    );
}

#[test]
fn a_running_scan_is_cancelled_through_its_job() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let state = CatalogState::open(&path);
    let jobs = Arc::new(Jobs::default());
    let out = catalog::run_scan(&state, &jobs, &v1(), 0, 4 * SCAN_CHUNK, |e| {
        if let ScanEvent::Progress { job, .. } = e {
            assert!(jobs.cancel(job));
        }
    })
    .unwrap();
    assert_eq!(out.end, ScanEnd::Cancelled);
    assert_eq!(out.done, SCAN_CHUNK, "stopped after the first chunk");
    assert!(jobs.running().is_empty());
}

#[test]
fn bookmarks_persist_across_restarts_and_check_the_level_hash() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let state = CatalogState::open(&path);
    let note = "<img src=x onerror=alert(1)> tricky";
    let b = catalog::add_bookmark(
        &state,
        &v1(),
        42,
        &BookmarkInput {
            note: note.into(),
            tags: vec!["hard".into(), "ramp".into()],
        },
    )
    .unwrap();
    assert_eq!(b.seed, 42);
    assert_eq!(
        b.note, note,
        "notes are stored as typed, never sanitised into HTML"
    );
    assert_eq!(
        b.level_hash,
        generate(42, &GenerateOptions::game()).shipped.level_hash
    );
    catalog::add_bookmark(
        &state,
        &v1(),
        7,
        &BookmarkInput {
            note: "seven".into(),
            tags: vec![],
        },
    )
    .unwrap();
    drop(state);

    // A new session on the same file.
    let state = CatalogState::open(&path);
    assert!(state.info(&v1()).unwrap().moved_aside.is_none());
    let all = catalog::bookmarks(&state, &BookmarkQuery::default()).unwrap();
    assert_eq!(all.len(), 2);
    let search = |text: &str| BookmarkQuery {
        search: Some(text.into()),
        ..BookmarkQuery::default()
    };
    assert_eq!(
        catalog::bookmarks(&state, &search("RAMP")).unwrap()[0].seed,
        42
    );
    // Several words: all must appear (note or tags).
    let found = catalog::bookmarks(&state, &search("tricky hard")).unwrap();
    assert_eq!(found.iter().map(|b| b.seed).collect::<Vec<_>>(), vec![42]);
    assert!(catalog::bookmarks(&state, &search("tricky seven"))
        .unwrap()
        .is_empty());
    // By tag, and by seed (what the UI asks to show "already bookmarked").
    let tag = BookmarkQuery {
        tag: Some("hard".into()),
        ..BookmarkQuery::default()
    };
    assert_eq!(catalog::bookmarks(&state, &tag).unwrap()[0].id, b.id);
    let of_seed = |seed| BookmarkQuery {
        seed: Some(seed),
        ..BookmarkQuery::default()
    };
    assert_eq!(
        catalog::bookmarks(&state, &of_seed(42)).unwrap()[0].id,
        b.id
    );
    assert!(catalog::bookmarks(&state, &of_seed(43)).unwrap().is_empty());
    // Bookmarking it again is refused, naming the existing bookmark.
    let again = catalog::add_bookmark(&state, &v1(), 42, &BookmarkInput::default()).unwrap_err();
    assert_eq!(
        again,
        CatalogViewError::Catalog {
            error: CatalogError::AlreadyBookmarked { seed: 42, id: b.id }
        }
    );
    let reply = serde_json::to_value(CommandError::from(again)).unwrap();
    assert_eq!(reply["error"]["kind"], "catalog");
    assert_eq!(reply["error"]["error"]["kind"], "already_bookmarked");
    assert_eq!(catalog::bookmarks(&state, &of_seed(42)).unwrap().len(), 1);
    let edited = catalog::update_bookmark(
        &state,
        b.id,
        &BookmarkInput {
            note: "edited".into(),
            tags: vec!["x".into()],
        },
    )
    .unwrap();
    assert_eq!((edited.note.as_str(), edited.tags.len()), ("edited", 1));
    let checks = catalog::check_bookmarks(&state, &v1()).unwrap();
    assert_eq!(checks.len(), 2);
    assert!(checks.iter().all(|c| !c.changed));
    catalog::delete_bookmark(&state, b.id).unwrap();
    let err = catalog::delete_bookmark(&state, b.id).unwrap_err();
    let reply = CommandError::from(err);
    let json = serde_json::to_value(&reply).unwrap();
    assert_eq!(json["error"]["kind"], "catalog");
    assert_eq!(json["error"]["error"]["kind"], "no_such_bookmark");
    assert_eq!(reply.message, format!("there is no bookmark {}", b.id));
}

#[test]
fn a_foreign_file_is_moved_aside_and_reported() {
    let (dir, path) = temp_db("catalog.sqlite3");
    std::fs::write(&path, b"this is a text file, not a catalog\n".repeat(200)).unwrap();
    let state = CatalogState::open(&path);
    let info = state.info(&v1()).unwrap();
    let aside = info.moved_aside.expect("the foreign file is moved aside");
    assert!(aside.ends_with("catalog.sqlite3.unusable-1"), "{aside}");
    assert!(info.reason.is_some());
    assert!(info.failure.is_none());
    assert_eq!(
        std::fs::read(dir.path().join("catalog.sqlite3.unusable-1")).unwrap(),
        b"this is a text file, not a catalog\n".repeat(200)
    );
    assert_eq!(info.seeds, 0);
}

#[test]
fn an_unopenable_catalog_fails_every_command_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    // A directory where the file should be: cannot be opened, must not be moved.
    let path = dir.path().join("catalog.sqlite3");
    std::fs::create_dir_all(path.join("inner")).unwrap();
    let state = CatalogState::open(&path);
    let info = state.info(&v1()).unwrap();
    assert!(info.failure.is_some());
    let err = catalog::bookmarks(&state, &BookmarkQuery::default()).unwrap_err();
    assert!(matches!(err, CatalogViewError::Unavailable { .. }));
    assert!(path.join("inner").is_dir(), "nothing was moved or deleted");
}

#[test]
fn calendar_months_are_the_engines_daily_seeds() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    let m = catalog::calendar_month(&v1(), 2026, 7, today).unwrap();
    assert_eq!(m.days.len(), 31);
    assert_eq!(m.first_weekday, 2, "1 July 2026 is a Wednesday");
    assert_eq!(m.today, "2026-11-30");
    let d = &m.days[27];
    assert_eq!(d.entry.key, "contraption:2026-7-28");
    assert_eq!(d.entry.seed, 176_112_159);
    assert_eq!(
        d.world,
        generate(176_112_159, &GenerateOptions::game())
            .shipped
            .world
    );
    assert_eq!(
        catalog::calendar_month(&v1(), 2026, 13, today).unwrap_err(),
        CatalogViewError::NoSuchMonth {
            year: 2026,
            month: 13
        }
    );
}

#[test]
fn thumbnails_are_shipped_worlds_and_bounded() {
    let t = catalog::thumbnails(&v1(), &[42, 1671]).unwrap();
    assert_eq!(t.len(), 2);
    assert_eq!(t[1].seed, 1671);
    assert_eq!(
        t[0].world,
        generate(42, &GenerateOptions::game()).shipped.world
    );
    let many: Vec<u32> = (0..=MAX_THUMBNAILS as u32).collect();
    assert!(matches!(
        catalog::thumbnails(&v1(), &many),
        Err(CatalogViewError::TooManyThumbnails { .. })
    ));
}

#[test]
fn statistics_cover_exactly_the_rows_the_browser_filters() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    catalog::scan_under(&path, &v1(), 1, 0, 700, &AtomicBool::new(false), |_| {}).unwrap();
    let state = CatalogState::open(&path);
    let sets = [
        "",
        "solving <= 3",
        "attempts > 1",
        "seed >= 100 and seed < 400 and walls != 3",
        "seed in 100..399 and not walls = 3",
        "fallback or all_pre_solved",
        "seed > 5000",
    ];
    for filters in sets {
        // The browser's query with the same filter list, every row of it.
        let mut rows = Vec::new();
        loop {
            let page = catalog::query(
                &state,
                &v1(),
                &SeedRequest {
                    criteria: filters.into(),
                    offset: rows.len() as u32,
                    limit: 1000,
                    ..SeedRequest::default()
                },
            )
            .unwrap();
            let total = page.total;
            rows.extend(page.rows);
            if rows.len() as u64 >= total {
                break;
            }
        }
        let stats = catalog::stats(&state, &v1(), filters).unwrap();
        assert_eq!(stats.seeds, rows.len() as u64, "{filters:?}");
        let count = |f: &dyn Fn(&contraption::SeedSummary) -> bool| {
            rows.iter().filter(|r| f(r)).count() as u64
        };
        assert_eq!(
            stats.accepted,
            count(&|r| r.shipped == contraption::ShippedKind::Accepted)
        );
        assert_eq!(
            stats.fallback,
            count(&|r| r.shipped != contraption::ShippedKind::Accepted)
        );
        let mut solving = std::collections::BTreeMap::<u64, u64>::new();
        for r in &rows {
            *solving.entry(u64::from(r.solving)).or_default() += 1;
        }
        let expected: Vec<[u64; 2]> = solving.into_iter().map(|(s, n)| [s, n]).collect();
        assert_eq!(stats.solving_histogram, expected);
        assert_eq!(
            stats.pre_solved_rejections,
            rows.iter().map(|r| u64::from(r.pre_solved)).sum::<u64>()
        );
        let mut attempts = std::collections::BTreeMap::<u64, u64>::new();
        for r in &rows {
            *attempts.entry(u64::from(r.attempts)).or_default() += 1;
        }
        let expected: Vec<[u64; 2]> = attempts.into_iter().map(|(a, n)| [a, n]).collect();
        assert_eq!(stats.attempts_histogram, expected);
        for (i, n) in stats.placement_solves.iter().enumerate() {
            let solving = count(&|r| {
                r.solving_mask
                    .get(i / 8)
                    .is_some_and(|b| b & (1 << (i % 8)) != 0)
            });
            assert_eq!(*n, solving, "placement {i}");
        }
    }
}

#[test]
fn criteria_are_the_engines_echoed_canonically_and_refused_with_a_place() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    catalog::scan_under(&path, &v1(), 1, 0, 300, &AtomicBool::new(false), |_| {}).unwrap();
    let state = CatalogState::open(&path);
    let ask = |text: &str| {
        catalog::query(
            &state,
            &v1(),
            &SeedRequest {
                criteria: text.into(),
                limit: 1000,
                ..SeedRequest::default()
            },
        )
    };
    // Ranges and `not` (issue 14: the browser's filters had neither).
    let page = ask("Walls IN 3..5 && !fallback").unwrap();
    assert_eq!(page.criteria, "walls in 3..5 and not fallback");
    let expected: Vec<u32> = (0..300)
        .filter(|&s| {
            let r = summarize(s);
            (3..=5).contains(&r.walls) && r.shipped != contraption::ShippedKind::Fallback
        })
        .collect();
    assert_eq!(
        page.rows.iter().map(|r| r.seed).collect::<Vec<_>>(),
        expected
    );
    assert_eq!(ask("").unwrap().criteria, "");
    assert_eq!(ask("").unwrap().total, 300);
    // The place is a character index, also after a multi-byte character.
    let err = ask("walls ≥ x").unwrap_err();
    assert_eq!(
        err,
        CatalogViewError::Criteria {
            at: 8,
            message: match contraption::parse_criteria("walls ≥ x") {
                Err(e) => e.message,
                Ok(_) => unreachable!(),
            },
        }
    );
    assert!(matches!(
        catalog::stats(&state, &v1(), "colour = 3"),
        Err(CatalogViewError::Criteria { at: 0, .. })
    ));
}

/// The matches and totals of `from..to` by the engine alone, seed by seed.
fn plain_search(criteria: &str, from: u32, to: u32) -> (Vec<u32>, contraption::Totals) {
    let c = contraption::parse_criteria(criteria).unwrap();
    let mut totals = contraption::Totals::default();
    let mut seeds = Vec::new();
    for s in from..to {
        let row = summarize(s);
        totals.add(&row);
        if c.matches(&row) {
            seeds.push(s);
        }
    }
    (seeds, totals)
}

#[test]
fn a_search_job_reports_progress_cancels_and_resumes_to_the_same_matches_and_totals() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let state = CatalogState::open(&path);
    let jobs = Arc::new(Jobs::default());
    let criteria = "walls in 3..5 and not fallback and solving <= 4";
    let (from, to) = (500u64, 500 + 3 * contraption_catalog::SEARCH_BATCH);

    // Refused before anything runs: bad criteria (with their place), bad ranges.
    assert!(matches!(
        catalog::run_search(&state, &jobs, &v1(), "walls in 5..", None, from, to, |_| {}),
        Err(CatalogViewError::Criteria { at: 12, .. })
    ));
    assert!(matches!(
        catalog::run_search(&state, &jobs, &v1(), criteria, None, 9, 9, |_| {}),
        Err(CatalogViewError::InvalidRange { .. })
    ));

    // Cancelled after its first batch (the flag a `cancel_job` sets).
    let cancel = AtomicBool::new(false);
    let mut events = Vec::new();
    let full = SummaryKind::Full;
    let first = catalog::search(&path, &v1(), 1, criteria, full, from, to, &cancel, |e| {
        if matches!(e, SearchEvent::Progress { .. }) {
            cancel.store(true, Ordering::Relaxed);
        }
        events.push(e);
    })
    .unwrap();
    assert_eq!(first.end, ScanEnd::Cancelled);
    assert!(matches!(
        &events[0],
        SearchEvent::Started { resumed: false, search, .. } if search.next == from
    ));
    let SearchEvent::Progress {
        done,
        total,
        seeds_per_second,
        eta_seconds,
        ..
    } = events[1].clone()
    else {
        panic!("{:?}", events[1]);
    };
    assert_eq!(
        (done, total),
        (contraption_catalog::SEARCH_BATCH, to - from)
    );
    assert!(seeds_per_second > 0.0 && eta_seconds.is_some());
    assert!(matches!(events.last(), Some(SearchEvent::Cancelled { .. })));
    assert_eq!(first.searched, contraption_catalog::SEARCH_BATCH);

    // Started again through the job runner: it continues, to the end.
    let mut events = Vec::new();
    let done = catalog::run_search(&state, &jobs, &v1(), criteria, Some(full), from, to, |e| {
        events.push(e)
    })
    .unwrap();
    assert_eq!(done.end, ScanEnd::Done);
    assert!(matches!(
        &events[0],
        SearchEvent::Started { resumed: true, .. }
    ));
    let progress: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Progress { done, .. } => Some(*done),
            _ => None,
        })
        .collect();
    let b = contraption_catalog::SEARCH_BATCH;
    assert_eq!(progress, [2 * b, 3 * b]);
    assert_eq!(done.searched, 2 * b);
    let (seeds, totals) = plain_search(criteria, from as u32, to as u32);
    assert!(!seeds.is_empty());
    assert_eq!(done.search.matches, seeds.len() as u64);
    assert_eq!(done.search.totals, SearchTotals::from(&totals));
    assert_eq!(
        (done.search.summary, done.search.decided),
        (SummaryKind::Full, Decided::default())
    );
    assert!(
        matches!(events.last(), Some(SearchEvent::Finished { search, .. }) if search == &done.search)
    );

    // The matches are in the catalog, and the browser shows just them.
    let mut rows = Vec::new();
    loop {
        let page = catalog::query(
            &state,
            &v1(),
            &SeedRequest {
                search: Some(done.search.id),
                offset: rows.len() as u32,
                limit: 1000,
                ..SeedRequest::default()
            },
        )
        .unwrap();
        let total = page.total;
        rows.extend(page.rows);
        if rows.len() as u64 >= total {
            break;
        }
    }
    assert_eq!(rows.iter().map(|r| r.seed).collect::<Vec<_>>(), seeds);
    let info = state.info(&v1()).unwrap();
    assert_eq!(info.searches.len(), 1);
    assert_eq!(info.searches[0], done.search);
    assert_eq!(info.seeds, seeds.len() as u64);
}

#[test]
fn a_search_is_fast_unless_asked_for_the_totals_with_the_same_matches() {
    let (_dir, path) = temp_db("catalog.sqlite3");
    let state = CatalogState::open(&path);
    let jobs = Arc::new(Jobs::default());
    let criteria = "walls in 3..5 and solving <= 3";
    let (from, to) = (9000u64, 9000 + contraption_catalog::SEARCH_BATCH + 900);
    let (seeds, totals) = plain_search(criteria, from as u32, to as u32);
    assert!(!seeds.is_empty());

    // The default: fast, every seed decided at one stage, no totals.
    let mut events = Vec::new();
    let fast = catalog::run_search(&state, &jobs, &v1(), criteria, None, from, to, |e| {
        events.push(e)
    })
    .unwrap();
    assert_eq!(fast.end, ScanEnd::Done);
    let s = &fast.search;
    assert_eq!(s.summary, SummaryKind::Fast);
    assert_eq!(s.matches, seeds.len() as u64);
    assert_eq!(s.decided.seeds(), to - from);
    assert!(s.decided.full >= s.matches, "{:?}", s.decided);
    assert_eq!(s.totals, SearchTotals::from(&Totals::default()));
    assert!(matches!(events.last(), Some(SearchEvent::Finished { search, .. }) if search == s));

    // Asked for the totals: another search, the same matches, the range's totals.
    let full = catalog::run_search(
        &state,
        &jobs,
        &v1(),
        criteria,
        Some(SummaryKind::Full),
        from,
        to,
        |_| {},
    )
    .unwrap();
    assert_ne!(full.search.id, fast.search.id);
    assert_eq!(full.search.summary, SummaryKind::Full);
    assert_eq!(full.search.matches, s.matches);
    assert_eq!(full.search.totals, SearchTotals::from(&totals));
    assert_eq!(full.search.decided, Decided::default());

    // Both list their kind; the stored matches are the same seeds.
    let info = state.info(&v1()).unwrap();
    let kinds: Vec<_> = info.searches.iter().map(|s| s.summary).collect();
    assert_eq!(kinds, [SummaryKind::Full, SummaryKind::Fast]);
    for id in [fast.search.id, full.search.id] {
        let page = catalog::query(
            &state,
            &v1(),
            &SeedRequest {
                search: Some(id),
                limit: 1000,
                ..SeedRequest::default()
            },
        )
        .unwrap();
        assert_eq!(page.total, seeds.len() as u64);
        let shown: Vec<u32> = page.rows.iter().map(|r| r.seed).collect();
        assert!(!shown.is_empty() && shown == seeds[..shown.len()]);
    }
}
