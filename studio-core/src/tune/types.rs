//! What the Tune view receives: the checked targets, a tune's events and its
//! result, and what each rule does (its events and results).

use contraption::{Evaluation, FigureName, Rules, RulesDifference, Score, SideFigures};
use contraption_tune::{Candidate, Holdout, Outcome, Point, Sensitivity, SetValue, Vary};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SeedSpan;

/// Targets text as the engine read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TargetsCheck {
    /// The canonical text (reads back to the same targets).
    pub text: String,
    /// Each target's canonical text, in order.
    pub targets: Vec<String>,
}

/// One rule set a tune tried: the values it set, how far from the starting
/// rules, and its figures and score over the sample, or why the rules refused
/// the values (a refused candidate counts toward the budget and scores nothing).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TriedCandidate {
    /// Its place in the order tried, from 0.
    pub index: u32,
    /// The rules id (empty when refused).
    pub rules_id: String,
    pub values: Vec<SetValue>,
    /// Varied fields that differ from the starting rules.
    pub changed: u32,
    /// Σ |value − start| / (hi − lo) over the varied fields.
    pub moved: f64,
    pub evaluation: Option<Evaluation>,
    pub score: Option<Score>,
    pub refused: Option<String>,
}

impl TriedCandidate {
    pub fn of(c: &Candidate) -> Self {
        let (evaluation, score, refused) = outcome(&c.outcome);
        TriedCandidate {
            index: c.index,
            rules_id: c.rules_id.clone(),
            values: c.values.clone(),
            changed: c.changed,
            moved: c.moved,
            evaluation,
            score,
            refused,
        }
    }
}

pub(super) fn outcome(o: &Outcome) -> (Option<Evaluation>, Option<Score>, Option<String>) {
    match o {
        Outcome::Scored { evaluation, score } => {
            (Some(evaluation.clone()), Some(score.clone()), None)
        }
        Outcome::Refused { reason } => (None, None, Some(reason.clone())),
    }
}

/// Where a running tune stands, after each candidate (the rate and the time
/// left from the studio's clock).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TuneProgressInfo {
    pub done: u32,
    pub budget: u32,
    pub best_score: Option<f64>,
    pub best_index: Option<u32>,
    /// Candidates per second in this run so far.
    pub per_second: f64,
    /// Seconds left at that rate if the whole budget is spent (null before the rate is known).
    pub eta_seconds: Option<f64>,
    pub elapsed_ms: f64,
    /// Tallies the catalog already held (a tune run again or resumed computes them not again).
    #[ts(type = "number")]
    pub from_catalog: u64,
}

/// What a tune streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum TuneEvent {
    /// The job exists; `job` is the id to pass to `cancel_job`.
    Started {
        job: u32,
        budget: u32,
        rules_id: String,
    },
    /// One more candidate was tried.
    Candidate {
        job: u32,
        candidate: TriedCandidate,
        progress: TuneProgressInfo,
    },
}

/// One of the best rule sets a tune found, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TunedRules {
    /// 1 for the best.
    pub rank: u32,
    pub candidate: TriedCandidate,
    pub rules_id: String,
    pub rules: Rules,
    /// What it changes from the starting rules (as `contraption rules diff`).
    pub diff: Vec<RulesDifference>,
    /// Its figures on the held-out seed range.
    pub holdout: Option<Holdout>,
}

/// How a tune ended and what it found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TuneResult {
    pub job: u32,
    /// The starting rules (the rules in force when it started).
    pub rules_id: String,
    pub rules_name: String,
    /// The targets' canonical text.
    pub targets: String,
    pub seeds: SeedSpan,
    pub holdout: Option<SeedSpan>,
    pub vary: Vec<Vary>,
    /// The starting rules' figures and score on the sample (and the holdout).
    pub start_evaluation: Option<Evaluation>,
    pub start_score: Option<Score>,
    pub start_holdout: Option<Holdout>,
    pub candidates: u32,
    pub budget: u32,
    pub cancelled: bool,
    /// The search ran out of new points before its budget.
    pub exhausted: bool,
    pub best: Vec<TunedRules>,
    /// Tallies computed by this run, and those the catalog already held.
    #[ts(type = "number")]
    pub computed: u64,
    #[ts(type = "number")]
    pub from_catalog: u64,
    pub elapsed_ms: f64,
}

/// What each rule does: which run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WhatRequest {
    /// Every field (or those given) stepped down and up by `step` (a share of its value).
    Tornado {
        fields: Vec<super::FieldBounds>,
        step: f64,
        seeds: SeedSpan,
    },
    /// One field swept over `points` values from `lo` to `hi`.
    Curve {
        field: super::FieldBounds,
        points: u32,
        seeds: SeedSpan,
    },
    /// `n` rule sets drawn at random within the bounds (mulberry32 from `sample_seed`).
    Random {
        vary: Vec<super::FieldBounds>,
        n: u32,
        sample_seed: u32,
        seeds: SeedSpan,
    },
}

/// What a sensitivity run streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum WhatEvent {
    Started {
        job: u32,
    },
    /// After each rule set.
    Progress {
        job: u32,
        done: u32,
        total: u32,
        per_second: f64,
        eta_seconds: Option<f64>,
    },
}

/// The tornado's rows for one figure: the fields' indices by effect, largest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FigureOrder {
    pub figure: FigureName,
    pub order: Vec<u32>,
}

/// What a sensitivity run found (all under the rules in force when it started).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum WhatResult {
    Tornado {
        job: u32,
        rules_id: String,
        rules_name: String,
        seeds: SeedSpan,
        sensitivity: Sensitivity,
        /// The tornado's order for every figure (`Sensitivity::tornado`).
        orders: Vec<FigureOrder>,
    },
    Curve {
        job: u32,
        rules_id: String,
        rules_name: String,
        seeds: SeedSpan,
        field: Vary,
        /// The starting rules' figures.
        start: SideFigures,
        points: Vec<Point>,
    },
    Random {
        job: u32,
        rules_id: String,
        rules_name: String,
        seeds: SeedSpan,
        vary: Vec<Vary>,
        sample_seed: u32,
        start: SideFigures,
        points: Vec<Point>,
    },
    /// Stopped by `cancel_job`; what was computed is kept in the catalog.
    Cancelled { job: u32 },
}
