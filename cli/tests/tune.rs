//! `contraption tune` and `contraption sensitivity`: the best rule set's figures
//! are `compare`'s, the same command gives the same bytes, a resumed tune equals
//! an uninterrupted one, the rules file written is the best, bad targets name
//! their place, and the stepped figures are `compare`'s at the stepped values.

use std::path::Path;

use serde_json::Value;

mod support;
use support::{ok, run};

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("stdout is JSON")
}

const TARGETS: &str = "mean_walls >= 4 and share(solving in 2..8) >= 0.6";

fn tune_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "tune",
        TARGETS,
        "--vary",
        "walls.count.max=3..8",
        "--vary",
        "physics.gravity=100..400",
        "--seeds",
        "0..120",
        "--holdout",
        "500..560",
        "--budget",
        "12",
        "--json",
    ];
    a.extend_from_slice(extra);
    a
}

fn compare_a(rules: &Path, range: &str) -> Value {
    let r = rules.to_str().unwrap();
    json(&ok(&["compare", r, r, range, "--json"]))["summary"]["a"].clone()
}

#[test]
fn the_best_rule_sets_figures_are_compares_and_its_rules_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let best = dir.path().join("best.json");
    let out = json(&ok(&tune_args(&["-o", best.to_str().unwrap()])));
    let candidates = out["candidates"].as_array().unwrap();
    assert!(!candidates.is_empty() && candidates.len() <= 12);
    assert_eq!(out["tried"].as_u64().unwrap() as usize, candidates.len());
    let first = &out["best"][0];
    // The file holds the best rule set, and `--rules` accepts it.
    let b = best.to_str().unwrap();
    let shown = json(&ok(&["compare", b, "v1", "0..1", "--json"]));
    assert_eq!(
        shown["a"]["rules_id"], first["candidate"]["rules_id"],
        "{shown}"
    );
    let diffs: Vec<&str> = first["diff"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap())
        .collect();
    assert!(
        !diffs.is_empty()
            && diffs
                .iter()
                .all(|f| ["walls.count.max", "physics.gravity"].contains(f))
    );
    let figures = &first["candidate"]["outcome"]["evaluation"]["figures"];
    assert_eq!(
        figures,
        &compare_a(&best, "0..120"),
        "the sample's figures are compare's"
    );
    assert_eq!(
        &first["holdout"]["evaluation"]["figures"],
        &compare_a(&best, "500..560")
    );
    // Each target's value is the figure's.
    let t = &first["candidate"]["outcome"]["score"]["targets"][0];
    assert_eq!(t["target"], "mean_walls >= 4");
    assert_eq!(t["value"], figures["mean_walls"]);
}

#[test]
fn the_same_tune_twice_gives_the_same_bytes() {
    let a = run(&tune_args(&[]));
    let b = run(&tune_args(&[]));
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn a_tune_resumed_from_a_cut_resume_file_equals_an_uninterrupted_one() {
    let whole = ok(&tune_args(&[]));
    let dir = tempfile::tempdir().unwrap();
    let resume = dir.path().join("tallies.jsonl");
    let r = resume.to_str().unwrap();
    assert_eq!(
        ok(&tune_args(&["--resume", r])),
        whole,
        "a resume file changes no output"
    );
    // As if killed after five tallies, in the middle of the sixth line.
    let text = std::fs::read_to_string(&resume).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 8, "a header and a tally per rule set run");
    let mut cut = lines[..6].join("\n");
    cut.push('\n');
    cut.push_str(&lines[6][..lines[6].len() / 2]);
    std::fs::write(&resume, &cut).unwrap();
    let out = run(&tune_args(&["--resume", r]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("resuming: 5 tallies read"));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), whole);
    // The file is whole again: every line a tally.
    let again = std::fs::read_to_string(&resume).unwrap();
    assert!(again
        .lines()
        .skip(1)
        .all(|l| l.starts_with("{\"rules_id\"") || l.is_empty()));
    // A file that is not a resume file is refused, untouched.
    let other = dir.path().join("other.txt");
    std::fs::write(&other, "hello\n").unwrap();
    let out = run(&tune_args(&["--resume", other.to_str().unwrap()]));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a tune resume file"));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "hello\n");
}

#[test]
fn bad_targets_and_fields_are_refused_with_the_place() {
    for (targets, vary, words) in [
        (
            "mean_wals >= 4",
            "physics.gravity=100..200",
            "targets: expected a figure",
        ),
        (
            "mean_walls >= 4 mean_ramps <= 1",
            "physics.gravity=100..200",
            "(at character 17)",
        ),
        (
            "fallback_rate <= 2",
            "physics.gravity=100..200",
            "is a share from 0 to 1",
        ),
        ("mean_walls >= 4", "sweep.xs=0..10", "is a list"),
        (
            "mean_walls >= 4",
            "physics.gravity=500..100",
            "low bound must be below",
        ),
    ] {
        let out = run(&["tune", targets, "--vary", vary, "--seeds", "0..10"]);
        assert_eq!(out.status.code(), Some(1), "{targets}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{targets}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn two_outputs_naming_one_file_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let resume = dir.path().join("resume.jsonl");
    let plain = resume.to_str().unwrap().to_owned();
    // The same file spelled another way, not yet there, and through a link.
    let dotted = dir.path().join(".").join("resume.jsonl");
    let link = dir.path().join("link.jsonl");
    let out = run(&tune_args(&[
        "--resume",
        &plain,
        "-o",
        dotted.to_str().unwrap(),
    ]));
    assert_eq!(out.status.code(), Some(1));
    assert!(support::stderr(&out).contains("-o and --resume name one file"));
    assert!(!resume.exists(), "nothing written");
    std::fs::write(&resume, "{\"contraption_tallies\":1}\n").unwrap();
    std::os::unix::fs::symlink(&resume, &link).unwrap();
    let out = run(&tune_args(&[
        "--resume",
        &plain,
        "-o",
        link.to_str().unwrap(),
    ]));
    assert_eq!(out.status.code(), Some(1));
    assert!(support::stderr(&out).contains("name one file"));
    let png = dir.path().join("t.png");
    let out = run(&[
        "sensitivity",
        "--seeds",
        "0..10",
        "--csv",
        png.to_str().unwrap(),
        "--png",
        dir.path().join("./t.png").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(support::stderr(&out).contains("--csv and --png name one file"));
    assert!(!png.exists(), "nothing written");
    assert_eq!(
        std::fs::read_to_string(&resume).unwrap(),
        "{\"contraption_tallies\":1}\n",
        "the resume file is left as it was"
    );
}

/// The default rules with one field set, as a rules file in `dir`.
fn with_field(dir: &Path, pointer: &str, value: Value) -> std::path::PathBuf {
    let mut v: Value = serde_json::from_str(&ok(&["rules", "show"])).unwrap();
    *v.pointer_mut(&format!("/rules{pointer}")).unwrap() = value;
    let path = dir.join(format!("{}.json", pointer.replace('/', "_")));
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    path
}

#[test]
fn stepped_figures_are_compares_at_the_stepped_values() {
    let out = json(&ok(&[
        "sensitivity",
        "--seeds",
        "0..80",
        "--fields",
        "generator.max_attempts,walls.count.max=2..8",
        "--figure",
        "mean_walls",
        "--json",
    ]));
    assert_eq!(out["figure"], "mean_walls");
    assert_eq!(
        out["tornado"][0], "walls.count.max",
        "walls.count.max moves the walls most"
    );
    let v1 = Path::new("v1");
    assert_eq!(out["start"], compare_a(v1, "0..80"));
    let dir = tempfile::tempdir().unwrap();
    let fields = out["fields"].as_array().unwrap();
    let steps = [
        ("generator.max_attempts", "/generator/max_attempts", 36, 44),
        ("walls.count.max", "/walls/count/max", 4, 6),
    ];
    for (f, (name, pointer, down, up)) in fields.iter().zip(steps) {
        assert_eq!(f["field"], name);
        for (side, value) in [("down", down), ("up", up)] {
            let p = &f[side];
            assert_eq!(
                p["values"][0]["value"].as_f64(),
                Some(f64::from(value)),
                "{name} {side}"
            );
            let rules = with_field(dir.path(), pointer, Value::from(value));
            assert_eq!(p["figures"], compare_a(&rules, "0..80"), "{name} {side}");
        }
    }
    // The CSV holds the same numbers, one row per rule set.
    let csv = dir.path().join("steps.csv");
    ok(&[
        "sensitivity",
        "--seeds",
        "0..80",
        "--fields",
        "walls.count.max",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert!(rows[0].starts_with("field,value,side,stepped_value,rules_id,refused,fallback_rate,"));
    assert_eq!(rows.len(), 4, "the header, the start and two steps");
    let walls_up = fields[1]["up"]["figures"]["mean_walls"].as_f64().unwrap();
    assert!(
        rows.iter().any(|r| r.starts_with("walls.count.max,5,up,6,")
            && r.split(',').nth(11) == Some(&walls_up.to_string())),
        "{text}"
    );
}
