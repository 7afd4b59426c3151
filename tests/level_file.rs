//! Level files and share codes: export → import round trips, tampered and malformed
//! files are refused with their reasons, and no input makes the readers panic.

use contraption::{
    decode_share_code, encode_share_code, export_level, level_file_text, parse_level_file, verify,
    LevelFileError, ShareCode, RULES_VERSION,
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

fn exported(seed: u32) -> String {
    level_file_text(&export_level(seed, None))
}

fn edited(seed: u32, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_str(&exported(seed)).unwrap();
    edit(&mut v);
    serde_json::to_vec(&v).unwrap()
}

#[test]
fn export_then_import_round_trips_bit_for_bit() {
    let validator = schema();
    for seed in [0, 1, 42, 0xDEAD_BEEF, u32::MAX] {
        let text = exported(seed);
        let file = parse_level_file(text.as_bytes()).unwrap();
        assert_eq!(level_file_text(&file), text, "seed {seed}");
        let v = verify(&file);
        assert!(v.identical && v.drift.is_empty(), "seed {seed}: {v:?}");
        let json: Value = serde_json::from_str(&text).unwrap();
        assert!(validator.is_valid(&json), "seed {seed} breaks the schema");
    }
    let daily = export_level(176_112_159, Some("contraption:2026-7-28".into()));
    assert!(validator.is_valid(&serde_json::to_value(&daily).unwrap()));
}

#[test]
fn the_schema_refuses_what_the_reader_refuses() {
    let validator = schema();
    let extra: Value = serde_json::from_slice(&edited(42, |v| v["extra"] = 1.into())).unwrap();
    assert!(!validator.is_valid(&extra));
    let version: Value =
        serde_json::from_slice(&edited(42, |v| v["schema_version"] = 2.into())).unwrap();
    assert!(!validator.is_valid(&version));
    let outside: Value =
        serde_json::from_slice(&edited(42, |v| v["level"]["ball"]["x"] = 500.0.into())).unwrap();
    assert!(!validator.is_valid(&outside));
}

#[test]
fn tampered_and_malformed_files_are_refused_with_their_reason() {
    use LevelFileError as E;
    let moved = edited(42, |v| {
        let x = v["level"]["ball"]["x"].as_f64().unwrap();
        v["level"]["ball"]["x"] = (x + 1.0).into();
    });
    assert!(matches!(
        parse_level_file(&moved),
        Err(E::HashMismatch { .. })
    ));
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
    let text = exported(42);
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
    assert_eq!(parse_level_file(&[0xff, 0xfe]), Err(E::NotText));
    let huge = format!("{{\"pad\": \"{}\"}}", " ".repeat(70_000));
    assert!(matches!(
        parse_level_file(huge.as_bytes()),
        Err(E::TooLarge(_))
    ));
    assert!(matches!(parse_level_file(b""), Err(E::Malformed(_))));
    for e in [E::NotText, E::TooLarge(1), E::UnknownSchemaVersion(2)] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn an_older_rules_version_shows_its_drift() {
    let old = edited(42, |v| {
        v["rules_version"] = 0.into();
        v["verdict"]["shipped_attempt"] = 7.into();
    });
    let file = parse_level_file(&old).unwrap();
    let v = verify(&file);
    assert!(!v.identical);
    let fields: Vec<&str> = v.drift.iter().map(|d| d.field.as_str()).collect();
    assert_eq!(fields, ["rules_version", "verdict.shipped_attempt"]);
    assert_eq!((v.file_rules_version, v.rules_version), (0, RULES_VERSION));
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
    fn mutated_files_never_panic(seed in any::<u32>(), flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = exported(seed % 64).into_bytes();
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
