//! The studio's file access: atomic writes over plain files only and bounded reads
//! of regular files only (`contraption-io`, shared with the CLI), with failures as
//! one `FileError`, which each part's error carries under its own kind
//! (`play_io`, `exchange_io`, `catalog_io`, `rules_io`, `settings_io`).

use std::path::Path;

use contraption_io::{read_file_bounded, write_atomically, ReadError, WriteError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A file the studio could not read or write.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[error("could not {action} {path}: {reason}")]
pub struct FileError {
    /// `read` or `write`.
    pub action: String,
    pub path: String,
    pub reason: String,
}

/// Why a bounded read failed.
#[derive(Debug)]
pub(crate) enum ReadFailure {
    /// The file holds more than the limit: its size.
    TooLarge(u64),
    Io(FileError),
}

/// `action` (`read`, `write`) of `path` failed for `reason`.
pub(crate) fn file_error(action: &str, path: &Path, reason: impl ToString) -> FileError {
    FileError {
        action: action.to_owned(),
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// Writes `bytes` to `path` atomically: readers see the old file or the whole new
/// one, and only a regular file (or nothing) is replaced.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomically(path, bytes).map_err(|e| match e {
        WriteError::Io { path, source } => file_error("write", &path, source),
        other => file_error("write", path, other),
    })
}

/// Reads the regular file at `path` if it holds at most `limit` bytes.
pub(crate) fn read(path: &Path, limit: usize) -> Result<Vec<u8>, ReadFailure> {
    read_file_bounded(path, limit as u64).map_err(|e| match e {
        ReadError::TooLarge { path, limit } => {
            ReadFailure::TooLarge(std::fs::metadata(&path).map_or(limit + 1, |m| m.len()))
        }
        ReadError::Io { path, source } => ReadFailure::Io(file_error("read", &path, source)),
        other => ReadFailure::Io(file_error("read", path, other)),
    })
}
