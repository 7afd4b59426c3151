//! Typed errors of the studio's commands.

use contraption::SeedError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Everything a studio command can refuse or fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StudioError {
    /// The engine refused the seed text.
    #[error("{error}")]
    InvalidSeed { error: SeedError },
    #[error("seed {seed} has no attempt {attempt}; the generator made {attempts} attempts")]
    NoSuchAttempt {
        seed: u32,
        attempt: u32,
        attempts: u32,
    },
    #[error("attempt {attempt} of seed {seed} was preSolved (the bare ball falls into the goal), so it was never swept")]
    NotSwept { seed: u32, attempt: u32 },
    #[error("the sweep has no placement {index}; placements are numbered 0 to 143")]
    NoSuchPlacement { index: u32 },
    #[error("re-simulating the {what} of attempt {attempt} of seed {seed} disagreed with the generator's report")]
    Inconsistent {
        seed: u32,
        attempt: u32,
        what: String,
    },
    #[error("the background worker stopped unexpectedly")]
    WorkerFailed,
}

impl From<SeedError> for StudioError {
    fn from(error: SeedError) -> Self {
        StudioError::InvalidSeed { error }
    }
}

/// What a failed command returns to the UI: the typed error and its message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CommandError {
    /// The error in words, for display.
    pub message: String,
    pub error: StudioError,
}

impl From<StudioError> for CommandError {
    fn from(error: StudioError) -> Self {
        Self {
            message: error.to_string(),
            error,
        }
    }
}
