//! `simulate`: the one set of rules that judges the player's machine and audits
//! every level at generation time.
//!
//! A fixed-step integrator: each step adds gravity and fan forces to the velocity,
//! caps the speed, moves the ball, then resolves contacts against every solid in a
//! fixed order (the two sides of the field, walls in world order, then placed parts
//! in placement order). Only IEEE basic operations and `sqrt` run here; the one
//! trigonometric call per placement happens in [`Placement::body`] through `libm`.

use serde::{Deserialize, Serialize};

use crate::geometry::{Aabb, Vec2};
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
            let (px, py) = (x, y);
            x += vx * DT;
            y += vy * DT;

            // Contacts: the sides, then walls and parts in order, repeated until a
            // pass moves nothing (at most CONTACT_PASSES), so pushing the ball out
            // of one solid cannot leave it inside another. A ball still inside
            // something after the last pass is wedged: it goes back to where it was
            // and stops.
            let mut ball = Ball { x, y, vx, vy };
            let mut settled = false;
            for _ in 0..CONTACT_PASSES {
                let mut moved = sides(&mut ball);
                for s in &self.solids {
                    moved |= contact(s, &mut ball);
                }
                if !moved {
                    settled = true;
                    break;
                }
            }
            if !settled && self.penetrates(&ball) {
                ball = Ball {
                    x: px,
                    y: py,
                    vx: 0.0,
                    vy: 0.0,
                };
            }
            Ball { x, y, vx, vy } = ball;

            if stride > 0 && step % stride == 0 {
                trajectory.push([x, y]);
            }
            // The goal counts when the path of this step touched it, not only its end.
            let d2 = if self.path_touches_goal(px, py, x, y) {
                0.0
            } else {
                self.goal_dist2(x, y)
            };
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

    /// Whether the segment from `(ax, ay)` to `(bx, by)` touches the goal box.
    fn path_touches_goal(&self, ax: f64, ay: f64, bx: f64, by: f64) -> bool {
        if ax.max(bx) < self.goal_cx - self.goal_hw
            || ax.min(bx) > self.goal_cx + self.goal_hw
            || ay.max(by) < self.goal_cy - self.goal_hh
            || ay.min(by) > self.goal_cy + self.goal_hh
        {
            return false;
        }
        let zone = Aabb {
            center: Vec2::new(self.goal_cx, self.goal_cy),
            half: Vec2::new(self.goal_hw, self.goal_hh),
        };
        zone.segment_dist2(Vec2::new(ax, ay), Vec2::new(bx, by)) == 0.0
    }

    /// Whether the ball overlaps a side or a solid by more than `CONTACT_SLOP`.
    fn penetrates(&self, b: &Ball) -> bool {
        if b.x < BALL_RADIUS - CONTACT_SLOP || b.x > FIELD_WIDTH - BALL_RADIUS + CONTACT_SLOP {
            return true;
        }
        self.solids.iter().any(|s| {
            let (_, _, d2) = s.offset(b.x, b.y);
            let inner = s.reach - CONTACT_SLOP;
            d2 < inner * inner
        })
    }

    fn goal_dist2(&self, x: f64, y: f64) -> f64 {
        let dx = ((x - self.goal_cx).abs() - self.goal_hw).max(0.0);
        let dy = ((y - self.goal_cy).abs() - self.goal_hh).max(0.0);
        dx * dx + dy * dy
    }
}

/// The ball's state during a step.
#[derive(Debug, Clone, Copy)]
struct Ball {
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
}

impl Solid {
    /// Offset from the closest point of the solid's segment to `(x, y)`, and its
    /// squared length. `t = clamp(((p − a)·d) × (1 / |d|²), 0, 1)`.
    #[inline]
    fn offset(&self, x: f64, y: f64) -> (f64, f64, f64) {
        let t =
            (((x - self.ax) * self.dx + (y - self.ay) * self.dy) * self.inv_len2).clamp(0.0, 1.0);
        let ex = x - (self.ax + t * self.dx);
        let ey = y - (self.ay + t * self.dy);
        (ex, ey, ex * ex + ey * ey)
    }
}

/// Keeps the ball between the field's sides; true when it moved it by more than the slop.
#[inline]
fn sides(b: &mut Ball) -> bool {
    if b.x < BALL_RADIUS {
        let moved = BALL_RADIUS - b.x > CONTACT_SLOP;
        b.x = BALL_RADIUS;
        if b.vx < 0.0 {
            b.vx = bounce(-b.vx, SIDE_RESTITUTION);
        }
        moved
    } else if b.x > FIELD_WIDTH - BALL_RADIUS {
        let moved = b.x - (FIELD_WIDTH - BALL_RADIUS) > CONTACT_SLOP;
        b.x = FIELD_WIDTH - BALL_RADIUS;
        if b.vx > 0.0 {
            b.vx = -bounce(b.vx, SIDE_RESTITUTION);
        }
        moved
    } else {
        false
    }
}

/// Resolves the ball against one solid: pushes it out to the contact distance and
/// applies restitution, kick and friction. True when it moved it by more than the slop.
#[inline]
fn contact(s: &Solid, b: &mut Ball) -> bool {
    if b.x < s.min_x || b.x > s.max_x || b.y < s.min_y || b.y > s.max_y {
        return false;
    }
    let (ex, ey, d2) = s.offset(b.x, b.y);
    if d2 >= s.reach * s.reach {
        return false;
    }
    let (nx, ny, d) = if d2 > 0.0 {
        let d = d2.sqrt();
        (ex / d, ey / d, d)
    } else {
        let (nx, ny) = degenerate_normal(s, b);
        (nx, ny, 0.0)
    };
    let push = s.reach - d;
    b.x += nx * push;
    b.y += ny * push;
    let vn = b.vx * nx + b.vy * ny;
    if vn < 0.0 {
        let tx = b.vx - vn * nx;
        let ty = b.vy - vn * ny;
        let out = bounce(-vn, s.restitution).max(s.kick);
        let impulse = out - vn;
        // Coulomb friction: the tangential speed drops by at most
        // friction × normal impulse, never reversing.
        let vt2 = tx * tx + ty * ty;
        let (mut ftx, mut fty) = (tx, ty);
        if s.friction > 0.0 && vt2 > 0.0 {
            let vt = vt2.sqrt();
            let keep = ((vt - s.friction * impulse) / vt).max(0.0);
            ftx = tx * keep;
            fty = ty * keep;
        }
        b.vx = ftx + nx * out;
        b.vy = fty + ny * out;
    }
    push > CONTACT_SLOP
}

/// The push direction when the ball's centre lies exactly on a solid's segment:
/// the segment's normal facing against the ball's motion (for a disc, straight
/// against the motion; for a ball at rest, up).
fn degenerate_normal(s: &Solid, b: &Ball) -> (f64, f64) {
    if s.inv_len2 > 0.0 {
        let len = (s.dx * s.dx + s.dy * s.dy).sqrt();
        let (nx, ny) = (-s.dy / len, s.dx / len);
        if nx * b.vx + ny * b.vy > 0.0 {
            (-nx, -ny)
        } else {
            (nx, ny)
        }
    } else {
        let speed = (b.vx * b.vx + b.vy * b.vy).sqrt();
        if speed > 0.0 {
            (-b.vx / speed, -b.vy / speed)
        } else {
            (0.0, -1.0)
        }
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
