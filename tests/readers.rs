//! One strict reader for every JSON file the engine accepts: level files, solution
//! files, scenes and rules files all refuse repeated keys, unknown fields and
//! oversized input the same way (issue 12: `simulate` used to keep the last of two
//! keys while `verify` refused them).

mod common;

use contraption::{
    export_level, level_file_text, new_solution, parse_level_file, parse_rules_file, parse_scene,
    parse_solution, rules_file_text, solution_text, JsonError, Placement,
};

fn files() -> Vec<(&'static str, String)> {
    let v1 = common::v1();
    let world = common::game(42).shipped.world;
    let scene =
        serde_json::json!({ "world": world, "placements": [Placement::ramp(15.0, 102.0, 0.8)] });
    vec![
        ("level", level_file_text(&export_level(&v1, 42, None))),
        (
            "solution",
            solution_text(&new_solution(
                &v1,
                42,
                "12b1c1050d31d4fb".into(),
                vec![Placement::ramp(15.0, 102.0, 0.8)],
            )),
        ),
        ("scene", serde_json::to_string_pretty(&scene).unwrap()),
        ("bare world", serde_json::to_string_pretty(&world).unwrap()),
        ("rules", rules_file_text(&v1)),
    ]
}

fn read(kind: &str, bytes: &[u8]) -> Result<(), String> {
    match kind {
        "level" => parse_level_file(bytes).map(drop).map_err(|e| e.to_string()),
        "solution" => parse_solution(bytes).map(drop).map_err(|e| e.to_string()),
        "scene" | "bare world" => parse_scene(bytes).map(drop).map_err(|e| e.to_string()),
        _ => parse_rules_file(bytes).map(drop).map_err(|e| e.to_string()),
    }
}

#[test]
fn every_reader_accepts_its_own_files() {
    for (kind, text) in files() {
        assert_eq!(read(kind, text.as_bytes()), Ok(()), "{kind}");
    }
    let scene = parse_scene(files()[2].1.as_bytes()).unwrap();
    assert_eq!(scene.placements.len(), 1);
    assert!(parse_scene(files()[3].1.as_bytes())
        .unwrap()
        .placements
        .is_empty());
}

#[test]
fn every_reader_refuses_a_repeated_key_at_any_depth() {
    for (kind, text) in files() {
        // The first key of the document again, and a key inside a nested object.
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let (key, value) = v.as_object().unwrap().iter().next().unwrap();
        let doubled = text.replacen('{', &format!("{{\"{key}\": {value}, "), 1);
        let why = read(kind, doubled.as_bytes()).unwrap_err();
        assert!(why.contains("duplicate key"), "{kind}: {key}: {why}");

        let nested = text
            .find(if kind == "rules" {
                "\"min\": "
            } else {
                "\"x\": "
            })
            .unwrap();
        let value_end = text[nested..].find([',', '\n']).unwrap() + nested;
        let entry = &text[nested..value_end];
        let doubled = text.replacen(entry, &format!("{entry}, {entry}"), 1);
        let why = read(kind, doubled.as_bytes()).unwrap_err();
        assert!(why.contains("duplicate key"), "{kind}: {entry}: {why}");
    }
}

#[test]
fn every_reader_refuses_unknown_fields_and_oversized_input() {
    for (kind, text) in files() {
        let extra = text.replacen('{', "{\"colour\": \"red\", ", 1);
        let why = read(kind, extra.as_bytes()).unwrap_err();
        assert!(why.contains("colour"), "{kind}: {why}");
        // Each reader's own limit: 64 KiB for level, solution and rules files,
        // 1 MiB for scenes (a world and up to 64 placements, generously formatted).
        let limit = if kind.contains("scene") || kind.contains("world") {
            1 << 20
        } else {
            64 * 1024
        };
        let huge = format!("{text}{}", " ".repeat(limit));
        let why = read(kind, huge.as_bytes()).unwrap_err();
        assert!(why.contains("bytes"), "{kind}: {why}");
    }
    assert!(matches!(
        parse_scene(&vec![b' '; (1 << 20) + 1]),
        Err(JsonError::TooLarge { .. })
    ));
}
