//! Provenance: every random draw of a seed, named, and "what if" a draw were
//! different. The inspector's Draws panel shows the engine's draw record of the
//! attempts the generator made; pins (a value, a raw draw, a wall kept or dropped)
//! give the pinned candidate, judged as the generator judges it, next to the real
//! seed's result; an edited level is exported as the engine's edited level file
//! (schema version 3) or played in a window that says it is edited.
//!
//! Only the engine decides: this calls `seed_draws`, `what_if` and
//! `export_edited_level` under the rules in force (`RulesBook::in_force`), and
//! re-simulates the pinned candidate's bare ball at the inspector's stride,
//! checking the outcome against the engine's judgement, as `inspect` does.

use std::path::Path;
use std::time::Instant;

use contraption::{
    export_edited_level, level_file_text, simulate, what_if, Attempt, DrawRecord, LevelFile, Pin,
    PinError, SimOptions, ValidRules,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::draft_vs_in_force::{outcome_of, SeedOutcome};
use crate::exchange::{self, WrittenFile};
use crate::inspect::{report, InspectError, BARE_STRIDE};
use crate::StudioError;

/// Why a draw record, a what-if or an edited level was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DrawsError {
    /// The engine refused the pins (its message: out of range, not drawn, ...).
    #[error("{error}")]
    Pins { error: PinError },
    /// An edited level needs at least one pin (without, it is the seed's level).
    #[error("an edited level needs at least one pin; without pins it is the seed's own level")]
    NoPins,
}

impl From<PinError> for DrawsError {
    fn from(error: PinError) -> Self {
        DrawsError::Pins { error }
    }
}

/// The draw record of every attempt the generator made for `seed` under `rules`
/// (the game's generation decides how many: the inspector's makes the same attempts).
pub fn seed_draws(rules: &ValidRules, seed: u32) -> Result<DrawRecord, DrawsError> {
    Ok(contraption::seed_draws(rules, seed, None, &[])?)
}

/// A seed with pins next to the seed as it is: what the before/after panel shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PinnedSeed {
    pub seed: u32,
    pub pins: Vec<Pin>,
    /// The last attempt a pin touches (1-based): the edited candidate's attempt.
    pub pinned_attempt: u32,
    /// The real seed under the rules in force (what ships today).
    pub before: SeedOutcome,
    /// The pinned generation: what the generator would ship with the pins.
    pub after: SeedOutcome,
    /// The pinned candidate judged on its own (preSolved check and full sweep), with
    /// its bare trajectory at `bare_stride`. An edited level, never the seed's.
    pub candidate: Attempt,
    pub bare_stride: u32,
    /// Whether the pinned generation reaches the pinned attempt (an earlier
    /// attempt accepted means the pins cannot change what ships).
    pub reached: bool,
    /// Whether the pinned generation ships the same level as the real seed.
    pub same_level: bool,
    /// The draws of the pinned generation (and of the pinned attempt when not reached).
    pub record: DrawRecord,
    /// Time the engine spent on both generations, in milliseconds.
    pub elapsed_ms: f64,
}

/// `seed` under `rules` with `pins` (none: the seed itself on both sides), the
/// engine's `what_if`, beside the real seed's generation.
pub fn pinned_seed(rules: &ValidRules, seed: u32, pins: &[Pin]) -> Result<PinnedSeed, StudioError> {
    let started = Instant::now();
    let w = what_if(rules, seed, pins, 0).map_err(DrawsError::from)?;
    let after_ms = started.elapsed().as_secs_f64() * 1000.0;
    let real = Instant::now();
    let real_report = report(rules, seed);
    let before = outcome_of(rules, &real_report, real.elapsed().as_secs_f64() * 1000.0);
    let after = outcome_of(rules, &w.report, after_ms);
    let mut candidate = w.candidate;
    let bare = simulate(
        rules,
        &candidate.world,
        &[],
        &SimOptions::with_trajectory(BARE_STRIDE),
    );
    if bare.outcome != candidate.bare.outcome || bare.steps != candidate.bare.steps {
        return Err(InspectError::Inconsistent {
            seed,
            attempt: candidate.index,
            what: "pinned candidate's bare ball".into(),
        }
        .into());
    }
    candidate.bare = bare;
    Ok(PinnedSeed {
        seed,
        pins: w.pins,
        pinned_attempt: w.pinned_attempt,
        same_level: before.level_hash == after.level_hash,
        before,
        after,
        candidate,
        bare_stride: BARE_STRIDE,
        reached: w.reached,
        record: w.record,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// The engine's edited level file of `seed` with `pins` (at least one) under `rules`.
pub fn edited_level(rules: &ValidRules, seed: u32, pins: &[Pin]) -> Result<LevelFile, DrawsError> {
    if pins.is_empty() {
        return Err(DrawsError::NoPins);
    }
    Ok(export_edited_level(rules, seed, pins)?)
}

/// Writes the edited level file (`level_file_text` of `edited_level`) atomically,
/// through the level export's own writer.
pub fn write_edited_level(
    rules: &ValidRules,
    path: &Path,
    seed: u32,
    pins: &[Pin],
) -> Result<WrittenFile, StudioError> {
    let file = edited_level(rules, seed, pins)?;
    Ok(exchange::write(path, level_file_text(&file).as_bytes())?)
}

/// The file name the save dialog proposes for an edited level.
pub fn edited_file_name(seed: u32, pinned_attempt: u32) -> String {
    format!("contraption-level-{seed}-attempt-{pinned_attempt}-edited.json")
}

/// The last attempt the pins touch (1 when there are none).
pub fn pinned_attempt(pins: &[Pin]) -> u32 {
    pins.iter().map(|p| p.attempt).max().unwrap_or(1)
}
