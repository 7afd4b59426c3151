//! `contraption rng SEED [--count N]`.

use std::io::Write;

use anyhow::Result;
use contraption::{Mulberry32, ParsedSeed};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// The first draws of the seed's mulberry32 stream, one per line.
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// How many draws.
    #[arg(long, default_value_t = 5)]
    count: u32,
}

pub fn run(args: Args, _ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let mut rng = Mulberry32::new(args.seed.seed);
    for _ in 0..args.count {
        writeln!(out, "{}", js_number(rng.next_f64()))?;
    }
    Ok(Exit::Success)
}

/// A draw as JavaScript prints it: the shortest text that reads back to the same
/// number, with an exponent below 1e-6 (`1.2e-7`), as `Number.prototype.toString`.
fn js_number(v: f64) -> String {
    if v != 0.0 && v.abs() < 1e-6 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}
