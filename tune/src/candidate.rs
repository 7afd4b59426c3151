//! One rule set the tuner tried: the values it set, how far they move from the
//! starting rules, its figures and score (or why the rules refused the values),
//! and the order in which the tuner prefers candidates.

use std::cmp::Ordering;

use contraption::{Evaluation, Score, Tally, Targets};
use serde::{Deserialize, Serialize};

use crate::vary::Vary;

/// What one candidate came to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    /// Valid rules, run over the seeds.
    Scored {
        evaluation: Evaluation,
        score: Score,
    },
    /// The values make rules that validation (or the work bound) refuses.
    Refused { reason: String },
}

impl Outcome {
    /// The outcome of a tally under the targets.
    pub fn of(
        tally: &Tally,
        targets: &Targets,
        criteria: &[contraption::criteria::Criteria],
    ) -> Self {
        let evaluation = tally.evaluation(criteria);
        let score = targets.score(&evaluation);
        Outcome::Scored { evaluation, score }
    }

    /// The score; `None` when refused.
    pub fn score(&self) -> Option<f64> {
        match self {
            Outcome::Scored { score, .. } => Some(score.score),
            Outcome::Refused { .. } => None,
        }
    }
}

/// One value a candidate sets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetValue {
    pub field: String,
    pub value: f64,
}

/// One rule set the tuner tried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Candidate {
    /// Its place in the order tried, from 0.
    pub index: u32,
    /// The rules id (empty when refused).
    pub rules_id: String,
    /// The value of every varied field.
    pub values: Vec<SetValue>,
    /// How many varied fields differ from the starting rules.
    pub changed: u32,
    /// How far the values move from the starting rules: the sum over varied
    /// fields of |value − start| / (hi − lo).
    pub moved: f64,
    pub outcome: Outcome,
}

impl Candidate {
    pub fn new(
        index: u32,
        rules_id: String,
        vary: &[Vary],
        values: &[f64],
        start: &[f64],
        outcome: Outcome,
    ) -> Self {
        let changed = values.iter().zip(start).filter(|(v, s)| v != s).count() as u32;
        let moved = vary
            .iter()
            .zip(values.iter().zip(start))
            .map(|(f, (v, s))| (v - s).abs() / (f.hi - f.lo))
            .sum();
        Candidate {
            index,
            rules_id,
            values: vary
                .iter()
                .zip(values)
                .map(|(f, &value)| SetValue {
                    field: f.field.clone(),
                    value,
                })
                .collect(),
            changed,
            moved,
            outcome,
        }
    }

    pub fn score(&self) -> Option<f64> {
        self.outcome.score()
    }
}

/// The tuner's preference: a lower score; among equal scores, fewer fields
/// changed, then less movement from the starting rules, then the lower rules id
/// (so the order is total and the same on every run). Refused candidates last.
pub fn preference(a: &Candidate, b: &Candidate) -> Ordering {
    let key = |c: &Candidate| c.score().unwrap_or(f64::INFINITY);
    key(a)
        .total_cmp(&key(b))
        .then(a.changed.cmp(&b.changed))
        .then(a.moved.total_cmp(&b.moved))
        .then(a.rules_id.cmp(&b.rules_id))
        .then(a.index.cmp(&b.index))
}
