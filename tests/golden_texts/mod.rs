//! The texts of the golden files, computed with the engine alone.
//!
//! One copy of this code serves two builds: `tests/golden.rs` compares the texts with
//! `tests/golden/` on the host, and the runner in `tests/wasm/` prints them from a
//! `wasm32-wasip1` build run by Node (`scripts/golden-wasm.sh` compares its output
//! byte for byte with the same files). No I/O here: each function returns the whole
//! text.
//!
//! `tests/golden/*.txt` are the texts under the default rules (`v1`);
//! `tests/golden/NAME/*.txt` are the same texts under the rules of
//! `rules/NAME.json` (e.g. `tests/golden/gears/` under `rules/gears.json`), so the
//! physics and draws only other rules reach are checked too: the sweep places
//! ramps only, so `gear_runs` places gears.

use contraption::{
    canonical_json, check_placement, generate, simulate, GenerateOptions, Mode, Outcome, PartKind,
    Placement, SimOptions, Spin, ValidRules, RULES_VERSION,
};
use sha2::{Digest, Sha256};

/// The golden files of the default rules, by file stem (`tests/golden/<stem>.txt`).
pub const NAMES: [&str; 2] = ["level_hashes", "report_digest"];
/// The golden files under other rules (`tests/golden/<rules>/<stem>.txt`).
pub const RULES_NAMES: [&str; 3] = ["level_hashes", "report_digest", "gear_runs"];

/// The text of the golden file `<name>.txt` under `rules`, or `None` for a name not
/// in [`NAMES`] or [`RULES_NAMES`].
pub fn text(name: &str, rules: &ValidRules) -> Option<String> {
    match name {
        "level_hashes" => Some(level_hashes(rules)),
        "report_digest" => Some(report_digest(rules)),
        "gear_runs" => Some(gear_runs(rules)),
        _ => None,
    }
}

/// `level_hashes.txt`: the level every seed 0..=999 ships in game mode, with the
/// attempt that shipped it and whether it is the fallback. Under rules other than
/// the default ones, a second line names them by id.
pub fn level_hashes(rules: &ValidRules) -> String {
    let mut text = format!("# rules_version {RULES_VERSION}\n");
    if !rules.is_default() {
        text += &format!("# rules_id {}\n", rules.id());
    }
    text += "# seed level_hash shipped_attempt fallback\n";
    for seed in 0..=999u32 {
        let r = generate(rules, seed, &GenerateOptions::game());
        text += &format!(
            "{seed} {} {} {}\n",
            r.shipped.level_hash, r.shipped.attempt, r.shipped.fallback
        );
    }
    text
}

/// `report_digest.txt`: the SHA-256 of the canonical JSON of the complete inspector
/// reports (every sweep placement, trajectories sampled every 8 steps) of seeds 0..24.
pub fn report_digest(rules: &ValidRules) -> String {
    let options = GenerateOptions {
        mode: Mode::Inspector,
        trajectory_stride: 8,
    };
    let mut hasher = Sha256::new();
    for seed in 0..24u32 {
        hasher.update(canonical_json(&generate(rules, seed, &options)).as_bytes());
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{digest}\n")
}

/// `gear_runs.txt`: the gear's physics. For seeds 0..=99, the shipped level with
/// one gear placed at each point of a small grid around and below the ball's start
/// (x = ball ± 0, 4, 8; y = 22, 40, 60), turning each way, where play mode allows
/// it; each run simulated with its trajectory (every 8 steps). One line per seed:
/// the runs, how many ended in the goal / out / at rest / out of time, and the
/// first 16 hex digits of the SHA-256 of every run's placement and result.
pub fn gear_runs(rules: &ValidRules) -> String {
    let mut text = format!(
        "# rules_version {RULES_VERSION}\n# rules_id {}\n",
        rules.id()
    );
    text += "# seed runs goal out rest timeout digest\n";
    let options = SimOptions::with_trajectory(8);
    for seed in 0..100u32 {
        let world = generate(rules, seed, &GenerateOptions::game())
            .shipped
            .world;
        let mut hasher = Sha256::new();
        let mut counts = [0u32; 4];
        let mut runs = 0;
        for dy in [22.0, 40.0, 60.0] {
            for dx in [-8.0, -4.0, 0.0, 4.0, 8.0] {
                for spin in [Spin::Clockwise, Spin::CounterClockwise] {
                    let gear = Placement {
                        part: PartKind::Gear,
                        x: world.ball.x + dx,
                        y: dy,
                        angle: 0.0,
                        spin: Some(spin),
                    };
                    if check_placement(rules, &world, &[], &gear).is_err() {
                        continue;
                    }
                    let placements = [gear];
                    let result = simulate(rules, &world, &placements, &options);
                    counts[match result.outcome {
                        Outcome::Goal => 0,
                        Outcome::Out => 1,
                        Outcome::Rest => 2,
                        Outcome::Timeout => 3,
                    }] += 1;
                    runs += 1;
                    hasher.update(canonical_json(&placements).as_bytes());
                    hasher.update(canonical_json(&result).as_bytes());
                }
            }
        }
        let digest: String = hasher.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let [goal, out, rest, timeout] = counts;
        text += &format!("{seed} {runs} {goal} {out} {rest} {timeout} {digest}\n");
    }
    text
}
