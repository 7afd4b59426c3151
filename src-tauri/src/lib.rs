//! Contraption Level Studio: a thin Tauri shell over the `contraption` engine.
//!
//! `api` holds the IPC contract (types exported to TypeScript with ts-rs) and the
//! plain functions behind the commands; `commands` adapts them to Tauri.

pub mod api;
pub mod catalog;
pub mod commands;
pub mod dialogs;
pub mod display;
pub mod error;
pub mod exchange;
pub mod jobs;
pub mod play;

use std::sync::Arc;

use tauri::Manager;

/// Builds and runs the studio window.
pub fn run() {
    display::prepare(std::env::args().skip(1));
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .manage(Arc::new(jobs::Jobs::default()))
        .manage(Arc::new(play::Levels::default()))
        .manage(play::DialogAnswer::from_args(std::env::args().skip(1)))
        .setup(|app| {
            // The catalog lives in the app's data directory (`--catalog PATH` or
            // $CONTRAPTION_DB override it).
            let dir = app.path().app_data_dir()?;
            let path = catalog::CatalogState::choose_path(std::env::args().skip(1), &dir);
            app.manage(Arc::new(catalog::CatalogState::open(&path)));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::parse_seed,
            commands::today_daily,
            commands::inspect,
            commands::placement_trajectory,
            commands::sweep_trajectories,
            commands::cancel_job,
            exchange::commands::share_code,
            exchange::commands::export_level_file,
            exchange::commands::export_picture,
            exchange::commands::import_level_file,
            play::commands::open_play,
            play::commands::play_level,
            play::commands::check_part,
            play::commands::run_play,
            play::commands::save_solution,
            play::commands::open_solution,
            catalog::commands::catalog_info,
            catalog::commands::start_scan,
            catalog::commands::query_seeds,
            catalog::commands::catalog_stats,
            catalog::commands::seed_thumbnails,
            catalog::commands::calendar,
            catalog::commands::list_bookmarks,
            catalog::commands::bookmark_seed,
            catalog::commands::edit_bookmark,
            catalog::commands::remove_bookmark,
            catalog::commands::verify_bookmarks,
        ])
        .run(tauri::generate_context!())
        .expect("the studio window could not start");
}
