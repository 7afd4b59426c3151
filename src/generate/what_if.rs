//! "What if": a seed's generation with pins. The pinned attempt's candidate is
//! judged as the generator judges it (its preSolved check and its sweep), and the
//! whole generation is run again from the pinned draws on: what it would ship.

use serde::{Deserialize, Serialize};

use crate::generate::attempt::judge_world;
use crate::generate::generator::{draw_candidate_with, generate, generate_with, GenerateOptions};
use crate::generate::pins::{Pin, PinError};
use crate::generate::record::{record_draws, DrawRecord, Recorder};
use crate::generate::report::{Attempt, GenerationReport, Mode};
use crate::rules::valid::ValidRules;

/// A seed's generation under pins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WhatIf {
    pub seed: u32,
    pub pins: Vec<Pin>,
    /// The last attempt a pin touches (1-based).
    pub pinned_attempt: u32,
    /// The pinned attempt's candidate, judged (always swept, as in the inspector).
    pub candidate: Attempt,
    /// Whether the pinned generation reaches the pinned attempt (it does not when
    /// an earlier attempt is accepted): only then can the pins change what ships.
    pub reached: bool,
    /// The generation with the pins (inspector mode).
    pub report: GenerationReport,
    /// The draws of every attempt the pinned generation drew, and of the pinned
    /// attempt when it was not reached.
    pub record: DrawRecord,
}

/// Runs `seed`'s generation under `rules` with `pins` (at least one), with
/// trajectories sampled every `stride` steps (0: none).
pub fn what_if(
    rules: &ValidRules,
    seed: u32,
    pins: &[Pin],
    stride: u32,
) -> Result<WhatIf, PinError> {
    let last = pins.iter().map(|p| p.attempt).max().unwrap_or(1);
    // Drawing the pinned attempts first checks every pin, with no physics.
    let drawn = Recorder::new(rules, pins)?.record(seed, last)?;
    let mut recorder = Recorder::new(rules, pins)?;
    let options = GenerateOptions {
        mode: Mode::Inspector,
        trajectory_stride: stride,
    };
    let report = generate_with(rules, seed, &options, |rng| {
        recorder.begin();
        let world = draw_candidate_with(rules, rng, &mut recorder);
        recorder
            .end(&world)
            .expect("the pins were checked on the same draws");
        world
    });
    let generated = recorder.finish(seed)?;
    let record = if generated.attempts.len() >= drawn.attempts.len() {
        generated
    } else {
        drawn
    };
    let reached = report.attempts.len() as u32 >= last;
    let candidate = match report.attempts.get(last as usize - 1) {
        Some(a) => a.clone(),
        None => judge_world(
            rules,
            record.attempts[last as usize - 1].world.clone(),
            last,
            false,
            stride,
        ),
    };
    Ok(WhatIf {
        seed,
        pins: pins.to_vec(),
        pinned_attempt: last,
        candidate,
        reached,
        report,
        record,
    })
}

/// The draws a seed's generation makes (with `pins`: the pinned generation's,
/// and the pinned attempt's), or, with `through`, those of its attempts 1 to
/// `through` (any attempt up to `generator.max_attempts`, reached or not).
/// What `contraption draws` prints.
pub fn seed_draws(
    rules: &ValidRules,
    seed: u32,
    through: Option<u32>,
    pins: &[Pin],
) -> Result<DrawRecord, PinError> {
    let max = rules.generator.max_attempts;
    if let Some(k) = through.filter(|k| *k == 0 || *k > max) {
        return Err(PinError::NoSuchAttempt { attempt: k, max });
    }
    let made = if pins.is_empty() {
        generate(rules, seed, &GenerateOptions::game())
            .attempts
            .len() as u32
    } else {
        what_if(rules, seed, pins, 0)?.record.attempts.len() as u32
    };
    record_draws(rules, seed, through.unwrap_or(made).max(made), pins)
}
