//! Solution files from the play window: the engine's format, written atomically,
//! read with a bound and replayed by the engine.

use std::path::Path;

use contraption::check_placements;
use contraption::solution::MAX_SOLUTION_FILE_BYTES;
use contraption::{
    new_solution, parse_solution, replay, solution_text, Placement, SimOptions, Solution,
    SolutionError, ValidRules, World,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::run::{PlayRun, RUN_STRIDE};
use super::PlayError;
use crate::files::{self, ReadFailure};
use crate::rules_book::RulesBook;
use crate::slow;

/// A solution file written or read by the play window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SolutionFile {
    pub path: String,
    pub solution: Solution,
    /// The id of the rules it replays under (remembered by the studio, so a play
    /// window can load its level under them).
    pub rules_id: String,
    /// The engine's replay of the solution (`contraption::solution::replay`).
    pub run: PlayRun,
}

/// The solution the play window saves for `placements` on `seed`: the engine's
/// `new_solution` with the window's rules (embedded unless they are the default
/// rules) and level hash. Illegal placements are refused (the file could never
/// replay).
pub fn solution_for(
    rules: &ValidRules,
    seed: u32,
    level_hash: &str,
    world: &World,
    placements: &[Placement],
) -> Result<Solution, PlayError> {
    check_placements(rules, world, placements).map_err(|error| PlayError::Placement { error })?;
    Ok(new_solution(
        rules,
        seed,
        level_hash.to_owned(),
        placements.to_vec(),
    ))
}

/// Writes the solution file (`solution_text`) atomically and replays what was
/// written (under the window's own rules: slow ones were asked for already).
pub fn write_solution(
    book: &RulesBook,
    path: &Path,
    solution: &Solution,
) -> Result<SolutionFile, PlayError> {
    files::write(path, solution_text(solution).as_bytes()).map_err(PlayError::PlayIo)?;
    read_solution(book, path, true)
}

/// Reads a solution file (at most `MAX_SOLUTION_FILE_BYTES`) strictly and replays
/// it with the engine's `replay` under the rules it embeds (another rules version
/// or level, or illegal placements, are refused); its rules go in the book.
/// Embedded rules that are slow are refused (`slow_rules`, before the replay,
/// and the book stays as it was) unless `allow_slow`.
pub fn read_solution(
    book: &RulesBook,
    path: &Path,
    allow_slow: bool,
) -> Result<SolutionFile, PlayError> {
    let bytes = files::read(path, MAX_SOLUTION_FILE_BYTES).map_err(|e| match e {
        ReadFailure::TooLarge(size) => PlayError::Solution {
            error: SolutionError::TooLarge(usize::try_from(size).unwrap_or(usize::MAX)),
        },
        ReadFailure::Io(e) => PlayError::PlayIo(e),
    })?;
    let solution = parse_solution(&bytes).map_err(|error| PlayError::Solution { error })?;
    if let Some(rules) = solution.made_under() {
        slow::check(&rules, Some(path), allow_slow).map_err(PlayError::SlowRules)?;
    }
    let result = replay(&solution, &SimOptions::with_trajectory(RUN_STRIDE))
        .map_err(|error| PlayError::Solution { error })?;
    let rules = solution
        .made_under()
        .expect("replay refuses a solution without its rules");
    Ok(SolutionFile {
        path: path.display().to_string(),
        rules_id: book.remember(&rules),
        run: PlayRun::new(&rules, solution.seed, &solution.placements, result),
        solution,
    })
}

/// The file name the save dialog proposes.
pub fn default_file_name(seed: u32) -> String {
    format!("contraption-{seed}.solution.json")
}
