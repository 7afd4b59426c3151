//! `contraption`: the engine for scripts and pipelines. JSON on stdout with `--json`,
//! errors on stderr with a non-zero exit, progress bars on stderr for long work.

mod bookmarks;
mod scan;

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, Subcommand};
use contraption::{
    check_placements, encode_share_code, export_level, generate, level_file_text, parse_level_file,
    parse_seed, simulate, verify, GenerateOptions, Mulberry32, ParsedSeed, Scene, ShareCode,
    SimOptions, Verdict,
};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "contraption",
    version,
    about = "The deterministic Contraption engine: seeds, levels, the generator's trace.",
    after_help = "SEED is a whole number (42), hex (0x2A), a date (2026-7-28: its daily seed) or a daily key (contraption:2026-7-28)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The first draws of the seed's mulberry32 stream, one per line.
    Rng {
        #[arg(value_parser = seed_arg, allow_hyphen_values = true)]
        seed: ParsedSeed,
        /// How many draws.
        #[arg(long, default_value_t = 5)]
        count: u32,
    },
    /// The daily key and seed of a UTC date (today by default).
    Daily {
        /// YYYY-MM-DD.
        date: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Generate a seed's level and print the report.
    Generate {
        #[arg(value_parser = seed_arg, allow_hyphen_values = true)]
        seed: ParsedSeed,
        #[arg(long)]
        json: bool,
        /// Inspector mode: simulate all 144 sweep placements of every attempt.
        #[arg(long)]
        full: bool,
    },
    /// All 144 placements of one attempt's single-ramp sweep.
    Sweep {
        #[arg(value_parser = seed_arg, allow_hyphen_values = true)]
        seed: ParsedSeed,
        /// 1-based attempt (default: the one that shipped).
        #[arg(long)]
        attempt: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Simulate a world given as JSON: {"world": ..., "placements": [...]} or a bare world.
    Simulate {
        /// A JSON file, or - for standard input.
        file: String,
        #[arg(long)]
        json: bool,
        /// Include the ball's trajectory, sampled every N steps.
        #[arg(long, value_name = "N")]
        trajectory: Option<u32>,
    },
    /// Write a seed's level file (versioned JSON with its hash and verdict).
    Export {
        #[arg(value_parser = seed_arg, allow_hyphen_values = true)]
        seed: ParsedSeed,
        /// Where to write it (default: standard output).
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// A PNG picture of a seed's level: walls, goal, ball and the bare ball's path,
    /// with the solving ramp, or with `--sweep` all 144 placements coloured by result.
    Render {
        #[arg(value_parser = seed_arg, allow_hyphen_values = true)]
        seed: ParsedSeed,
        #[arg(short, long)]
        output: std::path::PathBuf,
        /// Pixels per field unit (1 to 20).
        #[arg(long, default_value_t = 6.0)]
        scale: f32,
        /// Overlay the single-ramp sweep of the attempt (default: the shipped one).
        #[arg(long)]
        sweep: bool,
        /// 1-based attempt to draw (default: the one that shipped).
        #[arg(long)]
        attempt: Option<u32>,
    },
    /// Check a level file: refuse malformed or tampered files, regenerate its seed and
    /// list any drift. Exit 0 when identical, 1 when refused, 3 when the rules drifted.
    Verify {
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// The share code of a seed (with the current rules), or what a share code names.
    Share {
        /// A seed, or a share code (CT-XXXX-XXXX-XXXX) to decode.
        text: String,
        #[arg(long)]
        json: bool,
    },
    /// Replay a solution file headlessly: exit 0 when it reaches the goal, 1 when the
    /// file is refused, 4 when it runs but misses.
    Replay {
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Game-mode generation over a seed range FROM..TO (TO excluded), on all cores.
    Scan {
        /// FROM..TO, e.g. 0..10000.
        range: String,
        #[arg(long)]
        json: bool,
        /// Store the rows in this catalog (SQLite) instead of printing them; an
        /// unfinished scan of the same range resumes. Ctrl-C stops after the current
        /// chunk, keeping everything stored.
        #[arg(long, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
    },
    /// Bookmarked seeds, in the studio's catalog (or --db PATH).
    Bookmarks {
        #[command(subcommand)]
        action: bookmarks::Action,
        /// The catalog file (default: the studio's, or $CONTRAPTION_DB).
        #[arg(long, global = true, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
        #[arg(long, global = true)]
        json: bool,
    },
}

fn seed_arg(text: &str) -> Result<ParsedSeed, String> {
    parse_seed(text).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = run(cli.command).and_then(|text| {
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            // A closed pipe (`contraption scan ... | head`) is the reader's choice, not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other.map_err(Into::into),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<Drifted>() => {
            let report = &e.downcast_ref::<Drifted>().expect("checked").0;
            let _ = std::io::stdout().write_all(report.as_bytes());
            eprintln!("error: {e}");
            ExitCode::from(3)
        }
        Err(e) if e.is::<Missed>() => {
            let report = &e.downcast_ref::<Missed>().expect("checked").0;
            let _ = std::io::stdout().write_all(report.as_bytes());
            eprintln!("error: {e}");
            ExitCode::from(4)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Pretty JSON and a final newline.
pub fn json_text(value: &impl serde::Serialize) -> Result<String> {
    Ok(serde_json::to_string_pretty(value)? + "\n")
}

/// Runs a command and returns what it prints on stdout.
fn run(command: Command) -> Result<String> {
    let mut out = String::new();
    match command {
        Command::Rng { seed, count } => {
            let mut rng = Mulberry32::new(seed.seed);
            for _ in 0..count {
                writeln!(out, "{}", js_number(rng.next_f64()))?;
            }
        }
        Command::Daily { date, json } => {
            let date = match date {
                Some(text) => contraption::seed::parse_date_text(text.trim(), &text)
                    .map_err(|e| anyhow!("{e}"))?
                    .ok_or_else(|| anyhow!("'{text}' is not a date; write it as YYYY-MM-DD"))?,
                None => chrono::Utc::now().date_naive(),
            };
            let key = contraption::daily_key(date);
            let seed = contraption::daily_seed(date);
            let iso = date.format("%Y-%m-%d").to_string();
            if json {
                out += &json_text(&json!({ "date": iso, "key": key, "seed": seed }))?;
            } else {
                writeln!(out, "{iso}  {key}  {seed}")?;
            }
        }
        Command::Generate { seed, json, full } => {
            let options = if full {
                GenerateOptions::inspector()
            } else {
                GenerateOptions::game()
            };
            let report = generate(seed.seed, &options);
            if json {
                out += &json_text(&report)?;
            } else {
                writeln!(
                    out,
                    "seed {} (rules v{}): shipped attempt {}{}, level {}",
                    report.seed,
                    report.rules_version,
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
                        .map(|s| format!(" [{} of 144 placements solve]", s.solving))
                        .unwrap_or_default();
                    writeln!(out, "  #{:<2} {}{}", a.index, a.reason, solving)?;
                }
                writeln!(out, "  {}", report.shipped.reason)?;
            }
        }
        Command::Sweep {
            seed,
            attempt,
            json,
        } => {
            let report = generate(seed.seed, &GenerateOptions::inspector());
            let k = attempt.unwrap_or(report.shipped.attempt);
            let n = report.attempts.len() as u32;
            if k == 0 || k > n {
                bail!(
                    "seed {} has {n} attempt(s); --attempt must be 1 to {n}",
                    seed.seed
                );
            }
            let a = &report.attempts[k as usize - 1];
            let sweep = a
                .sweep
                .as_ref()
                .expect("the inspector sweeps every attempt");
            let counts = sweep.counts();
            if json {
                /// `contraption sweep --json`.
                #[derive(serde::Serialize)]
                struct SweepOutput<'a> {
                    seed: u32,
                    attempt: u32,
                    level_hash: &'a str,
                    verdict: Verdict,
                    game_stop: Option<u32>,
                    counts: contraption::SweepCounts,
                    placements: &'a [contraption::SweepEntry],
                }
                out += &json_text(&SweepOutput {
                    seed: seed.seed,
                    attempt: k,
                    level_hash: &a.level_hash,
                    verdict: a.verdict,
                    game_stop: sweep.game_stop,
                    counts,
                    placements: &sweep.placements,
                })?;
            } else {
                writeln!(out,
                    "seed {} attempt {k}: {} — goal {}, out {}, rest {}, timeout {}, blocked {}; game stops at {}",
                    seed.seed,
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
                        "  {:>3}  x {:>2}  y {:>3}  angle {:>5}  {:<8} steps {:>4}  closest {}",
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
            }
        }
        Command::Simulate {
            file,
            json,
            trajectory,
        } => {
            let text = if file == "-" {
                let mut s = String::new();
                std::io::stdin().read_to_string(&mut s)?;
                s
            } else {
                std::fs::read_to_string(&file).with_context(|| format!("cannot read {file}"))?
            };
            let scene = read_scene(&text).with_context(|| format!("{file} is not a world"))?;
            scene
                .world
                .validate()
                .with_context(|| format!("{file} is not a valid world"))?;
            if let Some(bad) = scene.placements.iter().find(|p| !p.is_finite()) {
                bail!(
                    "a {} placement has a coordinate that is not a finite number",
                    bad.part.name()
                );
            }
            let rules = check_placements(&scene.world, &scene.placements).err();
            let options = SimOptions::with_trajectory(trajectory.unwrap_or(0));
            let result = simulate(&scene.world, &scene.placements, &options);
            if json {
                out += &json_text(&json!({
                    "outcome": result.outcome,
                    "steps": result.steps,
                    "closest": result.closest,
                    "placement_problem": rules.as_ref().map(|e| e.to_string()),
                    "trajectory": result.trajectory,
                }))?;
            } else {
                writeln!(
                    out,
                    "{} after {} steps; closest approach {:.3}",
                    format!("{:?}", result.outcome).to_lowercase(),
                    result.steps,
                    result.closest
                )?;
                if let Some(e) = rules {
                    eprintln!("note: the game would refuse these placements: {e}");
                }
            }
        }
        Command::Scan { range, json, db } => {
            out = match db {
                Some(path) => scan::run_into_catalog(&range, &path, json)?,
                None => scan::run(&range, json)?,
            }
        }
        Command::Bookmarks { action, db, json } => {
            let path = db.unwrap_or_else(contraption_catalog::default_path);
            let (text, changed) = bookmarks::run(action, &path, json)?;
            if changed {
                return Err(Drifted(text).into());
            }
            out = text;
        }
        Command::Export { seed, output } => {
            let daily_key = match seed.source {
                contraption::SeedSource::Daily { key, .. } => Some(key),
                _ => None,
            };
            let text = level_file_text(&export_level(seed.seed, daily_key));
            match output {
                Some(path) => write_atomically(&path, text.as_bytes())?,
                None => out = text,
            }
        }
        Command::Verify { file, json } => {
            let bytes =
                std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let level = parse_level_file(&bytes)
                .with_context(|| format!("{} was refused", file.display()))?;
            let v = verify(&level);
            if json {
                out += &json_text(&v)?;
            } else if v.identical {
                writeln!(
                    out,
                    "{}: seed {} regenerates identically with rules v{} (level {})",
                    file.display(),
                    v.seed,
                    v.rules_version,
                    v.regenerated_hash
                )?;
            } else {
                writeln!(
                    out,
                    "{}: seed {} drifted: the file (rules v{}, level {}) differs from rules v{} (level {}) in {} field(s):",
                    file.display(),
                    v.seed,
                    v.file_rules_version,
                    v.file_hash,
                    v.rules_version,
                    v.regenerated_hash,
                    v.drift.len()
                )?;
                for d in &v.drift {
                    writeln!(out, "  {}: {} -> {}", d.field, d.file, d.now)?;
                }
            }
            if !v.identical {
                return Err(Drifted(out).into());
            }
        }
        Command::Render {
            seed,
            output,
            scale,
            sweep,
            attempt,
        } => {
            let png = contraption_render::render_attempt(seed.seed, attempt, scale, sweep)?;
            write_atomically(&output, &png)?;
        }
        Command::Replay { file, json } => {
            let bytes =
                std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let solution = contraption::parse_solution(&bytes)
                .with_context(|| format!("{} was refused", file.display()))?;
            let result = contraption::replay(&solution, &SimOptions::default())
                .with_context(|| format!("{} cannot be replayed", file.display()))?;
            if json {
                out += &json_text(&result)?;
            } else {
                writeln!(
                    out,
                    "seed {}: {} after {} steps with {} part(s); closest approach {:.3}",
                    solution.seed,
                    format!("{:?}", result.outcome).to_lowercase(),
                    result.steps,
                    solution.placements.len(),
                    result.closest
                )?;
            }
            if result.outcome != contraption::Outcome::Goal {
                return Err(Missed(out).into());
            }
        }
        Command::Share { text, json } => {
            let parsed = parse_seed(&text).map_err(|e| anyhow!("{e}"))?;
            let code = ShareCode {
                seed: parsed.seed,
                rules_version: match parsed.source {
                    contraption::SeedSource::ShareCode { rules_version, .. } => rules_version,
                    _ => contraption::RULES_VERSION,
                },
            };
            let encoded = encode_share_code(code)?;
            if json {
                out += &json_text(&json!({
                    "code": encoded,
                    "seed": code.seed,
                    "rules_version": code.rules_version,
                    "current_rules": code.rules_version == contraption::RULES_VERSION,
                }))?;
            } else {
                writeln!(
                    out,
                    "{encoded}  seed {}  rules v{}",
                    code.seed, code.rules_version
                )?;
                if code.rules_version != contraption::RULES_VERSION {
                    writeln!(
                        out,
                        "warning: made with rules v{}; this engine has rules v{}, so the level may differ",
                        code.rules_version,
                        contraption::RULES_VERSION
                    )?;
                }
            }
        }
    }
    Ok(out)
}

/// A verification that found drift: its report still goes to stdout, with exit code 3.
#[derive(Debug)]
struct Drifted(String);

impl std::fmt::Display for Drifted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the level drifted from the current rules")
    }
}

impl std::error::Error for Drifted {}

/// A replay that ran but did not reach the goal: exit code 4.
#[derive(Debug)]
struct Missed(String);

impl std::fmt::Display for Missed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the solution does not reach the goal")
    }
}

impl std::error::Error for Missed {}

/// Writes a file through a temporary sibling and a rename, so a crash never leaves
/// half a file where a good one was.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| anyhow!("{} is not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// A scene (an object with a `world` key), or a bare world with no placements.
fn read_scene(text: &str) -> Result<Scene> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.get("world").is_some() {
        Ok(serde_json::from_value(value)?)
    } else {
        Ok(Scene {
            world: serde_json::from_value(value)?,
            placements: Vec::new(),
        })
    }
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
