//! The shareable level file: a versioned JSON document that says which seed and
//! rules made a level, carries the level and its hash, the generator's verdict, and
//! (schema version 2) a hash of the whole file.
//!
//! Reading one is strict (it is a file from someone else): a size limit, no repeated
//! keys, no unknown fields, a known schema version, finite numbers inside the field,
//! a level hash that matches the level and, in version 2, a file hash that matches
//! every other field, rules that match their id, and a daily key that names the
//! seed. So an edited file is **refused**; [`verify`] then regenerates the seed under
//! the file's rules, and only a self-consistent file that regenerates differently
//! shows **drift**. The hashes are integrity checks, not signatures: anyone can
//! write a consistent file, and verification is what says whether it is true.
//!
//! Verifying a file (regenerating it) is [`crate::files::verify_level`].
//!
//! Version 1 files (written before rules were data) are still read: their level
//! hash covers only the level, their daily key must name their seed, and they are
//! verified under the default rules; an edit elsewhere shows as drift, and a
//! removed daily key goes unnoticed (version 1 cannot tell).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::base::canonical::canonical_json;
use crate::base::strict_json::{self, JsonError};
use crate::files::envelope::{made_under, read_envelope, rules_mismatch, EnvelopeError};
use crate::generate::generator::{generate, GenerateOptions};
use crate::generate::pins::{check_pins, Pin};
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::seed::seed::{parse_seed, SeedSource};
use crate::world::hash::level_hash;
use crate::world::model::{Placement, World, WorldError};

/// The `format` field of every level file.
pub const LEVEL_FORMAT: &str = "contraption-level";
/// The schema version this engine writes.
pub const LEVEL_SCHEMA_VERSION: u32 = 2;
/// The schema version of an edited level (a seed's draws with pins).
pub const LEVEL_SCHEMA_EDITED: u32 = 3;
/// The first schema version, still read.
pub const LEVEL_SCHEMA_V1: u32 = 1;
/// Larger files are refused before they are parsed.
pub const MAX_LEVEL_FILE_BYTES: usize = 64 * 1024;

/// What the generator decided about the exported level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LevelVerdict {
    /// The 1-based attempt that shipped.
    pub shipped_attempt: u32,
    pub fallback: bool,
    pub all_pre_solved: bool,
    /// The ramp that solves it (accepted levels only).
    pub solution: Option<Placement>,
    pub reason: String,
}

/// A level file. `docs/level.schema.json` is its JSON Schema. Version 2 files have
/// `rules_id` and `file_hash`, and `rules` when they were made under rules other
/// than the default ones; version 1 files have none of the three.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    /// Always `contraption-level`.
    pub format: String,
    pub schema_version: u32,
    pub rules_version: u32,
    /// The id of the rules that made the level (version 2).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::files::envelope::present"
    )]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rules_id: Option<String>,
    /// The rules that made the level, when they are not the default ones (version 2).
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
    pub seed: u32,
    /// The daily key, when the level is a daily one.
    pub daily_key: Option<String>,
    pub level: World,
    pub level_hash: String,
    pub verdict: LevelVerdict,
    /// The pins a designer set on the seed's draws (schema version 3 only): the
    /// level is the pinned candidate of the seed, judged on its own, not the level
    /// the seed ships. See [`crate::files::edited_level`].
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::files::envelope::present"
    )]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub edited: Option<Vec<Pin>>,
    /// SHA-256 (64 hex digits) of the canonical JSON of every other field, in this
    /// order (version 2).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::files::envelope::present"
    )]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub file_hash: Option<String>,
}

/// Why a level file was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum LevelFileError {
    #[error("the file is {0} bytes; level files are at most 65536 bytes")]
    TooLarge(usize),
    #[error("the file is not UTF-8 text")]
    NotText,
    #[error("the file is not a level file: {0}")]
    Malformed(String),
    #[error("the file says format '{0}'; level files say 'contraption-level'")]
    WrongFormat(String),
    #[error(
        "schema version {0} is unknown; this engine reads versions 1, 2 and 3 (edited levels)"
    )]
    UnknownSchemaVersion(u32),
    #[error("the level is not valid: {0}")]
    InvalidLevel(WorldError),
    #[error("the level hash {stated} does not match the level's content ({actual}); the file was edited")]
    HashMismatch { stated: String, actual: String },
    #[error(
        "the file hash {stated} does not match the file's content ({actual}); the file was edited"
    )]
    FileHashMismatch { stated: String, actual: String },
    #[error(
        "the file names rules {stated}, but the rules it embeds are {actual}; the file was edited"
    )]
    RulesMismatch { stated: String, actual: String },
    #[error("the file was made under rules {0}, which it does not embed (only the default rules, v1, may be left out)")]
    MissingRules(String),
    #[error("the daily key {key} does not name seed {seed}; the file was edited")]
    DailyKeyMismatch { key: String, seed: u32 },
}

impl From<JsonError> for LevelFileError {
    fn from(e: JsonError) -> Self {
        match e {
            JsonError::TooLarge { size, .. } => LevelFileError::TooLarge(size),
            JsonError::NotText => LevelFileError::NotText,
            JsonError::Malformed { message } => LevelFileError::Malformed(message),
        }
    }
}

impl LevelFile {
    /// The file hash this file should carry: SHA-256 of the canonical JSON of
    /// every field but `file_hash`.
    pub fn computed_file_hash(&self) -> String {
        let body = LevelFile {
            file_hash: None,
            ..self.clone()
        };
        let digest = Sha256::digest(canonical_json(&body).as_bytes());
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The rules the file's level was made under: the embedded ones, or the default
    /// rules when the file names them (or is a version 1 file). `None` when the file
    /// names other rules without embedding them (a file the reader refuses).
    pub fn made_under(&self) -> Option<ValidRules> {
        made_under(self.rules_id.as_deref(), self.rules.as_ref())
    }
}

/// Builds the level file (schema version 2) of a seed under `rules`.
pub fn export_level(rules: &ValidRules, seed: u32, daily_key: Option<String>) -> LevelFile {
    let report = generate(rules, seed, &GenerateOptions::game());
    let s = report.shipped;
    let mut file = LevelFile {
        format: LEVEL_FORMAT.to_owned(),
        schema_version: LEVEL_SCHEMA_VERSION,
        rules_version: RULES_VERSION,
        rules_id: Some(rules.id().to_owned()),
        rules: (!rules.is_default()).then(|| rules.clone()),
        seed,
        daily_key,
        level: s.world,
        level_hash: s.level_hash,
        edited: None,
        verdict: LevelVerdict {
            shipped_attempt: s.attempt,
            fallback: s.fallback,
            all_pre_solved: s.all_pre_solved,
            solution: s.solution,
            reason: s.reason,
        },
        file_hash: None,
    };
    file.file_hash = Some(file.computed_file_hash());
    file
}

/// The bytes of a level file: pretty JSON with a final newline. The studio and the
/// CLI both write exactly this.
pub fn level_file_text(file: &LevelFile) -> String {
    serde_json::to_string_pretty(file).expect("level files always serialize") + "\n"
}

/// Reads a level file strictly. Nothing is regenerated here; see [`verify`].
pub fn parse_level_file(bytes: &[u8]) -> Result<LevelFile, LevelFileError> {
    let text = strict_json::checked_text(bytes, MAX_LEVEL_FILE_BYTES)?;
    let version = read_envelope(
        text,
        LEVEL_FORMAT,
        &[LEVEL_SCHEMA_V1, LEVEL_SCHEMA_VERSION, LEVEL_SCHEMA_EDITED],
    )
    .map_err(|e| match e {
        EnvelopeError::Json(e) => e.into(),
        EnvelopeError::WrongFormat(f) => LevelFileError::WrongFormat(f),
        EnvelopeError::MissingFormat => LevelFileError::Malformed("missing field `format`".into()),
        EnvelopeError::UnknownVersion(v) => {
            LevelFileError::UnknownSchemaVersion(u32::try_from(v).unwrap_or(u32::MAX))
        }
        EnvelopeError::MissingVersion => {
            LevelFileError::Malformed("`schema_version` must be a whole number".into())
        }
    })?;
    let file: LevelFile = strict_json::parse_checked(text)?;
    let fields = [
        ("rules_id", file.rules_id.is_some()),
        ("rules", file.rules.is_some()),
        ("file_hash", file.file_hash.is_some()),
        ("edited", file.edited.is_some()),
    ];
    if version == LEVEL_SCHEMA_V1 {
        if let Some((name, _)) = fields.iter().find(|(_, present)| *present) {
            return Err(LevelFileError::Malformed(format!(
                "unknown field `{name}` in a schema version 1 file"
            )));
        }
    } else {
        match (version == LEVEL_SCHEMA_EDITED, &file.edited) {
            (true, None) => return Err(LevelFileError::Malformed("missing field `edited`".into())),
            (true, Some(pins)) if pins.is_empty() => {
                return Err(LevelFileError::Malformed("`edited` names no pin".into()))
            }
            (false, Some(_)) => {
                return Err(LevelFileError::Malformed(
                    "unknown field `edited` in a schema version 2 file".into(),
                ))
            }
            _ => {}
        }
        for name in ["rules_id", "file_hash"] {
            if !fields.iter().any(|(n, present)| *n == name && *present) {
                return Err(LevelFileError::Malformed(format!("missing field `{name}`")));
            }
        }
    }
    // The file's rules: the embedded ones must be the ones it names; rules it does
    // not embed must be the default ones.
    if let Some((stated, actual)) = rules_mismatch(file.rules_id.as_deref(), file.rules.as_ref()) {
        return Err(LevelFileError::RulesMismatch { stated, actual });
    }
    let rules = file
        .made_under()
        .ok_or_else(|| LevelFileError::MissingRules(file.rules_id.clone().unwrap_or_default()))?;
    file.level
        .validate(&rules)
        .map_err(LevelFileError::InvalidLevel)?;
    if let Some(pins) = &file.edited {
        check_pins(pins, rules.generator.max_attempts)
            .map_err(|e| LevelFileError::Malformed(format!("the edited level's pins: {e}")))?;
    }
    if let Some(p) = &file.verdict.solution {
        if !p.is_finite() {
            return Err(LevelFileError::Malformed(
                "the solution has a number that is not finite".into(),
            ));
        }
    }
    let actual = level_hash(&file.level);
    if actual != file.level_hash {
        return Err(LevelFileError::HashMismatch {
            stated: file.level_hash,
            actual,
        });
    }
    if let Some(stated) = &file.file_hash {
        let actual = file.computed_file_hash();
        if &actual != stated {
            return Err(LevelFileError::FileHashMismatch {
                stated: stated.clone(),
                actual,
            });
        }
    }
    if let Some(key) = &file.daily_key {
        let names_seed = match parse_seed(key) {
            Ok(p) => {
                matches!(&p.source, SeedSource::Daily { key: k, .. } if k == key)
                    && p.seed == file.seed
            }
            Err(_) => false,
        };
        if !names_seed {
            return Err(LevelFileError::DailyKeyMismatch {
                key: key.clone(),
                seed: file.seed,
            });
        }
    }
    Ok(file)
}

pub use crate::files::verify_level::{verify, Drift, Verification};
