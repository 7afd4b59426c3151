// The studio's commands, declared once: each is `module::name(arguments) ->
// returns`, the function `name` in `src-tauri/src/commands/module.rs`, with the
// arguments the UI passes (snake case here, camel case on the wire, as Tauri
// renames them) and what it returns when it succeeds (every command fails with
// `CommandError`). `Channel<E>` is an argument that streams `E` events.
//
// This file holds nothing but the macro, so everything that needs the list can
// include or call it: studio-core's `ipc` module (the TypeScript functions of
// `ui/src/bindings/commands.ts`), the shell's `build.rs` (one permission per
// command) and `lib.rs` (the invoke handler). `studio-core/tests/commands.rs`
// checks it against the shell's functions, name, arguments and types.

/// Calls `$then! { module::name(arg: Type, ...) -> Returns, ... }` with every command.
#[macro_export]
macro_rules! studio_commands {
    ($then:ident) => {
        $then! {
            rules::rules() -> RulesInfo,
            rules::rules_fields() -> Vec<RuleFieldInfo>,
            rules::rules_draft() -> RulesDraft,
            rules::set_rules_field(path: String, value: String) -> RulesDraft,
            rules::load_rules_preset(name: String) -> RulesDraft,
            rules::open_rules_file(allow_slow: Option<String>) -> Option<RulesDraft>,
            rules::save_rules_file() -> Option<String>,
            rules::apply_rules_draft(allow_slow: bool) -> RulesDraft,
            rules::reset_rules() -> RulesDraft,
            rules::draft_vs_in_force(seed: u32, allow_slow: bool) -> SeedComparison,
            inspect::parse_seed(text: String) -> ParsedSeed,
            inspect::today_daily() -> ParsedSeed,
            inspect::inspect(seed: u32) -> Inspection,
            inspect::placement_trajectory(seed: u32, attempt: u32, index: u32) -> PlacementTrajectory,
            inspect::sweep_trajectories(seed: u32, attempt: u32, on_event: Channel<SweepEvent>) -> JobSummary,
            inspect::cancel_job(job: u32) -> bool,
            draws::seed_draws(seed: u32) -> DrawRecord,
            draws::what_if(seed: u32, pins: Vec<Pin>) -> PinnedSeed,
            draws::export_edited_level(seed: u32, pins: Vec<Pin>) -> Option<WrittenFile>,
            draws::open_edited_play(seed: u32, pins: Vec<Pin>) -> String,
            exchange::share_code(seed: u32) -> SharedSeed,
            exchange::export_level_file(seed: u32, daily_key: Option<String>) -> Option<WrittenFile>,
            exchange::export_page(seed: u32, daily_key: Option<String>) -> Option<WrittenFile>,
            exchange::export_animation(seed: u32, attempt: Option<u32>) -> Option<WrittenFile>,
            exchange::export_picture(seed: u32, attempt: Option<u32>, scale: f32, kind: PictureKind) -> Option<WrittenFile>,
            exchange::import_level_file(allow_slow: Option<String>) -> Option<ImportedLevel>,
            play::open_play(seed: u32, rules: Option<String>) -> String,
            play::play_level(seed: u32, rules: String, pins: Vec<Pin>) -> PlayLevel,
            play::check_part(seed: u32, rules: String, pins: Vec<Pin>, placements: Vec<Placement>, index: u32, candidate: Placement) -> PartCheck,
            play::run_play(seed: u32, rules: String, pins: Vec<Pin>, placements: Vec<Placement>) -> PlayRun,
            play::save_solution(seed: u32, rules: String, pins: Vec<Pin>, placements: Vec<Placement>) -> Option<SolutionFile>,
            play::open_solution(allow_slow: Option<String>) -> Option<SolutionFile>,
            catalog::catalog_info() -> CatalogInfo,
            catalog::start_scan(from: u64, to: u64, on_event: Channel<ScanEvent>) -> ScanOutcome,
            catalog::start_search(criteria: String, summary: Option<SummaryKind>, from: u64, to: u64, on_event: Channel<SearchEvent>) -> SearchOutcome,
            catalog::query_seeds(query: SeedRequest) -> SeedPage,
            catalog::catalog_stats(criteria: String) -> Stats,
            catalog::seed_thumbnails(seeds: Vec<u32>) -> Vec<Thumbnail>,
            catalog::calendar(year: i32, month: u32) -> CalendarMonth,
            catalog::list_bookmarks(query: BookmarkQuery) -> Vec<Bookmark>,
            catalog::bookmark_seed(seed: u32, input: BookmarkInput) -> Bookmark,
            catalog::edit_bookmark(id: i64, input: BookmarkInput) -> Bookmark,
            catalog::remove_bookmark(id: i64) -> (),
            catalog::verify_bookmarks() -> Vec<BookmarkCheck>,
            ab::start_ab(a: AbRules, b: AbRules, from: u64, to: u64, on_event: Channel<AbEvent>) -> AbOutcome,
            ab::ab_report(a: AbRules, b: AbRules, from: u64, to: u64) -> AbReport,
            ab::ab_would_change(a: AbRules, b: AbRules) -> WouldChange,
            ab::ab_thumbnails(side: AbRules, seeds: Vec<u32>) -> Vec<Thumbnail>,
            ab::export_ab_csv(a: AbRules, b: AbRules, from: u64, to: u64) -> Option<u64>,
            expressive_range::ab_expressive_range(a: AbRules, b: AbRules, from: u64, to: u64, x: Metric, y: Metric) -> RangeReport,
            expressive_range::export_expressive_range_png(a: AbRules, b: AbRules, from: u64, to: u64, x: Metric, y: Metric) -> Option<WrittenFile>,
            stats::export_chart_csv(table: ChartTable) -> Option<WrittenFile>,
            stats::open_range_summary() -> Option<RangeSummary>,
            side_by_side::seeds_side_by_side(seeds: Vec<u32>) -> Vec<ComparedSeed>,
            tune::check_targets(text: String) -> TargetsCheck,
            tune::tune_fields() -> Vec<NumericField>,
            tune::start_tune(request: TuneRequest, on_event: Channel<TuneEvent>) -> TuneResult,
            tune::tuned_to_draft(rank: u32) -> RulesDraft,
            tune::save_tuned_rules(rank: u32) -> Option<String>,
            tune::start_what_rules_do(request: WhatRequest, on_event: Channel<WhatEvent>) -> WhatResult,
            tune::export_what_rules_do(chart: WhatChart, format: ChartFormat) -> Option<WrittenFile>,
            settings::view_settings() -> ViewSettings,
            settings::set_view_settings(settings: ViewSettings) -> ViewSettings,
        }
    };
}

/// The command names, as a `&[&str]`: `studio_commands!(command_names)`.
#[macro_export]
macro_rules! command_names {
    ($($module:ident :: $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty),* $(,)?) => {
        &[$(stringify!($name)),*]
    };
}
