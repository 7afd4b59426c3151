//! `contraption generate SEED [--full] [--pin PIN]...`.

use std::io::Write;

use anyhow::Result;
use contraption::{generate, what_if, GenerateOptions, ParsedSeed, Pin};

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
    /// What if: pin a draw (ATTEMPT:SITE=VALUE, ATTEMPT:SITE=raw:N or
    /// ATTEMPT:walls[N]=keep|drop; `contraption draws SEED` lists the sites) and
    /// generate from the pinned draws on. Implies --full.
    #[arg(long, value_parser = crate::args::pin)]
    pin: Vec<Pin>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let options = if args.full {
        GenerateOptions::inspector()
    } else {
        GenerateOptions::game()
    };
    let (report, unreached) = if args.pin.is_empty() {
        (generate(&ctx.rules, args.seed.seed, &options), None)
    } else {
        let w = what_if(&ctx.rules, args.seed.seed, &args.pin, 0)?;
        let note = (!w.reached).then(|| {
            format!(
                "the pinned attempt {} is never reached: attempt {} is accepted first, so the pins change nothing that ships (contraption draws {} --attempt {} --pin … shows the pinned candidate's draws)",
                w.pinned_attempt, w.report.shipped.attempt, w.seed, w.pinned_attempt
            )
        });
        (w.report, note)
    };
    if let (true, Some(note)) = (ctx.json, &unreached) {
        eprintln!("note: {note}");
    }
    if ctx.json {
        out.json(&report)?;
        return Ok(Exit::Success);
    }
    let pins: Vec<String> = args.pin.iter().map(|p| p.to_string()).collect();
    writeln!(
        out,
        "seed {}{} (rules {}): shipped attempt {}{}, level {}",
        report.seed,
        if pins.is_empty() {
            String::new()
        } else {
            format!(" edited with {}", pins.join(", "))
        },
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
    if let Some(note) = unreached {
        writeln!(out, "  note: {note}")?;
    }
    Ok(Exit::Success)
}
