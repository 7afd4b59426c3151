//! `contraption draws SEED [--attempt K] [--pin PIN]...`.

use std::io::Write;

use anyhow::{bail, Result};
use contraption::{seed_draws, Draw, DrawRecord, ParsedSeed, Pin};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Every random draw of a seed's candidates, attempt by attempt: its position in
/// the mulberry32 stream (continuing across attempts), its site, the raw 32-bit
/// output and the float, the range it was mapped into, the value and what it
/// decided. With --json, one JSON object per draw, one per line.
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// Only this attempt (1-based); it may be one the generator never reached,
    /// up to generator.max_attempts.
    #[arg(long)]
    attempt: Option<u32>,
    /// Pin a draw: ATTEMPT:SITE=VALUE, ATTEMPT:SITE=raw:N or ATTEMPT:walls[N]=keep|drop
    /// (sites: ball.start_x, goal.x, goal.y, walls.count, walls[N].center_x,
    /// walls[N].center_y, walls[N].length, walls[N].angle, parts.ramp.count, …).
    /// The draws are then those of the pinned generation.
    #[arg(long, value_parser = crate::args::pin)]
    pin: Vec<Pin>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let (rules, seed) = (&ctx.rules, args.seed.seed);
    let max = rules.generator.max_attempts;
    if let Some(k) = args.attempt {
        if k == 0 || k > max {
            bail!("--attempt {k} does not exist: attempts are numbered 1 to {max} under these rules (generator.max_attempts)");
        }
    }
    let record = seed_draws(rules, seed, args.attempt, &args.pin)?;
    let shown = record
        .attempts
        .iter()
        .filter(|a| args.attempt.is_none_or(|k| a.attempt == k));
    if ctx.json {
        for a in shown {
            for d in &a.draws {
                out.json_compact(d)?;
                writeln!(out)?;
            }
        }
        return Ok(Exit::Success);
    }
    header(&record, ctx, out)?;
    for a in shown {
        writeln!(
            out,
            "attempt {}: {}",
            a.attempt,
            match a.draw_count {
                0 => format!(
                    "no draw (every range is a constant; the stream stays at draw {})",
                    a.first_position
                ),
                n => format!(
                    "draws {} to {} ({n} draws)",
                    a.first_position,
                    a.first_position + n - 1
                ),
            }
        )?;
        for d in &a.draws {
            writeln!(out, "  {}", line(d))?;
        }
    }
    Ok(Exit::Success)
}

fn header(record: &DrawRecord, ctx: &Ctx, out: &mut Out) -> Result<()> {
    let pins: Vec<String> = record.pins.iter().map(|p| p.to_string()).collect();
    writeln!(
        out,
        "seed {} (rules {}){}",
        record.seed,
        ctx.rules_label(),
        if pins.is_empty() {
            String::new()
        } else {
            format!(", pinned: {}", pins.join(", "))
        }
    )?;
    writeln!(
        out,
        "  {:>5}  {:<20} {:>10}  {:<12}  {:<16}  {:>9}  decided",
        "draw", "site", "raw", "float", "range", "value"
    )?;
    Ok(())
}

/// One draw, aligned: position, site, raw, float, range, value, what it decided.
fn line(d: &Draw) -> String {
    let (position, raw, unit) = match (d.position, d.raw, d.unit) {
        (Some(p), Some(r), Some(u)) => (p.to_string(), r.to_string(), format!("{u:.10}")),
        _ => ("-".into(), "-".into(), "constant".into()),
    };
    let range = if d.span.is_constant() {
        format!("{}", d.span.min)
    } else if d.span.integer {
        format!("{}..={}", d.span.min, d.span.max)
    } else {
        format!("{}..{}", d.span.min, d.span.max)
    };
    let value = match d.rounded {
        Some(r) => format!("{r}"),
        None if d.span.integer => format!("{}", d.value),
        None => format!("{:.4}", d.value),
    };
    let pinned = match &d.pinned_from {
        Some(p) => format!(
            " [pinned; the stream gave {}]",
            match p.raw {
                Some(raw) if Some(raw) != d.raw => format!("raw {raw}"),
                _ => format!("{}", p.value),
            }
        ),
        None => String::new(),
    };
    let decided = [d.decided.as_deref().unwrap_or(""), pinned.trim_start()]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    format!(
        "{position:>5}  {:<20} {raw:>10}  {unit:<12}  {range:<16}  {value:>9}  {decided}",
        d.site
    )
    .trim_end()
    .to_owned()
}
