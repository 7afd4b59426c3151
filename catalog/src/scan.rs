//! Scans: summarise a seed range on all cores, committing a chunk at a time, so a
//! scan holds memory flat, can be cancelled between chunks, and resumes where a
//! cancelled or killed one stopped.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use contraption::{summarize, ValidRules, RULES_VERSION};

use crate::error::CatalogError;
use crate::seeds::put_rows;
use crate::store::Catalog;

/// Seeds summarised and committed together.
pub const SCAN_CHUNK: u64 = 256;

/// Where a scan is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanState {
    /// Started and not finished: running now, or killed (resume it).
    Running,
    Cancelled,
    Done,
}

/// A scan of seeds `from..to` (to excluded); seeds `from..next` are stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanRecord {
    pub id: i64,
    pub from: u64,
    pub to: u64,
    pub next: u64,
    pub rules_version: u32,
    pub state: ScanState,
}

/// Progress after each committed chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanProgress {
    pub scan_id: i64,
    /// Seeds of the range stored so far.
    pub done: u64,
    pub total: u64,
}

/// How a run of a scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanEnd {
    Done,
    Cancelled,
}

fn state_name(s: ScanState) -> &'static str {
    match s {
        ScanState::Running => "running",
        ScanState::Cancelled => "cancelled",
        ScanState::Done => "done",
    }
}

fn read_scan(r: &rusqlite::Row<'_>) -> rusqlite::Result<ScanRecord> {
    let state: String = r.get(5)?;
    Ok(ScanRecord {
        id: r.get(0)?,
        from: r.get::<_, i64>(1)? as u64,
        to: r.get::<_, i64>(2)? as u64,
        next: r.get::<_, i64>(3)? as u64,
        rules_version: r.get(4)?,
        state: match state.as_str() {
            "done" => ScanState::Done,
            "cancelled" => ScanState::Cancelled,
            _ => ScanState::Running,
        },
    })
}

const SCAN_COLUMNS: &str = "id, from_seed, to_seed, next_seed, rules_version, state";

impl Catalog {
    /// The scan of `from..to` to continue: an unfinished one of the same range and
    /// rules version if there is one, else a new one.
    pub fn begin_scan(&mut self, from: u64, to: u64) -> Result<ScanRecord, CatalogError> {
        if from >= to || to > 1 << 32 {
            return Err(CatalogError::Invalid(format!(
                "{from}..{to} is not a seed range (FROM < TO ≤ 4294967296)"
            )));
        }
        let existing = self
            .conn
            .query_row(
                &format!(
                    "SELECT {SCAN_COLUMNS} FROM scans WHERE from_seed = ?1 AND to_seed = ?2 \
                     AND rules_version = ?3 AND state <> 'done' ORDER BY id DESC LIMIT 1"
                ),
                params![from as i64, to as i64, RULES_VERSION],
                read_scan,
            )
            .optional()?;
        if let Some(scan) = existing {
            return Ok(scan);
        }
        self.conn.execute(
            "INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, state) VALUES (?1, ?2, ?1, ?3, 'running')",
            params![from as i64, to as i64, RULES_VERSION],
        )?;
        self.scan(self.conn.last_insert_rowid())
    }

    /// One scan by id.
    pub fn scan(&self, id: i64) -> Result<ScanRecord, CatalogError> {
        self.conn
            .query_row(
                &format!("SELECT {SCAN_COLUMNS} FROM scans WHERE id = ?1"),
                [id],
                read_scan,
            )
            .optional()?
            .ok_or(CatalogError::NoSuchScan(id))
    }

    /// Every scan, newest first.
    pub fn scans(&self) -> Result<Vec<ScanRecord>, CatalogError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {SCAN_COLUMNS} FROM scans ORDER BY id DESC"
        ))?;
        let rows = stmt.query_map([], read_scan)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Runs (or continues) a scan until it is done or `cancel` is set. Each chunk of
    /// `SCAN_CHUNK` seeds is summarised on all cores and committed with the scan's
    /// new position in one transaction; `progress` is called after each.
    pub fn run_scan(
        &mut self,
        id: i64,
        cancel: &AtomicBool,
        mut progress: impl FnMut(&ScanProgress),
    ) -> Result<ScanEnd, CatalogError> {
        let scan = self.scan(id)?;
        if scan.rules_version != RULES_VERSION {
            return Err(CatalogError::Invalid(format!(
                "scan {id} was made with rules version {}; start a new scan",
                scan.rules_version
            )));
        }
        self.set_state(id, ScanState::Running)?;
        let mut next = scan.next;
        let total = scan.to - scan.from;
        progress(&ScanProgress {
            scan_id: id,
            done: next - scan.from,
            total,
        });
        while next < scan.to {
            if cancel.load(Ordering::Relaxed) {
                self.set_state(id, ScanState::Cancelled)?;
                return Ok(ScanEnd::Cancelled);
            }
            let end = (next + SCAN_CHUNK).min(scan.to);
            let rules = ValidRules::default();
            let rows: Vec<_> = (next..end)
                .into_par_iter()
                .map(|s| summarize(&rules, s as u32))
                .collect();
            let tx = self.conn.transaction()?;
            put_rows(&tx, &rows)?;
            tx.execute(
                "UPDATE scans SET next_seed = ?2 WHERE id = ?1",
                params![id, end as i64],
            )?;
            tx.commit()?;
            next = end;
            progress(&ScanProgress {
                scan_id: id,
                done: next - scan.from,
                total,
            });
        }
        self.set_state(id, ScanState::Done)?;
        Ok(ScanEnd::Done)
    }

    fn set_state(&self, id: i64, state: ScanState) -> Result<(), CatalogError> {
        self.conn.execute(
            "UPDATE scans SET state = ?2 WHERE id = ?1",
            params![id, state_name(state)],
        )?;
        Ok(())
    }
}
