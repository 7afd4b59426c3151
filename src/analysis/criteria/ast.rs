//! The criteria tree: the fields and flags of a seed a test reads, the
//! comparisons, the expression itself and whether a seed meets it.

use serde::{Deserialize, Serialize};

use crate::generate::summary::{SeedSummary, ShippedKind, NEARLY_TRIVIAL_SOLVING};

/// A whole-number property of a seed's shipped level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Field {
    Seed,
    /// Candidates drawn (1 to 40).
    Attempts,
    /// Candidates rejected because the bare ball reached the goal.
    PreSolved,
    /// Sweep placements (of 144) that solve the shipped level.
    Solving,
    Walls,
    Ramps,
    Fans,
    Bumpers,
    RulesVersion,
}

impl Field {
    pub const ALL: [Field; 9] = [
        Field::Seed,
        Field::Attempts,
        Field::PreSolved,
        Field::Solving,
        Field::Walls,
        Field::Ramps,
        Field::Fans,
        Field::Bumpers,
        Field::RulesVersion,
    ];

    /// The name the language uses.
    pub fn name(self) -> &'static str {
        match self {
            Field::Seed => "seed",
            Field::Attempts => "attempts",
            Field::PreSolved => "pre_solved",
            Field::Solving => "solving",
            Field::Walls => "walls",
            Field::Ramps => "ramps",
            Field::Fans => "fans",
            Field::Bumpers => "bumpers",
            Field::RulesVersion => "rules_version",
        }
    }

    /// The field's value for a seed.
    pub fn of(self, s: &SeedSummary) -> i64 {
        i64::from(match self {
            Field::Seed => s.seed,
            Field::Attempts => s.attempts,
            Field::PreSolved => s.pre_solved,
            Field::Solving => s.solving,
            Field::Walls => s.walls,
            Field::Ramps => s.inventory.ramp,
            Field::Fans => s.inventory.fan,
            Field::Bumpers => s.inventory.bumper,
            Field::RulesVersion => s.rules_version,
        })
    }
}

/// A yes/no property of a seed's shipped level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    /// A candidate with a one-ramp solution shipped.
    Accepted,
    /// No candidate in the attempts cap had one; the first non-trivial one shipped.
    Fallback,
    /// Every candidate was preSolved; the last one shipped as is.
    AllPreSolved,
    /// At least `NEARLY_TRIVIAL_SOLVING` (10) placements solve it; read under rules
    /// with another `sweep.nearly_trivial_solving` N, `nearly_trivial` is `solving >= N`.
    NearlyTrivial,
}

impl Flag {
    pub const ALL: [Flag; 4] = [
        Flag::Accepted,
        Flag::Fallback,
        Flag::AllPreSolved,
        Flag::NearlyTrivial,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Flag::Accepted => "accepted",
            Flag::Fallback => "fallback",
            Flag::AllPreSolved => "all_pre_solved",
            Flag::NearlyTrivial => "nearly_trivial",
        }
    }

    pub fn of(self, s: &SeedSummary) -> bool {
        match self {
            Flag::Accepted => s.shipped == ShippedKind::Accepted,
            Flag::Fallback => s.shipped == ShippedKind::Fallback,
            Flag::AllPreSolved => s.shipped == ShippedKind::AllPreSolved,
            Flag::NearlyTrivial => s.solving >= NEARLY_TRIVIAL_SOLVING,
        }
    }
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }

    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// A parsed criteria expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Criteria {
    /// `field op value`.
    Compare {
        field: Field,
        op: Cmp,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        value: i64,
    },
    /// `field in lo..hi`, both ends included.
    Within {
        field: Field,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        lo: i64,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        hi: i64,
    },
    /// A flag that must be `value`.
    Is {
        flag: Flag,
        value: bool,
    },
    /// Sweep placement `placement` (1 to the sweep's size) solves the shipped level.
    Solves {
        placement: u32,
    },
    Not {
        inner: Box<Criteria>,
    },
    And {
        all: Vec<Criteria>,
    },
    Or {
        any: Vec<Criteria>,
    },
}

impl Criteria {
    /// Whether a seed meets the criteria.
    pub fn matches(&self, s: &SeedSummary) -> bool {
        match self {
            Criteria::Compare { field, op, value } => op.holds(field.of(s), *value),
            Criteria::Within { field, lo, hi } => (*lo..=*hi).contains(&field.of(s)),
            Criteria::Is { flag, value } => flag.of(s) == *value,
            Criteria::Solves { placement } => {
                let i = *placement as usize - 1;
                s.solving_mask
                    .get(i / 8)
                    .is_some_and(|byte| byte & (1 << (i % 8)) != 0)
            }
            Criteria::Not { inner } => !inner.matches(s),
            Criteria::And { all } => all.iter().all(|c| c.matches(s)),
            Criteria::Or { any } => any.iter().any(|c| c.matches(s)),
        }
    }

    /// The sweep placements (0-based) that `solves N` tests name, in the order
    /// they are written: a search runs them first.
    pub fn placements(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(c) = stack.pop() {
            match c {
                Criteria::Solves { placement } => out.push(*placement as usize - 1),
                Criteria::Not { inner } => stack.push(inner),
                Criteria::And { all } => stack.extend(all.iter().rev()),
                Criteria::Or { any } => stack.extend(any.iter().rev()),
                _ => {}
            }
        }
        out
    }

    /// Every seed matches (an empty filter).
    pub fn everything() -> Criteria {
        Criteria::And { all: Vec::new() }
    }

    /// Whether this is the empty filter.
    pub fn is_everything(&self) -> bool {
        matches!(self, Criteria::And { all } if all.is_empty())
    }

    /// Both this and `other`.
    pub fn and(self, other: Criteria) -> Criteria {
        let mut all = match self {
            Criteria::And { all } => all,
            c => vec![c],
        };
        match other {
            Criteria::And { all: more } => all.extend(more),
            c => all.push(c),
        }
        Criteria::And { all }
    }
}
