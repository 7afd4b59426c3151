//! A seed in one row: what the catalog stores and `contraption scan` prints.

use serde::{Deserialize, Serialize};

use crate::generate::generator::draw_candidate;
use crate::generate::pick::{pick, Pick, Prepared};
use crate::generate::report::GenerationReport;
use crate::generate::sweep::{complete_sweep, mark_solving_until, Sweep, SweepResult};
use crate::rules::valid::ValidRules;
use crate::rules::value::{Rules, RULES_VERSION};
use crate::sim::{Compiled, Outcome, PartRunner, SimOptions};
use crate::world::hash::level_hash;
use crate::world::model::{Inventory, World};

/// The default rules' `sweep.nearly_trivial_solving` (10). Under other rules use
/// [`SeedSummary::nearly_trivial`] with the rules.
pub use crate::rules::defaults::NEARLY_TRIVIAL_SOLVING;

/// What shipped, in one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ShippedKind {
    /// A candidate with a one-ramp solution.
    Accepted,
    /// The first non-trivial candidate, after `generator.max_attempts` attempts
    /// without a one-ramp solution.
    Fallback,
    /// All candidates were preSolved; the last one shipped as is.
    AllPreSolved,
}

impl ShippedKind {
    pub fn name(self) -> &'static str {
        match self {
            ShippedKind::Accepted => "accepted",
            ShippedKind::Fallback => "fallback",
            ShippedKind::AllPreSolved => "all_pre_solved",
        }
    }
}

/// One seed's shipped level, summarised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeedSummary {
    pub seed: u32,
    pub rules_version: u32,
    pub shipped: ShippedKind,
    /// Candidates drawn (1 to `generator.max_attempts`).
    pub attempts: u32,
    pub fallback: bool,
    /// Candidates rejected because the bare ball reached the goal.
    pub pre_solved: u32,
    /// How many of the sweep's placements solve the shipped level.
    pub solving: u32,
    /// Bit `i` (byte `i / 8`, bit `i % 8`) set when sweep placement `i` solves it.
    pub solving_mask: Vec<u8>,
    pub walls: u32,
    pub inventory: Inventory,
    pub level_hash: String,
}

impl SeedSummary {
    /// Whether at least `sweep.nearly_trivial_solving` placements solve it (many
    /// ramps work: about 6.5% of seeds under the default rules; a fifth of seeds
    /// have exactly one solving placement).
    pub fn nearly_trivial(&self, rules: &Rules) -> bool {
        self.solving >= rules.sweep.nearly_trivial_solving
    }
}

/// Generates `seed` in game mode under `rules` and sweeps its shipped level
/// completely: `summarize_report(rules, &generate(rules, seed, &GenerateOptions::game()))`,
/// computed with less work. A summary needs only which placements reach the goal,
/// never their steps or closest approach, so its sweeps ask each run "goal or not"
/// ([`mark_solving`](crate::generate::sweep::mark_solving)), and only the shipped level is hashed. Tested equal to the
/// report's summary (`tests/sweep_shortcut.rs`).
pub fn summarize(rules: &ValidRules, seed: u32) -> SeedSummary {
    summarize_until(rules, seed, || false).expect("never asked to stop")
}

/// [`summarize`], looking at `stop` before each attempt and each sweep placement:
/// `None` as soon as it says so (a cancel, Ctrl-C), after one simulation at most
/// — however slow the rules, a stop is heard within one simulation's time. With
/// a `stop` that never says so, exactly [`summarize`].
pub fn summarize_until(
    rules: &ValidRules,
    seed: u32,
    stop: impl Fn() -> bool,
) -> Option<SeedSummary> {
    let mask_len = rules.sweep.size().div_ceil(8);
    // Set by a sweep given up midway; read by `pick` before the next attempt.
    let stopped = std::cell::Cell::new(false);
    let mut pre_solved = 0u32;
    let mut attempts = 0u32;
    // The candidates that may ship: the accepted one with its whole mask, the
    // fallback (no placement solves it), the last one (when all are preSolved).
    let mut accepted: Option<(World, Vec<u8>)> = None;
    let mut fallback: Option<World> = None;
    let mut last: Option<World> = None;
    let pick = pick(
        rules,
        seed,
        |_, rng| Prepared::new(rules, draw_candidate(rules, rng), &SimOptions::default()),
        |c| {
            attempts = c.index;
            if c.bare.outcome == Outcome::Goal {
                pre_solved += 1;
                last = Some(c.world);
                return None;
            }
            let mut runner = PartRunner::new(&c.compiled, &c.trace);
            let mut mask = vec![0u8; mask_len];
            let Ok(first) =
                mark_solving_until(rules, &c.world, &mut runner, 0, true, &mut mask, &stop)
            else {
                stopped.set(true);
                return None;
            };
            if let Some(first) = first {
                let rest = mark_solving_until(
                    rules,
                    &c.world,
                    &mut runner,
                    first as usize + 1,
                    false,
                    &mut mask,
                    &stop,
                );
                if rest.is_err() {
                    stopped.set(true);
                    return None;
                }
                accepted = Some((c.world, mask));
            } else if c.fallback_candidate {
                fallback = Some(c.world);
            }
            first
        },
        || stopped.get() || stop(),
    );
    if stopped.get() {
        return None;
    }
    let (shipped, world, solving_mask) = match (pick, accepted, fallback, last) {
        (Pick::Stopped, ..) => return None,
        (Pick::Accepted { .. }, Some((world, mask)), _, _) => (ShippedKind::Accepted, world, mask),
        (Pick::Fallback { .. }, _, Some(world), _) => {
            (ShippedKind::Fallback, world, vec![0u8; mask_len])
        }
        (Pick::AllPreSolved { .. }, _, _, Some(world)) => {
            let base = Compiled::new(rules, &world);
            let (_, trace) = base.run_traced(&SimOptions::default());
            let mut mask = vec![0u8; mask_len];
            mark_solving_until(
                rules,
                &world,
                &mut PartRunner::new(&base, &trace),
                0,
                false,
                &mut mask,
                &stop,
            )
            .ok()?;
            (ShippedKind::AllPreSolved, world, mask)
        }
        _ => unreachable!("the loop keeps the candidate it picks"),
    };
    Some(SeedSummary {
        seed,
        rules_version: RULES_VERSION,
        shipped,
        attempts,
        fallback: shipped == ShippedKind::Fallback,
        pre_solved,
        solving: solving_mask.iter().map(|b| b.count_ones()).sum(),
        solving_mask,
        walls: world.walls.len() as u32,
        inventory: world.inventory,
        level_hash: level_hash(&world),
    })
}

/// Summarises a report (of either mode) made under `rules`; sweeps the shipped
/// level completely unless the report already did.
pub fn summarize_report(rules: &ValidRules, report: &GenerationReport) -> SeedSummary {
    let shipped = &report.shipped;
    let attempt = report.shipped_attempt();
    let full = match &attempt.sweep {
        Some(s) if s.complete => s.clone(),
        // A game-mode sweep lists the placements up to the game's stop: only the
        // rest are run.
        Some(s) => complete_sweep(rules, &shipped.world, s),
        None => complete_sweep(rules, &shipped.world, &Sweep::empty()),
    };
    let mut solving_mask = vec![0u8; rules.sweep.size().div_ceil(8)];
    for p in full
        .placements
        .iter()
        .filter(|p| p.result == SweepResult::Goal)
    {
        solving_mask[p.index as usize / 8] |= 1 << (p.index % 8);
    }
    SeedSummary {
        seed: report.seed,
        rules_version: RULES_VERSION,
        shipped: match (shipped.fallback, shipped.all_pre_solved) {
            (_, true) => ShippedKind::AllPreSolved,
            (true, false) => ShippedKind::Fallback,
            (false, false) => ShippedKind::Accepted,
        },
        attempts: report.attempts.len() as u32,
        fallback: shipped.fallback,
        pre_solved: report.pre_solved_count() as u32,
        solving: full.solving,
        solving_mask,
        walls: shipped.world.walls.len() as u32,
        inventory: shipped.world.inventory,
        level_hash: shipped.level_hash.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generator::{generate, GenerateOptions};

    #[test]
    fn game_and_inspector_reports_summarise_alike() {
        let rules = ValidRules::default();
        for seed in [0, 42, 7777] {
            let a = summarize(&rules, seed);
            let b = summarize_report(
                &rules,
                &generate(&rules, seed, &GenerateOptions::inspector()),
            );
            assert_eq!(a, b);
            let bits: u32 = a.solving_mask.iter().map(|b| b.count_ones()).sum();
            assert_eq!(bits, a.solving);
            assert!(a.solving >= 1, "accepted levels have a solving placement");
        }
    }
}
