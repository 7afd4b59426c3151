//! `contraption export SEED [-o FILE] [--pin PIN]...`.

use std::path::PathBuf;

use anyhow::Result;
use contraption::{
    export_edited_level, export_level, level_file_text, ParsedSeed, Pin, SeedSource,
};

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
    /// Export an edited level: the seed's candidate with these pins on its draws
    /// (as `contraption draws --pin`), judged on its own, in a level file of schema
    /// version 3 that says it was edited.
    #[arg(long, value_parser = crate::args::pin)]
    pin: Vec<Pin>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let daily_key = match args.seed.source {
        SeedSource::Daily { key, .. } => Some(key),
        _ => None,
    };
    let file = if args.pin.is_empty() {
        export_level(&ctx.rules, args.seed.seed, daily_key)
    } else {
        export_edited_level(&ctx.rules, args.seed.seed, &args.pin)?
    };
    let text = level_file_text(&file);
    match args.output {
        Some(path) => ctx.write_output(&path, text.as_bytes())?,
        None => out.text(&text)?,
    }
    Ok(Exit::Success)
}
