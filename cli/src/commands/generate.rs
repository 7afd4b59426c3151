//! `contraption generate SEED [--full]`.

use std::io::Write;

use anyhow::Result;
use contraption::{generate, GenerateOptions, ParsedSeed};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Generate a seed's level and print the report.
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// Inspector mode: simulate all 144 sweep placements of every attempt.
    #[arg(long)]
    full: bool,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let options = if args.full {
        GenerateOptions::inspector()
    } else {
        GenerateOptions::game()
    };
    let report = generate(&ctx.rules, args.seed.seed, &options);
    if ctx.json {
        out.json(&report)?;
        return Ok(Exit::Success);
    }
    writeln!(
        out,
        "seed {} (rules {}): shipped attempt {}{}, level {}",
        report.seed,
        ctx.rules_label(),
        report.shipped.attempt,
        if report.shipped.fallback {
            " (fallback)"
        } else {
            ""
        },
        report.shipped.level_hash
    )?;
    for a in &report.attempts {
        let solving = a
            .sweep
            .as_ref()
            .filter(|s| s.complete)
            .map(|s| {
                format!(
                    " [{} of {} placements solve]",
                    s.solving,
                    s.placements.len()
                )
            })
            .unwrap_or_default();
        writeln!(out, "  #{:<2} {}{}", a.index, a.reason, solving)?;
    }
    writeln!(out, "  {}", report.shipped.reason)?;
    Ok(Exit::Success)
}
