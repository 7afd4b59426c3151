//! The release binaries the suite runs and the CLI's answers it compares with.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::root;

/// The profile directory this test binary was built into (`target/release` when
/// run with `cargo test --release`, wherever CARGO_TARGET_DIR points).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test binary>
    exe.parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| root().join("target/release"))
}

pub fn binary(var: &str, name: &str) -> PathBuf {
    let path = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| profile_dir().join(name));
    assert!(
        path.is_file(),
        "{} not found; build it first (scripts/test.sh does) or set {var}",
        path.display()
    );
    path
}

/// Runs the `contraption` CLI and parses its JSON output.
pub fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(binary("CLI_BIN", "contraption"))
        .args(args)
        .output()
        .expect("run the contraption CLI");
    assert!(
        out.status.success(),
        "contraption {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("CLI prints JSON")
}

/// Runs the `contraption` CLI: its exit code, stdout and stderr (whatever the outcome).
pub fn cli_run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(binary("CLI_BIN", "contraption"))
        .args(args)
        .output()
        .expect("run the contraption CLI");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the CLI expecting failure; returns its stderr.
pub fn cli_error(args: &[&str]) -> String {
    let out = Command::new(binary("CLI_BIN", "contraption"))
        .args(args)
        .output()
        .expect("run the contraption CLI");
    assert!(!out.status.success(), "contraption {args:?} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `n` as the studio writes counts and figures: 1,025,000,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
