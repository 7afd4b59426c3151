fn main() {
    // Only the studio's own commands exist, each behind its own permission
    // (`allow-<command>`), granted in capabilities/main-window.json.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "parse_seed",
        "today_daily",
        "inspect",
        "placement_trajectory",
        "sweep_trajectories",
        "cancel_job",
        "share_code",
        "export_level_file",
        "export_picture",
        "import_level_file",
        "open_play",
        "play_level",
        "check_part",
        "run_play",
        "save_solution",
        "open_solution",
        "catalog_info",
        "start_scan",
        "query_seeds",
        "catalog_stats",
        "seed_thumbnails",
        "calendar",
        "list_bookmarks",
        "bookmark_seed",
        "edit_bookmark",
        "remove_bookmark",
        "verify_bookmarks",
    ]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri build script failed");
}
