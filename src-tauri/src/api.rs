//! The studio's IPC contract and the pure functions behind each command.
//!
//! Everything here only wires the UI to the engine: it parses, generates, and
//! re-runs `simulate` for trajectories; it decides nothing about levels. The
//! functions take plain arguments and a progress sink so tests can call them
//! without a window; `commands.rs` adapts them to Tauri.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use contraption::rules::{
    BALL_RADIUS, FIELD_HEIGHT, FIELD_WIDTH, GOAL_HEIGHT, GOAL_WIDTH, MAX_ATTEMPTS, RAMP_LENGTH,
    RAMP_RADIUS, SWEEP_ANGLES, SWEEP_SIZE, SWEEP_XS, SWEEP_YS, WALL_RADIUS,
};
use contraption::{
    generate, parse_seed, simulate, sweep_placement, GenerateOptions, GenerationReport, ParsedSeed,
    Rules, SimOptions, SweepEntry, SweepResult, ValidRules, Vec2,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::StudioError;

/// Sampling stride of the bare ball's trajectory in an inspection (every 2nd step).
pub const BARE_STRIDE: u32 = 2;
/// Sampling stride of the 144 sweep trajectories streamed by a sweep job.
pub const SWEEP_STRIDE: u32 = 3;
/// Sampling stride of one placement's full trajectory (every step).
pub const PLACEMENT_STRIDE: u32 = 1;
/// Trajectories per progress chunk of a sweep job: one column of the grid (6 rows x 4 tilts).
pub const CHUNK: usize = 24;

/// The rules the UI needs to draw a field, copied from `contraption::rules` so the
/// UI never hard-codes a constant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FieldRules {
    pub field_width: f64,
    pub field_height: f64,
    pub ball_radius: f64,
    pub wall_radius: f64,
    pub ramp_length: f64,
    pub ramp_radius: f64,
    pub goal_width: f64,
    pub goal_height: f64,
    pub max_attempts: u32,
    pub sweep_xs: Vec<f64>,
    pub sweep_ys: Vec<f64>,
    pub sweep_angles: Vec<f64>,
}

impl FieldRules {
    pub fn current() -> Self {
        Self {
            field_width: FIELD_WIDTH,
            field_height: FIELD_HEIGHT,
            ball_radius: BALL_RADIUS,
            wall_radius: WALL_RADIUS,
            ramp_length: RAMP_LENGTH,
            ramp_radius: RAMP_RADIUS,
            goal_width: GOAL_WIDTH,
            goal_height: GOAL_HEIGHT,
            max_attempts: MAX_ATTEMPTS,
            sweep_xs: SWEEP_XS.to_vec(),
            sweep_ys: SWEEP_YS.to_vec(),
            sweep_angles: SWEEP_ANGLES.to_vec(),
        }
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
    /// Column (0..6, left to right), row (0..6, top to bottom) and tilt (0..4) in the grid.
    pub column: u32,
    pub row: u32,
    pub tilt: u32,
    pub a: Vec2,
    pub b: Vec2,
    pub radius: f64,
}

/// The 144 ramps of the sweep, in sweep order.
pub fn sweep_grid() -> Vec<RampGlyph> {
    (0..SWEEP_SIZE)
        .map(|i| {
            let p = sweep_placement(&Rules::default(), i);
            let body = p.body(&Rules::default().parts);
            RampGlyph {
                index: i as u32,
                x: p.x,
                y: p.y,
                angle: p.angle,
                column: (i / (SWEEP_YS.len() * SWEEP_ANGLES.len())) as u32,
                row: ((i / SWEEP_ANGLES.len()) % SWEEP_YS.len()) as u32,
                tilt: (i % SWEEP_ANGLES.len()) as u32,
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
    pub rules: FieldRules,
    pub grid: Vec<RampGlyph>,
    /// Time the shell spent generating, in milliseconds.
    pub elapsed_ms: f64,
}

/// Parses seed text with the engine's parser.
pub fn parse(text: &str) -> Result<ParsedSeed, StudioError> {
    parse_seed(text).map_err(StudioError::from)
}

/// Today's daily seed (UTC).
pub fn today() -> ParsedSeed {
    contraption::seed::daily(chrono::Utc::now().date_naive())
}

/// The inspector-mode report of `seed`, without trajectories (the engine's
/// `generate`, as `contraption generate SEED --json --full` prints it).
pub fn report(seed: u32) -> GenerationReport {
    generate(&ValidRules::default(), seed, &GenerateOptions::inspector())
}

/// The inspection of `seed`: the report, with each attempt's bare trajectory
/// re-simulated at `BARE_STRIDE` (the engine's one stride option would also fill
/// all 144 x attempts sweep trajectories, far too much for the first payload).
pub fn inspect(seed: u32) -> Result<Inspection, StudioError> {
    let started = Instant::now();
    let mut report = report(seed);
    let options = SimOptions::with_trajectory(BARE_STRIDE);
    for attempt in &mut report.attempts {
        let bare = simulate(&ValidRules::default(), &attempt.world, &[], &options);
        if bare.outcome != attempt.bare.outcome || bare.steps != attempt.bare.steps {
            return Err(StudioError::Inconsistent {
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
        rules: FieldRules::current(),
        grid: sweep_grid(),
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

fn swept_entries(
    report: &GenerationReport,
    seed: u32,
    attempt: u32,
) -> Result<&[SweepEntry], StudioError> {
    let count = report.attempts.len() as u32;
    let a = report
        .attempts
        .get((attempt as usize).wrapping_sub(1))
        .filter(|_| attempt >= 1)
        .ok_or(StudioError::NoSuchAttempt {
            seed,
            attempt,
            attempts: count,
        })?;
    match &a.sweep {
        Some(s) => Ok(&s.placements),
        None => Err(StudioError::NotSwept { seed, attempt }),
    }
}

/// Re-runs one sweep placement with a trajectory: `simulate(world, [ramp i])`,
/// the same call the sweep made. Blocked placements are returned as they are.
fn trace(
    report: &GenerationReport,
    seed: u32,
    attempt: u32,
    entry: &SweepEntry,
    stride: u32,
) -> Result<PlacementTrajectory, StudioError> {
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
    let rules = ValidRules::default();
    let r = simulate(
        &rules,
        world,
        &[sweep_placement(&rules, entry.index as usize)],
        &SimOptions::with_trajectory(stride),
    );
    let result = SweepResult::from(r.outcome);
    if result != entry.result || r.steps != entry.steps {
        return Err(StudioError::Inconsistent {
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
    seed: u32,
    attempt: u32,
    index: u32,
) -> Result<PlacementTrajectory, StudioError> {
    if index as usize >= SWEEP_SIZE {
        return Err(StudioError::NoSuchPlacement { index });
    }
    let report = report(seed);
    let entries = swept_entries(&report, seed, attempt)?;
    trace(
        &report,
        seed,
        attempt,
        &entries[index as usize],
        PLACEMENT_STRIDE,
    )
}

/// Progress of a background job, streamed through a `tauri::ipc::Channel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SweepEvent {
    /// The job exists; `job` is the id to pass to `cancel_job`.
    Started {
        job: u32,
        seed: u32,
        attempt: u32,
        total: u32,
    },
    /// More trajectories are ready.
    Chunk {
        job: u32,
        done: u32,
        total: u32,
        trajectories: Vec<PlacementTrajectory>,
    },
    /// Every trajectory was sent.
    Finished {
        job: u32,
        done: u32,
        elapsed_ms: f64,
    },
    /// `cancel_job` stopped it after `done` trajectories.
    Cancelled { job: u32, done: u32 },
}

/// How a sweep job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum JobEnd {
    Finished,
    Cancelled,
}

/// The command's return value once the job is over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct JobSummary {
    pub job: u32,
    pub end: JobEnd,
    pub done: u32,
    pub total: u32,
}

/// Streams all 144 trajectories of `attempt`'s sweep, a column (24) at a time,
/// checking `cancel` before every simulation.
pub fn sweep_trajectories(
    job: u32,
    seed: u32,
    attempt: u32,
    cancel: &AtomicBool,
    mut emit: impl FnMut(SweepEvent),
) -> Result<JobSummary, StudioError> {
    let started = Instant::now();
    let report = report(seed);
    let entries = swept_entries(&report, seed, attempt)?;
    let total = entries.len() as u32;
    emit(SweepEvent::Started {
        job,
        seed,
        attempt,
        total,
    });
    let mut done = 0u32;
    for chunk in entries.chunks(CHUNK) {
        let mut trajectories = Vec::with_capacity(chunk.len());
        for entry in chunk {
            if cancel.load(Ordering::Relaxed) {
                if !trajectories.is_empty() {
                    emit(SweepEvent::Chunk {
                        job,
                        done,
                        total,
                        trajectories,
                    });
                }
                emit(SweepEvent::Cancelled { job, done });
                return Ok(JobSummary {
                    job,
                    end: JobEnd::Cancelled,
                    done,
                    total,
                });
            }
            trajectories.push(trace(&report, seed, attempt, entry, SWEEP_STRIDE)?);
            done += 1;
        }
        emit(SweepEvent::Chunk {
            job,
            done,
            total,
            trajectories,
        });
    }
    emit(SweepEvent::Finished {
        job,
        done,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    });
    Ok(JobSummary {
        job,
        end: JobEnd::Finished,
        done,
        total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_without_a_sweep_is_not_swept() {
        // Game-mode reports (and preSolved candidates there) carry no sweep.
        let mut report = report(42);
        report.attempts[0].sweep = None;
        assert_eq!(
            swept_entries(&report, 42, 1).unwrap_err(),
            StudioError::NotSwept {
                seed: 42,
                attempt: 1
            }
        );
        assert!(swept_entries(&report, 42, 0).is_err());
    }
}
