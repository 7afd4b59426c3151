//! `contraption._contraption`: the engine for Python (PyO3, abi3).
//!
//! The Python package (`python/python/contraption/`) wraps these functions; they
//! take and give JSON text or Arrow-layout column buffers, so every value means
//! what the CLI prints. Long calls run with the GIL released and look at Ctrl-C
//! between chunks.

use std::path::PathBuf;

use contraption::rules_file::MAX_RULES_FILE_BYTES;
use contraption::{
    generate, parse_criteria_for, parse_rules_file, parse_seed, rules_file_text, summarize,
    GenerateOptions, ScanSummary, SeedSummary, Totals, ValidRules,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use serde::Serialize;

create_exception!(
    contraption,
    ContraptionError,
    PyValueError,
    "Refused input or a failed operation; the message is the engine's."
);

fn refused(message: impl std::fmt::Display) -> PyErr {
    ContraptionError::new_err(message.to_string())
}

/// The rules in force: the default rules, or those of a rules file.
#[pyclass(frozen, name = "Rules", module = "contraption")]
pub struct PyRules(ValidRules);

#[pymethods]
impl PyRules {
    /// The default rules (v1).
    #[staticmethod]
    fn default() -> Self {
        PyRules(ValidRules::default())
    }

    /// Reads a rules file (at most 64 KiB, a regular file) and validates it.
    /// Slow rules (one seed over the everyday work budget at the very worst)
    /// are refused unless `allow_slow`.
    #[staticmethod]
    #[pyo3(signature = (path, allow_slow=false))]
    fn from_path(path: PathBuf, allow_slow: bool) -> PyResult<Self> {
        let bytes = contraption_io::read_file_bounded(&path, MAX_RULES_FILE_BYTES as u64)
            .map_err(refused)?;
        let rules = parse_rules_file(&bytes).map_err(|e| {
            refused(format!(
                "{} was refused as a rules file: {e}",
                path.display()
            ))
        })?;
        unless_slow(rules, &path.display().to_string(), allow_slow)
    }

    /// Validates the text of a rules file (slow rules only with `allow_slow`).
    #[staticmethod]
    #[pyo3(signature = (text, allow_slow=false))]
    fn from_json(text: &str, allow_slow: bool) -> PyResult<Self> {
        let rules = parse_rules_file(text.as_bytes())
            .map_err(|e| refused(format!("the rules were refused: {e}")))?;
        unless_slow(rules, "the rules", allow_slow)
    }

    /// Whether one seed can cost more than the everyday work budget.
    #[getter]
    fn slow(&self) -> bool {
        self.0.is_slow()
    }

    /// The worst case of one seed, in words (the CLI's `rules check` line).
    #[getter]
    fn worst_case(&self) -> String {
        self.0.worst_case().describe()
    }

    /// The rules' id (a hash of their canonical form).
    #[getter]
    fn id(&self) -> &str {
        self.0.id()
    }

    #[getter]
    fn name(&self) -> &str {
        self.0.name()
    }

    /// The rules as a rules file (what `contraption rules show` prints).
    fn to_json(&self) -> String {
        rules_file_text(&self.0)
    }

    fn __repr__(&self) -> String {
        format!("Rules(name={:?}, id={:?})", self.0.name(), self.0.id())
    }
}

fn unless_slow(rules: ValidRules, what: &str, allow_slow: bool) -> PyResult<PyRules> {
    if rules.is_slow() && !allow_slow {
        return Err(refused(format!(
            "{what}: these rules are slow ({}); pass allow_slow=True to use them anyway",
            rules.worst_case().describe()
        )));
    }
    Ok(PyRules(rules))
}

fn rules_or_default(rules: Option<&PyRules>) -> ValidRules {
    rules.map_or_else(ValidRules::default, |r| r.0.clone())
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine values always serialize")
}

/// The seed a text names, in any form the CLI accepts, and where it came from
/// (JSON of the engine's `SeedSource`).
#[pyfunction]
fn parse_seed_text(text: &str) -> PyResult<(u32, String)> {
    let parsed = parse_seed(text).map_err(refused)?;
    Ok((parsed.seed, json(&parsed.source)))
}

/// `contraption generate SEED --json [--full]` as JSON text.
#[pyfunction]
#[pyo3(signature = (seed, rules=None, full=false))]
fn generate_json(py: Python<'_>, seed: u32, rules: Option<&PyRules>, full: bool) -> String {
    let rules = rules_or_default(rules);
    py.allow_threads(|| {
        let options = if full {
            GenerateOptions::inspector()
        } else {
            GenerateOptions::game()
        };
        json(&generate(&rules, seed, &options))
    })
}

/// One row of `contraption scan --json` as JSON text.
#[pyfunction]
#[pyo3(signature = (seed, rules=None))]
fn summarize_json(py: Python<'_>, seed: u32, rules: Option<&PyRules>) -> String {
    let rules = rules_or_default(rules);
    py.allow_threads(|| json(&summarize(&rules, seed)))
}

/// The words `contraption search` uses for criteria it refuses, or the criteria
/// in their canonical form.
/// Read under `rules` (the default rules when none): `solves N` must name a
/// placement of their sweep.
#[pyfunction]
#[pyo3(signature = (expr, rules=None))]
fn check_criteria(expr: &str, rules: Option<&PyRules>) -> PyResult<String> {
    let rules = rules_or_default(rules);
    parse_criteria_for(expr, &rules)
        .map(|c| c.to_string())
        .map_err(|e| refused(format!("'{}' is not a search: {e}", quoted(expr))))
}

/// Criteria text as an error message quotes it: at most 80 characters (a refused
/// text can be 100 KB long).
fn quoted(expr: &str) -> String {
    match expr.char_indices().nth(80) {
        Some((end, _)) => format!("{}…", &expr[..end]),
        None => expr.to_owned(),
    }
}

/// Rows as Arrow-layout column buffers (little-endian; offsets i32), built as
/// the rows are summarised so nothing row-shaped is kept.
#[derive(Default)]
struct Columns {
    len: usize,
    seed: Vec<u8>,
    rules_version: Vec<u8>,
    shipped_offsets: Vec<u8>,
    shipped_data: Vec<u8>,
    attempts: Vec<u8>,
    fallback_bits: Vec<u8>,
    pre_solved: Vec<u8>,
    solving: Vec<u8>,
    mask_offsets: Vec<u8>,
    mask_data: Vec<u8>,
    walls: Vec<u8>,
    ramp: Vec<u8>,
    fan: Vec<u8>,
    bumper: Vec<u8>,
    gear: Vec<u8>,
    hash_offsets: Vec<u8>,
    hash_data: Vec<u8>,
}

impl Columns {
    fn new() -> Self {
        let mut c = Columns::default();
        for offsets in [
            &mut c.shipped_offsets,
            &mut c.mask_offsets,
            &mut c.hash_offsets,
        ] {
            offsets.extend_from_slice(&0i32.to_le_bytes());
        }
        c
    }

    fn offset(data: &[u8]) -> PyResult<[u8; 4]> {
        i32::try_from(data.len())
            .map(i32::to_le_bytes)
            .map_err(|_| refused("too many rows for one table; scan a smaller range"))
    }

    fn push(&mut self, r: &SeedSummary) -> PyResult<()> {
        let u32s = [
            (&mut self.seed, r.seed),
            (&mut self.rules_version, r.rules_version),
            (&mut self.attempts, r.attempts),
            (&mut self.pre_solved, r.pre_solved),
            (&mut self.solving, r.solving),
            (&mut self.walls, r.walls),
            (&mut self.ramp, r.inventory.ramp),
            (&mut self.fan, r.inventory.fan),
            (&mut self.bumper, r.inventory.bumper),
            (&mut self.gear, r.inventory.gear),
        ];
        for (column, value) in u32s {
            column.extend_from_slice(&value.to_le_bytes());
        }
        if self.len.is_multiple_of(8) {
            self.fallback_bits.push(0);
        }
        if r.fallback {
            *self.fallback_bits.last_mut().expect("pushed above") |= 1 << (self.len % 8);
        }
        self.shipped_data
            .extend_from_slice(r.shipped.name().as_bytes());
        self.shipped_offsets
            .extend_from_slice(&Self::offset(&self.shipped_data)?);
        self.mask_data.extend_from_slice(&r.solving_mask);
        self.mask_offsets
            .extend_from_slice(&Self::offset(&self.mask_data)?);
        self.hash_data.extend_from_slice(r.level_hash.as_bytes());
        self.hash_offsets
            .extend_from_slice(&Self::offset(&self.hash_data)?);
        self.len += 1;
        Ok(())
    }

    fn into_dict<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("len", self.len)?;
        let buffers: [(&str, Vec<u8>); 17] = [
            ("seed", self.seed),
            ("rules_version", self.rules_version),
            ("shipped_offsets", self.shipped_offsets),
            ("shipped_data", self.shipped_data),
            ("attempts", self.attempts),
            ("fallback_bits", self.fallback_bits),
            ("pre_solved", self.pre_solved),
            ("solving", self.solving),
            ("mask_offsets", self.mask_offsets),
            ("mask_data", self.mask_data),
            ("walls", self.walls),
            ("ramp", self.ramp),
            ("fan", self.fan),
            ("bumper", self.bumper),
            ("gear", self.gear),
            ("hash_offsets", self.hash_offsets),
            ("hash_data", self.hash_data),
        ];
        for (name, bytes) in buffers {
            d.set_item(name, PyBytes::new(py, &bytes))?;
        }
        Ok(d)
    }
}

/// Seeds summarised between two looks at Ctrl-C.
const CHUNK: u64 = 1024;

/// Parses a seed range bound pair: `0 <= start < stop <= 2^32`.
fn check_range(start: u64, stop: u64) -> PyResult<()> {
    if start >= stop {
        return Err(refused(format!(
            "the range {start}..{stop} is empty; stop must be greater than start"
        )));
    }
    if stop > 1 << 32 {
        return Err(refused(format!(
            "the range {start}..{stop} ends beyond 4294967296, one past the last seed"
        )));
    }
    Ok(())
}

/// Summarises `start..stop` on this thread (a Dask worker's thread is one core)
/// in seed order: the columns of every row, or of only the rows matching
/// `where_`, the totals of all rows (JSON of the engine's `Totals`) and the
/// number of matches.
#[pyfunction]
#[pyo3(signature = (start, stop, rules=None, where_=None))]
fn scan_columns<'py>(
    py: Python<'py>,
    start: u64,
    stop: u64,
    rules: Option<&PyRules>,
    where_: Option<&str>,
) -> PyResult<(Bound<'py, PyDict>, String, u64)> {
    check_range(start, stop)?;
    let rules = rules_or_default(rules);
    let criteria = where_
        .map(|expr| {
            parse_criteria_for(expr, &rules)
                .map_err(|e| refused(format!("'{}' is not a search: {e}", quoted(expr))))
        })
        .transpose()?;
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

/// The summary as `contraption scan --json` prints it: the rules' id first,
/// then the range's aggregates.
#[derive(Serialize)]
struct Printed<'a> {
    rules_id: &'a str,
    #[serde(flatten)]
    summary: &'a ScanSummary,
}

fn read_totals(text: &str) -> PyResult<Totals> {
    serde_json::from_str(text).map_err(|e| refused(format!("not the totals of a scan: {e}")))
}

/// Merges the totals of disjoint pieces (JSON texts) into one `Totals` (JSON).
#[pyfunction]
fn merge_totals(pieces: Vec<String>) -> PyResult<String> {
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
fn totals_summary(totals: &str, rules_id: &str) -> PyResult<(String, String, String)> {
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

/// Stores rows (JSON text of an array of `scan --json` rows) in the catalog at
/// `path` under `rules`, through the catalog crate; returns where an unusable
/// file was moved aside and why, if one was.
#[pyfunction]
#[pyo3(signature = (path, rows_json, rules=None))]
fn catalog_put(
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

#[pymodule]
fn _contraption(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ContraptionError", m.py().get_type::<ContraptionError>())?;
    m.add("RULES_VERSION", contraption::RULES_VERSION)?;
    m.add_class::<PyRules>()?;
    m.add_function(wrap_pyfunction!(parse_seed_text, m)?)?;
    m.add_function(wrap_pyfunction!(generate_json, m)?)?;
    m.add_function(wrap_pyfunction!(summarize_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_criteria, m)?)?;
    m.add_function(wrap_pyfunction!(scan_columns, m)?)?;
    m.add_function(wrap_pyfunction!(merge_totals, m)?)?;
    m.add_function(wrap_pyfunction!(totals_summary, m)?)?;
    m.add_function(wrap_pyfunction!(catalog_put, m)?)?;
    Ok(())
}
