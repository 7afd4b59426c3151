//! The rules every job row keeps, whatever its kind: checked when it is read
//! back, so a damaged or hand-edited row is reported, never resumed.

use contraption::SeedRange;
use rusqlite::{Connection, OptionalExtension, Row};

use crate::error::CatalogError;

use super::{Lease, ScanState};

/// Where a job's row says it is, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position {
    pub(crate) from: u64,
    pub(crate) to: u64,
    pub(crate) next: u64,
    pub(crate) state: ScanState,
}

/// The position of `job` (e.g. "scan 3") as stored, if it keeps the rules
/// every row we write keeps: `0 ≤ from < to ≤ 2^32`, `from ≤ next ≤ to`, a
/// known state, and a done job complete.
pub(crate) fn check_position(
    job: &str,
    (from, to, next): (i64, i64, i64),
    state: &str,
) -> Result<Position, CatalogError> {
    let bad = |why: String| CatalogError::damaged(format!("{job} {why}"));
    let in_space = from >= 0 && to >= 0 && SeedRange::new(from as u64, to as u64).is_ok();
    if !in_space {
        return Err(bad(format!(
            "has the range {from}..{to}, not one within 0..4294967296"
        )));
    }
    if !(from <= next && next <= to) {
        return Err(bad(format!(
            "is at seed {next}, outside its range {from}..{to}"
        )));
    }
    let state =
        ScanState::parse(state).ok_or_else(|| bad(format!("has the unknown state {state:?}")))?;
    if state == ScanState::Done && next != to {
        return Err(bad(format!(
            "is marked done at seed {next} before the end of {from}..{to}"
        )));
    }
    Ok(Position {
        from: from as u64,
        to: to as u64,
        next: next as u64,
        state,
    })
}

/// A job's row as stored, before it is trusted: how it is read from its
/// table, and checked.
pub(crate) trait StoredJob: Sized {
    /// The table of these rows (with `id`, `state`, `lease_owner`, `lease_until`).
    const TABLE: &'static str;
    /// The columns [`StoredJob::from_row`] reads, in order.
    const COLUMNS: &'static str;
    /// The row, checked.
    type Record;

    fn from_row(r: &Row<'_>) -> rusqlite::Result<Self>;
    /// The record and where the job is, if the row keeps the catalog's rules.
    fn checked(&self) -> Result<(Self::Record, Position), CatalogError>;
    fn lease(&self) -> &Lease;
    /// The error for a job `id` that is not there.
    fn missing(id: i64) -> CatalogError;
}

/// Job `id`'s row as stored.
pub(crate) fn stored<S: StoredJob>(conn: &Connection, id: i64) -> Result<S, CatalogError> {
    conn.query_row(
        &format!("SELECT {} FROM {} WHERE id = ?1", S::COLUMNS, S::TABLE),
        [id],
        S::from_row,
    )
    .optional()?
    .ok_or_else(|| S::missing(id))
}

/// Job `id`, checked: a row that breaks the catalog's rules is reported as
/// damaged, not trusted.
pub(crate) fn one<S: StoredJob>(conn: &Connection, id: i64) -> Result<S::Record, CatalogError> {
    Ok(stored::<S>(conn, id)?.checked()?.0)
}

/// Every job of the table, checked, newest first.
pub(crate) fn all<S: StoredJob>(conn: &Connection) -> Result<Vec<S::Record>, CatalogError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {} FROM {} ORDER BY id DESC",
        S::COLUMNS,
        S::TABLE
    ))?;
    let rows = stmt.query_map([], S::from_row)?;
    let mut jobs = Vec::new();
    for row in rows {
        jobs.push(row?.checked()?.0);
    }
    Ok(jobs)
}
