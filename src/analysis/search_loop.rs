//! The generator's loop as the staged search runs it: lazily.
//!
//! The game ships the first candidate that is accepted (not preSolved, and some
//! sweep placement solves it), else the first one that is not preSolved (the
//! fallback), else the last. To know that a candidate is *rejected* takes its
//! whole sweep; to know that one is *accepted* takes one solving placement,
//! which the search's order finds within a few runs for most candidates. So the
//! search does not settle each candidate before it draws the next: a candidate
//! whose first [`PROBE_RUNS`] placements find no solving ramp, and which would
//! not meet the criteria even if it shipped (its walls, its inventory, its
//! attempt, a `solves N` already run...), is **set aside**, and the loop goes
//! on. When a later candidate turns out accepted, the shipped level is it or
//! one set aside before it: if it would not meet the criteria either, the seed
//! fails without a single set-aside sweep finished; otherwise the set-aside
//! candidates are settled in order (their sweeps finished), as the game would:
//! the first of them that is accepted ships, and the seed fails. A candidate
//! that could meet the criteria is never set aside: its sweep would have to be
//! finished anyway before the seed could match, and finishing it first spares
//! the candidates after it when it is accepted.
//!
//! Before each candidate the loop asks whether anything from there on can still
//! make the seed match ([`Layouts::first_could`], the fallback kept so far);
//! when nothing can, the seed fails there.
//!
//! The answer is the one the game's own loop ([`pick`](crate::generate::pick))
//! gives, candidate for candidate: `tests/staged_search.rs` compares it with
//! filtering the full scan on 50,000 seeds and several rule sets.

use crate::analysis::criteria::decide::{kind_bit, Span};
use crate::analysis::criteria::Criteria;
use crate::analysis::layouts::{layout_known, Layouts};
use crate::analysis::shipping::Shipping;
use crate::analysis::staged::{Decision, Stage};
use crate::generate::pick::Prepared;
use crate::generate::summary::ShippedKind;
use crate::rules::valid::ValidRules;
use crate::sim::{BareTrace, Compiled, Outcome, PartRunner, SimOptions};
use crate::world::model::World;

/// Placements a candidate runs, in the search's order, before the search may
/// set it aside: enough to find the solving ramp of most candidates that have
/// one (seeds 0..4000, default rules: 2.8 runs on average when it is found
/// within these; 2 to 16 were measured, and each of the others costs more
/// instructions in every class of search measured, `docs/performance.md`).
pub(crate) const PROBE_RUNS: usize = 8;

/// A candidate set aside: not preSolved, no solving placement found yet, and
/// known not to meet the criteria if it ships.
struct Aside {
    /// 0-based.
    index: usize,
    compiled: Compiled,
    trace: BareTrace,
    shipping: Shipping,
}

impl Aside {
    /// Finishes its sweep as far as it takes to know whether it is accepted.
    fn accepted(&mut self, rules: &ValidRules, stop: &impl Fn() -> bool) -> Option<bool> {
        let mut runner = PartRunner::new(&self.compiled, &self.trace);
        let found = self.shipping.run_until_solving(rules, &mut runner, stop);
        Some(found.ok()?.is_some())
    }
}

fn fails(stage: Stage) -> Option<Decision> {
    Some(Decision { stage, row: None })
}

/// The loop of the module, after the layouts (stage 1) left the seed open.
/// `None` as soon as `stop` says so.
pub(crate) fn search_candidates(
    rules: &ValidRules,
    seed: u32,
    criteria: &Criteria,
    mut layouts: Layouts,
    stop: &impl Fn() -> bool,
) -> Option<Decision> {
    let max = rules.generator.max_attempts as usize;
    let named = criteria.placements();
    let mut aside: Vec<Aside> = Vec::new();
    let mut pre_solved = 0u32;
    // The first candidate that is not preSolved (the fallback, should every
    // candidate be rejected): its index and world, and its sweep once it is
    // known to solve nowhere.
    let mut fallback: Option<(usize, World)> = None;
    let mut fallback_swept: Option<Shipping> = None;
    let mut last: Option<World> = None;
    // Whether the seed can still match when the loop is at candidate `next`
    // (those set aside would not).
    let open =
        |layouts: &mut Layouts, fallback: &Option<(usize, World)>, pre_solved: u32, next: usize| {
            fallback.as_ref().is_some_and(|(_, world)| {
                fallback_could(rules, seed, criteria, world, pre_solved, next)
            }) || layouts.first_could(next).is_some()
        };
    for i in 0..max {
        if !open(&mut layouts, &fallback, pre_solved, i) {
            return fails(if i == 0 {
                Stage::Layout
            } else {
                Stage::Generator
            });
        }
        if stop() {
            return None;
        }
        let Prepared {
            world,
            compiled,
            bare,
            trace,
        } = Prepared::new(rules, layouts.take(i), &SimOptions::default());
        if bare.outcome == Outcome::Goal {
            pre_solved += 1;
            last = Some(world);
            continue;
        }
        if fallback.is_none() {
            fallback = Some((i, world.clone()));
        }
        let mut runner = PartRunner::new(&compiled, &trace);
        let mut s = Shipping::new(rules, seed, world, &named, Some(&runner));
        s.attempts = i as u32 + 1;
        s.pre_solved = pre_solved;
        let found = s
            .run_until_solving_within(rules, &mut runner, PROBE_RUNS, stop)
            .ok()?;
        let accepted = match (found, s.exhausted(), s.answer(criteria)) {
            (Some(_), ..) => true,
            (None, true, _) => false,
            (None, false, Some(false)) => {
                drop(runner);
                aside.push(Aside {
                    index: i,
                    compiled,
                    trace,
                    shipping: s,
                });
                continue;
            }
            (None, false, _) => s
                .run_until_solving(rules, &mut runner, stop)
                .ok()?
                .is_some(),
        };
        if accepted {
            return settle(rules, criteria, aside, s, &mut runner, stop);
        }
        if fallback.as_ref().is_some_and(|(f, _)| *f == i) {
            fallback_swept = Some(s);
        }
    }
    // Every candidate drawn and none known to be accepted: the first of those
    // set aside that is accepted ships, else the fallback, else the last.
    let fallback_index = fallback.as_ref().map(|(f, _)| *f);
    // With no candidate that is not preSolved, the last one ships as it is.
    let tail_could = fallback
        .as_ref()
        .is_none_or(|(_, world)| fallback_could(rules, seed, criteria, world, pre_solved, max));
    match resolve(rules, aside, tail_could, fallback_index, stop)? {
        Resolved::Fails => return fails(Stage::Generator),
        Resolved::Tail(Some(f)) => fallback_swept = Some(*f),
        Resolved::Tail(None) => {}
    }
    let max = max as u32;
    match (fallback_swept, last) {
        (Some(mut f), _) => {
            f.kind = ShippedKind::Fallback;
            f.attempts = max;
            f.pre_solved = pre_solved;
            f.finish(rules, criteria, None, stop)
        }
        (None, Some(world)) => {
            let base = Compiled::new(rules, &world);
            let (_, trace) = base.run_traced(&SimOptions::default());
            let mut runner = PartRunner::new(&base, &trace);
            let mut s = Shipping::new(rules, seed, world, &named, Some(&runner));
            s.kind = ShippedKind::AllPreSolved;
            s.attempts = max;
            s.pre_solved = pre_solved;
            s.finish(rules, criteria, Some(&mut runner), stop)
        }
        (None, None) => unreachable!("a loop of at least one attempt keeps a candidate"),
    }
}

/// Candidate `s` is accepted: the shipped level is the first of `aside` that
/// turns out accepted, or `s`.
fn settle(
    rules: &ValidRules,
    criteria: &Criteria,
    aside: Vec<Aside>,
    mut s: Shipping,
    runner: &mut PartRunner,
    stop: &impl Fn() -> bool,
) -> Option<Decision> {
    if aside.is_empty() {
        return s.finish(rules, criteria, Some(runner), stop);
    }
    let mine = s.run_until_answer(rules, criteria, runner, stop).ok()?;
    match resolve(rules, aside, mine != Some(false), None, stop)? {
        Resolved::Fails => fails(Stage::Generator),
        Resolved::Tail(_) => s.finish(rules, criteria, Some(runner), stop),
    }
}

/// What settling the candidates set aside decided.
enum Resolved {
    /// One of them ships, or the tail cannot meet the criteria: the seed fails.
    Fails,
    /// Every one of them is rejected: what follows them ships (with the
    /// fallback candidate's sweep, when it was one of them).
    Tail(Option<Box<Shipping>>),
}

/// Settles the candidates set aside (none of which would meet the criteria),
/// followed by a *tail* that ships when all of them are rejected (an accepted
/// candidate, or the fallback) and could meet the criteria only when
/// `tail_could`: when it cannot, or one of them is accepted, the seed fails;
/// else the tail ships. `None` when `stop` says so.
fn resolve(
    rules: &ValidRules,
    aside: Vec<Aside>,
    tail_could: bool,
    fallback_index: Option<usize>,
    stop: &impl Fn() -> bool,
) -> Option<Resolved> {
    if !tail_could {
        return Some(Resolved::Fails);
    }
    let mut fallback = None;
    for mut a in aside {
        if a.accepted(rules, stop)? {
            return Some(Resolved::Fails);
        }
        if Some(a.index) == fallback_index {
            fallback = Some(Box::new(a.shipping));
        }
    }
    Some(Resolved::Tail(fallback))
}

/// Whether the fallback `world` kept so far, shipped as the fallback, could
/// meet the criteria, with `pre_solved` candidates preSolved among the `next`
/// drawn.
fn fallback_could(
    rules: &ValidRules,
    seed: u32,
    criteria: &Criteria,
    world: &World,
    pre_solved: u32,
    next: usize,
) -> bool {
    let max = rules.generator.max_attempts;
    let walls = Span::exactly(world.walls.len() as i64);
    let mut known = layout_known(walls, world.inventory, rules.sweep.size());
    known.seed = seed;
    known.kinds = kind_bit(ShippedKind::Fallback);
    known.solving = Span::exactly(0);
    known.attempts = Span::exactly(i64::from(max));
    let p = i64::from(pre_solved);
    known.pre_solved = Span::new(p, p + i64::from(max) - next as i64);
    criteria.decide(&known) != Some(false)
}
