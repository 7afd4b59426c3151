//! `contraption export SEED [-o FILE]`.

use std::path::PathBuf;

use anyhow::Result;
use contraption::{export_level, level_file_text, ParsedSeed, SeedSource};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Write a seed's level file (versioned JSON with its hash and verdict).
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// Where to write it (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let daily_key = match args.seed.source {
        SeedSource::Daily { key, .. } => Some(key),
        _ => None,
    };
    let text = level_file_text(&export_level(&ctx.rules, args.seed.seed, daily_key));
    match args.output {
        Some(path) => ctx.write_output(&path, text.as_bytes())?,
        None => out.text(&text)?,
    }
    Ok(Exit::Success)
}
