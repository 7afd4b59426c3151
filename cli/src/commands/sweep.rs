//! `contraption sweep SEED [--attempt K]`.
//!
//! Placements are named counting from 1, as the engine's reasons, the filter's
//! `solves N`, the studio and the docs name them: "placement 50" is `--json`'s
//! `placements[49]` (`"index": 49`).

use std::io::Write;

use anyhow::{bail, Result};
use contraption::{generate, GenerateOptions, ParsedSeed, SweepCounts, SweepEntry, Verdict};
use serde::Serialize;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// All 144 placements of one attempt's single-ramp sweep.
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// 1-based attempt (default: the one that shipped).
    #[arg(long)]
    attempt: Option<u32>,
}

/// `contraption sweep --json`.
#[derive(Serialize)]
struct SweepOutput<'a> {
    seed: u32,
    attempt: u32,
    level_hash: &'a str,
    verdict: Verdict,
    game_stop: Option<u32>,
    counts: SweepCounts,
    placements: &'a [SweepEntry],
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let seed = args.seed.seed;
    let report = generate(&ctx.rules, seed, &GenerateOptions::inspector());
    let k = args.attempt.unwrap_or(report.shipped.attempt);
    let n = report.attempts.len() as u32;
    if k == 0 || k > n {
        bail!("seed {seed} has {n} attempt(s); --attempt must be 1 to {n}");
    }
    let a = &report.attempts[k as usize - 1];
    let sweep = a
        .sweep
        .as_ref()
        .expect("the inspector sweeps every attempt");
    let counts = sweep.counts();
    if ctx.json {
        out.json(&SweepOutput {
            seed,
            attempt: k,
            level_hash: &a.level_hash,
            verdict: a.verdict,
            game_stop: sweep.game_stop,
            counts,
            placements: &sweep.placements,
        })?;
        return Ok(Exit::Success);
    }
    writeln!(
        out,
        "seed {seed} attempt {k}: {} — goal {}, out {}, rest {}, timeout {}, blocked {}; game stops at {}",
        match a.verdict {
            Verdict::Accepted => "accepted",
            Verdict::NoSingleRampSolution => "no one-ramp solution",
            Verdict::PreSolved => "preSolved",
        },
        counts.goal,
        counts.out,
        counts.rest,
        counts.timeout,
        counts.blocked,
        sweep
            .game_stop
            .map(|i| format!("placement {}", i + 1))
            .unwrap_or_else(|| "no placement".into())
    )?;
    for p in &sweep.placements {
        writeln!(
            out,
            "  placement {:>3}  x {:>2}  y {:>3}  angle {:>5}  {:<8} steps {:>4}  closest {}",
            p.index + 1,
            p.x,
            p.y,
            p.angle,
            format!("{:?}", p.result).to_lowercase(),
            p.steps,
            p.closest
                .map(|c| format!("{c:.2}"))
                .unwrap_or_else(|| "-".into())
        )?;
    }
    Ok(Exit::Success)
}
