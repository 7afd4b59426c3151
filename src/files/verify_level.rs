//! Verifying a level file: regenerating its seed (or, for an edited level,
//! applying its pins again) under the file's rules with this engine, and listing
//! every field that differs.

use serde::{Deserialize, Serialize};

use crate::files::edited_level::edited_now;
use crate::files::level_file::{export_level, LevelFile, LEVEL_SCHEMA_V1};
use crate::rules::value::RULES_VERSION;

/// One field that differs between a file and what its rules generate now.
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

/// The outcome of verifying a level file by regenerating it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Verification {
    pub seed: u32,
    pub file_rules_version: u32,
    pub rules_version: u32,
    /// The id of the rules the level was regenerated under (the file's).
    pub rules_id: String,
    /// The level hash the file states.
    pub file_hash: String,
    pub regenerated_hash: String,
    /// Whether the regenerated level and verdict equal the file's.
    pub identical: bool,
    /// Every differing field, in document order.
    pub drift: Vec<Drift>,
}

/// Regenerates the file's seed under the file's rules (the embedded ones, or the
/// default rules) with this engine and lists what differs. The file hash itself is
/// not compared (it differs whenever anything else does). A file whose rules are
/// unknown here (which [`parse_level_file`] refuses) is regenerated under the
/// default rules, so its `rules_id` shows as drift.
pub fn verify(file: &LevelFile) -> Verification {
    let rules = file.made_under().unwrap_or_default();
    let mut now = match &file.edited {
        Some(pins) => edited_now(&rules, file, pins),
        None => export_level(&rules, file.seed, file.daily_key.clone()),
    };
    let mut mine = file.clone();
    mine.file_hash = None;
    now.file_hash = None;
    if file.schema_version == LEVEL_SCHEMA_V1 {
        // Compare what a version 1 file says: its format is not drift.
        now.schema_version = LEVEL_SCHEMA_V1;
        now.rules_id = None;
        now.rules = None;
    }
    let mut drift = Vec::new();
    let a = serde_json::to_value(&mine).expect("serializes");
    let b = serde_json::to_value(&now).expect("serializes");
    diff_values("", &a, &b, &mut drift);
    Verification {
        seed: file.seed,
        file_rules_version: file.rules_version,
        rules_version: RULES_VERSION,
        rules_id: rules.id().to_owned(),
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
            // serde_json's map keeps keys sorted: a stable order. Keys only one
            // side has count too.
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                diff_values(
                    &p,
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    out,
                );
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
