//! Golden files: the level every seed 0..=999 ships, and a digest of complete
//! inspector reports. Any change to the PRNG, the generator or the physics shows up
//! here. Regenerate deliberately with `UPDATE_GOLDEN=1 cargo test --test golden`.
//!
//! `tests/golden/*.txt` hold the texts under the default rules; each directory
//! `tests/golden/NAME/` holds them under the rules of `rules/NAME.json` (the gears:
//! `tests/golden/gears/`).
//!
//! The texts come from `tests/golden_texts/`, which the WebAssembly runner in
//! `tests/wasm/` shares: `scripts/golden-wasm.sh` checks the same files under Node's
//! WASI.

mod common;
mod golden_texts;

use contraption::{parse_rules_file, ValidRules};

fn check(dir: &str, name: &str, rules: &ValidRules) {
    let text = golden_texts::text(name, rules).expect("a golden text of the shared module");
    common::check_golden(&format!("{dir}{name}.txt"), &text);
}

/// The rules of a directory of golden files: `rules/NAME.json`.
fn rules_of(dir: &str) -> ValidRules {
    let path = format!("{}/rules/{dir}.json", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_rules_file(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn level_hashes_of_seeds_0_to_999() {
    check("", "level_hashes", &ValidRules::default());
}

#[test]
fn digest_of_full_reports_with_trajectories() {
    check("", "report_digest", &ValidRules::default());
}

#[test]
fn level_hashes_of_seeds_0_to_999_under_the_gears_rules() {
    check("gears/", "level_hashes", &rules_of("gears"));
}

#[test]
fn digest_of_full_reports_under_the_gears_rules() {
    check("gears/", "report_digest", &rules_of("gears"));
}

#[test]
fn gears_placed_in_levels_of_the_gears_rules() {
    check("gears/", "gear_runs", &rules_of("gears"));
}

/// The `.txt` stems in a directory, sorted, and its subdirectories.
fn listing(dir: &std::path::Path) -> (Vec<String>, Vec<String>) {
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir(dir).expect("read a golden directory") {
        let entry = entry.expect("a directory entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().expect("a file type").is_dir() {
            dirs.push(name);
        } else if let Some(stem) = name.strip_suffix(".txt") {
            files.push(stem.to_owned());
        }
    }
    files.sort();
    dirs.sort();
    (files, dirs)
}

/// Every file in tests/golden/ and its directories is one the shared module
/// computes, and every directory names a shipped rules file, so the WebAssembly
/// check (which asks the runner for each file there, under the directory's rules)
/// covers them all.
#[test]
fn every_golden_file_has_a_shared_text() {
    let mut names = golden_texts::NAMES.map(str::to_owned).to_vec();
    names.sort();
    let (files, dirs) = listing(&common::golden_path(""));
    assert_eq!(files, names, "tests/golden/*.txt and golden_texts::NAMES");
    assert_eq!(dirs, ["gears"], "the directories of tests/golden");
    let mut rules_names = golden_texts::RULES_NAMES.map(str::to_owned).to_vec();
    rules_names.sort();
    for dir in &dirs {
        let (files, subdirs) = listing(&common::golden_path(dir));
        assert_eq!(files, rules_names, "tests/golden/{dir}/*.txt");
        assert!(subdirs.is_empty(), "tests/golden/{dir} has no directories");
        assert!(!rules_of(dir).is_default(), "{dir}: rules other than v1");
    }
}
