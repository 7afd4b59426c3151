//! Play mode: one seed's shipped level in a window of its own, parts placed by the
//! player, and the engine's `simulate` for every run.
//!
//! Every play window plays under one set of rules, named by its id: the rules in
//! force, or the rules a level or solution file embeds (`RulesBook`).
//!
//! Only the engine decides: the level is `generate(rules, seed)`'s shipped world,
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

use contraption::SolutionError;
use contraption::{Pin, PinError, PlacementError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::files::FileError;
use crate::rules_book::UnknownRules;
use crate::slow::SlowRules;

pub use check::{check_part, PartCheck};
pub use level::{play_level, play_level_with, EditedPlay, Levels, PlayLevel};
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
    /// A solution file that could not be read or written.
    #[error("{0}")]
    PlayIo(FileError),
    #[error("part {index} does not exist; {count} parts are placed")]
    NoSuchPart { index: u32, count: u32 },
    /// The window names rules the studio does not know (any more).
    #[error("{0}")]
    UnknownRules(UnknownRules),
    /// The solution file embeds slow rules and they were not asked for: nothing
    /// was replayed (read it again with `allow_slow`).
    #[error("{0}")]
    SlowRules(Box<SlowRules>),
    /// The engine refused the pins of an edited level.
    #[error("{error}")]
    EditedPins { error: PinError },
    /// A solution file names a seed's level; an edited level has none to name.
    #[error("a solution of an edited level cannot be saved: a solution file names a seed's own level (export the edited level instead)")]
    EditedSolution,
}

impl From<UnknownRules> for PlayError {
    fn from(e: UnknownRules) -> Self {
        PlayError::UnknownRules(e)
    }
}

/// The label of the play window of `seed` under the rules `rules_id` (granted by
/// the `play-*` capability): `play-SEED` under the rules in force, else
/// `play-SEED-ID`, so one seed can be open under two sets of rules.
pub fn window_label(seed: u32, rules_id: &str, in_force: bool) -> String {
    if in_force {
        format!("play-{seed}")
    } else {
        format!("play-{seed}-{rules_id}")
    }
}

/// The page of the play window of `seed` under the rules `rules_id`.
pub fn window_url(seed: u32, rules_id: &str) -> String {
    format!("play.html?seed={seed}&rules={rules_id}")
}

/// A short checksum of the pins' text (FNV-1a, 32 bits, in hex), for window labels.
fn pins_checksum(pins: &[Pin]) -> String {
    let text: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
    let mut h: u32 = 0x811c_9dc5;
    for b in text.join(" ").bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(16_777_619);
    }
    format!("{h:08x}")
}

/// The label of the play window of `seed`'s edited level with `pins`:
/// `play-SEED-edited-SUM` (or `play-SEED-ID-edited-SUM` under other rules than
/// those in force), so it never names the seed's own window.
pub fn edited_window_label(seed: u32, rules_id: &str, in_force: bool, pins: &[Pin]) -> String {
    format!(
        "{}-edited-{}",
        window_label(seed, rules_id, in_force),
        pins_checksum(pins)
    )
}

/// The page of that window: the seed's page with `pins=` the pins as JSON, each
/// byte in hex (nothing a URL or a path could escape again on the way).
pub fn edited_window_url(seed: u32, rules_id: &str, pins: &[Pin]) -> String {
    let json = serde_json::to_string(pins).unwrap_or_else(|_| "[]".into());
    let hex: String = json.bytes().map(|b| format!("{b:02x}")).collect();
    format!("{}&pins={hex}", window_url(seed, rules_id))
}
