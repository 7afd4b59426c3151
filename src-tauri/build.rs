// The command list (studio-core's `src/ipc/command_list.rs`) gives every command
// its own permission (`allow-<command>`); the capability files grant them per window.
include!("../studio-core/src/ipc/command_list.rs");

const COMMANDS: &[&str] = studio_commands!(command_names);

fn main() {
    println!("cargo:rerun-if-changed=../studio-core/src/ipc/command_list.rs");
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri build script failed");
}
