//! Contraption Level Studio: the Tauri shell. It only wires: the commands (a few
//! lines each over `studio_core`), the windows, the native dialogs, the managed
//! state, and `run()`. Everything the studio decides or computes is in the
//! `contraption-studio-core` crate, tested without a window.

pub mod commands;
pub mod dialogs;
pub mod windows;

use std::sync::Arc;

use studio_core::args::{StudioArgs, CATALOG_ENV};
use studio_core::catalog::CatalogState;
use studio_core::jobs::Jobs;
use studio_core::play::Levels;
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::DraftStore;
use studio_core::settings::SettingsStore;
use studio_core::slow::SlowFiles;
use studio_core::studio_commands;
use studio_core::tune::TuneSession;
use tauri::{Manager, WebviewWindowBuilder};

/// Every command's name, from the one list (studio-core's `ipc/command_list.rs`).
pub const COMMANDS: &[&str] = studio_core::ipc::COMMAND_NAMES;

/// `tauri::generate_handler!` over the command list (the signatures are checked
/// against the functions by `studio-core/tests/commands.rs`).
macro_rules! handlers {
    ($($module:ident :: $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty),* $(,)?) => {
        tauri::generate_handler![$(commands::$module::$name),*]
    };
}

/// Builds and runs the studio window. `args` are parsed and the rules file read
/// before this is called, so `--help`, `--version` and a refused rules file never
/// reach the display.
pub fn run(args: StudioArgs, rules: RulesBook) {
    studio_core::display::prepare(args.shared_memory_renderer);
    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .manage(Arc::new(Jobs::default()))
        .manage(Arc::new(Levels::default()))
        .manage(Arc::new(rules))
        .manage(Arc::new(SlowFiles::default()))
        .manage(Arc::new(TuneSession::default()))
        .manage(dialogs::DialogAnswer(args.dialog_answer.clone()))
        .setup(move |app| {
            // Everything the studio remembers lives in the profile (`--profile DIR`),
            // else in the app's data directory; `--catalog PATH` (or, without a
            // profile, $CONTRAPTION_DB) and `--rules-draft PATH` name their own file.
            let data_dir = app.path().app_data_dir()?;
            let profile = args.profile_dir(&data_dir);
            std::fs::create_dir_all(&profile)?;
            let path = args.catalog_path(std::env::var_os(CATALOG_ENV), &data_dir);
            app.manage(Arc::new(CatalogState::open(&path)));
            let in_force = app.state::<Arc<RulesBook>>().in_force();
            let draft = DraftStore::open(&args.rules_draft_path(&data_dir), &in_force);
            app.manage(Arc::new(draft));
            let settings = SettingsStore::open(&args.view_settings_path(&data_dir));
            app.manage(Arc::new(settings));
            // The main window (tauri.conf.json, `create: false`) is made here so
            // that its web data (WebKit's storage and cache) is in the profile too;
            // the play windows use the same directory (`windows::WebviewData`).
            let web = args.webview_data_dir(&data_dir);
            app.manage(windows::WebviewData(web.clone()));
            let main = app
                .config()
                .app
                .windows
                .iter()
                .find(|w| w.label == "main")
                .expect("tauri.conf.json declares the main window")
                .clone();
            WebviewWindowBuilder::from_config(app.handle(), &main)?
                .data_directory(web)
                .build()?;
            Ok(())
        })
        .invoke_handler(studio_commands!(handlers))
        .run(tauri::generate_context!())
        .expect("the studio window could not start");
}
