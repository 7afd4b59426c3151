//! The native save and open dialogs (tauri-plugin-dialog), shown by the shell so
//! the pages need no dialog or file-system permission. Started with
//! `--dialog-answer PATH` (the end-to-end tests), the studio takes PATH as every
//! dialog's answer without showing one: the GTK dialogs cannot be driven through
//! WebDriver, and everything after the dialog is the code a designer runs.

use std::path::PathBuf;

use tauri::AppHandle;
use tauri_plugin_dialog::DialogExt;

/// `--dialog-answer PATH` from the command line, when given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DialogAnswer(pub Option<PathBuf>);

impl DialogAnswer {
    /// Reads `--dialog-answer PATH` (or `--dialog-answer=PATH`) from the arguments.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Self {
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            if a == "--dialog-answer" {
                return Self(args.next().map(PathBuf::from));
            }
            if let Some(p) = a.strip_prefix("--dialog-answer=") {
                return Self(Some(PathBuf::from(p)));
            }
        }
        Self(None)
    }
}

/// A file filter: its name and the one extension it accepts.
pub struct FileKind<'a> {
    pub name: &'a str,
    pub extension: &'a str,
}

/// The dialog returned something that is not a local path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAPath;

/// Asks where to save; `Ok(None)` when the user cancels.
pub fn save_path(
    app: &AppHandle,
    answer: &DialogAnswer,
    title: &str,
    kind: FileKind<'_>,
    file_name: String,
) -> Result<Option<PathBuf>, NotAPath> {
    if let Some(p) = &answer.0 {
        return Ok(Some(p.clone()));
    }
    app.dialog()
        .file()
        .set_title(title)
        .add_filter(kind.name, &[kind.extension])
        .set_file_name(file_name)
        .blocking_save_file()
        .map(|p| p.into_path().map_err(|_| NotAPath))
        .transpose()
}

/// Asks which file to open; `Ok(None)` when the user cancels.
pub fn open_path(
    app: &AppHandle,
    answer: &DialogAnswer,
    title: &str,
    kind: FileKind<'_>,
) -> Result<Option<PathBuf>, NotAPath> {
    if let Some(p) = &answer.0 {
        return Ok(Some(p.clone()));
    }
    app.dialog()
        .file()
        .set_title(title)
        .add_filter(kind.name, &[kind.extension])
        .blocking_pick_file()
        .map(|p| p.into_path().map_err(|_| NotAPath))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_comes_from_the_arguments() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(DialogAnswer::from_args(args(&[])).0, None);
        assert_eq!(
            DialogAnswer::from_args(args(&["--dialog-answer", "/tmp/a.json"])).0,
            Some(PathBuf::from("/tmp/a.json"))
        );
        assert_eq!(
            DialogAnswer::from_args(args(&["x", "--dialog-answer=/tmp/b.png"])).0,
            Some(PathBuf::from("/tmp/b.png"))
        );
    }
}
