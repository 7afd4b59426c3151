//! `contraption compare A B FROM..TO`: two rule sets over a range, side by side,
//! the changed seeds, and the per-seed CSV.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("contraption")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("stdout is JSON")
}

/// The default rules with `generator.max_attempts` 1, as a file in `dir`.
fn one_attempt(dir: &Path) -> PathBuf {
    let mut v: Value = serde_json::from_str(&ok(&["rules", "show"])).unwrap();
    v["rules"]["generator"]["max_attempts"] = Value::from(1);
    let path = dir.join("one.json");
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    path
}

#[test]
fn the_same_rules_change_nothing() {
    let v = json(&["compare", "v1", "v1", "0..200"]);
    assert_eq!(v["changed_seeds"], Value::Array(vec![]));
    assert_eq!(v["summary"]["changed"], 0);
    assert_eq!(v["summary"]["a"], v["summary"]["b"]);
    let scan = json(&["scan", "0..200", "--json"]);
    assert_eq!(
        v["summary"]["a"]["fallback_rate"],
        scan["summary"]["fallback_rate"]
    );
    assert_eq!(v["a"]["rules_id"], "010786ff88f4");
}

#[test]
fn a_one_attempt_cap_matches_the_scan_and_lists_the_changed_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let one = one_attempt(dir.path());
    let one = one.to_str().unwrap();
    let csv = dir.path().join("cmp.csv");
    let v = json(&[
        "compare",
        "v1",
        one,
        "0..300",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let scan_b = json(&["scan", "0..300", "--json", "--rules", one]);
    let scan_a = json(&["scan", "0..300", "--json"]);
    let s = &v["summary"];
    assert_eq!(s["b"]["fallback_rate"], scan_b["summary"]["fallback_rate"]);
    assert_eq!(s["a"]["fallback_rate"], scan_a["summary"]["fallback_rate"]);
    assert!(s["b"]["fallback_rate"].as_f64() > s["a"]["fallback_rate"].as_f64());
    let d = &s["differences"][0];
    assert_eq!(d["figure"], "fallback_rate");
    assert_eq!(
        d["delta"].as_f64().unwrap(),
        d["b"].as_f64().unwrap() - d["a"].as_f64().unwrap()
    );
    // The changed seeds are exactly those whose level hash differs in the scans.
    let hashes = |scan: &Value| -> Vec<(u64, String)> {
        scan["seeds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["seed"].as_u64().unwrap(),
                    r["level_hash"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let expected: Vec<u64> = hashes(&scan_a)
        .iter()
        .zip(hashes(&scan_b))
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, _)| x.0)
        .collect();
    let listed: Vec<u64> = v["changed_seeds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert!(!listed.is_empty());
    assert_eq!(listed, expected);
    assert_eq!(s["changed"], listed.len());
    // The CSV: a header and one row per seed, the changed column agreeing.
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 301);
    assert!(lines[0].starts_with("seed,a_shipped,"));
    let changed_in_csv: Vec<u64> = lines[1..]
        .iter()
        .filter(|l| l.ends_with(",1"))
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(changed_in_csv, listed);
    assert!(lines[1].starts_with("0,accepted,"));
}

#[test]
fn bad_arguments_are_refused() {
    let out = run(&["compare", "v1", "nowhere.json", "0..10"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules B"));
    let out = run(&["compare", "v1", "v1", "10..5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
