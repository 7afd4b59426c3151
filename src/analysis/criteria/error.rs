//! Why criteria text was refused.

use serde::{Deserialize, Serialize};

/// Why criteria text was refused: what is wrong and where (a byte offset).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{message} (at character {})", .at + 1)]
pub struct CriteriaError {
    /// Byte offset of the problem in the text.
    pub at: usize,
    pub message: String,
}
