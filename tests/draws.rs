//! The draw record (`record_draws`) names every value a seed's candidates take
//! from the mulberry32 stream: it replays to exactly the candidates `generate`
//! drew, its raw outputs are mulberry32's sequence for the seed, and recording
//! changes nothing. Pins (`what_if`) set values, raw draws and walls' fates, are
//! refused with a clear message when they name nothing the seed draws, and the
//! pinned generation judges the pinned candidate as the generator would.

use contraption::{
    draw_candidate_with, generate, generate_with, judge_world, parse_rules_file, record_draws,
    what_if, AttemptDraws, GenerateOptions, Mulberry32, NoTap, Pin, PinError, PinTo, Rules,
    ValidRules, Vec2, Verdict, Wall, World,
};
use rayon::prelude::*;

fn variant(edit: fn(&mut Rules)) -> ValidRules {
    let mut r = Rules::default();
    edit(&mut r);
    ValidRules::new(r).expect("valid variant")
}

fn rule_sets() -> Vec<ValidRules> {
    vec![
        ValidRules::default(),
        parse_rules_file(include_bytes!("../rules/gears.json")).expect("gears rules"),
        // Constants: the ball's start and the bumpers take no draw.
        variant(|r| {
            r.ball.start_x.min = 50.0;
            r.ball.start_x.max = 50.0;
            r.parts.bumper.count.min = 1;
            r.parts.bumper.count.max = 1;
        }),
        // Many walls, wide clearances: many are dropped.
        variant(|r| {
            r.walls.count.min = 4;
            r.walls.count.max = 9;
            r.walls.ball_clearance = 20.0;
            r.walls.goal_clearance = 15.0;
            r.generator.max_attempts = 6;
        }),
    ]
}

/// The candidate a record's values build, without the generator: the ball and
/// the goal from their rounded draws, the built walls, the counts.
fn rebuild(rules: &ValidRules, a: &AttemptDraws) -> World {
    let v = |site: &str| {
        let d = a.draws.iter().find(|d| d.site == site).unwrap();
        d.rounded.unwrap_or(d.value)
    };
    let mut walls: Vec<_> = a.walls.iter().filter(|w| w.built.is_some()).collect();
    walls.sort_by_key(|w| w.built);
    World {
        ball: Vec2::new(v("ball.start_x"), rules.ball.start_y),
        goal: contraption::Goal {
            center: Vec2::new(v("goal.x"), v("goal.y")),
            width: rules.goal.width,
            height: rules.goal.height,
        },
        walls: walls.iter().map(|w| Wall { a: w.a, b: w.b }).collect(),
        inventory: contraption::Inventory {
            ramp: v("parts.ramp.count") as u32,
            fan: v("parts.fan.count") as u32,
            bumper: v("parts.bumper.count") as u32,
            gear: v("parts.gear.count") as u32,
        },
    }
}

#[test]
fn the_record_replays_to_the_candidates_generate_drew_under_several_rule_sets() {
    for rules in rule_sets() {
        (0..1_500u32).into_par_iter().for_each(|seed| {
            let report = generate(&rules, seed, &GenerateOptions::game());
            let n = report.attempts.len() as u32;
            let record = record_draws(&rules, seed, n, &[]).unwrap();
            assert_eq!(record.attempts.len() as u32, n);
            let mut stream = Mulberry32::new(seed);
            let mut position = 0;
            for (a, drawn) in record.attempts.iter().zip(&report.attempts) {
                assert_eq!(a.world, drawn.world, "seed {seed} attempt {}", a.attempt);
                assert_eq!(rebuild(&rules, a), drawn.world, "seed {seed}");
                assert_eq!(a.first_position, position);
                for d in &a.draws {
                    match d.raw {
                        Some(raw) => {
                            assert_eq!(d.position, Some(position));
                            assert_eq!(raw, stream.next_u32(), "seed {seed} draw {position}");
                            assert_eq!(d.unit, Some(f64::from(raw) / 4_294_967_296.0));
                            assert_eq!(d.value, d.span.map(raw));
                            assert!(!d.span.is_constant());
                            position += 1;
                        }
                        None => {
                            assert!(d.span.is_constant(), "{d:?}");
                            assert_eq!((d.position, d.value), (None, d.span.min));
                        }
                    }
                    assert!(d.pinned_from.is_none());
                }
                assert_eq!(a.draw_count, position - a.first_position);
                let walls = a.draws.iter().find(|d| d.site == "walls.count").unwrap();
                assert_eq!(a.walls.len(), walls.value as usize);
            }
        });
    }
}

#[test]
fn recording_changes_no_candidate_and_no_report() {
    for rules in rule_sets() {
        for seed in [0, 1, 42, 1234, 99_999, u32::MAX] {
            let plain = generate(&rules, seed, &GenerateOptions::inspector());
            let tapped = generate_with(&rules, seed, &GenerateOptions::inspector(), |rng| {
                draw_candidate_with(&rules, rng, &mut NoTap)
            });
            assert_eq!(plain, tapped);
            let w = what_if(&rules, seed, &[], 0).unwrap();
            assert_eq!(w.report, plain, "no pins: the seed's own generation");
        }
    }
}

#[test]
fn the_raw_outputs_of_seed_42_are_the_javascript_original_s() {
    let record = record_draws(&ValidRules::default(), 42, 1, &[]).unwrap();
    let units: Vec<f64> = record.attempts[0]
        .draws
        .iter()
        .filter_map(|d| d.unit)
        .collect();
    assert_eq!(
        &units[..3],
        &[0.6011037519201636, 0.44829055899754167, 0.8524657934904099]
    );
    let sites: Vec<&str> = record.attempts[0].draws[..5]
        .iter()
        .map(|d| d.site.as_str())
        .collect();
    assert_eq!(
        sites,
        [
            "ball.start_x",
            "goal.x",
            "goal.y",
            "walls.count",
            "walls[1].center_x"
        ]
    );
}

fn pin(text: &str) -> Pin {
    Pin::parse(text).unwrap()
}

#[test]
fn a_value_pin_sets_the_value_and_leaves_the_stream_where_it_was() {
    let rules = ValidRules::default();
    let plain = record_draws(&rules, 42, 3, &[]).unwrap();
    let pinned = record_draws(&rules, 42, 3, &[pin("2:goal.x=40")]).unwrap();
    let a = &pinned.attempts[1];
    assert_eq!(a.world.goal.center.x, 40.0);
    let d = a.draws.iter().find(|d| d.site == "goal.x").unwrap();
    let was = plain.attempts[1]
        .draws
        .iter()
        .find(|d| d.site == "goal.x")
        .unwrap();
    assert_eq!(d.pinned_from.as_ref().unwrap().value, was.value);
    assert_eq!(d.raw, was.raw, "a value pin keeps the raw draw");
    // Everything else is the stream's.
    assert_eq!(pinned.attempts[0], plain.attempts[0]);
    assert_eq!(pinned.attempts[2], plain.attempts[2]);
    let mut expect = plain.attempts[1].world.clone();
    expect.goal.center.x = 40.0;
    // Walls near the new goal could go; for this seed none does, so the level
    // is the stream's with the goal moved.
    assert_eq!(a.walls, plain.attempts[1].walls);
    assert_eq!(a.world, expect);
}

#[test]
fn a_raw_pin_maps_its_raw_value_and_a_count_pin_shifts_every_later_draw() {
    let rules = ValidRules::default();
    let plain = record_draws(&rules, 7, 2, &[]).unwrap();
    let raw = record_draws(&rules, 7, 1, &[pin("1:goal.y=raw:0")]).unwrap();
    assert_eq!(raw.attempts[0].world.goal.center.y, rules.goal.y.min);
    let n = plain.attempts[0].walls.len() as u32;
    let other = if n == 5 { 2 } else { n + 1 };
    let more = record_draws(&rules, 7, 2, &[pin(&format!("1:walls.count={other}"))]).unwrap();
    assert_eq!(more.attempts[0].walls.len() as u32, other);
    let shift = 4 * (i64::from(other) - i64::from(n));
    assert_eq!(
        i64::from(more.attempts[1].first_position),
        i64::from(plain.attempts[1].first_position) + shift
    );
}

#[test]
fn a_wall_can_be_dropped_or_kept_against_the_rules() {
    let rules = ValidRules::default();
    // A seed whose first attempt builds a wall and drops one.
    let (seed, record) = (0..10_000u32)
        .map(|s| (s, record_draws(&rules, s, 1, &[]).unwrap()))
        .find(|(_, r)| {
            let w = &r.attempts[0].walls;
            w.iter().any(|w| w.built.is_some())
                && w.iter().any(|w| {
                    w.built.is_none()
                        && w.dropped_for.len() == 1
                        && w.dropped_for[0] != contraption::DropReason::OutsideField
                })
        })
        .unwrap();
    let walls = &record.attempts[0].walls;
    let built = walls.iter().find(|w| w.built.is_some()).unwrap();
    let dropped = walls
        .iter()
        .find(|w| w.built.is_none() && w.dropped_for[0] != contraption::DropReason::OutsideField)
        .unwrap();
    let pins = [
        pin(&format!("1:walls[{}]=drop", built.number)),
        pin(&format!("1:walls[{}]=keep", dropped.number)),
    ];
    let edited = record_draws(&rules, seed, 1, &pins).unwrap();
    let world = &edited.attempts[0].world;
    assert_eq!(world.walls.len(), record.attempts[0].world.walls.len());
    assert!(world
        .walls
        .iter()
        .any(|w| w.a == dropped.a && w.b == dropped.b));
    assert!(!world.walls.iter().any(|w| w.a == built.a && w.b == built.b));
    let last_draw = |n: u32| {
        edited.attempts[0]
            .draws
            .iter()
            .rfind(|d| d.wall == Some(n))
            .and_then(|d| d.decided.clone())
            .unwrap()
    };
    assert!(last_draw(built.number).contains("dropped by a pin"));
    assert!(last_draw(dropped.number).contains("kept by a pin"));
}

#[test]
fn bad_pins_are_refused_with_what_was_wrong() {
    let rules = ValidRules::default();
    let err = |pins: &[&str]| {
        let pins: Vec<Pin> = pins.iter().map(|p| pin(p)).collect();
        what_if(&rules, 42, &pins, 0).unwrap_err()
    };
    assert!(matches!(err(&["1:goal.x=95"]), PinError::OutOfRange { .. }));
    assert!(matches!(
        err(&["1:walls.count=3.5"]),
        PinError::NotWhole { .. }
    ));
    assert!(matches!(
        err(&["1:parts.gear.count=raw:5"]),
        PinError::Constant { .. }
    ));
    assert!(matches!(
        err(&["41:goal.x=40"]),
        PinError::NoSuchAttempt { .. }
    ));
    assert!(matches!(
        err(&["1:goal.x=40", "1:goal.x=raw:1"]),
        PinError::Duplicate { .. }
    ));
    assert!(matches!(
        err(&["1:walls[9].length=20"]),
        PinError::NotDrawn { .. }
    ));
    assert!(matches!(
        Pin::parse("goal.x=40"),
        Err(PinError::Malformed { .. })
    ));
    assert!(matches!(
        Pin::parse("1:goal.z=40"),
        Err(PinError::UnknownSite { .. })
    ));
    assert!(matches!(
        Pin::parse("1:goal.x=keep"),
        Err(PinError::KeepValue { .. })
    ));
    assert!(matches!(
        Pin::parse("1:walls[2]=4"),
        Err(PinError::WallValue { .. })
    ));
    assert!(matches!(
        Pin::parse("0:goal.x=4"),
        Err(PinError::Malformed { .. })
    ));
    let message = err(&["1:goal.x=95"]).to_string();
    assert_eq!(
        message,
        "goal.x is drawn from 10 to 90; 95 is outside that range"
    );
    for text in [
        "3:walls[2].angle=-0.25",
        "1:goal.y=raw:4294967295",
        "2:walls[1]=drop",
    ] {
        assert_eq!(pin(text).to_string(), text);
    }
    assert_eq!(pin("1:goal.x=40").to, PinTo::Value(40.0));
}

#[test]
fn what_if_judges_the_pinned_candidate_as_the_generator_does() {
    let rules = ValidRules::default();
    for seed in 0..40u32 {
        let real = generate(&rules, seed, &GenerateOptions::inspector());
        let n = real.attempts.len() as u32;
        // Pinning the value an attempt already has changes nothing.
        let x = real.attempts[0].world.goal.center.x;
        let same = what_if(&rules, seed, &[pin(&format!("1:goal.x={x}"))], 0).unwrap();
        assert_eq!(same.report, real);
        // Move the first attempt's goal: the candidate is judged like any world.
        let moved = what_if(&rules, seed, &[pin("1:goal.x=12.5")], 0).unwrap();
        assert!(moved.reached);
        assert_eq!(moved.candidate.world.goal.center.x, 12.5);
        let alone = judge_world(&rules, moved.candidate.world.clone(), 1, true, 0);
        assert_eq!(alone, moved.candidate);
        assert_eq!(moved.report.attempts[0], moved.candidate);
        // An attempt past the shipped one: judged, but it cannot change what ships.
        if n < 40 {
            let later = what_if(&rules, seed, &[pin(&format!("{}:goal.y=120", n + 1))], 0).unwrap();
            assert!(!later.reached);
            assert_eq!(later.report, real);
            assert_eq!(later.record.attempts.len() as u32, n + 1);
            assert_eq!(later.candidate.world.goal.center.y, 120.0);
            assert_eq!(later.candidate.index, n + 1);
            assert!(
                later.candidate.sweep.is_some() || later.candidate.verdict == Verdict::PreSolved
            );
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any seed, any of the rule sets: the record replays to the candidates
        /// `generate` drew, and a value pin inside its range sets exactly that
        /// value and moves no draw's position.
        #[test]
        fn any_seed_replays_and_a_value_pin_moves_no_draw(
            seed in any::<u32>(),
            set in 0usize..4,
            which in 0usize..3,
            u in 0.0f64..=1.0,
        ) {
            let rules = &rule_sets()[set];
            let report = generate(rules, seed, &GenerateOptions::game());
            let n = report.attempts.len() as u32;
            let record = record_draws(rules, seed, n, &[]).unwrap();
            for (a, drawn) in record.attempts.iter().zip(&report.attempts) {
                prop_assert_eq!(&a.world, &drawn.world);
                prop_assert_eq!(&rebuild(rules, a), &drawn.world);
            }
            let site = ["ball.start_x", "goal.x", "goal.y"][which];
            let d = record.attempts[0].draws.iter().find(|d| d.site == site).unwrap();
            let value = d.span.min + u * (d.span.max - d.span.min);
            let pins = [Pin { attempt: 1, site: site.into(), to: PinTo::Value(value) }];
            let pinned = record_draws(rules, seed, n, &pins).unwrap();
            let p = pinned.attempts[0].draws.iter().find(|d| d.site == site).unwrap();
            prop_assert_eq!(p.value, value);
            let positions = |r: &contraption::DrawRecord| -> Vec<Option<u32>> {
                r.attempts.iter().flat_map(|a| a.draws.iter().map(|d| d.position)).collect()
            };
            prop_assert_eq!(positions(&pinned), positions(&record));
        }
    }
}
