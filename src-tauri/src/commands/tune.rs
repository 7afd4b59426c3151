//! The Tune view: targets checked, the fields a tune may vary, a tune and what
//! each rule does as jobs over the catalog's tallies (cancel with `cancel_job`),
//! a tuned rule set made the draft or saved as a rules file, and the charts
//! saved as PNG or CSV. The starting rules are the rules in force.

use std::sync::Arc;

use studio_core::catalog::CatalogState;
use studio_core::exchange::WrittenFile;
use studio_core::jobs::Jobs;
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::{DraftStore, RulesDraft};
use studio_core::tune::{
    self, ChartFormat, NumericField, TargetsCheck, TuneEvent, TuneRequest, TuneResult, TuneSession,
    WhatChart, WhatEvent, WhatRequest, WhatResult,
};
use tauri::ipc::Channel;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

type Book<'a> = State<'a, Arc<RulesBook>>;
type Session<'a> = State<'a, Arc<TuneSession>>;

/// The targets text read under the rules in force (refused: the engine's message and place).
#[tauri::command]
pub fn check_targets(book: Book<'_>, text: String) -> Reply<TargetsCheck> {
    Ok(tune::check_targets(&text, &book.in_force())?)
}

/// Every number of the rules in force a tune may vary, with its bounds and value.
#[tauri::command]
pub fn tune_fields(book: Book<'_>) -> Vec<NumericField> {
    tune::tune_fields(&book.in_force())
}

/// Runs a tune from the rules in force, streaming `TuneEvent`s.
#[tauri::command]
pub async fn start_tune(
    session: Session<'_>,
    state: State<'_, Arc<CatalogState>>,
    jobs: State<'_, Arc<Jobs>>,
    book: Book<'_>,
    request: TuneRequest,
    on_event: Channel<TuneEvent>,
) -> Reply<TuneResult> {
    let (t, s, jobs, start) = (
        session.inner().clone(),
        state.inner().clone(),
        jobs.inner().clone(),
        book.in_force(),
    );
    blocking(move || tune::run_tune(&t, &s, &jobs, &start, &request, |e| drop(on_event.send(e))))
        .await
}

/// Makes the last tune's rule set of `rank` (1: the best) the Rules view's draft.
#[tauri::command]
pub fn tuned_to_draft(
    session: Session<'_>,
    draft: State<'_, Arc<DraftStore>>,
    book: Book<'_>,
    rank: u32,
) -> Reply<RulesDraft> {
    Ok(tune::tuned_to_draft(&session, &draft, &book, rank)?)
}

/// Asks where to save the last tune's rule set of `rank` as a rules file, then writes it.
#[tauri::command]
pub async fn save_tuned_rules(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    session: Session<'_>,
    rank: u32,
) -> Reply<Option<String>> {
    let (answer, t) = (answer.inner().clone(), session.inner().clone());
    let name = format!("contraption-rules-tuned-{rank}.json");
    let kind = FileKind {
        name: "Contraption rules",
        extension: "json",
    };
    blocking(move || {
        dialogs::save(&app, &answer, kind, "Save the tuned rules", name, |p| {
            tune::save_tuned(&t, rank, p)
        })
    })
    .await
}

/// Runs a tornado, a response curve or random rule sets from the rules in force,
/// streaming `WhatEvent`s.
#[tauri::command]
pub async fn start_what_rules_do(
    session: Session<'_>,
    state: State<'_, Arc<CatalogState>>,
    jobs: State<'_, Arc<Jobs>>,
    book: Book<'_>,
    request: WhatRequest,
    on_event: Channel<WhatEvent>,
) -> Reply<WhatResult> {
    let (t, s, jobs, start) = (
        session.inner().clone(),
        state.inner().clone(),
        jobs.inner().clone(),
        book.in_force(),
    );
    blocking(move || tune::run_what(&t, &s, &jobs, &start, &request, |e| drop(on_event.send(e))))
        .await
}

/// Asks where to save the last chart of that kind as PNG or CSV, then writes it.
#[tauri::command]
pub async fn export_what_rules_do(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    session: Session<'_>,
    chart: WhatChart,
    format: ChartFormat,
) -> Reply<Option<WrittenFile>> {
    let (answer, t) = (answer.inner().clone(), session.inner().clone());
    let kind = match format {
        ChartFormat::Png => FileKind {
            name: "PNG picture",
            extension: "png",
        },
        ChartFormat::Csv => FileKind {
            name: "CSV",
            extension: "csv",
        },
    };
    let name = chart.file_name(format);
    blocking(move || {
        dialogs::save(&app, &answer, kind, "Save the chart", name, |p| {
            tune::write_chart(&t, chart, format, p)
        })
    })
    .await
}
