//! `contraption._contraption`: the engine for Python (PyO3, abi3).
//!
//! The Python package (`python/python/contraption/`) wraps these functions; they
//! take and give JSON text or Arrow-layout column buffers, so every value means
//! what the CLI prints. Long calls run with the GIL released and look at Ctrl-C
//! between chunks.

mod catalog;
mod columns;
mod figures;
mod rules;
mod scan;
mod totals;

use contraption::{
    generate, parse_criteria_for, parse_seed, seed_draws, summarize, what_if, Criteria,
    GenerateOptions, Pin, ValidRules,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use rules::{rules_or_default, PyRules};

create_exception!(
    contraption,
    ContraptionError,
    PyValueError,
    "Refused input or a failed operation; the message is the engine's."
);

fn refused(message: impl std::fmt::Display) -> PyErr {
    ContraptionError::new_err(message.to_string())
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

/// The pins of `texts` (`1:goal.x=40`), or the refusal `contraption draws --pin` gives.
fn pins(texts: Vec<String>) -> PyResult<Vec<Pin>> {
    texts
        .iter()
        .map(|t| Pin::parse(t).map_err(refused))
        .collect()
}

/// `contraption draws SEED --json [--attempt K] [--pin PIN]...` as one JSON
/// array of the draws (every attempt's, or only attempt K's).
#[pyfunction]
#[pyo3(signature = (seed, rules=None, attempt=None, pin=Vec::new()))]
fn draws_json(
    py: Python<'_>,
    seed: u32,
    rules: Option<&PyRules>,
    attempt: Option<u32>,
    pin: Vec<String>,
) -> PyResult<String> {
    let rules = rules_or_default(rules);
    let pins = pins(pin)?;
    let record = py
        .allow_threads(|| seed_draws(&rules, seed, attempt, &pins))
        .map_err(refused)?;
    let draws: Vec<_> = record
        .attempts
        .iter()
        .filter(|a| attempt.is_none_or(|k| a.attempt == k))
        .flat_map(|a| &a.draws)
        .collect();
    Ok(json(&draws))
}

/// `contraption generate SEED --pin PIN... --json`'s whole what-if (the pinned
/// candidate judged, the pinned generation, its draws) as JSON text.
#[pyfunction]
#[pyo3(signature = (seed, pin, rules=None))]
fn what_if_json(
    py: Python<'_>,
    seed: u32,
    pin: Vec<String>,
    rules: Option<&PyRules>,
) -> PyResult<String> {
    let rules = rules_or_default(rules);
    let pins = pins(pin)?;
    py.allow_threads(|| what_if(&rules, seed, &pins, 0).map(|w| json(&w)))
        .map_err(refused)
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
    criteria(expr, &rules_or_default(rules)).map(|c| c.to_string())
}

/// The criteria `expr` under `rules`, or the refusal `contraption search` gives.
fn criteria(expr: &str, rules: &ValidRules) -> PyResult<Criteria> {
    parse_criteria_for(expr, rules)
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

#[pymodule]
fn _contraption(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ContraptionError", m.py().get_type::<ContraptionError>())?;
    m.add("RULES_VERSION", contraption::RULES_VERSION)?;
    m.add_class::<PyRules>()?;
    m.add_function(wrap_pyfunction!(parse_seed_text, m)?)?;
    m.add_function(wrap_pyfunction!(generate_json, m)?)?;
    m.add_function(wrap_pyfunction!(summarize_json, m)?)?;
    m.add_function(wrap_pyfunction!(draws_json, m)?)?;
    m.add_function(wrap_pyfunction!(what_if_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_criteria, m)?)?;
    m.add_function(wrap_pyfunction!(scan::scan_columns, m)?)?;
    m.add_function(wrap_pyfunction!(scan::search_columns, m)?)?;
    m.add_function(wrap_pyfunction!(figures::figures_json, m)?)?;
    m.add_function(wrap_pyfunction!(totals::merge_totals, m)?)?;
    m.add_function(wrap_pyfunction!(totals::totals_summary, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::catalog_put, m)?)?;
    Ok(())
}
