//! The rules every job row keeps, whatever its kind: checked when it is read
//! back, so a damaged or hand-edited row is reported, never resumed.

use crate::error::CatalogError;

use super::ScanState;

/// Seeds are `u32`: a range ends at most here (excluded).
pub(crate) const SEED_END: u64 = 1 << 32;

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
    if !(0 <= from && from < to && to <= SEED_END as i64) {
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
