//! Play mode: one seed's shipped level in a window of its own, parts placed by the
//! player, and the engine's `simulate` for every run.
//!
//! Only the engine decides: the level is `generate(seed)`'s shipped world,
//! placements are judged by the engine's `check_part` / `check_placements` (the
//! UI never decides legality), a run is `simulate(world, placements,
//! with_trajectory(1))` (every fixed step, which the UI interpolates at the
//! display's frame rate), hints are the sweep's solving placements, and solution
//! files are the engine's format (`new_solution`, `solution_text`,
//! `parse_solution`, `replay`).

mod check;
mod level;
mod run;
mod solution;

use contraption::world::PlacementError;
use contraption::SolutionError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::FileError;

pub use check::{check_part, PartCheck};
pub use level::{play_level, Levels, PlayLevel};
pub use run::{run, won, PlayRun, RUN_STRIDE};
pub use solution::{default_file_name, read_solution, solution_for, write_solution, SolutionFile};

/// Everything the play commands can refuse or fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayError {
    /// The engine refused the placements.
    #[error("{error}")]
    Placement { error: PlacementError },
    /// The engine refused the solution file.
    #[error("{error}")]
    Solution { error: SolutionError },
    #[error("{0}")]
    Io(FileError),
    #[error("part {index} does not exist; {count} parts are placed")]
    NoSuchPart { index: u32, count: u32 },
}

/// The label of the play window of `seed` (granted by the `play-*` capability).
pub fn window_label(seed: u32) -> String {
    format!("play-{seed}")
}

/// The page of the play window of `seed`.
pub fn window_url(seed: u32) -> String {
    format!("play.html?seed={seed}")
}
