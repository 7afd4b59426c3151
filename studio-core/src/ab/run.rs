//! The A/B run: both sides scanned into the catalog as one cancellable job (a
//! side already stored is reused).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use contraption::ValidRules;
use contraption_catalog::{ScanEnd, SeedQuery};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::{check_range, scan_under, CatalogState, ScanEvent};
use crate::jobs::Jobs;

use super::{seeds_within, AbSide, Result};

/// What an A/B run streams to the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AbEvent {
    /// A side starts: `reused` when the catalog already holds the whole range
    /// under its rules (nothing is scanned).
    Side {
        job: u32,
        side: AbSide,
        rules_id: String,
        reused: bool,
    },
    /// A side's scan event (started, progress, finished, cancelled).
    Scan { side: AbSide, scan: ScanEvent },
}

/// How an A/B run ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AbOutcome {
    pub job: u32,
    pub end: ScanEnd,
    /// Which sides were already stored (no scan ran).
    pub reused: Vec<AbSide>,
}

/// How many seeds of `from..to` the catalog holds under `rules`.
pub fn stored(state: &CatalogState, rules: &ValidRules, from: u64, to: u64) -> Result<u64> {
    let q = SeedQuery {
        criteria: seeds_within(from, to - 1),
        limit: 0,
        ..SeedQuery::default()
    };
    Ok(state.with(|c| c.query(rules, &q))?.total)
}

/// Scans `from..to` under `a` then under `b` into the catalog, as one job holding
/// the single scan slot; a side whose rows are all stored already is reused. A
/// cancelled side stops the run (what was committed stays; run again to resume).
pub fn run_ab(
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    mut sink: impl FnMut(AbEvent),
) -> Result<AbOutcome> {
    check_range(from, to)?;
    let job = jobs.start();
    let _slot = state.claim_scan(job.id)?;
    let mut reused = Vec::new();
    for (side, rules) in [(AbSide::A, a), (AbSide::B, b)] {
        let whole = stored(state, rules, from, to)? == to - from;
        sink(AbEvent::Side {
            job: job.id,
            side,
            rules_id: rules.id().to_owned(),
            reused: whole,
        });
        if whole {
            reused.push(side);
            continue;
        }
        let out = scan_side(
            state.path(),
            rules,
            job.id,
            from,
            to,
            job.cancel_flag(),
            |e| sink(AbEvent::Scan { side, scan: e }),
        )?;
        if out == ScanEnd::Cancelled {
            return Ok(AbOutcome {
                job: job.id,
                end: ScanEnd::Cancelled,
                reused,
            });
        }
    }
    Ok(AbOutcome {
        job: job.id,
        end: ScanEnd::Done,
        reused,
    })
}

fn scan_side(
    path: &Path,
    rules: &ValidRules,
    job: u32,
    from: u64,
    to: u64,
    cancel: &AtomicBool,
    sink: impl FnMut(ScanEvent),
) -> Result<ScanEnd> {
    Ok(scan_under(path, rules, job, from, to, cancel, sink)?.end)
}
