//! The one error every studio command returns: `CommandError { message, error }`,
//! where `error` is the typed error of the part of the studio that refused (its
//! `kind` tells which case) and `message` its text for display.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::CatalogViewError;
use crate::draws::DrawsError;
use crate::exchange::ExchangeError;
use crate::inspect::InspectError;
use crate::play::PlayError;
use crate::rules_draft::RulesDraftError;
use crate::settings::SettingsError;
use crate::tune::TuneViewError;

/// Failures of the shell's machinery rather than of a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShellError {
    #[error("the background worker stopped unexpectedly")]
    WorkerFailed,
    #[error("the native file dialog returned something that is not a file path")]
    Dialog,
    #[error("the window could not be opened: {message}")]
    Window { message: String },
    /// A confirmation named a file this studio did not refuse for slow rules
    /// (only a file chosen in a dialog and refused can be read again without one).
    #[error("{path} was not refused for slow rules here; open it through the dialog")]
    NotRefused { path: String },
}

/// Everything a studio command can refuse or fail with. On the wire it is the
/// inner error itself (each is tagged by `kind`), so the UI sees one union.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum StudioError {
    #[error(transparent)]
    Inspect(#[from] InspectError),
    #[error(transparent)]
    Draws(#[from] DrawsError),
    #[error(transparent)]
    Catalog(#[from] CatalogViewError),
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Exchange(#[from] ExchangeError),
    #[error(transparent)]
    RulesDraft(#[from] RulesDraftError),
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Tune(#[from] TuneViewError),
    #[error(transparent)]
    Shell(#[from] ShellError),
}

impl StudioError {
    /// Whether this is a refusal of slow rules that were not asked for
    /// (`slow_rules`, whichever part refused).
    pub fn is_slow_rules(&self) -> bool {
        matches!(
            self,
            StudioError::Exchange(ExchangeError::SlowRules(_))
                | StudioError::Play(PlayError::SlowRules(_))
                | StudioError::RulesDraft(RulesDraftError::SlowRules(_))
        )
    }
}

/// What a failed command returns to the UI: the typed error and its message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CommandError {
    /// The error in words, for display (the error's `Display`).
    pub message: String,
    pub error: StudioError,
}

impl<E: Into<StudioError>> From<E> for CommandError {
    fn from(error: E) -> Self {
        let error = error.into();
        Self {
            message: error.to_string(),
            error,
        }
    }
}

/// Every `kind` of the error union the UI receives, with the enum that sends it,
/// in the union's order: read from the TypeScript declarations (ts-rs), so they
/// are the tags on the wire.
pub fn error_kinds() -> Vec<(String, String)> {
    fn kinds<E: TS>(out: &mut Vec<(String, String)>) {
        for part in E::inline().split("\"kind\": \"").skip(1) {
            let kind = part.split('"').next().unwrap_or_default();
            out.push((E::name(), kind.to_owned()));
        }
    }
    let mut out = Vec::new();
    kinds::<InspectError>(&mut out);
    kinds::<DrawsError>(&mut out);
    kinds::<CatalogViewError>(&mut out);
    kinds::<PlayError>(&mut out);
    kinds::<ExchangeError>(&mut out);
    kinds::<RulesDraftError>(&mut out);
    kinds::<SettingsError>(&mut out);
    kinds::<TuneViewError>(&mut out);
    kinds::<ShellError>(&mut out);
    out
}
