//! `RulesInfo` is the engine's rules, whole: one field per constant of
//! `src/rules.rs`, under the constant's name, with its value.

use contraption::rules;
use studio_core::rules::RulesInfo;

#[test]
fn one_field_per_engine_constant() {
    let source = include_str!("../../src/rules.rs");
    let mut constants: Vec<String> = source
        .lines()
        .filter_map(|l| l.strip_prefix("pub const "))
        .map(|l| l.split(':').next().unwrap().trim().to_lowercase())
        .collect();
    constants.sort();
    let json = serde_json::to_value(RulesInfo::current()).unwrap();
    let mut fields: Vec<String> = json.as_object().unwrap().keys().cloned().collect();
    fields.sort();
    assert_eq!(
        fields, constants,
        "RulesInfo and src/rules.rs list the same rules"
    );
}

#[test]
fn the_values_are_the_engines() {
    let r = RulesInfo::current();
    assert_eq!(r.rules_version, contraption::RULES_VERSION);
    assert_eq!((r.field_width, r.field_height), (100.0, 150.0));
    assert_eq!(r.dt, rules::DT);
    assert_eq!(r.max_steps, rules::MAX_STEPS);
    assert_eq!(r.max_attempts, rules::MAX_ATTEMPTS);
    assert_eq!(r.sweep_xs, rules::SWEEP_XS);
    assert_eq!(r.sweep_ys, rules::SWEEP_YS);
    assert_eq!(r.sweep_angles, rules::SWEEP_ANGLES);
    assert_eq!(
        r.sweep_size as usize,
        r.sweep_xs.len() * r.sweep_ys.len() * r.sweep_angles.len()
    );
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
}
