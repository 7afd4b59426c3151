//! A seed in one row: what the catalog stores and `contraption scan` prints.

use serde::{Deserialize, Serialize};

use crate::generator::{generate, GenerateOptions};
use crate::report::GenerationReport;
use crate::rules::{RULES_VERSION, SWEEP_SIZE};
use crate::sim::Compiled;
use crate::sweep::{run_sweep, SweepResult};
use crate::world::Inventory;

/// At least this many of the 144 sweep placements solving a level makes it
/// "nearly trivial": many ramps work (about 5% of seeds under rules version 1;
/// a fifth of seeds have exactly one solving placement).
pub const NEARLY_TRIVIAL_SOLVING: u32 = 10;

/// What shipped, in one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ShippedKind {
    /// A candidate with a one-ramp solution.
    Accepted,
    /// The first non-trivial candidate, after 40 attempts without a one-ramp solution.
    Fallback,
    /// All 40 candidates were preSolved; the 40th shipped as is.
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
    /// Candidates drawn (1 to 40).
    pub attempts: u32,
    pub fallback: bool,
    /// Candidates rejected because the bare ball reached the goal.
    pub pre_solved: u32,
    /// How many of the 144 sweep placements solve the shipped level.
    pub solving: u32,
    /// Bit `i` (byte `i / 8`, bit `i % 8`) set when sweep placement `i` solves it.
    pub solving_mask: Vec<u8>,
    pub walls: u32,
    pub inventory: Inventory,
    pub level_hash: String,
}

impl SeedSummary {
    pub fn nearly_trivial(&self) -> bool {
        self.solving >= NEARLY_TRIVIAL_SOLVING
    }
}

/// Generates `seed` in game mode and sweeps its shipped level completely.
pub fn summarize(seed: u32) -> SeedSummary {
    summarize_report(&generate(seed, &GenerateOptions::game()))
}

/// Summarises a report (of either mode); sweeps the shipped level completely
/// unless the report already did.
pub fn summarize_report(report: &GenerationReport) -> SeedSummary {
    let shipped = &report.shipped;
    let attempt = report.shipped_attempt();
    let full = match &attempt.sweep {
        Some(s) if s.complete => s.clone(),
        _ => run_sweep(&shipped.world, &Compiled::new(&shipped.world), true, 0),
    };
    let mut solving_mask = vec![0u8; SWEEP_SIZE.div_ceil(8)];
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
    use crate::generator::GenerateOptions;

    #[test]
    fn game_and_inspector_reports_summarise_alike() {
        for seed in [0, 42, 7777] {
            let a = summarize(seed);
            let b = summarize_report(&generate(seed, &GenerateOptions::inspector()));
            assert_eq!(a, b);
            let bits: u32 = a.solving_mask.iter().map(|b| b.count_ones()).sum();
            assert_eq!(bits, a.solving);
            assert!(a.solving >= 1, "accepted levels have a solving placement");
        }
    }
}
