//! The deterministic Contraption engine.
//!
//! Pure data in, data out: no I/O, no clock, no global state, no hidden randomness.
//! The same seed gives the same bytes on every run, build profile, thread count and
//! platform, under the same rules. The rules are a value ([`Rules`], validated into
//! [`ValidRules`]); `Rules::default()` is the game of rules version 1. See
//! `docs/rules.md` for the rules this code implements.

pub mod calendar;
pub mod canonical;
pub mod checkpoint;
pub mod compare;
pub mod criteria;
pub mod expressive_range;
pub mod generator;
pub mod geometry;
pub mod level_file;
pub mod report;
pub mod rng;
pub mod rule_fields;
pub mod rules;
pub mod rules_diff;
pub mod rules_file;
pub mod scenes;
pub mod seed;
pub mod share;
mod sim;
pub mod solution;
pub mod strict_json;
pub mod summary;
pub mod sweep;
pub mod totals;
pub mod valid_rules;
pub mod work;
pub mod world;

pub use canonical::{canonical_json, content_checksum, level_hash};
pub use compare::{AbFigures, AbTotals, Difference, SideFigures};
pub use criteria::{parse_criteria, parse_criteria_for, Criteria, CriteriaError};
pub use generator::{draw_candidate, generate, generate_with, GenerateOptions};
pub use geometry::Vec2;
pub use level_file::{
    export_level, level_file_text, parse_level_file, verify, Drift, LevelFile, LevelFileError,
    LevelVerdict, Verification,
};
pub use report::{Attempt, GenerationReport, Mode, Shipped, Verdict};
pub use rng::Mulberry32;
pub use rules::{Rules, DEFAULT_RULES_NAME, NEARLY_TRIVIAL_SOLVING, RULES_VERSION};
pub use rules_diff::{rules_diff, RulesDifference};
pub use rules_file::{parse_rules_file, rules_file_text, RulesFile, RulesFileError};
pub use scenes::parse_scene;
pub use seed::{daily_key, daily_seed, fnv1a32, parse_seed, ParsedSeed, SeedError, SeedSource};
pub use share::{decode_share_code, encode_share_code, share_code, ShareCode, ShareCodeError};
pub use sim::{simulate, BareTrace, Compiled, Outcome, PartRunner, SimOptions, SimResult};
pub use solution::{new_solution, parse_solution, replay, solution_text, Solution, SolutionError};
pub use strict_json::JsonError;
pub use summary::{summarize, summarize_report, summarize_until, SeedSummary, ShippedKind};
pub use sweep::{
    complete_sweep, mark_solving, mark_solving_until, run_sweep, run_sweep_plain, run_sweep_traced,
    sweep_placement, sweep_placements, Stopped, Sweep, SweepCounts, SweepEntry, SweepResult,
};
pub use totals::{ScanSummary, Totals};
pub use valid_rules::{rules_id, RulesError, ValidRules, DEFAULT_RULES_ID};
pub use work::{worst_case, WorstCase, WORK_BUDGET};
pub use world::{
    check_placement, check_placements, Goal, Inventory, PartKind, Placement, PlacementError, Scene,
    Spin, Wall, World, WorldError,
};
