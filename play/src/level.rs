//! The level a play window or page plays: the seed's shipped world under its rules
//! and the sweep's solving ramps (or an edited candidate of the seed, marked so).

use contraption::{
    generate, what_if, GenerateOptions, Pin, PinError, Placement, SweepEntry, SweepResult,
    ValidRules, Verdict, World,
};
use serde::{Deserialize, Serialize};

use crate::rules_info::RulesInfo;

/// A level to play: the seed's shipped world, the sweep's solving ramps, and the
/// rules it is played under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EditedPlay {
    pub pins: Vec<Pin>,
    /// The seed's attempt the pins edit (the last one a pin touches).
    pub attempt: u32,
    /// The edited candidate's own verdict and reason (its preSolved check and sweep).
    pub verdict: Verdict,
    pub reason: String,
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

/// The level to play: the seed's shipped level without pins, else the edited
/// candidate of `seed` with `pins` under `rules` (the engine's `what_if`: the
/// pinned attempt's candidate, judged on its own), with its own sweep's solving
/// ramps as hints, marked edited.
pub fn play_level_with(
    rules: &ValidRules,
    info: RulesInfo,
    seed: u32,
    pins: &[Pin],
) -> Result<PlayLevel, PinError> {
    if pins.is_empty() {
        return Ok(play_level(rules, info, seed));
    }
    let w = what_if(rules, seed, pins, 0)?;
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
