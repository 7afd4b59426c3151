//! `contraption compare A B FROM..TO`: two rule sets over a range, side by side,
//! the changed seeds, and the per-seed CSV.

use std::path::{Path, PathBuf};

use serde_json::Value;

mod support;
use support::{ok, run};

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

#[test]
fn the_expressive_range_figure_is_written_with_its_counts() {
    use contraption::expressive_range::{Metric, RangeCounts};
    use contraption::{summarize, ValidRules};
    let dir = tempfile::tempdir().unwrap();
    let one = one_attempt(dir.path());
    let png = dir.path().join("range.png");
    let v = json(&[
        "compare",
        "v1",
        one.to_str().unwrap(),
        "0..120",
        "--png",
        png.to_str().unwrap(),
        "--x",
        "attempts",
        "--y",
        "walls",
    ]);
    // The range block: the axes and every seed in a cell on each side.
    let r = &v["range"];
    assert_eq!(r["x"]["metric"], "attempts");
    assert_eq!(
        (r["x"]["lo"].as_u64(), r["x"]["hi"].as_u64()),
        (Some(1), Some(40))
    );
    assert_eq!(r["y"]["metric"], "walls");
    let cells = |k: &str| -> Vec<i64> {
        r[k].as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap())
            .collect()
    };
    let (a, b, diff) = (cells("a"), cells("b"), cells("diff"));
    assert_eq!(a.iter().sum::<i64>(), 120);
    assert_eq!(b.iter().sum::<i64>(), 120);
    // The bins span the values seen: one per attempt, from 1 to the most any seed
    // of A took (the axis above stays what the rules allow).
    let most = (0..120)
        .map(|s| summarize(&ValidRules::default(), s).attempts)
        .max()
        .unwrap();
    let x_bins: Vec<(u64, u64)> = r["x_bins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["lo"].as_u64().unwrap(), b["hi"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        x_bins,
        (1..=u64::from(most)).map(|v| (v, v)).collect::<Vec<_>>()
    );
    let nx = x_bins.len();
    // One attempt under B: every seed of B in the first attempts bin.
    assert!(b.iter().enumerate().all(|(k, &n)| n == 0 || k % nx == 0));
    assert!(diff
        .iter()
        .zip(a.iter().zip(&b))
        .all(|(&d, (&x, &y))| d == y - x));
    // The PNG is the renderer's figure of the same counts.
    let (ra, rb) = (ValidRules::default(), contraption_cli_rules(&one));
    let mut counts = RangeCounts::new(Metric::Attempts, Metric::Walls, ra.rules(), rb.rules());
    for s in 0..120 {
        counts.add(&summarize(&ra, s), &summarize(&rb, s));
    }
    let expected = contraption_render::render_range_png(&contraption_render::RangeFigure {
        counts: &counts,
        a_name: ra.name(),
        b_name: rb.name(),
        from: 0,
        to: 120,
    })
    .unwrap();
    assert_eq!(std::fs::read(&png).unwrap(), expected);
    assert_eq!(&expected[1..4], b"PNG");
}

fn contraption_cli_rules(path: &Path) -> contraption::ValidRules {
    contraption::parse_rules_file(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn the_figure_defaults_to_solving_by_walls_and_refuses_unknown_metrics() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("range.png");
    let p = png.to_str().unwrap();
    let v = json(&["compare", "v1", "v1", "0..20", "--png", p]);
    assert_eq!(v["range"]["x"]["metric"], "solving");
    assert_eq!(v["range"]["y"]["metric"], "walls");
    assert!(v["range"]["diff"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d == 0));
    std::fs::remove_file(&png).unwrap();
    for (flag, bad) in [("--x", "nonsense"), ("--y", "closest_approach")] {
        let out = run(&["compare", "v1", "v1", "0..20", "--png", p, flag, bad]);
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag) && err.contains(bad), "{err}");
        assert!(err.contains("solving, walls, attempts"), "{err}");
        assert!(!png.exists());
    }
    // --x without --png is a usage error.
    let out = run(&["compare", "v1", "v1", "0..20", "--x", "walls"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_cli_figure_is_the_studios_export_byte_for_byte() {
    use contraption::expressive_range::Metric;
    use studio_core::catalog::CatalogState;
    use studio_core::{ab, expressive_range, jobs::Jobs};
    let dir = tempfile::tempdir().unwrap();
    let one = one_attempt(dir.path());
    let b = contraption_cli_rules(&one);
    let a = contraption::ValidRules::default();
    // The studio: both sides scanned into a catalog, the figure from its rows.
    let state = CatalogState::open(&dir.path().join("c.sqlite3"));
    let jobs = std::sync::Arc::new(Jobs::default());
    ab::run_ab(&state, &jobs, &a, &b, 50, 350, |_| {}).unwrap();
    let studio = dir.path().join("studio.png");
    expressive_range::write_range_png(
        &state,
        &a,
        &b,
        50,
        350,
        Metric::Inventory,
        Metric::PreSolved,
        &studio,
    )
    .unwrap();
    // The CLI: the same range generated afresh.
    let cli = dir.path().join("cli.png");
    ok(&[
        "compare",
        "v1",
        one.to_str().unwrap(),
        "50..350",
        "--png",
        cli.to_str().unwrap(),
        "--x",
        "inventory",
        "--y",
        "pre_solved",
    ]);
    assert_eq!(
        std::fs::read(&cli).unwrap(),
        std::fs::read(&studio).unwrap()
    );
}
