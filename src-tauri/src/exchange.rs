//! Export and share: level files, pictures and share codes, and the import that
//! verifies what it reads.
//!
//! Pure wiring: the bytes written are exactly the engine's `level_file_text`
//! and the render crate's `render_attempt` (the same functions the CLI's `export`
//! and `render` call, so both write identical files); reading is the engine's
//! strict `parse_level_file` followed by `verify` (regenerate and diff). The
//! functions take plain arguments so tests can call them without a window; the
//! Tauri adapters (with the native dialogs) are at the bottom.

use std::path::Path;

use contraption::level_file::MAX_LEVEL_FILE_BYTES;
use contraption::{
    encode_share_code, export_level, level_file_text, parse_level_file, verify, LevelFile,
    LevelFileError, ShareCode, ValidRules, Verification, RULES_VERSION,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Why an export or import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExchangeError {
    /// The file was refused; nothing in the studio changed.
    #[error("{path} was refused: {error}")]
    Refused { path: String, error: LevelFileError },
    #[error("could not {action} {path}: {reason}")]
    Io {
        action: String,
        path: String,
        reason: String,
    },
    #[error("the picture could not be made: {reason}")]
    Picture { reason: String },
    #[error("the native file dialog returned something that is not a file path")]
    Dialog,
    #[error("the background worker stopped unexpectedly")]
    WorkerFailed,
}

/// What a failed exchange command returns: the typed error and its message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ExchangeCommandError {
    pub message: String,
    pub error: ExchangeError,
}

impl From<ExchangeError> for ExchangeCommandError {
    fn from(error: ExchangeError) -> Self {
        Self {
            message: error.to_string(),
            error,
        }
    }
}

/// A file the studio wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct WrittenFile {
    pub path: String,
    pub bytes: u32,
}

/// A level file read back and checked against the current rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImportedLevel {
    pub path: String,
    pub file: LevelFile,
    pub verification: Verification,
}

/// A share code with the current rules, and what it names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SharedSeed {
    pub code: String,
    pub seed: u32,
    pub rules_version: u32,
}

fn io_error(action: &str, path: &Path, e: std::io::Error) -> ExchangeError {
    ExchangeError::Io {
        action: action.into(),
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// Writes through a temporary sibling and a rename: a crash never leaves half a
/// file where a good one was.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<WrittenFile, ExchangeError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "export".into());
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    std::fs::write(&tmp, bytes).map_err(|e| io_error("write", &tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_error("write", path, e))?;
    Ok(WrittenFile {
        path: path.display().to_string(),
        bytes: bytes.len() as u32,
    })
}

/// The share code of `seed` with the current rules.
pub fn share(seed: u32) -> SharedSeed {
    let code = encode_share_code(ShareCode {
        seed,
        rules_version: RULES_VERSION,
    })
    .expect("the rules version fits a share code");
    SharedSeed {
        code,
        seed,
        rules_version: RULES_VERSION,
    }
}

/// Writes the level file of `seed` (the same bytes as `contraption export`).
pub fn write_level(
    path: &Path,
    seed: u32,
    daily_key: Option<String>,
) -> Result<WrittenFile, ExchangeError> {
    write_atomically(
        path,
        level_file_text(&export_level(&ValidRules::default(), seed, daily_key)).as_bytes(),
    )
}

/// Writes a PNG of attempt `attempt` of `seed` (the same bytes as `contraption render`).
pub fn write_picture(
    path: &Path,
    seed: u32,
    attempt: Option<u32>,
    scale: f32,
    sweep: bool,
) -> Result<WrittenFile, ExchangeError> {
    let png =
        contraption_render::render_attempt(&ValidRules::default(), seed, attempt, scale, sweep)
            .map_err(|e| ExchangeError::Picture {
                reason: e.to_string(),
            })?;
    write_atomically(path, &png)
}

/// Reads a level file strictly, then regenerates its seed and lists any drift.
pub fn read_level(path: &Path) -> Result<ImportedLevel, ExchangeError> {
    let refused = |error| ExchangeError::Refused {
        path: path.display().to_string(),
        error,
    };
    // Look at the size before reading a huge file into memory.
    let size = std::fs::metadata(path)
        .map_err(|e| io_error("read", path, e))?
        .len();
    if size > MAX_LEVEL_FILE_BYTES as u64 {
        return Err(refused(LevelFileError::TooLarge(
            usize::try_from(size).unwrap_or(usize::MAX),
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| io_error("read", path, e))?;
    let file = parse_level_file(&bytes).map_err(refused)?;
    let verification = verify(&file);
    Ok(ImportedLevel {
        path: path.display().to_string(),
        file,
        verification,
    })
}

/// Tauri commands of export, import and share.
pub mod commands {
    use tauri::{AppHandle, State};

    use super::*;
    use crate::dialogs::{open_path, save_path, DialogAnswer, FileKind};

    type Reply<T> = Result<T, ExchangeCommandError>;

    async fn blocking<T: Send + 'static>(
        f: impl FnOnce() -> Result<T, ExchangeError> + Send + 'static,
    ) -> Reply<T> {
        tauri::async_runtime::spawn_blocking(f)
            .await
            .map_err(|_| ExchangeError::WorkerFailed)?
            .map_err(ExchangeCommandError::from)
    }

    const LEVEL: FileKind<'static> = FileKind {
        name: "Contraption level",
        extension: "json",
    };
    const PNG: FileKind<'static> = FileKind {
        name: "PNG picture",
        extension: "png",
    };

    #[tauri::command]
    pub fn share_code(seed: u32) -> SharedSeed {
        share(seed)
    }

    /// Asks where to save the level file of `seed`, then writes it.
    #[tauri::command]
    pub async fn export_level_file(
        app: AppHandle,
        answer: State<'_, DialogAnswer>,
        seed: u32,
        daily_key: Option<String>,
    ) -> Reply<Option<WrittenFile>> {
        let answer = answer.inner().clone();
        blocking(move || {
            let name = format!("contraption-level-{seed}.json");
            save_path(&app, &answer, "Export the level", LEVEL, name)
                .map_err(|_| ExchangeError::Dialog)?
                .map(|p| write_level(&p, seed, daily_key))
                .transpose()
        })
        .await
    }

    /// Asks where to save a PNG of an attempt (with its sweep, or with the solution).
    #[tauri::command]
    pub async fn export_picture(
        app: AppHandle,
        answer: State<'_, DialogAnswer>,
        seed: u32,
        attempt: Option<u32>,
        scale: f32,
        sweep: bool,
    ) -> Reply<Option<WrittenFile>> {
        let answer = answer.inner().clone();
        blocking(move || {
            let name = format!(
                "contraption-{seed}{}.png",
                if sweep { "-sweep" } else { "" }
            );
            save_path(&app, &answer, "Export a picture", PNG, name)
                .map_err(|_| ExchangeError::Dialog)?
                .map(|p| write_picture(&p, seed, attempt, scale, sweep))
                .transpose()
        })
        .await
    }

    /// Asks which level file to open, reads it strictly and verifies it.
    #[tauri::command]
    pub async fn import_level_file(
        app: AppHandle,
        answer: State<'_, DialogAnswer>,
    ) -> Reply<Option<ImportedLevel>> {
        let answer = answer.inner().clone();
        blocking(move || {
            let path = open_path(&app, &answer, "Import a level", LEVEL)
                .map_err(|_| ExchangeError::Dialog)?;
            path.map(|p| read_level(&p)).transpose()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_studio_writes_the_cli_s_bytes_and_reads_them_back() {
        let dir = std::env::temp_dir().join(format!("studio-exchange-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("level.json");
        let written =
            write_level(&path, 176_112_159, Some("contraption:2026-7-28".into())).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(written.bytes as usize, bytes.len());
        assert_eq!(
            bytes,
            level_file_text(&export_level(
                &ValidRules::default(),
                176_112_159,
                Some("contraption:2026-7-28".into())
            ))
            .into_bytes()
        );
        let imported = read_level(&path).unwrap();
        assert!(imported.verification.identical);
        assert_eq!(
            imported.file.daily_key.as_deref(),
            Some("contraption:2026-7-28")
        );

        // Tampered: refused with the reason, typed.
        let text = String::from_utf8(bytes).unwrap();
        std::fs::write(&path, text.replacen("\"y\": 8.0", "\"y\": 9.0", 1)).unwrap();
        match read_level(&path) {
            Err(ExchangeError::Refused {
                error: LevelFileError::HashMismatch { .. },
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        // Too large: refused before it is read.
        std::fs::write(&path, vec![b' '; MAX_LEVEL_FILE_BYTES + 1]).unwrap();
        assert!(matches!(
            read_level(&path),
            Err(ExchangeError::Refused {
                error: LevelFileError::TooLarge(_),
                ..
            })
        ));
        // Pictures are the render crate's bytes.
        let png = dir.join("level.png");
        write_picture(&png, 42, None, 4.0, true).unwrap();
        assert_eq!(
            std::fs::read(&png).unwrap(),
            contraption_render::render_attempt(&ValidRules::default(), 42, None, 4.0, true)
                .unwrap()
        );
        assert!(matches!(
            write_picture(&png, 42, None, 99.0, true),
            Err(ExchangeError::Picture { .. })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn share_codes_name_the_seed_and_rules() {
        let s = share(42);
        assert_eq!(s.code, "CT-000G-0000-5AY0");
        let parsed = contraption::parse_seed(&s.code).unwrap();
        assert_eq!(parsed.seed, 42);
    }
}
