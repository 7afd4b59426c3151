//! Animated replays: a run of the ball as a looping GIF. The level is drawn once,
//! exactly as [`render_png`](crate::render_png) draws it (field, grid, goal,
//! walls, placed parts) but without the ball and the path; then each frame puts
//! the ball where the engine's trajectory has it at that frame's step.
//!
//! Frames sample the run at a frame rate (`--fps`, 1 to [`MAX_FPS`]) on the
//! rules' clock (`physics.steps_per_second`); the last frame is the ball's final
//! position, held [`HOLD_CS`] hundredths of a second before the loop starts
//! again. A run that would need more than [`MAX_FRAMES`] frames is sampled more
//! sparsely (evenly over the run, still in real time) so it fits.
//!
//! The bytes are a function of the inputs alone: no timestamp, no clock, a
//! palette chosen from the picture by a fixed rule, every map read in order.

mod encode;

use contraption::{
    GenerateOptions, Placement, Rules, SimOptions, Solution, SolutionError, ValidRules, World,
};

use crate::{draw_level, Picture, RenderError};

/// The frame rate when none is given.
pub const DEFAULT_FPS: u32 = 30;
/// The highest frame rate: a GIF's delays are whole hundredths of a second and
/// browsers slow frames shorter than two hundredths down to a tenth.
pub const MAX_FPS: u32 = 50;
/// The scale (pixels per field unit) when none is given: a typical run's GIF
/// stays far under 1 MB.
pub const DEFAULT_SCALE: f32 = 4.0;
/// The largest scale of an animation.
pub const MAX_SCALE: f32 = 10.0;
/// The most frames an animation has.
pub const MAX_FRAMES: usize = 1000;
/// How long the last frame stays, in hundredths of a second.
pub const HOLD_CS: u16 = 100;

/// How an animation is sampled and drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnimateOptions {
    /// Frames per second of the run's time, 1 to [`MAX_FPS`] (capped at the
    /// rules' steps per second).
    pub fps: u32,
    /// Pixels per field unit, 1 to [`MAX_SCALE`].
    pub scale: f32,
}

impl Default for AnimateOptions {
    fn default() -> Self {
        Self {
            fps: DEFAULT_FPS,
            scale: DEFAULT_SCALE,
        }
    }
}

impl AnimateOptions {
    /// Refuses a frame rate or a scale out of range.
    pub fn check(&self) -> Result<(), AnimateError> {
        if !(1..=MAX_FPS).contains(&self.fps) {
            return Err(AnimateError::BadFps(self.fps));
        }
        if !(1.0..=MAX_SCALE).contains(&self.scale) {
            return Err(AnimateError::BadScale(self.scale));
        }
        Ok(())
    }
}

/// Why an animation cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnimateError {
    #[error("the frame rate must be 1 to {MAX_FPS} frames a second, not {0}")]
    BadFps(u32),
    #[error(
        "the scale of an animation must be between 1 and {MAX_SCALE} pixels per unit, not {0}"
    )]
    BadScale(f32),
    #[error("the run has no trajectory to animate")]
    NoRun,
    #[error("the solution is for seed {file}, not seed {seed}")]
    OtherSeed { file: u32, seed: u32 },
    #[error("the solution was made under rules {file}, not under the rules in force ({current})")]
    OtherRules { file: String, current: String },
    #[error(transparent)]
    Solution(#[from] SolutionError),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error("the animation could not be encoded as GIF: {0}")]
    Encode(String),
}

/// Which step of the run each frame shows and how long it stays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FramePlan {
    /// The step each frame shows (0 is the start), increasing; the last is the
    /// run's last step.
    pub steps: Vec<u32>,
    /// Each frame's delay in hundredths of a second (the last is [`HOLD_CS`]).
    pub delays: Vec<u16>,
    /// Whether the run needed more than [`MAX_FRAMES`] frames at the frame rate
    /// asked, and was sampled more sparsely.
    pub capped: bool,
}

/// The frames of a run of `steps` steps at `fps` frames a second (at most the
/// rules' `steps_per_second`): frame `i` shows step `⌊i·sps/fps⌋`, up to the first
/// frame at or past the end, which shows the last step. That is
/// `⌈steps·fps/sps⌉ + 1` frames, unless more than [`MAX_FRAMES`]: then
/// [`MAX_FRAMES`] frames evenly over the run. Delays are whole hundredths of a
/// second, rounded from each frame's time so they add up to the run's time.
pub fn frame_plan(steps: u32, steps_per_second: u32, fps: u32) -> FramePlan {
    let sps = u64::from(steps_per_second.max(1));
    let rate = u64::from(fps.clamp(1, MAX_FPS)).min(sps);
    let total = u64::from(steps);
    let n = (total * rate).div_ceil(sps);
    let capped = n + 1 > MAX_FRAMES as u64;
    let (frames, times): (Vec<u32>, Vec<u64>) = if capped {
        let last = MAX_FRAMES as u64 - 1;
        (0..=last)
            .map(|i| {
                let k = i * total / last;
                let cs = (200 * i * total + last * sps) / (2 * last * sps);
                (k as u32, cs)
            })
            .unzip()
    } else {
        (0..=n)
            .map(|i| {
                let k = if i == n { total } else { i * sps / rate };
                (k as u32, (200 * i + rate) / (2 * rate))
            })
            .unzip()
    };
    let mut delays: Vec<u16> = times
        .windows(2)
        .map(|t| u16::try_from(t[1] - t[0]).unwrap_or(u16::MAX))
        .collect();
    delays.push(HOLD_CS);
    FramePlan {
        steps: frames,
        delays,
        capped,
    }
}

/// An animation and what it is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    /// The GIF file's bytes.
    pub gif: Vec<u8>,
    /// The frames' steps and delays.
    pub plan: FramePlan,
    /// The picture's size in pixels.
    pub width: u32,
    pub height: u32,
}

/// Animates a run in `world` with `placements` under `rules`: `trajectory` is the
/// ball's centre after every step (`SimOptions::with_trajectory(1)`: the start,
/// then one point a step), so the run has `trajectory.len() − 1` steps.
pub fn animate_gif(
    rules: &Rules,
    world: &World,
    placements: &[Placement],
    trajectory: &[[f64; 2]],
    options: &AnimateOptions,
) -> Result<Animation, AnimateError> {
    options.check()?;
    if trajectory.is_empty() || trajectory.iter().flatten().any(|v| !v.is_finite()) {
        return Err(AnimateError::NoRun);
    }
    let steps = u32::try_from(trajectory.len() - 1).map_err(|_| AnimateError::NoRun)?;
    let plan = frame_plan(steps, rules.physics.steps_per_second, options.fps);
    let level = draw_level(
        rules,
        world,
        &Picture {
            scale: options.scale,
            trajectory: &[],
            placements,
            sweep: None,
        },
    )?;
    let (width, height) = (level.pixmap.width(), level.pixmap.height());
    let at: Vec<(f64, f64)> = plan
        .steps
        .iter()
        .map(|&k| {
            let [x, y] = trajectory[k as usize];
            (x, y)
        })
        .collect();
    let gif = encode::gif(level, rules, &at, &plan.delays)?;
    Ok(Animation {
        gif,
        plan,
        width,
        height,
    })
}

/// The bare ball's run in attempt `attempt` (default: the shipped one) of `seed`
/// under `rules`, animated (no part placed).
pub fn animate_attempt(
    rules: &ValidRules,
    seed: u32,
    attempt: Option<u32>,
    options: &AnimateOptions,
) -> Result<Animation, AnimateError> {
    options.check()?;
    let report = contraption::generate(rules, seed, &GenerateOptions::inspector());
    let attempts = report.attempts.len() as u32;
    let k = attempt.unwrap_or(report.shipped.attempt);
    if k == 0 || k > attempts {
        return Err(RenderError::NoSuchAttempt { seed, attempts }.into());
    }
    let world = &report.attempts[k as usize - 1].world;
    let run = contraption::simulate(rules, world, &[], &SimOptions::with_trajectory(1));
    animate_gif(rules, world, &[], &run.trajectory, options)
}

/// A solution's run on `seed`'s level under `rules`, animated: a solution for
/// another seed or made under other rules is refused; the solution is replayed
/// with the engine's [`replay`](contraption::replay) (which refuses another
/// level, rules version or illegal placements with the engine's message).
pub fn animate_solution(
    rules: &ValidRules,
    seed: u32,
    solution: &Solution,
    options: &AnimateOptions,
) -> Result<Animation, AnimateError> {
    options.check()?;
    if solution.seed != seed {
        return Err(AnimateError::OtherSeed {
            file: solution.seed,
            seed,
        });
    }
    if let Some(made) = solution.made_under() {
        if made.id() != rules.id() {
            return Err(AnimateError::OtherRules {
                file: format!("{} (id {})", made.name(), made.id()),
                current: format!("{} (id {})", rules.name(), rules.id()),
            });
        }
    }
    let run = contraption::replay(solution, &SimOptions::with_trajectory(1))?;
    let world = contraption::generate(rules, seed, &GenerateOptions::game())
        .shipped
        .world;
    animate_gif(
        rules,
        &world,
        &solution.placements,
        &run.trajectory,
        options,
    )
}

#[cfg(test)]
mod tests;
