//! One run of the player's parts (the play crate's), with the studio's error.

use contraption::{Placement, ValidRules, World};
pub use contraption_play::{won, PlayRun, RUN_STRIDE};

use super::PlayError;

/// Runs the player's parts under `rules`: refused unless `check_placements`
/// accepts them, then `simulate` with every step recorded.
pub fn run(
    rules: &ValidRules,
    seed: u32,
    world: &World,
    placements: &[Placement],
) -> Result<PlayRun, PlayError> {
    contraption_play::run(rules, seed, world, placements)
        .map_err(|error| PlayError::Placement { error })
}
