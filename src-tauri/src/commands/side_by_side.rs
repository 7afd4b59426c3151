//! The compare view's command.

use std::sync::Arc;

use studio_core::catalog::{self, ComparedSeed};
use studio_core::rules_book::RulesBook;
use tauri::State;

use super::{blocking, Reply};

/// Two to four seeds side by side, under the rules in force (as the inspector).
#[tauri::command]
pub async fn seeds_side_by_side(
    book: State<'_, Arc<RulesBook>>,
    seeds: Vec<u32>,
) -> Reply<Vec<ComparedSeed>> {
    let book = book.inner().clone();
    blocking(move || catalog::side_by_side(&book.in_force(), &seeds)).await
}
