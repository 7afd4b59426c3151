//! What a simulation is asked and what it answers.

use super::*;

/// How a simulation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The ball's centre entered the goal zone.
    Goal,
    /// The ball left the field (out of the bottom, or thrown far out of the top).
    Out,
    /// The ball stayed slower than `simulation.rest_speed` for
    /// `simulation.rest_steps` steps.
    Rest,
    /// The step budget ran out first.
    Timeout,
}

/// What to compute besides the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimOptions {
    /// Step budget; `None` is the rules' `simulation.max_steps`.
    #[serde(default)]
    pub max_steps: Option<u32>,
    /// Record the ball's centre every this many steps (and the first and last
    /// positions); 0 records nothing.
    pub trajectory_stride: u32,
}

impl SimOptions {
    /// The rules' budget with a trajectory sampled every `stride` steps.
    pub fn with_trajectory(stride: u32) -> Self {
        Self {
            trajectory_stride: stride,
            ..Self::default()
        }
    }
}

/// The result of one simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimResult {
    pub outcome: Outcome,
    /// Steps taken (the step on which the outcome was decided).
    pub steps: u32,
    /// Smallest distance between the ball's centre and the goal zone (0 once inside).
    pub closest: f64,
    /// Sampled ball centres as `[x, y]`, when requested; empty otherwise.
    #[serde(default)]
    pub trajectory: Vec<[f64; 2]>,
}
