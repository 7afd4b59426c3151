//! The level a play window plays: the seed's shipped world under the window's
//! rules and the sweep's solving ramps, and a small cache of shipped worlds for
//! the checks made while a part is dragged.

use std::collections::BTreeMap;
use std::sync::Mutex;

use contraption::{
    generate, level_hash, record_draws, what_if, GenerateOptions, Pin, Placement, SweepEntry,
    SweepResult, ValidRules, Verdict, World,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::PlayError;
use crate::draws::pinned_attempt;
use crate::rules::RulesInfo;

/// Worlds kept at most; the cache starts over beyond.
const CACHED_LEVELS: usize = 64;

/// A level to play: the seed's shipped world, the sweep's solving ramps, and the
/// rules it is played under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayLevel {
    pub seed: u32,
    pub level_hash: String,
    pub world: World,
    /// Whether the generator shipped its fallback (no single ramp solves it).
    pub fallback: bool,
    /// Every placement of the shipped attempt's sweep that reaches the goal, in
    /// sweep order (inspector mode: the whole sweep was simulated).
    pub hints: Vec<Placement>,
    /// The rules the level is generated, checked and run under.
    pub rules: RulesInfo,
    /// Set for an edited level (a seed's candidate with a designer's pins): never
    /// the seed's own level.
    pub edited: Option<EditedPlay>,
}

/// What a play window says of an edited level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EditedPlay {
    pub pins: Vec<Pin>,
    /// The seed's attempt the pins edit (the last one a pin touches).
    pub attempt: u32,
    /// The edited candidate's own verdict and reason (its preSolved check and sweep).
    pub verdict: Verdict,
    pub reason: String,
}

/// The key of a level: rules id, seed and the pins' text (empty for the seed's level).
type LevelKey = (String, u32, String);

fn pins_key(pins: &[Pin]) -> String {
    pins.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shipped worlds by rules id and seed, so checks while dragging do not regenerate the level.
#[derive(Default)]
pub struct Levels {
    worlds: Mutex<BTreeMap<LevelKey, (String, World)>>,
}

impl Levels {
    /// The shipped level hash and world of `seed` under `rules` (the engine's
    /// game-mode `generate`), or with `pins` the edited candidate's (the engine's
    /// draw record with the pins: no physics); pins the engine refuses are
    /// `edited_pins` with its message.
    pub fn world(
        &self,
        rules: &ValidRules,
        seed: u32,
        pins: &[Pin],
    ) -> Result<(String, World), PlayError> {
        let key = (rules.id().to_owned(), seed, pins_key(pins));
        if let Some(w) = self.lock().get(&key) {
            return Ok(w.clone());
        }
        let entry = if pins.is_empty() {
            let shipped = generate(rules, seed, &GenerateOptions::game()).shipped;
            (shipped.level_hash, shipped.world)
        } else {
            let last = pinned_attempt(pins);
            let record = record_draws(rules, seed, last, pins)
                .map_err(|error| PlayError::EditedPins { error })?;
            let world = record.attempts[last as usize - 1].world.clone();
            (level_hash(&world), world)
        };
        let mut worlds = self.lock();
        if worlds.len() >= CACHED_LEVELS {
            worlds.clear();
        }
        worlds.insert(key, entry.clone());
        Ok(entry)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<LevelKey, (String, World)>> {
        self.worlds.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn hints(placements: Option<&[SweepEntry]>) -> Vec<Placement> {
    placements
        .unwrap_or_default()
        .iter()
        .filter(|e| e.result == SweepResult::Goal)
        .map(|e| Placement::ramp(e.x, e.y, e.angle))
        .collect()
}

/// The level of `seed` as the game ships it under `rules` (described by `info`),
/// with the sweep's solving ramps.
pub fn play_level(rules: &ValidRules, info: RulesInfo, seed: u32) -> PlayLevel {
    let report = generate(rules, seed, &GenerateOptions::inspector());
    PlayLevel {
        seed,
        level_hash: report.shipped.level_hash.clone(),
        world: report.shipped.world.clone(),
        fallback: report.shipped.fallback,
        hints: hints(
            report
                .shipped_attempt()
                .sweep
                .as_ref()
                .map(|s| &s.placements[..]),
        ),
        rules: info,
        edited: None,
    }
}

/// The level a play window plays: the seed's shipped level without pins, else
/// the edited candidate of `seed` with `pins` under `rules` (the engine's
/// `what_if`: the pinned attempt's candidate, judged on its own), with its own
/// sweep's solving ramps as hints, marked edited.
pub fn play_level_with(
    rules: &ValidRules,
    info: RulesInfo,
    seed: u32,
    pins: &[Pin],
) -> Result<PlayLevel, PlayError> {
    if pins.is_empty() {
        return Ok(play_level(rules, info, seed));
    }
    let w = what_if(rules, seed, pins, 0).map_err(|error| PlayError::EditedPins { error })?;
    let c = w.candidate;
    Ok(PlayLevel {
        seed,
        level_hash: c.level_hash.clone(),
        hints: hints(c.sweep.as_ref().map(|s| &s.placements[..])),
        world: c.world,
        fallback: false,
        rules: info,
        edited: Some(EditedPlay {
            pins: w.pins,
            attempt: w.pinned_attempt,
            verdict: c.verdict,
            reason: c.reason,
        }),
    })
}
