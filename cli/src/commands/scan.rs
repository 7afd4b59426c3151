//! `contraption scan FROM..TO`: game-mode generation over a seed range on all cores.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use contraption::totals::AttemptsBucket;
use contraption::{summarize, ScanSummary, SeedSummary as Row, Totals};
use contraption_catalog::ScanEvent;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;

use crate::args::{open_catalog, parse_range};
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::{ctrl_c_flag, seeds_bar};
use crate::term::printable;
use crate::Ctx;

/// Game-mode generation over a seed range FROM..TO (TO excluded), on all cores.
#[derive(clap::Args)]
pub struct Args {
    /// FROM..TO, e.g. 0..10000.
    range: String,
    /// Store the rows in this catalog (SQLite) instead of printing them; an
    /// unfinished scan of the same range resumes. Ctrl-C stops after the current
    /// chunk, keeping everything stored.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    match &args.db {
        Some(path) => run_into_catalog(&args.range, path, ctx, out)?,
        None => run_printing(&args.range, ctx, out)?,
    }
    Ok(Exit::Success)
}

/// The summary as printed: the rules' id first, then the range's aggregates.
#[derive(Serialize)]
struct Printed<'a> {
    /// The id of the rules the range was generated under.
    rules_id: &'a str,
    #[serde(flatten)]
    summary: &'a ScanSummary,
}

/// Seeds summarised (on all cores) and written together by a printing scan, one
/// chunk written while the next is summarised: memory stays flat (two chunks)
/// whatever the range.
const PRINT_CHUNK: u64 = 4096;

/// Above this share of fallbacks the summary says fallbacks are common: the
/// generator's bar (the default rules ship a fallback for 0 of 10,000 seeds).
const FALLBACK_BAR: f64 = 0.05;

/// The summary's words on fallbacks when they are common, else `None`: `fallback`
/// seeds shipped the fallback and `all_pre_solved` a preSolved level (no
/// fallback existed), of `seeds`.
fn fallback_warning(seeds: u64, fallback: u64, all_pre_solved: u64) -> Option<String> {
    let unsolved = fallback + all_pre_solved;
    let rate = unsolved as f64 / seeds.max(1) as f64;
    (rate > FALLBACK_BAR).then(|| {
        format!(
            "fallbacks are common under these rules: {unsolved} of {seeds} seeds ({:.1}%) shipped a level \
             without a one-ramp solution ({fallback} the fallback, {all_pre_solved} a preSolved level); \
             the bar is at most {:.0}%",
            rate * 100.0,
            FALLBACK_BAR * 100.0
        )
    })
}

/// `scan FROM..TO [--json]`. With `--json` the output is one object,
/// `{"seeds": [...], "summary": {...}}`, streamed: a row per line in seed order as
/// chunks complete, the summary last.
fn run_printing(range: &str, ctx: &Ctx, out: &mut Out) -> Result<()> {
    let json = ctx.json;
    let (from, to) = parse_range(range)?;
    let bar = seeds_bar("scanning", to - from);
    let printed = print_rows(from, to, ctx, out, &bar);
    bar.finish_and_clear();
    let summary = printed?;
    if json {
        out.text("\n],\n\"summary\":")?;
        out.json_compact(&Printed {
            rules_id: ctx.rules.id(),
            summary: &summary,
        })?;
        out.text("}\n")?;
        return Ok(());
    }
    writeln!(
        out,
        "{} seeds under rules {}: {} accepted, {} fallback ({:.2}%), mean {:.2} attempts",
        summary.seeds,
        ctx.rules_label(),
        summary.accepted,
        summary.fallback,
        summary.fallback_rate * 100.0,
        summary.mean_attempts
    )?;
    writeln!(
        out,
        "rejections: {} preSolved, {} without a one-ramp solution",
        summary.pre_solved_rejections, summary.no_single_ramp_rejections
    )?;
    if let Some(warning) = fallback_warning(summary.seeds, summary.fallback, summary.all_pre_solved)
    {
        writeln!(out, "{warning}")?;
    }
    writeln!(out, "attempts per seed:")?;
    let widest = summary
        .attempts_histogram
        .iter()
        .map(|b| b.seeds)
        .max()
        .unwrap_or(1);
    for AttemptsBucket { attempts, seeds: n } in &summary.attempts_histogram {
        let bar = "#".repeat(((n * 50).div_ceil(widest)) as usize);
        writeln!(out, "  {attempts:>3} {n:>8} {bar}")?;
    }
    Ok(())
}

/// Summarises `from..to` a chunk at a time, writing each chunk's rows (with
/// `json`) while the next is computed; returns the summary.
fn print_rows(
    from: u64,
    to: u64,
    ctx: &Ctx,
    out: &mut Out,
    bar: &ProgressBar,
) -> Result<ScanSummary> {
    let json = ctx.json;
    let mut totals = Totals::default();
    if json {
        out.text("{\"seeds\":[")?;
    }
    let summarise = |a: u64, b: u64| -> Vec<Row> {
        (a..b)
            .into_par_iter()
            .map(|s| summarize(&ctx.rules, s as u32))
            .collect()
    };
    let mut start = from;
    let mut rows = summarise(start, (start + PRINT_CHUNK).min(to));
    while start < to {
        let end = (start + PRINT_CHUNK).min(to);
        // The next chunk is summarised on all cores while this one is written, so
        // no core waits for the writing (or for the chunk's slowest seed alone).
        let (next, written) = rayon::join(
            || summarise(end, (end + PRINT_CHUNK).min(to)),
            || -> Result<()> {
                for r in &rows {
                    if json {
                        out.text(if r.seed as u64 == from { "\n" } else { ",\n" })?;
                        out.json_compact(r)?;
                    }
                    totals.add(r);
                }
                Ok(())
            },
        );
        written?;
        bar.inc(end - start);
        rows = next;
        start = end;
    }
    Ok(totals.summary())
}

/// `scan FROM..TO --db PATH`: stores every seed's summary in the catalog, under
/// the rules in force (a range scanned under other rules is another scan).
fn run_into_catalog(range: &str, path: &Path, ctx: &Ctx, out: &mut Out) -> Result<()> {
    let (from, to) = parse_range(range)?;
    let mut catalog = open_catalog(path)?;
    let rules = &ctx.rules;
    let scan = catalog.begin_scan(rules, from, to)?;
    let cancel = ctrl_c_flag();
    let bar = seeds_bar("scanning into the catalog", to - from);
    let run = catalog.run_scan_reporting(rules, scan.id, &cancel, |event| match event {
        ScanEvent::Progress(p) => bar.set_position(p.done),
        ScanEvent::Waiting { holder } => bar.suspend(|| {
            eprintln!(
                "scan {} of {from}..{to} is being run by another process ({}); waiting for it",
                scan.id,
                printable(&holder)
            )
        }),
    })?;
    let end = run.end;
    bar.finish_and_clear();
    let record = catalog.scan(scan.id)?;
    // The range's rows, in the engine's criteria (both ends included).
    let range = contraption::Criteria::Within {
        field: contraption::criteria::Field::Seed,
        lo: from as i64,
        hi: to as i64 - 1,
    };
    let stats = catalog.stats(rules, &range)?;
    if ctx.json {
        out.json(&serde_json::json!({
            "scan": record,
            "stats": stats,
            "summarised_here": run.computed,
        }))?;
    } else {
        writeln!(
            out,
            "scan {} of {from}..{to} under rules {}: {} ({} of {} seeds stored in {})",
            record.id,
            ctx.rules_label(),
            match end {
                contraption_catalog::ScanEnd::Done => "done",
                contraption_catalog::ScanEnd::Cancelled =>
                    "cancelled; run the same command to resume",
            },
            record.next - record.from,
            to - from,
            crate::term::path(path)
        )?;
        writeln!(
            out,
            "{} seeds: {} accepted, {} fallback ({:.2}%)",
            stats.seeds,
            stats.accepted,
            stats.fallback,
            stats.fallback_rate * 100.0
        )?;
        // The catalog's `fallback` counts the all-preSolved seeds too.
        if let Some(warning) = fallback_warning(
            stats.seeds,
            stats.fallback - stats.all_pre_solved,
            stats.all_pre_solved,
        ) {
            writeln!(out, "{warning}")?;
        }
    }
    Ok(())
}
