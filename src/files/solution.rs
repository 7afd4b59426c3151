//! Solution files: the parts a player placed on a seed, and a headless replay that
//! says whether they carry the ball to the goal under the rules the solution was
//! made with.
//!
//! Schema version 2 records the rules id and, for rules other than the default
//! ones, embeds the rules, so a solution replays anywhere. Version 1 files (no
//! `rules_id`) are still read, as solutions under the default rules. A solution
//! carries no file hash: replaying it regenerates the level and checks and
//! simulates every placement, so an edited solution is judged, not trusted.

use serde::{Deserialize, Serialize};

use crate::base::strict_json::{self, JsonError};
use crate::files::envelope::{made_under, read_envelope, rules_mismatch, EnvelopeError};
use crate::generate::generator::{generate, GenerateOptions};
use crate::rules::legal::{check_placements, PlacementError};
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::sim::{simulate, Outcome, SimOptions, SimResult};
use crate::world::model::Placement;

/// The `format` field of every solution file.
pub const SOLUTION_FORMAT: &str = "contraption-solution";
/// The schema version this engine writes.
pub const SOLUTION_SCHEMA_VERSION: u32 = 2;
/// The first schema version, still read.
pub const SOLUTION_SCHEMA_V1: u32 = 1;
/// Larger files are refused before they are parsed.
pub const MAX_SOLUTION_FILE_BYTES: usize = 64 * 1024;

/// A solution: which level (seed, rules and level hash) and the parts placed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Solution {
    pub format: String,
    pub schema_version: u32,
    pub seed: u32,
    pub rules_version: u32,
    /// The id of the rules of the level (version 2).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::files::envelope::present"
    )]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rules_id: Option<String>,
    /// The rules, when they are not the default ones (version 2).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::files::envelope::present"
    )]
    #[cfg_attr(
        feature = "ts",
        ts(as = "Option<crate::rules::value::Rules>", optional)
    )]
    pub rules: Option<ValidRules>,
    pub level_hash: String,
    pub placements: Vec<Placement>,
}

impl Solution {
    /// The rules the solution was made under: the embedded ones, or the default
    /// rules when it names them (or is a version 1 file); `None` when it names
    /// other rules without embedding them.
    pub fn made_under(&self) -> Option<ValidRules> {
        made_under(self.rules_id.as_deref(), self.rules.as_ref())
    }
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
    #[error("schema version {0} is unknown; this engine reads versions 1 and 2")]
    UnknownSchemaVersion(u32),
    #[error("the solution was made with rules version {file}; these are rules version {current}")]
    OtherRules { file: u32, current: u32 },
    #[error("the solution names rules {stated}, but the rules it embeds are {actual}; the file was edited")]
    RulesMismatch { stated: String, actual: String },
    #[error("the solution was made under rules {0}, which it does not embed (only the default rules, v1, may be left out)")]
    MissingRules(String),
    #[error("the solution is for level {file}, but seed {seed} now makes level {current}")]
    OtherLevel {
        seed: u32,
        file: String,
        current: String,
    },
    #[error("the placements break the rules: {0}")]
    IllegalPlacement(PlacementError),
}

impl From<JsonError> for SolutionError {
    fn from(e: JsonError) -> Self {
        match e {
            JsonError::TooLarge { size, .. } => SolutionError::TooLarge(size),
            JsonError::NotText => SolutionError::Malformed("the file is not UTF-8 text".into()),
            JsonError::Malformed { message } => SolutionError::Malformed(message),
        }
    }
}

/// A solution (schema version 2) for `seed` under `rules`.
pub fn new_solution(
    rules: &ValidRules,
    seed: u32,
    level_hash: String,
    placements: Vec<Placement>,
) -> Solution {
    Solution {
        format: SOLUTION_FORMAT.to_owned(),
        schema_version: SOLUTION_SCHEMA_VERSION,
        seed,
        rules_version: RULES_VERSION,
        rules_id: Some(rules.id().to_owned()),
        rules: (!rules.is_default()).then(|| rules.clone()),
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
    let text = strict_json::checked_text(bytes, MAX_SOLUTION_FILE_BYTES)?;
    read_envelope(
        text,
        SOLUTION_FORMAT,
        &[SOLUTION_SCHEMA_V1, SOLUTION_SCHEMA_VERSION],
    )
    .map_err(|e| match e {
        EnvelopeError::Json(e) => e.into(),
        EnvelopeError::WrongFormat(f) => {
            SolutionError::Malformed(format!("format is '{f}', not '{SOLUTION_FORMAT}'"))
        }
        EnvelopeError::MissingFormat => SolutionError::Malformed("missing field `format`".into()),
        EnvelopeError::UnknownVersion(v) => {
            SolutionError::UnknownSchemaVersion(u32::try_from(v).unwrap_or(u32::MAX))
        }
        EnvelopeError::MissingVersion => {
            SolutionError::Malformed("missing field `schema_version`".into())
        }
    })?;
    let s: Solution = strict_json::parse_checked(text)?;
    match s.schema_version {
        SOLUTION_SCHEMA_V1 => {
            if s.rules_id.is_some() || s.rules.is_some() {
                return Err(SolutionError::Malformed(
                    "`rules_id` and `rules` are not part of schema version 1".into(),
                ));
            }
        }
        SOLUTION_SCHEMA_VERSION => {
            let Some(stated) = &s.rules_id else {
                return Err(SolutionError::Malformed("missing field `rules_id`".into()));
            };
            if let Some((stated, actual)) = rules_mismatch(Some(stated), s.rules.as_ref()) {
                return Err(SolutionError::RulesMismatch { stated, actual });
            }
            if s.made_under().is_none() {
                return Err(SolutionError::MissingRules(stated.clone()));
            }
        }
        v => return Err(SolutionError::UnknownSchemaVersion(v)),
    }
    Ok(s)
}

/// Regenerates the solution's level under the solution's rules (the embedded ones,
/// or the default rules), refuses another rules version or level, checks the
/// placements as play mode does, and simulates them.
pub fn replay(solution: &Solution, options: &SimOptions) -> Result<SimResult, SolutionError> {
    if solution.rules_version != RULES_VERSION {
        return Err(SolutionError::OtherRules {
            file: solution.rules_version,
            current: RULES_VERSION,
        });
    }
    let rules = solution.made_under().ok_or_else(|| {
        SolutionError::MissingRules(solution.rules_id.clone().unwrap_or_default())
    })?;
    let shipped = generate(&rules, solution.seed, &GenerateOptions::game()).shipped;
    if shipped.level_hash != solution.level_hash {
        return Err(SolutionError::OtherLevel {
            seed: solution.seed,
            file: solution.level_hash.clone(),
            current: shipped.level_hash,
        });
    }
    check_placements(&rules, &shipped.world, &solution.placements)
        .map_err(SolutionError::IllegalPlacement)?;
    Ok(simulate(
        &rules,
        &shipped.world,
        &solution.placements,
        options,
    ))
}

/// Whether a replay reached the goal.
pub fn solves(result: &SimResult) -> bool {
    result.outcome == Outcome::Goal
}
