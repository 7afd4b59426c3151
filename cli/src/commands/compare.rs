//! `contraption compare A B FROM..TO`: a seed range generated under two rule sets,
//! side by side (the engine's `compare` figures), the seeds whose shipped level
//! changed, optionally every seed's summary under both as CSV, and optionally the
//! expressive-range figure of two metrics as PNG (the studio's export's bytes).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use contraption::compare::{csv_line, CSV_HEADER};
use contraption::expressive_range::{Metric, RangeCounts, RangeGrid};
use contraption::{summarize, AbTotals, SeedSummary, ValidRules};
use contraption_io::AtomicFile;
use rayon::prelude::*;
use serde::Serialize;

use crate::args::{parse_range, refuse_slow, rules_arg};
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::seeds_bar;
use crate::Ctx;

/// Compare two rule sets over a seed range FROM..TO (TO excluded), on all cores.
///
/// Prints one JSON object, streamed: both rules, `changed_seeds` (one per line,
/// ascending, as chunks complete), then `summary` (each side's figures and the
/// differences B − A); with `--png`, also `range`: the two axes and the binned
/// seeds per cell under A, under B and B − A (what the studio's expressive-range
/// view shows). Progress goes to stderr.
#[derive(clap::Args)]
pub struct Args {
    /// Rules A: a rules file, or `v1` for the default rules.
    a: String,
    /// Rules B: a rules file, or `v1` for the default rules.
    b: String,
    /// FROM..TO, e.g. 0..10000.
    range: String,
    /// Also write every seed's summary under A and under B to FILE (CSV, one row
    /// per seed, streamed).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Also draw the expressive-range figure of `--x` by `--y` (2-D histograms
    /// under A, under B, and B − A) to FILE (PNG, the studio's export's bytes).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The figure's x metric: solving, walls, attempts, pre_solved, ramps, fans,
    /// bumpers, gears or inventory.
    #[arg(
        long,
        value_name = "METRIC",
        default_value = "solving",
        requires = "png"
    )]
    x: String,
    /// The figure's y metric (as for --x).
    #[arg(long, value_name = "METRIC", default_value = "walls", requires = "png")]
    y: String,
}

/// Seeds summarised (on all cores, under both rules) and written together.
const CHUNK: u64 = 1024;

#[derive(Serialize)]
struct Side<'a> {
    rules_id: &'a str,
    rules_name: &'a str,
}

/// The `range` block: the axes and the binned counts.
#[derive(Serialize)]
struct RangeBlock<'a> {
    x: &'a contraption::expressive_range::Axis,
    y: &'a contraption::expressive_range::Axis,
    #[serde(flatten)]
    grid: &'a RangeGrid,
}

fn side(r: &ValidRules) -> Side<'_> {
    Side {
        rules_id: r.id(),
        rules_name: r.name(),
    }
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    if ctx.rules_file.is_some() {
        bail!("compare takes its two rule sets as A and B; leave out --rules");
    }
    let a = rules_arg(Path::new(&args.a)).with_context(|| format!("rules A ({})", args.a))?;
    let b = rules_arg(Path::new(&args.b)).with_context(|| format!("rules B ({})", args.b))?;
    refuse_slow(&a, &format!("rules A ({})", args.a), ctx.allow_slow)?;
    refuse_slow(&b, &format!("rules B ({})", args.b), ctx.allow_slow)?;
    let (from, to) = parse_range(&args.range)?;
    // Outputs are written whole or not at all (a temporary sibling renamed over
    // the file once complete), never over rules A or B, and not both to one file.
    let inputs = [
        ("rules A", Path::new(&args.a)),
        ("rules B", Path::new(&args.b)),
    ];
    if let (Some(csv), Some(png)) = (&args.csv, &args.png) {
        crate::args::refuse_one_file(("--csv", csv), ("--png", png))?;
    }
    let mut range = match &args.png {
        Some(path) => {
            let x = Metric::parse(&args.x).context("--x")?;
            let y = Metric::parse(&args.y).context("--y")?;
            let file = AtomicFile::create_apart_from(path, &inputs)?;
            Some((file, RangeCounts::new(x, y, a.rules(), b.rules())))
        }
        None => None,
    };
    let mut csv = match &args.csv {
        Some(path) => {
            let mut w = AtomicFile::create_apart_from(path, &inputs)?;
            writeln!(w, "{CSV_HEADER}")?;
            Some(w)
        }
        None => None,
    };
    out.text("{\"a\":")?;
    out.json_compact(&side(&a))?;
    out.text(",\"b\":")?;
    out.json_compact(&side(&b))?;
    out.text(&format!(",\"from\":{from},\"to\":{to},\"changed_seeds\":["))?;
    let bar = seeds_bar("comparing", to - from);
    let mut totals = AbTotals::default();
    let mut first = true;
    let mut start = from;
    while start < to {
        let end = (start + CHUNK).min(to);
        let pairs: Vec<(SeedSummary, SeedSummary)> = (start..end)
            .into_par_iter()
            .map(|s| (summarize(&a, s as u32), summarize(&b, s as u32)))
            .collect();
        for (x, y) in &pairs {
            if totals.add(x, y) {
                out.text(if first { "\n" } else { ",\n" })?;
                out.text(&x.seed.to_string())?;
                first = false;
            }
            if let Some(w) = csv.as_mut() {
                writeln!(w, "{}", csv_line(x, y))?;
            }
            if let Some((_, r)) = range.as_mut() {
                r.add(x, y);
            }
        }
        out.flush()?;
        bar.inc(end - start);
        start = end;
    }
    bar.finish_and_clear();
    if let Some(w) = csv {
        w.commit()?;
    }
    out.text("\n],\n\"summary\":")?;
    out.json_compact(&totals.figures())?;
    if let Some((mut file, counts)) = range {
        let png = contraption_render::render_range_png(&contraption_render::RangeFigure {
            counts: &counts,
            a_name: a.name(),
            b_name: b.name(),
            from,
            to,
        })?;
        file.write_all(&png).map_err(|e| file.error(e))?;
        file.commit()?;
        out.text(",\n\"range\":")?;
        out.json_compact(&RangeBlock {
            x: &counts.x,
            y: &counts.y,
            grid: &counts.grid(),
        })?;
    }
    out.text("}\n")?;
    Ok(Exit::Success)
}
