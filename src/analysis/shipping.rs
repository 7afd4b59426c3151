//! One candidate of a staged search ([`search_seed`](super::staged::search_seed))
//! and its sweep, run in the search's order
//! ([`search_order`](crate::generate::search_order)): first up to a solving
//! placement (the game's acceptance: whether one exists), then, once it is known
//! to ship, until the criteria's answer is known, and whole for a match.

use crate::analysis::criteria::decide::{kind_bit, Known, Span};
use crate::analysis::criteria::Criteria;
use crate::analysis::staged::{Decision, Stage};
use crate::generate::search_order::search_order;
use crate::generate::summary::{SeedSummary, ShippedKind};
use crate::generate::sweep::{placement_meets, placement_solves_meeting, Stopped};
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::sim::{Meets, Outcome, PartRunner};
use crate::world::hash::level_hash;
use crate::world::model::World;

/// A candidate, with the placements of its sweep run so far.
pub(crate) struct Shipping {
    pub seed: u32,
    pub world: World,
    pub kind: ShippedKind,
    pub attempts: u32,
    pub pre_solved: u32,
    /// The placements that solve, of those run (a bit per placement).
    mask: Vec<u8>,
    /// The placements run (or known without a run).
    done: Vec<u8>,
    solving: u32,
    /// The search's order; `order[..pos]` are done.
    order: Vec<usize>,
    pos: usize,
    /// Where each placement meets the bare run, when known up front (empty
    /// otherwise: each is asked as it is run).
    meets: Vec<Meets>,
}

fn set(bits: &mut [u8], i: usize) {
    bits[i / 8] |= 1 << (i % 8);
}

impl Shipping {
    /// `world` with nothing of its sweep run; the placements `named` (the
    /// criteria's `solves N`, 0-based) come first in its order. With the
    /// candidate's `runner`, a candidate that is not preSolved leaves out of
    /// its order the placements the bare ball never meets: each of those ends
    /// as the bare run, out of the goal, so it is known without a run.
    pub fn new(
        rules: &ValidRules,
        seed: u32,
        world: World,
        named: &[usize],
        runner: Option<&PartRunner>,
    ) -> Self {
        let size = rules.sweep.size();
        let mut done = vec![0; size.div_ceil(8)];
        let meets: Vec<Meets> = match runner {
            Some(r) if r.bare_outcome() != Outcome::Goal => {
                (0..size).map(|i| placement_meets(rules, r, i)).collect()
            }
            _ => Vec::new(),
        };
        let never = |i: usize| meets.get(i) == Some(&Meets::Never);
        let order = search_order(rules, &world, named, never);
        for i in (0..size).filter(|&i| never(i)) {
            set(&mut done, i);
        }
        Shipping {
            seed,
            world,
            kind: ShippedKind::Accepted,
            attempts: 0,
            pre_solved: 0,
            mask: vec![0; size.div_ceil(8)],
            done,
            solving: 0,
            order,
            pos: 0,
            meets,
        }
    }

    fn run_next(&mut self, rules: &ValidRules, runner: &mut PartRunner) {
        let i = self.order[self.pos];
        let meets = match self.meets.get(i) {
            Some(&m) => m,
            None => placement_meets(rules, runner, i),
        };
        if placement_solves_meeting(rules, &self.world, runner, i, meets) {
            set(&mut self.mask, i);
            self.solving += 1;
        }
        set(&mut self.done, i);
        self.pos += 1;
    }

    /// Runs placements until one solves: the game's question of a candidate
    /// that is not preSolved. The placement that solves, or `None` when none
    /// does (every placement run). `stop` is looked at before each run.
    pub fn run_until_solving(
        &mut self,
        rules: &ValidRules,
        runner: &mut PartRunner,
        stop: &impl Fn() -> bool,
    ) -> Result<Option<u32>, Stopped> {
        self.run_until_solving_within(rules, runner, usize::MAX, stop)
    }

    /// [`Shipping::run_until_solving`], giving up (`Ok(None)`) after `runs`
    /// more placements; [`Shipping::exhausted`] says whether every one was run.
    pub fn run_until_solving_within(
        &mut self,
        rules: &ValidRules,
        runner: &mut PartRunner,
        runs: usize,
        stop: &impl Fn() -> bool,
    ) -> Result<Option<u32>, Stopped> {
        let end = self.order.len().min(self.pos.saturating_add(runs));
        while self.pos < end {
            if stop() {
                return Err(Stopped);
            }
            self.run_next(rules, runner);
            let i = self.order[self.pos - 1];
            if self.mask[i / 8] & (1 << (i % 8)) != 0 {
                return Ok(Some(i as u32));
            }
        }
        Ok(None)
    }

    /// Whether every placement of the sweep is known.
    pub fn exhausted(&self) -> bool {
        self.pos == self.order.len()
    }

    /// What is known of the candidate as the shipped level, of its kind (an
    /// accepted one has a solving placement, found or not yet).
    fn known(&self) -> Known<'_> {
        let n = |v: u32| Span::exactly(i64::from(v));
        let left = (self.order.len() - self.pos) as i64;
        let solving = i64::from(self.solving);
        let hi = solving + left;
        let lo = if self.kind == ShippedKind::Accepted {
            solving.max(1).min(hi)
        } else {
            solving
        };
        Known {
            seed: self.seed,
            rules_version: RULES_VERSION,
            attempts: n(self.attempts),
            pre_solved: n(self.pre_solved),
            solving: Span::new(lo, hi),
            walls: n(self.world.walls.len() as u32),
            ramps: n(self.world.inventory.ramp),
            fans: n(self.world.inventory.fan),
            bumpers: n(self.world.inventory.bumper),
            kinds: kind_bit(self.kind),
            mask: &self.mask,
            swept: 0,
            done: &self.done,
        }
    }

    /// The criteria's answer for the candidate as the shipped level, when what
    /// is known of it decides it.
    pub fn answer(&self, criteria: &Criteria) -> Option<bool> {
        criteria.decide(&self.known())
    }

    /// Runs the sweep on until [`Shipping::answer`] is known or every
    /// placement is run: the answer (`None` only when even the whole sweep
    /// leaves it open, which [`Shipping::finish`] settles on the row), or `Err`
    /// when `stop` said so.
    pub fn run_until_answer(
        &mut self,
        rules: &ValidRules,
        criteria: &Criteria,
        runner: &mut PartRunner,
        stop: &impl Fn() -> bool,
    ) -> Result<Option<bool>, Stopped> {
        loop {
            let answer = self.answer(criteria);
            if answer.is_some() || self.exhausted() {
                return Ok(answer);
            }
            if stop() {
                return Err(Stopped);
            }
            self.run_next(rules, runner);
        }
    }

    /// Stages 3 and 4 for the shipped candidate: the rest of the sweep, until
    /// the criteria's answer is known; the whole row for a match.
    pub fn finish(
        mut self,
        rules: &ValidRules,
        criteria: &Criteria,
        mut runner: Option<&mut PartRunner>,
        stop: &impl Fn() -> bool,
    ) -> Option<Decision> {
        let from = self.pos;
        let mut open = true;
        while self.pos < self.order.len() {
            if open {
                match criteria.decide(&self.known()) {
                    Some(false) => {
                        let stage = if self.pos == from {
                            Stage::Generator
                        } else {
                            Stage::Sweep
                        };
                        return Some(Decision { stage, row: None });
                    }
                    Some(true) => open = false,
                    None => {}
                }
            }
            if stop() {
                return None;
            }
            let runner = runner.as_mut().expect("a sweep left to run has its runner");
            self.run_next(rules, runner);
        }
        let row = SeedSummary {
            seed: self.seed,
            rules_version: RULES_VERSION,
            shipped: self.kind,
            attempts: self.attempts,
            fallback: self.kind == ShippedKind::Fallback,
            pre_solved: self.pre_solved,
            solving: self.solving,
            solving_mask: self.mask,
            walls: self.world.walls.len() as u32,
            inventory: self.world.inventory,
            level_hash: level_hash(&self.world),
        };
        let matched = criteria.matches(&row);
        Some(Decision {
            stage: Stage::Full,
            row: matched.then_some(row),
        })
    }
}
