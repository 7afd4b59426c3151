//! Runs of one world with one more part at a time (the sweep's inner loop).

use super::*;

/// Where a part first meets a recorded bare run ([`PartRunner::meets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meets {
    /// Never: the part's run is the bare run.
    Never,
    /// First at this step (1-based): its run continues from the bare run there.
    At(u32),
    /// The bare run cannot stand for the part's (a fan, another step budget):
    /// its run is simulated from the start.
    Unknown,
}

/// Runs a world with one more part at a time, as [`Compiled::run_part`] does, with
/// one copy of the world (and a slot for the part) made once for all of them.
pub struct PartRunner<'a> {
    pub(crate) base: &'a Compiled,
    pub(crate) trace: &'a BareTrace,
    pub(crate) scratch: Compiled,
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
        let meets = self.meets(part, body);
        self.reaches_goal_meeting(part, body, meets, allowed)
    }

    /// Where `part` (with its body `body`) first meets the bare run: what
    /// [`PartRunner::reaches_goal`] starts with, for a caller that wants to know
    /// before it runs anything (a part that never meets it ends as the bare run).
    pub fn meets(&self, part: &Placement, body: Body) -> Meets {
        let reach = self.base.k.ball_radius + body.radius;
        if !self.usable(part, reach, self.base.k.max_steps) {
            return Meets::Unknown;
        }
        // Most parts are far from the whole bare path: no solid to build.
        if self
            .trace
            .misses_box(Solid::contact_box(body.a, body.b, reach))
        {
            return Meets::Never;
        }
        match self.trace.first_touch(&self.base.solid_of_body(part, body)) {
            None => Meets::Never,
            Some(step) => Meets::At(step),
        }
    }

    /// The bare run's outcome: that of every part that never meets it.
    pub fn bare_outcome(&self) -> Outcome {
        self.trace.outcome
    }

    /// [`PartRunner::reaches_goal`] with `meets` already known
    /// (`self.meets(part, body)`).
    pub fn reaches_goal_meeting(
        &mut self,
        part: &Placement,
        body: Body,
        meets: Meets,
        allowed: impl FnOnce() -> bool,
    ) -> bool {
        let (base, trace) = (self.base, self.trace);
        match meets {
            Meets::Unknown => {
                if !allowed() {
                    return false;
                }
                let mut sim = base.clone();
                sim.add(part);
                sim.run(&SimOptions::default()).outcome == Outcome::Goal
            }
            Meets::Never => trace.outcome == Outcome::Goal && allowed(),
            Meets::At(step) => {
                if !allowed() {
                    return false;
                }
                let state = trace.state_before(step);
                self.scratch.solids.truncate(base.solids.len());
                self.scratch.solids.push(base.solid_of_body(part, body));
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
    pub(crate) fn usable(&self, part: &Placement, reach: f64, max_steps: u32) -> bool {
        part.part != PartKind::Fan
            && self.trace.max_steps == max_steps
            && self.trace.solids == self.base.solids.len()
            // The wedge check compares with `reach − slop`: sound only when that is
            // not negative (validation keeps every reach far above the slop).
            && reach >= self.base.k.slop
    }

    /// [`Compiled::run_part`].
    pub fn run(&mut self, part: &Placement, options: &SimOptions) -> SimResult {
        let (base, trace) = (self.base, self.trace);
        let max_steps = options.max_steps.unwrap_or(base.k.max_steps);
        let solid = base.solid_of(part);
        if !self.usable(part, solid.reach, max_steps) {
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
