//! The native save and open dialogs (tauri-plugin-dialog), shown by the shell so
//! the pages need no dialog or file-system permission. Started with
//! `--dialog-answer PATH` (the end-to-end tests), the studio takes PATH as every
//! dialog's answer without showing one: the GTK dialogs cannot be driven through
//! WebDriver, and everything after the dialog is the code a designer runs.

use std::path::{Path, PathBuf};

use studio_core::slow::SlowFiles;
use studio_core::{ShellError, StudioError};
use tauri::{AppHandle, Wry};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder, FilePath};

/// `--dialog-answer PATH` from the command line, when given (managed state).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DialogAnswer(pub Option<PathBuf>);

/// A file filter: its name and the one extension it accepts.
pub struct FileKind {
    pub name: &'static str,
    pub extension: &'static str,
}

/// The answer given on the command line, else what `show` returns (a local path).
fn chosen(
    answer: &DialogAnswer,
    show: impl FnOnce() -> Option<FilePath>,
) -> Result<Option<PathBuf>, ShellError> {
    match &answer.0 {
        Some(p) => Ok(Some(p.clone())),
        None => show()
            .map(|p| p.into_path().map_err(|_| ShellError::Dialog))
            .transpose(),
    }
}

fn dialog(app: &AppHandle, kind: &FileKind, title: &str) -> FileDialogBuilder<Wry> {
    app.dialog()
        .file()
        .set_title(title)
        .add_filter(kind.name, &[kind.extension])
}

/// Asks where to save, then `write`s there; `Ok(None)` when the user cancels.
pub fn save<T, E: Into<StudioError>>(
    app: &AppHandle,
    answer: &DialogAnswer,
    kind: FileKind,
    title: &str,
    file_name: String,
    write: impl FnOnce(&Path) -> Result<T, E>,
) -> Result<Option<T>, StudioError> {
    let path = chosen(answer, || {
        dialog(app, &kind, title)
            .set_file_name(file_name)
            .blocking_save_file()
    })?;
    path.map(|p| write(&p).map_err(Into::into)).transpose()
}

/// Asks which file to open, then `read`s it; `Ok(None)` when the user cancels.
pub fn open<T, E: Into<StudioError>>(
    app: &AppHandle,
    answer: &DialogAnswer,
    kind: FileKind,
    title: &str,
    read: impl FnOnce(&Path) -> Result<T, E>,
) -> Result<Option<T>, StudioError> {
    let path = chosen(answer, || dialog(app, &kind, title).blocking_pick_file())?;
    path.map(|p| read(&p).map_err(Into::into)).transpose()
}

/// Asks which file to open, then `read`s it with slow rules refused (a file
/// refused for them is remembered); or, with `allow_slow` (the path a refusal
/// named, after the designer confirmed), reads that file again with slow rules
/// allowed and no dialog. `Ok(None)` when the user cancels.
#[allow(clippy::too_many_arguments)]
pub fn open_allowing_slow<T, E: Into<StudioError>>(
    app: &AppHandle,
    answer: &DialogAnswer,
    slow: &SlowFiles,
    kind: FileKind,
    title: &str,
    allow_slow: Option<String>,
    read: impl FnOnce(&Path, bool) -> Result<T, E>,
) -> Result<Option<T>, StudioError> {
    if let Some(shown) = allow_slow {
        let path = slow.confirmed(&shown)?;
        return read(&path, true).map(Some).map_err(Into::into);
    }
    open(app, answer, kind, title, |p| {
        slow.first(
            p,
            |p, allow| read(p, allow).map_err(Into::into),
            |e| e.is_slow_rules(),
        )
    })
}
