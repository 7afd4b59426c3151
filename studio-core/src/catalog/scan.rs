//! Scans from the studio: a seed range stored into the catalog through a
//! connection of its own, streamed as `ScanEvent`s with the rate and the time
//! left, cancellable after any chunk and resumable later.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use contraption_catalog::{Catalog, ScanEnd};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CatalogState, CatalogViewError, Result};
use crate::jobs::Jobs;

/// Seeds are `u32`, so a range ends at most here (excluded).
pub use contraption::SEED_END;

/// What a scan streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ScanEvent {
    /// The scan is registered; `done` seeds of the range were already stored
    /// (a resumed scan starts above 0).
    Started {
        job: u32,
        #[ts(type = "number")]
        scan_id: i64,
        #[ts(type = "number")]
        from: u64,
        #[ts(type = "number")]
        to: u64,
        #[ts(type = "number")]
        done: u64,
        #[ts(type = "number")]
        total: u64,
        resumed: bool,
    },
    /// After each committed chunk.
    Progress {
        job: u32,
        #[ts(type = "number")]
        done: u64,
        #[ts(type = "number")]
        total: u64,
        /// Seeds per second in this run so far.
        seeds_per_second: f64,
        /// Seconds left at that rate (null before the rate is known).
        eta_seconds: Option<f64>,
        elapsed_ms: f64,
    },
    Finished {
        job: u32,
        #[ts(type = "number")]
        done: u64,
        #[ts(type = "number")]
        total: u64,
        elapsed_ms: f64,
        seeds_per_second: f64,
    },
    /// Stopped after the current chunk; everything committed so far stays.
    Cancelled {
        job: u32,
        #[ts(type = "number")]
        done: u64,
        #[ts(type = "number")]
        total: u64,
    },
}

/// How a scan ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ScanOutcome {
    pub job: u32,
    #[ts(type = "number")]
    pub scan_id: i64,
    pub end: ScanEnd,
    #[ts(type = "number")]
    pub done: u64,
    #[ts(type = "number")]
    pub total: u64,
    /// Seeds computed by this run (not counting what an earlier run stored).
    #[ts(type = "number")]
    pub scanned: u64,
    pub elapsed_ms: f64,
    pub seeds_per_second: f64,
}

/// Checks a scan range: `from < to ≤ 2^32`.
pub fn check_range(from: u64, to: u64) -> Result<()> {
    if contraption::SeedRange::new(from, to).is_ok() {
        Ok(())
    } else {
        Err(CatalogViewError::InvalidRange { from, to })
    }
}

/// The rate of a run: `seeds` computed in `seconds` (0 before any time passed).
pub fn seeds_per_second(seeds: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        seeds as f64 / seconds
    } else {
        0.0
    }
}

/// Seconds until `left` more seeds are done at `rate` (none before the rate is known).
pub fn eta_seconds(left: u64, rate: f64) -> Option<f64> {
    (rate > 0.0).then(|| left as f64 / rate)
}

/// Scans `from..to` under `rules` into the catalog at `path` through a connection
/// of its own (the rows are stored under the rules id), resuming an unfinished
/// scan of the same range under the same rules. Sends `Started`, one `Progress`
/// per committed chunk, then `Finished` or `Cancelled`.
pub fn scan_under(
    path: &Path,
    rules: &contraption::ValidRules,
    job: u32,
    from: u64,
    to: u64,
    cancel: &AtomicBool,
    mut sink: impl FnMut(ScanEvent),
) -> Result<ScanOutcome> {
    check_range(from, to)?;
    let mut catalog = Catalog::open(path)?.catalog;
    let record = catalog.begin_scan(rules, from, to)?;
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
    let end = catalog.run_scan(rules, record.id, cancel, |p| {
        done = p.done;
        if done == start_done {
            return; // the initial report: nothing new yet
        }
        let elapsed = t0.elapsed().as_secs_f64();
        let rate = seeds_per_second(done - start_done, elapsed);
        sink(ScanEvent::Progress {
            job,
            done,
            total,
            seeds_per_second: rate,
            eta_seconds: eta_seconds(total - done, rate),
            elapsed_ms: elapsed * 1000.0,
        });
    })?;
    let elapsed = t0.elapsed().as_secs_f64();
    let rate = seeds_per_second(done - start_done, elapsed);
    sink(match end {
        ScanEnd::Done => ScanEvent::Finished {
            job,
            done,
            total,
            elapsed_ms: elapsed * 1000.0,
            seeds_per_second: rate,
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
        elapsed_ms: elapsed * 1000.0,
        seeds_per_second: rate,
    })
}

/// The `start_scan` command without a window: checks the range, registers a job
/// (cancel it with `Jobs::cancel`), holds the single scan slot while it scans, and
/// frees both however the scan ends.
pub fn run_scan(
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    rules: &contraption::ValidRules,
    from: u64,
    to: u64,
    sink: impl FnMut(ScanEvent),
) -> Result<ScanOutcome> {
    check_range(from, to)?;
    let job = jobs.start();
    let _slot = state.claim_scan(job.id)?;
    scan_under(
        state.path(),
        rules,
        job.id,
        from,
        to,
        job.cancel_flag(),
        sink,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_and_time_left() {
        assert_eq!(seeds_per_second(0, 0.0), 0.0);
        assert_eq!(seeds_per_second(500, 0.0), 0.0);
        assert_eq!(seeds_per_second(500, 2.0), 250.0);
        assert_eq!(eta_seconds(1000, 0.0), None);
        assert_eq!(eta_seconds(1000, 250.0), Some(4.0));
        assert_eq!(eta_seconds(0, 250.0), Some(0.0));
    }
}
