//! Rules files: a versioned JSON document holding one [`Rules`] value.
//!
//! ```json
//! { "format": "contraption-rules", "schema_version": 1, "rules": { "field": …, … } }
//! ```
//!
//! Every field of the rules is required (a file says everything it means); reading
//! is strict ([`crate::base::strict_json`]: a size limit, no repeated keys, no unknown
//! fields) and then validated ([`ValidRules::new`]). The rules id is that of the
//! `rules` object, not of the file.

use serde::{Deserialize, Serialize};

use crate::base::strict_json::{self, JsonError};
use crate::files::envelope::{read_envelope, EnvelopeError};
use crate::rules::valid::{RulesError, ValidRules};
use crate::rules::value::Rules;

/// The `format` field of every rules file.
pub const RULES_FORMAT: &str = "contraption-rules";
/// The schema version this engine writes and reads.
pub const RULES_SCHEMA_VERSION: u32 = 1;
/// Larger files are refused before they are parsed.
pub const MAX_RULES_FILE_BYTES: usize = 64 * 1024;

/// A rules file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// Always `contraption-rules`.
    pub format: String,
    pub schema_version: u32,
    pub rules: Rules,
}

/// Why a rules file was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum RulesFileError {
    #[error("the file is {0} bytes; rules files are at most 65536 bytes")]
    TooLarge(usize),
    #[error("the file is not UTF-8 text")]
    NotText,
    #[error("the file is not a rules file: {0}")]
    Malformed(String),
    #[error("the file says format '{0}'; rules files say 'contraption-rules'")]
    WrongFormat(String),
    #[error("schema version {0} is unknown; this engine reads version 1")]
    UnknownSchemaVersion(u64),
    #[error("the rules are not valid: {0}")]
    Invalid(RulesError),
}

impl From<JsonError> for RulesFileError {
    fn from(e: JsonError) -> Self {
        match e {
            JsonError::TooLarge { size, .. } => RulesFileError::TooLarge(size),
            JsonError::NotText => RulesFileError::NotText,
            JsonError::Malformed { message } => RulesFileError::Malformed(message),
        }
    }
}

/// The bytes of a rules file: pretty JSON with a final newline.
pub fn rules_file_text(rules: &ValidRules) -> String {
    let file = RulesFile {
        format: RULES_FORMAT.to_owned(),
        schema_version: RULES_SCHEMA_VERSION,
        rules: rules.rules().clone(),
    };
    serde_json::to_string_pretty(&file).expect("rules always serialize") + "\n"
}

/// Reads a rules file strictly and validates the rules.
pub fn parse_rules_file(bytes: &[u8]) -> Result<ValidRules, RulesFileError> {
    // Refusals name the field of the rules (`at physics.gravity: …`).
    let text = strict_json::checked_text_at(bytes, MAX_RULES_FILE_BYTES, "rules")?;
    read_envelope(text, RULES_FORMAT, &[RULES_SCHEMA_VERSION]).map_err(|e| match e {
        EnvelopeError::Json(e) => e.into(),
        EnvelopeError::WrongFormat(f) => RulesFileError::WrongFormat(f),
        EnvelopeError::MissingFormat => RulesFileError::Malformed("missing field `format`".into()),
        EnvelopeError::UnknownVersion(v) => RulesFileError::UnknownSchemaVersion(v),
        EnvelopeError::MissingVersion => {
            RulesFileError::Malformed("missing field `schema_version`".into())
        }
    })?;
    let file: RulesFile = strict_json::parse_checked_at(text, "rules")?;
    ValidRules::new(file.rules).map_err(RulesFileError::Invalid)
}
