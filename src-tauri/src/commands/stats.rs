//! The Statistics view's files: a chart's data saved as CSV and a whole-range
//! summary file opened, both through native dialogs the shell shows (the page has
//! no file access); studio-core checks, writes and reads.

use studio_core::catalog::{self, ChartTable, RangeSummary};
use studio_core::exchange::WrittenFile;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

const CSV: FileKind = FileKind {
    name: "CSV table",
    extension: "csv",
};
const SUMMARY: FileKind = FileKind {
    name: "Scan summary (_summary.json)",
    extension: "json",
};

/// Asks where to save `table` as CSV, then writes it atomically; null when cancelled.
#[tauri::command]
pub async fn export_chart_csv(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    table: ChartTable,
) -> Reply<Option<WrittenFile>> {
    let answer = answer.inner().clone();
    blocking(move || {
        // Refused before the dialog: a bad table asks nothing.
        table.check()?;
        dialogs::save(
            &app,
            &answer,
            CSV,
            "Export the chart's data",
            table.file_name(),
            |p| catalog::write_table(&table, p),
        )
    })
    .await
}

/// Asks which whole-range summary file to open and reads it strictly; null when cancelled.
#[tauri::command]
pub async fn open_range_summary(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
) -> Reply<Option<RangeSummary>> {
    let answer = answer.inner().clone();
    blocking(move || {
        dialogs::open(&app, &answer, SUMMARY, "Open a scan summary", |p| {
            catalog::read_summary_file(p)
        })
    })
    .await
}
