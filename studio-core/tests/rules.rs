//! The rules the studio runs under: `RulesInfo` is a `ValidRules` whole (one field
//! per constant of `src/rules.rs` under the constant's name, with the value of the
//! rules it describes, plus their id, name, file and the whole value); the rules
//! book holds the rules in force (`--rules FILE`, read with a bound and refused
//! with the engine's message naming the field) and the rules met in files.

use std::path::{Path, PathBuf};

use contraption::{parse_rules_file, rules, rules_file_text, ValidRules, DEFAULT_RULES_ID};
use studio_core::args::StudioArgs;
use studio_core::rules::RulesInfo;
use studio_core::rules_book::{RulesBook, RulesFileFailure, UnknownRules};

fn gears_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/gears.json")
}

fn gears() -> ValidRules {
    parse_rules_file(&std::fs::read(gears_path()).unwrap()).unwrap()
}

/// The fields that describe the rules rather than hold one of them.
const IDENTITY: [&str; 6] = [
    "default_rules_id",
    "is_default",
    "rules",
    "rules_id",
    "rules_name",
    "source",
];

#[test]
fn one_field_per_engine_constant_and_the_identity() {
    let source = [
        include_str!("../../src/rules/value.rs"),
        include_str!("../../src/rules/defaults.rs"),
    ]
    .concat();
    let mut constants: Vec<String> = source
        .lines()
        .filter_map(|l| l.strip_prefix("pub const "))
        .map(|l| l.split(':').next().unwrap().trim().to_lowercase())
        .chain(IDENTITY.iter().map(|s| s.to_string()))
        .collect();
    constants.sort();
    let json = serde_json::to_value(RulesInfo::of(&ValidRules::default(), None)).unwrap();
    let mut fields: Vec<String> = json.as_object().unwrap().keys().cloned().collect();
    fields.sort();
    assert_eq!(
        fields, constants,
        "RulesInfo and src/rules/value.rs + defaults.rs list the same rules"
    );
}

#[test]
fn the_default_values_are_the_engines_constants() {
    let r = RulesInfo::of(&ValidRules::default(), None);
    assert_eq!(r.rules_version, contraption::RULES_VERSION);
    assert_eq!(r.rules_id, DEFAULT_RULES_ID);
    assert_eq!(r.rules_name, "v1");
    assert!(r.is_default);
    assert_eq!(r.source, None);
    assert_eq!(r.rules, contraption::Rules::default());
    assert_eq!((r.field_width, r.field_height), (100.0, 150.0));
    assert_eq!(r.dt, rules::DT);
    assert_eq!(r.max_steps, rules::MAX_STEPS);
    assert_eq!(r.max_attempts, rules::MAX_ATTEMPTS);
    assert_eq!(r.sweep_xs, rules::SWEEP_XS);
    assert_eq!(r.sweep_ys, rules::SWEEP_YS);
    assert_eq!(r.sweep_angles, rules::SWEEP_ANGLES);
    assert_eq!(r.sweep_size, 144);
    assert_eq!(
        (r.ramp_length, r.ramp_radius, r.bumper_radius, r.fan_reach),
        (
            rules::RAMP_LENGTH,
            rules::RAMP_RADIUS,
            rules::BUMPER_RADIUS,
            rules::FAN_REACH
        )
    );
    assert_eq!(
        (r.gear_radius, r.gear_surface_speed),
        (rules::GEAR_RADIUS, rules::GEAR_SURFACE_SPEED)
    );
}

#[test]
fn the_values_are_those_of_the_rules_described() {
    let mut changed = contraption::Rules::default();
    changed.physics.gravity = 150.0;
    changed.physics.steps_per_second = 240;
    changed.parts.gear.radius = 7.5;
    changed.parts.gear.surface_speed = 40.0;
    changed.sweep.angles = vec![-0.5, 0.5];
    changed.generator.max_attempts = 3;
    let valid = ValidRules::new(changed).unwrap();
    let r = RulesInfo::of(&valid, Some("/x/rules.json".into()));
    assert_eq!(r.gravity, 150.0);
    assert_eq!(r.steps_per_second, 240);
    assert_eq!(r.dt, 1.0 / 240.0);
    assert_eq!((r.gear_radius, r.gear_surface_speed), (7.5, 40.0));
    assert_eq!(r.sweep_size, 72);
    assert_eq!(r.max_attempts, 3);
    assert_eq!(r.rules_id, valid.id());
    assert_eq!(r.rules_name, valid.id());
    assert!(!r.is_default);
    assert_eq!(r.source.as_deref(), Some("/x/rules.json"));
}

#[test]
fn the_rules_in_force_come_from_the_rules_flag() {
    let none = StudioArgs::try_parse_with_version(["contraption-studio"], "1").unwrap();
    let book = none.rules_book().unwrap();
    assert!(book.in_force().is_default());
    assert_eq!(book.info().rules_name, "v1");

    let path = gears_path();
    let args = StudioArgs::try_parse_with_version(
        ["contraption-studio", "--rules", path.to_str().unwrap()],
        "1",
    )
    .unwrap();
    let book = args.rules_book().unwrap();
    assert_eq!(book.in_force(), gears());
    let info = book.info();
    assert_eq!(info.rules_id, "1cb7c5e44f48");
    assert_eq!(info.rules_name, "1cb7c5e44f48");
    assert_eq!(info.source.as_deref(), path.to_str());
    assert_eq!(info.rules.parts.gear.count.max, 2);
}

fn refused(text: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.json");
    std::fs::write(&path, text).unwrap();
    match RulesBook::from_file(Some(&path), false) {
        Err(e @ RulesFileFailure::Refused { .. }) => e.to_string(),
        Err(e) => panic!("not a refusal: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn a_bad_rules_file_is_refused_with_the_engines_message_naming_the_field() {
    let good = rules_file_text(&ValidRules::default());
    let bad = good.replacen("\"gravity\": 200.0", "\"gravity\": -200.0", 1);
    assert_ne!(bad, good);
    let msg = refused(bad.as_bytes());
    assert!(msg.starts_with("cannot use the rules file "), "{msg}");
    assert!(
        msg.ends_with("the rules are not valid: physics.gravity is -200; it must be greater than 0 and at most 10000"),
        "{msg}"
    );
    let unknown = good.replacen("\"gravity\"", "\"gravitas\": 1.0, \"gravity\"", 1);
    assert!(refused(unknown.as_bytes()).contains("gravitas"));
    // Bounded: a file over 64 KiB is refused before it is parsed.
    let huge = vec![b' '; 64 * 1024 + 1];
    assert!(refused(&huge).contains("rules files are at most 65536 bytes"));
    // A missing file says which and why.
    let missing = RulesBook::from_file(Some(Path::new("/nonexistent/rules.json")), false)
        .err()
        .unwrap();
    assert!(matches!(missing, RulesFileFailure::Io { .. }), "{missing}");
    assert!(missing.to_string().contains("/nonexistent/rules.json"));
}

#[test]
fn the_book_knows_the_rules_in_force_and_those_met_in_files() {
    let book = RulesBook::default();
    let g = gears();
    assert_eq!(
        book.get(g.id()).unwrap_err(),
        UnknownRules {
            id: g.id().to_owned()
        }
    );
    assert_eq!(book.remember(&g), g.id());
    assert_eq!(book.get(g.id()).unwrap(), g);
    assert_eq!(book.get(DEFAULT_RULES_ID).unwrap(), ValidRules::default());
    let info = book.info_of(g.id()).unwrap();
    assert_eq!((info.rules_id.as_str(), info.source), (g.id(), None));
    // The rules in force are never forgotten, however many others are met.
    for n in 1..=40u32 {
        let mut r = contraption::Rules::default();
        r.generator.max_attempts = n;
        book.remember(&ValidRules::new(r).unwrap());
    }
    assert!(book.get(DEFAULT_RULES_ID).is_ok());
    assert!(book.get(g.id()).is_err(), "the oldest are forgotten");
}
