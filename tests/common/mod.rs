//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod strategies;

use contraption::{generate, GenerateOptions, GenerationReport, ValidRules};

/// The default rules (v1).
pub fn v1() -> ValidRules {
    ValidRules::default()
}

pub fn game(seed: u32) -> GenerationReport {
    generate(&v1(), seed, &GenerateOptions::game())
}

pub fn inspector(seed: u32) -> GenerationReport {
    generate(&v1(), seed, &GenerateOptions::inspector())
}

/// Path of a file under `tests/golden/`.
pub fn golden_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `actual` with a committed golden file. With `UPDATE_GOLDEN=1` in the
/// environment the file is rewritten instead (a deliberate act: review the diff).
pub fn check_golden(name: &str, actual: &str) {
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("make the golden file's directory");
        }
        std::fs::write(&path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "missing golden file {}: {e}; create it with UPDATE_GOLDEN=1",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or(expected.lines().count().min(actual.lines().count()) + 1);
        panic!(
            "{} differs from what the engine computes now (first difference on line {first}).\n\
             If the rules changed on purpose, bump RULES_VERSION and regenerate with\n\
             UPDATE_GOLDEN=1 cargo test --test golden",
            path.display()
        );
    }
}
