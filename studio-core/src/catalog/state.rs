//! The open catalog of the running studio and what happened when it was opened.
//!
//! One connection behind a mutex serves the short reads and writes. A scan opens
//! its own connection (the file is in WAL mode, so the browser keeps reading while
//! a scan commits its chunks); one scan runs at a time (`claim_scan`).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use contraption::ValidRules;
use contraption_catalog::{Catalog, CatalogError, ScanRecord, SeedQuery};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CatalogViewError, Result, SearchInfo};

/// Where the catalog is and what happened when it was opened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatalogInfo {
    pub path: String,
    /// Set when an unusable file was found and renamed: where it went.
    pub moved_aside: Option<String>,
    /// Why it was unusable.
    pub reason: Option<String>,
    /// Set when the catalog could not be opened at all (then every command fails).
    pub failure: Option<String>,
    /// Seeds stored under the rules the info was asked under (the rules in force).
    #[ts(type = "number")]
    pub seeds: u64,
    /// Seeds stored under any rules (a seed stored under two rule sets counts twice).
    #[ts(type = "number")]
    pub all_rows: u64,
    /// The rules `seeds` counts under: their id and name (`v1` or the id).
    pub rules_id: String,
    pub rules_name: String,
    /// Every scan, newest first (unfinished ones can be resumed); each names its rules.
    pub scans: Vec<ScanRecord>,
    /// The ids of the unfinished scans a runner (this studio or another process)
    /// holds now: running. An unfinished scan not listed here was interrupted.
    #[ts(type = "Array<number>")]
    pub held_scans: Vec<i64>,
    /// Every search, newest first (unfinished ones continue when started again).
    pub searches: Vec<SearchInfo>,
    /// The rules version of this studio's engine.
    pub rules_version: u32,
}

/// The catalog of the running studio (the shell keeps one in its managed state).
pub struct CatalogState {
    path: PathBuf,
    catalog: Mutex<Option<Catalog>>,
    moved_aside: Option<PathBuf>,
    reason: Option<String>,
    failure: Option<String>,
    /// The job id of the scan that is running, if any (one at a time).
    scanning: Mutex<Option<u32>>,
}

/// The single scan slot, held by one job until dropped.
pub struct ScanSlot<'a> {
    state: &'a CatalogState,
    job: u32,
}

impl Drop for ScanSlot<'_> {
    fn drop(&mut self) {
        let mut s = self.state.scanning_lock();
        if *s == Some(self.job) {
            *s = None;
        }
    }
}

impl CatalogState {
    /// Opens (or creates) the catalog at `path`; an unusable file is moved aside
    /// (see `Catalog::open`) and that is remembered so the window can say so.
    pub fn open(path: &Path) -> Self {
        let (catalog, moved_aside, reason, failure) = match Catalog::open(path) {
            Ok(o) => (Some(o.catalog), o.moved_aside, o.reason, None),
            Err(e) => (None, None, None, Some(e.to_string())),
        };
        Self {
            path: path.to_path_buf(),
            catalog: Mutex::new(catalog),
            moved_aside,
            reason,
            failure,
            scanning: Mutex::new(None),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` with the catalog (locked).
    pub fn with<T>(&self, f: impl FnOnce(&mut Catalog) -> Result<T, CatalogError>) -> Result<T> {
        let mut guard = self.catalog.lock().unwrap_or_else(|e| e.into_inner());
        match guard.as_mut() {
            Some(c) => f(c).map_err(CatalogViewError::from),
            None => Err(CatalogViewError::Unavailable {
                message: self
                    .failure
                    .clone()
                    .unwrap_or_else(|| "it was never opened".into()),
            }),
        }
    }

    /// What the view bar and the Seeds view show: the seeds stored under `rules`
    /// (the rules in force), every scan and search (each names its rules).
    pub fn info(&self, rules: &ValidRules) -> Result<CatalogInfo> {
        let (seeds, all_rows, scans, held_scans, searches) = if self.failure.is_some() {
            (0, 0, Vec::new(), Vec::new(), Vec::new())
        } else {
            self.with(|c| {
                let seeds = c.query(
                    rules,
                    &SeedQuery {
                        limit: 1,
                        ..SeedQuery::default()
                    },
                )?;
                let all_rows = c.row_count()?;
                let searches = c.searches()?.iter().map(SearchInfo::from).collect();
                Ok((seeds.total, all_rows, c.scans()?, c.held_scans()?, searches))
            })?
        };
        Ok(CatalogInfo {
            path: self.path.display().to_string(),
            moved_aside: self.moved_aside.as_ref().map(|p| p.display().to_string()),
            reason: self.reason.clone(),
            failure: self.failure.clone(),
            seeds,
            all_rows,
            rules_id: rules.id().to_string(),
            rules_name: rules.name().to_string(),
            scans,
            held_scans,
            searches,
            rules_version: contraption::RULES_VERSION,
        })
    }

    /// Claims the single scan slot for `job` until the slot is dropped.
    pub fn claim_scan(&self, job: u32) -> Result<ScanSlot<'_>> {
        let mut s = self.scanning_lock();
        if s.is_some() {
            return Err(CatalogViewError::ScanRunning);
        }
        *s = Some(job);
        Ok(ScanSlot { state: self, job })
    }

    /// The running scan's job id.
    pub fn scanning(&self) -> Option<u32> {
        *self.scanning_lock()
    }

    fn scanning_lock(&self) -> MutexGuard<'_, Option<u32>> {
        self.scanning.lock().unwrap_or_else(|e| e.into_inner())
    }
}
