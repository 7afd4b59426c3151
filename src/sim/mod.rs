//! `simulate`: the one set of rules that judges the player's machine and audits
//! every level at generation time.
//!
//! A fixed-step integrator: each step adds gravity and fan forces to the velocity,
//! caps the speed, moves the ball, then resolves contacts against every solid in a
//! fixed order (the two sides of the field, walls in world order, then placed parts
//! in placement order). Only IEEE basic operations and `sqrt` run here; the one
//! trigonometric call per placement happens in [`Placement::body`] through `libm`.
//!
//! Every constant comes from the rules: [`Compiled::new`] copies the ones the step
//! loop needs out of a [`ValidRules`] (with their squares and sums precomputed), so
//! the loop reads them from the compiled world as it used to read constants.

use serde::{Deserialize, Serialize};

use crate::base::geometry::{Aabb, Vec2};
use crate::rules::valid::ValidRules;
use crate::rules::value::PartsSection;
use crate::world::model::{Body, PartKind, Placement, World};

mod free_fall;

/// How a simulation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The ball's centre entered the goal zone.
    Goal,
    /// The ball left the field (out of the bottom, or thrown far out of the top).
    Out,
    /// The ball stayed slower than `simulation.rest_speed` for
    /// `simulation.rest_steps` steps.
    Rest,
    /// The step budget ran out first.
    Timeout,
}

/// What to compute besides the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimOptions {
    /// Step budget; `None` is the rules' `simulation.max_steps`.
    #[serde(default)]
    pub max_steps: Option<u32>,
    /// Record the ball's centre every this many steps (and the first and last
    /// positions); 0 records nothing.
    pub trajectory_stride: u32,
}

impl SimOptions {
    /// The rules' budget with a trajectory sampled every `stride` steps.
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

/// How often (in steps) a goal-only run asks whether the ball falls clear.
const FALL_CHECK: u32 = 16;

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
    /// Bounding box of the contact region, for a cheap early out (the two lower
    /// bounds side by side, then the two upper ones, so the test can compare a
    /// pair at a time).
    min_x: f64,
    min_y: f64,
    max_x: f64,
    max_y: f64,
    restitution: f64,
    friction: f64,
    /// Minimum outgoing normal speed after an impact (bumpers), else 0.
    kick: f64,
    /// Signed speed of the surface (gears: + clockwise, − counter-clockwise), else 0.
    /// The surface moves along the normal turned a quarter clockwise, `(−n.y, n.x)`.
    spin: f64,
}

/// How a solid's surface treats the ball.
#[derive(Debug, Clone, Copy)]
struct Material {
    restitution: f64,
    friction: f64,
    kick: f64,
    spin: f64,
}

impl Material {
    fn plain(restitution: f64, friction: f64) -> Self {
        Self {
            restitution,
            friction,
            kick: 0.0,
            spin: 0.0,
        }
    }
}

impl Solid {
    fn capsule(a: Vec2, b: Vec2, radius: f64, ball_radius: f64, m: Material) -> Self {
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let len2 = dx * dx + dy * dy;
        let reach = ball_radius + radius;
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
            restitution: m.restitution,
            friction: m.friction,
            kick: m.kick,
            spin: m.spin,
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

/// The rules the step loop reads, copied out of the rules (sums and squares
/// computed once, in the order the loop used to compute them).
#[derive(Debug, Clone, Copy)]
struct Consts {
    gravity: f64,
    dt: f64,
    max_speed: f64,
    max_speed2: f64,
    fan_reach: f64,
    fan_half_width: f64,
    fan_accel: f64,
    ball_radius: f64,
    /// `field.width − ball.radius`: the highest x of the ball's centre.
    right: f64,
    side_restitution: f64,
    slop: f64,
    passes: u32,
    bounce_threshold: f64,
    /// `ball.radius − slop` and `field.width − ball.radius + slop`: a centre
    /// outside these is inside a side.
    inner_left: f64,
    inner_right: f64,
    top_exit: f64,
    /// `field.height + ball.radius`.
    bottom_exit: f64,
    rest_speed2: f64,
    rest_steps: u32,
    max_steps: u32,
}

impl Consts {
    fn new(rules: &ValidRules) -> Self {
        let r = rules.rules();
        let ball_radius = r.ball.radius;
        let slop = r.physics.contact_slop;
        let width = r.field.width;
        Self {
            gravity: r.physics.gravity,
            dt: r.dt(),
            max_speed: r.physics.max_speed,
            max_speed2: r.physics.max_speed * r.physics.max_speed,
            fan_reach: r.parts.fan.reach,
            fan_half_width: r.parts.fan.half_width,
            fan_accel: r.parts.fan.accel,
            ball_radius,
            right: width - ball_radius,
            side_restitution: r.field.side_restitution,
            slop,
            passes: r.physics.contact_passes,
            bounce_threshold: r.physics.bounce_threshold,
            inner_left: ball_radius - slop,
            inner_right: width - ball_radius + slop,
            top_exit: r.simulation.top_exit_y,
            bottom_exit: r.field.height + ball_radius,
            rest_speed2: r.simulation.rest_speed * r.simulation.rest_speed,
            rest_steps: r.simulation.rest_steps,
            max_steps: r.simulation.max_steps,
        }
    }
}

/// A world compiled for simulation under some rules. Build it once and run it many
/// times; the generator's sweep adds one ramp to a compiled world per placement.
#[derive(Debug, Clone)]
pub struct Compiled {
    k: Consts,
    parts: PartsSection,
    start: Vec2,
    goal_cx: f64,
    goal_cy: f64,
    goal_hw: f64,
    goal_hh: f64,
    solids: Vec<Solid>,
    fans: Vec<FanField>,
}

impl Compiled {
    pub fn new(rules: &ValidRules, world: &World) -> Self {
        let k = Consts::new(rules);
        let walls = &rules.walls;
        let mut solids = Vec::with_capacity(world.walls.len() + 2);
        for w in &world.walls {
            solids.push(Solid::capsule(
                w.a,
                w.b,
                walls.radius,
                k.ball_radius,
                Material::plain(walls.restitution, walls.friction),
            ));
        }
        Self {
            k,
            parts: rules.parts,
            start: world.ball,
            goal_cx: world.goal.center.x,
            goal_cy: world.goal.center.y,
            goal_hw: world.goal.width / 2.0,
            goal_hh: world.goal.height / 2.0,
            solids,
            fans: Vec::new(),
        }
    }

    /// Adds a placed part's body (and, for a fan, its force field). A gear without
    /// a spin stands still.
    pub fn add(&mut self, p: &Placement) {
        let solid = self.solid_of(p);
        self.push_part(p, solid);
    }

    /// The solid a placed part adds.
    fn solid_of(&self, p: &Placement) -> Solid {
        self.solid_of_body(p, p.body(&self.parts))
    }

    /// [`Compiled::solid_of`] with the part's body (`p.body(&parts)`) given.
    fn solid_of_body(&self, p: &Placement, body: Body) -> Solid {
        let parts = &self.parts;
        let material = match p.part {
            PartKind::Ramp => Material::plain(parts.ramp.restitution, parts.ramp.friction),
            PartKind::Fan => Material::plain(parts.fan.restitution, parts.fan.friction),
            PartKind::Bumper => Material {
                kick: parts.bumper.kick,
                ..Material::plain(parts.bumper.restitution, parts.bumper.friction)
            },
            PartKind::Gear => Material {
                spin: p.spin.map_or(0.0, |s| s.sign() * parts.gear.surface_speed),
                ..Material::plain(parts.gear.restitution, parts.gear.friction)
            },
        };
        Solid::capsule(body.a, body.b, body.radius, self.k.ball_radius, material)
    }

    fn push_part(&mut self, p: &Placement, solid: Solid) {
        self.solids.push(solid);
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
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([self.start.x, self.start.y]);
        }
        self.run_from(self.start_state(), 1, options, trajectory, &mut NoProbe)
    }

    /// Runs the ball from its start like [`Compiled::run`], and records the run as a
    /// [`BareTrace`]: where the ball was at every contact pass and its state after
    /// every step. [`Compiled::run_part`] uses it to run this world with one more
    /// part without redoing the steps the part cannot change.
    pub fn run_traced(&self, options: &SimOptions) -> (SimResult, BareTrace) {
        let mut recorder = Recorder::default();
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([self.start.x, self.start.y]);
        }
        let result = self.run_from(self.start_state(), 1, options, trajectory, &mut recorder);
        recorder.close_chunk();
        let trace = BareTrace {
            max_steps: options.max_steps.unwrap_or(self.k.max_steps),
            outcome: result.outcome,
            steps: result.steps,
            closest: result.closest,
            start: self.start_state(),
            states: recorder.states,
            end: recorder.end,
            probes: recorder.probes,
            chunks: recorder.chunks,
            solids: self.solids.len(),
        };
        (result, trace)
    }

    /// Runs this world with `part` added, exactly as `clone + add(part) + run`
    /// would, using `trace` (this world's own [`Compiled::run_traced`], with the
    /// same step budget) to skip what the part cannot change.
    ///
    /// A solid added last is resolved after the sides and every other solid in each
    /// contact pass, so until the first pass in which the ball (where the bare run
    /// has it at that moment) comes within the part's contact distance, the part
    /// does nothing and the run is the bare run step for step. A part the bare ball
    /// never comes near ends exactly as the bare run; one it first reaches at step
    /// `k` continues from the bare run's state after step `k − 1`. Fans act before
    /// contacts (a force field, not a solid), so they take the plain path.
    pub fn run_part(&self, trace: &BareTrace, part: &Placement, options: &SimOptions) -> SimResult {
        PartRunner::new(self, trace).run(part, options)
    }

    fn start_state(&self) -> State {
        State {
            x: self.start.x,
            y: self.start.y,
            vx: 0.0,
            vy: 0.0,
            still: 0,
            best: self.goal_dist2(self.start.x, self.start.y),
        }
    }

    /// The step loop, from `state` (the ball after step `first − 1`) until an
    /// outcome is decided; `trajectory` holds the samples of the steps before.
    // Inlined into each of its few callers: the goal-only sweep's loop runs about
    // 6% fewer instructions when the step loop is compiled into it.
    #[inline(always)]
    fn run_from<P: Probe>(
        &self,
        state: State,
        first: u32,
        options: &SimOptions,
        mut trajectory: Vec<[f64; 2]>,
        probe: &mut P,
    ) -> SimResult {
        let k = self.k;
        let max_steps = options.max_steps.unwrap_or(k.max_steps);
        let State {
            mut x,
            mut y,
            mut vx,
            mut vy,
            mut still,
            mut best,
        } = state;
        let stride = options.trajectory_stride;
        let mut outcome = Outcome::Timeout;
        let mut steps = max_steps;
        // The ball after two recent slow steps, bit for bit (goal-only runs: see below).
        let mut seen = [[u64::MAX; 4]; 2];
        for step in first..=max_steps {
            // Forces.
            let mut ax = 0.0;
            let mut ay = k.gravity;
            for f in &self.fans {
                let rx = x - f.ox;
                let ry = y - f.oy;
                let along = rx * f.dirx + ry * f.diry;
                let across = rx * f.diry - ry * f.dirx;
                if along >= 0.0 && along <= k.fan_reach && across.abs() <= k.fan_half_width {
                    ax += f.dirx * k.fan_accel;
                    ay += f.diry * k.fan_accel;
                }
            }
            vx += ax * k.dt;
            vy += ay * k.dt;
            let speed2 = vx * vx + vy * vy;
            if speed2 > k.max_speed2 {
                let s = k.max_speed / speed2.sqrt();
                vx *= s;
                vy *= s;
            }
            let (px, py) = (x, y);
            x += vx * k.dt;
            y += vy * k.dt;

            // Contacts: the sides, then walls and parts in order, repeated until a
            // pass moves nothing (at most `contact_passes`), so pushing the ball out
            // of one solid cannot leave it inside another. A ball still inside
            // something after the last pass is wedged: it goes back to where it was
            // and stops.
            let mut ball = Ball { x, y, vx, vy };
            let mut settled = false;
            let mut passes = 0;
            for _ in 0..k.passes {
                passes += 1;
                let mut moved = sides(&k, &mut ball);
                for s in &self.solids {
                    moved |= contact(&k, s, &mut ball);
                }
                probe.pass(step, ball.x, ball.y);
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
            if !(y >= k.top_exit && y <= k.bottom_exit) {
                outcome = Outcome::Out;
                steps = step;
                break;
            }
            if vx * vx + vy * vy < k.rest_speed2 {
                still += 1;
                if still >= k.rest_steps {
                    outcome = Outcome::Rest;
                    steps = step;
                    break;
                }
            } else {
                still = 0;
            }
            if P::GOAL_ONLY {
                if passes == 1 && step % FALL_CHECK == 0 && self.falls_clear(x, y, vx, vy) {
                    outcome = Outcome::Out;
                    steps = step;
                    break;
                }
                // A step is a function of the ball's position and velocity alone, so a
                // slow ball back, bit for bit, where it was at an earlier step (one of
                // the last two slow ones kept) goes round that loop for good: none of
                // its steps reached the goal or left the field, and none ever will.
                // (It ends at rest, or out of steps: a goal-only run does not say which.)
                if still > 0 {
                    let now = [x.to_bits(), y.to_bits(), vx.to_bits(), vy.to_bits()];
                    if now == seen[0] || now == seen[1] {
                        outcome = Outcome::Rest;
                        steps = step;
                        break;
                    }
                    seen[(step & 1) as usize] = now;
                }
            }
            probe.step(State {
                x,
                y,
                vx,
                vy,
                still,
                best,
            });
        }
        if stride > 0 && !steps.is_multiple_of(stride) {
            trajectory.push([x, y]);
        }
        probe.end(x, y);
        SimResult {
            outcome,
            steps,
            closest: best.sqrt(),
            trajectory,
        }
    }

    /// Whether the segment from `(ax, ay)` to `(bx, by)` touches the goal box.
    fn path_touches_goal(&self, ax: f64, ay: f64, bx: f64, by: f64) -> bool {
        // `ax.max(bx) < left` and so on, written out: the same answer for the
        // finite numbers here, without `f64::max`'s handling of NaNs in the step loop.
        let (left, right) = (self.goal_cx - self.goal_hw, self.goal_cx + self.goal_hw);
        let (top, bottom) = (self.goal_cy - self.goal_hh, self.goal_cy + self.goal_hh);
        if (ax < left && bx < left)
            || (ax > right && bx > right)
            || (ay < top && by < top)
            || (ay > bottom && by > bottom)
        {
            return false;
        }
        let zone = Aabb {
            center: Vec2::new(self.goal_cx, self.goal_cy),
            half: Vec2::new(self.goal_hw, self.goal_hh),
        };
        zone.segment_dist2(Vec2::new(ax, ay), Vec2::new(bx, by)) == 0.0
    }

    /// Whether the ball overlaps a side or a solid by more than the contact slop.
    fn penetrates(&self, b: &Ball) -> bool {
        if b.x < self.k.inner_left || b.x > self.k.inner_right {
            return true;
        }
        self.solids.iter().any(|s| {
            let (_, _, d2) = s.offset(b.x, b.y);
            let inner = s.reach - self.k.slop;
            d2 < inner * inner
        })
    }

    fn goal_dist2(&self, x: f64, y: f64) -> f64 {
        // `v.max(0.0)`, written out (the squares below are the same for either zero).
        let positive = |v: f64| if v > 0.0 { v } else { 0.0 };
        let dx = positive((x - self.goal_cx).abs() - self.goal_hw);
        let dy = positive((y - self.goal_cy).abs() - self.goal_hh);
        dx * dx + dy * dy
    }
}

/// Runs a world with one more part at a time, as [`Compiled::run_part`] does, with
/// one copy of the world (and a slot for the part) made once for all of them.
pub struct PartRunner<'a> {
    base: &'a Compiled,
    trace: &'a BareTrace,
    scratch: Compiled,
}

impl<'a> PartRunner<'a> {
    /// `trace` is `base`'s own [`Compiled::run_traced`].
    pub fn new(base: &'a Compiled, trace: &'a BareTrace) -> Self {
        let mut scratch = base.clone();
        scratch.solids.reserve_exact(1);
        Self {
            base,
            trace,
            scratch,
        }
    }

    /// Whether `allowed()` holds and this world with `part` added reaches the goal:
    /// `allowed() && run(part).outcome == Outcome::Goal` under the rules' step
    /// budget, with `allowed` (a pure test, e.g. the placement rules) asked only
    /// when the run could reach the goal, and runs that surely cannot reach it cut
    /// short (see `sim/free_fall.rs`).
    ///
    /// `body` is the part's body, `part.body(&rules.parts)` (the sweep's are
    /// computed once: [`ValidRules::sweep_body`]).
    pub fn reaches_goal(
        &mut self,
        part: &Placement,
        body: Body,
        allowed: impl FnOnce() -> bool,
    ) -> bool {
        let (base, trace) = (self.base, self.trace);
        let solid = base.solid_of_body(part, body);
        if !self.usable(part, &solid, base.k.max_steps) {
            if !allowed() {
                return false;
            }
            let mut sim = base.clone();
            sim.add(part);
            return sim.run(&SimOptions::default()).outcome == Outcome::Goal;
        }
        match trace.first_touch(&solid) {
            None => trace.outcome == Outcome::Goal && allowed(),
            Some(step) => {
                if !allowed() {
                    return false;
                }
                let state = trace.state_before(step);
                self.scratch.solids.truncate(base.solids.len());
                self.scratch.solids.push(solid);
                let r = self.scratch.run_from(
                    state,
                    step,
                    &SimOptions::default(),
                    Vec::new(),
                    &mut GoalOnly,
                );
                r.outcome == Outcome::Goal
            }
        }
    }

    /// Whether the recorded bare run can stand for the start of `part`'s run.
    fn usable(&self, part: &Placement, solid: &Solid, max_steps: u32) -> bool {
        part.part != PartKind::Fan
            && self.trace.max_steps == max_steps
            && self.trace.solids == self.base.solids.len()
            // The wedge check compares with `reach − slop`: sound only when that is
            // not negative (validation keeps every reach far above the slop).
            && solid.reach >= self.base.k.slop
    }

    /// [`Compiled::run_part`].
    pub fn run(&mut self, part: &Placement, options: &SimOptions) -> SimResult {
        let (base, trace) = (self.base, self.trace);
        let max_steps = options.max_steps.unwrap_or(base.k.max_steps);
        let solid = base.solid_of(part);
        if !self.usable(part, &solid, max_steps) {
            let mut sim = base.clone();
            sim.add(part);
            return sim.run(options);
        }
        let stride = options.trajectory_stride;
        match trace.first_touch(&solid) {
            None => SimResult {
                outcome: trace.outcome,
                steps: trace.steps,
                closest: trace.closest,
                trajectory: trace.trajectory(trace.steps, stride, true),
            },
            Some(step) => {
                let state = trace.state_before(step);
                let trajectory = trace.trajectory(step - 1, stride, false);
                self.scratch.solids.truncate(base.solids.len());
                self.scratch.solids.push(solid);
                self.scratch
                    .run_from(state, step, options, trajectory, &mut NoProbe)
            }
        }
    }
}

/// The ball between two steps: what the step loop carries from one step to the next.
#[derive(Debug, Clone, Copy)]
struct State {
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    /// Consecutive steps slower than the rest speed.
    still: u32,
    /// Smallest squared distance to the goal so far.
    best: f64,
}

/// What the step loop reports as it runs (nothing, in a plain run: the calls
/// compile away).
trait Probe {
    /// Whether only "goal or not" is asked: the loop may then end a run as `Out`
    /// as soon as [`Compiled::falls_clear`] proves it cannot reach the goal.
    const GOAL_ONLY: bool = false;
    /// The ball after a contact pass of `step`.
    #[inline(always)]
    fn pass(&mut self, _step: u32, _x: f64, _y: f64) {}
    /// The ball after a step that decided nothing.
    #[inline(always)]
    fn step(&mut self, _state: State) {}
    /// Where the ball ended.
    #[inline(always)]
    fn end(&mut self, _x: f64, _y: f64) {}
}

struct NoProbe;

impl Probe for NoProbe {}

/// [`NoProbe`] for runs whose one answer is whether the ball reaches the goal.
struct GoalOnly;

impl Probe for GoalOnly {
    const GOAL_ONLY: bool = true;
}

/// Where the ball was at one contact pass of a bare run.
#[derive(Debug, Clone, Copy)]
struct ProbePoint {
    x: f64,
    y: f64,
    step: u32,
}

/// The bounding box of [`CHUNK`] consecutive probe points, so a part far from a
/// stretch of the path skips it with four comparisons.
#[derive(Debug, Clone, Copy)]
struct Chunk {
    min_x: f64,
    max_x: f64,
    min_y: f64,
    max_y: f64,
}

/// Probe points per [`Chunk`].
const CHUNK: usize = 32;

#[derive(Default)]
struct Recorder {
    end: [f64; 2],
    states: Vec<State>,
    probes: Vec<ProbePoint>,
    chunks: Vec<Chunk>,
}

impl Recorder {
    fn close_chunk(&mut self) {
        let from = self.chunks.len() * CHUNK;
        if from >= self.probes.len() {
            return;
        }
        let mut c = Chunk {
            min_x: f64::INFINITY,
            max_x: f64::NEG_INFINITY,
            min_y: f64::INFINITY,
            max_y: f64::NEG_INFINITY,
        };
        for p in &self.probes[from..] {
            c.min_x = c.min_x.min(p.x);
            c.max_x = c.max_x.max(p.x);
            c.min_y = c.min_y.min(p.y);
            c.max_y = c.max_y.max(p.y);
        }
        self.chunks.push(c);
    }
}

impl Probe for Recorder {
    #[inline]
    fn pass(&mut self, step: u32, x: f64, y: f64) {
        self.probes.push(ProbePoint { x, y, step });
        if self.probes.len().is_multiple_of(CHUNK) {
            self.close_chunk();
        }
    }
    #[inline]
    fn step(&mut self, state: State) {
        self.states.push(state);
    }
    fn end(&mut self, x: f64, y: f64) {
        self.end = [x, y];
    }
}

/// A bare run recorded by [`Compiled::run_traced`]: the ball at every contact pass
/// (where a part added last would meet it) and after every step.
#[derive(Debug, Clone)]
pub struct BareTrace {
    max_steps: u32,
    outcome: Outcome,
    steps: u32,
    closest: f64,
    start: State,
    /// The ball after steps `1..steps`, and where it ended.
    states: Vec<State>,
    end: [f64; 2],
    probes: Vec<ProbePoint>,
    chunks: Vec<Chunk>,
    /// Solids of the world traced, to refuse a trace of another world.
    solids: usize,
}

impl BareTrace {
    /// The first step at which the ball, on the bare path, comes within `solid`'s
    /// contact distance in some contact pass: the test `contact` starts with.
    fn first_touch(&self, s: &Solid) -> Option<u32> {
        for (i, c) in self.chunks.iter().enumerate() {
            if c.max_x < s.min_x || c.min_x > s.max_x || c.max_y < s.min_y || c.min_y > s.max_y {
                continue;
            }
            let end = ((i + 1) * CHUNK).min(self.probes.len());
            for p in &self.probes[i * CHUNK..end] {
                if s.touches(p.x, p.y) {
                    return Some(p.step);
                }
            }
        }
        None
    }

    /// The ball's position after `step` (0: the start).
    /// The ball after step `step − 1` (its start for step 1), where a run that
    /// first differs from the bare run at `step` continues from.
    fn state_before(&self, step: u32) -> State {
        if step == 1 {
            self.start
        } else {
            self.states[step as usize - 2]
        }
    }

    fn position(&self, step: u32) -> [f64; 2] {
        if step == 0 {
            [self.start.x, self.start.y]
        } else if step == self.steps {
            self.end
        } else {
            let s = &self.states[step as usize - 1];
            [s.x, s.y]
        }
    }

    /// The trajectory a run sampling every `stride` steps records up to `upto`,
    /// with the final position when `last` (as a run that ends at `upto` adds).
    fn trajectory(&self, upto: u32, stride: u32, last: bool) -> Vec<[f64; 2]> {
        if stride == 0 {
            return Vec::new();
        }
        let mut t = Vec::with_capacity((upto / stride) as usize + 2);
        t.push(self.position(0));
        let mut step = stride;
        while step <= upto {
            t.push(self.position(step));
            step += stride;
        }
        if last && !upto.is_multiple_of(stride) {
            t.push(self.position(upto));
        }
        t
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

impl Solid {
    /// Whether a ball centred at `(x, y)` is within contact distance: exactly the
    /// test [`contact`] starts with (its bounding box, then the distance).
    #[inline]
    fn touches(&self, x: f64, y: f64) -> bool {
        if x < self.min_x || x > self.max_x || y < self.min_y || y > self.max_y {
            return false;
        }
        let (_, _, d2) = self.offset(x, y);
        // As `contact` writes it (NaN would count as touching there too).
        if d2 >= self.reach * self.reach {
            return false;
        }
        true
    }
}

/// Keeps the ball between the field's sides; true when it moved it by more than the slop.
#[inline]
fn sides(k: &Consts, b: &mut Ball) -> bool {
    if b.x < k.ball_radius {
        let moved = k.ball_radius - b.x > k.slop;
        b.x = k.ball_radius;
        if b.vx < 0.0 {
            b.vx = bounce(k, -b.vx, k.side_restitution);
        }
        moved
    } else if b.x > k.right {
        let moved = b.x - k.right > k.slop;
        b.x = k.right;
        if b.vx > 0.0 {
            b.vx = -bounce(k, b.vx, k.side_restitution);
        }
        moved
    } else {
        false
    }
}

/// Resolves the ball against one solid: pushes it out to the contact distance and
/// applies restitution, kick and friction. True when it moved it by more than the slop.
/// The bounding-box test, which settles most calls, stays in the caller's loop.
#[inline(always)]
fn contact(k: &Consts, s: &Solid, b: &mut Ball) -> bool {
    // One branch for the four comparisons (`|`, not `||`): whether the ball is near
    // a solid changes from step to step, and four branches mispredict more often.
    if (b.x < s.min_x) | (b.y < s.min_y) | (b.x > s.max_x) | (b.y > s.max_y) {
        return false;
    }
    contact_near(k, s, b)
}

/// [`contact`] once the ball is inside the solid's bounding box.
#[inline(never)]
fn contact_near(k: &Consts, s: &Solid, b: &mut Ball) -> bool {
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
        let out = bounce(k, -vn, s.restitution).max(s.kick);
        let impulse = out - vn;
        let (ftx, fty) = if s.spin == 0.0 {
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
            (ftx, fty)
        } else {
            gear_friction(s, nx, ny, tx, ty, impulse)
        };
        b.vx = ftx + nx * out;
        b.vy = fty + ny * out;
    }
    push > k.slop
}

/// Friction against a turning surface: the ball's tangential velocity relative to
/// the surface's velocity `spin × (−n.y, n.x)` drops by at most friction × normal
/// impulse, never reversing, so a ball on a turning gear is carried along its rim.
#[inline(never)]
fn gear_friction(s: &Solid, nx: f64, ny: f64, tx: f64, ty: f64, impulse: f64) -> (f64, f64) {
    let sx = -ny * s.spin;
    let sy = nx * s.spin;
    let rx = tx - sx;
    let ry = ty - sy;
    let r2 = rx * rx + ry * ry;
    if s.friction > 0.0 && r2 > 0.0 {
        let r = r2.sqrt();
        let keep = ((r - s.friction * impulse) / r).max(0.0);
        (sx + rx * keep, sy + ry * keep)
    } else {
        (tx, ty)
    }
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
#[inline]
fn bounce(k: &Consts, speed: f64, restitution: f64) -> f64 {
    if speed < k.bounce_threshold {
        0.0
    } else {
        speed * restitution
    }
}

/// Simulates the ball in `world` with `placements` under `rules`. Placements are
/// not checked against the rules here (see [`crate::world::model::check_placements`]):
/// tooling may simulate anything.
pub fn simulate(
    rules: &ValidRules,
    world: &World,
    placements: &[Placement],
    options: &SimOptions,
) -> SimResult {
    let mut c = Compiled::new(rules, world);
    for p in placements {
        c.add(p);
    }
    c.run(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generator::{generate, GenerateOptions};
    use crate::generate::sweep::sweep_placements;

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
}
