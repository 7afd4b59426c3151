//! `contraption draws`: every random draw of a seed, as text (one aligned line per
//! draw) and as JSON lines (one object per draw); `--attempt` and `--pin`; bad
//! seeds, attempts and pins refused with a clear message. And `--pin` on
//! `generate` and `export`: the pinned generation and the edited level file.

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("contraption")
        .unwrap()
        .args(args)
        .assert()
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(run(args).success().get_output().stdout.clone()).unwrap()
}

fn json_lines(args: &[&str]) -> Vec<Value> {
    stdout(args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect()
}

fn refused(args: &[&str]) -> String {
    let out = run(args).failure().get_output().clone();
    assert!(out.stdout.is_empty(), "nothing on stdout when refusing");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn draws_json_is_one_object_per_draw_with_the_stream_s_raw_outputs() {
    let draws = json_lines(&["draws", "42", "--json"]);
    let generated: Value = serde_json::from_str(&stdout(&["generate", "42", "--json"])).unwrap();
    let attempts = generated["attempts"].as_array().unwrap().len() as u64;
    assert_eq!(draws.last().unwrap()["attempt"], attempts);
    // The first three are the JavaScript original's draws (`contraption rng 42`).
    let rng: Vec<f64> = stdout(&["rng", "42", "--count", "3"])
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    let units: Vec<f64> = draws[..3]
        .iter()
        .map(|d| d["unit"].as_f64().unwrap())
        .collect();
    assert_eq!(units, rng);
    assert_eq!(draws[0]["site"], "ball.start_x");
    // Positions run on across attempts; constants have none.
    let positions: Vec<u64> = draws
        .iter()
        .filter_map(|d| d["position"].as_u64())
        .collect();
    assert_eq!(positions, (0..positions.len() as u64).collect::<Vec<_>>());
    assert!(draws
        .iter()
        .any(|d| d["site"] == "parts.gear.count" && d["position"].is_null()));
    // Under other rules, their ranges: the gears rules draw the gear count.
    let gears = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/gears.json");
    let under = json_lines(&["draws", "42", "--attempt", "1", "--rules", gears, "--json"]);
    let gear = under
        .iter()
        .find(|d| d["site"] == "parts.gear.count")
        .unwrap();
    assert!(gear["position"].is_u64(), "{gear}");
    assert!(gear["span"]["max"].as_f64().unwrap() >= 1.0);
}

#[test]
fn draws_text_is_aligned_and_names_each_attempt_s_first_draw() {
    let text = stdout(&["draws", "42", "--attempt", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("seed 42 (rules v1)"));
    assert!(lines[2].starts_with("attempt 2: draws 23 to"), "{text}");
    assert!(!text.contains("attempt 1:"));
    let ball = lines.iter().find(|l| l.contains("ball.start_x")).unwrap();
    let goal = lines.iter().find(|l| l.contains("goal.x")).unwrap();
    assert_eq!(ball.find("10..90"), goal.find("10..90"), "columns line up");
    assert!(text.contains("walls are drawn") || text.contains("wall is drawn"));
    assert!(text.contains("constant"));
    // An attempt the generator never reached still has its draws.
    let late = stdout(&["draws", "42", "--attempt", "40"]);
    assert!(late.contains("attempt 40: draws"));
}

#[test]
fn a_pinned_draw_says_what_the_stream_gave() {
    let text = stdout(&["draws", "42", "--attempt", "1", "--pin", "1:goal.x=40"]);
    assert!(text.contains("pinned: 1:goal.x=40"));
    let goal = text.lines().find(|l| l.contains(" goal.x ")).unwrap();
    assert!(goal.contains("[pinned; the stream gave 45.86"), "{goal}");
    let generated: Value = serde_json::from_str(&stdout(&[
        "generate",
        "42",
        "--pin",
        "1:goal.x=40",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        generated["attempts"][0]["world"]["goal"]["center"]["x"],
        40.0
    );
    assert_eq!(generated["mode"], "inspector");
    let file = stdout(&["export", "42", "--pin", "1:goal.x=40"]);
    let level: Value = serde_json::from_str(&file).unwrap();
    assert_eq!(level["schema_version"], 3);
    assert_eq!(level["edited"][0]["site"], "goal.x");
    assert_eq!(level["level"]["goal"]["center"]["x"], 40.0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.json");
    std::fs::write(&path, &file).unwrap();
    let verified = stdout(&["verify", path.to_str().unwrap()]);
    assert!(
        verified.contains("an edited level (attempt 1 of seed 42 with 1:goal.x=40)"),
        "{verified}"
    );
}

#[test]
fn a_pin_on_an_attempt_never_reached_says_so() {
    // Seed 42 ships attempt 2: a pin on attempt 3 changes nothing that ships.
    let text = stdout(&["generate", "42", "--pin", "3:goal.x=40"]);
    assert!(
        text.contains("the pinned attempt 3 is never reached: attempt 2 is accepted first"),
        "{text}"
    );
    let out = run(&["generate", "42", "--pin", "3:goal.x=40", "--json"])
        .success()
        .get_output()
        .clone();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("never reached"));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["shipped"]["attempt"], 2);
}

#[test]
fn bad_seeds_attempts_and_pins_are_refused_with_a_clear_message() {
    let e = run(&["draws", "nope"]).code(2).get_output().stderr.clone();
    assert!(String::from_utf8(e).unwrap().contains("is not a seed"));
    assert!(refused(&["draws", "42", "--attempt", "0"]).contains("attempts are numbered 1 to 40"));
    assert!(refused(&["draws", "42", "--attempt", "41"]).contains("attempts are numbered 1 to 40"));
    assert!(refused(&["draws", "42", "--pin", "1:goal.x=95"])
        .contains("goal.x is drawn from 10 to 90; 95 is outside that range"));
    assert!(
        refused(&["generate", "42", "--pin", "1:walls[9].length=20"])
            .contains("attempt 1 draws no walls[9].length")
    );
    assert!(
        refused(&["export", "42", "--pin", "1:parts.gear.count=raw:3"]).contains("takes no draw")
    );
    let usage = run(&["draws", "42", "--pin", "goal.x=40"])
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(usage)
        .unwrap()
        .contains("ATTEMPT:SITE=VALUE"));
}
