//! `simulate`: the one set of rules that judges the player's machine and audits
//! every level at generation time.
//!
//! A fixed-step integrator: each step adds gravity and fan forces to the velocity,
//! caps the speed, moves the ball, then resolves contacts against every solid in a
//! fixed order (the two sides of the field, walls in world order, then placed parts
//! in placement order). Only IEEE basic operations and `sqrt` run here; the one
//! trigonometric call per placement happens in [`Placement::body`] through `libm`.

use serde::{Deserialize, Serialize};

use crate::geometry::Vec2;
use crate::rules::*;
use crate::world::{PartKind, Placement, World};

/// How a simulation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The ball's centre entered the goal zone.
    Goal,
    /// The ball left the field (out of the bottom, or thrown far out of the top).
    Out,
    /// The ball stayed slower than `REST_SPEED` for `REST_STEPS` steps.
    Rest,
    /// `max_steps` ran out first.
    Timeout,
}

/// What to compute besides the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimOptions {
    /// Step budget.
    pub max_steps: u32,
    /// Record the ball's centre every this many steps (and the first and last
    /// positions); 0 records nothing.
    pub trajectory_stride: u32,
}

impl Default for SimOptions {
    fn default() -> Self {
        Self {
            max_steps: MAX_STEPS,
            trajectory_stride: 0,
        }
    }
}

impl SimOptions {
    /// The default budget with a trajectory sampled every `stride` steps.
    pub fn with_trajectory(stride: u32) -> Self {
        Self {
            trajectory_stride: stride,
            ..Self::default()
        }
    }
}

/// The result of one simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimResult {
    pub outcome: Outcome,
    /// Steps taken (the step on which the outcome was decided).
    pub steps: u32,
    /// Smallest distance between the ball's centre and the goal zone (0 once inside).
    pub closest: f64,
    /// Sampled ball centres as `[x, y]`, when requested; empty otherwise.
    #[serde(default)]
    pub trajectory: Vec<[f64; 2]>,
}

/// A solid capsule prepared for the inner loop.
#[derive(Debug, Clone, Copy)]
struct Solid {
    ax: f64,
    ay: f64,
    dx: f64,
    dy: f64,
    /// 1 / |b - a|², or 0 for a point (a disc).
    inv_len2: f64,
    /// Contact distance: ball radius + the solid's radius.
    reach: f64,
    /// Bounding box of the contact region, for a cheap early out.
    min_x: f64,
    max_x: f64,
    min_y: f64,
    max_y: f64,
    restitution: f64,
    friction: f64,
    /// Minimum outgoing normal speed after an impact (bumpers), else 0.
    kick: f64,
}

impl Solid {
    fn capsule(a: Vec2, b: Vec2, radius: f64, restitution: f64, friction: f64, kick: f64) -> Self {
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let len2 = dx * dx + dy * dy;
        let reach = BALL_RADIUS + radius;
        Self {
            ax: a.x,
            ay: a.y,
            dx,
            dy,
            inv_len2: if len2 > 0.0 { 1.0 / len2 } else { 0.0 },
            reach,
            min_x: a.x.min(b.x) - reach,
            max_x: a.x.max(b.x) + reach,
            min_y: a.y.min(b.y) - reach,
            max_y: a.y.max(b.y) + reach,
            restitution,
            friction,
            kick,
        }
    }
}

/// A fan's force field prepared for the inner loop.
#[derive(Debug, Clone, Copy)]
struct FanField {
    ox: f64,
    oy: f64,
    dirx: f64,
    diry: f64,
}

/// A world compiled for simulation. Build it once and run it many times;
/// the generator's sweep adds one ramp to a compiled world per placement.
#[derive(Debug, Clone)]
pub struct Compiled {
    start: Vec2,
    goal_cx: f64,
    goal_cy: f64,
    goal_hw: f64,
    goal_hh: f64,
    solids: Vec<Solid>,
    fans: Vec<FanField>,
}

impl Compiled {
    pub fn new(world: &World) -> Self {
        let mut solids = Vec::with_capacity(world.walls.len() + 2);
        for w in &world.walls {
            solids.push(Solid::capsule(
                w.a,
                w.b,
                WALL_RADIUS,
                WALL_RESTITUTION,
                WALL_FRICTION,
                0.0,
            ));
        }
        Self {
            start: world.ball,
            goal_cx: world.goal.center.x,
            goal_cy: world.goal.center.y,
            goal_hw: world.goal.width / 2.0,
            goal_hh: world.goal.height / 2.0,
            solids,
            fans: Vec::new(),
        }
    }

    /// Adds a placed part's body (and, for a fan, its force field).
    pub fn add(&mut self, p: &Placement) {
        let body = p.body();
        let (restitution, friction, kick) = match p.part {
            PartKind::Ramp => (RAMP_RESTITUTION, RAMP_FRICTION, 0.0),
            PartKind::Fan => (FAN_RESTITUTION, FAN_FRICTION, 0.0),
            PartKind::Bumper => (BUMPER_RESTITUTION, 0.0, BUMPER_KICK),
        };
        self.solids.push(Solid::capsule(
            body.a,
            body.b,
            body.radius,
            restitution,
            friction,
            kick,
        ));
        if p.part == PartKind::Fan {
            let d = p.direction();
            self.fans.push(FanField {
                ox: p.x,
                oy: p.y,
                dirx: d.x,
                diry: d.y,
            });
        }
    }

    /// Runs the ball from its start until an outcome is decided.
    pub fn run(&self, options: &SimOptions) -> SimResult {
        let mut x = self.start.x;
        let mut y = self.start.y;
        let mut vx = 0.0f64;
        let mut vy = 0.0f64;
        let mut still = 0u32;
        let mut best = self.goal_dist2(x, y);
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([x, y]);
        }
        let mut outcome = Outcome::Timeout;
        let mut steps = options.max_steps;
        for step in 1..=options.max_steps {
            // Forces.
            let mut ax = 0.0;
            let mut ay = GRAVITY;
            for f in &self.fans {
                let rx = x - f.ox;
                let ry = y - f.oy;
                let along = rx * f.dirx + ry * f.diry;
                let across = rx * f.diry - ry * f.dirx;
                if (0.0..=FAN_REACH).contains(&along) && across.abs() <= FAN_HALF_WIDTH {
                    ax += f.dirx * FAN_ACCEL;
                    ay += f.diry * FAN_ACCEL;
                }
            }
            vx += ax * DT;
            vy += ay * DT;
            let speed2 = vx * vx + vy * vy;
            if speed2 > MAX_SPEED * MAX_SPEED {
                let s = MAX_SPEED / speed2.sqrt();
                vx *= s;
                vy *= s;
            }
            x += vx * DT;
            y += vy * DT;

            // The two sides of the field.
            if x < BALL_RADIUS {
                x = BALL_RADIUS;
                if vx < 0.0 {
                    vx = bounce(-vx, SIDE_RESTITUTION);
                }
            } else if x > FIELD_WIDTH - BALL_RADIUS {
                x = FIELD_WIDTH - BALL_RADIUS;
                if vx > 0.0 {
                    vx = -bounce(vx, SIDE_RESTITUTION);
                }
            }

            // Walls and parts, in order.
            for s in &self.solids {
                if x < s.min_x || x > s.max_x || y < s.min_y || y > s.max_y {
                    continue;
                }
                let t = (((x - s.ax) * s.dx + (y - s.ay) * s.dy) * s.inv_len2).clamp(0.0, 1.0);
                let ex = x - (s.ax + t * s.dx);
                let ey = y - (s.ay + t * s.dy);
                let d2 = ex * ex + ey * ey;
                if d2 >= s.reach * s.reach || d2 == 0.0 {
                    continue;
                }
                let d = d2.sqrt();
                let nx = ex / d;
                let ny = ey / d;
                let push = s.reach - d;
                x += nx * push;
                y += ny * push;
                let vn = vx * nx + vy * ny;
                if vn >= 0.0 {
                    continue;
                }
                let tx = vx - vn * nx;
                let ty = vy - vn * ny;
                let out = bounce(-vn, s.restitution).max(s.kick);
                let impulse = out - vn;
                // Coulomb friction: the tangential speed drops by at most
                // friction x normal impulse, never reversing.
                let vt2 = tx * tx + ty * ty;
                let (mut ftx, mut fty) = (tx, ty);
                if s.friction > 0.0 && vt2 > 0.0 {
                    let vt = vt2.sqrt();
                    let keep = ((vt - s.friction * impulse) / vt).max(0.0);
                    ftx = tx * keep;
                    fty = ty * keep;
                }
                vx = ftx + nx * out;
                vy = fty + ny * out;
            }

            if stride > 0 && step % stride == 0 {
                trajectory.push([x, y]);
            }
            let d2 = self.goal_dist2(x, y);
            if d2 < best {
                best = d2;
            }
            if d2 == 0.0 {
                outcome = Outcome::Goal;
                steps = step;
                break;
            }
            if !(TOP_EXIT_Y..=FIELD_HEIGHT + BALL_RADIUS).contains(&y) {
                outcome = Outcome::Out;
                steps = step;
                break;
            }
            if vx * vx + vy * vy < REST_SPEED * REST_SPEED {
                still += 1;
                if still >= REST_STEPS {
                    outcome = Outcome::Rest;
                    steps = step;
                    break;
                }
            } else {
                still = 0;
            }
        }
        if stride > 0 && !steps.is_multiple_of(stride) {
            trajectory.push([x, y]);
        }
        SimResult {
            outcome,
            steps,
            closest: best.sqrt(),
            trajectory,
        }
    }

    fn goal_dist2(&self, x: f64, y: f64) -> f64 {
        let dx = ((x - self.goal_cx).abs() - self.goal_hw).max(0.0);
        let dy = ((y - self.goal_cy).abs() - self.goal_hh).max(0.0);
        dx * dx + dy * dy
    }
}

/// Outgoing normal speed for an impact at `speed` (> 0): slow impacts do not bounce.
fn bounce(speed: f64, restitution: f64) -> f64 {
    if speed < BOUNCE_THRESHOLD {
        0.0
    } else {
        speed * restitution
    }
}

/// Simulates the ball in `world` with `placements`. Placements are not checked
/// against the rules here (see [`crate::world::check_placements`]): tooling may
/// simulate anything.
pub fn simulate(world: &World, placements: &[Placement], options: &SimOptions) -> SimResult {
    let mut c = Compiled::new(world);
    for p in placements {
        c.add(p);
    }
    c.run(options)
}
