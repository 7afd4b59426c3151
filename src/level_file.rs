//! The shareable level file: a versioned JSON document that says which seed and
//! rules made a level, carries the level and its hash, and the generator's verdict.
//!
//! Reading one is strict (it is a file from someone else): a size limit, no unknown
//! fields, a known schema version, finite numbers inside the field, and a level hash
//! that matches the level. [`verify`] then regenerates the seed and reports drift.

use serde::{Deserialize, Serialize};

use crate::canonical::level_hash;
use crate::generator::{generate, GenerateOptions};
use crate::rules::RULES_VERSION;
use crate::world::{Placement, World, WorldError};

/// The `format` field of every level file.
pub const LEVEL_FORMAT: &str = "contraption-level";
/// The schema version this engine writes and reads.
pub const LEVEL_SCHEMA_VERSION: u32 = 1;
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

/// A level file, schema version 1. `docs/level.schema.json` is its JSON Schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    /// Always `contraption-level`.
    pub format: String,
    pub schema_version: u32,
    pub rules_version: u32,
    pub seed: u32,
    /// The daily key, when the level is a daily one.
    pub daily_key: Option<String>,
    pub level: World,
    pub level_hash: String,
    pub verdict: LevelVerdict,
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
    #[error("schema version {0} is unknown; this engine reads version 1")]
    UnknownSchemaVersion(u32),
    #[error("the level is not valid: {0}")]
    InvalidLevel(WorldError),
    #[error("the level hash {stated} does not match the level's content ({actual}); the file was edited")]
    HashMismatch { stated: String, actual: String },
}

/// Builds the level file of a seed with the current rules.
pub fn export_level(seed: u32, daily_key: Option<String>) -> LevelFile {
    let report = generate(seed, &GenerateOptions::game());
    let s = report.shipped;
    LevelFile {
        format: LEVEL_FORMAT.to_owned(),
        schema_version: LEVEL_SCHEMA_VERSION,
        rules_version: RULES_VERSION,
        seed,
        daily_key,
        level: s.world,
        level_hash: s.level_hash,
        verdict: LevelVerdict {
            shipped_attempt: s.attempt,
            fallback: s.fallback,
            all_pre_solved: s.all_pre_solved,
            solution: s.solution,
            reason: s.reason,
        },
    }
}

/// The bytes of a level file: pretty JSON with a final newline. The studio and the
/// CLI both write exactly this.
pub fn level_file_text(file: &LevelFile) -> String {
    serde_json::to_string_pretty(file).expect("level files always serialize") + "\n"
}

/// Reads a level file strictly. Nothing is regenerated here; see [`verify`].
pub fn parse_level_file(bytes: &[u8]) -> Result<LevelFile, LevelFileError> {
    if bytes.len() > MAX_LEVEL_FILE_BYTES {
        return Err(LevelFileError::TooLarge(bytes.len()));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| LevelFileError::NotText)?;
    // Read the header first, so a file of another version gets the right message.
    #[derive(Deserialize)]
    struct Header {
        format: Option<serde_json::Value>,
        schema_version: Option<serde_json::Value>,
    }
    let header: Header =
        serde_json::from_str(text).map_err(|e| LevelFileError::Malformed(e.to_string()))?;
    match header.format {
        Some(serde_json::Value::String(f)) if f == LEVEL_FORMAT => {}
        Some(serde_json::Value::String(f)) => return Err(LevelFileError::WrongFormat(f)),
        _ => return Err(LevelFileError::Malformed("missing field `format`".into())),
    }
    match header.schema_version.as_ref().and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(LEVEL_SCHEMA_VERSION) => {}
        Some(v) => {
            return Err(LevelFileError::UnknownSchemaVersion(
                u32::try_from(v).unwrap_or(u32::MAX),
            ))
        }
        None => {
            return Err(LevelFileError::Malformed(
                "`schema_version` must be a whole number".into(),
            ))
        }
    }
    let file: LevelFile =
        serde_json::from_str(text).map_err(|e| LevelFileError::Malformed(e.to_string()))?;
    file.level
        .validate()
        .map_err(LevelFileError::InvalidLevel)?;
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
    Ok(file)
}

/// One field that differs between a file and what the current rules generate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Drift {
    /// A path such as `level.walls[2].a.x` or `verdict.shipped_attempt`.
    pub field: String,
    /// The file's value, as JSON text.
    pub file: String,
    /// The regenerated value, as JSON text.
    pub now: String,
}

/// The outcome of verifying a level file against the current rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Verification {
    pub seed: u32,
    pub file_rules_version: u32,
    pub rules_version: u32,
    pub file_hash: String,
    pub regenerated_hash: String,
    /// Whether the regenerated level and verdict equal the file's.
    pub identical: bool,
    /// Every differing field, in document order.
    pub drift: Vec<Drift>,
}

/// Regenerates the file's seed with the current rules and lists what differs.
pub fn verify(file: &LevelFile) -> Verification {
    let now = export_level(file.seed, file.daily_key.clone());
    let mut drift = Vec::new();
    let a = serde_json::to_value(file).expect("serializes");
    let b = serde_json::to_value(&now).expect("serializes");
    diff_values("", &a, &b, &mut drift);
    Verification {
        seed: file.seed,
        file_rules_version: file.rules_version,
        rules_version: RULES_VERSION,
        file_hash: file.level_hash.clone(),
        regenerated_hash: now.level_hash,
        identical: drift.is_empty(),
        drift,
    }
}

fn diff_values(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<Drift>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            // serde_json's map keeps keys sorted: a stable order.
            for (k, va) in x {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                diff_values(&p, va, y.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                diff_values(&format!("{path}[{i}]"), va, vb, out);
            }
        }
        _ if a != b => out.push(Drift {
            field: path.to_owned(),
            file: a.to_string(),
            now: b.to_string(),
        }),
        _ => {}
    }
}
