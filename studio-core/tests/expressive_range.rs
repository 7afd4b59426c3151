//! The expressive range of a stored A/B range without a window: the exact joint
//! counts read from a real catalog equal those of the seeds' summaries, and the
//! PNG is the render crate's figure of them.

use std::sync::Arc;

use contraption::expressive_range::{Metric, RangeCounts};
use contraption::{summarize, ValidRules};
use studio_core::catalog::{CatalogState, CatalogViewError};
use studio_core::jobs::Jobs;
use studio_core::{ab, expressive_range, StudioError};

fn one_attempt() -> ValidRules {
    let mut r = ValidRules::default().rules().clone();
    r.generator.max_attempts = 1;
    ValidRules::new(r).unwrap()
}

#[test]
fn the_stored_range_counts_as_its_summaries_and_draws_their_figure() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let jobs = Arc::new(Jobs::default());
    let (a, b) = (ValidRules::default(), one_attempt());
    let (x, y) = (Metric::PreSolved, Metric::Solving);
    // Not scanned yet: refused, nothing written.
    let png = dir.path().join("range.png");
    assert!(matches!(
        expressive_range::range_report(&state, &a, &b, 0, 1200, x, y),
        Err(CatalogViewError::NotScanned { .. })
    ));
    assert!(expressive_range::write_range_png(&state, &a, &b, 0, 1200, x, y, &png).is_err());
    assert!(!png.exists());

    // More than one page of rows (1000 at a time).
    ab::run_ab(&state, &jobs, &a, &b, 0, 1200, |_| {}).unwrap();
    let report = expressive_range::range_report(&state, &a, &b, 0, 1200, x, y).unwrap();
    let mut expected = RangeCounts::new(x, y, a.rules(), b.rules());
    for seed in 0..1200 {
        expected.add(&summarize(&a, seed), &summarize(&b, seed));
    }
    assert_eq!(report.a_counts, expected.a.triples());
    assert_eq!(report.b_counts, expected.b.triples());
    assert_eq!((report.x, report.y), (expected.x, expected.y));
    assert_eq!((report.x.lo, report.x.hi), (0, 40));
    assert_eq!(report.a.rules_id, a.id());
    assert_eq!(report.a_counts.iter().map(|c| c[2]).sum::<u64>(), 1200);
    // One attempt: no seed under B has more than one preSolved rejection.
    assert!(report.b_counts.iter().all(|c| c[0] <= 1));
    assert!(report.a_counts.iter().any(|c| c[0] > 1));
    // A sub-range counts only its seeds.
    let sub = expressive_range::range_report(&state, &a, &b, 100, 300, x, y).unwrap();
    assert_eq!(sub.b_counts.iter().map(|c| c[2]).sum::<u64>(), 200);

    let figure = contraption_render::render_range_png(&contraption_render::RangeFigure {
        counts: &expected,
        a_name: a.name(),
        b_name: b.name(),
        from: 0,
        to: 1200,
    })
    .unwrap();
    assert_eq!(
        expressive_range::range_png(&state, &a, &b, 0, 1200, x, y).unwrap(),
        figure
    );
    std::fs::write(&png, "old").unwrap();
    let written = expressive_range::write_range_png(&state, &a, &b, 0, 1200, x, y, &png).unwrap();
    assert_eq!(std::fs::read(&png).unwrap(), figure);
    assert_eq!(written.bytes as usize, figure.len());
    // A directory is not replaced.
    let e =
        expressive_range::write_range_png(&state, &a, &b, 0, 1200, x, y, dir.path()).unwrap_err();
    assert!(matches!(e, StudioError::Exchange(_)), "{e:?}");
}
