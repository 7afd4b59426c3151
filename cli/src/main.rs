//! `contraption`: the engine for scripts and pipelines. JSON on stdout with `--json`,
//! errors on stderr with a non-zero exit, progress bars on stderr for long work.
//!
//! One module per command under `commands/`, each with its clap `Args` and a
//! `run()`; the exit codes are [`exit::Exit`].

mod args;
mod commands;
mod exit;
mod output;
mod progress;
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
    after_help = "SEED is a whole number (42), hex (0x2A), a date (2026-7-28: its daily seed), a daily key (contraption:2026-7-28) or a share code (CT-XXXX-XXXX-XXXX).\n\nExit codes: 0 success, 1 error or refused input, 2 bad usage, 3 drift (a level changed; `rules diff`: the rules differ), 4 a replayed solution misses the goal.\n\n--rules FILE plays by the rules in FILE (start from `contraption rules show > FILE`); without it, the default rules (v1)."
)]
struct Cli {
    /// Print JSON on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    /// Play by the rules in FILE (a rules file, see `contraption rules show`)
    /// instead of the default rules (v1).
    #[arg(long, global = true, value_name = "FILE")]
    rules: Option<std::path::PathBuf>,
    /// Accept slow rules: rules (given, or embedded in a level or solution file)
    /// under which one seed can cost more than the everyday budget at the very
    /// worst (`contraption rules check FILE` says the estimate).
    #[arg(long, global = true)]
    allow_slow: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Rng(rng::Args),
    Daily(daily::Args),
    Generate(generate::Args),
    Draws(draws::Args),
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
    Rules(rules::Args),
    Compare(compare::Args),
    Tune(tune::Args),
    Sensitivity(sensitivity::Args),
}

/// What every command gets besides its own arguments.
pub struct Ctx {
    /// `--json`: machine-readable output.
    pub json: bool,
    /// The rules every command generates, simulates and writes files under: the
    /// default rules (v1), or those of `--rules FILE`.
    pub rules: contraption::ValidRules,
    /// `--rules FILE`, when given.
    pub rules_file: Option<std::path::PathBuf>,
    /// `--allow-slow`: slow rules are accepted.
    pub allow_slow: bool,
}

impl Ctx {
    /// How text output names the rules in force: `v1` (rules version 1, the
    /// default rules) or the rules id.
    pub fn rules_label(&self) -> String {
        rules_label(self.rules.id())
    }

    /// Writes a command's output file whole (atomically), never over the
    /// `--rules` file it reads.
    pub fn write_output(
        &self,
        path: &std::path::Path,
        bytes: &[u8],
    ) -> Result<(), contraption_io::WriteError> {
        let inputs: Vec<(&str, &std::path::Path)> = self
            .rules_file
            .iter()
            .map(|p| ("--rules file", p.as_path()))
            .collect();
        contraption_io::write_atomically_apart_from(path, bytes, &inputs)
    }
}

/// `v1` for the default rules' id (`v` and the rules version), else the id.
pub fn rules_label(id: &str) -> String {
    if id == contraption::DEFAULT_RULES_ID {
        format!("v{}", contraption::RULES_VERSION)
    } else {
        id.to_owned()
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // A rules file is read and checked before any command runs: a refused file
    // changes nothing.
    let rules = match &cli.rules {
        Some(path) => match args::load_rules(path).and_then(|rules| {
            args::refuse_slow(&rules, &term::path(path), cli.allow_slow).map(|()| rules)
        }) {
            Ok(rules) => rules,
            Err(e) => return exit::finish(Err(e)),
        },
        None => contraption::ValidRules::default(),
    };
    let ctx = Ctx {
        json: cli.json,
        rules,
        rules_file: cli.rules,
        allow_slow: cli.allow_slow,
    };
    let mut out = Out::stdout();
    let result = match cli.command {
        Command::Rng(a) => rng::run(a, &ctx, &mut out),
        Command::Daily(a) => daily::run(a, &ctx, &mut out),
        Command::Generate(a) => generate::run(a, &ctx, &mut out),
        Command::Draws(a) => draws::run(a, &ctx, &mut out),
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
        Command::Rules(a) => rules::run(a, &ctx, &mut out),
        Command::Compare(a) => compare::run(a, &ctx, &mut out),
        Command::Tune(a) => tune::run(a, &ctx, &mut out),
        Command::Sensitivity(a) => sensitivity::run(a, &ctx, &mut out),
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
