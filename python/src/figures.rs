//! `figures_json`: one rule set's figures over a seed range (the A/B
//! comparison's side figures, `contraption compare`'s `summary.a`), summarised
//! on several threads.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;

use contraption::{summarize, SideTotals, ValidRules};
use pyo3::prelude::*;

use crate::rules::{rules_or_default, PyRules};
use crate::scan::{check_range, CHUNK};
use crate::{json, refused};

/// At most this many threads for one call.
const MAX_THREADS: usize = 256;

/// Seeds a thread takes at a time (a seed's cost varies with its attempts, so
/// threads take small blocks from a shared counter rather than a fixed share).
const BLOCK: u64 = 16;

/// The threads to use: `threads`, or one per core.
fn thread_count(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        None => Ok(thread::available_parallelism().map_or(1, NonZeroUsize::get)),
        Some(n) if (1..=MAX_THREADS as i64).contains(&n) => Ok(n as usize),
        Some(n) => Err(refused(format!(
            "threads is {n}; give 1 to {MAX_THREADS}, or None for one per core"
        ))),
    }
}

/// The side totals of `start..stop` under `rules`, summarised on `threads`
/// threads. Totals add up to the same whatever the order, so the result does not
/// depend on how the seeds were shared out.
fn tally(rules: &ValidRules, start: u64, stop: u64, threads: usize) -> SideTotals {
    let next = AtomicU64::new(start);
    let work = || {
        let mut side = SideTotals::default();
        loop {
            let from = next.fetch_add(BLOCK, Ordering::Relaxed);
            if from >= stop {
                return side;
            }
            for seed in from..(from + BLOCK).min(stop) {
                side.add(&summarize(rules, seed as u32));
            }
        }
    };
    let needed = (stop - start).div_ceil(BLOCK);
    let threads = threads.min(usize::try_from(needed).unwrap_or(usize::MAX));
    if threads <= 1 {
        return work();
    }
    thread::scope(|s| {
        let workers: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
        let mut whole = SideTotals::default();
        for worker in workers {
            match worker.join() {
                Ok(side) => whole.merge(&side),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        whole
    })
}

/// The figures of `rules` over `start..stop` (JSON of the engine's
/// `SideFigures`, exactly as `contraption compare` prints a side), on `threads`
/// threads (one per core when none). The GIL is released while the seeds are
/// summarised; Ctrl-C is looked at between chunks of 1,024 seeds per thread.
#[pyfunction]
#[pyo3(signature = (start, stop, rules=None, threads=None))]
pub(crate) fn figures_json(
    py: Python<'_>,
    start: u64,
    stop: u64,
    rules: Option<&PyRules>,
    threads: Option<i64>,
) -> PyResult<String> {
    check_range(start, stop)?;
    let threads = thread_count(threads)?;
    let rules = rules_or_default(rules);
    let step = CHUNK * threads as u64;
    let mut side = SideTotals::default();
    let mut next = start;
    while next < stop {
        let end = (next + step).min(stop);
        let piece = py.allow_threads(|| tally(&rules, next, end, threads));
        side.merge(&piece);
        py.check_signals()?;
        next = end;
    }
    Ok(json(&side.figures()))
}
