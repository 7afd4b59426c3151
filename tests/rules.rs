//! Rules as data: the default rules are today's game, validation names the field,
//! arbitrary rules are either refused or generate without a panic, rules files are
//! read strictly, and the shipped rules files are valid.

mod common;

use contraption::rules::{CountRange, RealRange};
use contraption::{
    export_level, generate, level_file_text, parse_level_file, parse_rules_file, rules_file_text,
    rules_id, verify, GenerateOptions, Outcome, Rules, RulesFileError, SimOptions, ValidRules,
    DEFAULT_RULES_ID,
};
use proptest::prelude::*;
use serde_json::Value;

fn shipped(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_default_rules_are_v1_and_their_file_reads_back_as_them() {
    let v1 = ValidRules::default();
    assert_eq!(v1.id(), DEFAULT_RULES_ID);
    assert_eq!(v1.name(), "v1");
    let text = rules_file_text(&v1);
    let back = parse_rules_file(text.as_bytes()).unwrap();
    assert_eq!(back, v1);
    assert!(back.is_default());
    // Generating under the rules read from the file is generating under v1.
    for seed in [0, 42, 7777] {
        assert_eq!(
            generate(&back, seed, &GenerateOptions::inspector()),
            common::inspector(seed)
        );
    }
}

#[test]
fn the_shipped_rules_files_are_valid_and_canonical() {
    let dir = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/rules")).unwrap();
    let mut names: Vec<String> = dir
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.contains(&"gears.json".to_owned()), "{names:?}");
    for name in &names {
        let bytes = shipped(name);
        let rules = parse_rules_file(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            rules_file_text(&rules).as_bytes(),
            &bytes[..],
            "{name} is not in the engine's own layout"
        );
        assert!(!rules.is_default());
    }
    // Pinned: an id changes only when the rules do.
    assert_eq!(
        parse_rules_file(&shipped("gears.json")).unwrap().id(),
        "1cb7c5e44f48"
    );
}

#[test]
fn the_id_is_a_hash_of_the_canonical_json() {
    let mut r = Rules::default();
    assert_eq!(rules_id(&r), DEFAULT_RULES_ID);
    r.generator.max_attempts = 20;
    let id = rules_id(&r);
    assert_ne!(id, DEFAULT_RULES_ID);
    assert_eq!(id.len(), 12);
    assert!(id
        .bytes()
        .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    assert_eq!(ValidRules::new(r.clone()).unwrap().id(), id);
    // The same rules, however they were written, have the same id.
    let spaced = serde_json::to_string_pretty(&r).unwrap();
    let back: Rules = serde_json::from_str(&spaced).unwrap();
    assert_eq!(rules_id(&back), id);
}

fn rules_text(edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_str(&rules_file_text(&ValidRules::default())).unwrap();
    edit(&mut v);
    serde_json::to_vec(&v).unwrap()
}

fn refused(bytes: &[u8]) -> RulesFileError {
    parse_rules_file(bytes).unwrap_err()
}

/// Issue 10: a malformed rules file (wrong type, NaN, negative gravity, a sweep tilt
/// outside ±π/2, unknown field) is refused with a message naming the field.
#[test]
fn malformed_rules_files_are_refused_naming_the_field() {
    use RulesFileError as E;
    let e = refused(&rules_text(|v| {
        v["rules"]["physics"]["gravity"] = "lots".into()
    }));
    assert!(
        matches!(&e, E::Malformed(m) if m.contains("at physics.gravity: invalid type")),
        "{e}"
    );
    let text = String::from_utf8(rules_file_text(&ValidRules::default()).into_bytes()).unwrap();
    // Syntax errors inside a value are placed at its field too.
    let nan = text.replacen("\"gravity\": 200.0", "\"gravity\": NaN", 1);
    let e = refused(nan.as_bytes());
    assert!(
        matches!(&e, E::Malformed(m) if m.starts_with("at physics.gravity: ")),
        "{e}"
    );
    let huge = text.replacen("\"gravity\": 200.0", "\"gravity\": 1e999", 1);
    let e = refused(huge.as_bytes());
    assert!(
        matches!(&e, E::Malformed(m) if m.starts_with("at physics.gravity: ")),
        "{e}"
    );
    let e = refused(&rules_text(|v| {
        v["rules"]["generator"]["max_attempts"] = 1.5.into()
    }));
    assert!(
        matches!(&e, E::Malformed(m) if m.starts_with("at generator.max_attempts: ")),
        "{e}"
    );
    let e = refused(&rules_text(|v| {
        v["rules"]["physics"]["gravity"] = (-200.0).into()
    }));
    assert!(matches!(&e, E::Invalid(r) if r.field == "physics.gravity" && r.value == "-200"));
    assert!(e.to_string().contains("physics.gravity is -200"), "{e}");
    let e = refused(&rules_text(|v| {
        v["rules"]["sweep"]["angles"][2] = 1.6.into()
    }));
    assert!(
        matches!(&e, E::Invalid(r) if r.field == "sweep.angles[2]"),
        "{e}"
    );
    assert!(e.to_string().contains("1.5707963267948966"), "{e}");
    let e = refused(&rules_text(|v| {
        v["rules"]["parts"]["gear"]["colour"] = 1.into()
    }));
    assert!(
        matches!(&e, E::Malformed(m) if m.starts_with("at parts.gear.colour: unknown field")),
        "{e}"
    );
    let e = refused(&rules_text(|v| {
        v["rules"]["walls"]
            .as_object_mut()
            .unwrap()
            .remove("friction");
    }));
    assert!(
        matches!(&e, E::Malformed(m) if m.contains("friction")),
        "{e}"
    );
    let twice = text.replacen(
        "\"gravity\": 200.0,",
        "\"gravity\": 200.0, \"gravity\": 1.0,",
        1,
    );
    assert!(
        matches!(refused(twice.as_bytes()), E::Malformed(m) if m.contains("duplicate key `gravity`"))
    );
    assert_eq!(
        refused(&rules_text(|v| v["format"] = "contraption-level".into())),
        E::WrongFormat("contraption-level".into())
    );
    assert_eq!(
        refused(&rules_text(|v| v["schema_version"] = 2.into())),
        E::UnknownSchemaVersion(2)
    );
    assert!(matches!(refused(&vec![b' '; 70_000]), E::TooLarge(70_000)));
    assert_eq!(refused(&[0xff]), E::NotText);
    // The invariants, each named by the field to change.
    for (edit, field) in [
        (
            Box::new(|v: &mut Value| v["rules"]["physics"]["max_speed"] = 400.0.into())
                as Box<dyn Fn(&mut Value)>,
            "physics.max_speed",
        ),
        (
            Box::new(|v: &mut Value| v["rules"]["sweep"]["xs"][0] = 150.0.into()),
            "sweep.xs[0]",
        ),
        (
            Box::new(|v: &mut Value| v["rules"]["simulation"]["max_steps"] = 1_000_000.into()),
            "simulation.max_steps",
        ),
        (
            Box::new(|v: &mut Value| v["rules"]["generator"]["max_attempts"] = 5000.into()),
            "generator.max_attempts",
        ),
        (
            Box::new(|v: &mut Value| v["rules"]["goal"]["x"]["max"] = 5.0.into()),
            "goal.x.max",
        ),
        (
            Box::new(|v: &mut Value| {
                v["rules"]["sweep"]["ys"] = Value::Array(vec![50.0.into(); 65])
            }),
            "sweep.ys",
        ),
    ] {
        match refused(&rules_text(edit)) {
            E::Invalid(r) => assert_eq!(r.field, field),
            other => panic!("{field}: {other}"),
        }
    }
}

#[test]
fn a_cap_of_one_attempt_makes_fallbacks_common() {
    let mut r = Rules::default();
    r.generator.max_attempts = 1;
    let one = ValidRules::new(r).unwrap();
    let mut fallback = 0;
    let mut all_pre_solved = 0;
    for seed in 0..200 {
        let s = generate(&one, seed, &GenerateOptions::game()).shipped;
        fallback += u32::from(s.fallback);
        all_pre_solved += u32::from(s.all_pre_solved);
        assert_eq!(s.attempt, 1);
    }
    // About 39% of first candidates are not accepted (rules version 1).
    assert!(
        fallback > 40 && all_pre_solved > 5,
        "{fallback} {all_pre_solved}"
    );
}

/// The path of an error's field, as a JSON pointer into the rules.
fn pointer(field: &str) -> String {
    let mut p = String::new();
    for part in field.split('.') {
        match part.split_once('[') {
            Some((name, index)) => {
                p += &format!("/{name}/{}", index.trim_end_matches(']'));
            }
            None => p += &format!("/{part}"),
        }
    }
    p
}

fn real() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => -2.0..2.0f64,
        6 => 0.0..200.0f64,
        1 => -1e6..1e6f64,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(-0.0),
    ]
}

/// Rules near the default ones with a few fields set to arbitrary values (most of
/// them out of range, some of them not).
fn wild_rules() -> impl Strategy<Value = Rules> {
    (
        proptest::collection::vec((0usize..56, real()), 0..4),
        proptest::collection::vec((0usize..14, 0u32..2000), 0..3),
    )
        .prop_map(|(reals, counts)| {
            let mut r = Rules::default();
            for (i, x) in reals {
                let v = serde_json::to_value(&r).unwrap();
                let mut paths = Vec::new();
                numbers(&v, String::new(), &mut paths, false);
                let path = &paths[i % paths.len()];
                let mut v = v;
                *v.pointer_mut(path).unwrap() = serde_json::Number::from_f64(x)
                    .map(Value::Number)
                    .unwrap_or(Value::Null);
                if let Ok(next) = serde_json::from_value(v) {
                    r = next;
                } else if !x.is_finite() {
                    // JSON has no NaN: set it directly on a real field.
                    r.parts.fan.reach = x;
                }
            }
            for (i, n) in counts {
                match i {
                    0 => r.physics.steps_per_second = n,
                    1 => r.physics.contact_passes = n % 20,
                    2 => r.simulation.max_steps = n,
                    3 => r.simulation.rest_steps = n,
                    4 => r.generator.max_attempts = n % 60,
                    5 => r.walls.count = CountRange::new(n % 7, n % 9),
                    6 => r.parts.ramp.count = CountRange::new(n % 3, n % 4),
                    7 => r.parts.gear.count = CountRange::new(n % 3, n % 4),
                    8 => r.sweep.xs.truncate((n % 7) as usize),
                    9 => r.sweep.angles = vec![0.3; (n % 5) as usize],
                    10 => r.sweep.nearly_trivial_solving = n,
                    11 => r.ball.start_x = RealRange::new(f64::from(n % 100), 50.0),
                    12 => r.parts.fan.count = CountRange::new(0, n % 20),
                    _ => r.sweep.ys.push(f64::from(n % 200)),
                }
            }
            r
        })
}

/// JSON pointers of the numbers of a value (floats only with `ints` false).
fn numbers(v: &Value, path: String, out: &mut Vec<String>, ints: bool) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                numbers(x, format!("{path}/{k}"), out, ints);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                numbers(x, format!("{path}/{i}"), out, ints);
            }
        }
        Value::Number(n) if n.is_f64() != ints => out.push(path),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Arbitrary rules are either refused, naming a field that exists, or valid:
    /// then a few seeds generate without a panic, ship worlds that fit the rules'
    /// field, and their level files verify.
    #[test]
    fn arbitrary_rules_are_refused_or_generate(rules in wild_rules()) {
        match ValidRules::new(rules.clone()) {
            Err(e) => {
                let v = serde_json::to_value(&rules).unwrap();
                prop_assert!(
                    v.pointer(&pointer(&e.field)).is_some(),
                    "{} names no field", e
                );
                prop_assert!(!e.allowed.is_empty());
            }
            Ok(valid) => {
                for seed in 0..2 {
                    let report = generate(&valid, seed, &GenerateOptions::game());
                    let world = &report.shipped.world;
                    prop_assert!(world.validate(&valid).is_ok());
                    prop_assert!(report.attempts.len() as u32 <= valid.generator.max_attempts);
                    let file = export_level(&valid, seed, None);
                    let back = parse_level_file(level_file_text(&file).as_bytes()).unwrap();
                    prop_assert!(verify(&back).identical);
                    if let Some(p) = report.shipped.solution {
                        let r = contraption::simulate(&valid, world, &[p], &SimOptions::default());
                        prop_assert_eq!(r.outcome, Outcome::Goal);
                    }
                }
            }
        }
    }

    /// The rules-file reader refuses or accepts any bytes without a panic.
    #[test]
    fn the_rules_reader_never_panics(flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6)) {
        let mut bytes = shipped("gears.json");
        for (at, b) in flips {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        if let Ok(rules) = parse_rules_file(&bytes) {
            prop_assert_eq!(parse_rules_file(rules_file_text(&rules).as_bytes()).unwrap(), rules);
        }
    }
}
