//! `contraption render SEED -o FILE.png`, and `--animate FILE.gif`.

use std::path::PathBuf;

use anyhow::Result;
use contraption::ParsedSeed;
use contraption_render::{AnimateError, AnimateOptions, Shows};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// A PNG picture of a seed's level: walls, goal, ball and the bare ball's path,
/// with the solving ramp, or with `--sweep` all 144 placements coloured by result,
/// or with `--puzzle` the puzzle alone (no path, no solution). With `--animate`,
/// an animated GIF of the ball's run instead: the bare ball's, or with
/// `--solution` the run of a solution file's parts (replayed as `contraption
/// replay` does).
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    #[arg(short, long, required_unless_present = "animate")]
    output: Option<PathBuf>,
    /// Pixels per field unit: 1 to 20 for a picture (default 6), 1 to 10 for an
    /// animation (default 4).
    #[arg(long)]
    scale: Option<f32>,
    /// Overlay the single-ramp sweep of the attempt (default: the shipped one).
    #[arg(long, conflicts_with_all = ["puzzle", "animate"])]
    sweep: bool,
    /// The puzzle only: field, walls, goal and ball, without the bare ball's path
    /// or the solving ramp.
    #[arg(long, conflicts_with = "animate")]
    puzzle: bool,
    /// 1-based attempt to draw (default: the one that shipped).
    #[arg(long)]
    attempt: Option<u32>,
    /// Write an animated GIF of the ball's run to FILE (instead of a PNG).
    #[arg(long, value_name = "FILE", conflicts_with = "output")]
    animate: Option<PathBuf>,
    /// With --animate: the run of this solution file's parts (a solution for
    /// this seed, under the rules in force).
    #[arg(
        long,
        value_name = "FILE",
        requires = "animate",
        conflicts_with_all = ["attempt", "output"]
    )]
    solution: Option<PathBuf>,
    /// With --animate: frames per second of the run, 1 to 50 (default 30).
    #[arg(
        long,
        value_name = "N",
        requires = "animate",
        conflicts_with = "output"
    )]
    fps: Option<u32>,
}

pub fn run(args: Args, ctx: &Ctx, _out: &mut Out) -> Result<Exit> {
    if let Some(gif) = &args.animate {
        return animate(&args, gif, ctx);
    }
    let shows = if args.sweep {
        Shows::Sweep
    } else if args.puzzle {
        Shows::Puzzle
    } else {
        Shows::Solution
    };
    let png = contraption_render::render_attempt(
        &ctx.rules,
        args.seed.seed,
        args.attempt,
        args.scale.unwrap_or(6.0),
        shows,
    )?;
    let output = args
        .output
        .as_ref()
        .expect("clap requires -o without --animate");
    ctx.write_output(output, &png)?;
    Ok(Exit::Success)
}

/// `--animate FILE`: the frame logic is the render crate's; here the solution
/// file is read and checked as `contraption replay` reads and checks it.
fn animate(args: &Args, gif: &std::path::Path, ctx: &Ctx) -> Result<Exit> {
    let options = AnimateOptions {
        fps: args.fps.unwrap_or(contraption_render::DEFAULT_FPS),
        scale: args.scale.unwrap_or(contraption_render::DEFAULT_SCALE),
    };
    options.check()?;
    let seed = args.seed.seed;
    let animation = match &args.solution {
        None => contraption_render::animate_attempt(&ctx.rules, seed, args.attempt, &options)?,
        Some(file) => {
            let solution = crate::args::read_solution(ctx, file)?;
            contraption_render::animate_solution(&ctx.rules, seed, &solution, &options).map_err(
                |e| {
                    let what = match e {
                        AnimateError::Solution(_) => "cannot be replayed",
                        _ => "was refused",
                    };
                    anyhow::Error::new(e).context(format!("{} {what}", file.display()))
                },
            )?
        }
    };
    if animation.plan.capped {
        eprintln!(
            "note: the run needs more than {} frames at {} a second; it is sampled more sparsely ({} frames)",
            contraption_render::MAX_FRAMES,
            options.fps,
            animation.plan.steps.len()
        );
    }
    ctx.write_output(gif, &animation.gif)?;
    Ok(Exit::Success)
}
