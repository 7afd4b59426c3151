//! A scans row: what it holds, and how it is read back and checked.

use rusqlite::Row;
use serde::{Deserialize, Serialize};

use crate::error::CatalogError;
use crate::job::{check_position, Lease, Position, ScanState, StoredJob};

/// A scan of seeds `from..to` (to excluded); seeds `from..next` are stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanRecord {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub from: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub to: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub next: u64,
    pub rules_version: u32,
    /// The id of the rules the scan generates under.
    pub rules_id: String,
    pub state: ScanState,
}

/// Progress after each committed chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanProgress {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub scan_id: i64,
    /// Seeds of the range stored so far.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub done: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
}

impl ScanRecord {
    pub(crate) fn progress(&self) -> ScanProgress {
        ScanProgress {
            scan_id: self.id,
            done: self.next - self.from,
            total: self.to - self.from,
        }
    }
}

/// A scans row as stored, before it is trusted.
pub(crate) struct RawScan {
    id: i64,
    from: i64,
    to: i64,
    next: i64,
    rules_version: i64,
    state: String,
    lease: Lease,
    rules_id: String,
}

impl RawScan {
    /// The row as a record, if it keeps the rules every row we write keeps:
    /// a job's position ([`check_position`]), a rules version that is a u32, a
    /// rules id of 12 hex digits.
    fn check(&self) -> Result<(ScanRecord, Position), CatalogError> {
        let id = self.id;
        let bad = |why: String| CatalogError::damaged(format!("scan {id} {why}"));
        let at = check_position(
            &format!("scan {id}"),
            (self.from, self.to, self.next),
            &self.state,
        )?;
        let rules_version = u32::try_from(self.rules_version)
            .map_err(|_| bad(format!("has the rules version {}", self.rules_version)))?;
        if !is_rules_id(&self.rules_id) {
            return Err(bad(format!("has the rules id {:?}", self.rules_id)));
        }
        let record = ScanRecord {
            id,
            from: at.from,
            to: at.to,
            next: at.next,
            rules_version,
            rules_id: self.rules_id.clone(),
            state: at.state,
        };
        Ok((record, at))
    }
}

/// What a rules id looks like: 12 lowercase hex digits.
pub(crate) fn is_rules_id(id: &str) -> bool {
    id.len() == 12 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl StoredJob for RawScan {
    const TABLE: &'static str = "scans";
    const COLUMNS: &'static str = "id, from_seed, to_seed, next_seed, rules_version, state, lease_owner, lease_until, rules_id";
    type Record = ScanRecord;

    fn from_row(r: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(RawScan {
            id: r.get(0)?,
            from: r.get(1)?,
            to: r.get(2)?,
            next: r.get(3)?,
            rules_version: r.get(4)?,
            state: r.get(5)?,
            lease: Lease::read(r, 6)?,
            rules_id: r.get(8)?,
        })
    }

    fn checked(&self) -> Result<(ScanRecord, Position), CatalogError> {
        self.check()
    }

    fn lease(&self) -> &Lease {
        &self.lease
    }

    fn missing(id: i64) -> CatalogError {
        CatalogError::NoSuchScan(id)
    }
}
