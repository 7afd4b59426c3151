//! The remembered view settings (`studio_core::settings`): a small file in the
//! profile, read when the studio starts and rewritten atomically on every change.

use std::sync::Arc;

use studio_core::settings::{SettingsStore, ViewSettings};
use tauri::State;

use super::{blocking, Reply};

/// What the views remember (every field absent until first picked).
#[tauri::command]
pub fn view_settings(settings: State<'_, Arc<SettingsStore>>) -> ViewSettings {
    settings.get()
}

/// Remembers every field `settings` sets (the others stay); returns all that is
/// remembered. The file is written before anything is kept.
#[tauri::command]
pub async fn set_view_settings(
    store: State<'_, Arc<SettingsStore>>,
    settings: ViewSettings,
) -> Reply<ViewSettings> {
    let store = store.inner().clone();
    blocking(move || store.remember(&settings)).await
}
