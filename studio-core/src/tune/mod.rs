//! Finding the rules in the studio (issue 27): the targets checked as typed, the
//! numeric fields a tune may vary (with their bounds and values under the rules
//! in force), a tune as a cancellable job (`run.rs`), what each rule does as a
//! cancellable job (`what.rs`: the tornado, a response curve, random rule
//! sets), their charts and tables saved as PNG and CSV (`export.rs`), and the
//! catalog as the tally store (`store.rs`), so a tune run again, or resumed
//! after a cancel or a restart, computes no rule set twice. The starting rules
//! are always the rules in force. `types.rs` holds what crosses the IPC
//! boundary (the tune crate's own types where their names are free in the
//! bindings; its `Candidate` and `Outcome` are carried as `TriedCandidate`,
//! since the engine's simulation `Outcome` already names a binding).

mod export;
mod run;
mod store;
mod types;
mod what;

pub use contraption_tune::NumericField;
pub use export::{chart_bytes, write_chart, ChartFormat, WhatChart};
pub use run::{
    check_targets, run_tune, save_tuned, tune_fields, tuned_to_draft, TuneRequest, TuneSession,
};
pub use store::CatalogTallies;
pub use types::*;
pub use what::run_what;

use contraption::{parse_targets, SeedRange, Targets, ValidRules};
use contraption_catalog::CatalogError;
use contraption_tune::{parse_vary, TuneError, Vary};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::files::FileError;

/// Why the Tune view's request was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TuneViewError {
    /// The targets text was refused by the engine's parser: what is wrong and
    /// where (`at`: the character, counted from 0).
    #[error("{message} (at character {})", .at + 1)]
    BadTargets { at: usize, message: String },
    /// The tune crate refused the request (a field, its bounds, a budget, a
    /// step, a count) before any seed ran.
    #[error("{error}")]
    TuneRefused { error: TuneError },
    #[error("a seed range is FROM < TO ≤ 4294967296 (TO excluded); got {from}..{to}")]
    BadSeedRange {
        #[ts(type = "number")]
        from: u64,
        #[ts(type = "number")]
        to: u64,
    },
    /// One tune or sensitivity run at a time.
    #[error("a tune or a sensitivity run is already running; cancel it or wait for it to finish")]
    TuneBusy,
    /// No tune result has that rank (run a tune first).
    #[error("there is no tuned rule set {rank} (the last tune found {found})")]
    NoTunedRules { rank: u32, found: u32 },
    /// Nothing to export: that chart was not made yet.
    #[error("there is no {chart} to save yet; run it first")]
    NoChart { chart: String },
    /// The chart could not be drawn.
    #[error("the chart could not be drawn: {message}")]
    ChartFailed { message: String },
    /// A file the Tune view writes (a rules file, a chart, a table).
    #[error("{0}")]
    TuneIo(FileError),
    /// The catalog refused what the Tune view asked of it.
    #[error("{error}")]
    TuneCatalog { error: CatalogError },
}

impl From<TuneError> for TuneViewError {
    fn from(error: TuneError) -> Self {
        TuneViewError::TuneRefused { error }
    }
}

impl From<FileError> for TuneViewError {
    fn from(e: FileError) -> Self {
        TuneViewError::TuneIo(e)
    }
}

type Result<T, E = TuneViewError> = std::result::Result<T, E>;

/// One field to vary or step, with the bounds it stays in (both included).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FieldBounds {
    pub field: String,
    pub lo: f64,
    pub hi: f64,
}

/// A seed range, `from..to` (`to` excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeedSpan {
    #[ts(type = "number")]
    pub from: u64,
    #[ts(type = "number")]
    pub to: u64,
}

impl SeedSpan {
    pub(crate) fn range(self) -> Result<SeedRange> {
        SeedRange::new(self.from, self.to).map_err(|_| TuneViewError::BadSeedRange {
            from: self.from,
            to: self.to,
        })
    }
}

/// The targets text read by the engine's parser under `rules`, the error's place
/// counted in characters (the engine's is a byte offset) so the UI can point
/// under it.
pub(crate) fn targets(text: &str, rules: &ValidRules) -> Result<Targets> {
    parse_targets(text, rules).map_err(|e| {
        let at = text.char_indices().take_while(|&(i, _)| i < e.at).count();
        TuneViewError::BadTargets {
            at,
            message: e.message,
        }
    })
}

/// The fields as the tune crate reads them (`FIELD=LO..HI`, refused with its message).
pub(crate) fn vary(fields: &[FieldBounds], start: &ValidRules) -> Result<Vec<Vary>> {
    fields
        .iter()
        .map(|f| {
            Ok(parse_vary(
                &format!("{}={}..{}", f.field, f.lo, f.hi),
                start,
            )?)
        })
        .collect()
}
