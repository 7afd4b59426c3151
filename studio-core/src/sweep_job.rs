//! The sweep job: all the trajectories (144 by default) of one attempt's sweep, streamed a grid
//! column at a time and cancellable between any two simulations.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use contraption::ValidRules;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::inspect::{
    report, swept_entries, trace, InspectError, PlacementTrajectory, SWEEP_STRIDE,
};

/// Trajectories per progress chunk of a sweep job: one column of the grid (6 rows x 4 tilts).
pub const CHUNK: usize = 24;

/// Progress of a background job, streamed through a `tauri::ipc::Channel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SweepEvent {
    /// The job exists; `job` is the id to pass to `cancel_job`.
    Started {
        job: u32,
        seed: u32,
        attempt: u32,
        total: u32,
    },
    /// More trajectories are ready.
    Chunk {
        job: u32,
        done: u32,
        total: u32,
        trajectories: Vec<PlacementTrajectory>,
    },
    /// Every trajectory was sent.
    Finished {
        job: u32,
        done: u32,
        elapsed_ms: f64,
    },
    /// `cancel_job` stopped it after `done` trajectories.
    Cancelled { job: u32, done: u32 },
}

/// How a sweep job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum JobEnd {
    Finished,
    Cancelled,
}

/// The command's return value once the job is over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct JobSummary {
    pub job: u32,
    pub end: JobEnd,
    pub done: u32,
    pub total: u32,
}

/// Streams all the trajectories of `attempt`'s sweep under `rules` (144 under the
/// default rules), a column (24) at a time, checking `cancel` before every
/// simulation.
pub fn sweep_trajectories(
    rules: &ValidRules,
    job: u32,
    seed: u32,
    attempt: u32,
    cancel: &AtomicBool,
    mut emit: impl FnMut(SweepEvent),
) -> Result<JobSummary, InspectError> {
    let started = Instant::now();
    let report = report(rules, seed);
    let entries = swept_entries(&report, seed, attempt)?;
    let total = entries.len() as u32;
    emit(SweepEvent::Started {
        job,
        seed,
        attempt,
        total,
    });
    let mut done = 0u32;
    for chunk in entries.chunks(CHUNK) {
        let mut trajectories = Vec::with_capacity(chunk.len());
        for entry in chunk {
            if cancel.load(Ordering::Relaxed) {
                if !trajectories.is_empty() {
                    emit(SweepEvent::Chunk {
                        job,
                        done,
                        total,
                        trajectories,
                    });
                }
                emit(SweepEvent::Cancelled { job, done });
                return Ok(JobSummary {
                    job,
                    end: JobEnd::Cancelled,
                    done,
                    total,
                });
            }
            trajectories.push(trace(rules, &report, seed, attempt, entry, SWEEP_STRIDE)?);
            done += 1;
        }
        emit(SweepEvent::Chunk {
            job,
            done,
            total,
            trajectories,
        });
    }
    emit(SweepEvent::Finished {
        job,
        done,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    });
    Ok(JobSummary {
        job,
        end: JobEnd::Finished,
        done,
        total,
    })
}
