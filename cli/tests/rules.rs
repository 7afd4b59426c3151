//! `--rules FILE` and `contraption rules`: every command under other rules, rules
//! files shown, checked and compared, and malformed ones refused without changing
//! anything.

use std::path::{Path, PathBuf};

use serde_json::Value;

const DEFAULT_ID: &str = "010786ff88f4";
const GEARS_ID: &str = "1cb7c5e44f48";
/// The default rules with `generator.max_attempts` 1.
const ONE_ATTEMPT_ID: &str = "9e63fc90eca2";

fn gears() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/gears.json")
}

mod support;
use support::{ok, run};

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("stdout is JSON")
}

/// Exit 1, nothing on stdout; the error.
fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    String::from_utf8(out.stderr).unwrap()
}

/// `rules show` (the default rules), edited, as a file in `dir`.
fn edited_rules(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut v: Value = serde_json::from_str(&ok(&["rules", "show"])).unwrap();
    edit(&mut v["rules"]);
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    path
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn rules_show_is_the_default_rules_as_a_file_to_start_from() {
    let dir = tempfile::tempdir().unwrap();
    let text = ok(&["rules", "show"]);
    let file = dir.path().join("my.json");
    std::fs::write(&file, &text).unwrap();
    let check = json(&["rules", "check", s(&file), "--json"]);
    assert_eq!(
        (
            &check["ok"],
            &check["rules_id"],
            &check["name"],
            &check["default"]
        ),
        (
            &Value::Bool(true),
            &Value::from(DEFAULT_ID),
            &Value::from("v1"),
            &Value::Bool(true)
        )
    );
    assert!(ok(&["rules", "check", s(&file)]).contains(DEFAULT_ID));
    // --json: the same document, compact, on one line: also a rules file.
    let compact = ok(&["rules", "show", "--json"]);
    assert_eq!(compact.lines().count(), 1);
    assert_eq!(
        serde_json::from_str::<Value>(&compact).unwrap(),
        serde_json::from_str::<Value>(&text).unwrap()
    );
    std::fs::write(&file, &compact).unwrap();
    assert_eq!(
        json(&["rules", "check", s(&file), "--json"])["rules_id"],
        DEFAULT_ID
    );
    // Under --rules, the rules in force: rules/gears.json is canonical, so its bytes.
    assert_eq!(
        ok(&["rules", "show", "--rules", s(&gears())]),
        std::fs::read_to_string(gears()).unwrap()
    );
    let check = json(&["rules", "check", s(&gears()), "--json"]);
    assert_eq!(
        (&check["rules_id"], &check["differs_from_default"]),
        (&Value::from(GEARS_ID), &Value::from(2))
    );
}

#[test]
fn rules_diff_lists_each_field_with_both_values() {
    let dir = tempfile::tempdir().unwrap();
    let default = edited_rules(dir.path(), "default.json", |_| {});
    let out = run(&["rules", "diff", s(&default), s(&gears())]);
    assert_eq!(out.status.code(), Some(3), "rules that differ: exit 3");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("parts.gear.count.max  0   2"), "{text}");
    assert!(text.contains("parts.gear.count.min  0   1"), "{text}");
    let out = run(&["rules", "diff", s(&default), s(&gears()), "--json"]);
    assert_eq!(out.status.code(), Some(3));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["identical"], false);
    assert_eq!(
        (&v["a"]["rules_id"], &v["b"]["rules_id"]),
        (&DEFAULT_ID.into(), &GEARS_ID.into())
    );
    assert_eq!(
        v["differences"],
        serde_json::json!([
            {"field": "parts.gear.count.max", "a": "0", "b": "2"},
            {"field": "parts.gear.count.min", "a": "0", "b": "1"},
        ])
    );
    // The same rules written differently (compact, another field order): exit 0.
    let compact = dir.path().join("compact.json");
    std::fs::write(&compact, ok(&["rules", "show", "--json"])).unwrap();
    let v = json(&["rules", "diff", s(&default), s(&compact), "--json"]);
    assert_eq!(
        (&v["identical"], &v["differences"]),
        (&Value::Bool(true), &serde_json::json!([]))
    );
    assert!(ok(&["rules", "diff", s(&default), s(&compact)]).contains("the same rules"));
    // A bad side is refused as any rules file.
    let bad = edited_rules(dir.path(), "bad.json", |r| {
        r["physics"]["gravity"] = (-1.0).into()
    });
    assert!(refused(&["rules", "diff", s(&default), s(&bad)]).contains("physics.gravity"));
}

#[test]
fn malformed_rules_files_are_refused_naming_the_field_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let nan = {
        let path = d.join("nan.json");
        let text = ok(&["rules", "show"]).replacen("\"gravity\": 200.0", "\"gravity\": NaN", 1);
        std::fs::write(&path, text).unwrap();
        path
    };
    let cases = [
        (
            edited_rules(d, "type.json", |r| {
                r["physics"]["gravity"] = "strong".into()
            }),
            "physics.gravity",
        ),
        (nan, "physics.gravity"),
        (
            edited_rules(d, "negative.json", |r| {
                r["physics"]["gravity"] = (-200.0).into()
            }),
            "physics.gravity is -200",
        ),
        (
            edited_rules(d, "tilt.json", |r| r["sweep"]["angles"][3] = 1.6.into()),
            "sweep.angles[3] is 1.6",
        ),
        (
            edited_rules(d, "unknown.json", |r| r["physics"]["wind"] = 3.0.into()),
            "physics.wind",
        ),
    ];
    let db = d.join("catalog.sqlite3");
    let out = d.join("level.json");
    let png = d.join("level.png");
    for (file, field) in &cases {
        let f = s(file);
        let err = refused(&["rules", "check", f]);
        assert!(err.contains(field), "{f}: {err}");
        // Every command refuses it before doing anything.
        for args in [
            vec!["--rules", f, "scan", "0..10", "--db", s(&db)],
            vec!["--rules", f, "scan", "0..10", "--json"],
            vec!["--rules", f, "export", "42", "-o", s(&out)],
            vec!["--rules", f, "render", "42", "-o", s(&png)],
            vec!["--rules", f, "bookmarks", "--db", s(&db), "add", "42"],
            vec!["--rules", f, "generate", "42"],
        ] {
            let err = refused(&args);
            assert!(err.contains(field), "{args:?}: {err}");
            assert!(
                err.contains("was refused as a rules file"),
                "{args:?}: {err}"
            );
        }
        // Nothing was written: no catalog, no level file, no picture.
        let left: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.ends_with(".json") || n == "level.json")
            .collect();
        assert!(left.is_empty(), "{f}: {left:?}");
    }
    // A rules file that is not one (too big, not a file) is bounded before reading.
    let err = refused(&["--rules", s(d), "generate", "42"]);
    assert!(err.contains("directory"), "{err}");
    let big = d.join("big.json");
    std::fs::write(&big, vec![b' '; 70_000]).unwrap();
    assert!(refused(&["--rules", s(&big), "generate", "42"]).contains("65536"));
}

#[test]
fn a_cap_of_one_attempt_makes_fallbacks_common_and_the_summary_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let one = edited_rules(dir.path(), "one.json", |r| {
        r["generator"]["max_attempts"] = 1.into()
    });
    let text = ok(&["--rules", s(&one), "scan", "0..400"]);
    assert!(
        text.contains(&format!("under rules {ONE_ATTEMPT_ID}")),
        "{text}"
    );
    assert!(
        text.contains("fallbacks are common under these rules"),
        "{text}"
    );
    let v = json(&["--rules", s(&one), "scan", "0..400", "--json"]);
    let summary = &v["summary"];
    assert_eq!(summary["rules_id"], ONE_ATTEMPT_ID);
    assert_eq!(summary["mean_attempts"], 1.0);
    assert!(
        summary["fallback_rate"].as_f64().unwrap() > 0.15,
        "{summary}"
    );
    assert!(summary["all_pre_solved"].as_u64().unwrap() > 0, "{summary}");
    // The default rules: no fallback, nothing said.
    let plain = ok(&["scan", "0..400"]);
    assert!(plain.contains("under rules v1"), "{plain}");
    assert!(!plain.contains("fallbacks are common"), "{plain}");
    // Into a catalog: the same words, and the rows stored under the rules' id.
    let db = dir.path().join("c.sqlite3");
    let stored = ok(&["--rules", s(&one), "scan", "0..300", "--db", s(&db)]);
    assert!(stored.contains("fallbacks are common"), "{stored}");
    let v = json(&[
        "--rules",
        s(&one),
        "scan",
        "300..400",
        "--db",
        s(&db),
        "--json",
    ]);
    assert_eq!(v["scan"]["rules_id"], ONE_ATTEMPT_ID);
    assert_eq!(v["stats"]["seeds"], 100);
}

/// The rows of `scan FROM..TO --json` under `rules` (none: the default rules).
fn scan_rows(range: &str, rules: Option<&Path>) -> (Vec<Value>, Value) {
    let mut args = vec!["scan", range, "--json"];
    if let Some(r) = rules {
        args.extend(["--rules", s(r)]);
    }
    let mut v = json(&args);
    let rows = v["seeds"].as_array().unwrap().clone();
    (rows, v["summary"].take())
}

fn scan_under_shown_rules_equals_the_plain_scan(range: &str, seeds: usize) {
    let dir = tempfile::tempdir().unwrap();
    let shown = dir.path().join("shown.json");
    std::fs::write(&shown, ok(&["rules", "show"])).unwrap();
    let (plain, plain_summary) = scan_rows(range, None);
    let (under, under_summary) = scan_rows(range, Some(&shown));
    assert_eq!(plain.len(), seeds);
    for (a, b) in plain.iter().zip(&under) {
        assert_eq!(a, b, "row for row");
    }
    assert_eq!(plain.len(), under.len());
    assert_eq!(plain_summary, under_summary);
    assert_eq!(under_summary["rules_id"], DEFAULT_ID);
}

/// The default suite scans 0..2000 (two scans of 2,000 seeds in a debug build
/// take a few seconds); `cargo test -p contraption-cli --test rules -- --ignored`
/// runs the full 0..10000.
#[test]
fn a_scan_under_rules_show_output_equals_the_plain_scan_row_for_row() {
    scan_under_shown_rules_equals_the_plain_scan("0..2000", 2000);
}

#[test]
#[ignore = "two scans of 10,000 seeds: about a minute in a debug build"]
fn a_scan_of_10000_seeds_under_rules_show_output_equals_the_plain_scan() {
    scan_under_shown_rules_equals_the_plain_scan("0..10000", 10_000);
}

#[test]
fn every_command_plays_by_the_given_rules() {
    let dir = tempfile::tempdir().unwrap();
    let g = s(&gears()).to_owned();
    let g = g.as_str();
    // generate and sweep: seed 0 under the gears rules grants gears, and is
    // another level than under the default rules.
    let plain = json(&["generate", "0", "--json"]);
    let geared = json(&["--rules", g, "generate", "0", "--json"]);
    assert!(
        geared["shipped"]["world"]["inventory"]["gear"]
            .as_u64()
            .unwrap()
            >= 1
    );
    assert_ne!(
        plain["shipped"]["level_hash"],
        geared["shipped"]["level_hash"]
    );
    assert!(ok(&["--rules", g, "generate", "0"]).contains(&format!("(rules {GEARS_ID})")));
    let sweep = json(&["sweep", "0", "--json", "--rules", g]);
    assert_eq!(sweep["level_hash"], geared["shipped"]["level_hash"]);
    // render: the level and the bare ball's path under the rules (here a weaker
    // gravity: the gears rules change only the inventory, which is not drawn).
    let slow = edited_rules(dir.path(), "slow.json", |r| {
        r["physics"]["gravity"] = 100.0.into()
    });
    let (a, b) = (dir.path().join("a.png"), dir.path().join("b.png"));
    ok(&["render", "0", "-o", s(&a)]);
    ok(&["render", "0", "-o", s(&b), "--rules", s(&slow)]);
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(a != b, "another picture");
    // simulate: the physics of the rules.
    let scene = dir.path().join("scene.json");
    std::fs::write(&scene, plain["shipped"]["world"].to_string()).unwrap();
    let fast = json(&["simulate", s(&scene), "--json"]);
    let slowed = json(&["simulate", s(&scene), "--json", "--rules", s(&slow)]);
    assert_ne!(fast["steps"], slowed["steps"]);
    // export: a level file that embeds the rules.
    let level = dir.path().join("level.json");
    ok(&["--rules", g, "export", "0", "-o", s(&level)]);
    let file: Value = serde_json::from_slice(&std::fs::read(&level).unwrap()).unwrap();
    assert_eq!(file["rules_id"], GEARS_ID);
    assert!(file["rules"].is_object());
    // share: a share code names default-rules levels only.
    let err = refused(&["--rules", g, "share", "0"]);
    assert!(err.contains("share the level file"), "{err}");
    // Decoding a code is about the default rules: said, not refused.
    let code = json(&["share", "0", "--json"])["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let out = run(&["--rules", g, "share", &code]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rules does not apply"));
}

#[test]
fn verify_and_replay_judge_a_file_under_its_own_rules() {
    let dir = tempfile::tempdir().unwrap();
    let g = s(&gears()).to_owned();
    let g = g.as_str();
    let default = edited_rules(dir.path(), "default.json", |_| {});
    let level = dir.path().join("level.json");
    ok(&["--rules", g, "export", "42", "-o", s(&level)]);
    // Without --rules: the file's embedded rules.
    let v = json(&["verify", s(&level), "--json"]);
    assert_eq!(
        (&v["identical"], &v["rules_id"]),
        (&Value::Bool(true), &GEARS_ID.into())
    );
    assert!(ok(&["verify", s(&level)]).contains(&format!("with rules {GEARS_ID}")));
    // --rules naming the same rules: the same answer.
    let v = json(&["--rules", g, "verify", s(&level), "--json"]);
    assert_eq!(v["identical"], true);
    // --rules naming other rules: refused, naming both.
    let err = refused(&["--rules", s(&default), "verify", s(&level)]);
    assert!(
        err.contains(GEARS_ID) && err.contains(DEFAULT_ID) && err.contains("leave out --rules"),
        "{err}"
    );
    let plain = dir.path().join("plain.json");
    ok(&["export", "42", "-o", s(&plain)]);
    assert!(refused(&["--rules", g, "verify", s(&plain)]).contains("leave out --rules"));
    ok(&["--rules", s(&default), "verify", s(&plain)]);

    // A solution of the gears level: its shipped one-ramp solution.
    let file: Value = serde_json::from_slice(&std::fs::read(&level).unwrap()).unwrap();
    let solution = serde_json::json!({
        "format": "contraption-solution",
        "schema_version": 2,
        "seed": 42,
        "rules_version": file["rules_version"],
        "rules_id": file["rules_id"],
        "rules": file["rules"],
        "level_hash": file["level_hash"],
        "placements": [file["verdict"]["solution"]],
    });
    let path = dir.path().join("solution.json");
    std::fs::write(&path, solution.to_string()).unwrap();
    assert_eq!(json(&["replay", s(&path), "--json"])["outcome"], "goal");
    assert_eq!(
        json(&["--rules", g, "replay", s(&path), "--json"])["outcome"],
        "goal"
    );
    let err = refused(&["--rules", s(&default), "replay", s(&path)]);
    assert!(err.contains("leave out --rules"), "{err}");
}

#[test]
fn bookmarks_are_kept_per_rules() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let (db, g) = (s(&db).to_owned(), s(&gears()).to_owned());
    let a = json(&["bookmarks", "--db", &db, "add", "42", "--json"]);
    let b = json(&[
        "--rules",
        &g,
        "bookmarks",
        "--db",
        &db,
        "add",
        "42",
        "--json",
    ]);
    assert_eq!(
        (&a["rules_id"], &b["rules_id"]),
        (&DEFAULT_ID.into(), &GEARS_ID.into())
    );
    assert_ne!(a["level_hash"], b["level_hash"]);
    // One per seed and rules.
    assert!(
        refused(&["--rules", &g, "bookmarks", "--db", &db, "add", "42"])
            .contains("already bookmarked")
    );
    let list = ok(&["bookmarks", "--db", &db, "list"]);
    assert!(
        list.contains("rules v1") && list.contains(&format!("rules {GEARS_ID}")),
        "{list}"
    );
    // check: the bookmarks of the rules in force, under them; the others are named.
    let out = run(&["--rules", &g, "bookmarks", "--db", &db, "check", "--json"]);
    assert!(out.status.success());
    let checks: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(checks.as_array().unwrap().len(), 1);
    assert_eq!(checks[0]["bookmark"]["id"], b["id"]);
    assert_eq!(checks[0]["changed"], false);
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 bookmark(s) of other rules"));
}

#[test]
fn rules_show_without_explain_is_the_rules_file_byte_for_byte() {
    let default = contraption::ValidRules::default();
    assert_eq!(
        ok(&["rules", "show"]),
        contraption::rules_file_text(&default)
    );
    let compact = ok(&["rules", "show", "--json"]);
    assert_eq!(
        compact,
        serde_json::to_string(&contraption::RulesFile {
            format: contraption::rules_file::RULES_FORMAT.to_owned(),
            schema_version: contraption::rules_file::RULES_SCHEMA_VERSION,
            rules: default.rules().clone(),
        })
        .unwrap()
            + "\n"
    );
}

#[test]
fn rules_show_explain_lists_every_field_with_its_value_unit_and_what_it_does() {
    use contraption::rule_fields::RULE_FIELDS;
    let text = ok(&["rules", "show", "--explain"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), RULE_FIELDS.len() + 2, "{text}");
    assert!(lines[0].starts_with("field "), "{text}");
    assert_eq!(
        lines[lines.len() - 1],
        format!(
            "{} fields of the rules v1 (id {DEFAULT_ID})",
            RULE_FIELDS.len()
        )
    );
    // Every field in the table's order, the description in one column (counted
    // in characters: units such as units/s² are aligned as they read).
    let column = lines[0].find("what it does").unwrap();
    for (line, f) in lines[1..].iter().zip(RULE_FIELDS) {
        assert!(line.starts_with(&format!("{} ", f.path)), "{line}");
        assert!(!f.description.is_empty());
        let described: String = line.chars().skip(column).collect();
        assert_eq!(described, f.description, "{line}");
    }
    let row = |path: &str| {
        let line = lines[1..]
            .iter()
            .find(|l| l.starts_with(&format!("{path} ")))
            .unwrap();
        line.split("  ")
            .filter(|c| !c.is_empty())
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        &row("physics.gravity")[..3],
        ["physics.gravity", "200.0", "units/s²"]
    );
    assert_eq!(&row("walls.count")[..3], ["walls.count", "2 – 5", "walls"]);
    assert_eq!(
        &row("walls.restitution")[..3],
        ["walls.restitution", "0.35", "—"]
    );
    assert_eq!(
        &row("sweep.angles")[..3],
        ["sweep.angles", "-0.8, -0.45, 0.45, 0.8", "rad"]
    );
    // The rules in force: under --rules, theirs.
    let gears_text = ok(&["rules", "show", "--explain", "--rules", s(&gears())]);
    assert!(
        gears_text.contains(&format!("(id {GEARS_ID})")),
        "{gears_text}"
    );
    let line = gears_text
        .lines()
        .find(|l| l.starts_with("parts.gear.count "))
        .unwrap();
    assert!(line.contains(" 1 – 2 "), "{line}");

    // --json: the table's entries with their values and descriptions.
    let v = json(&["rules", "show", "--explain", "--json"]);
    assert_eq!(
        (&v["rules_id"], &v["name"]),
        (&DEFAULT_ID.into(), &"v1".into())
    );
    let fields = v["fields"].as_array().unwrap();
    assert_eq!(fields.len(), RULE_FIELDS.len());
    for (j, f) in fields.iter().zip(RULE_FIELDS) {
        assert_eq!(j["path"], f.path);
        assert_eq!(j["unit"], f.unit);
        assert_eq!(j["description"], f.description);
        assert_eq!(j["note"], f.note);
        assert!(j["allowed"]["kind"].is_string(), "{j}");
    }
    let gravity = fields
        .iter()
        .find(|f| f["path"] == "physics.gravity")
        .unwrap();
    assert_eq!(gravity["value"], 200.0);
    let count = fields.iter().find(|f| f["path"] == "walls.count").unwrap();
    assert_eq!(count["value"], serde_json::json!({"min": 2, "max": 5}));
}

#[test]
fn rules_diff_takes_v1_on_either_side() {
    let out = run(&["rules", "diff", "v1", s(&gears())]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("field "), "{text}");
    assert!(text.contains("parts.gear.count.max  0   2"), "{text}");
    let out = run(&["rules", "diff", s(&gears()), "v1", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["a"]["rules_id"], &v["b"]["rules_id"], &v["b"]["name"]),
        (&GEARS_ID.into(), &DEFAULT_ID.into(), &"v1".into())
    );
    assert_eq!(v["differences"][0]["field"], "parts.gear.count.max");
    assert_eq!(
        (&v["differences"][0]["a"], &v["differences"][0]["b"]),
        (&"2".into(), &"0".into())
    );
    // v1 against the file of the default rules: the same rules.
    let dir = tempfile::tempdir().unwrap();
    let default = edited_rules(dir.path(), "default.json", |_| {});
    let v = json(&["rules", "diff", "v1", s(&default), "--json"]);
    assert_eq!(v["identical"], true);
    assert!(ok(&["rules", "diff", "v1", "v1"]).contains("the same rules"));
}

#[test]
fn rules_diff_of_a_missing_file_says_so_once() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    for args in [["v1", s(&missing)], [s(&missing), "v1"]] {
        let err = refused(&["rules", "diff", args[0], args[1]]);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: cannot read "), "{err}");
        assert!(err.contains("missing.json"), "{err}");
        // The OS's reason ("No such file or directory (os error 2)") once.
        assert_eq!(err.matches("os error").count(), 1, "{err}");
    }
}
