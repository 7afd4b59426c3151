//! Golden files: the level every seed 0..=999 ships, and a digest of complete
//! inspector reports. Any change to the PRNG, the generator or the physics shows up
//! here. Regenerate deliberately with `UPDATE_GOLDEN=1 cargo test --test golden`.
//!
//! The texts come from `tests/golden_texts/`, which the WebAssembly runner in
//! `tests/wasm/` shares: `scripts/test.sh` checks the same files under Node's WASI.

mod common;
mod golden_texts;

fn check(name: &str) {
    let text = golden_texts::text(name).expect("a golden text of the shared module");
    common::check_golden(&format!("{name}.txt"), &text);
}

#[test]
fn level_hashes_of_seeds_0_to_999() {
    check("level_hashes");
}

#[test]
fn digest_of_full_reports_with_trajectories() {
    check("report_digest");
}

/// Every file in tests/golden/ is one the shared module computes, so the
/// WebAssembly check (which asks the runner for each file there) covers them all.
#[test]
fn every_golden_file_has_a_shared_text() {
    let mut files: Vec<String> = std::fs::read_dir(common::golden_path(""))
        .expect("read tests/golden")
        .map(|e| e.expect("a directory entry").file_name())
        .filter_map(|n| n.to_str()?.strip_suffix(".txt").map(str::to_owned))
        .collect();
    files.sort();
    let mut names = golden_texts::NAMES.map(str::to_owned).to_vec();
    names.sort();
    assert_eq!(files, names, "tests/golden/*.txt and golden_texts::NAMES");
}
