//! The rules in force, as the Python class `contraption.Rules`.

use std::path::PathBuf;

use contraption::rules_file::MAX_RULES_FILE_BYTES;
use contraption::{parse_rules_file, rules_file_text, ValidRules};
use pyo3::prelude::*;

use crate::refused;

/// The rules in force: the default rules, or those of a rules file.
#[pyclass(frozen, name = "Rules", module = "contraption")]
pub struct PyRules(pub(crate) ValidRules);

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

pub(crate) fn unless_slow(rules: ValidRules, what: &str, allow_slow: bool) -> PyResult<PyRules> {
    if rules.is_slow() && !allow_slow {
        return Err(refused(format!(
            "{what}: these rules are slow ({}); pass allow_slow=True to use them anyway",
            rules.worst_case().describe()
        )));
    }
    Ok(PyRules(rules))
}

pub(crate) fn rules_or_default(rules: Option<&PyRules>) -> ValidRules {
    rules.map_or_else(ValidRules::default, |r| r.0.clone())
}
