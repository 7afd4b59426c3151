//! Solution files: version 2 records the rules id and embeds rules other than the
//! default ones, so a solution replays anywhere; version 1 files still replay.

mod common;

use contraption::{
    generate, new_solution, parse_rules_file, parse_solution, replay, solution_text,
    GenerateOptions, Outcome, Placement, SimOptions, SolutionError, Spin, ValidRules,
    DEFAULT_RULES_ID,
};
use proptest::prelude::*;
use serde_json::Value;

fn gears() -> ValidRules {
    parse_rules_file(
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/gears.json")).unwrap(),
    )
    .unwrap()
}

fn v1_file() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/solution_v1_seed42.json"
    ))
    .unwrap()
}

/// The solution the sweep found for `seed`, as a file under `rules`.
fn solved(rules: &ValidRules, seed: u32) -> String {
    let s = generate(rules, seed, &GenerateOptions::game()).shipped;
    solution_text(&new_solution(
        rules,
        seed,
        s.level_hash,
        s.solution.into_iter().collect(),
    ))
}

fn edited(text: &str, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    serde_json::to_vec(&v).unwrap()
}

#[test]
fn version_2_solutions_name_their_rules_and_replay() {
    let text = solved(&common::v1(), 42);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["rules_id"], DEFAULT_RULES_ID);
    assert!(v.get("rules").is_none());
    let s = parse_solution(text.as_bytes()).unwrap();
    assert_eq!(solution_text(&s), text);
    let run = replay(&s, &SimOptions::default()).unwrap();
    assert_eq!(run.outcome, Outcome::Goal);
}

#[test]
fn version_1_solutions_still_replay() {
    let bytes = v1_file();
    let s = parse_solution(&bytes).unwrap();
    assert_eq!((s.schema_version, s.rules_id.as_ref()), (1, None));
    assert_eq!(solution_text(&s).as_bytes(), &bytes[..]);
    assert_eq!(
        replay(&s, &SimOptions::default()).unwrap().outcome,
        Outcome::Goal
    );
    let text = String::from_utf8(bytes).unwrap();
    let mixed = edited(&text, |v| v["rules_id"] = DEFAULT_RULES_ID.into());
    assert!(matches!(
        parse_solution(&mixed),
        Err(SolutionError::Malformed(_))
    ));
}

/// A gear solution under `rules/gears.json` carries the rules with it.
#[test]
fn solutions_under_other_rules_embed_them_and_replay_anywhere() {
    let gears = gears();
    let shipped = generate(&gears, 0, &GenerateOptions::game()).shipped;
    let gear = Placement::gear(30.0, 20.0, Spin::CounterClockwise);
    let text = solution_text(&new_solution(&gears, 0, shipped.level_hash, vec![gear]));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["rules_id"], gears.id());
    assert_eq!(v["placements"][0]["spin"], "counter_clockwise");
    let s = parse_solution(text.as_bytes()).unwrap();
    assert_eq!(s.made_under().unwrap(), gears);
    assert_eq!(
        replay(&s, &SimOptions::default()).unwrap().outcome,
        Outcome::Goal
    );
    // Turned the other way it replays, and misses.
    let other = edited(&text, |v| v["placements"][0]["spin"] = "clockwise".into());
    let run = replay(&parse_solution(&other).unwrap(), &SimOptions::default()).unwrap();
    assert_ne!(run.outcome, Outcome::Goal);
    // Rules named but not embedded, embedded but edited, or null: refused.
    let named_only = edited(&text, |v| {
        v.as_object_mut().unwrap().remove("rules");
    });
    assert_eq!(
        parse_solution(&named_only),
        Err(SolutionError::MissingRules(gears.id().to_owned()))
    );
    let edited_rules = edited(&text, |v| {
        v["rules"]["parts"]["gear"]["surface_speed"] = 500.0.into()
    });
    assert!(matches!(
        parse_solution(&edited_rules),
        Err(SolutionError::RulesMismatch { .. })
    ));
    let null_rules = edited(&text, |v| v["rules"] = Value::Null);
    assert!(matches!(
        parse_solution(&null_rules),
        Err(SolutionError::Malformed(_))
    ));
}

#[test]
fn bad_solutions_are_refused() {
    let text = solved(&common::v1(), 42);
    let twice = text.replacen("\"seed\": 42,", "\"seed\": 42, \"seed\": 7,", 1);
    assert!(
        matches!(parse_solution(twice.as_bytes()), Err(SolutionError::Malformed(m)) if m.contains("duplicate key `seed`"))
    );
    let future = edited(&text, |v| v["schema_version"] = 3.into());
    assert_eq!(
        parse_solution(&future),
        Err(SolutionError::UnknownSchemaVersion(3))
    );
    let no_id = edited(&text, |v| {
        v.as_object_mut().unwrap().remove("rules_id");
    });
    assert!(
        matches!(parse_solution(&no_id), Err(SolutionError::Malformed(m)) if m.contains("rules_id"))
    );
    let other_level = edited(&text, |v| v["level_hash"] = "0000000000000000".into());
    assert!(matches!(
        replay(
            &parse_solution(&other_level).unwrap(),
            &SimOptions::default()
        ),
        Err(SolutionError::OtherLevel { .. })
    ));
    let spinning = edited(&text, |v| v["placements"][0]["spin"] = "clockwise".into());
    assert!(matches!(
        replay(&parse_solution(&spinning).unwrap(), &SimOptions::default()),
        Err(SolutionError::IllegalPlacement(_))
    ));
    assert!(matches!(
        parse_solution(&vec![b' '; 70_000]),
        Err(SolutionError::TooLarge(70_000))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_solution_reader_never_panics(flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6), v1 in any::<bool>()) {
        let mut bytes = if v1 { v1_file() } else { solved(&common::v1(), 42).into_bytes() };
        for (at, b) in flips {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        if let Ok(s) = parse_solution(&bytes) {
            prop_assert_eq!(parse_solution(solution_text(&s).as_bytes()).unwrap(), s);
        }
    }
}
