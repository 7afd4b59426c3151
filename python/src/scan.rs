//! `scan_columns`: a seed range summarised on this thread, as columns.

use contraption::{summarize, SeedRange, SeedRangeError, SeedSummary, Totals};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::Columns;
use crate::rules::{rules_or_default, PyRules};
use crate::{criteria, json, refused};

/// Seeds summarised between two looks at Ctrl-C.
pub(crate) const CHUNK: u64 = 1024;

/// Checks a seed range bound pair, `0 <= start < stop <= 2^32`, as the engine's
/// `SeedRange` does (in Python's words: start and stop).
pub(crate) fn check_range(start: u64, stop: u64) -> PyResult<()> {
    match SeedRange::new(start, stop) {
        Ok(_) => Ok(()),
        Err(SeedRangeError::Empty(_)) => Err(refused(format!(
            "the range {start}..{stop} is empty; stop must be greater than start"
        ))),
        Err(e) => Err(refused(e.to_string())),
    }
}

/// Summarises `start..stop` on this thread (a Dask worker's thread is one core)
/// in seed order: the columns of every row, or of only the rows matching
/// `where_`, the totals of all rows (JSON of the engine's `Totals`) and the
/// number of matches.
#[pyfunction]
#[pyo3(signature = (start, stop, rules=None, where_=None))]
pub(crate) fn scan_columns<'py>(
    py: Python<'py>,
    start: u64,
    stop: u64,
    rules: Option<&PyRules>,
    where_: Option<&str>,
) -> PyResult<(Bound<'py, PyDict>, String, u64)> {
    check_range(start, stop)?;
    let rules = rules_or_default(rules);
    let criteria = where_.map(|expr| criteria(expr, &rules)).transpose()?;
    let mut columns = Columns::new();
    let mut totals = Totals::default();
    let mut matches = 0u64;
    let mut next = start;
    while next < stop {
        let end = (next + CHUNK).min(stop);
        let rows: Vec<SeedSummary> =
            py.allow_threads(|| (next..end).map(|s| summarize(&rules, s as u32)).collect());
        for row in &rows {
            totals.add(row);
            if criteria.as_ref().is_none_or(|c| c.matches(row)) {
                matches += 1;
                columns.push(row)?;
            }
        }
        py.check_signals()?;
        next = end;
    }
    Ok((columns.into_dict(py)?, json(&totals), matches))
}
