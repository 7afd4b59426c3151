// Keep a console-less window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use studio_core::args::StudioArgs;

fn main() {
    // Parsed before anything touches the display: `--help`, `--version` and
    // mistakes are answered on the terminal, without a window.
    let args = StudioArgs::try_parse_with_version(std::env::args_os(), env!("CARGO_PKG_VERSION"))
        .unwrap_or_else(|e| e.exit());
    contraption_studio::run(args)
}
