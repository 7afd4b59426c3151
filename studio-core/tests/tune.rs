//! The Tune view without a window: targets checked with their place, a tune as
//! a job over a real catalog (progress, the known answer, nothing computed twice
//! when run again, resumed after a cancel or after a restart), a tuned rule set
//! made the draft and saved as a rules file, what each rule does (its tornado
//! against fresh tallies, PNG and CSV), and one run at a time.

use std::cell::Cell;
use std::sync::Arc;

use contraption::{summarize, FigureName, SideTotals, ValidRules};
use studio_core::catalog::CatalogState;
use studio_core::jobs::Jobs;
use studio_core::rules_book::{read_rules_file, RulesBook};
use studio_core::rules_draft::DraftStore;
use studio_core::tune::{
    self, chart_bytes, ChartFormat, FieldBounds, SeedSpan, TuneEvent, TuneRequest, TuneResult,
    TuneSession, TuneViewError, WhatChart, WhatRequest, WhatResult,
};

fn request(budget: u32) -> TuneRequest {
    TuneRequest {
        targets: "fallback_rate >= 0.2 and mean_walls >= 1".into(),
        vary: vec![FieldBounds {
            field: "generator.max_attempts".into(),
            lo: 1.0,
            hi: 40.0,
        }],
        seeds: SeedSpan { from: 0, to: 120 },
        holdout: Some(SeedSpan {
            from: 5000,
            to: 5060,
        }),
        budget,
    }
}

/// What two results of the same request must share (not the job, clock or counts).
fn found(r: &TuneResult) -> (u32, bool, Vec<(String, Option<f64>)>) {
    let best = r
        .best
        .iter()
        .map(|b| {
            (
                b.rules_id.clone(),
                b.candidate.score.as_ref().map(|s| s.score),
            )
        })
        .collect();
    (r.candidates, r.cancelled, best)
}

fn figures(rules: &ValidRules, from: u32, to: u32) -> contraption::SideFigures {
    let mut t = SideTotals::default();
    for s in from..to {
        t.add(&summarize(rules, s));
    }
    t.figures()
}

#[test]
fn targets_are_checked_with_their_place_in_characters() {
    let v1 = ValidRules::default();
    let ok = tune::check_targets("fallback_rate<=0.1 and mean_walls in 2..6", &v1).unwrap();
    assert_eq!(ok.targets, ["fallback_rate <= 0.1", "mean_walls in 2..6"]);
    let Err(TuneViewError::BadTargets { at, message }) =
        tune::check_targets("mean_walls >= 4 and é", &v1)
    else {
        panic!("refused");
    };
    assert_eq!(at, 20, "{message}");
    assert!(!message.is_empty());
    let fields = tune::tune_fields(&v1);
    let g = fields
        .iter()
        .find(|f| f.field == "generator.max_attempts")
        .unwrap();
    assert!(g.whole && g.value == 40.0);
}

#[test]
fn a_tune_streams_progress_finds_the_answer_and_computes_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.sqlite3");
    let (state, jobs, session) = (
        CatalogState::open(&path),
        Arc::new(Jobs::default()),
        TuneSession::default(),
    );
    let v1 = ValidRules::default();
    let mut events = Vec::new();
    let first = tune::run_tune(&session, &state, &jobs, &v1, &request(14), |e| {
        events.push(e)
    })
    .unwrap();
    assert!(matches!(events[0], TuneEvent::Started { budget: 14, .. }));
    let tried: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            TuneEvent::Candidate {
                candidate,
                progress,
                ..
            } => Some((candidate.clone(), progress.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(tried.len() as u32, first.candidates);
    assert!(tried
        .iter()
        .enumerate()
        .all(|(i, (c, p))| p.done as usize == i + 1
            && c.index as usize == i
            && p.per_second > 0.0));
    assert_eq!(
        tried.last().unwrap().1.eta_seconds,
        Some(f64::from(14 - first.candidates) / tried.last().unwrap().1.per_second)
    );
    // The known answer: few attempts make fallbacks; its figures are a fresh tally's.
    let best = &first.best[0];
    let rules = contraption::ValidRules::new(best.rules.clone()).unwrap();
    let e = best.candidate.evaluation.as_ref().unwrap();
    assert!(e.figures.fallback_rate >= 0.2, "{e:?}");
    assert_eq!(e.figures, figures(&rules, 0, 120));
    assert_eq!(
        best.holdout.as_ref().unwrap().evaluation.figures,
        figures(&rules, 5000, 5060)
    );
    assert_eq!(
        first.start_evaluation.as_ref().unwrap().figures,
        figures(&v1, 0, 120)
    );
    assert!(best
        .diff
        .iter()
        .any(|d| d.field == "generator.max_attempts"));
    assert!(first.computed > 0 && first.best.len() <= 5);

    // Again, and after a restart: every tally from the catalog.
    let again = tune::run_tune(&session, &state, &jobs, &v1, &request(14), |_| {}).unwrap();
    assert_eq!((again.computed, found(&again)), (0, found(&first)));
    drop(state);
    let reopened = CatalogState::open(&path);
    let restarted = tune::run_tune(&session, &reopened, &jobs, &v1, &request(14), |_| {}).unwrap();
    assert_eq!((restarted.computed, found(&restarted)), (0, found(&first)));
    assert!(restarted.from_catalog >= first.computed);
}

#[test]
fn a_cancelled_tune_resumed_equals_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let whole = {
        let other = tempfile::tempdir().unwrap();
        let state = CatalogState::open(&other.path().join("c.sqlite3"));
        tune::run_tune(
            &TuneSession::default(),
            &state,
            &Arc::new(Jobs::default()),
            &ValidRules::default(),
            &request(12),
            |_| {},
        )
        .unwrap()
    };
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let (jobs, session) = (Arc::new(Jobs::default()), TuneSession::default());
    let seen = Cell::new(0);
    let cut = tune::run_tune(
        &session,
        &state,
        &jobs,
        &ValidRules::default(),
        &request(12),
        |e| {
            if let TuneEvent::Candidate { job, .. } = e {
                seen.set(seen.get() + 1);
                if seen.get() == 4 {
                    assert!(jobs.cancel(job));
                }
            }
        },
    )
    .unwrap();
    assert!(
        cut.cancelled && cut.candidates < whole.candidates,
        "{} of {}",
        cut.candidates,
        whole.candidates
    );
    let resumed = tune::run_tune(
        &session,
        &state,
        &jobs,
        &ValidRules::default(),
        &request(12),
        |_| {},
    )
    .unwrap();
    assert_eq!(found(&resumed), found(&whole));
    assert_eq!(resumed.computed + cut.computed, whole.computed);
}

#[test]
fn a_tuned_rule_set_becomes_the_draft_or_a_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let (jobs, session) = (Arc::new(Jobs::default()), TuneSession::default());
    let v1 = ValidRules::default();
    assert!(matches!(
        session.tuned(1),
        Err(TuneViewError::NoTunedRules { rank: 1, found: 0 })
    ));
    let out = tune::run_tune(&session, &state, &jobs, &v1, &request(6), |_| {}).unwrap();
    let book = RulesBook::new(v1.clone(), None);
    let draft = DraftStore::open(&dir.path().join("draft.json"), &v1);
    let shown = tune::tuned_to_draft(&session, &draft, &book, 1).unwrap();
    assert_eq!(shown.draft.rules_id, out.best[0].rules_id);
    assert_eq!(shown.diff, out.best[0].diff);
    let file = dir.path().join("tuned.json");
    tune::save_tuned(&session, 1, &file).unwrap();
    assert_eq!(read_rules_file(&file).unwrap().id(), out.best[0].rules_id);
    let past = out.best.len() as u32 + 1;
    assert!(matches!(
        tune::tuned_to_draft(&session, &draft, &book, past),
        Err(studio_core::StudioError::Tune(
            TuneViewError::NoTunedRules { .. }
        ))
    ));
}

#[test]
fn the_tornado_is_fresh_tallies_at_the_stepped_values_and_saves_as_png_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let (jobs, session) = (Arc::new(Jobs::default()), TuneSession::default());
    let v1 = ValidRules::default();
    let chart = WhatChart::Tornado {
        figure: FigureName::MeanSolving,
    };
    assert!(matches!(
        chart_bytes(&session, chart, ChartFormat::Png),
        Err(TuneViewError::NoChart { .. })
    ));
    let req = WhatRequest::Tornado {
        fields: vec![
            FieldBounds {
                field: "generator.max_attempts".into(),
                lo: 1.0,
                hi: 60.0,
            },
            FieldBounds {
                field: "walls.count.max".into(),
                lo: 1.0,
                hi: 10.0,
            },
        ],
        step: 0.1,
        seeds: SeedSpan { from: 0, to: 60 },
    };
    let mut progress = 0;
    let out = tune::run_what(&session, &state, &jobs, &v1, &req, |_| progress += 1).unwrap();
    let WhatResult::Tornado {
        sensitivity: s,
        orders,
        ..
    } = out
    else {
        panic!("a tornado")
    };
    assert_eq!(progress, 1 + 4, "started, then one per step");
    assert_eq!(orders.len(), FigureName::ALL.len());
    let o = orders
        .iter()
        .find(|o| o.figure == FigureName::MeanSolving)
        .unwrap();
    assert_eq!(
        o.order,
        s.tornado(FigureName::MeanSolving)
            .into_iter()
            .map(|i| i as u32)
            .collect::<Vec<_>>()
    );
    let up = s.fields[0].up.as_ref().unwrap();
    assert_eq!(up.values[0].value, 44.0);
    let mut r = v1.rules().clone();
    r.generator.max_attempts = 44;
    assert_eq!(
        up.figures.as_ref().unwrap(),
        &figures(&ValidRules::new(r).unwrap(), 0, 60)
    );
    let png = chart_bytes(&session, chart, ChartFormat::Png).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let csv = String::from_utf8(chart_bytes(&session, chart, ChartFormat::Csv).unwrap()).unwrap();
    assert!(csv.starts_with("field,value,side,stepped_value,rules_id,refused,fallback_rate,"));
    assert_eq!(csv.lines().count(), 1 + 1 + 4);
    let file = dir.path().join("t.png");
    assert_eq!(
        tune::write_chart(&session, chart, ChartFormat::Png, &file)
            .unwrap()
            .bytes as usize,
        png.len()
    );
    // The curve was not run: nothing to save.
    assert!(matches!(
        chart_bytes(&session, WhatChart::Curve, ChartFormat::Csv),
        Err(TuneViewError::NoChart { .. })
    ));
}

#[test]
fn curves_and_random_rule_sets_and_one_run_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let (jobs, session) = (Arc::new(Jobs::default()), TuneSession::default());
    let v1 = ValidRules::default();
    let seeds = SeedSpan { from: 0, to: 40 };
    let field = FieldBounds {
        field: "generator.max_attempts".into(),
        lo: 1.0,
        hi: 9.0,
    };
    let mut busy = None;
    let curve = tune::run_what(
        &session,
        &state,
        &jobs,
        &v1,
        &WhatRequest::Curve {
            field: field.clone(),
            points: 5,
            seeds,
        },
        |_| {
            if busy.is_none() {
                busy = Some(
                    tune::run_tune(&session, &state, &jobs, &v1, &request(2), |_| {}).unwrap_err(),
                );
            }
        },
    )
    .unwrap();
    assert_eq!(busy, Some(TuneViewError::TuneBusy));
    let WhatResult::Curve { points, .. } = curve else {
        panic!("a curve")
    };
    let xs: Vec<f64> = points.iter().map(|p| p.values[0].value).collect();
    assert_eq!(xs, [1.0, 3.0, 5.0, 7.0, 9.0]);
    let random = tune::run_what(
        &session,
        &state,
        &jobs,
        &v1,
        &WhatRequest::Random {
            vary: vec![field],
            n: 6,
            sample_seed: 3,
            seeds,
        },
        |_| {},
    )
    .unwrap();
    let WhatResult::Random { points, start, .. } = random else {
        panic!("random rule sets")
    };
    assert_eq!(points.len(), 6);
    assert_eq!(start, figures(&v1, 0, 40));
    for c in [
        WhatChart::Curve,
        WhatChart::Random {
            x: FigureName::MeanWalls,
            y: FigureName::FallbackRate,
        },
    ] {
        assert_eq!(
            &chart_bytes(&session, c, ChartFormat::Png).unwrap()[..4],
            b"\x89PNG"
        );
    }
    // Refused inputs name what is wrong.
    let bad = WhatRequest::Curve {
        field: FieldBounds {
            field: "sweep.xs".into(),
            lo: 0.0,
            hi: 1.0,
        },
        points: 5,
        seeds,
    };
    assert!(matches!(
        tune::run_what(&session, &state, &jobs, &v1, &bad, |_| {}),
        Err(TuneViewError::TuneRefused { .. })
    ));
}
