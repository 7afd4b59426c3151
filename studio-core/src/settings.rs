//! The remembered view settings: what the views keep across restarts (today the
//! expressive range's two metrics), one small JSON file in the profile
//! (`view-settings.json`, see `args::StudioArgs::view_settings_path`) instead of the
//! webview's local storage, so a studio started with another `--profile` starts
//! from its own settings and never writes another run's.
//!
//! The file is read once, bounded (`contraption-io`), when the studio starts; a
//! missing, oversized or damaged file gives the defaults, a damaged field only that
//! field's default. Every change is merged into what is remembered and written
//! atomically before it is kept.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use contraption::expressive_range::Metric;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::files::FileError;
use crate::files::{self, ReadFailure};

/// The settings file's name in the profile (or the app's data directory).
pub const VIEW_SETTINGS_FILE: &str = "view-settings.json";

/// A settings file is read only up to this many bytes (it holds a few names).
pub const VIEW_SETTINGS_LIMIT: usize = 16 * 1024;

/// What the views remember. Every field is optional: absent means "never picked"
/// (the view's own default), and in `set_view_settings` "leave as remembered".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ViewSettings {
    /// The expressive range's x metric, as last picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub range_x: Option<Metric>,
    /// The expressive range's y metric, as last picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub range_y: Option<Metric>,
}

impl ViewSettings {
    /// `self` with every field `patch` sets replaced.
    pub fn merged(&self, patch: &ViewSettings) -> ViewSettings {
        ViewSettings {
            range_x: patch.range_x.or(self.range_x),
            range_y: patch.range_y.or(self.range_y),
        }
    }

    /// The settings in a file's bytes, field by field: a field that is not a
    /// value of its type (or is unknown) is left out, the rest kept; bytes that
    /// are not a JSON object give the defaults.
    pub fn from_file_bytes(bytes: &[u8]) -> ViewSettings {
        let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(bytes) else {
            return ViewSettings::default();
        };
        fields
            .into_iter()
            .filter_map(|(key, value)| {
                let one = Value::Object(Map::from_iter([(key, value)]));
                serde_json::from_value::<ViewSettings>(one).ok()
            })
            .fold(ViewSettings::default(), |all, one| all.merged(&one))
    }

    /// The file's text: pretty JSON with a final newline.
    pub fn file_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("settings serialize");
        text.push('\n');
        text
    }
}

/// Why a setting could not be remembered.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SettingsError {
    /// The settings file could not be written; nothing was remembered.
    #[error("the view settings could not be kept: {error}")]
    SettingsIo { error: FileError },
}

/// The remembered settings and the file they are kept in (managed state).
#[derive(Debug)]
pub struct SettingsStore {
    path: PathBuf,
    settings: Mutex<ViewSettings>,
}

impl SettingsStore {
    /// The settings kept at `path` (read once, at most [`VIEW_SETTINGS_LIMIT`]
    /// bytes of a regular file); the defaults when there are none or they cannot
    /// be read. The file is not touched until a setting changes.
    pub fn open(path: &Path) -> Self {
        let settings = match files::read(path, VIEW_SETTINGS_LIMIT) {
            Ok(bytes) => ViewSettings::from_file_bytes(&bytes),
            Err(ReadFailure::TooLarge(_) | ReadFailure::Io(_)) => ViewSettings::default(),
        };
        Self {
            path: path.to_path_buf(),
            settings: Mutex::new(settings),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is remembered.
    pub fn get(&self) -> ViewSettings {
        self.settings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Remembers every field `patch` sets (the others stay as they are): the
    /// whole file is written atomically first, and the change kept only once
    /// written. Returns everything remembered.
    pub fn remember(&self, patch: &ViewSettings) -> Result<ViewSettings, SettingsError> {
        let mut settings = self.settings.lock().unwrap_or_else(|e| e.into_inner());
        let next = settings.merged(patch);
        if let Some(dir) = self.path.parent() {
            // The profile may not exist yet; a failure shows in the write.
            let _ = std::fs::create_dir_all(dir);
        }
        files::write(&self.path, next.file_text().as_bytes())
            .map_err(|error| SettingsError::SettingsIo { error })?;
        *settings = next.clone();
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(x: Metric, y: Metric) -> ViewSettings {
        ViewSettings {
            range_x: Some(x),
            range_y: Some(y),
        }
    }

    #[test]
    fn a_missing_file_gives_the_defaults_and_is_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profile").join(VIEW_SETTINGS_FILE);
        let store = SettingsStore::open(&path);
        assert_eq!(store.get(), ViewSettings::default());
        assert!(!path.exists());
        assert!(!path.parent().unwrap().exists());
    }

    #[test]
    fn a_change_is_merged_written_and_read_back_by_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profile").join(VIEW_SETTINGS_FILE);
        let store = SettingsStore::open(&path);
        let x_only = ViewSettings {
            range_x: Some(Metric::Attempts),
            range_y: None,
        };
        assert_eq!(
            store.remember(&x_only).unwrap(),
            x_only,
            "the profile directory is created"
        );
        let y_only = ViewSettings {
            range_x: None,
            range_y: Some(Metric::PreSolved),
        };
        let all = store.remember(&y_only).unwrap();
        assert_eq!(all, both(Metric::Attempts, Metric::PreSolved), "x is kept");
        assert_eq!(store.get(), all);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "{\n  \"range_x\": \"attempts\",\n  \"range_y\": \"pre_solved\"\n}\n"
        );
        assert_eq!(SettingsStore::open(&path).get(), all);
        // Nothing but the file itself is left in the directory (the write is atomic).
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [VIEW_SETTINGS_FILE]);
    }

    #[test]
    fn a_damaged_file_gives_the_defaults_and_a_damaged_field_its_own_default() {
        for bad in [
            &b""[..],
            b"{\"range_x\": \"attempts\"",
            b"[\"attempts\"]",
            b"null",
            b"\xff\xfe",
        ] {
            assert_eq!(
                ViewSettings::from_file_bytes(bad),
                ViewSettings::default(),
                "{bad:?}"
            );
        }
        assert_eq!(
            ViewSettings::from_file_bytes(
                br#"{"range_x": "closest", "range_y": "gears", "colour": "red"}"#
            ),
            ViewSettings {
                range_x: None,
                range_y: Some(Metric::Gears),
            }
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(VIEW_SETTINGS_FILE);
        std::fs::write(&path, br#"{"range_x": 7, "range_y": "walls"}"#).unwrap();
        let store = SettingsStore::open(&path);
        assert_eq!(store.get().range_y, Some(Metric::Walls));
        assert_eq!(store.get().range_x, None);
        // The next change rewrites the file whole, without the damaged field.
        store
            .remember(&ViewSettings {
                range_x: Some(Metric::Ramps),
                range_y: None,
            })
            .unwrap();
        assert_eq!(
            ViewSettings::from_file_bytes(&std::fs::read(&path).unwrap()),
            both(Metric::Ramps, Metric::Walls)
        );
    }

    #[test]
    fn reads_are_bounded_and_only_of_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.json");
        let mut text = String::from("{\"range_x\": \"ramps\", \"pad\": \"");
        text.push_str(&"x".repeat(VIEW_SETTINGS_LIMIT));
        text.push_str("\"}");
        std::fs::write(&big, text).unwrap();
        assert_eq!(SettingsStore::open(&big).get(), ViewSettings::default());
        // A directory where the file should be: the defaults, and a change fails
        // with the path and nothing is remembered.
        let taken = dir.path().join("taken");
        std::fs::create_dir(&taken).unwrap();
        let store = SettingsStore::open(&taken);
        assert_eq!(store.get(), ViewSettings::default());
        let e = store
            .remember(&both(Metric::Fans, Metric::Bumpers))
            .unwrap_err();
        let SettingsError::SettingsIo { error } = &e;
        assert_eq!(error.path, taken.display().to_string());
        assert!(e
            .to_string()
            .starts_with("the view settings could not be kept: could not write"));
        assert_eq!(store.get(), ViewSettings::default());
    }

    #[test]
    fn the_ipc_form_is_strict() {
        // What the UI sends is checked whole: a misspelt field or metric is refused.
        assert!(serde_json::from_str::<ViewSettings>(r#"{"range_z": "walls"}"#).is_err());
        assert!(serde_json::from_str::<ViewSettings>(r#"{"range_x": "wall"}"#).is_err());
        assert_eq!(
            serde_json::from_str::<ViewSettings>(r#"{"range_x": "walls"}"#).unwrap(),
            ViewSettings {
                range_x: Some(Metric::Walls),
                range_y: None,
            }
        );
        assert_eq!(
            serde_json::to_string(&ViewSettings::default()).unwrap(),
            "{}"
        );
    }
}
