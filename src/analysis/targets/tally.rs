//! One rule set over a seed range: the counts (the comparison's side totals and
//! the seeds meeting each `share(…)` criteria), the figures they give and the
//! targets' score.

use serde::{Deserialize, Serialize};

use crate::analysis::compare::{SideFigures, SideTotals};
use crate::analysis::criteria::Criteria;
use crate::generate::summary::SeedSummary;

use super::figure::Figure;
use super::parser::Targets;

/// Counts over a seed range; adding seeds in any order and merging pieces in any
/// order give the same tally.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub side: SideTotals,
    /// Seeds meeting each of the targets' share criteria, in
    /// [`Targets::share_criteria`]'s order.
    pub shares: Vec<u64>,
}

impl Tally {
    /// An empty tally for `criteria` (the targets' share criteria).
    pub fn new(criteria: &[Criteria]) -> Tally {
        Tally {
            side: SideTotals::default(),
            shares: vec![0; criteria.len()],
        }
    }

    /// Adds one seed's summary.
    pub fn add(&mut self, row: &SeedSummary, criteria: &[Criteria]) {
        self.side.add(row);
        for (n, c) in self.shares.iter_mut().zip(criteria) {
            *n += u64::from(c.matches(row));
        }
    }

    pub fn merge(&mut self, other: &Tally) {
        self.side.merge(&other.side);
        for (n, m) in self.shares.iter_mut().zip(&other.shares) {
            *n += m;
        }
    }

    /// The figures of the tally.
    pub fn evaluation(&self, criteria: &[Criteria]) -> Evaluation {
        let seeds = self.side.totals.seeds;
        Evaluation {
            figures: self.side.figures(),
            shares: criteria
                .iter()
                .zip(&self.shares)
                .map(|(c, &n)| ShareFigure {
                    criteria: c.to_string(),
                    seeds: n,
                    share: if seeds == 0 {
                        0.0
                    } else {
                        n as f64 / seeds as f64
                    },
                })
                .collect(),
        }
    }
}

/// The share of seeds meeting some criteria.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShareFigure {
    /// The criteria's canonical text.
    pub criteria: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seeds: u64,
    pub share: f64,
}

/// A rule set's figures over a seed range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Evaluation {
    /// The comparison's figures (as `contraption compare`'s `summary.a`).
    pub figures: SideFigures,
    /// The targets' `share(…)` figures.
    pub shares: Vec<ShareFigure>,
}

impl Evaluation {
    /// The value of one figure.
    pub fn value(&self, figure: &Figure) -> f64 {
        match figure {
            Figure::Named { name } => name.of(&self.figures),
            Figure::Share { criteria } => {
                let text = criteria.to_string();
                self.shares
                    .iter()
                    .find(|s| s.criteria == text)
                    .map_or(f64::NAN, |s| s.share)
            }
        }
    }
}

/// One target against a rule set's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TargetResult {
    /// The target's canonical text.
    pub target: String,
    /// The figure's value.
    pub value: f64,
    /// How far it misses (0 when met).
    pub miss: f64,
    pub met: bool,
}

/// The targets' score of one rule set: the sum of the misses (0: every target met).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Score {
    pub score: f64,
    pub targets: Vec<TargetResult>,
}

impl Targets {
    /// Every target against `e`, and their sum.
    pub fn score(&self, e: &Evaluation) -> Score {
        let targets: Vec<TargetResult> = self
            .targets
            .iter()
            .map(|t| {
                let value = e.value(&t.figure);
                let miss = t.miss(value);
                TargetResult {
                    target: t.text(),
                    value,
                    miss,
                    met: miss == 0.0,
                }
            })
            .collect();
        Score {
            score: targets.iter().map(|t| t.miss).sum(),
            targets,
        }
    }
}
