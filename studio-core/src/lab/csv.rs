//! The comparison written as CSV (the bytes of `contraption compare --csv`).

use std::io::Write;
use std::path::Path;

use contraption::ValidRules;

use crate::catalog::{check_range, CatalogState, CatalogViewError};
use crate::files::FileError;

use super::report::page;
use super::stored;

/// Why the comparison could not be written as CSV.
#[derive(Debug, thiserror::Error)]
pub enum CsvFailure {
    #[error(transparent)]
    Catalog(#[from] CatalogViewError),
    #[error(transparent)]
    File(#[from] FileError),
}

impl From<CsvFailure> for crate::StudioError {
    fn from(e: CsvFailure) -> Self {
        match e {
            CsvFailure::Catalog(e) => e.into(),
            CsvFailure::File(e) => crate::exchange::ExchangeError::ExchangeIo(e).into(),
        }
    }
}

/// Writes the comparison of the stored range `from..to` as CSV at `path` (the
/// engine's `compare::CSV_HEADER` and one `csv_line` per seed, the bytes
/// `contraption compare A B FROM..TO --csv` writes), streamed a page at a time
/// through a temporary sibling renamed over `path` once complete (readers see
/// the old file or the whole new one; only a regular file is replaced). Returns
/// the rows written.
pub fn write_csv(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    path: &Path,
) -> std::result::Result<u64, CsvFailure> {
    check_range(from, to)?;
    for rules in [a, b] {
        let n = stored(state, rules, from, to)?;
        if n != to - from {
            return Err(CatalogViewError::NotScanned {
                rules_id: rules.id().to_owned(),
                stored: n,
                total: to - from,
            }
            .into());
        }
    }
    let mut w = contraption_io::AtomicFile::create(path)
        .map_err(|e| crate::files::file_error("write", path, e))?;
    let target = w.target().to_owned();
    let io = |e: std::io::Error| crate::files::file_error("write", &target, e);
    writeln!(w, "{}", contraption::compare::CSV_HEADER).map_err(io)?;
    let mut rows = 0;
    let mut next = from;
    while next < to {
        let (xs, ys) = (page(state, a, next, to)?, page(state, b, next, to)?);
        if xs.is_empty() || xs.len() != ys.len() {
            return Err(CatalogViewError::NotScanned {
                rules_id: a.id().to_owned(),
                stored: next - from,
                total: to - from,
            }
            .into());
        }
        for (x, y) in xs.iter().zip(&ys) {
            writeln!(w, "{}", contraption::compare::csv_line(x, y)).map_err(io)?;
            rows += 1;
        }
        next = u64::from(xs[xs.len() - 1].seed) + 1;
    }
    w.commit()
        .map_err(|e| crate::files::file_error("write", &target, e))?;
    Ok(rows)
}
