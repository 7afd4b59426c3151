//! The catalog views under rules other than the default ones: scans, the seeds
//! browser, statistics, bookmarks, the calendar and thumbnails all read and write
//! under the rules they are asked under (the studio passes the rules in force),
//! and two scans of one range under two rule sets are two items, never one.

use std::collections::BTreeSet;
use std::sync::Arc;

use contraption::{generate, GenerateOptions, ValidRules};
use contraption_catalog::{BookmarkInput, ScanEnd};
use studio_core::catalog::{self, CatalogState, SeedRequest};
use studio_core::jobs::Jobs;

/// A 72-placement sweep (3 × 6 × 4) and 5 attempts: figures a view that assumed
/// the default rules (144, 40) would get wrong.
fn custom() -> ValidRules {
    let mut r = ValidRules::default().rules().clone();
    r.generator.max_attempts = 5;
    r.sweep.xs = vec![15.0, 43.0, 71.0];
    ValidRules::new(r).unwrap()
}

fn open() -> (tempfile::TempDir, CatalogState) {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    (dir, state)
}

#[test]
fn two_scans_of_one_range_under_two_rule_sets_are_two_scans_each_under_its_rules() {
    let (_dir, state) = open();
    let jobs = Arc::new(Jobs::default());
    let (v1, b) = (ValidRules::default(), custom());
    assert_eq!(b.rules().sweep.xs.len() * 6 * 4, 72);
    let out = catalog::run_scan(&state, &jobs, &v1, 0, 200, |_| {}).unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    let out = catalog::run_scan(&state, &jobs, &b, 0, 200, |_| {}).unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    assert_eq!(out.scanned, 200, "the other rules' rows were not reused");

    let info = state.info(&b).unwrap();
    assert_eq!(info.rules_id, b.id());
    assert_eq!(info.rules_name, b.name());
    assert_eq!(info.seeds, 200, "only the rows of the rules asked under");
    assert_eq!(info.all_rows, 400, "both rule sets' rows");
    // One range, two scans: what identifies a scan is its rules and its range.
    assert_eq!(info.scans.len(), 2);
    let keys: BTreeSet<_> = info
        .scans
        .iter()
        .map(|s| (s.rules_id.clone(), s.from, s.to))
        .collect();
    assert_eq!(keys.len(), 2);
    assert!(keys.contains(&(v1.id().to_string(), 0, 200)));
    assert!(keys.contains(&(b.id().to_string(), 0, 200)));
    assert_eq!(state.info(&v1).unwrap().seeds, 200);
    assert_eq!(state.info(&v1).unwrap().rules_name, "v1");
}

#[test]
fn the_browser_and_statistics_show_the_rows_of_the_rules_asked_under() {
    let (_dir, state) = open();
    let jobs = Arc::new(Jobs::default());
    let b = custom();
    catalog::run_scan(&state, &jobs, &b, 0, 300, |_| {}).unwrap();
    let req = SeedRequest {
        limit: 1000,
        ..SeedRequest::default()
    };
    // Nothing under the default rules: the rows of other rules are not shown as theirs.
    assert_eq!(
        catalog::query(&state, &ValidRules::default(), &req)
            .unwrap()
            .total,
        0
    );
    let page = catalog::query(&state, &b, &req).unwrap();
    assert_eq!(page.total, 300);
    for row in &page.rows {
        let want = contraption::summarize(&b, row.seed);
        assert_eq!(row.attempts, want.attempts, "seed {}", row.seed);
        assert!(
            row.attempts <= 5,
            "seed {}: {} attempts",
            row.seed,
            row.attempts
        );
        assert!(row.solving <= 72, "seed {}", row.seed);
    }
    let stats = catalog::stats(&state, &b, "").unwrap();
    assert_eq!(stats.seeds, 300);
    assert_eq!(
        catalog::stats(&state, &ValidRules::default(), "")
            .unwrap()
            .seeds,
        0
    );
}

#[test]
fn bookmarks_are_added_and_checked_under_the_rules_asked_under() {
    let (_dir, state) = open();
    let (v1, b) = (ValidRules::default(), custom());
    let mark = catalog::add_bookmark(&state, &b, 42, &BookmarkInput::default()).unwrap();
    assert_eq!(mark.rules_id, b.id());
    // The same seed under the default rules is another bookmark.
    catalog::add_bookmark(&state, &v1, 42, &BookmarkInput::default()).unwrap();
    let checks = catalog::check_bookmarks(&state, &b).unwrap();
    assert_eq!(
        checks.len(),
        1,
        "only the bookmarks of the rules in force are checked"
    );
}

#[test]
fn the_calendar_and_thumbnails_are_the_levels_of_the_rules_asked_under() {
    let b = custom();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 7, 28).unwrap();
    let m = catalog::calendar_month(&b, 2026, 7, today).unwrap();
    assert_eq!(m.rules_id, b.id());
    assert_eq!(m.rules_name, b.name());
    for day in &m.days {
        let want = generate(&b, day.entry.seed, &GenerateOptions::game());
        assert_eq!(day.world, want.shipped.world, "{}", day.entry.key);
        assert!(day.entry.summary.attempts <= 5, "{}", day.entry.key);
    }
    let v1 = catalog::calendar_month(&ValidRules::default(), 2026, 7, today).unwrap();
    assert_eq!(v1.rules_name, "v1");
    assert_ne!(
        v1.days.iter().map(|d| &d.world).collect::<Vec<_>>(),
        m.days.iter().map(|d| &d.world).collect::<Vec<_>>(),
        "the month differs under the two rule sets"
    );

    let seeds: Vec<u32> = (0..40).collect();
    for t in catalog::thumbnails(&b, &seeds).unwrap() {
        let want = generate(&b, t.seed, &GenerateOptions::game());
        assert_eq!(t.world, want.shipped.world, "seed {}", t.seed);
    }
}

#[test]
fn a_scan_is_listed_as_held_while_it_runs_and_not_once_it_stopped() {
    let (_dir, state) = open();
    let jobs = Arc::new(Jobs::default());
    let b = custom();
    let mut seen_held = Vec::new();
    let out = catalog::run_scan(&state, &jobs, &b, 0, 1024, |e| {
        if let catalog::ScanEvent::Progress { .. } = e {
            let info = state.info(&b).unwrap();
            seen_held.push(info.held_scans.clone());
            for id in jobs.running() {
                jobs.cancel(id);
            }
        }
    })
    .unwrap();
    assert_eq!(out.end, ScanEnd::Cancelled);
    assert_eq!(
        seen_held,
        [vec![out.scan_id]],
        "running: held by this runner"
    );
    let info = state.info(&b).unwrap();
    assert!(info.held_scans.is_empty(), "stopped: nobody holds it");
    assert_eq!(
        info.scans[0].state,
        contraption_catalog::ScanState::Cancelled
    );
}
