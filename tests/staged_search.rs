//! The staged search (`search_seed`: layouts first, then the generator's loop,
//! then a sweep bounded by what the criteria need) keeps exactly the seeds that
//! filtering the full scan keeps, with the same rows, under several rule sets
//! and for criteria of every class (layout-only, sweep-bounded, mixed, `not`,
//! `or`, and generated ones); and it does so with less work: seeds are decided
//! at the cheap stages. `Criteria::decide` is sound on any partial knowledge.

mod common;

use common::strategies::{criteria, summary};
use contraption::criteria::decide::{kind_bit, Known, Span};
use contraption::{
    parse_criteria_for, parse_rules_file, search_seed, summarize, Criteria, Decided, Rules,
    SeedSummary, ValidRules,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rayon::prelude::*;

/// Criteria of every class, as people type them. The last three need nearly
/// every row whole, so the 50,000-seed test leaves them to the smaller ranges.
const TEXTS: [&str; 19] = [
    // Layout-only: the draws alone decide most seeds.
    "walls = 5 and ramps = 2 and fans = 0 and bumpers = 0",
    "walls >= 4",
    "bumpers = 2 and fans = 1",
    // Sweep-bounded.
    "solving = 1",
    "solves 50",
    "nearly_trivial",
    // Mixed.
    "walls >= 5 and solving = 1",
    "attempts >= 3 and walls = 2",
    "pre_solved >= 1 and solving <= 2",
    "fallback and walls = 2",
    // not, or.
    "not (walls in 2..4)",
    "not accepted",
    "walls = 5 or solving >= 20",
    "attempts > 1 or solves 9",
    "all_pre_solved or (attempts = 1 and not solves 1)",
    "seed < 1000 and walls = 3",
    "solving >= 3",
    "fallback or solves 144",
    "true",
];

/// The full rows of `seeds` under `rules`, the reference.
fn rows(rules: &ValidRules, seeds: std::ops::Range<u32>) -> Vec<SeedSummary> {
    seeds.into_par_iter().map(|s| summarize(rules, s)).collect()
}

/// The staged search's answer for every row's seed equals filtering the row;
/// the seeds decided at each stage.
fn check(rules: &ValidRules, rows: &[SeedSummary], criteria: &Criteria) -> Decided {
    let found: Vec<_> = rows
        .par_iter()
        .map(|row| {
            let d = search_seed(rules, row.seed, criteria, || false).expect("never stopped");
            let want = criteria.matches(row).then(|| row.clone());
            assert_eq!(
                d.row,
                want,
                "seed {} under {criteria} ({})",
                row.seed,
                rules.id()
            );
            d.stage
        })
        .collect();
    let mut decided = Decided::default();
    for stage in found {
        decided.add(stage);
    }
    decided
}

fn variant(edit: fn(&mut Rules)) -> ValidRules {
    let mut r = Rules::default();
    edit(&mut r);
    ValidRules::new(r).expect("valid variant")
}

/// Criteria drawn by the language's property-test generator, from a fixed seed.
fn generated(n: usize) -> Vec<Criteria> {
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let strategy = criteria();
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}

#[test]
fn fifty_thousand_seeds_under_the_default_rules_give_the_scan_s_matches() {
    let rules = ValidRules::default();
    let rows = rows(&rules, 0..50_000);
    let mut by_text = Vec::new();
    for text in &TEXTS[..TEXTS.len() - 3] {
        let c = parse_criteria_for(text, &rules).unwrap();
        let d = check(&rules, &rows, &c);
        by_text.push((text, d));
    }
    let decided = |t: &str| by_text.iter().find(|(x, _)| **x == t).unwrap().1;
    // The work is less, not only the same: layout-only criteria decide most
    // seeds with no step simulated, sweep-bounded ones stop sweeps early.
    let layout = decided("walls = 5 and ramps = 2 and fans = 0 and bumpers = 0");
    assert!(layout.layout > 25_000, "{layout:?}");
    assert!(layout.full < 2_000, "{layout:?}");
    let one = decided("solving = 1");
    assert!(one.sweep > 25_000, "{one:?}");
    let fifty = decided("solves 50");
    assert!(fifty.sweep + fifty.generator > 40_000, "{fifty:?}");
    let mixed = decided("walls >= 5 and solving = 1");
    assert!(mixed.generator > 30_000, "{mixed:?}");
}

#[test]
fn generated_criteria_under_several_rule_sets_give_the_scan_s_matches() {
    let gears = parse_rules_file(include_bytes!("../rules/gears.json")).expect("gears rules");
    let sets = [
        ValidRules::default(),
        gears,
        // One attempt: fallbacks are common.
        variant(|r| r.generator.max_attempts = 1),
        // The goal under the ball's start: preSolved candidates and
        // all-preSolved seeds are common.
        variant(|r| {
            r.generator.max_attempts = 3;
            r.ball.start_x.min = 50.0;
            r.ball.start_x.max = 50.0;
            r.goal.x.min = 50.0;
            r.goal.x.max = 50.0;
        }),
        // A short step budget: timeouts.
        variant(|r| r.simulation.max_steps = 150),
        // A sweep of 12 placements: fallbacks are common, and a candidate's
        // first runs often cover its whole sweep.
        variant(|r| {
            r.sweep.ys = vec![r.sweep.ys[4]];
            r.sweep.angles = vec![r.sweep.angles[1], r.sweep.angles[2]];
            r.sweep.nearly_trivial_solving = 4;
            r.generator.max_attempts = 3;
        }),
        // The goal near the ball's start, eight attempts: preSolved
        // candidates among the others, candidates set aside and settled.
        variant(|r| {
            r.ball.start_x.min = 50.0;
            r.ball.start_x.max = 50.0;
            r.goal.x.min = 44.0;
            r.goal.x.max = 56.0;
            r.generator.max_attempts = 8;
        }),
    ];
    let criteria = generated(24);
    for rules in &sets {
        let rows = rows(rules, 0..1_000);
        for c in &criteria {
            check(rules, &rows, c);
        }
        for text in TEXTS {
            // `solves 50` names no placement of a 12-placement sweep: refused.
            match parse_criteria_for(text, rules) {
                Ok(c) => {
                    check(rules, &rows, &c);
                }
                Err(e) => assert!(rules.sweep.size() < 144, "{text}: {e}"),
            }
        }
    }
}

/// Rule sets where the loop's rare ends are common — one or two attempts
/// (fallbacks), a sweep of one placement (all-preSolved seeds with nothing
/// solving) — and criteria on the figures those ends set: what is known of a
/// fallback's preSolved count while candidates are still to come, the last
/// candidate's, a solving count of zero.
#[test]
fn fallbacks_all_pre_solved_and_tiny_sweeps_give_the_scan_s_matches() {
    let tiny = |r: &mut Rules| {
        r.sweep.xs = vec![r.sweep.xs[2]];
        r.sweep.ys = vec![r.sweep.ys[5]];
        r.sweep.angles = vec![r.sweep.angles[1]];
        r.sweep.nearly_trivial_solving = 1;
        r.generator.max_attempts = 3;
    };
    let sets = [
        variant(|r| r.generator.max_attempts = 1),
        variant(|r| r.generator.max_attempts = 2),
        variant(tiny),
    ];
    for rules in &sets {
        let max = rules.generator.max_attempts;
        let rows = rows(rules, 0..1_500);
        let texts = [
            format!("pre_solved >= {max}"),
            format!("pre_solved = {} and walls >= 3", max - 1),
            format!("fallback and attempts = {max} and walls = 2"),
            "fallback and pre_solved >= 1 and walls = 3".into(),
            "fallback and pre_solved >= 1 and bumpers = 1 and fans = 0".into(),
            "solving = 0".into(),
            "not (solving >= 1)".into(),
            "all_pre_solved and solving <= 1".into(),
        ];
        for text in &texts {
            check(rules, &rows, &parse_criteria_for(text, rules).unwrap());
        }
    }
}

/// However far a search gets before `stop` says so, it answers nothing or
/// the whole answer, and nothing once `stop` has said so.
#[test]
fn a_search_stopped_partway_answers_nothing_or_the_right_answer() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let sets = [
        ValidRules::default(),
        variant(|r| r.generator.max_attempts = 2),
    ];
    for rules in &sets {
        for text in [
            "solving = 1",
            "fallback or solves 9",
            "not accepted and walls = 3",
            "pre_solved >= 1",
        ] {
            let c = parse_criteria_for(text, rules).unwrap();
            (0..200u32).into_par_iter().for_each(|seed| {
                let whole = search_seed(rules, seed, &c, || false).unwrap().row;
                for k in [0usize, 1, 2, 3, 5, 8, 13, 21, 40, 80, 200] {
                    let asked = AtomicUsize::new(0);
                    let stop = || asked.fetch_add(1, Ordering::Relaxed) >= k;
                    if let Some(d) = search_seed(rules, seed, &c, stop) {
                        assert_eq!(d.row, whole, "seed {seed}, [{text}], stopped after {k}");
                        assert!(
                            asked.load(Ordering::Relaxed) <= k,
                            "a Some after stop said so"
                        );
                    }
                }
            });
        }
    }
}

#[test]
fn a_stopped_staged_search_answers_nothing() {
    let rules = ValidRules::default();
    let c = parse_criteria_for("solving = 1", &rules).unwrap();
    assert_eq!(search_seed(&rules, 42, &c, || true), None);
    // Stopped partway: after the layouts, within the generator's loop.
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 3
    };
    assert_eq!(search_seed(&rules, 42, &c, stop), None);
    assert!(asked.get() > 3);
}

/// A loosened view of a row: each field a span around its value, more kinds
/// than the one that shipped, fewer placements known (a prefix of the sweep and
/// some placements after it, as a search run in its own order knows them).
fn loosen<'a>(
    row: &'a SeedSummary,
    slack: [i64; 7],
    kinds: u8,
    swept: usize,
    done: &'a [u8],
) -> Known<'a> {
    let around = |v: u32, s: i64| Span::new(i64::from(v) - s.max(0) / 2, i64::from(v) + s.max(0));
    Known {
        seed: row.seed,
        rules_version: row.rules_version,
        attempts: around(row.attempts, slack[0]),
        pre_solved: around(row.pre_solved, slack[1]),
        solving: around(row.solving, slack[2]),
        walls: around(row.walls, slack[3]),
        ramps: around(row.inventory.ramp, slack[4]),
        fans: around(row.inventory.fan, slack[5]),
        bumpers: around(row.inventory.bumper, slack[6]),
        kinds: kinds | kind_bit(row.shipped),
        mask: &row.solving_mask,
        swept: swept.min(row.solving_mask.len() * 8),
        done,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Whatever is known, an answer is the whole row's answer; on the whole
    /// row there always is one.
    #[test]
    fn decide_answers_only_what_every_agreeing_row_answers(
        c in criteria(),
        row in summary(),
        slack in proptest::array::uniform7(0i64..4),
        kinds in 0u8..8,
        swept in 0usize..160,
        done in proptest::collection::vec(any::<u8>(), 0..20),
    ) {
        let whole = c.matches(&row);
        prop_assert_eq!(c.decide(&Known::exact(&row)), Some(whole));
        let known = loosen(&row, slack, kinds, swept, &done);
        if let Some(answer) = c.decide(&known) {
            prop_assert_eq!(answer, whole, "{} on {:?}", c, known);
        }
    }
}
