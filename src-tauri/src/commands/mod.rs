//! The studio's commands, a few lines each: take the arguments and the managed
//! state, call `studio_core`, and return its value or its `CommandError`. Work
//! that generates, simulates, reads or writes runs on the blocking pool through
//! [`blocking`], never on the main (UI) thread.

pub mod ab;
pub mod catalog;
pub mod draws;
pub mod exchange;
pub mod expressive_range;
pub mod inspect;
pub mod play;
pub mod rules;
pub mod settings;
pub mod side_by_side;
pub mod stats;
pub mod tune;

use studio_core::{CommandError, ShellError, StudioError};

/// What every command returns.
pub type Reply<T> = Result<T, CommandError>;

/// Runs `f` on the blocking thread pool; a worker that dies is `worker_failed`.
pub async fn blocking<T, E>(f: impl FnOnce() -> Result<T, E> + Send + 'static) -> Reply<T>
where
    T: Send + 'static,
    E: Into<StudioError> + Send + 'static,
{
    match tauri::async_runtime::spawn_blocking(f).await {
        Ok(result) => result.map_err(CommandError::from),
        Err(_) => Err(ShellError::WorkerFailed.into()),
    }
}
