//! The comparison written as CSV (the bytes of `contraption compare --csv`).

use std::io::Write;
use std::path::Path;

use contraption::ValidRules;

use crate::catalog::{CatalogState, CatalogViewError};
use crate::files::FileError;

use super::report::{check_both_stored, try_each_pair};

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
    // Refused before any file is made.
    check_both_stored(state, a, b, from, to)?;
    let mut w = contraption_io::AtomicFile::create(path)
        .map_err(|e| crate::files::file_error("write", path, e))?;
    let target = w.target().to_owned();
    let io = |e: std::io::Error| crate::files::file_error("write", &target, e);
    writeln!(w, "{}", contraption::compare::CSV_HEADER).map_err(io)?;
    let mut rows = 0;
    try_each_pair(state, a, b, from, to, |x, y| {
        writeln!(w, "{}", contraption::compare::csv_line(x, y)).map_err(io)?;
        rows += 1;
        Ok::<_, CsvFailure>(())
    })?;
    w.commit()
        .map_err(|e| crate::files::file_error("write", &target, e))?;
    Ok(rows)
}
