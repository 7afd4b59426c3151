//! Golden files: the level every seed 0..=999 ships, and a digest of complete
//! inspector reports. Any change to the PRNG, the generator or the physics shows up
//! here. Regenerate deliberately with `UPDATE_GOLDEN=1 cargo test --test golden`.

mod common;

use contraption::{canonical_json, generate, GenerateOptions, Mode, RULES_VERSION};
use sha2::{Digest, Sha256};

#[test]
fn level_hashes_of_seeds_0_to_999() {
    let mut text =
        format!("# rules_version {RULES_VERSION}\n# seed level_hash shipped_attempt fallback\n");
    for seed in 0..=999u32 {
        let r = common::game(seed);
        text += &format!(
            "{seed} {} {} {}\n",
            r.shipped.level_hash, r.shipped.attempt, r.shipped.fallback
        );
    }
    common::check_golden("level_hashes.txt", &text);
}

#[test]
fn digest_of_full_reports_with_trajectories() {
    let options = GenerateOptions {
        mode: Mode::Inspector,
        trajectory_stride: 8,
    };
    let rules = common::v1();
    let mut hasher = Sha256::new();
    for seed in 0..24u32 {
        hasher.update(canonical_json(&generate(&rules, seed, &options)).as_bytes());
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    common::check_golden("report_digest.txt", &format!("{digest}\n"));
}
