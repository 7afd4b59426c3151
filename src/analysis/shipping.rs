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
use crate::generate::sweep::{placement_solves, Stopped};
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::sim::PartRunner;
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
}

fn set(bits: &mut [u8], i: usize) {
    bits[i / 8] |= 1 << (i % 8);
}

impl Shipping {
    /// `world` with nothing of its sweep run; `criteria`'s `solves N` placements
    /// come first in its order.
    pub fn new(rules: &ValidRules, seed: u32, world: World, criteria: &Criteria) -> Self {
        let size = rules.sweep.size();
        let order = search_order(rules, &world, &criteria.placements());
        Shipping {
            seed,
            world,
            kind: ShippedKind::Accepted,
            attempts: 0,
            pre_solved: 0,
            mask: vec![0; size.div_ceil(8)],
            done: vec![0; size.div_ceil(8)],
            solving: 0,
            order,
            pos: 0,
        }
    }

    /// Its whole sweep known to solve nowhere (a fallback: no placement solves it).
    pub fn solving_nowhere(mut self) -> Self {
        for &i in &self.order {
            set(&mut self.done, i);
        }
        self.pos = self.order.len();
        self
    }

    fn run_next(&mut self, rules: &ValidRules, runner: &mut PartRunner) {
        let i = self.order[self.pos];
        if placement_solves(rules, &self.world, runner, i) {
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
        while self.pos < self.order.len() {
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

    /// What is known of the candidate as the shipped level.
    fn known(&self) -> Known<'_> {
        let n = |v: u32| Span::exactly(i64::from(v));
        let left = (self.order.len() - self.pos) as i64;
        let solving = i64::from(self.solving);
        Known {
            seed: self.seed,
            rules_version: RULES_VERSION,
            attempts: n(self.attempts),
            pre_solved: n(self.pre_solved),
            solving: Span::new(solving, solving + left),
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
