//! Two to four seeds side by side: for each, what the inspector shows of it in a
//! few numbers. Every figure is read from the same inspection the inspector
//! runs (`inspect::report`: the engine's inspector-mode `generate`, what
//! `contraption generate SEED --json --full` prints), nothing is recomputed.

use contraption::{Shipped, SweepCounts, ValidRules, Verdict};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CatalogViewError, Result};
use crate::inspect;

/// At least this many seeds are compared…
pub const MIN_COMPARED: usize = 2;
/// …and at most this many.
pub const MAX_COMPARED: usize = 4;

/// One attempt of a compared seed, in a line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ComparedAttempt {
    /// 1-based.
    pub index: u32,
    pub verdict: Verdict,
    /// Placements of its sweep that reach the goal (none for a preSolved candidate
    /// in game mode; the inspector sweeps every candidate).
    pub solving: Option<u32>,
}

/// A seed as the compare view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ComparedSeed {
    pub seed: u32,
    /// The level that shipped (world, solution, fallback, reason).
    pub shipped: Shipped,
    /// Every attempt's verdict, in order.
    pub attempts: Vec<ComparedAttempt>,
    /// Candidates rejected as preSolved.
    pub pre_solved: u32,
    /// Candidates rejected because no single ramp solves them.
    pub no_single_ramp: u32,
    /// The shipped attempt's full sweep, per result.
    pub sweep: SweepCounts,
    /// The sweep index of the solution (the first placement that reaches the
    /// goal: where the game stops), for an accepted level.
    pub solution_index: Option<u32>,
    /// Walls of the shipped level.
    pub walls: u32,
}

/// The comparison of `seeds` (2 to 4, distinct, in the order given) under `rules`.
pub fn side_by_side(rules: &ValidRules, seeds: &[u32]) -> Result<Vec<ComparedSeed>> {
    let different = seeds
        .iter()
        .enumerate()
        .filter(|&(i, s)| !seeds[..i].contains(s))
        .count();
    if seeds.len() < MIN_COMPARED || seeds.len() > MAX_COMPARED || different != seeds.len() {
        return Err(CatalogViewError::CompareSeeds {
            asked: seeds.len(),
            different,
            min: MIN_COMPARED,
            max: MAX_COMPARED,
        });
    }
    Ok(seeds.iter().map(|&seed| compared(rules, seed)).collect())
}

fn compared(rules: &ValidRules, seed: u32) -> ComparedSeed {
    let report = inspect::report(rules, seed);
    let count = |v: Verdict| report.attempts.iter().filter(|a| a.verdict == v).count() as u32;
    let shipped = report.shipped_attempt();
    ComparedSeed {
        seed,
        pre_solved: count(Verdict::PreSolved),
        no_single_ramp: count(Verdict::NoSingleRampSolution),
        sweep: shipped
            .sweep
            .as_ref()
            .map(|s| s.counts())
            .unwrap_or_default(),
        solution_index: report
            .shipped
            .solution
            .as_ref()
            .and(shipped.sweep.as_ref())
            .and_then(|s| s.game_stop),
        walls: shipped.world.walls.len() as u32,
        attempts: report
            .attempts
            .iter()
            .map(|a| ComparedAttempt {
                index: a.index,
                verdict: a.verdict,
                solving: a.sweep.as_ref().map(|s| s.solving),
            })
            .collect(),
        shipped: report.shipped,
    }
}

#[cfg(test)]
mod tests {
    use contraption::{generate, GenerateOptions};

    use super::*;

    #[test]
    fn the_figures_are_the_inspection_s() {
        let rules = ValidRules::default();
        let got = side_by_side(&rules, &[42, 7, 1670]).unwrap();
        assert_eq!(
            got.iter().map(|c| c.seed).collect::<Vec<_>>(),
            [42, 7, 1670]
        );
        for c in &got {
            let r = generate(&rules, c.seed, &GenerateOptions::inspector());
            assert_eq!(c.shipped, r.shipped);
            assert_eq!(c.attempts.len(), r.attempts.len());
            assert_eq!(c.pre_solved as usize, r.pre_solved_count());
            assert_eq!(
                c.pre_solved
                    + c.no_single_ramp
                    + u32::from(r.attempts.iter().any(|a| a.verdict == Verdict::Accepted)),
                r.attempts.len() as u32
            );
            let s = r.shipped_attempt().sweep.as_ref().unwrap();
            assert!(s.complete);
            assert_eq!(c.sweep.goal, s.solving);
            assert_eq!(c.solution_index.is_some(), r.shipped.solution.is_some());
            if let Some(i) = c.solution_index {
                let p = &s.placements[i as usize];
                assert_eq!(p.result, contraption::SweepResult::Goal);
            }
            let total =
                c.sweep.goal + c.sweep.out + c.sweep.rest + c.sweep.timeout + c.sweep.blocked;
            assert_eq!(total as usize, s.placements.len());
        }
    }

    #[test]
    fn two_to_four_distinct_seeds() {
        let rules = ValidRules::default();
        for bad in [&[1][..], &[1, 2, 3, 4, 5], &[3, 3]] {
            assert!(matches!(
                side_by_side(&rules, bad),
                Err(CatalogViewError::CompareSeeds { .. })
            ));
        }
    }
}
