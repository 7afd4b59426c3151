//! The generation report: every decision the generator made, serializable as is.

use serde::{Deserialize, Serialize};

use crate::generate::sweep::Sweep;
use crate::sim::SimResult;
use crate::world::model::{Placement, World};

/// Game mode stops each sweep at the first success; inspector mode simulates all
/// 144 placements of every attempt. Both make the same decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Game,
    Inspector,
}

/// What the generator decided about one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The bare ball reaches the goal with no parts: rejected.
    PreSolved,
    /// No placement of the single-ramp sweep reaches the goal: rejected.
    NoSingleRampSolution,
    /// A single ramp solves it: shipped.
    Accepted,
}

/// One candidate world and the generator's decision about it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Attempt {
    /// 1-based.
    pub index: u32,
    pub world: World,
    pub level_hash: String,
    pub verdict: Verdict,
    /// The decision in words.
    pub reason: String,
    /// Whether this is the first non-preSolved candidate, kept as the fallback.
    pub fallback_candidate: bool,
    /// The ball with no parts placed.
    pub bare: SimResult,
    /// The single-ramp sweep. The game never sweeps a preSolved candidate (absent in
    /// game mode); the inspector sweeps every candidate.
    pub sweep: Option<Sweep>,
}

/// What the generator shipped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Shipped {
    /// The 1-based attempt whose world shipped.
    pub attempt: u32,
    /// Whether this is the fallback (no attempt was accepted within 40).
    pub fallback: bool,
    /// True only in the degenerate case where all 40 candidates were preSolved, so
    /// no fallback existed and the 40th candidate shipped as is (`fallback` is false).
    pub all_pre_solved: bool,
    pub level_hash: String,
    pub world: World,
    /// The ramp placement that the sweep found solving it (accepted worlds only).
    pub solution: Option<Placement>,
    /// The decision in words.
    pub reason: String,
}

/// Everything the generator did for one seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenerationReport {
    pub rules_version: u32,
    pub seed: u32,
    pub mode: Mode,
    pub attempts: Vec<Attempt>,
    pub shipped: Shipped,
}

impl GenerationReport {
    /// The attempt that shipped.
    pub fn shipped_attempt(&self) -> &Attempt {
        &self.attempts[self.shipped.attempt as usize - 1]
    }

    /// How many candidates were rejected as preSolved.
    pub fn pre_solved_count(&self) -> usize {
        self.attempts
            .iter()
            .filter(|a| a.verdict == crate::generate::report::Verdict::PreSolved)
            .count()
    }
}
