//! The `contraption` command as scripts see it: stdout, stderr and exit codes.

use assert_cmd::Command;
use serde_json::Value;

mod support;

fn contraption(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("contraption")
        .unwrap()
        .args(args)
        .assert()
}

fn json(args: &[&str]) -> Value {
    let out = contraption(args).success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("stdout is JSON")
}

fn stderr_of_failure(args: &[&str]) -> String {
    let out = contraption(args).failure().get_output().clone();
    assert!(out.stdout.is_empty(), "nothing on stdout when failing");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn rng_prints_the_javascript_draws() {
    contraption(&["rng", "42", "--count", "3"])
        .success()
        .stdout("0.6011037519201636\n0.44829055899754167\n0.8524657934904099\n");
    let five = contraption(&["rng", "0x2a"])
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(five).unwrap().lines().count(), 5);
}

#[test]
fn daily_gives_key_and_seed() {
    let v = json(&["daily", "2026-07-28", "--json"]);
    assert_eq!(v["date"], "2026-07-28");
    assert_eq!(v["key"], "contraption:2026-7-28");
    assert_eq!(v["seed"], 176_112_159);
    let today = json(&["daily", "--json"]);
    assert!(today["key"].as_str().unwrap().starts_with("contraption:20"));
    assert!(stderr_of_failure(&["daily", "2026-02-30"]).contains("not a real calendar date"));
    assert!(stderr_of_failure(&["daily", "yesterday"]).contains("YYYY-MM-DD"));
}

#[test]
fn every_seed_form_is_accepted_and_bad_ones_are_explained() {
    let a = json(&["generate", "176112159", "--json"]);
    for form in [
        "0xA7F421F",
        "2026-7-28",
        "2026-07-28",
        "contraption:2026-7-28",
    ] {
        let b = json(&["generate", form, "--json"]);
        assert_eq!(
            a["shipped"]["level_hash"], b["shipped"]["level_hash"],
            "{form}"
        );
    }
    for bad in ["-1", "4294967296", "banana", "2026-02-30", ""] {
        let err = stderr_of_failure(&["generate", bad]);
        assert!(err.contains("0x2A"), "{bad}: {err}");
    }
}

#[test]
fn generate_json_has_the_documented_shape() {
    let v = json(&["generate", "42", "--json"]);
    assert_eq!(v["seed"], 42);
    let attempts = v["attempts"].as_array().unwrap();
    for (i, a) in attempts.iter().enumerate() {
        assert_eq!(a["index"], i as u64 + 1);
        assert!(["pre_solved", "no_single_ramp_solution", "accepted"]
            .contains(&a["verdict"].as_str().unwrap()));
        assert!(!a["reason"].as_str().unwrap().is_empty());
    }
    let shipped = &v["shipped"];
    assert!(shipped["attempt"].as_u64().unwrap() >= 1);
    assert!(shipped["fallback"].is_boolean());
    assert_eq!(shipped["level_hash"].as_str().unwrap().len(), 16);
    // Full mode sweeps everything and ships the same level.
    let full = json(&["generate", "42", "--json", "--full"]);
    assert_eq!(full["shipped"], v["shipped"]);
    for a in full["attempts"].as_array().unwrap() {
        if let Some(sweep) = a["sweep"].as_object() {
            assert_eq!(sweep["placements"].as_array().unwrap().len(), 144);
        }
    }
}

#[test]
fn sweep_lists_all_144_placements_with_the_game_stop() {
    let v = json(&["sweep", "42", "--json"]);
    let placements = v["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 144);
    let stop = v["game_stop"].as_u64().unwrap() as usize;
    assert_eq!(placements[stop]["result"], "goal");
    let mut total = 0;
    for r in ["goal", "out", "rest", "timeout", "blocked"] {
        let n = placements.iter().filter(|p| p["result"] == r).count();
        assert_eq!(v["counts"][r], n as u64);
        total += n;
    }
    assert_eq!(total, 144);
    for p in placements {
        assert!(p["x"].is_number() && p["y"].is_number() && p["angle"].is_number());
        assert!(p["closest"].is_number() || p["result"] == "blocked");
    }
    let err = stderr_of_failure(&["sweep", "42", "--attempt", "99"]);
    assert!(err.contains("--attempt must be 1 to"), "{err}");
}

/// The human output names placements counting from 1: "placement 20" is `placements[19]`.
#[test]
fn sweep_names_placements_counting_from_one() {
    let v = json(&["sweep", "42", "--json"]);
    let stop = v["game_stop"].as_u64().unwrap();
    let out = contraption(&["sweep", "42"])
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(
        head.ends_with(&format!("game stops at placement {}", stop + 1)),
        "{head}"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 144);
    for (i, (row, p)) in rows
        .iter()
        .zip(v["placements"].as_array().unwrap())
        .enumerate()
    {
        assert_eq!(p["index"], i as u64);
        assert!(
            row.trim_start()
                .starts_with(&format!("placement {:>3} ", i + 1)),
            "{row}"
        );
    }
    let goal = &rows[stop as usize];
    assert!(goal.contains(" goal "), "{goal}");
}

#[test]
fn simulate_reads_a_world_file() {
    let dir = std::env::temp_dir().join(format!("contraption-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = json(&["generate", "42", "--json"]);
    let world = &report["shipped"]["world"];
    let solution = &report["shipped"]["solution"];
    let scene = serde_json::json!({ "world": world, "placements": [solution] });
    let scene_path = dir.join("scene.json");
    std::fs::write(&scene_path, scene.to_string()).unwrap();
    let v = json(&["simulate", scene_path.to_str().unwrap(), "--json"]);
    assert_eq!(v["outcome"], "goal");
    assert_eq!(v["placement_problem"], Value::Null);
    // A bare world: no placements, the ball misses (the level is not preSolved).
    let bare_path = dir.join("bare.json");
    std::fs::write(&bare_path, world.to_string()).unwrap();
    assert_ne!(
        json(&["simulate", bare_path.to_str().unwrap(), "--json"])["outcome"],
        "goal"
    );
    // Garbage and impossible worlds are refused.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"world\": 3}").unwrap();
    assert!(stderr_of_failure(&["simulate", bad.to_str().unwrap()]).contains("is not a world"));
    let mut outside = world.clone();
    outside["ball"]["x"] = serde_json::json!(1000.0);
    std::fs::write(&bad, outside.to_string()).unwrap();
    assert!(stderr_of_failure(&["simulate", bad.to_str().unwrap()]).contains("outside the field"));
    assert!(stderr_of_failure(&["simulate", "/no/such/file.json"]).contains("cannot read"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn scan_summarises_a_range_and_matches_generate() {
    let v = json(&["scan", "0..40", "--json"]);
    let seeds = v["seeds"].as_array().unwrap();
    assert_eq!(seeds.len(), 40);
    assert_eq!(v["summary"]["seeds"], 40);
    for (i, row) in seeds.iter().enumerate() {
        assert_eq!(row["seed"], i as u64);
        assert!(row["attempts"].as_u64().unwrap() >= 1);
        assert!(row["fallback"].is_boolean());
    }
    let seven = json(&["generate", "7", "--json"]);
    assert_eq!(seeds[7]["level_hash"], seven["shipped"]["level_hash"]);
    assert_eq!(support::histogram_seeds(&v["summary"]), 40);
    for bad in ["10..10", "5..2", "abc", "0..99999999999"] {
        assert!(stderr_of_failure(&["scan", bad]).contains(bad.split("..").last().unwrap()));
    }
}

#[test]
fn export_verify_and_share() {
    let dir = std::env::temp_dir().join(format!("contraption-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("daily.json");
    contraption(&["export", "2026-7-28", "-o", path.to_str().unwrap()])
        .success()
        .stdout("");
    let written = std::fs::read_to_string(&path).unwrap();
    // Same bytes to a file and to stdout.
    let printed = contraption(&["export", "2026-7-28"])
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(written.as_bytes(), &printed[..]);
    let v: Value = serde_json::from_str(&written).unwrap();
    assert_eq!(v["daily_key"], "contraption:2026-7-28");
    assert_eq!(v["seed"], 176_112_159);
    let checked = json(&["verify", path.to_str().unwrap(), "--json"]);
    assert_eq!(checked["identical"], true);
    // Edited: any change to a field with meaning is refused with exit 1 and the
    // reason, the daily key and the rules version included.
    for (from, to) in [
        ("\"rules_version\": 1", "\"rules_version\": 0"),
        (
            "\"daily_key\": \"contraption:2026-7-28\"",
            "\"daily_key\": null",
        ),
        ("\"shipped_attempt\": ", "\"shipped_attempt\": 1"),
        ("\"y\": 8.0", "\"y\": 9.0"),
    ] {
        assert!(written.contains(from), "{from}");
        std::fs::write(&path, written.replacen(from, to, 1)).unwrap();
        let why = stderr_of_failure(&["verify", path.to_str().unwrap()]);
        assert!(why.contains("the file was edited"), "{from}: {why}");
    }
    // Drift: a self-consistent file (hash recomputed) from an older rules version
    // exits 3 with the drift on stdout.
    let mut older = contraption::parse_level_file(written.as_bytes()).unwrap();
    older.rules_version = 0;
    older.file_hash = Some(older.computed_file_hash());
    std::fs::write(&path, contraption::level_file_text(&older)).unwrap();
    let drifted = contraption(&["verify", path.to_str().unwrap()])
        .code(3)
        .get_output()
        .clone();
    assert!(String::from_utf8(drifted.stdout)
        .unwrap()
        .contains("rules_version: 0 -> 1"));
    std::fs::remove_dir_all(&dir).ok();

    let code = json(&["share", "42", "--json"]);
    let text = code["code"].as_str().unwrap();
    assert!(text.starts_with("CT-"));
    let back = json(&["share", &text.to_lowercase(), "--json"]);
    assert_eq!(
        (back["seed"].as_u64(), back["current_rules"].as_bool()),
        (Some(42), Some(true))
    );
    assert!(stderr_of_failure(&["share", "CT-0000-0000-0001"]).contains("mistyped"));
}

#[test]
fn replay_checks_a_solution_headlessly() {
    let dir = std::env::temp_dir().join(format!("contraption-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = json(&["generate", "42", "--json"]);
    let solution = serde_json::json!({
        "format": "contraption-solution",
        "schema_version": 1,
        "seed": 42,
        "rules_version": report["rules_version"],
        "level_hash": report["shipped"]["level_hash"],
        "placements": [report["shipped"]["solution"]],
    });
    let path = dir.join("solution.json");
    let write = |v: &Value| std::fs::write(&path, v.to_string()).unwrap();
    write(&solution);
    let v = json(&["replay", path.to_str().unwrap(), "--json"]);
    assert_eq!(v["outcome"], "goal");
    // No parts: runs, misses, exit 4.
    let mut none = solution.clone();
    none["placements"] = serde_json::json!([]);
    write(&none);
    contraption(&["replay", path.to_str().unwrap()]).code(4);
    // Another rules version, another level, an illegal placement: refused, exit 1.
    let mut other = solution.clone();
    other["rules_version"] = 99.into();
    write(&other);
    assert!(stderr_of_failure(&["replay", path.to_str().unwrap()]).contains("rules version 99"));
    let mut level = solution.clone();
    level["level_hash"] = "0000000000000000".into();
    write(&level);
    assert!(stderr_of_failure(&["replay", path.to_str().unwrap()]).contains("now makes level"));
    let mut too_many = solution.clone();
    let ramp = solution["placements"][0].clone();
    let mut far = ramp.clone();
    far["x"] = 5.0.into();
    far["y"] = 140.0.into();
    far["angle"] = 0.0.into();
    too_many["placements"] = serde_json::json!([ramp, far.clone(), far]);
    write(&too_many);
    assert!(stderr_of_failure(&["replay", path.to_str().unwrap()]).contains("break the rules"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sweep_reaches_pre_solved_attempts_and_simulate_reads_stdin() {
    // Seed 42's first candidate is preSolved: the inspector still swept it.
    let v = json(&["sweep", "42", "--attempt", "1", "--json"]);
    assert_eq!(v["verdict"], "pre_solved");
    assert_eq!(v["placements"].as_array().unwrap().len(), 144);
    let report = json(&["generate", "42", "--json"]);
    let scene = serde_json::json!({ "world": report["shipped"]["world"], "placements": [report["shipped"]["solution"]] });
    let out = Command::cargo_bin("contraption")
        .unwrap()
        .args(["simulate", "-", "--json"])
        .write_stdin(scene.to_string())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["outcome"], "goal");
    // A bare world with a mistake names the mistake, not a missing `world`.
    let mut world = report["shipped"]["world"].clone();
    world["ball"]["z"] = 1.into();
    let err = Command::cargo_bin("contraption")
        .unwrap()
        .args(["simulate", "-"])
        .write_stdin(world.to_string())
        .assert()
        .failure()
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(err)
        .unwrap()
        .contains("unknown field `z`"));
}

#[test]
fn render_writes_a_png() {
    let dir = std::env::temp_dir().join(format!("contraption-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("level.png");
    let sweep = dir.join("sweep.png");
    contraption(&[
        "render",
        "42",
        "-o",
        level.to_str().unwrap(),
        "--scale",
        "4",
    ])
    .success();
    contraption(&["render", "42", "-o", sweep.to_str().unwrap(), "--sweep"]).success();
    let puzzle = dir.join("puzzle.png");
    contraption(&["render", "42", "-o", puzzle.to_str().unwrap(), "--puzzle"]).success();
    assert_ne!(
        std::fs::read(&puzzle).unwrap(),
        std::fs::read(&sweep).unwrap()
    );
    assert!(stderr_of_failure(&[
        "render",
        "42",
        "-o",
        puzzle.to_str().unwrap(),
        "--puzzle",
        "--sweep"
    ])
    .contains("cannot be used with"));
    for p in [&level, &sweep, &puzzle] {
        let bytes = std::fs::read(p).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    }
    assert!(stderr_of_failure(&[
        "render",
        "42",
        "-o",
        level.to_str().unwrap(),
        "--scale",
        "50"
    ])
    .contains("scale"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A reader that stops early (`| head`) is not an error, for text and for JSON output.
#[test]
fn a_closed_stdout_ends_quietly_with_success() {
    use std::io::Read;
    use std::process::{Command as Process, Stdio};
    for args in [
        &["scan", "0..3000", "--json"][..],
        &["rng", "1", "--count", "200000"][..],
    ] {
        let mut child = Process::new(assert_cmd::cargo::cargo_bin("contraption"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn json_is_a_global_flag() {
    let before = json(&["--json", "daily", "2026-7-28"]);
    let after = json(&["daily", "2026-7-28", "--json"]);
    assert_eq!(before, after);
    assert_eq!(after["seed"], 176112159);
}
