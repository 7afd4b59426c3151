//! The A/B over a seed range without a window: both sides scanned into a real
//! catalog (reused when stored, cancelled and resumed), compared with the
//! engine's figures, the changed seeds, bookmarks and upcoming days.

use std::sync::Arc;

use contraption::{summarize, Totals, ValidRules};
use contraption_catalog::{BookmarkInput, ScanEnd};
use studio_core::ab::{self, AbEvent, AbRules, AbSide};
use studio_core::catalog::{CatalogState, CatalogViewError, ScanEvent};
use studio_core::jobs::Jobs;
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::DraftStore;

fn one_attempt() -> ValidRules {
    let mut r = ValidRules::default().rules().clone();
    r.generator.max_attempts = 1;
    ValidRules::new(r).unwrap()
}

#[test]
fn both_sides_are_scanned_then_reused_and_compared() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let jobs = Arc::new(Jobs::default());
    let (a, b) = (ValidRules::default(), one_attempt());
    let mut events = Vec::new();
    let out = ab::run_ab(&state, &jobs, &a, &b, 0, 300, |e| events.push(e)).unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    assert!(out.reused.is_empty());
    let sides: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            AbEvent::Side { side, reused, .. } => Some((*side, *reused)),
            _ => None,
        })
        .collect();
    assert_eq!(sides, [(AbSide::A, false), (AbSide::B, false)]);
    assert!(events.iter().any(|e| matches!(
        e,
        AbEvent::Scan {
            side: AbSide::B,
            scan: ScanEvent::Finished { done: 300, .. }
        }
    )));
    assert_eq!(ab::stored(&state, &b, 0, 300).unwrap(), 300);

    // Run again: both sides are in the catalog, nothing is scanned.
    let mut again = Vec::new();
    let out = ab::run_ab(&state, &jobs, &a, &b, 0, 300, |e| again.push(e)).unwrap();
    assert_eq!(out.reused, [AbSide::A, AbSide::B]);
    assert!(again.iter().all(|e| matches!(e, AbEvent::Side { .. })));
    // A sub-range is stored too.
    let out = ab::run_ab(&state, &jobs, &a, &b, 100, 200, |_| {}).unwrap();
    assert_eq!(out.reused, [AbSide::A, AbSide::B]);

    // The comparison is the engine's, straight from the rows.
    let report = ab::report(&state, &a, &b, 0, 300).unwrap();
    let mut ta = Totals::default();
    let mut tb = Totals::default();
    let mut changed = Vec::new();
    for seed in 0..300 {
        let (x, y) = (summarize(&a, seed), summarize(&b, seed));
        ta.add(&x);
        tb.add(&y);
        if x.level_hash != y.level_hash {
            changed.push(seed);
        }
    }
    let f = &report.figures;
    assert_eq!(f.seeds, 300);
    assert_eq!(f.a.fallback_rate, ta.summary().fallback_rate);
    assert_eq!(f.b.fallback_rate, tb.summary().fallback_rate);
    assert!(f.b.fallback_rate > f.a.fallback_rate);
    assert_eq!(f.changed, changed.len() as u64);
    assert_eq!(
        report.changed.iter().map(|c| c.seed).collect::<Vec<_>>(),
        changed
    );
    assert!(report
        .changed
        .iter()
        .all(|c| c.a.level_hash != c.b.level_hash && c.a.seed == c.seed));
    assert_eq!(report.a.rules_id, a.id());
    assert_eq!(report.b.rules_id, b.id());
}

#[test]
fn a_cancelled_run_resumes_and_an_unscanned_range_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let jobs = Arc::new(Jobs::default());
    let (a, b) = (ValidRules::default(), one_attempt());
    let err = ab::report(&state, &a, &b, 0, 600).unwrap_err();
    assert!(matches!(
        err,
        CatalogViewError::NotScanned {
            stored: 0,
            total: 600,
            ..
        }
    ));
    // Cancel after the first committed chunk of A.
    let j = jobs.clone();
    let out = ab::run_ab(&state, &jobs, &a, &b, 0, 600, |e| {
        if let AbEvent::Scan {
            scan: ScanEvent::Progress { job, .. },
            ..
        } = e
        {
            j.cancel(job);
        }
    })
    .unwrap();
    assert_eq!(out.end, ScanEnd::Cancelled);
    let kept = ab::stored(&state, &a, 0, 600).unwrap();
    assert!(kept > 0 && kept < 600, "{kept}");
    assert!(ab::report(&state, &a, &b, 0, 600).is_err());
    let mut resumed = false;
    let out = ab::run_ab(&state, &jobs, &a, &b, 0, 600, |e| {
        if let AbEvent::Scan {
            side: AbSide::A,
            scan: ScanEvent::Started { resumed: r, .. },
        } = e
        {
            resumed = r;
        }
    })
    .unwrap();
    assert_eq!(out.end, ScanEnd::Done);
    assert!(resumed);
    assert_eq!(
        ab::report(&state, &a, &b, 0, 600).unwrap().figures.seeds,
        600
    );
    // Bad ranges change nothing.
    assert!(matches!(
        ab::run_ab(&state, &jobs, &a, &b, 5, 5, |_| {}),
        Err(CatalogViewError::InvalidRange { .. })
    ));
}

#[test]
fn bookmarks_and_upcoming_days_that_would_change() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let (a, b) = (ValidRules::default(), one_attempt());
    // A seed whose level changes under a one-attempt cap, and one that does not.
    let changes = (0..300)
        .find(|&s| summarize(&a, s).level_hash != summarize(&b, s).level_hash)
        .unwrap();
    let stays = (0..300)
        .find(|&s| summarize(&a, s).level_hash == summarize(&b, s).level_hash)
        .unwrap();
    for seed in [changes, stays] {
        state
            .with(|c| c.add_bookmark(&a, seed, &BookmarkInput::default()))
            .unwrap();
    }
    let today = chrono::NaiveDate::from_ymd_opt(2026, 7, 28).unwrap();
    let w = ab::would_change(&state, &a, &b, today).unwrap();
    assert_eq!(w.bookmarks_checked, 2);
    assert_eq!(
        w.bookmarks.iter().map(|m| m.seed).collect::<Vec<_>>(),
        [changes]
    );
    assert_eq!(w.days_checked, ab::UPCOMING_DAYS);
    for d in &w.days {
        assert_eq!(
            d.seed,
            contraption::daily_seed(
                chrono::NaiveDate::parse_from_str(&d.date, "%Y-%m-%d").unwrap()
            )
        );
        assert_ne!(d.a_hash, d.b_hash);
    }
    let expected = today
        .iter_days()
        .take(ab::UPCOMING_DAYS as usize)
        .filter(|&d| {
            let s = contraption::daily_seed(d);
            summarize(&a, s).level_hash != summarize(&b, s).level_hash
        })
        .count();
    assert_eq!(w.days.len(), expected);
    // The same rules change nothing.
    let same = ab::would_change(&state, &a, &a, today).unwrap();
    assert!(same.bookmarks.is_empty() && same.days.is_empty());
}

#[test]
fn sides_resolve_to_the_rules_in_force_the_draft_or_the_default() {
    let dir = tempfile::tempdir().unwrap();
    let book = RulesBook::default();
    let draft = DraftStore::open(&dir.path().join("draft.json"), &book.in_force());
    draft.set(one_attempt()).unwrap();
    assert_eq!(
        ab::resolve(AbRules::Draft, &book, &draft).id(),
        one_attempt().id()
    );
    assert_eq!(
        ab::resolve(AbRules::InForce, &book, &draft).id(),
        ValidRules::default().id()
    );
    book.apply(one_attempt(), None);
    assert_eq!(
        ab::resolve(AbRules::InForce, &book, &draft).id(),
        one_attempt().id()
    );
    assert_eq!(
        ab::resolve(AbRules::Default, &book, &draft).id(),
        ValidRules::default().id()
    );
    let thumbs = studio_core::catalog::thumbnails(&one_attempt(), &[1, 2]).unwrap();
    assert_eq!(thumbs.len(), 2);
    assert!(studio_core::catalog::thumbnails(&one_attempt(), &[0; 257]).is_err());
}

#[test]
fn the_comparison_is_written_as_the_engines_csv() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let jobs = Arc::new(Jobs::default());
    let (a, b) = (ValidRules::default(), one_attempt());
    let out = dir.path().join("cmp.csv");
    // Not scanned yet: refused, nothing written.
    assert!(ab::write_csv(&state, &a, &b, 0, 50, &out).is_err());
    assert!(!out.exists());
    ab::run_ab(&state, &jobs, &a, &b, 0, 50, |_| {}).unwrap();
    std::fs::write(&out, "old").unwrap();
    assert_eq!(ab::write_csv(&state, &a, &b, 0, 50, &out).unwrap(), 50);
    let mut expected = format!("{}\n", contraption::compare::CSV_HEADER);
    for seed in 0..50 {
        expected.push_str(&contraption::compare::csv_line(
            &summarize(&a, seed),
            &summarize(&b, seed),
        ));
        expected.push('\n');
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    // A directory is not replaced.
    assert!(ab::write_csv(&state, &a, &b, 0, 50, dir.path()).is_err());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}
