//! The sweep's shortcut (a ramp runs from the bare run's state just before the
//! ball first comes within its reach, or not at all when it never does) gives the
//! plain sweep's results bit for bit: every entry's result, steps, closest approach,
//! trajectory and block reason, in inspector and game mode, under the default rules
//! and under rules that make other outcomes common (timeouts, one contact pass, a
//! short rest, gears). The plain path (`run_sweep_plain`: every ramp simulated from
//! the start) stays the reference.

use contraption::{
    complete_sweep, draw_candidate, generate,
    geometry::{
        point_closer_than, point_segment_dist2, segment_segment_dist2, segments_closer_than, Aabb,
    },
    mark_solving, parse_rules_file, run_sweep, run_sweep_plain, simulate, summarize,
    summarize_report, Compiled, GenerateOptions, Mulberry32, PartKind, PartRunner, Placement,
    Rules, SimOptions, Spin, SweepResult, ValidRules, Vec2, World,
};
use proptest::prelude::*;

/// Rule sets the worlds are drawn and swept under.
fn rule_sets() -> Vec<ValidRules> {
    let gears = parse_rules_file(include_bytes!("../rules/gears.json")).expect("gears rules");
    let variant = |edit: fn(&mut Rules)| {
        let mut r = Rules::default();
        edit(&mut r);
        ValidRules::new(r).expect("valid variant")
    };
    vec![
        ValidRules::default(),
        gears,
        // A short step budget: many placements time out.
        variant(|r| r.simulation.max_steps = 150),
        // One contact pass (balls get wedged more often), a short rest.
        variant(|r| {
            r.physics.contact_passes = 1;
            r.simulation.rest_steps = 3;
        }),
        // Many passes, bouncy walls.
        variant(|r| {
            r.physics.contact_passes = 8;
            r.walls.restitution = 0.9;
        }),
    ]
}

/// [`rule_sets`] and two that make the rare ends of the generator common: one
/// attempt only (fallbacks), and a goal right under the ball's start (preSolved
/// candidates, all-preSolved seeds).
fn summary_rule_sets() -> Vec<ValidRules> {
    let mut sets = rule_sets();
    let mut one = Rules::default();
    one.generator.max_attempts = 1;
    sets.push(ValidRules::new(one).expect("one attempt"));
    let mut under = Rules::default();
    under.generator.max_attempts = 3;
    under.ball.start_x.min = 50.0;
    under.ball.start_x.max = 50.0;
    under.goal.x.min = 50.0;
    under.goal.x.max = 50.0;
    sets.push(ValidRules::new(under).expect("goal under the start"));
    sets
}

/// The `attempt`-th candidate (1-based) of `seed`'s stream: preSolved ones too.
fn world(rules: &ValidRules, seed: u32, attempt: u32) -> World {
    let mut rng = Mulberry32::new(seed);
    let mut w = draw_candidate(rules, &mut rng);
    for _ in 1..attempt {
        w = draw_candidate(rules, &mut rng);
    }
    w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// 10,000 worlds, all 144 (or the rules' count of) entries, both modes.
    #[test]
    fn the_shortcut_sweep_is_the_plain_sweep(
        seed in any::<u32>(),
        attempt in 1u32..4,
        which in 0usize..5,
        stride in prop_oneof![Just(0u32), 1u32..12],
    ) {
        let rules = &rule_sets()[which];
        let w = world(rules, seed, attempt);
        let base = Compiled::new(rules, &w);
        let plain = run_sweep_plain(rules, &w, &base, true, stride);
        prop_assert_eq!(&run_sweep(rules, &w, &base, true, stride), &plain);
        let game = run_sweep(rules, &w, &base, false, stride);
        prop_assert_eq!(&game, &run_sweep_plain(rules, &w, &base, false, stride));
        // A game-mode sweep completed later is the complete sweep (without
        // trajectories, as summaries use it).
        if stride == 0 {
            prop_assert_eq!(&complete_sweep(rules, &w, &game), &plain);
        }
        // Asking only "goal or not" (runs proven to miss cut short) marks the
        // plain sweep's solving placements, and stops where the game stops.
        let (_, trace) = base.run_traced(&SimOptions::default());
        let mut runner = PartRunner::new(&base, &trace);
        let mut mask = vec![0u8; rules.sweep.size().div_ceil(8)];
        let mut first_mask = mask.clone();
        let first = mark_solving(rules, &w, &mut runner, 0, true, &mut first_mask);
        prop_assert_eq!(first, plain.game_stop);
        prop_assert_eq!(mark_solving(rules, &w, &mut runner, 0, false, &mut mask), plain.game_stop);
        for p in &plain.placements {
            let i = p.index as usize;
            let marked = mask[i / 8] & (1 << (i % 8)) != 0;
            prop_assert_eq!(marked, p.result == SweepResult::Goal, "placement {}", i);
            let first_marked = first_mask[i / 8] & (1 << (i % 8)) != 0;
            prop_assert_eq!(first_marked, Some(p.index) == plain.game_stop);
        }
    }

    /// A seed's summary, computed asking only "goal or not", is the summary of its
    /// game-mode report (and of its inspector report), under every rule set,
    /// including ones where fallbacks and all-preSolved seeds are common.
    #[test]
    fn a_summary_is_the_summary_of_the_report(
        seed in any::<u32>(),
        which in 0usize..7,
    ) {
        let rules = &summary_rule_sets()[which];
        let fast = summarize(rules, seed);
        let game = generate(rules, seed, &GenerateOptions::game());
        prop_assert_eq!(&fast, &summarize_report(rules, &game));
        if seed % 8 == 0 {
            let inspector = generate(rules, seed, &GenerateOptions::inspector());
            prop_assert_eq!(&fast, &summarize_report(rules, &inspector));
        }
    }

    /// Any part anywhere (not only the sweep's ramps, not only where placement is
    /// legal), on a world that may already hold parts: `run_part` is `add` + `run`.
    #[test]
    fn running_with_one_more_part_is_adding_it_and_running(
        seed in any::<u32>(),
        which in 0usize..5,
        placed in proptest::collection::vec(part(), 0..3),
        extra in part(),
        stride in prop_oneof![Just(0u32), 1u32..12],
        budget in prop_oneof![Just(None), (1u32..400).prop_map(Some)],
    ) {
        let rules = &rule_sets()[which];
        let w = world(rules, seed, 1);
        let mut base = Compiled::new(rules, &w);
        for p in &placed {
            base.add(p);
        }
        let options = SimOptions { max_steps: budget, trajectory_stride: stride };
        let (bare, trace) = base.run_traced(&options);
        prop_assert_eq!(&bare, &base.run(&options));
        // A run that starts with a straight fall takes its steps the cheap way
        // (none with a fan placed): the step loop's, step for step.
        prop_assert_eq!(&bare, &base.run_step_by_step(&options));
        let mut all = placed.clone();
        all.push(extra);
        let plain = simulate(rules, &w, &all, &options);
        prop_assert_eq!(base.run_part(&trace, &extra, &options), plain);
    }
}

fn part() -> impl Strategy<Value = Placement> {
    (
        0usize..4,
        2.0f64..98.0,
        2.0f64..138.0,
        -1.6f64..1.6,
        any::<bool>(),
    )
        .prop_map(|(kind, x, y, angle, clockwise)| {
            let kind = [
                PartKind::Ramp,
                PartKind::Fan,
                PartKind::Bumper,
                PartKind::Gear,
            ][kind];
            let mut p = Placement::ramp(x, y, angle);
            p.part = kind;
            if kind == PartKind::Gear {
                p.spin = Some(if clockwise {
                    Spin::Clockwise
                } else {
                    Spin::CounterClockwise
                });
            }
            p
        })
}

/// Coordinates as levels have them (hundredths) or anything, lengths near the
/// segments' true distance, collinear and crossing segments included.
fn segment() -> impl Strategy<Value = (Vec2, Vec2)> {
    let coord = prop_oneof![
        (-2000i32..16000).prop_map(|v| f64::from(v) / 100.0),
        -20.0f64..160.0,
    ];
    (coord.clone(), coord.clone(), coord.clone(), coord)
        .prop_map(|(ax, ay, bx, by)| (Vec2::new(ax, ay), Vec2::new(bx, by)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The placement check's shortcut answers as the full distance does.
    #[test]
    fn segments_closer_than_is_the_distance_test(
        (a, b) in segment(),
        (c, d) in segment(),
        collinear in any::<bool>(),
        reach in prop_oneof![0.0f64..30.0, Just(0.0), Just(1.5)],
        near in any::<bool>(),
    ) {
        // Collinear cases: the second segment on the first's line, further along.
        let (c, d) = if collinear {
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            (Vec2::new(b.x + dx * 0.5, b.y + dy * 0.5), Vec2::new(b.x + dx * 2.0, b.y + dy * 2.0))
        } else {
            (c, d)
        };
        // Reaches right at the computed distance (either side of it) too.
        let reach = if near {
            let d2 = segment_segment_dist2(a, b, c, d);
            d2.sqrt() + (reach - 15.0) * 1e-12
        } else {
            reach
        };
        prop_assert_eq!(
            segments_closer_than(a, b, c, d, reach),
            segment_segment_dist2(a, b, c, d) < reach * reach
        );
        // A point and a segment, the point at either end of the other segment
        // (near, far, on the line).
        for p in [c, d] {
            let reach = if near { point_segment_dist2(p, a, b).sqrt() } else { reach };
            prop_assert_eq!(
                point_closer_than(p, a, b, reach),
                point_segment_dist2(p, a, b) < reach * reach
            );
        }
        // A box (the goal zone's shape) and a segment.
        let zone = Aabb {
            center: c,
            half: Vec2::new((d.x - c.x).abs() / 2.0, (d.y - c.y).abs() / 2.0),
        };
        let reach = if near { zone.segment_dist2(a, b).sqrt() } else { reach };
        prop_assert_eq!(
            zone.segment_closer_than(a, b, reach),
            zone.segment_dist2(a, b) < reach * reach
        );
    }
}
