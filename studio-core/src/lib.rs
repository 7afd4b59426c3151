//! Contraption Level Studio without a window: everything the studio decides or
//! computes, as plain functions over plain data, tested by `cargo test` on any
//! machine. The Tauri shell (`src-tauri`, crate `contraption-studio`) only wires
//! these functions to commands, windows, dialogs and managed state.
//!
//! Each module is one part of the studio: `inspect` (one seed's generation and its
//! sweep), `draws` (its draw record, pins and edited levels), `catalog` (scans, queries, statistics, bookmarks, calendar, thumbnails),
//! `play` (the play window's level, checks, runs and solution files), `exchange`
//! (level files, pictures, share codes). `rules` is the one rules type the UI
//! draws with, `rules_book` the rules in force and those met in files; `rules_draft` the rules draft (the Rules view's edits, field table and presets); `ab` the A/B view over a seed range (scans under two rule sets, their comparison, what changed); `expressive_range` its expressive range (joint counts of two metrics, the PNG figure); `tune` the Tune view (targets, a tune as a job over the catalog's tallies, what each rule does, their PNG and CSV); `draft_vs_in_force` one seed under the rules in force and the draft; `settings` the remembered view settings (a file in the profile); `slow` the refusal of slow rules not asked for (their worst case, the files a confirmation may read again); `error` the one error every command returns; `ipc` the command list (names, arguments, types) and its TypeScript functions; `jobs` the cancel flags
//! of long jobs; `args` the studio's command line; `display` the renderer choice
//! made before any window exists. Every type that crosses the IPC boundary derives
//! `ts_rs::TS`; `tests/bindings.rs` keeps `ui/src/bindings/` current.

pub mod ab;
pub mod args;
pub mod catalog;
pub mod display;
pub mod draft_vs_in_force;
pub mod draws;
pub mod error;
pub mod exchange;
pub mod expressive_range;
mod files;
pub mod inspect;
pub mod ipc;
pub mod jobs;
pub mod play;
pub mod rules;
pub mod rules_book;
pub mod rules_draft;
pub mod settings;
pub mod slow;
pub mod sweep_job;
pub mod tune;

pub use error::{CommandError, ShellError, StudioError};
pub use files::FileError;
