//! The inspector's commands.

use std::sync::Arc;

use contraption::ParsedSeed;
use studio_core::inspect::{self, Inspection, PlacementTrajectory};
use studio_core::jobs::Jobs;
use studio_core::rules_book::RulesBook;
use studio_core::sweep_job::{self, JobSummary, SweepEvent};
use tauri::ipc::Channel;
use tauri::State;

use super::{blocking, Reply};

#[tauri::command]
pub fn parse_seed(text: String) -> Reply<ParsedSeed> {
    Ok(inspect::parse(&text)?)
}

#[tauri::command]
pub fn today_daily() -> ParsedSeed {
    inspect::today()
}

/// The inspection of `seed` under the rules in force.
#[tauri::command]
pub async fn inspect(book: State<'_, Arc<RulesBook>>, seed: u32) -> Reply<Inspection> {
    let book = book.inner().clone();
    blocking(move || inspect::inspect(&book.in_force(), seed)).await
}

#[tauri::command]
pub async fn placement_trajectory(
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    attempt: u32,
    index: u32,
) -> Reply<PlacementTrajectory> {
    let book = book.inner().clone();
    blocking(move || inspect::placement_trajectory(&book.in_force(), seed, attempt, index)).await
}

/// Streams the 144 trajectories of one attempt; cancel with `cancel_job`.
#[tauri::command]
pub async fn sweep_trajectories(
    jobs: State<'_, Arc<Jobs>>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    attempt: u32,
    on_event: Channel<SweepEvent>,
) -> Reply<JobSummary> {
    let job = jobs.start();
    let book = book.inner().clone();
    blocking(move || {
        // A closed channel (window reloaded) simply drops the events.
        let rules = book.in_force();
        sweep_job::sweep_trajectories(&rules, job.id, seed, attempt, job.cancel_flag(), |e| {
            let _ = on_event.send(e);
        })
    })
    .await
}

/// Asks a running job (sweep or scan) to stop; false when no such job runs.
#[tauri::command]
pub fn cancel_job(jobs: State<'_, Arc<Jobs>>, job: u32) -> bool {
    jobs.cancel(job)
}
