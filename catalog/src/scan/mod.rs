//! Scans: summarise a seed range on all cores, committing a chunk at a time, so a
//! scan holds memory flat, can be cancelled between chunks, and resumes where a
//! cancelled or killed one stopped.
//!
//! A scan is a job ([`crate::job`]): one runner at a time holds its lease, a
//! second one waits, reporting the first one's progress, and takes it over when
//! the first is cancelled, gone, or has not renewed its lease for
//! [`crate::LEASE_SECONDS`]. Every chunk is committed only while the lease is
//! still held, together with the scan's new position.

mod record;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension, Transaction};

use contraption::{summarize_until, SeedRange, SeedSummary, ValidRules, RULES_VERSION};

use crate::error::CatalogError;
use crate::job::{self, Job, JobEvent, JobRun, ScanEnd, ScanState, StoredJob};
use crate::seeds::put_rows;
use crate::store::Catalog;

use record::RawScan;
pub use record::{ScanProgress, ScanRecord};

/// Seeds summarised and committed together.
pub const SCAN_CHUNK: u64 = 256;

/// What happens while a scan runs, for [`Catalog::run_scan_reporting`].
pub type ScanEvent = JobEvent<ScanProgress>;

/// How a run of a scan ended, and how many seeds this runner summarised itself.
pub type ScanRun = JobRun;

/// A scan as a job: its chunks summarised under its rules.
struct ScanJob<'a> {
    rules: &'a ValidRules,
}

impl Job for ScanJob<'_> {
    type Record = ScanRecord;
    type Stored = RawScan;
    type Step = Vec<SeedSummary>;
    type Progress = ScanProgress;
    const STEP: u64 = SCAN_CHUNK;

    fn progress(record: &ScanRecord) -> ScanProgress {
        record.progress()
    }

    /// Every seed's summary looks at `cancel` between simulations, so a cancel
    /// is heard within one simulation however slow the rules.
    fn compute(&self, span: Range<u64>, cancel: &AtomicBool) -> Option<Vec<SeedSummary>> {
        span.into_par_iter()
            .map(|s| summarize_until(self.rules, s as u32, || cancel.load(Ordering::Relaxed)))
            .collect()
    }

    fn store(
        &self,
        tx: &Transaction<'_>,
        record: &ScanRecord,
        span: Range<u64>,
        rows: Vec<SeedSummary>,
    ) -> Result<ScanRecord, CatalogError> {
        tx.execute(
            "UPDATE scans SET next_seed = ?2 WHERE id = ?1",
            params![record.id, span.end as i64],
        )?;
        put_rows(tx, self.rules.id(), &rows)?;
        Ok(ScanRecord {
            next: span.end,
            ..record.clone()
        })
    }
}

impl Catalog {
    /// The scan of `from..to` under `rules` to continue: an unfinished one of the
    /// same range, rules and rules version if there is one, else a new one (the
    /// same range under other rules is another scan). Looking and creating are one
    /// transaction, so two processes starting the same range share one scan.
    pub fn begin_scan(
        &mut self,
        rules: &ValidRules,
        from: u64,
        to: u64,
    ) -> Result<ScanRecord, CatalogError> {
        if SeedRange::new(from, to).is_err() {
            return Err(CatalogError::Invalid(format!(
                "{from}..{to} is not a seed range (FROM < TO ≤ 4294967296)"
            )));
        }
        let (f, t, rules_id) = (from as i64, to as i64, rules.id());
        job::find_or_start(
            &mut self.conn,
            |tx| {
                let sql = format!(
                    "SELECT {} FROM scans WHERE from_seed = ?1 AND to_seed = ?2 \
                     AND rules_version = ?3 AND rules_id = ?4 AND state <> ?5 \
                     ORDER BY id DESC LIMIT 1",
                    RawScan::COLUMNS
                );
                let done = ScanState::Done.as_str();
                let found = tx
                    .query_row(
                        &sql,
                        params![f, t, RULES_VERSION, rules_id, done],
                        RawScan::from_row,
                    )
                    .optional()?;
                found.map(|raw| Ok(raw.checked()?.0)).transpose()
            },
            |tx| {
                tx.execute(
                    "INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, rules_id, state) \
                     VALUES (?1, ?2, ?1, ?3, ?4, ?5)",
                    params![f, t, RULES_VERSION, rules_id, ScanState::Running.as_str()],
                )?;
                Ok(ScanRecord {
                    id: tx.last_insert_rowid(),
                    from,
                    to,
                    next: from,
                    rules_version: RULES_VERSION,
                    rules_id: rules_id.to_owned(),
                    state: ScanState::Running,
                })
            },
        )
    }

    /// One scan by id. A row that breaks the catalog's rules (a position outside
    /// its range, an unknown state...) is reported as damaged, not trusted.
    pub fn scan(&self, id: i64) -> Result<ScanRecord, CatalogError> {
        job::one::<RawScan>(&self.conn, id)
    }

    /// Every scan, newest first.
    pub fn scans(&self) -> Result<Vec<ScanRecord>, CatalogError> {
        job::all::<RawScan>(&self.conn)
    }

    /// The ids of the unfinished scans a runner holds now (its lease has not
    /// expired and its process may be alive): running. An unfinished `running`
    /// scan that is not among them was interrupted (its runner was killed).
    pub fn held_scans(&self) -> Result<Vec<i64>, CatalogError> {
        job::held::<RawScan>(&self.conn)
    }

    /// Runs (or continues) a scan until it is done or `cancel` is set. Each chunk of
    /// `SCAN_CHUNK` seeds is summarised on all cores under `rules` (the scan's own:
    /// other rules are refused) and committed with the scan's new position in one
    /// transaction; `progress` is called after each. When another runner holds the
    /// scan, this one waits for it (see the module).
    pub fn run_scan(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        progress: impl FnMut(&ScanProgress),
    ) -> Result<ScanEnd, CatalogError> {
        self.run_scan_reporting(rules, id, cancel, job::progress_only(progress))
            .map(|run| run.end)
    }

    /// [`Catalog::run_scan`], also saying when it waits for another runner and
    /// how many seeds it summarised itself.
    pub fn run_scan_reporting(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        mut on: impl FnMut(ScanEvent),
    ) -> Result<ScanRun, CatalogError> {
        let scan = self.scan(id)?;
        if scan.rules_version != RULES_VERSION {
            return Err(CatalogError::Invalid(format!(
                "scan {id} was made with rules version {}; start a new scan",
                scan.rules_version
            )));
        }
        if scan.rules_id != rules.id() {
            return Err(CatalogError::Invalid(format!(
                "scan {id} generates under the rules with id {}, not these rules ({}); run it with its own rules",
                scan.rules_id,
                rules.id()
            )));
        }
        job::run(self, &ScanJob { rules }, id, cancel, &mut on)
    }
}
