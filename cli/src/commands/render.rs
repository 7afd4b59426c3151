//! `contraption render SEED -o FILE.png`.

use std::path::PathBuf;

use anyhow::Result;
use contraption::ParsedSeed;
use contraption_render::Shows;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// A PNG picture of a seed's level: walls, goal, ball and the bare ball's path,
/// with the solving ramp, or with `--sweep` all 144 placements coloured by result,
/// or with `--puzzle` the puzzle alone (no path, no solution).
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    #[arg(short, long)]
    output: PathBuf,
    /// Pixels per field unit (1 to 20).
    #[arg(long, default_value_t = 6.0)]
    scale: f32,
    /// Overlay the single-ramp sweep of the attempt (default: the shipped one).
    #[arg(long, conflicts_with = "puzzle")]
    sweep: bool,
    /// The puzzle only: field, walls, goal and ball, without the bare ball's path
    /// or the solving ramp.
    #[arg(long)]
    puzzle: bool,
    /// 1-based attempt to draw (default: the one that shipped).
    #[arg(long)]
    attempt: Option<u32>,
}

pub fn run(args: Args, ctx: &Ctx, _out: &mut Out) -> Result<Exit> {
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
        args.scale,
        shows,
    )?;
    ctx.write_output(&args.output, &png)?;
    Ok(Exit::Success)
}
