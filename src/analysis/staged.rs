//! The staged search: whether a seed's shipped level meets some criteria,
//! decided with the least work that gives the answer filtering its full
//! summary gives.
//!
//! The work comes in stages, cheapest first, and the criteria are asked
//! ([`Criteria::decide`]) between them:
//! 1. **layout** — every candidate the seed can draw, drawn without physics: the
//!    walls and the inventory of each are known, and any of them could ship.
//!    When none of them can meet the criteria, the seed fails without a single
//!    step simulated;
//! 2. **generator** — the game's loop (bare runs, and sweeps until a placement
//!    solves), asked before each candidate whether the candidates still to come,
//!    or the fallback kept so far, can still meet the criteria; it ends when
//!    they cannot, or when the shipped candidate is known. Whether a placement
//!    solves is all the game asks, so the sweeps run in the search's order
//!    ([`search_order`](crate::generate::search_order)), not the sweep's: the
//!    placements the criteria name, then the ramps likeliest to solve;
//! 3. **sweep** — the rest of the shipped level's sweep, in that order, until
//!    the criteria's answer is known: `solving = 1` stops at the second solving
//!    placement, `solves 50` once placement 50 is run (first);
//! 4. **full** — a seed that meets the criteria has its whole row computed, as
//!    [`summarize`](crate::generate::summary::summarize) makes it.
//!
//! The matches are the rows `summarize` gives, equal byte for byte, and a seed
//! fails only when its summary would fail (`tests/staged_search.rs`).

use std::cell::{Cell, RefCell};

use serde::{Deserialize, Serialize};

use crate::analysis::criteria::decide::{kind_bit, Known, Span};
use crate::analysis::criteria::Criteria;
use crate::analysis::shipping::Shipping;
use crate::generate::generator::{draw_candidate, pick, Pick};
use crate::generate::summary::{SeedSummary, ShippedKind};
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;
use crate::seed::rng::Mulberry32;
use crate::sim::{Compiled, Outcome, PartRunner, SimOptions};
use crate::world::model::World;

/// What a search's last line (and its record) says of the whole range.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SummaryKind {
    /// The staged search: the matches, the seeds searched and where each was
    /// decided ([`Decided`]); the scan's aggregates of the whole range are not
    /// computed (most seeds never get a full row).
    #[default]
    Fast,
    /// Every seed's full row: the scan's aggregates of the whole range too
    /// (as fast as a scan).
    Full,
}

impl SummaryKind {
    pub fn name(self) -> &'static str {
        match self {
            SummaryKind::Fast => "fast",
            SummaryKind::Full => "full",
        }
    }

    pub fn is_full(&self) -> bool {
        *self == SummaryKind::Full
    }
}

/// The stage at which a seed was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// From the candidates' layouts alone: no step simulated.
    Layout,
    /// During the generator's loop, or once the shipped candidate was known.
    Generator,
    /// Partway through the shipped level's sweep.
    Sweep,
    /// With the whole row (every match, and a failure known only at the end).
    Full,
}

/// How a seed was decided, and its row when it meets the criteria.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub stage: Stage,
    /// The seed's summary, when it meets the criteria.
    pub row: Option<SeedSummary>,
}

/// Seeds decided at each stage: where a search's work went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Decided {
    /// From the candidates' layouts alone: no step simulated.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub layout: u64,
    /// In the generator's loop, or once the shipped candidate was known.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub generator: u64,
    /// Partway through the shipped level's sweep.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub sweep: u64,
    /// With the whole row: every match, and failures known only at the end.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub full: u64,
}

impl Decided {
    pub fn add(&mut self, stage: Stage) {
        *match stage {
            Stage::Layout => &mut self.layout,
            Stage::Generator => &mut self.generator,
            Stage::Sweep => &mut self.sweep,
            Stage::Full => &mut self.full,
        } += 1;
    }

    pub fn merge(&mut self, other: &Decided) {
        self.layout += other.layout;
        self.generator += other.generator;
        self.sweep += other.sweep;
        self.full += other.full;
    }

    pub fn is_empty(&self) -> bool {
        self.seeds() == 0
    }

    pub fn seeds(&self) -> u64 {
        self.layout + self.generator + self.sweep + self.full
    }
}

/// What candidate `world`, the `index`-th (1-based) of `max`, would be if it
/// shipped, knowing nothing but its layout.
fn layout_known(world: &World, index: u32, max: u32, size: usize) -> Known<'static> {
    let last = index == max;
    let mut known = shipped_known(world, 0, Span::new(0, size as i64));
    known.attempts = Span::new(i64::from(index), i64::from(max));
    known.pre_solved = Span::new(0, i64::from(if last { max } else { max - 1 }));
    known.kinds = kind_bit(ShippedKind::Accepted)
        | kind_bit(ShippedKind::Fallback)
        | if last {
            kind_bit(ShippedKind::AllPreSolved)
        } else {
            0
        };
    known
}

/// What is known of `world` as the shipped level: its layout, with `kinds`
/// and the other figures still open (the caller narrows them).
fn shipped_known(world: &World, kinds: u8, solving: Span) -> Known<'static> {
    let n = |v: u32| Span::exactly(i64::from(v));
    Known {
        seed: 0,
        rules_version: RULES_VERSION,
        attempts: Span::new(0, 0),
        pre_solved: Span::new(0, 0),
        solving,
        walls: n(world.walls.len() as u32),
        ramps: n(world.inventory.ramp),
        fans: n(world.inventory.fan),
        bumpers: n(world.inventory.bumper),
        kinds,
        mask: &[],
        swept: 0,
        done: &[],
    }
}

/// Whether `seed`'s shipped level under `rules` meets `criteria`, decided in
/// stages (see the module). With a match, its row is
/// [`summarize`](crate::generate::summary::summarize)'s. `None` as soon as
/// `stop` says so: it is looked at before each attempt and each sweep
/// placement, as [`summarize_until`](crate::generate::summary::summarize_until) does.
pub fn search_seed(
    rules: &ValidRules,
    seed: u32,
    criteria: &Criteria,
    stop: impl Fn() -> bool,
) -> Option<Decision> {
    let max = rules.generator.max_attempts;
    let size = rules.sweep.size();
    // Stage 1: every candidate, as the game's loop would draw them.
    let mut rng = Mulberry32::new(seed);
    let mut worlds: Vec<Option<World>> = (0..max)
        .map(|_| Some(draw_candidate(rules, &mut rng)))
        .collect();
    // could[i]: some candidate from the i-th (0-based) on can meet the criteria.
    let mut could = vec![false; max as usize + 1];
    for i in (0..max as usize).rev() {
        let mut known = layout_known(worlds[i].as_ref().unwrap(), i as u32 + 1, max, size);
        known.seed = seed;
        could[i] = could[i + 1] || criteria.decide(&known) != Some(false);
    }
    if !could[0] {
        return Some(Decision {
            stage: Stage::Layout,
            row: None,
        });
    }
    // Stage 2: the game's loop, asked before each candidate.
    let cancelled = Cell::new(false);
    let over = Cell::new(false);
    let drawn = Cell::new(0usize);
    let pre_solved = Cell::new(0u32);
    let fallback: RefCell<Option<World>> = RefCell::new(None);
    let mut accepted: Option<Decision> = None;
    let mut last: Option<World> = None;
    let picked = pick(
        rules,
        seed,
        &SimOptions::default(),
        |_| {
            let i = drawn.get();
            drawn.set(i + 1);
            worlds[i].take().expect("each candidate is drawn once")
        },
        |c| {
            if c.bare.outcome == Outcome::Goal {
                pre_solved.set(pre_solved.get() + 1);
                last = Some(c.world);
                return None;
            }
            let mut runner = PartRunner::new(&c.compiled, &c.trace);
            let mut s = Shipping::new(rules, seed, c.world, criteria);
            s.attempts = c.index;
            s.pre_solved = pre_solved.get();
            let Ok(first) = s.run_until_solving(rules, &mut runner, &stop) else {
                cancelled.set(true);
                return None;
            };
            if first.is_some() {
                accepted = s.finish(rules, criteria, Some(&mut runner), &stop);
                cancelled.set(accepted.is_none());
            } else if c.fallback_candidate {
                *fallback.borrow_mut() = Some(s.world);
            }
            first
        },
        || {
            if cancelled.get() || stop() {
                cancelled.set(true);
                return true;
            }
            let next = drawn.get();
            let fallback_could = fallback.borrow().as_ref().is_some_and(|f| {
                let mut known = shipped_known(f, kind_bit(ShippedKind::Fallback), Span::exactly(0));
                known.seed = seed;
                known.attempts = Span::exactly(i64::from(max));
                let p = i64::from(pre_solved.get());
                known.pre_solved = Span::new(p, p + i64::from(max) - next as i64);
                criteria.decide(&known) != Some(false)
            });
            if !could[next] && !fallback_could {
                over.set(true);
                return true;
            }
            false
        },
    );
    if cancelled.get() {
        return None;
    }
    if over.get() {
        let stage = if drawn.get() == 0 {
            Stage::Layout
        } else {
            Stage::Generator
        };
        return Some(Decision { stage, row: None });
    }
    let shipping = |world, kind| {
        let mut s = Shipping::new(rules, seed, world, criteria);
        s.kind = kind;
        s.attempts = max;
        s.pre_solved = pre_solved.get();
        s
    };
    match picked {
        Pick::Stopped => None,
        Pick::Accepted { .. } => accepted,
        Pick::Fallback { .. } => {
            let world = fallback.take().expect("the loop keeps its fallback");
            shipping(world, ShippedKind::Fallback)
                .solving_nowhere()
                .finish(rules, criteria, None, &stop)
        }
        Pick::AllPreSolved { .. } => {
            let world = last.expect("the loop keeps its last candidate");
            let base = Compiled::new(rules, &world);
            let (_, trace) = base.run_traced(&SimOptions::default());
            let mut runner = PartRunner::new(&base, &trace);
            shipping(world, ShippedKind::AllPreSolved).finish(
                rules,
                criteria,
                Some(&mut runner),
                &stop,
            )
        }
    }
}
