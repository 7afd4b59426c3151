//! The rules draft's logic: the table of rules as the UI shows it (from the engine's
//! `RULE_FIELDS`, the table validation takes its bounds from), the draft (edited
//! one field at a time, each edit validated by the engine: a refused edit changes
//! nothing), its persistence in the app's data directory (written atomically after
//! every change, read back at start), the presets, and the difference between the
//! draft and the rules in force (`rules_diff`).
//!
//! `fields` is the table, one field's edit and the presets; `draft` the draft and
//! its file (`DraftStore`).

mod draft;
mod fields;
#[cfg(test)]
mod tests;

pub use draft::{DraftStore, RulesDraft};
pub use fields::{preset, rules_fields, set_field, value_text, RuleFieldInfo};

use contraption::RulesError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::files::FileError;
use crate::rules_book::RulesFileFailure;
use crate::slow::SlowRules;

/// The file the draft is kept in, in the app's data directory.
pub const DRAFT_FILE: &str = "rules-draft.json";

/// Why the rules draft refused a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RulesDraftError {
    /// The engine refused the value: the field, the value and what is allowed.
    #[error("{error}")]
    InvalidRules { error: RulesError },
    /// The text is not a value of the field's type (e.g. `strong` for a number).
    #[error("{field}: {message}")]
    NotAValue { field: String, message: String },
    #[error("there is no rules field {field}")]
    UnknownRulesField { field: String },
    #[error("there is no preset {name}; the presets are v1 and gears")]
    UnknownPreset { name: String },
    /// A rules file was refused (its path and the engine's reason).
    /// A rules file was refused: its path and the engine's reason (which names the field).
    #[error("cannot use the rules file {path}: {reason}")]
    RulesFile { path: String, reason: String },
    #[error("{error}")]
    RulesIo { error: FileError },
    /// Slow rules not asked for (a rules file opened as the draft, the draft
    /// applied or a seed compared under it): nothing changed or ran.
    #[error("{0}")]
    SlowRules(Box<SlowRules>),
}

impl From<Box<SlowRules>> for RulesDraftError {
    fn from(e: Box<SlowRules>) -> Self {
        RulesDraftError::SlowRules(e)
    }
}

impl From<RulesFileFailure> for RulesDraftError {
    fn from(e: RulesFileFailure) -> Self {
        match e {
            RulesFileFailure::Io { path, reason } => RulesDraftError::RulesIo {
                error: FileError {
                    action: "read".into(),
                    path,
                    reason,
                },
            },
            RulesFileFailure::Refused { path, error } => RulesDraftError::RulesFile {
                path,
                reason: error.to_string(),
            },
            RulesFileFailure::Slow(e) => RulesDraftError::SlowRules(e),
        }
    }
}

impl From<FileError> for RulesDraftError {
    fn from(error: FileError) -> Self {
        RulesDraftError::RulesIo { error }
    }
}
