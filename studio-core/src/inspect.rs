//! The inspector: one seed's generation as the engine reports it (every attempt,
//! every sweep placement), with the trajectories the report does not carry
//! re-simulated on demand.
//!
//! Only the engine decides: this parses with `parse_seed`, generates with
//! `generate(rules, seed, inspector)` and re-runs `simulate(rules, world,
//! [sweep_placement(i)])` for trajectories, checking that every re-run agrees with
//! the report. The rules are the studio's rules in force (`RulesBook::in_force`).

use std::time::Instant;

use contraption::{
    generate, parse_seed, simulate, sweep_placement, GenerateOptions, GenerationReport, ParsedSeed,
    SeedError, SimOptions, SweepEntry, SweepResult, ValidRules, Vec2,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Sampling stride of the bare ball's trajectory in an inspection (every 2nd step).
pub const BARE_STRIDE: u32 = 2;
/// Sampling stride of the 144 sweep trajectories streamed by a sweep job.
pub const SWEEP_STRIDE: u32 = 3;
/// Sampling stride of one placement's full trajectory (every step).
pub const PLACEMENT_STRIDE: u32 = 1;

/// Everything the inspector's commands can refuse.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InspectError {
    /// The engine refused the seed text.
    #[error("{error}")]
    InvalidSeed { error: SeedError },
    #[error("seed {seed} has no attempt {attempt}; the generator made {attempts} attempts")]
    NoSuchAttempt {
        seed: u32,
        attempt: u32,
        attempts: u32,
    },
    #[error("attempt {attempt} of seed {seed} was preSolved (the bare ball falls into the goal), so it was never swept")]
    NotSwept { seed: u32, attempt: u32 },
    #[error("the sweep has no placement {index}; placements are numbered 0 to {last}")]
    NoSuchPlacement { index: u32, last: u32 },
    #[error("re-simulating the {what} of attempt {attempt} of seed {seed} disagreed with the generator's report")]
    Inconsistent {
        seed: u32,
        attempt: u32,
        what: String,
    },
}

impl From<SeedError> for InspectError {
    fn from(error: SeedError) -> Self {
        InspectError::InvalidSeed { error }
    }
}

/// One ramp of the sweep grid with its solid body, as the engine computes it
/// (`Placement::body()`): the capsule `a`–`b` of `radius`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RampGlyph {
    /// 0-based sweep index.
    pub index: u32,
    pub x: f64,
    pub y: f64,
    pub angle: f64,
    /// Column (left to right), row (top to bottom) and tilt in the grid (0..6, 0..6
    /// and 0..4 under the default rules).
    pub column: u32,
    pub row: u32,
    pub tilt: u32,
    pub a: Vec2,
    pub b: Vec2,
    pub radius: f64,
}

/// The ramps of the sweep (144 under the default rules), in sweep order.
pub fn sweep_grid(rules: &ValidRules) -> Vec<RampGlyph> {
    let (ys, angles) = (rules.sweep.ys.len(), rules.sweep.angles.len());
    (0..rules.sweep.size())
        .map(|i| {
            let p = sweep_placement(rules, i);
            let body = p.body(&rules.parts);
            RampGlyph {
                index: i as u32,
                x: p.x,
                y: p.y,
                angle: p.angle,
                column: (i / (ys * angles)) as u32,
                row: ((i / angles) % ys) as u32,
                tilt: (i % angles) as u32,
                a: body.a,
                b: body.b,
                radius: body.radius,
            }
        })
        .collect()
}

/// What the studio shows for one seed: the inspector-mode report (every attempt,
/// every sweep placement) with the bare ball's trajectory of each attempt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Inspection {
    pub report: GenerationReport,
    /// Stride of the bare trajectories in `report`.
    pub bare_stride: u32,
    pub grid: Vec<RampGlyph>,
    /// Time the shell spent generating, in milliseconds.
    pub elapsed_ms: f64,
}

/// Parses seed text with the engine's parser.
pub fn parse(text: &str) -> Result<ParsedSeed, InspectError> {
    parse_seed(text).map_err(InspectError::from)
}

/// Today's daily seed (UTC).
pub fn today() -> ParsedSeed {
    contraption::seed::daily(chrono::Utc::now().date_naive())
}

/// The inspector-mode report of `seed` under `rules`, without trajectories (the
/// engine's `generate`, as `contraption generate SEED --json --full` prints it).
pub fn report(rules: &ValidRules, seed: u32) -> GenerationReport {
    generate(rules, seed, &GenerateOptions::inspector())
}

/// The inspection of `seed`: the report, with each attempt's bare trajectory
/// re-simulated at `BARE_STRIDE` (the engine's one stride option would also fill
/// all 144 x attempts sweep trajectories, far too much for the first payload).
pub fn inspect(rules: &ValidRules, seed: u32) -> Result<Inspection, InspectError> {
    let started = Instant::now();
    let mut report = report(rules, seed);
    let options = SimOptions::with_trajectory(BARE_STRIDE);
    for attempt in &mut report.attempts {
        let bare = simulate(rules, &attempt.world, &[], &options);
        if bare.outcome != attempt.bare.outcome || bare.steps != attempt.bare.steps {
            return Err(InspectError::Inconsistent {
                seed,
                attempt: attempt.index,
                what: "bare ball".into(),
            });
        }
        attempt.bare = bare;
    }
    Ok(Inspection {
        report,
        bare_stride: BARE_STRIDE,
        grid: sweep_grid(rules),
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// One sweep placement with its sampled trajectory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlacementTrajectory {
    pub index: u32,
    pub result: SweepResult,
    pub steps: u32,
    /// Null when blocked.
    pub closest: Option<f64>,
    pub stride: u32,
    /// Ball centres `[x, y]`; empty when blocked (never simulated).
    pub trajectory: Vec<[f64; 2]>,
}

pub(crate) fn swept_entries(
    report: &GenerationReport,
    seed: u32,
    attempt: u32,
) -> Result<&[SweepEntry], InspectError> {
    let count = report.attempts.len() as u32;
    let a = report
        .attempts
        .get((attempt as usize).wrapping_sub(1))
        .filter(|_| attempt >= 1)
        .ok_or(InspectError::NoSuchAttempt {
            seed,
            attempt,
            attempts: count,
        })?;
    match &a.sweep {
        Some(s) => Ok(&s.placements),
        None => Err(InspectError::NotSwept { seed, attempt }),
    }
}

/// Re-runs one sweep placement with a trajectory: `simulate(world, [ramp i])`,
/// the same call the sweep made. Blocked placements are returned as they are.
pub(crate) fn trace(
    rules: &ValidRules,
    report: &GenerationReport,
    seed: u32,
    attempt: u32,
    entry: &SweepEntry,
    stride: u32,
) -> Result<PlacementTrajectory, InspectError> {
    if entry.result == SweepResult::Blocked {
        return Ok(PlacementTrajectory {
            index: entry.index,
            result: entry.result,
            steps: entry.steps,
            closest: entry.closest,
            stride,
            trajectory: Vec::new(),
        });
    }
    let world = &report.attempts[attempt as usize - 1].world;
    let r = simulate(
        rules,
        world,
        &[sweep_placement(rules, entry.index as usize)],
        &SimOptions::with_trajectory(stride),
    );
    let result = SweepResult::from(r.outcome);
    if result != entry.result || r.steps != entry.steps {
        return Err(InspectError::Inconsistent {
            seed,
            attempt,
            what: format!("sweep placement {}", entry.index),
        });
    }
    Ok(PlacementTrajectory {
        index: entry.index,
        result,
        steps: r.steps,
        closest: Some(r.closest),
        stride,
        trajectory: r.trajectory,
    })
}

/// The full-resolution trajectory of sweep placement `index` (0-based) of `attempt`.
pub fn placement_trajectory(
    rules: &ValidRules,
    seed: u32,
    attempt: u32,
    index: u32,
) -> Result<PlacementTrajectory, InspectError> {
    let size = rules.sweep.size();
    if index as usize >= size {
        return Err(InspectError::NoSuchPlacement {
            index,
            last: size as u32 - 1,
        });
    }
    let report = report(rules, seed);
    let entries = swept_entries(&report, seed, attempt)?;
    trace(
        rules,
        &report,
        seed,
        attempt,
        &entries[index as usize],
        PLACEMENT_STRIDE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_without_a_sweep_is_not_swept() {
        // Game-mode reports (and preSolved candidates there) carry no sweep.
        let mut report = report(&ValidRules::default(), 42);
        report.attempts[0].sweep = None;
        assert_eq!(
            swept_entries(&report, 42, 1).unwrap_err(),
            InspectError::NotSwept {
                seed: 42,
                attempt: 1
            }
        );
        assert!(swept_entries(&report, 42, 0).is_err());
    }
}
