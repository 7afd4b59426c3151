//! The catalog in the studio: scanned seeds, statistics, bookmarks and the daily
//! calendar. Like `api` and `play`, this only wires the UI to the catalog crate
//! (`contraption-catalog`) and the engine (`calendar::month`, `generate` for the
//! thumbnails); it decides nothing about levels.
//!
//! `CatalogState` (Tauri managed state) holds one connection behind a mutex for the
//! short reads and writes. A scan opens its own connection on a blocking worker
//! (the file is in WAL mode, so the browser keeps reading while a scan commits
//! its chunks) and streams `ScanEvent`s; it is cancelled through `Jobs` like a
//! sweep, and a later scan of the same range resumes where it stopped.
//! The functions take plain arguments so the tests drive them without a window;
//! the Tauri adapters are in `commands` at the bottom.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

use contraption::calendar::{self, DailyEntry};
use contraption::{generate, GenerateOptions, ValidRules, World};
use contraption_catalog::{
    Bookmark, BookmarkCheck, BookmarkInput, Catalog, CatalogError, Filter, ScanEnd, ScanRecord,
    SeedPage, SeedQuery, Stats,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::FieldRules;

/// Seeds are `u32`, so a range ends at most here (excluded).
pub const SEED_END: u64 = 1 << 32;
/// At most this many thumbnails per request.
pub const MAX_THUMBNAILS: usize = 256;

/// Everything the catalog commands can refuse or fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CatalogShellError {
    /// The catalog itself failed (its own typed error).
    #[error("{error}")]
    Catalog { error: CatalogError },
    /// The catalog file could not be opened at start-up, so nothing can be stored.
    #[error("the catalog is not available: {message}")]
    Unavailable { message: String },
    #[error("a scan needs FROM < TO ≤ 4294967296 (TO excluded); got {from}..{to}")]
    InvalidRange { from: u64, to: u64 },
    #[error("a scan is already running; cancel it or wait for it to finish")]
    ScanRunning,
    #[error("{year}-{month} is not a month")]
    NoSuchMonth { year: i32, month: u32 },
    #[error("at most {max} thumbnails per request (asked for {asked})")]
    TooManyThumbnails { asked: usize, max: usize },
    #[error("the background worker stopped unexpectedly")]
    WorkerFailed,
}

impl From<CatalogError> for CatalogShellError {
    fn from(error: CatalogError) -> Self {
        CatalogShellError::Catalog { error }
    }
}

/// What a failed catalog command returns to the UI: the typed error and its message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CatalogCommandError {
    pub message: String,
    pub error: CatalogShellError,
}

impl From<CatalogShellError> for CatalogCommandError {
    fn from(error: CatalogShellError) -> Self {
        Self {
            message: error.to_string(),
            error,
        }
    }
}

type Result<T, E = CatalogShellError> = std::result::Result<T, E>;

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
    /// Stored seeds.
    pub seeds: u64,
    /// Every scan, newest first (unfinished ones can be resumed).
    pub scans: Vec<ScanRecord>,
    /// The rules version of this studio's engine.
    pub rules_version: u32,
}

/// The catalog of the running studio (Tauri managed state).
pub struct CatalogState {
    path: PathBuf,
    catalog: Mutex<Option<Catalog>>,
    moved_aside: Option<PathBuf>,
    reason: Option<String>,
    failure: Option<String>,
    /// The job id of the scan that is running, if any (one at a time).
    scanning: Mutex<Option<u32>>,
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

    /// The file to use: `--catalog PATH` among the app's arguments (the e2e suite
    /// gives every window a data directory of its own this way), else
    /// `$CONTRAPTION_DB` when set, else `catalog.sqlite3` in `data_dir` (Tauri's
    /// app data directory, the same one `default_path` names for the CLI).
    pub fn choose_path(args: impl IntoIterator<Item = String>, data_dir: &Path) -> PathBuf {
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            if a == "--catalog" {
                if let Some(p) = args.next().filter(|p| !p.is_empty()) {
                    return PathBuf::from(p);
                }
            } else if let Some(p) = a.strip_prefix("--catalog=").filter(|p| !p.is_empty()) {
                return PathBuf::from(p);
            }
        }
        match std::env::var_os("CONTRAPTION_DB") {
            Some(p) if !p.is_empty() => PathBuf::from(p),
            _ => data_dir.join("catalog.sqlite3"),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` with the catalog (locked).
    pub fn with<T>(&self, f: impl FnOnce(&mut Catalog) -> Result<T, CatalogError>) -> Result<T> {
        let mut guard = self.catalog.lock().unwrap_or_else(|e| e.into_inner());
        match guard.as_mut() {
            Some(c) => f(c).map_err(CatalogShellError::from),
            None => Err(CatalogShellError::Unavailable {
                message: self
                    .failure
                    .clone()
                    .unwrap_or_else(|| "it was never opened".into()),
            }),
        }
    }

    pub fn info(&self) -> Result<CatalogInfo> {
        let (seeds, scans) = if self.failure.is_some() {
            (0, Vec::new())
        } else {
            self.with(|c| {
                let seeds = c.query(&SeedQuery {
                    limit: 1,
                    ..SeedQuery::default()
                })?;
                Ok((seeds.total, c.scans()?))
            })?
        };
        Ok(CatalogInfo {
            path: self.path.display().to_string(),
            moved_aside: self.moved_aside.as_ref().map(|p| p.display().to_string()),
            reason: self.reason.clone(),
            failure: self.failure.clone(),
            seeds,
            scans,
            rules_version: contraption::RULES_VERSION,
        })
    }

    /// Claims the single scan slot for `job`.
    pub fn claim_scan(&self, job: u32) -> Result<()> {
        let mut s = self.scanning.lock().unwrap_or_else(|e| e.into_inner());
        if s.is_some() {
            return Err(CatalogShellError::ScanRunning);
        }
        *s = Some(job);
        Ok(())
    }

    pub fn release_scan(&self, job: u32) {
        let mut s = self.scanning.lock().unwrap_or_else(|e| e.into_inner());
        if *s == Some(job) {
            *s = None;
        }
    }

    /// The running scan's job id.
    pub fn scanning(&self) -> Option<u32> {
        *self.scanning.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a scan streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ScanEvent {
    /// The scan is registered; `done` seeds of the range were already stored
    /// (a resumed scan starts above 0).
    Started {
        job: u32,
        scan_id: i64,
        from: u64,
        to: u64,
        done: u64,
        total: u64,
        resumed: bool,
    },
    /// After each committed chunk.
    Progress {
        job: u32,
        done: u64,
        total: u64,
        /// Seeds per second in this run so far.
        seeds_per_second: f64,
        /// Seconds left at that rate (null before the rate is known).
        eta_seconds: Option<f64>,
        elapsed_ms: f64,
    },
    Finished {
        job: u32,
        done: u64,
        total: u64,
        elapsed_ms: f64,
        seeds_per_second: f64,
    },
    /// Stopped after the current chunk; everything committed so far stays.
    Cancelled { job: u32, done: u64, total: u64 },
}

/// How a scan ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ScanOutcome {
    pub job: u32,
    pub scan_id: i64,
    pub end: ScanEnd,
    pub done: u64,
    pub total: u64,
    /// Seeds computed by this run (not counting what an earlier run stored).
    pub scanned: u64,
    pub elapsed_ms: f64,
    pub seeds_per_second: f64,
}

/// Checks a scan range: `from < to ≤ 2^32`.
pub fn check_range(from: u64, to: u64) -> Result<()> {
    if from < to && to <= SEED_END {
        Ok(())
    } else {
        Err(CatalogShellError::InvalidRange { from, to })
    }
}

/// Scans `from..to` into the catalog at `path` through a connection of its own,
/// resuming an unfinished scan of the same range. Sends `Started`, one `Progress`
/// per committed chunk, then `Finished` or `Cancelled`.
pub fn scan(
    path: &Path,
    job: u32,
    from: u64,
    to: u64,
    cancel: &AtomicBool,
    mut sink: impl FnMut(ScanEvent),
) -> Result<ScanOutcome> {
    check_range(from, to)?;
    let mut catalog = Catalog::open(path)?.catalog;
    let record = catalog.begin_scan(from, to)?;
    let total = record.to - record.from;
    let start_done = record.next - record.from;
    sink(ScanEvent::Started {
        job,
        scan_id: record.id,
        from: record.from,
        to: record.to,
        done: start_done,
        total,
        resumed: start_done > 0,
    });
    let t0 = Instant::now();
    let mut done = start_done;
    let rate = |done: u64, t0: Instant| {
        let secs = t0.elapsed().as_secs_f64();
        if secs > 0.0 {
            (done - start_done) as f64 / secs
        } else {
            0.0
        }
    };
    let end = catalog.run_scan(record.id, cancel, |p| {
        done = p.done;
        if done == start_done {
            return; // the initial report: nothing new yet
        }
        let sps = rate(done, t0);
        sink(ScanEvent::Progress {
            job,
            done,
            total,
            seeds_per_second: sps,
            eta_seconds: (sps > 0.0).then(|| (total - done) as f64 / sps),
            elapsed_ms: t0.elapsed().as_secs_f64() * 1000.0,
        });
    })?;
    let elapsed_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let sps = rate(done, t0);
    sink(match end {
        ScanEnd::Done => ScanEvent::Finished {
            job,
            done,
            total,
            elapsed_ms,
            seeds_per_second: sps,
        },
        ScanEnd::Cancelled => ScanEvent::Cancelled { job, done, total },
    });
    Ok(ScanOutcome {
        job,
        scan_id: record.id,
        end,
        done,
        total,
        scanned: done - start_done,
        elapsed_ms,
        seeds_per_second: sps,
    })
}

/// A seed's shipped world, for a thumbnail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Thumbnail {
    pub seed: u32,
    pub world: World,
}

/// Thumbnails and the field they are drawn in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Thumbnails {
    pub rules: FieldRules,
    pub worlds: Vec<Thumbnail>,
}

/// The shipped world of each seed (game mode: what a player gets).
pub fn thumbnails(seeds: &[u32]) -> Result<Thumbnails> {
    if seeds.len() > MAX_THUMBNAILS {
        return Err(CatalogShellError::TooManyThumbnails {
            asked: seeds.len(),
            max: MAX_THUMBNAILS,
        });
    }
    Ok(Thumbnails {
        rules: FieldRules::current(),
        worlds: seeds
            .iter()
            .map(|&seed| Thumbnail {
                seed,
                world: generate(&ValidRules::default(), seed, &GenerateOptions::game())
                    .shipped
                    .world,
            })
            .collect(),
    })
}

/// One month of daily seeds (UTC), each with its shipped world.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CalendarMonth {
    pub year: i32,
    pub month: u32,
    /// 0 = Monday … 6 = Sunday, for the 1st of the month.
    pub first_weekday: u32,
    /// Today's date in UTC, `YYYY-MM-DD`.
    pub today: String,
    pub days: Vec<CalendarDay>,
    pub rules: FieldRules,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CalendarDay {
    pub entry: DailyEntry,
    pub world: World,
}

/// The calendar's `year`-`month` (`calendar::month`) with thumbnails.
pub fn calendar_month(year: i32, month: u32, today: chrono::NaiveDate) -> Result<CalendarMonth> {
    use chrono::Datelike;
    let entries = calendar::month(&ValidRules::default(), year, month)
        .ok_or(CatalogShellError::NoSuchMonth { year, month })?;
    let first = chrono::NaiveDate::from_ymd_opt(year, month, 1)
        .ok_or(CatalogShellError::NoSuchMonth { year, month })?;
    Ok(CalendarMonth {
        year,
        month,
        first_weekday: first.weekday().num_days_from_monday(),
        today: today.format("%Y-%m-%d").to_string(),
        days: entries
            .into_iter()
            .map(|entry| CalendarDay {
                world: generate(&ValidRules::default(), entry.seed, &GenerateOptions::game())
                    .shipped
                    .world,
                entry,
            })
            .collect(),
        rules: FieldRules::current(),
    })
}

/// The seeds that match, one page.
pub fn query(state: &CatalogState, q: &SeedQuery) -> Result<SeedPage> {
    state.with(|c| c.query(q))
}

pub fn stats(state: &CatalogState, filters: &[Filter]) -> Result<Stats> {
    state.with(|c| c.stats(filters))
}

pub fn bookmarks(state: &CatalogState, search: Option<&str>) -> Result<Vec<Bookmark>> {
    state.with(|c| c.bookmarks(search))
}

pub fn add_bookmark(state: &CatalogState, seed: u32, input: &BookmarkInput) -> Result<Bookmark> {
    state.with(|c| c.add_bookmark(seed, input))
}

pub fn update_bookmark(state: &CatalogState, id: i64, input: &BookmarkInput) -> Result<Bookmark> {
    state.with(|c| c.update_bookmark(id, input))
}

pub fn delete_bookmark(state: &CatalogState, id: i64) -> Result<()> {
    state.with(|c| c.delete_bookmark(id))
}

pub fn check_bookmarks(state: &CatalogState) -> Result<Vec<BookmarkCheck>> {
    state.with(|c| c.check_bookmarks())
}

/// Tauri adapters: each runs its function on the blocking pool.
pub mod commands {
    use std::sync::Arc;

    use tauri::ipc::Channel;
    use tauri::State;

    use super::*;
    use crate::jobs::Jobs;

    type Reply<T> = std::result::Result<T, CatalogCommandError>;
    type Shared<'a> = State<'a, Arc<CatalogState>>;

    async fn blocking<T: Send + 'static>(
        f: impl FnOnce() -> Result<T> + Send + 'static,
    ) -> Reply<T> {
        tauri::async_runtime::spawn_blocking(f)
            .await
            .map_err(|_| CatalogShellError::WorkerFailed)?
            .map_err(CatalogCommandError::from)
    }

    #[tauri::command]
    pub async fn catalog_info(state: Shared<'_>) -> Reply<CatalogInfo> {
        let s = state.inner().clone();
        blocking(move || s.info()).await
    }

    /// Scans (or resumes) `from..to`, streaming `ScanEvent`s; cancel with `cancel_job`.
    #[tauri::command]
    pub async fn start_scan(
        state: Shared<'_>,
        jobs: State<'_, Arc<Jobs>>,
        from: u64,
        to: u64,
        on_event: Channel<ScanEvent>,
    ) -> Reply<ScanOutcome> {
        check_range(from, to)?;
        let s = state.inner().clone();
        let jobs = jobs.inner().clone();
        let (job, cancel) = jobs.start();
        if let Err(e) = s.claim_scan(job) {
            jobs.finish(job);
            return Err(e.into());
        }
        let worker = s.clone();
        let result = blocking(move || {
            let r = scan(worker.path(), job, from, to, &cancel, |e| {
                let _ = on_event.send(e);
            });
            worker.release_scan(job);
            r
        })
        .await;
        s.release_scan(job);
        jobs.finish(job);
        result
    }

    #[tauri::command]
    pub async fn query_seeds(state: Shared<'_>, query: SeedQuery) -> Reply<SeedPage> {
        let s = state.inner().clone();
        blocking(move || super::query(&s, &query)).await
    }

    #[tauri::command]
    pub async fn catalog_stats(state: Shared<'_>, filters: Vec<Filter>) -> Reply<Stats> {
        let s = state.inner().clone();
        blocking(move || stats(&s, &filters)).await
    }

    #[tauri::command]
    pub async fn seed_thumbnails(seeds: Vec<u32>) -> Reply<Thumbnails> {
        blocking(move || thumbnails(&seeds)).await
    }

    #[tauri::command]
    pub async fn calendar(year: i32, month: u32) -> Reply<CalendarMonth> {
        blocking(move || calendar_month(year, month, chrono::Utc::now().date_naive())).await
    }

    #[tauri::command]
    pub async fn list_bookmarks(state: Shared<'_>, search: Option<String>) -> Reply<Vec<Bookmark>> {
        let s = state.inner().clone();
        blocking(move || bookmarks(&s, search.as_deref())).await
    }

    #[tauri::command]
    pub async fn bookmark_seed(
        state: Shared<'_>,
        seed: u32,
        input: BookmarkInput,
    ) -> Reply<Bookmark> {
        let s = state.inner().clone();
        blocking(move || add_bookmark(&s, seed, &input)).await
    }

    #[tauri::command]
    pub async fn edit_bookmark(
        state: Shared<'_>,
        id: i64,
        input: BookmarkInput,
    ) -> Reply<Bookmark> {
        let s = state.inner().clone();
        blocking(move || update_bookmark(&s, id, &input)).await
    }

    #[tauri::command]
    pub async fn remove_bookmark(state: Shared<'_>, id: i64) -> Reply<()> {
        let s = state.inner().clone();
        blocking(move || delete_bookmark(&s, id)).await
    }

    #[tauri::command]
    pub async fn verify_bookmarks(state: Shared<'_>) -> Reply<Vec<BookmarkCheck>> {
        let s = state.inner().clone();
        blocking(move || check_bookmarks(&s)).await
    }
}
