//! Why a tune or a sensitivity run was refused.

use serde::{Deserialize, Serialize};

/// Why a tune or sensitivity run was refused (before any seed was run).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "message", rename_all = "snake_case")]
pub enum TuneError {
    /// A field to vary or step is refused.
    #[error("{0}")]
    Vary(String),
    /// The targets are refused.
    #[error("targets: {0}")]
    Targets(String),
    /// Another input is refused (a budget, a seed range, a count).
    #[error("{0}")]
    Input(String),
}
