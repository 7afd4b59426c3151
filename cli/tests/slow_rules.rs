//! Slow rules — valid rules under which one seed can cost more than the everyday
//! work budget at the very worst — are used only when asked for: `--rules`,
//! `compare`'s A and B, and the rules embedded in a level or solution file
//! (`verify`, `replay`) are refused without `--allow-slow`, before any work, and
//! `rules check` says the estimate. Every check runs the real binary.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

mod support;
use support::{cmd, run_guarded, stderr};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn run(args: &[&str]) -> Output {
    run_guarded(&mut cmd(args))
}

/// The default rules with up to 64 walls a level: slow by the estimate (the
/// walls multiply every step of every simulation), quick in fact for the few
/// seeds a test generates.
fn slow_rules(dir: &Path) -> PathBuf {
    let shown = run(&["rules", "show"]);
    let mut file: Value = serde_json::from_slice(&shown.stdout).unwrap();
    file["rules"]["walls"]["count"]["max"] = 64.into();
    let path = dir.join("slow.json");
    std::fs::write(&path, file.to_string()).unwrap();
    path
}

fn refused_as_slow(out: &Output) {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    let err = stderr(out);
    assert!(
        err.contains("slow") && err.contains("--allow-slow") && err.contains("units"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "refused before any output");
}

#[test]
fn rules_check_says_the_worst_case_and_whether_it_is_slow() {
    let dir = tempfile::tempdir().unwrap();
    let slow = slow_rules(dir.path());
    let out = run(&["rules", "check", s(&slow)]);
    assert!(out.status.success(), "valid rules: {}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("worst case of one seed") && text.contains("slow rules"),
        "{text}"
    );
    let out = run(&["rules", "check", s(&slow), "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["slow"], true);
    assert!(
        v["worst_case"]["units"].as_u64().unwrap() > v["worst_case"]["budget"].as_u64().unwrap()
    );
    let shown = run(&["rules", "show"]);
    let default = dir.path().join("default.json");
    std::fs::write(&default, &shown.stdout).unwrap();
    let v: Value =
        serde_json::from_slice(&run(&["rules", "check", s(&default), "--json"]).stdout).unwrap();
    assert_eq!(v["slow"], false);
    assert_eq!(v["worst_case"]["steps"], 40 * 145 * 1440);
}

#[test]
fn slow_rules_and_files_that_embed_them_need_allow_slow() {
    let dir = tempfile::tempdir().unwrap();
    let slow = slow_rules(dir.path());
    refused_as_slow(&run(&["--rules", s(&slow), "generate", "0"]));
    refused_as_slow(&run(&["--rules", s(&slow), "scan", "0..2"]));
    refused_as_slow(&run(&["compare", "v1", s(&slow), "0..2"]));
    assert!(run(&["--allow-slow", "--rules", s(&slow), "generate", "0"])
        .status
        .success());
    assert!(run(&["compare", "v1", s(&slow), "0..2", "--allow-slow"])
        .status
        .success());

    // A level file that embeds them: verify refuses it unless asked.
    let level = dir.path().join("level.json");
    let out = run(&[
        "--rules",
        s(&slow),
        "--allow-slow",
        "export",
        "0",
        "-o",
        s(&level),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["verify", s(&level)]);
    refused_as_slow(&out);
    assert!(stderr(&out).contains("level.json"), "{}", stderr(&out));
    let out = run(&["verify", s(&level), "--allow-slow"]);
    assert!(out.status.success(), "{}", stderr(&out));

    // A solution file that embeds them: replay refuses it unless asked.
    let file: Value = serde_json::from_slice(&std::fs::read(&level).unwrap()).unwrap();
    let solution = serde_json::json!({
        "format": "contraption-solution",
        "schema_version": 2,
        "seed": 0,
        "rules_version": file["rules_version"],
        "rules_id": file["rules_id"],
        "rules": file["rules"],
        "level_hash": file["level_hash"],
        "placements": [],
    });
    let path = dir.path().join("solution.json");
    std::fs::write(&path, solution.to_string()).unwrap();
    refused_as_slow(&run(&["replay", s(&path)]));
    let out = run(&["replay", s(&path), "--allow-slow"]);
    assert_eq!(
        out.status.code(),
        Some(4),
        "replayed, no parts: a miss; {}",
        stderr(&out)
    );
}

/// Rules under which one seed takes minutes: ten attempts, 1,024 placements,
/// each simulation its whole 100,000-step budget (the ball lies on a flat ramp
/// under its start, no bounce, no rest). Slow: used with --allow-slow only.
fn minutes_a_seed(dir: &Path) -> PathBuf {
    let shown = run(&["rules", "show"]);
    let mut file: Value = serde_json::from_slice(&shown.stdout).unwrap();
    let r = &mut file["rules"];
    r["generator"]["max_attempts"] = 10.into();
    r["ball"]["start_x"] = serde_json::json!({"min": 50.0, "max": 50.0});
    r["parts"]["ramp"]["restitution"] = 0.0.into();
    r["simulation"]["rest_speed"] = 0.0.into();
    r["simulation"]["max_steps"] = 100_000.into();
    r["sweep"]["xs"] = vec![50.0; 16].into();
    r["sweep"]["ys"] = vec![20.0; 4].into();
    r["sweep"]["angles"] = vec![0.0; 16].into();
    let path = dir.join("minutes.json");
    std::fs::write(&path, file.to_string()).unwrap();
    path
}

#[test]
fn ctrl_c_is_heard_within_a_simulation_however_slow_the_rules() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let rules = minutes_a_seed(dir.path());
    let db = dir.path().join("c.sqlite3");
    let ck = dir.path().join("ck.json");
    for args in [
        vec![
            "--allow-slow",
            "--rules",
            s(&rules),
            "search",
            "true",
            "0..64",
            "--resume",
            s(&ck),
        ],
        vec![
            "--allow-slow",
            "--rules",
            s(&rules),
            "scan",
            "0..64",
            "--db",
            s(&db),
        ],
    ] {
        let child = cmd(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(800));
        let asked = std::time::Instant::now();
        let pid = rustix::process::Pid::from_child(&child);
        rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
        // A guard against a deaf process (one seed here takes minutes), not a
        // measure: the time it took is printed.
        let out = support::wait_guarded(child, std::time::Duration::from_secs(30));
        eprintln!("{}: stopped {:?} after Ctrl-C", args[3], asked.elapsed());
        if args[3] == "search" {
            assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
        } else {
            // `scan --db` says it was cancelled and how to resume (exit 0).
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success() && said.contains("cancelled"), "{said}");
        }
    }
    // No batch was finished: no checkpoint claims one.
    assert!(!ck.exists(), "a checkpoint of a batch given up");
}
