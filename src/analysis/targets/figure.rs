//! The figures a target can name: the A/B comparison's headline figures, and the
//! share of seeds meeting some criteria.

use serde::{Deserialize, Serialize};

use crate::analysis::compare::SideFigures;
use crate::analysis::criteria::Criteria;

/// One of the comparison's headline figures (`contraption compare --json`'s
/// `summary.a` names them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FigureName {
    FallbackRate,
    PreSolvedShare,
    NoSolutionShare,
    MeanAttempts,
    MeanSolving,
    MeanWalls,
    MeanRamps,
    MeanFans,
    MeanBumpers,
    MeanGears,
}

impl FigureName {
    /// Every figure, in the comparison's order.
    pub const ALL: [FigureName; 10] = [
        FigureName::FallbackRate,
        FigureName::PreSolvedShare,
        FigureName::NoSolutionShare,
        FigureName::MeanAttempts,
        FigureName::MeanSolving,
        FigureName::MeanWalls,
        FigureName::MeanRamps,
        FigureName::MeanFans,
        FigureName::MeanBumpers,
        FigureName::MeanGears,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FigureName::FallbackRate => "fallback_rate",
            FigureName::PreSolvedShare => "pre_solved_share",
            FigureName::NoSolutionShare => "no_solution_share",
            FigureName::MeanAttempts => "mean_attempts",
            FigureName::MeanSolving => "mean_solving",
            FigureName::MeanWalls => "mean_walls",
            FigureName::MeanRamps => "mean_ramps",
            FigureName::MeanFans => "mean_fans",
            FigureName::MeanBumpers => "mean_bumpers",
            FigureName::MeanGears => "mean_gears",
        }
    }

    /// The figure named `word` (case-insensitive).
    pub fn parse(word: &str) -> Option<FigureName> {
        let w = word.to_ascii_lowercase();
        FigureName::ALL.into_iter().find(|f| f.name() == w)
    }

    /// Whether the figure is a share (a number from 0 to 1) rather than a mean.
    pub fn is_share(self) -> bool {
        matches!(
            self,
            FigureName::FallbackRate | FigureName::PreSolvedShare | FigureName::NoSolutionShare
        )
    }

    /// The figure's value in one side's figures.
    pub fn of(self, f: &SideFigures) -> f64 {
        match self {
            FigureName::FallbackRate => f.fallback_rate,
            FigureName::PreSolvedShare => f.pre_solved_share,
            FigureName::NoSolutionShare => f.no_solution_share,
            FigureName::MeanAttempts => f.mean_attempts,
            FigureName::MeanSolving => f.mean_solving,
            FigureName::MeanWalls => f.mean_walls,
            FigureName::MeanRamps => f.mean_ramps,
            FigureName::MeanFans => f.mean_fans,
            FigureName::MeanBumpers => f.mean_bumpers,
            FigureName::MeanGears => f.mean_gears,
        }
    }
}

/// What a target measures.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Figure {
    /// A headline figure.
    Named { name: FigureName },
    /// The share of seeds whose summary meets the criteria.
    Share { criteria: Criteria },
}

impl Figure {
    /// Whether the figure is a share (0 to 1).
    pub fn is_share(&self) -> bool {
        match self {
            Figure::Named { name } => name.is_share(),
            Figure::Share { .. } => true,
        }
    }

    /// Its canonical text: `mean_walls`, `share(solving in 2..8)`.
    pub fn text(&self) -> String {
        match self {
            Figure::Named { name } => name.name().to_owned(),
            Figure::Share { criteria } => format!("share({criteria})"),
        }
    }
}
