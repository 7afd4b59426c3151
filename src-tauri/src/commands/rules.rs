//! The rules the UI draws with.

use studio_core::rules::RulesInfo;

/// The engine's rules (every constant of `contraption::rules`).
#[tauri::command]
pub fn rules() -> RulesInfo {
    RulesInfo::current()
}
