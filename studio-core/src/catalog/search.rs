//! Searches from the studio's Seeds view: criteria (the engine's language, as
//! `contraption search EXPR`) over a seed range up to the whole space, run as a
//! cancellable job through a connection of its own. A search is fast by
//! default (the staged search: each seed decided with the least work, counted
//! by the stage that decided it) or full on request (every seed's row: the
//! whole range's totals, as slow as a scan); the same matches either way. The
//! catalog keeps the search (its kind, position, matches, totals and decided
//! counts, committed batch by batch), so a stopped search started again with
//! the same kind continues from there, to the same matches and summary as
//! `contraption search` (`--summary fast` or `full`) of the same range.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use contraption::{Decided, SummaryKind, Totals};
use contraption_catalog::{Catalog, ScanEnd, ScanState, SearchRecord};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::scan::{check_range, eta_seconds, seeds_per_second};
use super::{criteria, CatalogState, Result};
use crate::jobs::Jobs;

/// The whole range's aggregates, as `contraption search` prints them in its
/// summary (the same fields, from the engine's `Totals`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SearchTotals {
    #[ts(type = "number")]
    pub seeds: u64,
    #[ts(type = "number")]
    pub accepted: u64,
    #[ts(type = "number")]
    pub fallback: u64,
    pub fallback_rate: f64,
    #[ts(type = "number")]
    pub all_pre_solved: u64,
    #[ts(type = "number")]
    pub pre_solved_rejections: u64,
    #[ts(type = "number")]
    pub no_single_ramp_rejections: u64,
    pub mean_attempts: f64,
    /// `[attempts, seeds]`, attempts ascending.
    #[ts(type = "Array<[number, number]>")]
    pub attempts_histogram: Vec<[u64; 2]>,
    /// `[solving placements, seeds]`, ascending.
    #[ts(type = "Array<[number, number]>")]
    pub solving_histogram: Vec<[u64; 2]>,
    /// The lowest seeds (up to 100) whose every candidate was preSolved.
    pub all_pre_solved_seeds: Vec<u32>,
}

impl From<&Totals> for SearchTotals {
    fn from(t: &Totals) -> Self {
        let s = t.summary();
        SearchTotals {
            seeds: s.seeds,
            accepted: s.accepted,
            fallback: s.fallback,
            fallback_rate: s.fallback_rate,
            all_pre_solved: s.all_pre_solved,
            pre_solved_rejections: s.pre_solved_rejections,
            no_single_ramp_rejections: s.no_single_ramp_rejections,
            mean_attempts: s.mean_attempts,
            attempts_histogram: s
                .attempts_histogram
                .iter()
                .map(|b| [u64::from(b.attempts), b.seeds])
                .collect(),
            solving_histogram: t
                .solving_buckets()
                .iter()
                .map(|b| [u64::from(b.solving), b.seeds])
                .collect(),
            all_pre_solved_seeds: t.all_pre_solved_seeds.clone(),
        }
    }
}

/// A search kept in the catalog, as the Seeds view lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SearchInfo {
    #[ts(type = "number")]
    pub id: i64,
    /// Canonical criteria text.
    pub criteria: String,
    pub rules_id: String,
    #[ts(type = "number")]
    pub from: u64,
    #[ts(type = "number")]
    pub to: u64,
    /// The first seed not searched yet.
    #[ts(type = "number")]
    pub next: u64,
    #[ts(type = "number")]
    pub matches: u64,
    pub state: ScanState,
    /// What the search adds up over its range: `fast` (the decided counts)
    /// or `full` (the totals).
    pub summary: SummaryKind,
    /// A full search's aggregates of `from..next` (the whole range's once
    /// done); a fast search's are empty (every count 0).
    pub totals: SearchTotals,
    /// A fast search's seeds of `from..next`, each counted by the stage that
    /// decided it (they add up to `next - from`); a full search's are 0.
    pub decided: Decided,
}

impl From<&SearchRecord> for SearchInfo {
    fn from(s: &SearchRecord) -> Self {
        SearchInfo {
            id: s.id,
            criteria: s.criteria.clone(),
            rules_id: s.rules_id.clone(),
            from: s.from,
            to: s.to,
            next: s.next,
            matches: s.matches,
            state: s.state,
            summary: s.summary,
            totals: SearchTotals::from(&s.totals),
            decided: s.decided,
        }
    }
}

/// What a search streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SearchEvent {
    /// Registered; a resumed search starts with what it had done.
    Started {
        job: u32,
        search: SearchInfo,
        resumed: bool,
    },
    /// After each committed batch.
    Progress {
        job: u32,
        #[ts(type = "number")]
        done: u64,
        #[ts(type = "number")]
        total: u64,
        #[ts(type = "number")]
        matches: u64,
        /// Seeds per second in this run so far.
        seeds_per_second: f64,
        /// Seconds left at that rate (null before the rate is known).
        eta_seconds: Option<f64>,
        elapsed_ms: f64,
    },
    /// The whole range is searched: its totals (or decided counts) are final.
    Finished {
        job: u32,
        search: SearchInfo,
        elapsed_ms: f64,
        seeds_per_second: f64,
    },
    /// Stopped after the current batch; starting the same search continues it.
    Cancelled { job: u32, search: SearchInfo },
}

/// How a search run ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SearchOutcome {
    pub job: u32,
    pub end: ScanEnd,
    pub search: SearchInfo,
    /// Seeds searched by this run (not counting an earlier run's).
    #[ts(type = "number")]
    pub searched: u64,
    pub elapsed_ms: f64,
    pub seeds_per_second: f64,
}

/// Searches `from..to` for `criteria_text` under `rules` in the catalog at
/// `path`, adding up `summary`, continuing the unfinished search of the same
/// criteria, range, rules and kind. Sends `Started`, a `Progress` per
/// committed batch, then `Finished` or `Cancelled`.
#[allow(clippy::too_many_arguments)]
pub fn search(
    path: &Path,
    rules: &contraption::ValidRules,
    job: u32,
    criteria_text: &str,
    summary: SummaryKind,
    from: u64,
    to: u64,
    cancel: &AtomicBool,
    mut sink: impl FnMut(SearchEvent),
) -> Result<SearchOutcome> {
    let criteria = criteria(criteria_text, rules)?;
    check_range(from, to)?;
    let mut catalog = Catalog::open(path)?.catalog;
    let record = catalog.begin_search(rules, &criteria, summary, from, to)?;
    let total = record.to - record.from;
    let start_next = record.next;
    sink(SearchEvent::Started {
        job,
        search: SearchInfo::from(&record),
        resumed: record.next > record.from,
    });
    let t0 = Instant::now();
    let mut last = record.clone();
    let end = catalog.run_search(rules, record.id, cancel, |s| {
        last = s.clone();
        if s.next == start_next {
            return; // the first report: nothing new yet
        }
        let elapsed = t0.elapsed().as_secs_f64();
        let rate = seeds_per_second(s.next - start_next, elapsed);
        sink(SearchEvent::Progress {
            job,
            done: s.next - s.from,
            total,
            matches: s.matches,
            seeds_per_second: rate,
            eta_seconds: eta_seconds(s.to - s.next, rate),
            elapsed_ms: elapsed * 1000.0,
        });
    })?;
    let elapsed = t0.elapsed().as_secs_f64();
    let rate = seeds_per_second(last.next - start_next, elapsed);
    let info = SearchInfo::from(&catalog.search(record.id)?);
    sink(match end {
        ScanEnd::Done => SearchEvent::Finished {
            job,
            search: info.clone(),
            elapsed_ms: elapsed * 1000.0,
            seeds_per_second: rate,
        },
        ScanEnd::Cancelled => SearchEvent::Cancelled {
            job,
            search: info.clone(),
        },
    });
    Ok(SearchOutcome {
        job,
        end,
        searched: last.next - start_next,
        search: info,
        elapsed_ms: elapsed * 1000.0,
        seeds_per_second: rate,
    })
}

/// The `start_search` command without a window: reads the criteria and the
/// range, searches them fast unless `summary` asks for the full totals
/// (`None`: fast), registers a job (cancel it with `Jobs::cancel`), holds the catalog's
/// single long-job slot (shared with scans) while it runs, and frees both
/// however it ends.
#[allow(clippy::too_many_arguments)]
pub fn run_search(
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    rules: &contraption::ValidRules,
    criteria_text: &str,
    summary: Option<SummaryKind>,
    from: u64,
    to: u64,
    sink: impl FnMut(SearchEvent),
) -> Result<SearchOutcome> {
    criteria(criteria_text, rules)?;
    check_range(from, to)?;
    let job = jobs.start();
    let _slot = state.claim_scan(job.id)?;
    search(
        state.path(),
        rules,
        job.id,
        criteria_text,
        summary.unwrap_or_default(),
        from,
        to,
        job.cancel_flag(),
        sink,
    )
}
