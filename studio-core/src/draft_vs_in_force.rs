//! Live inspection under the draft: one seed generated (inspector mode) under the
//! rules in force and under the draft, reduced to what the before/after panel
//! shows: which attempt shipped, each attempt's verdict and sweep counts, the
//! shipped level, and how long each generation took.

use std::time::Instant;

use contraption::{GenerationReport, SweepCounts, ValidRules, Verdict, World};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::inspect::report;

/// One attempt as the before/after panel lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AttemptOutcome {
    pub index: u32,
    pub verdict: Verdict,
    pub level_hash: String,
    /// The sweep's counts (null for an attempt that was not swept).
    pub sweep: Option<SweepCounts>,
}

/// One seed under one set of rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SeedOutcome {
    pub rules_id: String,
    pub rules_name: String,
    pub shipped_attempt: u32,
    pub fallback: bool,
    pub all_pre_solved: bool,
    pub level_hash: String,
    /// The shipped level.
    pub world: World,
    pub attempts: Vec<AttemptOutcome>,
    /// Time the engine spent generating (inspector mode), in milliseconds.
    pub elapsed_ms: f64,
}

/// One seed under the rules in force (`before`) and the draft (`after`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SeedComparison {
    pub seed: u32,
    pub before: SeedOutcome,
    pub after: SeedOutcome,
    /// Whether the shipped levels are the same (same level hash).
    pub same_level: bool,
}

fn outcome(rules: &ValidRules, seed: u32) -> SeedOutcome {
    let started = Instant::now();
    let r: GenerationReport = report(rules, seed);
    outcome_of(rules, &r, started.elapsed().as_secs_f64() * 1000.0)
}

/// What the before/after panel shows of a generation `r` under `rules` (made in `elapsed_ms`).
pub(crate) fn outcome_of(rules: &ValidRules, r: &GenerationReport, elapsed_ms: f64) -> SeedOutcome {
    SeedOutcome {
        rules_id: rules.id().to_owned(),
        rules_name: rules.name().to_owned(),
        shipped_attempt: r.shipped.attempt,
        fallback: r.shipped.fallback,
        all_pre_solved: r.shipped.all_pre_solved,
        level_hash: r.shipped.level_hash.clone(),
        world: r.shipped.world.clone(),
        attempts: r
            .attempts
            .iter()
            .map(|a| AttemptOutcome {
                index: a.index,
                verdict: a.verdict,
                level_hash: a.level_hash.clone(),
                sweep: a.sweep.as_ref().map(|s| s.counts()),
            })
            .collect(),
        elapsed_ms,
    }
}

/// `seed` under `in_force` and under `draft` (the engine's `generate`, inspector mode).
pub fn compare_seed(in_force: &ValidRules, draft: &ValidRules, seed: u32) -> SeedComparison {
    let before = outcome(in_force, seed);
    let after = outcome(draft, seed);
    SeedComparison {
        seed,
        same_level: before.level_hash == after.level_hash,
        before,
        after,
    }
}

#[cfg(test)]
mod tests {
    use contraption::{generate, GenerateOptions};

    use super::*;
    use crate::rules_draft::set_field;

    #[test]
    fn the_draft_side_is_what_the_engine_ships_under_the_draft() {
        let v1 = ValidRules::default();
        let one = set_field(&v1, "generator.max_attempts", "1").unwrap();
        // Seed 1671 takes 11 attempts under v1; with one attempt the fallback or the
        // first candidate ships.
        let c = compare_seed(&v1, &one, 1671);
        assert_eq!(c.before.attempts.len(), 11);
        assert_eq!(c.after.attempts.len(), 1);
        let game = generate(&one, 1671, &GenerateOptions::game());
        assert_eq!(c.after.level_hash, game.shipped.level_hash);
        assert_eq!(c.after.shipped_attempt, 1);
        assert!(!c.same_level);
        assert_eq!(c.before.rules_name, "v1");
        assert_eq!(c.after.rules_id, "9e63fc90eca2");
        let swept = c
            .before
            .attempts
            .iter()
            .filter_map(|a| a.sweep)
            .next()
            .unwrap();
        let total = swept.goal + swept.out + swept.rest + swept.timeout + swept.blocked;
        assert_eq!(total, 144);
        // The same rules on both sides: the same level.
        assert!(compare_seed(&v1, &v1, 42).same_level);
    }
}
