//! The engine's verdict on one part while the player drags or adds it.

use contraption::PlacementError;
use contraption::{Placement, ValidRules, World};
use serde::{Deserialize, Serialize};

/// The engine's verdict on one part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// A part index past the placed parts (1-based `index`, as the player counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("part {index} does not exist; {count} parts are placed")]
pub struct NoSuchPart {
    pub index: u32,
    pub count: u32,
}

/// Whether `candidate` may stand in place of part `index` (0-based; `index ==
/// placements.len()` adds a new part) under `rules`: the engine's
/// `check_part`. An index past that is refused ([`NoSuchPart`], in the player's
/// 1-based numbering).
pub fn check_part(
    rules: &ValidRules,
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<PartCheck, NoSuchPart> {
    if index > placements.len() {
        return Err(NoSuchPart {
            index: u32::try_from(index).unwrap_or(u32::MAX).saturating_add(1),
            count: placements.len() as u32,
        });
    }
    Ok(contraption::check_part(rules, world, placements, index, candidate).into())
}
