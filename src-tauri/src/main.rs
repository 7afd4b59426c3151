// Keep a console-less window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use studio_core::args::StudioArgs;

fn main() {
    // Parsed before anything touches the display: `--help`, `--version` and
    // mistakes are answered on the terminal, without a window.
    let args = StudioArgs::try_parse_with_version(std::env::args_os(), env!("CARGO_PKG_VERSION"))
        .unwrap_or_else(|e| e.exit());
    // `--rules FILE` is read (bounded, strictly, validated) before any window: a
    // file the engine refuses stops the studio with the engine's reason.
    let rules = args.rules_book().unwrap_or_else(|e| {
        eprintln!("contraption-studio: {e}");
        std::process::exit(1)
    });
    // `--profile DIR` is made before any window too (a path that cannot be a
    // directory stops the studio with the reason).
    args.prepare_profile().unwrap_or_else(|e| {
        eprintln!("contraption-studio: {e}");
        std::process::exit(1)
    });
    contraption_studio::run(args, rules)
}
