//! The rules in force and the rules view: the table of rules, the draft (edits,
//! presets, rules files through native dialogs), apply and back to the default,
//! and one seed compared under the rules in force and the draft.

use std::sync::Arc;

use studio_core::draft_vs_in_force::SeedComparison;
use studio_core::rules::RulesInfo;
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::{self, DraftStore, RuleFieldInfo, RulesDraft};
use studio_core::slow::SlowFiles;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

const RULES: FileKind = FileKind {
    name: "Contraption rules",
    extension: "json",
};

/// The rules in force (`--rules FILE`, else the default rules, or those applied in
/// the rules view), with id and name.
#[tauri::command]
pub fn rules(book: State<'_, Arc<RulesBook>>) -> RulesInfo {
    book.info()
}

/// Every field of the rules: unit, default and what is allowed (the engine's table).
#[tauri::command]
pub fn rules_fields() -> Vec<RuleFieldInfo> {
    rules_draft::rules_fields()
}

/// The draft, the rules in force and how they differ.
#[tauri::command]
pub fn rules_draft(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
) -> RulesDraft {
    draft.state(&book)
}

/// Sets one field of the draft; refused (the engine's message): nothing changes.
#[tauri::command]
pub async fn set_rules_field(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    path: String,
    value: String,
) -> Reply<RulesDraft> {
    let (book, draft) = (book.inner().clone(), draft.inner().clone());
    blocking(move || draft.set_field(&book, &path, &value)).await
}

/// Makes a preset (`v1`, `gears`) the draft.
#[tauri::command]
pub async fn load_rules_preset(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    name: String,
) -> Reply<RulesDraft> {
    let (book, draft) = (book.inner().clone(), draft.inner().clone());
    blocking(move || draft.load_preset(&book, &name)).await
}

/// Asks which rules file to open, reads it (bounded, strictly) and makes it the
/// draft. Slow rules are refused (`slow_rules`) unless `allow_slow` names the
/// file refused for them: it is read again, without a dialog.
#[tauri::command]
pub async fn open_rules_file(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    slow: State<'_, Arc<SlowFiles>>,
    allow_slow: Option<String>,
) -> Reply<Option<RulesDraft>> {
    let (answer, book, draft, slow) = (
        answer.inner().clone(),
        book.inner().clone(),
        draft.inner().clone(),
        slow.inner().clone(),
    );
    blocking(move || {
        dialogs::open_allowing_slow(
            &app,
            &answer,
            &slow,
            RULES,
            "Open a rules file",
            allow_slow,
            |p, allow| draft.open_file(&book, p, allow),
        )
    })
    .await
}

/// Asks where to save the draft as a rules file, then writes it (atomically).
#[tauri::command]
pub async fn save_rules_file(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    draft: State<'_, Arc<DraftStore>>,
) -> Reply<Option<String>> {
    let (answer, draft) = (answer.inner().clone(), draft.inner().clone());
    let name = format!("contraption-rules-{}.json", draft.get().name());
    blocking(move || {
        dialogs::save(&app, &answer, RULES, "Save the rules", name, |p| {
            draft.save_file(p)
        })
    })
    .await
}

/// Makes the draft the rules in force; a slow draft only with `allow_slow`
/// (else `slow_rules`, and the rules in force stay).
#[tauri::command]
pub fn apply_rules_draft(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    allow_slow: bool,
) -> Reply<RulesDraft> {
    Ok(draft.apply(&book, allow_slow)?)
}

/// The default rules in force again (the draft is kept).
#[tauri::command]
pub fn reset_rules(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
) -> RulesDraft {
    book.reset();
    draft.state(&book)
}

/// `seed` under the rules in force and under the draft; a slow draft only with
/// `allow_slow` (else `slow_rules`, before anything is generated).
#[tauri::command]
pub async fn draft_vs_in_force(
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    seed: u32,
    allow_slow: bool,
) -> Reply<SeedComparison> {
    let (book, draft) = (book.inner().clone(), draft.inner().clone());
    blocking(move || draft.compare(&book, seed, allow_slow)).await
}
