//! Rows stored in the studio's catalog, through the catalog crate.

use std::path::PathBuf;

use contraption::SeedSummary;
use pyo3::prelude::*;

use crate::refused;
use crate::rules::{rules_or_default, PyRules};

/// Stores rows (JSON text of an array of `scan --json` rows) in the catalog at
/// `path` under `rules`, through the catalog crate; returns where an unusable
/// file was moved aside and why, if one was.
#[pyfunction]
#[pyo3(signature = (path, rows_json, rules=None))]
pub(crate) fn catalog_put(
    py: Python<'_>,
    path: PathBuf,
    rows_json: &str,
    rules: Option<&PyRules>,
) -> PyResult<Option<(String, String)>> {
    let rules = rules_or_default(rules);
    let rows: Vec<SeedSummary> =
        serde_json::from_str(rows_json).map_err(|e| refused(format!("not rows of a scan: {e}")))?;
    py.allow_threads(|| {
        let opened = contraption_catalog::Catalog::open(&path).map_err(refused)?;
        let mut catalog = opened.catalog;
        catalog.put_seeds(&rules, &rows).map_err(refused)?;
        Ok(opened.moved_aside.map(|aside| {
            (
                aside.display().to_string(),
                opened.reason.unwrap_or_default(),
            )
        }))
    })
}
