//! The states a job's row can be in and how a run of a job ends, with the
//! names they are stored under: written here once, for every kind of job
//! (scans, searches). The types keep the names they had when scans were the
//! only jobs: the studio's bindings know them so.

use serde::{Deserialize, Serialize};

/// Where a scan is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanState {
    /// Started and not finished: running now, or killed (resume it).
    Running,
    Cancelled,
    Done,
}

impl ScanState {
    /// The name the state is stored under in a job's `state` column.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ScanState::Running => "running",
            ScanState::Cancelled => "cancelled",
            ScanState::Done => "done",
        }
    }

    /// The state stored under `name`, if it is one.
    pub(crate) fn parse(name: &str) -> Option<ScanState> {
        [ScanState::Running, ScanState::Cancelled, ScanState::Done]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
}

/// How a run of a scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanEnd {
    Done,
    Cancelled,
}
