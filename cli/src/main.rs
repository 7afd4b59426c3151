//! `contraption`: the engine for scripts and pipelines. JSON on stdout with `--json`,
//! errors on stderr with a non-zero exit, progress bars on stderr for long work.
//!
//! One module per command under `commands/`, each with its clap `Args` and a
//! `run()`; the exit codes are [`exit::Exit`].

mod args;
mod commands;
mod exit;
mod output;
mod term;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::commands::*;
use crate::output::Out;

#[derive(Parser)]
#[command(
    name = "contraption",
    version,
    about = "The deterministic Contraption engine: seeds, levels, the generator's trace.",
    after_help = "SEED is a whole number (42), hex (0x2A), a date (2026-7-28: its daily seed), a daily key (contraption:2026-7-28) or a share code (CT-XXXX-XXXX-XXXX).\n\nExit codes: 0 success, 1 error or refused input, 2 bad usage, 3 drift (a level changed), 4 a replayed solution misses the goal."
)]
struct Cli {
    /// Print JSON on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Rng(rng::Args),
    Daily(daily::Args),
    Generate(generate::Args),
    Sweep(sweep::Args),
    Simulate(simulate::Args),
    Export(export::Args),
    Render(render::Args),
    Verify(verify::Args),
    Share(share::Args),
    Replay(replay::Args),
    Scan(scan::Args),
    Search(search::Args),
    Bookmarks(bookmarks::Args),
}

/// What every command gets besides its own arguments.
pub struct Ctx {
    /// `--json`: machine-readable output.
    pub json: bool,
    /// The rules every command generates, simulates and writes files under (the
    /// default rules, v1).
    pub rules: contraption::ValidRules,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let ctx = Ctx {
        json: cli.json,
        rules: contraption::ValidRules::default(),
    };
    let mut out = Out::stdout();
    let result = match cli.command {
        Command::Rng(a) => rng::run(a, &ctx, &mut out),
        Command::Daily(a) => daily::run(a, &ctx, &mut out),
        Command::Generate(a) => generate::run(a, &ctx, &mut out),
        Command::Sweep(a) => sweep::run(a, &ctx, &mut out),
        Command::Simulate(a) => simulate::run(a, &ctx, &mut out),
        Command::Export(a) => export::run(a, &ctx, &mut out),
        Command::Render(a) => render::run(a, &ctx, &mut out),
        Command::Verify(a) => verify::run(a, &ctx, &mut out),
        Command::Share(a) => share::run(a, &ctx, &mut out),
        Command::Replay(a) => replay::run(a, &ctx, &mut out),
        Command::Scan(a) => scan::run(a, &ctx, &mut out),
        Command::Search(a) => search::run(a, &ctx, &mut out),
        Command::Bookmarks(a) => bookmarks::run(a, &ctx, &mut out),
    }
    .and_then(|exit| out.flush().map(|()| exit));
    exit::finish(result)
}

/// clap's help and version as clap prints them; its errors quote what was typed,
/// so they are printed with control characters escaped (and without colour).
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let text = e.render().to_string();
    eprint!("{}", term::printable_lines(&text));
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}
