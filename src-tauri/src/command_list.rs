// The studio's commands, declared once. Each is `module::name`, the function
// `name` in `src/commands/module.rs`. `build.rs` includes this file to give each
// command its permission (`allow-<name>`), `lib.rs` registers the handlers from
// it, and `studio-core/tests/capabilities.rs` checks the capability files against
// it. This file holds nothing but the two macros, so all three can include it.

/// Calls `$then! { module::name, ... }` with every command.
macro_rules! studio_commands {
    ($then:ident) => {
        $then! {
            rules::rules,
            rules::rules_fields,
            rules::rules_draft,
            rules::set_rules_field,
            rules::load_rules_preset,
            rules::open_rules_file,
            rules::save_rules_file,
            rules::apply_rules_draft,
            rules::reset_rules,
            rules::compare_draft,
            inspect::parse_seed,
            inspect::today_daily,
            inspect::inspect,
            inspect::placement_trajectory,
            inspect::sweep_trajectories,
            inspect::cancel_job,
            exchange::share_code,
            exchange::export_level_file,
            exchange::export_picture,
            exchange::import_level_file,
            play::open_play,
            play::play_level,
            play::check_part,
            play::run_play,
            play::save_solution,
            play::open_solution,
            catalog::catalog_info,
            catalog::start_scan,
            catalog::start_search,
            catalog::query_seeds,
            catalog::catalog_stats,
            catalog::seed_thumbnails,
            catalog::calendar,
            catalog::list_bookmarks,
            catalog::bookmark_seed,
            catalog::edit_bookmark,
            catalog::remove_bookmark,
            catalog::verify_bookmarks,
            lab::start_ab,
            lab::ab_report,
            lab::ab_would_change,
            lab::ab_thumbnails,
            lab::export_ab_csv,
            range::ab_range,
            range::export_ab_range_png,
            stats::export_chart_csv,
            stats::open_range_summary,
            compare::compare_seeds,
            settings::view_settings,
            settings::set_view_settings,
        }
    };
}

/// The command names, as a `&[&str]`: `studio_commands!(command_names)`.
macro_rules! command_names {
    ($($module:ident :: $name:ident),* $(,)?) => {
        &[$(stringify!($name)),*]
    };
}
