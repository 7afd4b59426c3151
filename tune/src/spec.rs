//! What a tune is asked, where it stands, and what it found.

use contraption::{Evaluation, RulesDifference, Score, SeedRange, Targets, ValidRules};
use serde::{Deserialize, Serialize};

use crate::candidate::{Candidate, Outcome};
use crate::vary::Vary;
use crate::TuneError;

/// At most this many candidates in one tune.
pub const MAX_BUDGET: u32 = 100_000;
/// At most this many fields varied at once.
pub const MAX_VARY: usize = 16;
/// The best rule sets reported.
pub const TOP: usize = 5;

/// What a tune is asked.
#[derive(Debug, Clone)]
pub struct TuneSpec {
    pub start: ValidRules,
    pub targets: Targets,
    pub vary: Vec<Vary>,
    /// The sample every candidate runs (the same seeds for all).
    pub seeds: SeedRange,
    /// A second range the tuner never sees, run for the best rule sets.
    pub holdout: Option<SeedRange>,
    /// Distinct candidates at most.
    pub budget: u32,
    /// Whether rules whose worst case is slow may be tried.
    pub allow_slow: bool,
}

impl TuneSpec {
    /// Refuses a spec the tuner cannot run.
    pub fn check(&self) -> Result<(), TuneError> {
        let bad = |m: String| Err(TuneError::Input(m));
        if self.vary.is_empty() {
            return bad("name at least one field to vary (--vary FIELD=LO..HI)".into());
        }
        if self.vary.len() > MAX_VARY {
            return bad(format!("at most {MAX_VARY} fields may be varied at once"));
        }
        for (i, f) in self.vary.iter().enumerate() {
            if self.vary[..i].iter().any(|g| g.field == f.field) {
                return bad(format!("{} is varied twice", f.field));
            }
        }
        if self.budget == 0 || self.budget > MAX_BUDGET {
            return bad(format!(
                "the budget is 1 to {MAX_BUDGET} candidates, not {}",
                self.budget
            ));
        }
        Ok(())
    }
}

/// Where a tune stands after each candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TuneProgress {
    pub done: u32,
    pub budget: u32,
    /// The best score so far (`None` while every candidate was refused).
    pub best_score: Option<f64>,
    /// The index of the best candidate so far.
    pub best_index: Option<u32>,
}

/// A rule set's figures on the holdout range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holdout {
    pub evaluation: Evaluation,
    pub score: Score,
}

/// One of the best rule sets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Best {
    pub candidate: Candidate,
    /// The rules (as a rules file holds them).
    #[cfg_attr(feature = "ts", ts(type = "import(\"./Rules\").Rules"))]
    pub rules: ValidRules,
    /// What it changes from the starting rules (as `contraption rules diff`).
    pub diff: Vec<RulesDifference>,
    pub holdout: Option<Holdout>,
}

/// What a tune found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TuneOutcome {
    /// The starting rules' figures on the sample (and the holdout).
    pub start: Outcome,
    pub start_holdout: Option<Holdout>,
    /// Distinct candidates tried.
    pub candidates: u32,
    /// Whether it was cancelled before its budget was spent.
    pub cancelled: bool,
    /// Whether the search ran out of new points before its budget.
    pub exhausted: bool,
    /// The best rule sets, best first (at most [`TOP`]).
    pub best: Vec<Best>,
}
