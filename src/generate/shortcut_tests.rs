//! Tests of the step loop's exact shortcuts on generated levels: the bare-run
//! replay and the free-fall proof (here, one level above the physics, because
//! they need the generator's candidates and sweep).

use crate::generate::generator::{generate, GenerateOptions};
use crate::generate::sweep::sweep_placements;
use crate::rules::valid::ValidRules;
use crate::sim::{Compiled, GoalOnly, Outcome, Probe, SimOptions, State};
use crate::world::model::Placement;

/// The shortcut is taken: in seed 42's shipped level most ramps of the sweep are
/// never reached by the bare ball (their result is the bare run's, with no step
/// simulated), and those it reaches are reached after the first step.
#[test]
fn most_ramps_are_never_reached_and_the_rest_late() {
    let rules = ValidRules::default();
    let world = generate(&rules, 42, &GenerateOptions::game()).shipped.world;
    let base = Compiled::new(&rules, &world);
    let (bare, trace) = base.run_traced(&SimOptions::default());
    assert_eq!(trace.steps, bare.steps);
    assert_eq!(trace.states.len() as u32, bare.steps - 1);
    let touches: Vec<Option<u32>> = sweep_placements(&rules)
        .map(|p| trace.first_touch(&base.solid_of(&p)))
        .collect();
    let never = touches.iter().filter(|t| t.is_none()).count();
    assert!(never > touches.len() / 2, "{never} of {}", touches.len());
    assert!(touches.iter().flatten().all(|&k| k > 1 && k <= bare.steps));
}

/// Asks the free-fall proof at every step of a run.
struct Proofs<'a> {
    sim: &'a Compiled,
    /// The first step after which the proof held.
    proved: Option<u32>,
    step: u32,
}

impl Probe for Proofs<'_> {
    fn pass(&mut self, step: u32, _: f64, _: f64) {
        self.step = step;
    }
    fn step(&mut self, s: State) {
        if self.proved.is_none() && self.sim.falls_clear(s.x, s.y, s.vx, s.vy) {
            self.proved = Some(self.step);
        }
    }
    fn end(&mut self, _: f64, _: f64) {}
}

/// The default rules and bouncy, slippery ones (restitution 1 everywhere).
fn default_and_bouncy() -> [ValidRules; 2] {
    let mut bouncy = crate::rules::value::Rules::default();
    bouncy.walls.restitution = 1.0;
    bouncy.field.side_restitution = 1.0;
    bouncy.parts.ramp.friction = 0.0;
    [ValidRules::default(), ValidRules::new(bouncy).unwrap()]
}

/// Calls `f(seed, ramp, world with the ramp)` for every ramp of the sweep on the
/// first candidate of each of `seeds` seeds.
fn each_ramp(rules: &ValidRules, seeds: u32, mut f: impl FnMut(u32, &Placement, &Compiled)) {
    for seed in 0..seeds {
        let mut rng = crate::seed::rng::Mulberry32::new(seed);
        let world = crate::generate::generator::draw_candidate(rules, &mut rng);
        let base = Compiled::new(rules, &world);
        for ramp in sweep_placements(rules) {
            let mut sim = base.clone();
            sim.add(&ramp);
            f(seed, &ramp, &sim);
        }
    }
}

/// Wherever the free-fall proof holds, at any step of any run (every ramp of
/// the sweep on the candidates of 400 seeds, under the default rules and under
/// bouncy, slippery ones), the plain run does not reach the goal; and the proof
/// does hold for a good share of the runs that end out of the field.
#[test]
fn a_ball_proven_to_fall_clear_never_reaches_the_goal() {
    let (mut proved, mut outs) = (0, 0);
    for rules in default_and_bouncy() {
        each_ramp(&rules, 400, |seed, ramp, sim| {
            let mut probe = Proofs {
                sim,
                proved: None,
                step: 0,
            };
            let r = sim.run_from(
                sim.start_state(),
                1,
                &SimOptions::default(),
                Vec::new(),
                &mut probe,
            );
            if let Some(at) = probe.proved {
                assert_ne!(
                    r.outcome,
                    Outcome::Goal,
                    "seed {seed}, {ramp:?}, proved after step {at}"
                );
                proved += 1;
            }
            outs += (r.outcome == Outcome::Out) as u32;
        });
    }
    assert!(
        proved * 2 > outs,
        "proved {proved} of {outs} runs out of the field"
    );
}

/// A goal-only run answers "goal or not" exactly as the plain run does, for
/// every ramp of the sweep on the candidates of 300 seeds under the default
/// rules and under bouncy, slippery ones — and it does end early both ways:
/// runs proven to fall clear (rising or falling), and slow balls caught in a
/// loop of states (back bit for bit where they were).
#[test]
fn goal_only_runs_end_early_with_the_plain_answer() {
    let (mut fell, mut looped, mut rising) = (0, 0, 0);
    for rules in default_and_bouncy() {
        each_ramp(&rules, 300, |seed, ramp, sim| {
            let plain = sim.run(&SimOptions::default());
            let quick = sim.run_from(
                sim.start_state(),
                1,
                &SimOptions::default(),
                Vec::new(),
                &mut GoalOnly,
            );
            assert_eq!(
                quick.outcome == Outcome::Goal,
                plain.outcome == Outcome::Goal,
                "seed {seed}, {ramp:?}: {quick:?} against {plain:?}"
            );
            if quick.steps < plain.steps {
                match quick.outcome {
                    Outcome::Out => fell += 1,
                    Outcome::Rest => looped += 1,
                    o => panic!("seed {seed}, {ramp:?}: ended early as {o:?}"),
                }
            }
        });
        // The proof from rising states: a ball thrown up clear of everything
        // (and not when it would pass the speed cap on its way down).
        let mut world = crate::generate::generator::draw_candidate(
            &rules,
            &mut crate::seed::rng::Mulberry32::new(0),
        );
        world.walls.clear();
        let sim = Compiled::new(&rules, &world);
        let x = if world.goal.center.x > 50.0 {
            10.0
        } else {
            90.0
        };
        if sim.falls_clear(x, 20.0, 0.0, -50.0) && !sim.falls_clear(x, 20.0, 0.0, -290.0) {
            rising += 1;
        }
    }
    assert!(
        fell > 30_000 && looped > 1_000,
        "fell {fell}, looped {looped}"
    );
    assert_eq!(rising, 2);
}
