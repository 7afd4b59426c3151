//! One run of the player's parts.

use contraption::check_placements;
use contraption::{
    simulate, Inventory, Outcome, Placement, PlacementError, SimOptions, SimResult, ValidRules,
    World,
};
use serde::{Deserialize, Serialize};

/// A run records every fixed step, so the UI can interpolate between any two.
pub const RUN_STRIDE: u32 = 1;

/// One run of the engine on the player's parts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayRun {
    pub seed: u32,
    pub placements: Vec<Placement>,
    /// `simulate(world, placements, with_trajectory(1))`: the start and the ball's
    /// centre after every step.
    pub result: SimResult,
    /// Simulated seconds until the outcome (`steps × dt` of the rules it ran under).
    pub seconds: f64,
    /// `Inventory::used_by(placements)`.
    pub parts_used: Inventory,
}

impl PlayRun {
    /// The run of `placements` on `seed`'s level that ended in `result`.
    pub fn new(rules: &ValidRules, seed: u32, placements: &[Placement], result: SimResult) -> Self {
        Self {
            seed,
            placements: placements.to_vec(),
            seconds: f64::from(result.steps) * rules.dt(),
            parts_used: Inventory::used_by(placements),
            result,
        }
    }
}

/// Runs the player's parts under `rules`: refused unless `check_placements`
/// accepts them (the rules the solution replay applies), then `simulate` with
/// every step recorded.
pub fn run(
    rules: &ValidRules,
    seed: u32,
    world: &World,
    placements: &[Placement],
) -> Result<PlayRun, PlacementError> {
    check_placements(rules, world, placements)?;
    let result = simulate(
        rules,
        world,
        placements,
        &SimOptions::with_trajectory(RUN_STRIDE),
    );
    Ok(PlayRun::new(rules, seed, placements, result))
}

/// Whether a run reached the goal.
pub fn won(run: &PlayRun) -> bool {
    run.result.outcome == Outcome::Goal
}
