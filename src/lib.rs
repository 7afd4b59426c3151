//! The deterministic Contraption engine.
//!
//! Pure data in, data out: no I/O, no clock, no global state, no hidden randomness.
//! The same seed gives the same bytes on every run, build profile, thread count and
//! platform, under the same rules. The rules are a value ([`Rules`], validated into
//! [`ValidRules`]); `Rules::default()` is the game of rules version 1. See
//! `docs/rules.md` for the rules this code implements.
//!
//! # Reading order
//! The engine is eight concept folders, each built only on the ones before it (a
//! test, `tests/house.rs`, refuses an import against this order):
//! 1. [`base`] — geometry, rounding, the strict JSON reader, canonical JSON;
//! 2. [`seed`] — mulberry32, FNV-1a, daily seeds, seed texts and share codes;
//! 3. [`world`] — the level and the parts placed in it, the level hash;
//! 4. [`rules`] — the rules value, its field table, the valid form and its id,
//!    what the rules allow of a world, the work a seed can cost;
//! 5. [`sim`] — the physics: one run of a world with its parts, step by step;
//! 6. [`generate`](mod@generate) — drawing candidates, the sweep, the report and its summary;
//! 7. [`files`] — level, solution, rules and scene files;
//! 8. [`analysis`] — totals, the A/B comparison, the calendar, the criteria
//!    language, the staged search, search checkpoints and the expressive range.
//!
//! The most used items are re-exported here; the modules of the earlier flat
//! layout keep their paths (`contraption::valid_rules`, `contraption::sweep`, …).

pub mod base;

pub mod seed;

pub mod world;

pub mod rules;

pub mod sim;

pub mod generate;

pub mod files;

pub mod analysis;

// The earlier flat module paths, kept for the crates and scripts that use them.
#[doc(hidden)]
pub use analysis::{calendar, checkpoint, compare, criteria, expressive_range, targets, totals};
#[doc(hidden)]
pub use base::{canonical, geometry, strict_json};
#[doc(hidden)]
pub use files::{level_file, rules_file, scenes, solution};
#[doc(hidden)]
pub use generate::{generator, report, summary, sweep};
#[doc(hidden)]
pub use rules::{diff as rules_diff, fields as rule_fields, valid as valid_rules, work};
#[doc(hidden)]
pub use seed::{rng, share};

/// The engine's version (its crate version): a web player page names the engine it
/// was made with and refuses another.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

pub use analysis::compare::{AbFigures, AbTotals, Difference, SideFigures, SideTotals};
pub use analysis::criteria::{parse_criteria, parse_criteria_for, Criteria, CriteriaError};
pub use analysis::staged::{search_seed, Decided, Decision, Stage, SummaryKind};
pub use analysis::targets::{
    parse_targets, Bound, Evaluation, FigureName, Score, Tally, Targets, TargetsError,
};
pub use analysis::totals::{ScanSummary, Totals};
pub use base::canonical::{canonical_json, content_checksum};
pub use base::geometry::Vec2;
pub use base::strict_json::JsonError;
pub use files::edited_level::export_edited_level;
pub use files::level_file::{
    export_level, level_file_text, parse_level_file, verify, Drift, LevelFile, LevelFileError,
    LevelVerdict, Verification,
};
pub use files::rules_file::{parse_rules_file, rules_file_text, RulesFile, RulesFileError};
pub use files::scenes::parse_scene;
pub use files::solution::{
    new_solution, parse_solution, replay, solution_text, Solution, SolutionError,
};
pub use generate::attempt::judge_world;
pub use generate::draws::{DrawSpan, DropReason, NoTap, Site, Tap, WallFate};
pub use generate::generator::{
    draw_candidate, draw_candidate_with, generate, generate_with, GenerateOptions,
};
pub use generate::pins::{Pin, PinError, PinTo, MAX_PINS};
pub use generate::record::{record_draws, AttemptDraws, Draw, DrawRecord, DrawnWall, PinnedFrom};
pub use generate::report::{Attempt, GenerationReport, Mode, Shipped, Verdict};
pub use generate::summary::{
    summarize, summarize_report, summarize_until, SeedSummary, ShippedKind,
};
pub use generate::sweep::{
    complete_sweep, mark_solving, mark_solving_until, run_sweep, run_sweep_plain, run_sweep_traced,
    sweep_placement, sweep_placements, Stopped, Sweep, SweepCounts, SweepEntry, SweepResult,
};
pub use generate::what_if::{seed_draws, what_if, WhatIf};
pub use rules::defaults::NEARLY_TRIVIAL_SOLVING;
pub use rules::diff::{rules_diff, RulesDifference};
pub use rules::legal::{check_part, check_placement, check_placements, PlacementError};
pub use rules::share_code::share_code;
pub use rules::valid::{rules_id, RulesError, ValidRules, DEFAULT_RULES_ID};
pub use rules::value::{Rules, DEFAULT_RULES_NAME, RULES_VERSION};
pub use rules::work::{worst_case, WorstCase, WORK_BUDGET};
pub use seed::fnv::fnv1a32;
pub use seed::range::{SeedRange, SeedRangeError, SEED_END};
pub use seed::rng::Mulberry32;
pub use seed::seed::{daily_key, daily_seed, parse_seed, ParsedSeed, SeedError, SeedSource};
pub use seed::share::{decode_share_code, encode_share_code, ShareCode, ShareCodeError};
pub use sim::{simulate, BareTrace, Compiled, Outcome, PartRunner, SimOptions, SimResult};
pub use world::hash::level_hash;
pub use world::model::{
    Goal, Inventory, PartKind, Placement, Scene, Spin, Wall, World, WorldError,
};
