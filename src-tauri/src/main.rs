// Keep a console-less window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    contraption_studio::run()
}
