//! The rules the UI draws with.

use std::sync::Arc;

use studio_core::rules::RulesInfo;
use studio_core::rules_book::RulesBook;
use tauri::State;

/// The rules in force (`--rules FILE`, else the default rules), with id and name.
#[tauri::command]
pub fn rules(book: State<'_, Arc<RulesBook>>) -> RulesInfo {
    book.info()
}
