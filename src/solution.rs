//! Solution files: the parts a player placed on a seed, and a headless replay that
//! says whether they carry the ball to the goal under the current rules.

use serde::{Deserialize, Serialize};

use crate::generator::{generate, GenerateOptions};
use crate::rules::RULES_VERSION;
use crate::sim::{simulate, Outcome, SimOptions, SimResult};
use crate::world::{check_placements, Placement, PlacementError};

/// The `format` field of every solution file.
pub const SOLUTION_FORMAT: &str = "contraption-solution";
/// The schema version this engine writes and reads.
pub const SOLUTION_SCHEMA_VERSION: u32 = 1;
/// Larger files are refused before they are parsed.
pub const MAX_SOLUTION_FILE_BYTES: usize = 64 * 1024;

/// A solution: which level (seed, rules version and level hash) and the parts placed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Solution {
    pub format: String,
    pub schema_version: u32,
    pub seed: u32,
    pub rules_version: u32,
    pub level_hash: String,
    pub placements: Vec<Placement>,
}

/// Why a solution cannot be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum SolutionError {
    #[error("the file is {0} bytes; solution files are at most 65536 bytes")]
    TooLarge(usize),
    #[error("the file is not a solution file: {0}")]
    Malformed(String),
    #[error("schema version {0} is unknown; this engine reads version 1")]
    UnknownSchemaVersion(u32),
    #[error("the solution was made with rules version {file}; these are rules version {current}")]
    OtherRules { file: u32, current: u32 },
    #[error("the solution is for level {file}, but seed {seed} now makes level {current}")]
    OtherLevel {
        seed: u32,
        file: String,
        current: String,
    },
    #[error("the placements break the rules: {0}")]
    IllegalPlacement(PlacementError),
}

/// A solution for `seed` with the current rules.
pub fn new_solution(seed: u32, level_hash: String, placements: Vec<Placement>) -> Solution {
    Solution {
        format: SOLUTION_FORMAT.to_owned(),
        schema_version: SOLUTION_SCHEMA_VERSION,
        seed,
        rules_version: RULES_VERSION,
        level_hash,
        placements,
    }
}

/// The bytes of a solution file: pretty JSON and a final newline.
pub fn solution_text(solution: &Solution) -> String {
    serde_json::to_string_pretty(solution).expect("solutions always serialize") + "\n"
}

/// Reads a solution file strictly.
pub fn parse_solution(bytes: &[u8]) -> Result<Solution, SolutionError> {
    if bytes.len() > MAX_SOLUTION_FILE_BYTES {
        return Err(SolutionError::TooLarge(bytes.len()));
    }
    let s: Solution =
        serde_json::from_slice(bytes).map_err(|e| SolutionError::Malformed(e.to_string()))?;
    if s.format != SOLUTION_FORMAT {
        return Err(SolutionError::Malformed(format!(
            "format is '{}', not '{SOLUTION_FORMAT}'",
            s.format
        )));
    }
    if s.schema_version != SOLUTION_SCHEMA_VERSION {
        return Err(SolutionError::UnknownSchemaVersion(s.schema_version));
    }
    Ok(s)
}

/// Regenerates the solution's level, refuses another rules version or level, checks
/// the placements as play mode does, and simulates them.
pub fn replay(solution: &Solution, options: &SimOptions) -> Result<SimResult, SolutionError> {
    if solution.rules_version != RULES_VERSION {
        return Err(SolutionError::OtherRules {
            file: solution.rules_version,
            current: RULES_VERSION,
        });
    }
    let shipped = generate(solution.seed, &GenerateOptions::game()).shipped;
    if shipped.level_hash != solution.level_hash {
        return Err(SolutionError::OtherLevel {
            seed: solution.seed,
            file: solution.level_hash.clone(),
            current: shipped.level_hash,
        });
    }
    check_placements(&shipped.world, &solution.placements)
        .map_err(SolutionError::IllegalPlacement)?;
    Ok(simulate(&shipped.world, &solution.placements, options))
}

/// Whether a replay reached the goal.
pub fn solves(result: &SimResult) -> bool {
    result.outcome == Outcome::Goal
}
