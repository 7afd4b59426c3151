//! The plausiblySolvable sweep: one ramp tried at every position of the rules'
//! grid (`sweep.xs` × `sweep.ys`) at every tilt (`sweep.angles`); by default
//! 6 x 6 positions x 4 tilts.
//!
//! Order: x outermost, then y, then the angle, each in its list's order. Placement
//! `i` (0-based) is `x = xs[i / (|ys| · |angles|)]`, `y = ys[(i / |angles|) % |ys|]`,
//! `angle = angles[i % |angles|]`.
//! A placement that breaks the placement rules (it overlaps a wall, the goal or
//! the ball's start) is not simulated: its result is `blocked` and it never solves.

use serde::{Deserialize, Serialize};

use crate::rules::legal::{check_placement, PlacementError};
use crate::rules::valid::ValidRules;
use crate::rules::value::{Rules, SweepSection};
use crate::sim::{BareTrace, Compiled, Meets, Outcome, PartRunner, SimOptions, SimResult};
use crate::world::model::{Placement, World};

/// The result of one sweep placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SweepResult {
    Goal,
    Out,
    Rest,
    Timeout,
    /// Not simulated: the ramp would overlap a wall, the goal or the ball.
    Blocked,
}

impl From<Outcome> for SweepResult {
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::Goal => SweepResult::Goal,
            Outcome::Out => SweepResult::Out,
            Outcome::Rest => SweepResult::Rest,
            Outcome::Timeout => SweepResult::Timeout,
        }
    }
}

/// One placement of the sweep and what happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SweepEntry {
    /// 0-based position in the sweep order.
    pub index: u32,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
    pub result: SweepResult,
    /// Steps simulated (0 when blocked).
    pub steps: u32,
    /// Closest approach to the goal (null when blocked).
    pub closest: Option<f64>,
    /// Why the placement was not simulated.
    #[serde(default)]
    pub blocked: Option<PlacementError>,
    /// Sampled trajectory, when requested.
    #[serde(default)]
    pub trajectory: Vec<[f64; 2]>,
}

/// The sweep of one attempt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sweep {
    /// The placements simulated, in sweep order: all of them when `complete`, else
    /// those up to and including the game's stop.
    pub placements: Vec<SweepEntry>,
    /// Index of the first placement that reached the goal: where the game stops.
    pub game_stop: Option<u32>,
    /// Placements among those listed that reached the goal.
    pub solving: u32,
    /// Whether every placement was simulated (inspector mode).
    pub complete: bool,
}

/// How many placements of a sweep ended each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SweepCounts {
    pub goal: u32,
    pub out: u32,
    pub rest: u32,
    pub timeout: u32,
    pub blocked: u32,
}

impl Sweep {
    /// A sweep with nothing run yet.
    pub fn empty() -> Self {
        Self {
            placements: Vec::new(),
            game_stop: None,
            solving: 0,
            complete: false,
        }
    }

    /// Placements per result.
    pub fn counts(&self) -> SweepCounts {
        let mut c = SweepCounts::default();
        for p in &self.placements {
            *match p.result {
                SweepResult::Goal => &mut c.goal,
                SweepResult::Out => &mut c.out,
                SweepResult::Rest => &mut c.rest,
                SweepResult::Timeout => &mut c.timeout,
                SweepResult::Blocked => &mut c.blocked,
            } += 1;
        }
        c
    }
}

impl SweepSection {
    /// The `i`-th ramp of the sweep (0-based). Panics unless `i < self.size()`.
    pub fn placement(&self, i: usize) -> Placement {
        let per_x = self.ys.len() * self.angles.len();
        Placement::ramp(
            self.xs[i / per_x],
            self.ys[(i / self.angles.len()) % self.ys.len()],
            self.angles[i % self.angles.len()],
        )
    }
}

/// The `i`-th ramp of the rules' sweep (0-based). Panics unless
/// `i < rules.sweep.size()`.
pub fn sweep_placement(rules: &Rules, i: usize) -> Placement {
    rules.sweep.placement(i)
}

/// Every ramp of the rules' sweep, in sweep order.
pub fn sweep_placements(rules: &Rules) -> impl Iterator<Item = Placement> + '_ {
    (0..rules.sweep.size()).map(|i| rules.sweep.placement(i))
}

/// Runs the sweep of `rules` over `world`, whose compiled form (under the same
/// rules) is `base`. With `complete` false it stops at the first placement that
/// reaches the goal, as the game does.
///
/// Each ramp runs through [`Compiled::run_part`] on one recorded bare run: a ramp
/// the bare ball never comes near ends as the bare run, one it reaches continues
/// from the bare run's state just before. The results are those of
/// [`run_sweep_plain`], bit for bit (property-tested).
pub fn run_sweep(
    rules: &ValidRules,
    world: &World,
    base: &Compiled,
    complete: bool,
    trajectory_stride: u32,
) -> Sweep {
    let (_, trace) = base.run_traced(&SimOptions::default());
    run_sweep_traced(rules, world, base, &trace, complete, trajectory_stride)
}

/// [`run_sweep`] with the bare run already recorded (by `base.run_traced` with the
/// rules' step budget), as the generator has it from its preSolved check.
pub fn run_sweep_traced(
    rules: &ValidRules,
    world: &World,
    base: &Compiled,
    trace: &BareTrace,
    complete: bool,
    trajectory_stride: u32,
) -> Sweep {
    let options = SimOptions::with_trajectory(trajectory_stride);
    let mut sweep = Sweep {
        placements: Vec::with_capacity(if complete { rules.sweep.size() } else { 16 }),
        game_stop: None,
        solving: 0,
        complete,
    };
    let mut runner = PartRunner::new(base, trace);
    extend(rules, world, &mut sweep, |ramp| runner.run(ramp, &options));
    sweep
}

/// Completes a sweep that stopped at the game's stop (a game-mode report's), as
/// if it had been run with `complete`: the placements already listed are kept.
pub fn complete_sweep(rules: &ValidRules, world: &World, partial: &Sweep) -> Sweep {
    let base = Compiled::new(rules, world);
    let (_, trace) = base.run_traced(&SimOptions::default());
    let options = SimOptions::default();
    let mut sweep = partial.clone();
    sweep.complete = true;
    let mut runner = PartRunner::new(&base, &trace);
    extend(rules, world, &mut sweep, |ramp| runner.run(ramp, &options));
    sweep
}

/// The plain sweep: every ramp simulated from the start on its own copy of the
/// world. It is the reference the shortcut sweep is tested against.
pub fn run_sweep_plain(
    rules: &ValidRules,
    world: &World,
    base: &Compiled,
    complete: bool,
    trajectory_stride: u32,
) -> Sweep {
    let options = SimOptions::with_trajectory(trajectory_stride);
    let mut sweep = Sweep {
        placements: Vec::with_capacity(rules.sweep.size()),
        game_stop: None,
        solving: 0,
        complete,
    };
    extend(rules, world, &mut sweep, |ramp| {
        let mut sim = base.clone();
        sim.add(ramp);
        sim.run(&options)
    });
    sweep
}

/// Marks in `mask` (bit `i % 8` of byte `i / 8` for placement `i`) the placements
/// from `from` on that reach the goal, as [`run_sweep`] would find them, and returns
/// the first of them; with `first_only` it stops there, as the game does. Only "goal
/// or not" is asked of each run, so runs that surely miss are cut short
/// ([`PartRunner::reaches_goal`]).
pub fn mark_solving(
    rules: &ValidRules,
    world: &World,
    runner: &mut PartRunner,
    from: usize,
    first_only: bool,
    mask: &mut [u8],
) -> Option<u32> {
    mark_solving_until(rules, world, runner, from, first_only, mask, || false)
        .expect("never asked to stop")
}

/// [`mark_solving`], looking at `stop` before each placement's run: `Err(Stopped)`
/// as soon as it says so (the mask then holds the placements run so far). One
/// simulation at most runs after `stop` turned true.
pub fn mark_solving_until(
    rules: &ValidRules,
    world: &World,
    runner: &mut PartRunner,
    from: usize,
    first_only: bool,
    mask: &mut [u8],
    stop: impl Fn() -> bool,
) -> Result<Option<u32>, Stopped> {
    let mut first = None;
    for i in from..rules.sweep.size() {
        if stop() {
            return Err(Stopped);
        }
        if placement_solves(rules, world, runner, i) {
            mask[i / 8] |= 1 << (i % 8);
            first = first.or(Some(i as u32));
            if first_only {
                break;
            }
        }
    }
    Ok(first)
}

/// Whether sweep placement `i` (0-based) solves `world`, asking the run only
/// "goal or not" ([`PartRunner::reaches_goal`]), as [`mark_solving`] does for
/// each placement.
pub fn placement_solves(
    rules: &ValidRules,
    world: &World,
    runner: &mut PartRunner,
    i: usize,
) -> bool {
    let meets = placement_meets(rules, runner, i);
    placement_solves_meeting(rules, world, runner, i, meets)
}

/// Where sweep placement `i` (0-based) first meets the bare run of `runner`
/// ([`PartRunner::meets`]): a placement that never meets it ends as the bare run.
pub fn placement_meets(rules: &ValidRules, runner: &PartRunner, i: usize) -> Meets {
    runner.meets(&sweep_placement(rules, i), rules.sweep_body(i))
}

/// [`placement_solves`] with where it meets the bare run already known
/// (`placement_meets(rules, runner, i)`).
pub fn placement_solves_meeting(
    rules: &ValidRules,
    world: &World,
    runner: &mut PartRunner,
    i: usize,
    meets: Meets,
) -> bool {
    let ramp = sweep_placement(rules, i);
    // The placement check only for ramps the ball meets (or that keep a bare
    // run ending in the goal): a ramp it never meets changes nothing anyway.
    runner.reaches_goal_meeting(&ramp, rules.sweep_body(i), meets, || {
        check_placement(rules, world, &[], &ramp).is_ok()
    })
}

/// Work given up because the caller asked it to stop (a cancel, Ctrl-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// Runs the placements after those `sweep` lists, until the end (when
/// `sweep.complete`) or the first that reaches the goal.
fn extend(
    rules: &ValidRules,
    world: &World,
    sweep: &mut Sweep,
    mut run: impl FnMut(&Placement) -> SimResult,
) {
    let from = sweep.placements.len();
    for i in from..rules.sweep.size() {
        let ramp = sweep_placement(rules, i);
        let entry = match check_placement(rules, world, &[], &ramp) {
            Err(why) => SweepEntry {
                index: i as u32,
                x: ramp.x,
                y: ramp.y,
                angle: ramp.angle,
                result: SweepResult::Blocked,
                steps: 0,
                closest: None,
                blocked: Some(why),
                trajectory: Vec::new(),
            },
            Ok(()) => {
                let r = run(&ramp);
                SweepEntry {
                    index: i as u32,
                    x: ramp.x,
                    y: ramp.y,
                    angle: ramp.angle,
                    result: r.outcome.into(),
                    steps: r.steps,
                    closest: Some(r.closest),
                    blocked: None,
                    trajectory: r.trajectory,
                }
            }
        };
        let solved = entry.result == SweepResult::Goal;
        sweep.placements.push(entry);
        if solved {
            sweep.solving += 1;
            if sweep.game_stop.is_none() {
                sweep.game_stop = Some(i as u32);
                if !sweep.complete {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_x_then_y_then_angle() {
        let rules = Rules::default();
        let all: Vec<_> = sweep_placements(&rules).collect();
        assert_eq!(all.len(), 144);
        assert_eq!((all[0].x, all[0].y, all[0].angle), (15.0, 30.0, -0.8));
        assert_eq!((all[1].x, all[1].y, all[1].angle), (15.0, 30.0, -0.45));
        assert_eq!((all[4].x, all[4].y, all[4].angle), (15.0, 48.0, -0.8));
        assert_eq!((all[24].x, all[24].y, all[24].angle), (29.0, 30.0, -0.8));
        assert_eq!((all[143].x, all[143].y, all[143].angle), (85.0, 120.0, 0.8));
    }
}
