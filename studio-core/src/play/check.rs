//! The engine's verdict on one part while the player drags or adds it.

use contraption::PlacementError;
use contraption::{Placement, ValidRules, World};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::PlayError;

/// The engine's verdict on one part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PartCheck {
    pub ok: bool,
    /// The engine's reason in words (its `Display`), when refused.
    pub message: Option<String>,
    pub error: Option<PlacementError>,
}

impl From<Result<(), PlacementError>> for PartCheck {
    fn from(result: Result<(), PlacementError>) -> Self {
        match result {
            Ok(()) => Self {
                ok: true,
                message: None,
                error: None,
            },
            Err(e) => Self {
                ok: false,
                message: Some(e.to_string()),
                error: Some(e),
            },
        }
    }
}

/// Whether `candidate` may stand in place of part `index` (0-based; `index ==
/// placements.len()` adds a new part) under `rules`: the engine's
/// `check_part`. An index
/// past that is refused (`no_such_part`, in the player's 1-based numbering).
pub fn check_part(
    rules: &ValidRules,
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<PartCheck, PlayError> {
    if index > placements.len() {
        return Err(PlayError::NoSuchPart {
            index: index as u32 + 1,
            count: placements.len() as u32,
        });
    }
    Ok(contraption::check_part(rules, world, placements, index, candidate).into())
}
