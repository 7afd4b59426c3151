//! The tuner: a tune whose answer is known, its figures against the comparison's,
//! the same bytes twice, a resumed tune equal to an uninterrupted one, the
//! preference among equal scores, refused rules and refused inputs.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption::{parse_targets, summarize, AbTotals, SeedRange, ValidRules};
use contraption_tune::{
    parse_vary, preference, tune, Candidate, Evaluator, MemoryStore, Outcome, TuneOutcome, TuneSpec,
};

fn spec(targets: &str, vary: &[&str], seeds: (u64, u64), budget: u32) -> TuneSpec {
    let start = ValidRules::default();
    TuneSpec {
        targets: parse_targets(targets, &start).unwrap(),
        vary: vary
            .iter()
            .map(|v| parse_vary(v, &start).unwrap())
            .collect(),
        seeds: SeedRange::new(seeds.0, seeds.1).unwrap(),
        holdout: Some(SeedRange::new(10_000, 10_200).unwrap()),
        budget,
        allow_slow: false,
        start,
    }
}

fn run(spec: &TuneSpec, store: &mut MemoryStore) -> (TuneOutcome, Vec<Candidate>) {
    let cancel = AtomicBool::new(false);
    let mut eval = Evaluator::new(&spec.targets, store, &cancel);
    let mut seen = Vec::new();
    let out = tune(spec, &mut eval, &mut |c, p| {
        assert_eq!(p.done as usize, seen.len() + 1);
        seen.push(c.clone());
    })
    .unwrap();
    (out, seen)
}

fn max_attempts(c: &Candidate) -> f64 {
    c.values
        .iter()
        .find(|v| v.field == "generator.max_attempts")
        .unwrap()
        .value
}

#[test]
fn a_tune_toward_many_fallbacks_finds_a_small_attempt_cap() {
    let s = spec(
        "fallback_rate >= 0.2",
        &["generator.max_attempts=1..40"],
        (0, 300),
        12,
    );
    let (out, tried) = run(&s, &mut MemoryStore::default());
    assert_eq!(out.candidates as usize, tried.len());
    assert!(tried.len() <= 12 && !out.cancelled);
    let best = &out.best[0];
    let Outcome::Scored { evaluation, score } = &best.candidate.outcome else {
        panic!("refused")
    };
    assert!(
        evaluation.figures.fallback_rate >= 0.2,
        "{}",
        evaluation.figures.fallback_rate
    );
    assert_eq!(score.score, 0.0);
    assert!(
        max_attempts(&best.candidate) <= 3.0,
        "{}",
        max_attempts(&best.candidate)
    );
    // The starting rules (40 attempts) rarely fall back: they miss the target.
    assert!(out.start.score().unwrap() > 0.0);
    // Among the rule sets that meet the target, the one that moves least wins.
    let met: Vec<&Candidate> = tried.iter().filter(|c| c.score() == Some(0.0)).collect();
    let most = met.iter().map(|c| max_attempts(c)).fold(0.0, f64::max);
    assert_eq!(
        max_attempts(&best.candidate),
        most,
        "fewer attempts than needed move further from 40"
    );
    assert_eq!(best.diff.len(), 1);
    assert_eq!(best.diff[0].field, "generator.max_attempts");
    // The best are in preference order, at most five, all distinct.
    assert!(out.best.len() <= 5);
    for w in out.best.windows(2) {
        assert!(preference(&w[0].candidate, &w[1].candidate).is_lt());
    }
    assert!(best.holdout.is_some() && out.start_holdout.is_some());
}

#[test]
fn the_best_rule_sets_figures_are_the_comparisons_on_the_same_seeds() {
    let s = spec(
        "mean_walls >= 4.5 and share(solving in 2..8) >= 0.5",
        &["walls.count.max=3..8", "generator.max_attempts=5..40"],
        (0, 200),
        10,
    );
    let (out, _) = run(&s, &mut MemoryStore::default());
    for b in &out.best {
        let mut ab = AbTotals::default();
        let rows: Vec<_> = (0..200)
            .map(|seed| (summarize(&b.rules, seed), summarize(&s.start, seed)))
            .collect();
        rows.iter().for_each(|(x, y)| {
            ab.add(x, y);
        });
        let Outcome::Scored { evaluation, .. } = &b.candidate.outcome else {
            panic!()
        };
        assert_eq!(evaluation.figures, ab.figures().a);
        let share = rows
            .iter()
            .filter(|(x, _)| (2..=8).contains(&x.solving))
            .count();
        assert_eq!(evaluation.shares[0].seeds, share as u64);
        let h = b.holdout.as_ref().unwrap();
        let mut hold = AbTotals::default();
        for seed in 10_000..10_200 {
            let x = summarize(&b.rules, seed);
            hold.add(&x, &x);
        }
        assert_eq!(h.evaluation.figures, hold.figures().a);
    }
}

#[test]
fn the_same_tune_twice_gives_the_same_bytes() {
    let s = spec(
        "mean_solving in 6..10 and fallback_rate <= 0.01",
        &["physics.gravity=100..400", "parts.ramp.length=10..30"],
        (0, 100),
        14,
    );
    let (a, ta) = run(&s, &mut MemoryStore::default());
    let (b, tb) = run(&s, &mut MemoryStore::default());
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert_eq!(
        serde_json::to_string(&ta).unwrap(),
        serde_json::to_string(&tb).unwrap()
    );
    assert_eq!(
        ta.len(),
        14,
        "a real-valued space has more points than the budget"
    );
    let mut ids: Vec<&str> = ta.iter().map(|c| c.rules_id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 14, "every candidate is a new rule set");
}

#[test]
fn a_resumed_tune_equals_an_uninterrupted_one_and_recomputes_nothing() {
    let s = spec(
        "mean_solving >= 9",
        &["physics.gravity=100..400", "generator.max_attempts=10..40"],
        (0, 100),
        12,
    );
    let (whole, tried) = run(&s, &mut MemoryStore::default());
    // Interrupted after five candidates.
    let mut store = MemoryStore::default();
    let cancel = AtomicBool::new(false);
    let mut eval = Evaluator::new(&s.targets, &mut store, &cancel);
    let part = tune(&s, &mut eval, &mut |_, p| {
        if p.done == 5 {
            cancel.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert!(part.cancelled);
    assert_eq!(part.candidates, 5);
    // Resumed from the tallies kept.
    let cancel = AtomicBool::new(false);
    let mut eval = Evaluator::new(&s.targets, &mut store, &cancel);
    let mut again = Vec::new();
    let resumed = tune(&s, &mut eval, &mut |c, _| again.push(c.clone())).unwrap();
    assert_eq!(
        eval.reused, 6,
        "the start and five candidates come from the store"
    );
    assert_eq!(
        serde_json::to_string(&resumed).unwrap(),
        serde_json::to_string(&whole).unwrap()
    );
    assert_eq!(again, tried);
}

#[test]
fn refused_rules_are_candidates_with_the_reason_and_never_the_best() {
    let s = spec("mean_walls >= 1", &["goal.x.min=0..100"], (0, 40), 8);
    let (out, tried) = run(&s, &mut MemoryStore::default());
    let refused: Vec<&Candidate> = tried.iter().filter(|c| c.score().is_none()).collect();
    assert!(
        !refused.is_empty(),
        "a goal range whose min passes its max is refused"
    );
    for c in &refused {
        let Outcome::Refused { reason } = &c.outcome else {
            unreachable!()
        };
        assert!(!reason.is_empty() && c.rules_id.is_empty());
    }
    assert!(out.best.iter().all(|b| b.candidate.score().is_some()));
}

#[test]
fn inputs_are_refused_with_a_reason() {
    let start = ValidRules::default();
    for (text, words) in [
        ("sweep.xs=0..10", "is a list"),
        ("goal.x=0..10", "vary its ends"),
        ("physics.gravit=1..2", "not a number of the rules"),
        ("generator.max_attempts=0..40", "may be from 1 to 1000"),
        ("generator.max_attempts=1.5..40", "whole number"),
        ("physics.gravity=300..200", "low bound must be below"),
        ("physics.gravity=1..x", "'x' in"),
        ("physics.gravity=12", "write FIELD=LO..HI"),
    ] {
        let e = parse_vary(text, &start).expect_err(text);
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
    let v = parse_vary("generator.max_attempts", &start).unwrap();
    assert_eq!((v.lo, v.hi, v.whole), (1.0, 1000.0, true));
    let mut s = spec("mean_walls >= 1", &["physics.gravity=100..200"], (0, 10), 0);
    let cancel = AtomicBool::new(false);
    let mut store = MemoryStore::default();
    let mut eval = Evaluator::new(&s.targets, &mut store, &cancel);
    assert!(tune(&s, &mut eval, &mut |_, _| {})
        .unwrap_err()
        .to_string()
        .contains("budget"));
    s.budget = 5;
    s.vary.push(s.vary[0].clone());
    assert!(tune(&s, &mut eval, &mut |_, _| {})
        .unwrap_err()
        .to_string()
        .contains("varied twice"));
}

#[test]
fn among_equal_scores_the_best_changes_fewer_fields() {
    let s = spec(
        "mean_walls >= 4",
        &["walls.count.max=3..8", "physics.gravity=100..400"],
        (0, 150),
        30,
    );
    let (out, tried) = run(&s, &mut MemoryStore::default());
    let best = &out.best[0];
    assert_eq!(best.candidate.score(), Some(0.0));
    let fields: Vec<&str> = best.diff.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(
        fields,
        ["walls.count.max"],
        "gravity is put back: walls alone meet the target"
    );
    // Every candidate that meets the target with one change moves at least as far.
    for c in tried
        .iter()
        .filter(|c| c.score() == Some(0.0) && c.changed == 1)
    {
        assert!(c.moved >= best.candidate.moved);
    }
}
