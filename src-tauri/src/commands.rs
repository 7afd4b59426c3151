//! Tauri commands: each adapts one function of `api` to IPC. Heavy work runs on
//! the blocking thread pool, never on the main (UI) thread.

use contraption::ParsedSeed;
use tauri::ipc::Channel;
use tauri::State;

use crate::api::{self, Inspection, JobSummary, PlacementTrajectory, SweepEvent};
use crate::error::{CommandError, StudioError};
use crate::jobs::Jobs;

type Reply<T> = Result<T, CommandError>;

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StudioError> + Send + 'static,
) -> Reply<T> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|_| StudioError::WorkerFailed)?
        .map_err(CommandError::from)
}

#[tauri::command]
pub fn parse_seed(text: String) -> Reply<ParsedSeed> {
    api::parse(&text).map_err(CommandError::from)
}

#[tauri::command]
pub fn today_daily() -> ParsedSeed {
    api::today()
}

#[tauri::command]
pub async fn inspect(seed: u32) -> Reply<Inspection> {
    blocking(move || api::inspect(seed)).await
}

#[tauri::command]
pub async fn placement_trajectory(
    seed: u32,
    attempt: u32,
    index: u32,
) -> Reply<PlacementTrajectory> {
    blocking(move || api::placement_trajectory(seed, attempt, index)).await
}

#[tauri::command]
pub async fn sweep_trajectories(
    jobs: State<'_, std::sync::Arc<Jobs>>,
    seed: u32,
    attempt: u32,
    on_event: Channel<SweepEvent>,
) -> Reply<JobSummary> {
    let jobs = jobs.inner().clone();
    let (job, cancel) = jobs.start();
    let worker_jobs = jobs.clone();
    let result = blocking(move || {
        let r = api::sweep_trajectories(job, seed, attempt, &cancel, |event| {
            // A closed channel (window reloaded) simply drops the events.
            let _ = on_event.send(event);
        });
        worker_jobs.finish(job);
        r
    })
    .await;
    jobs.finish(job);
    result
}

#[tauri::command]
pub fn cancel_job(jobs: State<'_, std::sync::Arc<Jobs>>, job: u32) -> bool {
    jobs.cancel(job)
}
