//! The staged search's first stage: what each candidate a seed can draw could
//! be if it shipped, known from its outline ([`draw_outline`]: the wall count
//! and the inventory, a few draws) and refined with its walls only when the
//! outline could meet the criteria.
//!
//! A candidate whose layout cannot meet the criteria whatever else happens
//! (whichever attempt it is, however many placements solve it) can ship without
//! the seed matching; when no candidate from some attempt on can, the rest of
//! the generator's loop cannot change the answer.

use crate::analysis::criteria::decide::{kind_bit, Known, Span};
use crate::analysis::criteria::Criteria;
use crate::generate::outline::{draw_outline, Outline};
use crate::generate::summary::ShippedKind;
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::seed::rng::Mulberry32;
use crate::world::model::{Inventory, World};

/// A seed's candidates as the staged search knows them: their outlines are
/// read as far as they are asked for, in the stream's order.
pub(crate) struct Layouts<'a> {
    rules: &'a ValidRules,
    criteria: &'a Criteria,
    seed: u32,
    /// The stream after the last outline read.
    rng: Mulberry32,
    outlines: Vec<Outline>,
    /// Candidates drawn whole, until the generator's loop takes them.
    worlds: Vec<Option<World>>,
    /// Whether each candidate's layout could meet the criteria: `None` while
    /// its outline could and its walls are not drawn yet.
    could: Vec<Option<bool>>,
    /// The last [`Layouts::first_could`]: asked from, answered.
    last: Option<(usize, Option<usize>)>,
}

impl<'a> Layouts<'a> {
    /// A seed's candidates, none of them read yet.
    pub fn new(rules: &'a ValidRules, seed: u32, criteria: &'a Criteria) -> Self {
        let max = rules.generator.max_attempts as usize;
        Layouts {
            rules,
            criteria,
            seed,
            rng: Mulberry32::new(seed),
            outlines: Vec::with_capacity(max),
            worlds: Vec::with_capacity(max),
            could: Vec::with_capacity(max),
            last: None,
        }
    }

    /// Reads outlines up to candidate `j`'s.
    fn read_to(&mut self, j: usize) {
        while self.outlines.len() <= j {
            let i = self.outlines.len();
            let o = draw_outline(self.rules, &mut self.rng);
            let walls = Span::new(0, i64::from(o.walls_drawn));
            let maybe = self.decide(i, walls, o.inventory) != Some(false);
            self.outlines.push(o);
            self.worlds.push(None);
            self.could.push((!maybe).then_some(false));
        }
    }

    /// What candidate `i` (0-based) with `walls` and `inventory` would be if it
    /// shipped, knowing nothing but its layout, decided.
    fn decide(&self, i: usize, walls: Span, inventory: Inventory) -> Option<bool> {
        let max = self.rules.generator.max_attempts;
        let index = i as u32 + 1;
        let last = index == max;
        let mut known = layout_known(walls, inventory, self.rules.sweep.size());
        known.seed = self.seed;
        known.attempts = Span::new(i64::from(index), i64::from(max));
        known.pre_solved = Span::new(0, i64::from(if last { max } else { max - 1 }));
        known.kinds = kind_bit(ShippedKind::Accepted)
            | kind_bit(ShippedKind::Fallback)
            | if last {
                kind_bit(ShippedKind::AllPreSolved)
            } else {
                0
            };
        self.criteria.decide(&known)
    }

    /// The first candidate from `from` (0-based) on whose layout could meet the
    /// criteria, drawing the walls of those whose outline could, as far as it
    /// takes.
    pub fn first_could(&mut self, from: usize) -> Option<usize> {
        if let Some((asked, answer)) = self.last {
            if asked <= from && answer.is_none_or(|a| from <= a) {
                return answer;
            }
        }
        let max = self.rules.generator.max_attempts as usize;
        let answer = (from..max).find(|&j| self.could_ship(j));
        self.last = Some((from, answer));
        answer
    }

    fn could_ship(&mut self, j: usize) -> bool {
        self.read_to(j);
        if let Some(could) = self.could[j] {
            return could;
        }
        let world = self.outlines[j].world(self.rules);
        let walls = Span::exactly(world.walls.len() as i64);
        let could = self.decide(j, walls, world.inventory) != Some(false);
        self.could[j] = Some(could);
        self.worlds[j] = Some(world);
        could
    }

    /// Candidate `i` (0-based), drawn whole (once: the loop takes it).
    pub fn take(&mut self, i: usize) -> World {
        self.read_to(i);
        self.worlds[i]
            .take()
            .unwrap_or_else(|| self.outlines[i].world(self.rules))
    }
}

/// What is known of a shipped level from its layout: its walls and inventory,
/// every other figure open (the caller narrows them).
pub(crate) fn layout_known(walls: Span, inventory: Inventory, size: usize) -> Known<'static> {
    let n = |v: u32| Span::exactly(i64::from(v));
    Known {
        seed: 0,
        rules_version: RULES_VERSION,
        attempts: Span::new(0, 0),
        pre_solved: Span::new(0, 0),
        solving: Span::new(0, size as i64),
        walls,
        ramps: n(inventory.ramp),
        fans: n(inventory.fan),
        bumpers: n(inventory.bumper),
        kinds: 0,
        mask: &[],
        swept: 0,
        done: &[],
    }
}
