//! Deciding criteria on part of a row: three answers (met, not met, not known
//! yet) from what is known so far of a seed's shipped level — each field a range
//! of values it can still take, which kinds can still ship, which sweep
//! placements are known to solve it. The staged search
//! ([`crate::analysis::staged`]) asks after each piece of work and stops as soon
//! as the answer is known.
//!
//! Sound by construction: when [`Criteria::decide`] answers, every full row
//! that agrees with what is known gives that answer to [`Criteria::matches`]
//! (property-tested in `tests/staged_search.rs`).

use crate::analysis::criteria::ast::{Cmp, Criteria, Field, Flag};
use crate::generate::summary::{SeedSummary, ShippedKind, NEARLY_TRIVIAL_SOLVING};

/// The values a whole-number field can still take: `lo..=hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub lo: i64,
    pub hi: i64,
}

impl Span {
    pub fn exactly(v: i64) -> Span {
        Span { lo: v, hi: v }
    }

    pub fn new(lo: i64, hi: i64) -> Span {
        debug_assert!(lo <= hi, "an empty span {lo}..{hi}");
        Span { lo, hi }
    }

    /// Whether `op value` holds for every value (`Some(true)`), for none
    /// (`Some(false)`), or for some only (`None`).
    fn compare(self, op: Cmp, v: i64) -> Option<bool> {
        let (lo, hi) = (self.lo, self.hi);
        let (all, none) = match op {
            Cmp::Eq => (lo == v && hi == v, v < lo || v > hi),
            Cmp::Ne => (v < lo || v > hi, lo == v && hi == v),
            Cmp::Lt => (hi < v, lo >= v),
            Cmp::Le => (hi <= v, lo > v),
            Cmp::Gt => (lo > v, hi <= v),
            Cmp::Ge => (lo >= v, hi < v),
        };
        known(all, none)
    }

    fn within(self, a: i64, b: i64) -> Option<bool> {
        known(a <= self.lo && self.hi <= b, self.hi < a || self.lo > b)
    }
}

fn known(all: bool, none: bool) -> Option<bool> {
    match (all, none) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// What is known of a seed's shipped level so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known<'a> {
    pub seed: u32,
    pub rules_version: u32,
    pub attempts: Span,
    pub pre_solved: Span,
    pub solving: Span,
    pub walls: Span,
    pub ramps: Span,
    pub fans: Span,
    pub bumpers: Span,
    /// The kinds that can still ship: bit 0 accepted, 1 fallback, 2 all preSolved.
    pub kinds: u8,
    /// Sweep placements `0..swept` are known, and those whose bit (`i % 8` of
    /// byte `i / 8`) is set in `done`: placement `i`, when known, solves the
    /// level when its bit is set in `mask`.
    pub mask: &'a [u8],
    pub swept: usize,
    pub done: &'a [u8],
}

/// The bit of a kind in [`Known::kinds`].
pub fn kind_bit(kind: ShippedKind) -> u8 {
    match kind {
        ShippedKind::Accepted => 1,
        ShippedKind::Fallback => 2,
        ShippedKind::AllPreSolved => 4,
    }
}

impl<'a> Known<'a> {
    /// Everything known: a whole row.
    pub fn exact(row: &'a SeedSummary) -> Known<'a> {
        let n = |v: u32| Span::exactly(i64::from(v));
        Known {
            seed: row.seed,
            rules_version: row.rules_version,
            attempts: n(row.attempts),
            pre_solved: n(row.pre_solved),
            solving: n(row.solving),
            walls: n(row.walls),
            ramps: n(row.inventory.ramp),
            fans: n(row.inventory.fan),
            bumpers: n(row.inventory.bumper),
            kinds: kind_bit(row.shipped),
            mask: &row.solving_mask,
            swept: row.solving_mask.len() * 8,
            done: &[],
        }
    }

    fn span(&self, field: Field) -> Span {
        match field {
            Field::Seed => Span::exactly(i64::from(self.seed)),
            Field::RulesVersion => Span::exactly(i64::from(self.rules_version)),
            Field::Attempts => self.attempts,
            Field::PreSolved => self.pre_solved,
            Field::Solving => self.solving,
            Field::Walls => self.walls,
            Field::Ramps => self.ramps,
            Field::Fans => self.fans,
            Field::Bumpers => self.bumpers,
        }
    }

    fn flag(&self, flag: Flag) -> Option<bool> {
        let only = |kind| {
            let bit = kind_bit(kind);
            known(self.kinds == bit, self.kinds & bit == 0)
        };
        match flag {
            Flag::Accepted => only(ShippedKind::Accepted),
            Flag::Fallback => only(ShippedKind::Fallback),
            Flag::AllPreSolved => only(ShippedKind::AllPreSolved),
            Flag::NearlyTrivial => self
                .solving
                .compare(Cmp::Ge, i64::from(NEARLY_TRIVIAL_SOLVING)),
        }
    }

    /// Whether placement `i` (0-based) solves the level, when known.
    fn solves(&self, i: usize) -> Option<bool> {
        if self.solving.hi == 0 {
            return Some(false);
        }
        let done = self
            .done
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0);
        (i < self.swept || done).then(|| {
            self.mask
                .get(i / 8)
                .is_some_and(|b| b & (1 << (i % 8)) != 0)
        })
    }
}

impl Criteria {
    /// Whether every row that agrees with `known` meets the criteria
    /// (`Some(true)`), none does (`Some(false)`), or it depends on what is not
    /// known yet (`None`). On a whole row ([`Known::exact`]) it always answers,
    /// with [`Criteria::matches`]'s answer.
    pub fn decide(&self, known: &Known) -> Option<bool> {
        match self {
            Criteria::Compare { field, op, value } => known.span(*field).compare(*op, *value),
            Criteria::Within { field, lo, hi } => known.span(*field).within(*lo, *hi),
            Criteria::Is { flag, value } => known.flag(*flag).map(|f| f == *value),
            Criteria::Solves { placement } => known.solves(*placement as usize - 1),
            Criteria::Not { inner } => inner.decide(known).map(|b| !b),
            Criteria::And { all } => {
                let mut open = false;
                for c in all {
                    match c.decide(known) {
                        Some(false) => return Some(false),
                        None => open = true,
                        Some(true) => {}
                    }
                }
                (!open).then_some(true)
            }
            Criteria::Or { any } => {
                let mut open = false;
                for c in any {
                    match c.decide(known) {
                        Some(true) => return Some(true),
                        None => open = true,
                        Some(false) => {}
                    }
                }
                (!open).then_some(false)
            }
        }
    }
}
