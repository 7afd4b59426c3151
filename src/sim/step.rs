//! The step loop: runs a compiled world from a state, with its exact early ends
//! (a ball at rest, out of the field, proven to fall clear, back where it was).

use super::*;

/// How often (in steps) a goal-only run asks whether the ball falls clear.
pub(crate) const FALL_CHECK: u32 = 16;

impl Compiled {
    /// Runs the ball from its start until an outcome is decided.
    pub fn run(&self, options: &SimOptions) -> SimResult {
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([self.start.x, self.start.y]);
        }
        self.run_from(self.start_state(), 1, options, trajectory, &mut NoProbe)
    }

    /// [`Compiled::run`] taking every step through the step loop (never
    /// [`Compiled::fall_straight`]'s shortcut): the reference it is tested
    /// against.
    pub fn run_step_by_step(&self, options: &SimOptions) -> SimResult {
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([self.start.x, self.start.y]);
        }
        self.run_from(
            self.start_state(),
            1,
            options,
            trajectory,
            &mut StepByStep(&mut NoProbe),
        )
    }

    /// Runs the ball from its start like [`Compiled::run`], and records the run as a
    /// [`BareTrace`]: where the ball was at every contact pass and its state after
    /// every step. [`Compiled::run_part`] uses it to run this world with one more
    /// part without redoing the steps the part cannot change.
    pub fn run_traced(&self, options: &SimOptions) -> (SimResult, BareTrace) {
        self.record(options, |recorder, trajectory| {
            self.run_from(self.start_state(), 1, options, trajectory, recorder)
        })
    }

    /// [`Compiled::run_traced`] taking every step through the step loop: the
    /// reference the straight fall's shortcut is tested against.
    #[cfg(test)]
    pub(crate) fn run_traced_step_by_step(&self, options: &SimOptions) -> (SimResult, BareTrace) {
        self.record(options, |recorder, trajectory| {
            let mut probe = StepByStep(recorder);
            self.run_from(self.start_state(), 1, options, trajectory, &mut probe)
        })
    }

    /// A bare run made by `run` with a recorder, and its record.
    #[inline(always)]
    fn record(
        &self,
        options: &SimOptions,
        run: impl FnOnce(&mut Recorder, Vec<[f64; 2]>) -> SimResult,
    ) -> (SimResult, BareTrace) {
        let mut recorder = Recorder::with_capacity(options.max_steps.unwrap_or(self.k.max_steps));
        let stride = options.trajectory_stride;
        let mut trajectory = Vec::new();
        if stride > 0 {
            trajectory.push([self.start.x, self.start.y]);
        }
        let result = run(&mut recorder, trajectory);
        recorder.close_chunk();
        let bounds = recorder.bounds();
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
            bounds,
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

    pub(crate) fn start_state(&self) -> State {
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
    pub(crate) fn run_from<P: Probe>(
        &self,
        state: State,
        first: u32,
        options: &SimOptions,
        mut trajectory: Vec<[f64; 2]>,
        probe: &mut P,
    ) -> SimResult {
        let k = self.k;
        let max_steps = options.max_steps.unwrap_or(k.max_steps);
        let stride = options.trajectory_stride;
        let (mut state, mut first) = (state, first);
        if P::STRAIGHT_FALL {
            first =
                self.fall_straight(&mut state, first, max_steps, stride, &mut trajectory, probe);
        }
        let State {
            mut x,
            mut y,
            mut vx,
            mut vy,
            mut still,
            mut best,
        } = state;
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
            (vx, vy) = k.accelerate(vx, vy, ax, ay);
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
    pub(crate) fn path_touches_goal(&self, ax: f64, ay: f64, bx: f64, by: f64) -> bool {
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
    pub(crate) fn penetrates(&self, b: &Ball) -> bool {
        if b.x < self.k.inner_left || b.x > self.k.inner_right {
            return true;
        }
        self.solids.iter().any(|s| {
            let (_, _, d2) = s.offset(b.x, b.y);
            let inner = s.reach - self.k.slop;
            d2 < inner * inner
        })
    }

    pub(crate) fn goal_dist2(&self, x: f64, y: f64) -> f64 {
        // `v.max(0.0)`, written out (the squares below are the same for either zero).
        let positive = |v: f64| if v > 0.0 { v } else { 0.0 };
        let dx = positive((x - self.goal_cx).abs() - self.goal_hw);
        let dy = positive((y - self.goal_cy).abs() - self.goal_hh);
        dx * dx + dy * dy
    }
}
