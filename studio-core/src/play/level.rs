//! The level a play window plays: the seed's shipped world under the window's
//! rules and the sweep's solving ramps, and a small cache of shipped worlds for
//! the checks made while a part is dragged.

use std::collections::BTreeMap;
use std::sync::Mutex;

use contraption::{generate, GenerateOptions, Placement, SweepResult, ValidRules, World};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
}

/// Shipped worlds by rules id and seed, so checks while dragging do not regenerate the level.
#[derive(Default)]
pub struct Levels {
    worlds: Mutex<BTreeMap<(String, u32), (String, World)>>,
}

impl Levels {
    /// The shipped level hash and world of `seed` under `rules` (the engine's game-mode `generate`).
    pub fn world(&self, rules: &ValidRules, seed: u32) -> (String, World) {
        let key = (rules.id().to_owned(), seed);
        if let Some(w) = self.lock().get(&key) {
            return w.clone();
        }
        let shipped = generate(rules, seed, &GenerateOptions::game()).shipped;
        let entry = (shipped.level_hash, shipped.world);
        let mut worlds = self.lock();
        if worlds.len() >= CACHED_LEVELS {
            worlds.clear();
        }
        worlds.insert(key, entry.clone());
        entry
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<(String, u32), (String, World)>> {
        self.worlds.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The level of `seed` as the game ships it under `rules` (described by `info`),
/// with the sweep's solving ramps.
pub fn play_level(rules: &ValidRules, info: RulesInfo, seed: u32) -> PlayLevel {
    let report = generate(rules, seed, &GenerateOptions::inspector());
    let hints = report
        .shipped_attempt()
        .sweep
        .as_ref()
        .map(|s| {
            s.placements
                .iter()
                .filter(|e| e.result == SweepResult::Goal)
                .map(|e| Placement::ramp(e.x, e.y, e.angle))
                .collect()
        })
        .unwrap_or_default();
    PlayLevel {
        seed,
        level_hash: report.shipped.level_hash.clone(),
        world: report.shipped.world.clone(),
        fallback: report.shipped.fallback,
        hints,
        rules: info,
    }
}
