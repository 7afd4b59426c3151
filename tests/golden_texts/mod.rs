//! The texts of the golden files, computed with the engine alone.
//!
//! One copy of this code serves two builds: `tests/golden.rs` compares the texts with
//! `tests/golden/` on the host, and the runner in `tests/wasm/` prints them from a
//! `wasm32-wasip1` build run by Node (`scripts/test.sh` compares its output byte for
//! byte with the same files). No I/O here: each function returns the whole text.
//! The golden files are those of the default rules (`v1`).

use contraption::{canonical_json, generate, GenerateOptions, Mode, ValidRules, RULES_VERSION};
use sha2::{Digest, Sha256};

/// The golden files these functions produce, by file stem (`tests/golden/<stem>.txt`).
pub const NAMES: [&str; 2] = ["level_hashes", "report_digest"];

/// The text of `tests/golden/<name>.txt`, or `None` for a name not in [`NAMES`].
pub fn text(name: &str) -> Option<String> {
    match name {
        "level_hashes" => Some(level_hashes()),
        "report_digest" => Some(report_digest()),
        _ => None,
    }
}

/// `level_hashes.txt`: the level every seed 0..=999 ships in game mode, with the
/// attempt that shipped it and whether it is the fallback.
pub fn level_hashes() -> String {
    let mut text =
        format!("# rules_version {RULES_VERSION}\n# seed level_hash shipped_attempt fallback\n");
    let rules = ValidRules::default();
    for seed in 0..=999u32 {
        let r = generate(&rules, seed, &GenerateOptions::game());
        text += &format!(
            "{seed} {} {} {}\n",
            r.shipped.level_hash, r.shipped.attempt, r.shipped.fallback
        );
    }
    text
}

/// `report_digest.txt`: the SHA-256 of the canonical JSON of the complete inspector
/// reports (every sweep placement, trajectories sampled every 8 steps) of seeds 0..24.
pub fn report_digest() -> String {
    let options = GenerateOptions {
        mode: Mode::Inspector,
        trajectory_stride: 8,
    };
    let rules = ValidRules::default();
    let mut hasher = Sha256::new();
    for seed in 0..24u32 {
        hasher.update(canonical_json(&generate(&rules, seed, &options)).as_bytes());
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{digest}\n")
}
