//! `contraption search EXPR [FROM..TO | --all] [--resume FILE]`: the seeds of a
//! range whose shipped level meets the criteria, streamed as JSON lines, with the
//! range's aggregates at the end.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use anyhow::{bail, Context, Result};
use contraption::totals::SolvingBucket;
use contraption::{parse_criteria_for, Criteria, ScanSummary, Totals};
use serde::{Deserialize, Serialize};

use crate::args::parse_range;
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::{ctrl_c_flag, seeds_bar};
use crate::Ctx;

/// Seeds summarised on all cores between two looks at Ctrl-C, two flushes of the
/// matches and two checkpoints: memory stays flat whatever the range. The batch
/// step is the catalog's, shared with the studio's searches.
const BATCH: u64 = contraption_catalog::SEARCH_BATCH;

/// The largest checkpoint file read (a real one is a few KiB).
const MAX_CHECKPOINT_BYTES: u64 = 64 * 1024;

const CHECKPOINT_KIND: &str = "contraption-search-checkpoint";

/// Every seed of a range (or of all 4,294,967,296) whose shipped level meets
/// EXPR, e.g. `solving = 1 and walls = 5`, `fallback`, `attempts >= 10 or not
/// solves 50` (the criteria language: docs/search.md). Matches go to stdout as
/// JSON lines (the row `scan --json` prints) as they are found, in seed order;
/// the last line is `{"summary": …}` with the whole range's aggregates. Progress
/// on stderr; Ctrl-C stops after the current batch (exit 130).
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
    /// Keep a checkpoint in FILE (written atomically after every batch): a stopped
    /// search run again with the same FILE continues where it stopped and ends
    /// with the same summary as an uninterrupted run.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

/// The checkpoint format written now: version 2 carries a checksum.
const CHECKPOINT_VERSION: u32 = 2;

/// What a checkpoint file holds: which search, how far it got, and its totals,
/// with the SHA-256 of all of that (`checksum`), so any edit is refused.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Checkpoint {
    kind: String,
    version: u32,
    criteria: String,
    rules_id: String,
    from: u64,
    to: u64,
    /// The first seed not searched yet.
    next: u64,
    matches: u64,
    totals: Totals,
    /// `content_checksum` of the checkpoint with this field empty.
    #[serde(default)]
    checksum: String,
}

impl Checkpoint {
    fn checksum_now(&self) -> String {
        contraption::content_checksum(&Checkpoint {
            checksum: String::new(),
            ..self.clone()
        })
    }
}

/// The last line: `{"summary": …}`.
#[derive(Serialize)]
struct LastLine<'a> {
    summary: SearchSummary<'a>,
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
    let rules_id = ctx.rules.id().to_owned();
    let mut state = Checkpoint {
        kind: CHECKPOINT_KIND.into(),
        version: CHECKPOINT_VERSION,
        criteria: criteria.to_string(),
        rules_id,
        from,
        to,
        next: from,
        matches: 0,
        totals: Totals::default(),
        checksum: String::new(),
    };
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
    let summary = SearchSummary {
        range: format!("{from}..{to}"),
        criteria: state.criteria.clone(),
        rules_id: &state.rules_id,
        complete,
        searched: state.totals.seeds,
        matches: state.matches,
        scan: state.totals.summary(),
        solving_histogram: state.totals.solving_buckets(),
        all_pre_solved_seeds: &state.totals.all_pre_solved_seeds,
    };
    out.json_compact(&LastLine { summary })?;
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

/// Summarises `start..end` on all cores (the catalog's batch step, shared with
/// the studio), adds every row to the totals and prints the matching ones in
/// seed order. False (nothing added or printed) when Ctrl-C came meanwhile.
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
        start,
        end,
        &mut state.totals,
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
    let bytes = contraption_io::read_file_bounded(path, MAX_CHECKPOINT_BYTES)?;
    let shown = crate::term::path(path);
    let c: Checkpoint = contraption::strict_json::from_slice(&bytes, MAX_CHECKPOINT_BYTES as usize)
        .with_context(|| format!("{shown} is not a search checkpoint"))?;
    if c.kind != CHECKPOINT_KIND {
        bail!("{shown} is not a search checkpoint");
    }
    if c.version != CHECKPOINT_VERSION {
        bail!(
            "{shown} is a search checkpoint of version {} (this contraption writes version {CHECKPOINT_VERSION}, with a checksum); remove it to start the search over",
            c.version
        );
    }
    if c.checksum != c.checksum_now() {
        bail!("{shown} was changed since it was written (its checksum does not match its content); remove it to start over");
    }
    let consistent = c.from < c.to
        && c.to <= 1 << 32
        && (c.from..=c.to).contains(&c.next)
        && c.totals.seeds == c.next - c.from
        && c.matches <= c.totals.seeds;
    if !consistent {
        bail!("{shown} is damaged (its position and totals disagree); remove it to start over");
    }
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
    let sealed = Checkpoint {
        checksum: state.checksum_now(),
        ..state.clone()
    };
    let mut text = serde_json::to_vec_pretty(&sealed)?;
    text.push(b'\n');
    contraption_io::write_atomically(path, &text)
        .with_context(|| format!("cannot write the checkpoint {}", crate::term::path(path)))?;
    Ok(())
}
