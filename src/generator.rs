//! The generator: draw a candidate from the PRNG stream, test it with `simulate`,
//! ship the first one that is neither trivial nor unsolvable by one ramp.

use crate::canonical::level_hash;
use crate::geometry::{point_segment_dist2, Vec2};
use crate::report::{Attempt, GenerationReport, Mode, Shipped, Verdict};
use crate::rng::Mulberry32;
use crate::rules::*;
use crate::sim::{Compiled, Outcome, SimOptions};
use crate::sweep::{run_sweep, sweep_placement};
use crate::world::{Goal, Inventory, Wall, World};

/// The ball always starts at this height.
pub const BALL_START_Y: f64 = 8.0;

/// How much detail a report carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    pub mode: Mode,
    /// Trajectory sampling stride for the bare ball and every sweep placement
    /// (0: no trajectories).
    pub trajectory_stride: u32,
}

impl GenerateOptions {
    pub fn game() -> Self {
        Self {
            mode: Mode::Game,
            trajectory_stride: 0,
        }
    }
    pub fn inspector() -> Self {
        Self {
            mode: Mode::Inspector,
            trajectory_stride: 0,
        }
    }
}

/// Rounds to hundredths, so levels print short and read back exactly.
fn q(v: f64) -> f64 {
    (v * 100.0 + 0.5).floor() / 100.0
}

/// Draws one candidate world. The draws, in order (each `r()` is one mulberry32 draw):
/// 1. ball x = 10 + 80 r()  (ball y is always 8)
/// 2. goal x = 10 + 80 r(), 3. goal y = 112 + 28 r()
/// 4. wall count = 2 + floor(4 r())  (2 to 5)
/// 5. for each wall: centre x = 8 + 84 r(), centre y = 26 + 84 r(),
///    length = 14 + 16 r(), angle = −0.6 + 1.2 r(); endpoints = centre ± length/2 ·
///    (cos, sin)(angle) with libm. A wall is dropped (its draws still consumed) when it
///    sticks out of the field, passes within 6 units of the ball's start, or within 5
///    units of the goal zone.
/// 6. ramps = 1 + floor(2 r()), fans = floor(2 r()), bumpers = floor(3 r()).
///
/// Every coordinate is rounded to hundredths (`floor(v · 100 + 0.5) / 100`).
pub fn draw_candidate(rng: &mut Mulberry32) -> World {
    let ball = Vec2::new(q(rng.range(10.0, 90.0)), BALL_START_Y);
    let goal = Goal::new(Vec2::new(
        q(rng.range(10.0, 90.0)),
        q(rng.range(112.0, 140.0)),
    ));
    let count = rng.int(2, 4);
    let mut walls = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let cx = rng.range(8.0, 92.0);
        let cy = rng.range(26.0, 110.0);
        let half = rng.range(14.0, 30.0) / 2.0;
        let angle = rng.range(-0.6, 0.6);
        let (dx, dy) = (libm::cos(angle) * half, libm::sin(angle) * half);
        let wall = Wall {
            a: Vec2::new(q(cx - dx), q(cy - dy)),
            b: Vec2::new(q(cx + dx), q(cy + dy)),
        };
        let inside = |p: Vec2| {
            p.x >= WALL_RADIUS
                && p.x <= FIELD_WIDTH - WALL_RADIUS
                && p.y >= WALL_RADIUS
                && p.y <= FIELD_HEIGHT - WALL_RADIUS
        };
        let near_ball = point_segment_dist2(ball, wall.a, wall.b) < 6.0 * 6.0;
        let near_goal = goal.zone().segment_dist2(wall.a, wall.b) < 5.0 * 5.0;
        if inside(wall.a) && inside(wall.b) && !near_ball && !near_goal {
            walls.push(wall);
        }
    }
    let inventory = Inventory {
        ramp: rng.int(1, 2),
        fan: rng.int(0, 2),
        bumper: rng.int(0, 3),
    };
    World {
        ball,
        goal,
        walls,
        inventory,
    }
}

/// Generates the level of `seed` with the game's candidate drawer.
pub fn generate(seed: u32, options: &GenerateOptions) -> GenerationReport {
    generate_with(seed, options, draw_candidate)
}

/// Generates with a given candidate drawer (the game's is [`draw_candidate`]); tests
/// use this to reach cases the real drawer makes astronomically rare.
///
/// Every candidate is drawn from one continuing stream seeded with `seed`. The
/// fallback is the first candidate that was not preSolved. After `MAX_ATTEMPTS`
/// candidates with none accepted, the fallback ships; if all of them were preSolved
/// (no fallback exists), the last candidate ships, flagged `all_pre_solved`.
pub fn generate_with(
    seed: u32,
    options: &GenerateOptions,
    mut draw: impl FnMut(&mut Mulberry32) -> World,
) -> GenerationReport {
    let mut rng = Mulberry32::new(seed);
    let bare_options = SimOptions::with_trajectory(options.trajectory_stride);
    let complete = options.mode == Mode::Inspector;
    let mut attempts: Vec<Attempt> = Vec::new();
    let mut fallback: Option<u32> = None;
    let mut accepted: Option<(u32, u32)> = None;
    for index in 1..=MAX_ATTEMPTS {
        let world = draw(&mut rng);
        let compiled = Compiled::new(&world);
        let bare = compiled.run(&bare_options);
        let hash = level_hash(&world);
        if bare.outcome == Outcome::Goal {
            // The game never sweeps a preSolved candidate; the inspector does, to
            // show what a ramp would have done, without changing the verdict.
            let sweep =
                complete.then(|| run_sweep(&world, &compiled, true, options.trajectory_stride));
            attempts.push(Attempt {
                index,
                world,
                level_hash: hash,
                verdict: Verdict::PreSolved,
                reason: format!(
                    "preSolved: the bare ball falls into the goal after {} steps",
                    bare.steps
                ),
                fallback_candidate: false,
                bare,
                sweep,
            });
            continue;
        }
        let fallback_candidate = fallback.is_none();
        if fallback_candidate {
            fallback = Some(index);
        }
        let sweep = run_sweep(&world, &compiled, complete, options.trajectory_stride);
        let (verdict, reason) = match sweep.game_stop {
            Some(stop) => {
                let p = sweep_placement(stop as usize);
                (
                    Verdict::Accepted,
                    format!(
                        "accepted: a ramp at ({}, {}) tilted {} rad carries the ball to the goal (placement {} of 144)",
                        p.x, p.y, p.angle, stop + 1
                    ),
                )
            }
            None => (
                Verdict::NoSingleRampSolution,
                format!(
                    "no one-ramp solution: none of the 144 ramp placements reaches the goal{}",
                    if fallback_candidate {
                        "; kept as the fallback (first non-trivial candidate)"
                    } else {
                        ""
                    }
                ),
            ),
        };
        let stop = sweep.game_stop;
        attempts.push(Attempt {
            index,
            world,
            level_hash: hash,
            verdict,
            reason,
            fallback_candidate,
            bare,
            sweep: Some(sweep),
        });
        if let Some(stop) = stop {
            accepted = Some((index, stop));
            break;
        }
    }
    let (attempt, is_fallback, all_pre_solved, solution, reason) = match (accepted, fallback) {
        (Some((index, stop)), _) => (
            index,
            false,
            false,
            Some(sweep_placement(stop as usize)),
            format!("attempt {index} accepted"),
        ),
        (None, Some(index)) => (
            index,
            true,
            false,
            None,
            format!(
                "fallback: no candidate in {MAX_ATTEMPTS} attempts had a one-ramp solution; shipping attempt {index}, the first non-trivial one"
            ),
        ),
        (None, None) => (
            MAX_ATTEMPTS,
            false,
            true,
            None,
            format!(
                "degenerate: all {MAX_ATTEMPTS} candidates were preSolved, so no fallback existed; shipping attempt {MAX_ATTEMPTS} as is"
            ),
        ),
    };
    let shipped_attempt = &attempts[attempt as usize - 1];
    let shipped = Shipped {
        attempt,
        fallback: is_fallback,
        all_pre_solved,
        level_hash: shipped_attempt.level_hash.clone(),
        world: shipped_attempt.world.clone(),
        solution,
        reason,
    };
    GenerationReport {
        rules_version: RULES_VERSION,
        seed,
        mode: options.mode,
        attempts,
        shipped,
    }
}
