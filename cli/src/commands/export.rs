//! `contraption export SEED [-o FILE] [--pin PIN]... [--html PAGE [--solution FILE]] [--link]`.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use contraption::{
    export_edited_level, export_level, level_file_text, ParsedSeed, Pin, SeedSource, Solution,
    ENGINE_VERSION,
};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Write a seed's level file (versioned JSON with its hash and verdict), a page
/// that plays it in any browser (--html), or a link to it (--link).
#[derive(clap::Args)]
pub struct Args {
    #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: ParsedSeed,
    /// Where to write the level file (default: standard output, unless --html or
    /// --link is given).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Export an edited level: the seed's candidate with these pins on its draws
    /// (as `contraption draws --pin`), judged on its own, in a level file of schema
    /// version 3 that says it was edited.
    #[arg(long, value_parser = crate::args::pin)]
    pin: Vec<Pin>,
    /// Write a one-file web page that plays the level in any current browser, from
    /// file:// and with no network: the engine inside it (WebAssembly), pinned to
    /// this engine and the rules in force. Standard output says what was written.
    #[arg(long, value_name = "PAGE.html")]
    html: Option<PathBuf>,
    /// A solution file of the level, for the page's "Watch the solution" (read
    /// strictly and replayed first; one of another level or rules is refused).
    #[arg(long, value_name = "FILE", requires = "html")]
    solution: Option<PathBuf>,
    /// Print the level's link fragment (`#level=1.…`): appended to any page's
    /// address made under the same rules, it opens this level in that page.
    #[arg(long)]
    link: bool,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let daily_key = match args.seed.source {
        SeedSource::Daily { key, .. } => Some(key),
        _ => None,
    };
    let solution = args
        .solution
        .as_ref()
        .map(|p| read_solution(ctx, p))
        .transpose()?;
    if let (Some(page), Some(o)) = (&args.html, &args.output) {
        crate::args::refuse_one_file(("--html", page.as_path()), ("--output", o.as_path()))?;
    }
    let file = if args.pin.is_empty() {
        export_level(&ctx.rules, args.seed.seed, daily_key)
    } else {
        export_edited_level(&ctx.rules, args.seed.seed, &args.pin)?
    };
    let text = level_file_text(&file);
    let page = match &args.html {
        Some(path) => {
            let html = contraption_player_page::level_page(&ctx.rules, &file, solution.as_ref())
                .with_context(|| "the page cannot be made".to_string())?;
            ctx.write_output(path, html.as_bytes())?;
            Some(
                json!({ "path": path.display().to_string(), "bytes": html.len(), "solution": solution.is_some() }),
            )
        }
        None => None,
    };
    match &args.output {
        Some(path) => ctx.write_output(path, text.as_bytes())?,
        None if page.is_none() && !args.link => out.text(&text)?,
        None => {}
    }
    if page.is_some() || args.link {
        out.json(&json!({
            "seed": file.seed,
            "level_hash": file.level_hash,
            "rules_id": ctx.rules.id(),
            "engine": ENGINE_VERSION,
            "page": page,
            "link": args.link.then(|| format!("#{}", contraption_play::level_fragment(&file))),
        }))?;
    }
    Ok(Exit::Success)
}

/// A solution file for the page: read as every solution file is, made under the
/// rules in force, and replayed (so a page never ships a solution that does not
/// replay).
fn read_solution(ctx: &Ctx, path: &std::path::Path) -> Result<Solution> {
    let solution = crate::args::read_solution(ctx, path)?;
    let made_under = solution.made_under();
    if made_under.as_ref().map(|r| r.id()) != Some(ctx.rules.id()) {
        bail!(
            "{} was made under rules {}, not the rules in force ({}); export the page under its rules (--rules)",
            crate::term::path(path),
            made_under.map(|r| r.name().to_owned()).unwrap_or_else(|| solution.rules_id.clone().unwrap_or_default()),
            ctx.rules.name()
        );
    }
    contraption::replay(&solution, &contraption::SimOptions::default())
        .with_context(|| format!("{} cannot be replayed", path.display()))?;
    Ok(solution)
}
