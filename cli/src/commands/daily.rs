//! `contraption daily [YYYY-MM-DD]`.

use std::io::Write;

use anyhow::{anyhow, Result};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// The daily key and seed of a UTC date (today by default).
#[derive(clap::Args)]
pub struct Args {
    /// YYYY-MM-DD.
    date: Option<String>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let date = match args.date {
        Some(text) => contraption::seed::parse_date_text(text.trim(), &text)
            .map_err(|e| anyhow!("{e}"))?
            .ok_or_else(|| anyhow!("'{text}' is not a date; write it as YYYY-MM-DD"))?,
        None => chrono::Utc::now().date_naive(),
    };
    let key = contraption::daily_key(date);
    let seed = contraption::daily_seed(date);
    let iso = date.format("%Y-%m-%d").to_string();
    if ctx.json {
        out.json(&json!({ "date": iso, "key": key, "seed": seed }))?;
    } else {
        writeln!(out, "{iso}  {key}  {seed}")?;
    }
    Ok(Exit::Success)
}
