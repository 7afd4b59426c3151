//! Play under other rules than the default ones, tested without a window: the
//! studio started with `--rules rules/gears.json` serves seed 0's level with a
//! gear, the engine judges and runs gear placements (a counter-clockwise gear at
//! (30, 20) wins in 161 steps, as `tests/gear.rs` of the engine says), solution
//! files embed the rules and replay anywhere, and a level imported from a file
//! plays under the rules it embeds.

use std::path::Path;

use contraption::{
    generate, parse_rules_file, simulate, GenerateOptions, Outcome, Placement, SimOptions, Spin,
    ValidRules,
};
use studio_core::play::{self, Levels, PlayError};
use studio_core::rules_book::RulesBook;

fn gears() -> ValidRules {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/gears.json");
    parse_rules_file(&std::fs::read(path).unwrap()).unwrap()
}

/// A studio started with `--rules rules/gears.json`.
fn gears_book() -> RulesBook {
    RulesBook::new(gears(), Some("rules/gears.json".into()))
}

const SEED: u32 = 0;

#[test]
fn the_level_under_the_rules_in_force_grants_a_gear() {
    let book = gears_book();
    let rules = &book.in_force();
    let level = play::play_level(rules, book.info(), SEED);
    assert_eq!(level.level_hash, "99eb0a51c3590049");
    assert_eq!(level.world.inventory.gear, 2, "seed 0 grants two gears");
    assert_eq!(level.rules.rules_id, "1cb7c5e44f48");
    assert_eq!(level.rules.source.as_deref(), Some("rules/gears.json"));
    let shipped = generate(rules, SEED, &GenerateOptions::game()).shipped;
    assert_eq!(level.world, shipped.world);
    // The default rules ship another level for the same seed, without gears.
    let v1 = play::play_level(
        &ValidRules::default(),
        studio_core::rules::RulesInfo::of(&ValidRules::default(), None),
        SEED,
    );
    assert_ne!(v1.level_hash, level.level_hash);
    assert_eq!(v1.world.inventory.gear, 0);
}

#[test]
fn a_counter_clockwise_gear_wins_and_a_clockwise_one_misses() {
    let book = gears_book();
    let rules = &book.in_force();
    let levels = Levels::default();
    let (_, world) = levels.world(rules, SEED, &[]).unwrap();
    let ccw = Placement::gear(30.0, 20.0, Spin::CounterClockwise);
    assert!(play::check_part(rules, &world, &[], 0, &ccw).unwrap().ok);
    let run = play::run(rules, SEED, &world, &[ccw]).unwrap();
    assert!(play::won(&run));
    assert_eq!(run.result.steps, 161);
    assert_eq!(run.parts_used.gear, 1);
    assert_eq!(run.seconds, 161.0 * rules.dt());
    assert_eq!(
        run.result,
        simulate(rules, &world, &[ccw], &SimOptions::with_trajectory(1))
    );
    let cw = Placement::gear(30.0, 20.0, Spin::Clockwise);
    let missed = play::run(rules, SEED, &world, &[cw]).unwrap();
    assert_ne!(missed.result.outcome, Outcome::Goal);
    // A third gear is more than the level grants; a gear without a spin is refused.
    let second = Placement::gear(70.0, 40.0, Spin::Clockwise);
    assert!(
        play::check_part(rules, &world, &[ccw], 1, &second)
            .unwrap()
            .ok
    );
    let third = Placement::gear(70.0, 70.0, Spin::Clockwise);
    let c = play::check_part(rules, &world, &[ccw, second], 2, &third).unwrap();
    assert!(!c.ok, "{c:?}");
    assert_eq!(
        serde_json::to_value(c.error.unwrap()).unwrap()["kind"],
        "not_in_inventory"
    );
    let mut no_spin = ccw;
    no_spin.spin = None;
    let c = play::check_part(rules, &world, &[], 0, &no_spin).unwrap();
    assert_eq!(
        c.message.as_deref(),
        Some("the gear needs a spin: clockwise or counter_clockwise")
    );
    // Under the default rules the same seed's level grants no gear at all.
    let v1 = ValidRules::default();
    let (_, v1_world) = levels.world(&v1, SEED, &[]).unwrap();
    assert!(!play::check_part(&v1, &v1_world, &[], 0, &ccw).unwrap().ok);
}

#[test]
fn a_gear_solution_embeds_its_rules_and_replays_in_a_studio_on_the_default_rules() {
    let book = gears_book();
    let rules = &book.in_force();
    let (hash, world) = Levels::default().world(rules, SEED, &[]).unwrap();
    let parts = [Placement::gear(30.0, 20.0, Spin::CounterClockwise)];
    let solution = play::solution_for(rules, SEED, &hash, &world, &parts).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gear.solution.json");
    let saved = play::write_solution(&book, &path, &solution).unwrap();
    assert_eq!(saved.rules_id, "1cb7c5e44f48");
    assert_eq!(saved.run.result.steps, 161);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"spin\": \"counter_clockwise\""), "{text}");
    assert!(text.contains("\"rules_id\": \"1cb7c5e44f48\""));
    assert!(
        text.contains("\"surface_speed\": 80.0"),
        "the rules are embedded"
    );

    // A studio on the default rules opens it: it replays under the file's rules,
    // and remembers them so a play window can load the level under them.
    let other = RulesBook::default();
    let loaded = play::read_solution(&other, &path, false).unwrap();
    assert_eq!(loaded.rules_id, "1cb7c5e44f48");
    assert_eq!(loaded.run, saved.run);
    assert_eq!(other.get("1cb7c5e44f48").unwrap(), gears());
}

#[test]
fn unknown_rules_are_a_typed_error() {
    let err: PlayError = RulesBook::default().get("ffffffffffff").unwrap_err().into();
    let json = serde_json::to_value(studio_core::CommandError::from(err)).unwrap();
    assert_eq!(json["error"]["kind"], "unknown_rules");
    assert_eq!(json["error"]["id"], "ffffffffffff");
    assert!(json["message"]
        .as_str()
        .unwrap()
        .starts_with("the studio knows no rules with id ffffffffffff"));
}
