//! `scan_columns`: a seed range summarised on this thread, as columns;
//! `search_columns`: the matches of a staged search of a range, as columns.

use contraption::{
    search_seed, summarize, Decided, Decision, SeedRange, SeedRangeError, SeedSummary, Totals,
};
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

/// The staged search of `start..stop` on this thread (`contraption search`
/// without `--summary full`): the columns of the matching rows, in seed order,
/// where each seed was decided (JSON of the engine's `Decided`) and the number
/// of matches. The same rows as [`scan_columns`] with `where_`, with less work.
#[pyfunction]
pub(crate) fn search_columns<'py>(
    py: Python<'py>,
    start: u64,
    stop: u64,
    rules: Option<&PyRules>,
    expr: &str,
) -> PyResult<(Bound<'py, PyDict>, String, u64)> {
    check_range(start, stop)?;
    let rules = rules_or_default(rules);
    let criteria = criteria(expr, &rules)?;
    let mut columns = Columns::new();
    let mut decided = Decided::default();
    let mut matches = 0u64;
    let mut next = start;
    while next < stop {
        let end = (next + CHUNK).min(stop);
        let found: Vec<Decision> = py.allow_threads(|| {
            (next..end)
                .map(|s| search_seed(&rules, s as u32, &criteria, || false).expect("never stopped"))
                .collect()
        });
        for d in &found {
            decided.add(d.stage);
            if let Some(row) = &d.row {
                matches += 1;
                columns.push(row)?;
            }
        }
        py.check_signals()?;
        next = end;
    }
    Ok((columns.into_dict(py)?, json(&decided), matches))
}
