//! Totals of scanned pieces: merged, and summarised as the CLI prints them.

use contraption::{ScanSummary, Totals};
use pyo3::prelude::*;
use serde::Serialize;

use crate::{json, refused};

/// The summary as `contraption scan --json` prints it: the rules' id first,
/// then the range's aggregates.
#[derive(Serialize)]
pub(crate) struct Printed<'a> {
    rules_id: &'a str,
    #[serde(flatten)]
    summary: &'a ScanSummary,
}

pub(crate) fn read_totals(text: &str) -> PyResult<Totals> {
    serde_json::from_str(text).map_err(|e| refused(format!("not the totals of a scan: {e}")))
}

/// Merges the totals of disjoint pieces (JSON texts) into one `Totals` (JSON).
#[pyfunction]
pub(crate) fn merge_totals(pieces: Vec<String>) -> PyResult<String> {
    let mut whole = Totals::default();
    for piece in &pieces {
        whole.merge(&read_totals(piece)?);
    }
    Ok(json(&whole))
}

/// The scan summary of some totals under rules `rules_id`, exactly as
/// `contraption scan --json` prints it, plus (as `contraption search` prints
/// them) the solving histogram and the lowest all-preSolved seeds: JSON.
#[pyfunction]
pub(crate) fn totals_summary(totals: &str, rules_id: &str) -> PyResult<(String, String, String)> {
    let totals = read_totals(totals)?;
    let summary = totals.summary();
    Ok((
        json(&Printed {
            rules_id,
            summary: &summary,
        }),
        json(&totals.solving_buckets()),
        json(&totals.all_pre_solved_seeds),
    ))
}
