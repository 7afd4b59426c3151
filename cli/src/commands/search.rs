//! `contraption search EXPR [FROM..TO | --all] [--summary fast|full] [--resume
//! FILE]`: the seeds of a range whose shipped level meets the criteria, streamed
//! as JSON lines, with a summary of the range at the end. Each seed is decided
//! with the least work that gives its full row's answer (the staged search:
//! layouts first, physics only as far as needed); `--summary full` computes
//! every row, for the scan's aggregates of the whole range.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use anyhow::{Context, Result};
use contraption::checkpoint::{
    checkpoint_text, parse_checkpoint, SearchCheckpoint as Checkpoint, MAX_CHECKPOINT_BYTES,
};
use contraption::totals::SolvingBucket;
use contraption::{parse_criteria_for, Criteria, Decided, ScanSummary, SummaryKind};
use serde::Serialize;

use crate::args::parse_range;
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::{ctrl_c_flag, seeds_bar};
use crate::Ctx;

/// Seeds summarised on all cores between two looks at Ctrl-C, two flushes of the
/// matches and two checkpoints: memory stays flat whatever the range. The batch
/// step is the catalog's, shared with the studio's searches.
const BATCH: u64 = contraption_catalog::SEARCH_BATCH;

/// Every seed of a range (or of all 4,294,967,296) whose shipped level meets
/// EXPR, e.g. `solving = 1 and walls = 5`, `fallback`, `attempts >= 10 or not
/// solves 50` (the criteria language: docs/search.md). Matches go to stdout as
/// JSON lines (the row `scan --json` prints) as they are found, in seed order;
/// the last line is `{"summary": …}`: the seeds searched, the matches and where
/// each seed was decided, or (`--summary full`) the whole range's aggregates.
/// Each seed is decided with the least work that gives the answer of its full
/// row (layouts before physics, sweeps stopped once the answer is known): the
/// same matches as a full search, faster. Progress on stderr; Ctrl-C stops
/// within one simulation, giving up the batch under way (exit 130).
#[derive(clap::Args)]
pub struct Args {
    /// The criteria, e.g. "solving = 1 and walls = 5".
    expr: String,
    /// FROM..TO (TO excluded), e.g. 0..1000000.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    range: Option<String>,
    /// Search all 4,294,967,296 seeds.
    #[arg(long)]
    all: bool,
    /// What the last line says of the range: `fast` (the seeds searched, the
    /// matches, and how many seeds each stage of the staged search decided) or
    /// `full` (every seed's full row computed, as a scan does: the scan's
    /// aggregates of the whole range, the solving histogram; as slow as a scan).
    #[arg(long, value_enum, default_value_t = Summary::Fast)]
    summary: Summary,
    /// Keep a checkpoint in FILE (written atomically after every batch): a stopped
    /// search run again with the same FILE continues where it stopped and ends
    /// with the same summary as an uninterrupted run.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

/// `--summary`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Summary {
    Fast,
    Full,
}

impl From<Summary> for SummaryKind {
    fn from(s: Summary) -> Self {
        match s {
            Summary::Fast => SummaryKind::Fast,
            Summary::Full => SummaryKind::Full,
        }
    }
}

/// The last line: `{"summary": …}`.
#[derive(Serialize)]
struct LastLine<T> {
    summary: T,
}

/// The last line of a fast search.
#[derive(Serialize)]
struct FastSummary<'a> {
    range: String,
    criteria: String,
    rules_id: &'a str,
    complete: bool,
    searched: u64,
    matches: u64,
    /// `"fast"`: the scan's aggregates were not computed (`--summary full`).
    summary: &'static str,
    /// Seeds decided from their candidates' layouts, in the generator's loop,
    /// partway through the shipped level's sweep, and with the whole row.
    decided: Decided,
}

/// The whole range's aggregates.
#[derive(Serialize)]
struct SearchSummary<'a> {
    range: String,
    criteria: String,
    rules_id: &'a str,
    /// Whether every seed of the range was searched (false after Ctrl-C).
    complete: bool,
    /// Seeds searched (from FROM, across resumed runs).
    searched: u64,
    matches: u64,
    #[serde(flatten)]
    scan: ScanSummary,
    /// Seeds per number of solving placements of the shipped level.
    solving_histogram: Vec<SolvingBucket>,
    /// The lowest seeds (up to 100) whose every candidate was preSolved.
    all_pre_solved_seeds: &'a [u32],
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let criteria = parse_criteria_for(&args.expr, &ctx.rules).map_err(|e| {
        anyhow::anyhow!(
            "'{}' is not a search: {e}",
            crate::term::shortened(&args.expr, 80)
        )
    })?;
    let (from, to) = match &args.range {
        Some(range) => parse_range(range)?,
        None => (0, 1 << 32),
    };
    let kind = SummaryKind::from(args.summary);
    let mut state = Checkpoint::new(
        criteria.to_string(),
        ctx.rules.id().to_owned(),
        from,
        to,
        kind,
    );
    if let Some(path) = &args.resume {
        if let Some(saved) = read_checkpoint(path)? {
            check_same_search(&saved, &state, path)?;
            state = saved;
        }
        // A checkpoint that cannot be written is found now, before any work: a
        // temporary sibling is made (and removed) where the checkpoint goes.
        drop(
            contraption_io::AtomicFile::create(path).with_context(|| {
                format!("cannot write the checkpoint {}", crate::term::path(path))
            })?,
        );
    }

    let cancel = ctrl_c_flag();
    let bar = seeds_bar("searching", to - from);
    bar.set_position(state.next - from);
    bar.reset_eta();
    bar.set_message(format!("{} matches", state.matches));

    while state.next < to && !cancel.load(Ordering::Relaxed) {
        let end = (state.next + BATCH).min(to);
        // Ctrl-C during the batch: it is given up (within one simulation) and
        // the search stops where the last whole batch ended.
        if !search_batch(ctx, &criteria, state.next, end, &mut state, out, &cancel)? {
            break;
        }
        out.flush()?;
        state.next = end;
        if let Some(path) = &args.resume {
            save_checkpoint(path, &state)?;
        }
        bar.set_position(end - from);
        bar.set_message(format!("{} matches", state.matches));
    }
    bar.finish_and_clear();

    let complete = state.next == to;
    match kind {
        SummaryKind::Full => out.json_compact(&LastLine {
            summary: SearchSummary {
                range: format!("{from}..{to}"),
                criteria: state.criteria.clone(),
                rules_id: &state.rules_id,
                complete,
                searched: state.totals.seeds,
                matches: state.matches,
                scan: state.totals.summary(),
                solving_histogram: state.totals.solving_buckets(),
                all_pre_solved_seeds: &state.totals.all_pre_solved_seeds,
            },
        })?,
        SummaryKind::Fast => out.json_compact(&LastLine {
            summary: FastSummary {
                range: format!("{from}..{to}"),
                criteria: state.criteria.clone(),
                rules_id: &state.rules_id,
                complete,
                searched: state.decided.seeds(),
                matches: state.matches,
                summary: kind.name(),
                decided: state.decided,
            },
        })?,
    }
    out.text("\n")?;
    out.flush()?;
    if complete {
        Ok(Exit::Success)
    } else {
        eprintln!(
            "stopped at seed {}: {} of {} seeds searched{}",
            state.next,
            state.next - from,
            to - from,
            match &args.resume {
                Some(p) => format!(
                    "; run the same command to continue from {}",
                    crate::term::path(p)
                ),
                None => "; --resume FILE keeps a checkpoint to continue from".into(),
            }
        );
        Ok(Exit::Interrupted)
    }
}

/// Searches `start..end` on all cores (the catalog's batch step, shared with
/// the studio), counts every seed in the checkpoint (its totals or its stages)
/// and prints the matching rows in seed order. False (nothing added or
/// printed) when Ctrl-C came meanwhile.
fn search_batch(
    ctx: &Ctx,
    criteria: &Criteria,
    start: u64,
    end: u64,
    state: &mut Checkpoint,
    out: &mut Out,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<bool> {
    let Some(found) = contraption_catalog::search_batch(
        &ctx.rules,
        criteria,
        state.summary,
        start..end,
        &mut state.totals,
        &mut state.decided,
        cancel,
    ) else {
        return Ok(false);
    };
    for row in &found {
        state.matches += 1;
        out.json_compact(row)?;
        out.text("\n")?;
    }
    Ok(true)
}

/// The checkpoint in `path`, or `None` when there is no file yet.
fn read_checkpoint(path: &Path) -> Result<Option<Checkpoint>> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let bytes = contraption_io::read_file_bounded(path, MAX_CHECKPOINT_BYTES as u64)?;
    let c = parse_checkpoint(&bytes)
        .with_context(|| format!("{} was refused as a checkpoint", crate::term::path(path)))?;
    Ok(Some(c))
}

/// A checkpoint continues only the search it was made for.
fn check_same_search(saved: &Checkpoint, wanted: &Checkpoint, path: &Path) -> Result<()> {
    let differs = |what: &str, a: &str, b: &str| {
        anyhow::anyhow!(
            "{} is the checkpoint of another search ({what} {a}, not {b}); use another file or remove it",
            crate::term::path(path)
        )
    };
    if saved.criteria != wanted.criteria {
        return Err(differs("criteria", &saved.criteria, &wanted.criteria));
    }
    if saved.summary != wanted.summary {
        return Err(differs(
            "summary",
            saved.summary.name(),
            wanted.summary.name(),
        ));
    }
    if (saved.from, saved.to) != (wanted.from, wanted.to) {
        return Err(differs(
            "range",
            &format!("{}..{}", saved.from, saved.to),
            &format!("{}..{}", wanted.from, wanted.to),
        ));
    }
    if saved.rules_id != wanted.rules_id {
        return Err(differs("rules", &saved.rules_id, &wanted.rules_id));
    }
    Ok(())
}

fn save_checkpoint(path: &Path, state: &Checkpoint) -> Result<()> {
    contraption_io::write_atomically(path, checkpoint_text(state).as_bytes())
        .context("the checkpoint (--resume)")?;
    Ok(())
}
