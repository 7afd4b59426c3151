//! Runs of one world with one more part at a time (the sweep's inner loop).

use super::*;

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
    pub(crate) fn usable(&self, part: &Placement, solid: &Solid, max_steps: u32) -> bool {
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
