//! `contraption replay SOLUTION.json`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use contraption::{Outcome, SimOptions};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Replay a solution file headlessly: exit 0 when it reaches the goal, 1 when the
/// file is refused, 4 when it runs but misses. The level is regenerated under the
/// solution's own rules; with --rules, those must be the solution's (else it is
/// refused).
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let file = &args.file;
    let solution = crate::args::read_solution(ctx, file)?;
    let result = contraption::replay(&solution, &SimOptions::default())
        .with_context(|| format!("{} cannot be replayed", file.display()))?;
    if ctx.json {
        out.json(&result)?;
    } else {
        writeln!(
            out,
            "seed {}: {} after {} steps with {} part(s); closest approach {:.3}",
            solution.seed,
            format!("{:?}", result.outcome).to_lowercase(),
            result.steps,
            solution.placements.len(),
            result.closest
        )?;
    }
    if result.outcome == Outcome::Goal {
        Ok(Exit::Success)
    } else {
        eprintln!("error: the solution does not reach the goal");
        Ok(Exit::Missed)
    }
}
