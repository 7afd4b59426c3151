//! The A/B over a seed range: scans under two rule sets (the rules in force, the
//! draft or the default rules), their comparison, and what would change.

use std::sync::Arc;

use studio_core::ab::{self, AbEvent, AbOutcome, AbReport, AbRules, WouldChange};
use studio_core::catalog::{self, CatalogState, Thumbnail};
use studio_core::jobs::Jobs;
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::DraftStore;
use tauri::ipc::Channel;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

const CSV: FileKind = FileKind {
    name: "CSV",
    extension: "csv",
};

type Book<'a> = State<'a, Arc<RulesBook>>;
type Draft<'a> = State<'a, Arc<DraftStore>>;

/// The rules of sides A and B.
fn sides(
    a: AbRules,
    b: AbRules,
    book: &RulesBook,
    draft: &DraftStore,
) -> (contraption::ValidRules, contraption::ValidRules) {
    (ab::resolve(a, book, draft), ab::resolve(b, book, draft))
}

/// Scans `from..to` under A and under B (a side already stored is reused),
/// streaming `AbEvent`s; cancel with `cancel_job`.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn start_ab(
    state: State<'_, Arc<CatalogState>>,
    jobs: State<'_, Arc<Jobs>>,
    book: Book<'_>,
    draft: Draft<'_>,
    a: AbRules,
    b: AbRules,
    from: u64,
    to: u64,
    on_event: Channel<AbEvent>,
) -> Reply<AbOutcome> {
    let (s, jobs) = (state.inner().clone(), jobs.inner().clone());
    let (ra, rb) = sides(a, b, &book, &draft);
    blocking(move || ab::run_ab(&s, &jobs, &ra, &rb, from, to, |e| drop(on_event.send(e)))).await
}

/// The comparison of `from..to` as stored under A and B.
#[tauri::command]
pub async fn ab_report(
    state: State<'_, Arc<CatalogState>>,
    book: Book<'_>,
    draft: Draft<'_>,
    a: AbRules,
    b: AbRules,
    from: u64,
    to: u64,
) -> Reply<AbReport> {
    let s = state.inner().clone();
    let (ra, rb) = sides(a, b, &book, &draft);
    blocking(move || ab::report(&s, &ra, &rb, from, to)).await
}

/// The bookmarks and upcoming daily levels whose level differs between A and B.
#[tauri::command]
pub async fn ab_would_change(
    state: State<'_, Arc<CatalogState>>,
    book: Book<'_>,
    draft: Draft<'_>,
    a: AbRules,
    b: AbRules,
) -> Reply<WouldChange> {
    let s = state.inner().clone();
    let (ra, rb) = sides(a, b, &book, &draft);
    let today = chrono::Utc::now().date_naive();
    blocking(move || ab::would_change(&s, &ra, &rb, today)).await
}

/// The shipped world of each seed under one side's rules.
#[tauri::command]
pub async fn ab_thumbnails(
    book: Book<'_>,
    draft: Draft<'_>,
    side: AbRules,
    seeds: Vec<u32>,
) -> Reply<Vec<Thumbnail>> {
    let rules = ab::resolve(side, &book, &draft);
    blocking(move || catalog::thumbnails(&rules, &seeds)).await
}

/// Asks where to save the comparison of `from..to` as CSV (one row per seed
/// under A and B, as `contraption compare --csv` writes), then writes it; the
/// rows written, or null when cancelled.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn export_ab_csv(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    state: State<'_, Arc<CatalogState>>,
    book: Book<'_>,
    draft: Draft<'_>,
    a: AbRules,
    b: AbRules,
    from: u64,
    to: u64,
) -> Reply<Option<u64>> {
    let (answer, s) = (answer.inner().clone(), state.inner().clone());
    let (ra, rb) = sides(a, b, &book, &draft);
    let name = format!("contraption-compare-{from}-{to}.csv");
    blocking(move || {
        dialogs::save(
            &app,
            &answer,
            CSV,
            "Save the comparison as CSV",
            name,
            |p| ab::write_csv(&s, &ra, &rb, from, to, p),
        )
    })
    .await
}
