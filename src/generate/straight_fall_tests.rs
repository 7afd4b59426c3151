//! Tests of the straight fall's shortcut (`sim/straight_fall.rs`) on generated
//! candidates: a bare run, recorded or not, is the step loop's step for step.

use crate::generate::generator::draw_candidate;
use crate::rules::valid::ValidRules;
use crate::rules::value::Rules;
use crate::seed::rng::Mulberry32;
use crate::sim::{Compiled, SimOptions};
use proptest::prelude::*;

/// Rules under which a straight fall meets each of its ends: the speed cap
/// (a low one), a rest counter that runs out while falling (a slow fall under
/// weak gravity), a short step budget; and two walls only (long falls).
fn rule_sets() -> Vec<ValidRules> {
    let variant = |edit: fn(&mut Rules)| {
        let mut r = Rules::default();
        edit(&mut r);
        ValidRules::new(r).expect("valid variant")
    };
    vec![
        ValidRules::default(),
        variant(|r| r.physics.max_speed = 40.0),
        variant(|r| {
            r.physics.gravity = 2.0;
            r.simulation.rest_steps = 30;
        }),
        variant(|r| r.simulation.max_steps = 40),
        variant(|r| r.walls.count.max = r.walls.count.min),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// A bare run recorded with the straight fall's shortcut is the one
    /// recorded step by step: the same result, trajectory, and record (every
    /// state, contact-pass point, chunk box and the bounds).
    #[test]
    fn a_recorded_bare_run_is_the_step_by_step_one(
        seed in any::<u32>(),
        which in 0usize..5,
        stride in prop_oneof![Just(0u32), 1u32..12],
        budget in prop_oneof![Just(None), (1u32..300).prop_map(Some)],
    ) {
        let rules = &rule_sets()[which];
        let world = draw_candidate(rules, &mut Mulberry32::new(seed));
        let c = Compiled::new(rules, &world);
        let options = SimOptions { max_steps: budget, trajectory_stride: stride };
        let fast = c.run_traced(&options);
        let slow = c.run_traced_step_by_step(&options);
        prop_assert_eq!(&fast.0, &slow.0);
        prop_assert_eq!(&fast.1, &slow.1);
        prop_assert_eq!(&c.run(&options), &c.run_step_by_step(&options));
    }
}

#[test]
fn most_bare_runs_start_with_a_straight_fall() {
    // The shortcut is taken, not only harmless: the first steps of seed
    // 42's first candidate touch nothing.
    let rules = ValidRules::default();
    let world = draw_candidate(&rules, &mut Mulberry32::new(42));
    let c = Compiled::new(&rules, &world);
    let mut state = c.start_state();
    let next = c.fall_straight(
        &mut state,
        1,
        rules.simulation.max_steps,
        0,
        &mut Vec::new(),
        &mut crate::sim::NoProbe,
    );
    assert!(next > 10, "{next}");
    assert!(state.y > world.ball.y && state.vx == 0.0);
}
