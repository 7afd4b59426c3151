//! Level files and share codes: export → import round trips, every edit of a file
//! is refused with its reason, only a self-consistent file that regenerates
//! differently is drift, version 1 files still verify, files made under other rules
//! embed them, and no input makes the readers panic.

mod common;

use contraption::{
    decode_share_code, encode_share_code, export_level, level_file_text, parse_level_file,
    parse_rules_file, verify, LevelFile, LevelFileError, ShareCode, ValidRules, RULES_VERSION,
};
use proptest::prelude::*;
use serde_json::Value;

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/level.schema.json"
    ))
    .expect("the schema is in docs/");
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).expect("a valid JSON Schema")
}

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn gears() -> ValidRules {
    parse_rules_file(
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/gears.json")).unwrap(),
    )
    .unwrap()
}

fn exported(seed: u32) -> String {
    level_file_text(&export_level(&common::v1(), seed, None))
}

fn daily() -> String {
    level_file_text(&export_level(
        &common::v1(),
        176_112_159,
        Some("contraption:2026-7-28".into()),
    ))
}

fn edited_text(text: &str, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    serde_json::to_vec(&v).unwrap()
}

fn edited(seed: u32, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    edited_text(&exported(seed), edit)
}

/// The file with `edit` applied and its file hash recomputed: a self-consistent
/// file that says something else.
fn rehashed(text: &str, edit: impl FnOnce(&mut LevelFile)) -> Vec<u8> {
    let mut file = parse_level_file(text.as_bytes()).unwrap();
    edit(&mut file);
    if file.file_hash.is_some() {
        file.file_hash = Some(file.computed_file_hash());
    }
    level_file_text(&file).into_bytes()
}

#[test]
fn export_then_import_round_trips_bit_for_bit() {
    let validator = schema();
    let gears = gears();
    for (rules, seed) in [
        (common::v1(), 0),
        (common::v1(), 1),
        (common::v1(), 42),
        (common::v1(), 0xDEAD_BEEF),
        (common::v1(), u32::MAX),
        (gears.clone(), 0),
        (gears.clone(), 42),
    ] {
        let file = export_level(&rules, seed, None);
        assert_eq!(file.schema_version, 2);
        assert_eq!(file.rules_id.as_deref(), Some(rules.id()));
        assert_eq!(file.rules.is_some(), !rules.is_default());
        let text = level_file_text(&file);
        let back = parse_level_file(text.as_bytes()).unwrap();
        assert_eq!(back, file);
        assert_eq!(level_file_text(&back), text, "seed {seed}");
        let v = verify(&back);
        assert!(v.identical && v.drift.is_empty(), "seed {seed}: {v:?}");
        assert_eq!(v.rules_id, rules.id());
        let json: Value = serde_json::from_str(&text).unwrap();
        assert!(validator.is_valid(&json), "seed {seed} breaks the schema");
    }
    let daily: Value = serde_json::from_str(&daily()).unwrap();
    assert!(validator.is_valid(&daily));
}

#[test]
fn the_default_rules_are_named_not_embedded() {
    let text = exported(42);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["rules_id"], contraption::DEFAULT_RULES_ID);
    assert!(v.get("rules").is_none());
    // The level and its hash are those of rules version 1, unchanged.
    assert_eq!(v["level_hash"], "12b1c1050d31d4fb");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(keys.len(), 10, "{keys:?}");
    // Fields in the documented order.
    let order: Vec<usize> = [
        "\"format\"",
        "\"schema_version\"",
        "\"rules_version\"",
        "\"rules_id\"",
        "\"seed\"",
        "\"daily_key\"",
        "\"level\"",
        "\"level_hash\"",
        "\"verdict\"",
        "\"file_hash\"",
    ]
    .iter()
    .map(|k| text.find(k).unwrap())
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn the_schema_refuses_what_the_reader_refuses() {
    let validator = schema();
    let extra: Value = serde_json::from_slice(&edited(42, |v| v["extra"] = 1.into())).unwrap();
    assert!(!validator.is_valid(&extra));
    let version: Value =
        serde_json::from_slice(&edited(42, |v| v["schema_version"] = 3.into())).unwrap();
    assert!(!validator.is_valid(&version));
    let outside: Value =
        serde_json::from_slice(&edited(42, |v| v["level"]["ball"]["x"] = 1500.0.into())).unwrap();
    assert!(!validator.is_valid(&outside));
    let no_hash: Value = serde_json::from_slice(&edited(42, |v| {
        v.as_object_mut().unwrap().remove("file_hash");
    }))
    .unwrap();
    assert!(!validator.is_valid(&no_hash));
    // Version 1 files are described too, without the version 2 fields.
    let v1: Value = serde_json::from_slice(&data("level_v1_seed42.json")).unwrap();
    assert!(validator.is_valid(&v1));
    let mut mixed = v1.clone();
    mixed["file_hash"] = "00".into();
    assert!(!validator.is_valid(&mixed));
}

/// Every leaf of the JSON with its path.
fn leaves(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                leaves(x, format!("{path}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{path}/{i}"), out);
            }
        }
        _ => out.push(path),
    }
}

/// A different value of the same kind.
fn changed(v: &Value) -> Value {
    match v {
        Value::Bool(b) => Value::Bool(!b),
        Value::Number(n) if n.is_u64() => (n.as_u64().unwrap() + 1).into(),
        Value::Number(n) => (n.as_f64().unwrap() + 0.25).into(),
        Value::String(s) if s.starts_with("contraption:") => "contraption:2026-7-29".into(),
        Value::String(s) => format!("{s}0").into(),
        Value::Null => "contraption:2026-7-28".into(),
        other => other.clone(),
    }
}

/// ANY change to a value of a version 2 file is refused, whatever field it is in
/// (issue 12: the daily key, the seed, the rules version and the verdict included).
#[test]
fn every_single_edit_is_refused() {
    let files = [
        exported(42),
        daily(),
        level_file_text(&export_level(&gears(), 3, None)),
    ];
    let mut tried = 0;
    for text in &files {
        let original: Value = serde_json::from_str(text).unwrap();
        let mut paths = Vec::new();
        leaves(&original, String::new(), &mut paths);
        for path in paths {
            let mut v = original.clone();
            let leaf = v.pointer_mut(&path).unwrap();
            *leaf = changed(leaf);
            let bytes = serde_json::to_vec(&v).unwrap();
            assert!(
                parse_level_file(&bytes).is_err(),
                "editing {path} was accepted"
            );
            tried += 1;
        }
        // Removing a field, or adding one, is refused too.
        for key in original.as_object().unwrap().keys() {
            let mut v = original.clone();
            v.as_object_mut().unwrap().remove(key);
            let bytes = serde_json::to_vec(&v).unwrap();
            if key == "daily_key" && original[key].is_null() {
                // An absent key is read as null: the same file.
                assert!(parse_level_file(&bytes).is_ok());
            } else {
                assert!(parse_level_file(&bytes).is_err(), "removing {key}");
            }
        }
    }
    assert!(tried > 100, "{tried}");
}

#[test]
fn edits_are_refused_with_their_reason() {
    use LevelFileError as E;
    // The level, with or without its level hash recomputed.
    let moved = edited(42, |v| {
        let x = v["level"]["ball"]["x"].as_f64().unwrap();
        v["level"]["ball"]["x"] = (x + 1.0).into();
    });
    assert!(matches!(
        parse_level_file(&moved),
        Err(E::HashMismatch { .. })
    ));
    let text = exported(42);
    let mut file = parse_level_file(text.as_bytes()).unwrap();
    file.level.ball.x += 1.0;
    file.level_hash = contraption::level_hash(&file.level);
    assert!(matches!(
        parse_level_file(level_file_text(&file).as_bytes()),
        Err(E::FileHashMismatch { .. })
    ));
    // Fields the level hash does not cover.
    for edit in [
        &(|v: &mut Value| v["daily_key"] = "contraption:2026-7-28".into()) as &dyn Fn(&mut Value),
        &|v: &mut Value| v["seed"] = 43.into(),
        &|v: &mut Value| v["rules_version"] = 0.into(),
        &|v: &mut Value| v["verdict"]["shipped_attempt"] = 1.into(),
        &|v: &mut Value| v["verdict"]["reason"] = "".into(),
    ] {
        let bytes = edited(42, edit);
        let e = parse_level_file(&bytes).unwrap_err();
        assert!(matches!(e, E::FileHashMismatch { .. }), "{e}");
        assert!(e.to_string().contains("the file was edited"));
    }
    // The daily key: removed or changed.
    for key in [Value::Null, "contraption:2026-7-29".into()] {
        let bytes = edited_text(&daily(), |v| v["daily_key"] = key.clone());
        assert!(matches!(
            parse_level_file(&bytes),
            Err(E::FileHashMismatch { .. })
        ));
    }
    // A daily key that does not name the seed, even in a consistent file.
    let wrong = rehashed(&exported(42), |f| {
        f.daily_key = Some("contraption:2026-7-28".into())
    });
    assert_eq!(
        parse_level_file(&wrong),
        Err(E::DailyKeyMismatch {
            key: "contraption:2026-7-28".into(),
            seed: 42
        })
    );
    let padded = rehashed(&daily(), |f| {
        f.daily_key = Some("contraption:2026-07-28".into())
    });
    assert!(matches!(
        parse_level_file(&padded),
        Err(E::DailyKeyMismatch { .. })
    ));
    // Malformed files.
    let extra = edited(42, |v| v["level"]["colour"] = "red".into());
    assert!(matches!(parse_level_file(&extra), Err(E::Malformed(m)) if m.contains("colour")));
    let future = edited(42, |v| v["schema_version"] = 9.into());
    assert_eq!(parse_level_file(&future), Err(E::UnknownSchemaVersion(9)));
    let other = edited(42, |v| v["format"] = "tiled-map".into());
    assert_eq!(
        parse_level_file(&other),
        Err(E::WrongFormat("tiled-map".into()))
    );
    let outside = edited(42, |v| v["level"]["goal"]["center"]["y"] = (-4.0).into());
    assert!(matches!(
        parse_level_file(&outside),
        Err(E::InvalidLevel(_))
    ));
    let null_hash = edited(42, |v| v["file_hash"] = Value::Null);
    assert!(matches!(parse_level_file(&null_hash), Err(E::Malformed(_))));
    let infinite = text.replacen("\"x\": ", "\"x\": 1e999, \"was\": ", 1);
    assert!(matches!(
        parse_level_file(infinite.as_bytes()),
        Err(E::Malformed(_))
    ));
    let nan = text.replacen("\"x\": ", "\"x\": NaN, \"was\": ", 1);
    assert!(matches!(
        parse_level_file(nan.as_bytes()),
        Err(E::Malformed(_))
    ));
    let twice = text.replacen("\"seed\": 42,", "\"seed\": 42, \"seed\": 42,", 1);
    assert!(
        matches!(parse_level_file(twice.as_bytes()), Err(E::Malformed(m)) if m.contains("duplicate key `seed`"))
    );
    assert_eq!(parse_level_file(&[0xff, 0xfe]), Err(E::NotText));
    let huge = format!("{{\"pad\": \"{}\"}}", " ".repeat(70_000));
    assert!(matches!(
        parse_level_file(huge.as_bytes()),
        Err(E::TooLarge(_))
    ));
    assert!(matches!(parse_level_file(b""), Err(E::Malformed(_))));
    for e in [E::NotText, E::TooLarge(1), E::UnknownSchemaVersion(3)] {
        assert!(!e.to_string().is_empty());
    }
}

/// A self-consistent file (every hash recomputed) that regenerates differently is
/// drift, not a refusal.
#[test]
fn only_a_consistent_file_that_regenerates_differently_drifts() {
    let text = exported(42);
    let older = rehashed(&text, |f| {
        f.rules_version = 0;
        f.verdict.shipped_attempt = 7;
    });
    let file = parse_level_file(&older).unwrap();
    let v = verify(&file);
    assert!(!v.identical);
    let fields: Vec<&str> = v.drift.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(fields, ["rules_version", "verdict.shipped_attempt"]);
    assert_eq!((v.file_rules_version, v.rules_version), (0, RULES_VERSION));
    // Another seed's number on this level.
    let seed = parse_level_file(&rehashed(&text, |f| f.seed = 43)).unwrap();
    let v = verify(&seed);
    assert!(!v.identical);
    assert!(v.drift.iter().any(|d| d.field == "level_hash"));
    // A level edited with both hashes recomputed.
    let level = parse_level_file(&rehashed(&text, |f| {
        f.level.inventory.fan += 1;
        f.level_hash = contraption::level_hash(&f.level);
    }))
    .unwrap();
    let v = verify(&level);
    let fields: Vec<&str> = v.drift.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(fields, ["level.inventory.fan", "level_hash"]);
    // A consistent file without its daily key is the same level, not a daily one.
    let plain = parse_level_file(&rehashed(&daily(), |f| f.daily_key = None)).unwrap();
    assert!(verify(&plain).identical);
}

#[test]
fn files_under_other_rules_embed_them_and_verify_anywhere() {
    use LevelFileError as E;
    let gears = gears();
    let text = level_file_text(&export_level(&gears, 3, None));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["rules_id"], gears.id());
    assert_eq!(v["rules"]["parts"]["gear"]["count"]["min"], 1);
    assert!(v["level"]["inventory"]["gear"].as_u64().unwrap() >= 1);
    let file = parse_level_file(text.as_bytes()).unwrap();
    assert_eq!(file.made_under().unwrap(), gears);
    assert!(verify(&file).identical);
    // The same seed under the default rules is another level.
    assert_ne!(
        file.level_hash,
        export_level(&common::v1(), 3, None).level_hash
    );

    // Embedded rules edited: they no longer match the id they are filed under.
    let bumpy = edited_text(&text, |v| {
        v["rules"]["parts"]["bumper"]["kick"] = 120.0.into()
    });
    assert!(matches!(
        parse_level_file(&bumpy),
        Err(E::RulesMismatch { .. })
    ));
    // Invalid embedded rules are refused with the field named.
    let bad = edited_text(&text, |v| v["rules"]["physics"]["gravity"] = (-1.0).into());
    assert!(
        matches!(parse_level_file(&bad), Err(E::Malformed(m)) if m.contains("physics.gravity"))
    );
    // Rules named but not embedded.
    let missing = rehashed(&text, |f| f.rules = None);
    assert_eq!(
        parse_level_file(&missing),
        Err(E::MissingRules(gears.id().to_owned()))
    );
    // Consistently rewritten under other rules: drift, rules included.
    let mut other = gears.rules().clone();
    other.parts.gear.surface_speed = 10.0;
    let other = ValidRules::new(other).unwrap();
    let moved = parse_level_file(&rehashed(&text, |f| {
        f.rules_id = Some(other.id().to_owned());
        f.rules = Some(other.clone());
    }))
    .unwrap();
    let v = verify(&moved);
    assert_eq!(v.rules_id, other.id());
    assert!(
        v.identical,
        "the gear's speed does not change the level: {v:?}"
    );
    let fewer = {
        let mut r = gears.rules().clone();
        r.ball.start_x = contraption::rules::RealRange::new(20.0, 80.0);
        ValidRules::new(r).unwrap()
    };
    let moved = parse_level_file(&rehashed(&text, |f| {
        f.rules_id = Some(fewer.id().to_owned());
        f.rules = Some(fewer.clone());
    }))
    .unwrap();
    assert!(!verify(&moved).identical);
}

#[test]
fn version_1_files_are_still_read_and_verified() {
    use LevelFileError as E;
    for name in ["level_v1_seed42.json", "level_v1_daily.json"] {
        let bytes = data(name);
        let file = parse_level_file(&bytes).unwrap();
        assert_eq!(file.schema_version, 1);
        assert_eq!(
            (file.rules_id.as_ref(), file.file_hash.as_ref()),
            (None, None)
        );
        // Written back byte for byte.
        assert_eq!(level_file_text(&file).as_bytes(), &bytes[..]);
        let v = verify(&file);
        assert!(v.identical, "{name}: {v:?}");
        assert_eq!(v.rules_id, contraption::DEFAULT_RULES_ID);
        // Its level and hash are the ones a version 2 export carries.
        let now = export_level(&common::v1(), file.seed, file.daily_key.clone());
        assert_eq!(
            (&now.level, &now.level_hash, &now.verdict),
            (&file.level, &file.level_hash, &file.verdict)
        );
    }
    let text = String::from_utf8(data("level_v1_seed42.json")).unwrap();
    // What version 1 can check: the level hash, and that a daily key names the seed.
    let moved = edited_text(&text, |v| v["level"]["ball"]["x"] = 13.0.into());
    assert!(matches!(
        parse_level_file(&moved),
        Err(E::HashMismatch { .. })
    ));
    let key = edited_text(&text, |v| v["daily_key"] = "contraption:2026-7-28".into());
    assert!(matches!(
        parse_level_file(&key),
        Err(E::DailyKeyMismatch { .. })
    ));
    // Other edits of a version 1 file show as drift.
    let older = edited_text(&text, |v| v["rules_version"] = 0.into());
    let v = verify(&parse_level_file(&older).unwrap());
    let fields: Vec<&str> = v.drift.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(fields, ["rules_version"]);
    // Version 2 fields do not belong in a version 1 file.
    for field in ["rules_id", "file_hash"] {
        let mixed = edited_text(&text, |v| v[field] = "00".into());
        assert!(matches!(parse_level_file(&mixed), Err(E::Malformed(m)) if m.contains(field)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_level_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let _ = parse_level_file(&bytes);
    }

    /// Valid files with bytes flipped: refused or accepted, never a panic, and
    /// anything accepted still round-trips.
    #[test]
    fn mutated_files_never_panic(seed in any::<u32>(), v1 in any::<bool>(), flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = if v1 { data("level_v1_seed42.json") } else { exported(seed % 64).into_bytes() };
        for (at, b) in flips {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        if let Ok(file) = parse_level_file(&bytes) {
            let again = level_file_text(&file);
            prop_assert_eq!(parse_level_file(again.as_bytes()).unwrap(), file);
        }
    }

    #[test]
    fn share_codes_round_trip(seed in any::<u32>(), rules_version in 0u32..=65535) {
        let code = ShareCode { seed, rules_version };
        prop_assert_eq!(decode_share_code(&encode_share_code(code).unwrap()).unwrap(), code);
    }

    #[test]
    fn the_share_code_reader_never_panics(text in "\\PC{0,40}") {
        let _ = decode_share_code(&text);
        let _ = decode_share_code(&format!("CT-{text}"));
    }
}

#[test]
fn a_struct_written_as_a_list_of_its_values_is_refused() {
    // serde would read `"ball": [12.52, 8.0]` as the ball at (12.52, 8.0).
    for (edit, at) in [
        (
            (|v: &mut Value| v["level"]["ball"] = serde_json::json!([12.52, 8.0]))
                as fn(&mut Value),
            "level.ball",
        ),
        (
            |v: &mut Value| {
                let wall = v["level"]["walls"][0].clone();
                v["level"]["walls"][0] = serde_json::json!([wall["a"], wall["b"]]);
            },
            "level.walls[0]",
        ),
    ] {
        let bytes = edited(42, edit);
        let e = parse_level_file(&bytes).unwrap_err().to_string();
        assert!(e.contains(at) && e.contains("not a list"), "{e}");
    }
    // A rules file's count range written as a list: refused too.
    let shown = contraption::rules_file_text(&ValidRules::default());
    let bytes = edited_text(&shown, |v| {
        v["rules"]["walls"]["count"] = serde_json::json!([2, 5]);
    });
    let e = parse_rules_file(&bytes).unwrap_err().to_string();
    assert!(e.contains("walls.count") && e.contains("not a list"), "{e}");
}
