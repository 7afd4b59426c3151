//! A chart's data as a CSV file: the Statistics view sends the table it draws (a
//! header and rows of text, each a count, a share or a label), the shell asks
//! where to save it, and this checks the table's bounds and writes it with the
//! `csv` crate (RFC 4180 quoting), atomically.

use std::path::Path;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CatalogViewError, Result};
use crate::exchange::WrittenFile;
use crate::files;

/// At most this many rows in one table (a chart has at most a few hundred).
pub const MAX_TABLE_ROWS: usize = 100_000;
/// At most this many columns.
pub const MAX_TABLE_COLUMNS: usize = 32;
/// At most this many characters in one cell.
pub const MAX_CELL_CHARS: usize = 200;

/// A chart's data: the column names and the rows, every row as wide as the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChartTable {
    /// What the file is named after: lowercase letters, digits and `-` (e.g. `attempts`).
    pub name: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

fn refused(reason: impl Into<String>) -> CatalogViewError {
    CatalogViewError::BadTable {
        reason: reason.into(),
    }
}

fn check_cell(cell: &str) -> Result<()> {
    if cell.chars().count() > MAX_CELL_CHARS {
        return Err(refused(format!(
            "a cell holds more than {MAX_CELL_CHARS} characters"
        )));
    }
    Ok(())
}

impl ChartTable {
    /// The table, refused unless it is within the bounds and rectangular.
    pub fn check(&self) -> Result<()> {
        let name_ok = !self.name.is_empty()
            && self.name.len() <= 40
            && self
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !name_ok {
            return Err(refused(format!(
                "the table's name {:?} is not 1 to 40 of a-z, 0-9 and -",
                self.name
            )));
        }
        if self.columns.is_empty() || self.columns.len() > MAX_TABLE_COLUMNS {
            return Err(refused(format!(
                "a table has 1 to {MAX_TABLE_COLUMNS} columns, not {}",
                self.columns.len()
            )));
        }
        if self.rows.len() > MAX_TABLE_ROWS {
            return Err(refused(format!(
                "a table has at most {MAX_TABLE_ROWS} rows, not {}",
                self.rows.len()
            )));
        }
        for c in &self.columns {
            check_cell(c)?;
        }
        for (i, row) in self.rows.iter().enumerate() {
            if row.len() != self.columns.len() {
                return Err(refused(format!(
                    "row {} has {} cells, the header {}",
                    i + 1,
                    row.len(),
                    self.columns.len()
                )));
            }
            for c in row {
                check_cell(c)?;
            }
        }
        Ok(())
    }

    /// The file name the save dialog proposes: `contraption-NAME.csv`.
    pub fn file_name(&self) -> String {
        format!("contraption-{}.csv", self.name)
    }

    /// The CSV text: the header, then the rows, `\n`-terminated, quoted where needed.
    pub fn to_csv(&self) -> Result<Vec<u8>> {
        self.check()?;
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        let io = |e: csv::Error| refused(e.to_string());
        w.write_record(&self.columns).map_err(io)?;
        for row in &self.rows {
            w.write_record(row).map_err(io)?;
        }
        w.into_inner().map_err(|e| refused(e.to_string()))
    }
}

/// Writes `table` as CSV to `path`, atomically (checked first: a refused table
/// writes nothing).
pub fn write_table(table: &ChartTable, path: &Path) -> Result<WrittenFile> {
    let bytes = table.to_csv()?;
    files::write(path, &bytes).map_err(CatalogViewError::CatalogIo)?;
    Ok(WrittenFile {
        path: path.display().to_string(),
        bytes: bytes.len() as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[&str]]) -> ChartTable {
        ChartTable {
            name: "attempts".into(),
            columns: vec!["attempts".into(), "seeds".into(), "share of seeds".into()],
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect(),
        }
    }

    #[test]
    fn a_table_is_written_as_csv_with_quotes_where_needed() {
        let t = table(&[&["1", "1831", "0.610333"], &["a, \"b\"", "2", "0.1"]]);
        assert_eq!(
            String::from_utf8(t.to_csv().unwrap()).unwrap(),
            "attempts,seeds,share of seeds\n1,1831,0.610333\n\"a, \"\"b\"\"\",2,0.1\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(t.file_name());
        let written = write_table(&t, &path).unwrap();
        assert_eq!(written.bytes as usize, std::fs::read(&path).unwrap().len());
        assert!(path.ends_with("contraption-attempts.csv"));
    }

    #[test]
    fn a_bad_table_is_refused_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        let ragged = table(&[&["1", "2"]]);
        let mut named = table(&[]);
        named.name = "../etc".into();
        let mut long = table(&[]);
        long.rows
            .push(vec!["x".repeat(MAX_CELL_CHARS + 1), "1".into(), "1".into()]);
        let mut tall = table(&[]);
        tall.rows = vec![vec!["1".into(), "1".into(), "1".into()]; MAX_TABLE_ROWS + 1];
        for bad in [ragged, named, long, tall] {
            match write_table(&bad, &path) {
                Err(CatalogViewError::BadTable { .. }) => {}
                other => panic!("{other:?}"),
            }
            assert!(!path.exists());
        }
    }
}
