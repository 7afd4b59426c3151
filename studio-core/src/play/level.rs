//! The level a play window plays: the seed's shipped world under the window's
//! rules and the sweep's solving ramps, and a small cache of shipped worlds for
//! the checks made while a part is dragged.

use std::collections::BTreeMap;
use std::sync::Mutex;

use contraption::{generate, level_hash, record_draws, GenerateOptions, Pin, ValidRules, World};
pub use contraption_play::{play_level, EditedPlay, PlayLevel};

use super::PlayError;
use crate::draws::pinned_attempt;
use crate::rules::RulesInfo;

/// Worlds kept at most; the cache starts over beyond.
const CACHED_LEVELS: usize = 64;

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

/// The play crate's `play_level_with`; pins the engine refuses are `edited_pins`.
pub fn play_level_with(
    rules: &ValidRules,
    info: RulesInfo,
    seed: u32,
    pins: &[Pin],
) -> Result<PlayLevel, PlayError> {
    contraption_play::play_level_with(rules, info, seed, pins)
        .map_err(|error| PlayError::EditedPins { error })
}
