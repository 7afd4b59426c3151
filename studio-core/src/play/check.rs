//! The engine's verdict on one part while the player drags or adds it (the play
//! crate's), with the studio's error.

use contraption::{Placement, ValidRules, World};
pub use contraption_play::PartCheck;

use super::PlayError;

/// Whether `candidate` may stand in place of part `index` (0-based; `index ==
/// placements.len()` adds a new part) under `rules`: the engine's
/// `check_part`. An index past that is refused (`no_such_part`, in the player's
/// 1-based numbering).
pub fn check_part(
    rules: &ValidRules,
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<PartCheck, PlayError> {
    contraption_play::check_part(rules, world, placements, index, candidate).map_err(|e| {
        PlayError::NoSuchPart {
            index: e.index,
            count: e.count,
        }
    })
}
