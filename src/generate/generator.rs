//! The generator: draw a candidate from the PRNG stream, test it with `simulate`,
//! ship the first one that is neither trivial nor unsolvable by one ramp.

use crate::base::geometry::{point_closer_than, Vec2};
use crate::generate::attempt::judge;
use crate::generate::draws::{DrawSpan, NoTap, Site, Tap, WallFate};
use crate::generate::pick::{pick, Pick, Prepared};
use crate::generate::report::{Attempt, GenerationReport, Mode, Shipped, Verdict};
use crate::generate::sweep::sweep_placement;
use crate::rules::valid::ValidRules;
use crate::rules::value::{CountRange, RealRange, Rules, RULES_VERSION};
use crate::seed::rng::Mulberry32;
use crate::sim::SimOptions;
use crate::world::model::{Goal, Inventory, Wall, World};

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

use crate::base::round::round_hundredths as q;

/// One value of a real range: a draw, unless the range holds a single value.
#[inline(always)]
fn real(rng: &mut Mulberry32, tap: &mut impl Tap, site: Site, r: RealRange) -> f64 {
    let span = DrawSpan {
        min: r.min,
        max: r.max,
        integer: false,
    };
    if r.is_fixed() {
        tap.value(site, span, None, r.min)
    } else {
        let raw = tap.raw(site, rng.next_u32());
        tap.value(
            site,
            span,
            Some(raw),
            r.min + f64::from(raw) / 4_294_967_296.0 * (r.max - r.min),
        )
    }
}

/// One value of a count range: a draw, unless the range holds a single value.
#[inline(always)]
pub(crate) fn count(rng: &mut Mulberry32, tap: &mut impl Tap, site: Site, r: CountRange) -> u32 {
    let span = DrawSpan {
        min: f64::from(r.min),
        max: f64::from(r.max),
        integer: true,
    };
    if r.is_fixed() {
        tap.value(site, span, None, span.min) as u32
    } else {
        let raw = tap.raw(site, rng.next_u32());
        let n = r.max - r.min + 1;
        let v = r.min + (f64::from(raw) / 4_294_967_296.0 * f64::from(n)) as u32;
        tap.value(site, span, Some(raw), f64::from(v)) as u32
    }
}

/// Draws one candidate world. The draws, in order (each `r()` is one mulberry32
/// draw; the default rules' values in brackets):
/// 1. ball x from `ball.start_x` [10 + 80 r()]  (ball y is always `ball.start_y` \[8\])
/// 2. goal x from `goal.x` [10 + 80 r()], 3. goal y from `goal.y` [112 + 28 r()]
/// 4. wall count from `walls.count` [2 + floor(4 r()): 2 to 5]
/// 5. for each wall: centre x [8 + 84 r()], centre y [26 + 84 r()], length
///    [14 + 16 r()], angle [−0.6 + 1.2 r()]; endpoints = centre ± length/2 ·
///    (cos, sin)(angle) with libm. A wall is dropped (its draws still consumed) when it
///    sticks out of the field (by its radius), passes within `walls.ball_clearance`
///    \[6\] units of the ball's start, or within `walls.goal_clearance` \[5\] units of the
///    goal zone.
/// 6. ramps [1 + floor(2 r())], fans [floor(2 r())], bumpers [floor(3 r())], gears
///    [0, no draw].
///
/// A range that holds a single value (`min = max`) is a constant: it takes no draw.
/// Every coordinate is rounded to hundredths (`floor(v · 100 + 0.5) / 100`).
pub fn draw_candidate(rules: &Rules, rng: &mut Mulberry32) -> World {
    draw_candidate_with(rules, rng, &mut NoTap)
}

/// [`draw_candidate`] with a [`Tap`] that sees (and may replace) every value as it
/// is drawn and every wall's fate; with [`NoTap`] it is `draw_candidate`.
pub fn draw_candidate_with(rules: &Rules, rng: &mut Mulberry32, tap: &mut impl Tap) -> World {
    let ball = Vec2::new(
        q(real(rng, tap, Site::BallStartX, rules.ball.start_x)),
        rules.ball.start_y,
    );
    let goal_x = q(real(rng, tap, Site::GoalX, rules.goal.x));
    let goal = Goal {
        center: Vec2::new(goal_x, q(real(rng, tap, Site::GoalY, rules.goal.y))),
        width: rules.goal.width,
        height: rules.goal.height,
    };
    let w = &rules.walls;
    let n = count(rng, tap, Site::WallsCount, w.count);
    let mut walls = Vec::with_capacity(n as usize);
    let (width, height) = (rules.field.width, rules.field.height);
    for number in 1..=n {
        let cx = real(rng, tap, Site::WallCenterX(number), w.center_x);
        let cy = real(rng, tap, Site::WallCenterY(number), w.center_y);
        let half = real(rng, tap, Site::WallLength(number), w.length) / 2.0;
        let angle = real(rng, tap, Site::WallAngle(number), w.angle);
        let (dx, dy) = (libm::cos(angle) * half, libm::sin(angle) * half);
        let wall = Wall {
            a: Vec2::new(q(cx - dx), q(cy - dy)),
            b: Vec2::new(q(cx + dx), q(cy + dy)),
        };
        let inside = |p: Vec2| {
            p.x >= w.radius
                && p.x <= width - w.radius
                && p.y >= w.radius
                && p.y <= height - w.radius
        };
        let near_ball = point_closer_than(ball, wall.a, wall.b, w.ball_clearance);
        let near_goal = goal
            .zone()
            .segment_closer_than(wall.a, wall.b, w.goal_clearance);
        let fate = WallFate {
            outside_field: !(inside(wall.a) && inside(wall.b)),
            near_ball,
            near_goal,
        };
        if tap.wall(number, &wall, fate) {
            walls.push(wall);
        }
    }
    World {
        ball,
        goal,
        walls,
        inventory: draw_inventory(rules, rng, tap),
    }
}

/// The inventory, drawn last: ramps, fans, bumpers, gears.
#[inline(always)]
pub(crate) fn draw_inventory(rules: &Rules, rng: &mut Mulberry32, tap: &mut impl Tap) -> Inventory {
    let parts = &rules.parts;
    Inventory {
        ramp: count(rng, tap, Site::Ramps, parts.ramp.count),
        fan: count(rng, tap, Site::Fans, parts.fan.count),
        bumper: count(rng, tap, Site::Bumpers, parts.bumper.count),
        gear: count(rng, tap, Site::Gears, parts.gear.count),
    }
}

/// Generates the level of `seed` with the game's candidate drawer.
pub fn generate(rules: &ValidRules, seed: u32, options: &GenerateOptions) -> GenerationReport {
    generate_with(rules, seed, options, |rng| draw_candidate(rules, rng))
}

/// Generates with a given candidate drawer (the game's is [`draw_candidate`]); tests
/// use this to reach cases the real drawer makes astronomically rare.
///
/// Every candidate is drawn from one continuing stream seeded with `seed`. The
/// fallback is the first candidate that was not preSolved. After
/// `generator.max_attempts` candidates with none accepted, the fallback ships; if all of them were preSolved
/// (no fallback exists), the last candidate ships, flagged `all_pre_solved`.
pub fn generate_with(
    rules: &ValidRules,
    seed: u32,
    options: &GenerateOptions,
    draw: impl FnMut(&mut Mulberry32) -> World,
) -> GenerationReport {
    let bare_options = SimOptions::with_trajectory(options.trajectory_stride);
    let max_attempts = rules.generator.max_attempts;
    let complete = options.mode == Mode::Inspector;
    let mut attempts: Vec<Attempt> = Vec::new();
    let mut draw = draw;
    let pick = pick(
        rules,
        seed,
        |_, rng| Prepared::new(rules, draw(rng), &bare_options),
        |c| {
            let fallback_candidate = c.fallback_candidate;
            let attempt = judge(rules, c, complete, options.trajectory_stride);
            let stop = match attempt.verdict {
                Verdict::PreSolved => None,
                _ => attempt.sweep.as_ref().and_then(|s| s.game_stop),
            };
            debug_assert_eq!(attempt.fallback_candidate, fallback_candidate);
            attempts.push(attempt);
            stop
        },
        || false,
    );
    let (attempt, is_fallback, all_pre_solved, solution, reason) = match pick {
        Pick::Accepted { attempt, stop } => (
            attempt,
            false,
            false,
            Some(sweep_placement(rules, stop as usize)),
            format!("attempt {attempt} accepted"),
        ),
        Pick::Fallback { attempt } => (
            attempt,
            true,
            false,
            None,
            format!(
                "fallback: no candidate in {max_attempts} attempts had a one-ramp solution; shipping attempt {attempt}, the first non-trivial one"
            ),
        ),
        Pick::Stopped => unreachable!("a report's generation is never asked to stop"),
        Pick::AllPreSolved { attempt } => (
            attempt,
            false,
            true,
            None,
            format!(
                "degenerate: all {max_attempts} candidates were preSolved, so no fallback existed; shipping attempt {max_attempts} as is"
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
