//! Contraption Level Studio: a thin Tauri shell over the `contraption` engine.
//!
//! `api` holds the IPC contract (types exported to TypeScript with ts-rs) and the
//! plain functions behind the commands; `commands` adapts them to Tauri.

pub mod api;
pub mod commands;
pub mod error;
pub mod jobs;

use std::sync::Arc;

/// Builds and runs the studio window.
pub fn run() {
    tauri::Builder::default()
        .manage(Arc::new(jobs::Jobs::default()))
        .invoke_handler(tauri::generate_handler![
            commands::parse_seed,
            commands::today_daily,
            commands::inspect,
            commands::placement_trajectory,
            commands::sweep_trajectories,
            commands::cancel_job,
        ])
        .run(tauri::generate_context!())
        .expect("the studio window could not start");
}
