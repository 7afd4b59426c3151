//! `contraption tune TARGETS --vary FIELD=LO..HI … --seeds FROM..TO`: the rule set
//! (from the rules in force, changing only the varied fields) whose figures on
//! the seed sample best meet the targets; the best five, their figures beside the
//! starting rules', and again on a holdout range.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use contraption::{parse_targets, rules_file_text, SeedRange};
use contraption_tune::{parse_vary, tune, Best, Evaluator, Outcome, TuneSpec};
use serde::Serialize;

use crate::commands::tune_store::FileStore;
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::ctrl_c_flag;
use crate::Ctx;

/// Find the rules whose levels meet targets: Nelder–Mead over the varied fields
/// from several starts, every candidate run over the same seed sample.
///
/// TARGETS: figures of `contraption compare` with bounds, joined with `and`:
/// `fallback_rate <= 0.02 and mean_walls >= 4 and share(solving in 2..8) >= 0.8`
/// (figures: fallback_rate, pre_solved_share, no_solution_share, mean_attempts,
/// mean_solving, mean_walls, mean_ramps, mean_fans, mean_bumpers, mean_gears,
/// share(CRITERIA); bounds: <=, >=, =, in A..B). `--rules FILE` sets the starting
/// rules. With --json: one object, streamed: the inputs, `candidates` (one per
/// line as each is run: its values, figures and score), then `start` and `best`
/// (the top 5). Progress on stderr; Ctrl-C stops and, with --resume, a second run
/// carries on where it stopped, with the same result.
#[derive(clap::Args)]
pub struct Args {
    /// The targets, e.g. 'fallback_rate <= 0.02 and mean_walls >= 4'.
    targets: String,
    /// A field the tuner may change and its bounds, FIELD=LO..HI (or FIELD for
    /// every value the rules allow); repeat for more. Numbers of the rules only:
    /// a range's ends as FIELD.min and FIELD.max; lists (the sweep's grid) are
    /// left out.
    #[arg(long = "vary", value_name = "FIELD=LO..HI", required = true)]
    vary: Vec<String>,
    /// The seed sample every candidate runs, FROM..TO (TO excluded).
    #[arg(long, value_name = "FROM..TO")]
    seeds: String,
    /// A second range the tuner never sees, run for the best rule sets.
    #[arg(long, value_name = "FROM..TO")]
    holdout: Option<String>,
    /// Distinct candidates at most.
    #[arg(long, default_value_t = 200)]
    budget: u32,
    /// Keep every candidate's tallies in FILE and reuse those it holds (resume an
    /// interrupted tune, or share runs between tunes).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Write the best rule set to FILE as a rules file (`--rules` accepts it).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(Serialize)]
struct Inputs<'a> {
    start_rules_id: &'a str,
    targets: String,
    vary: &'a [contraption_tune::Vary],
    seeds: [u64; 2],
    holdout: Option<[u64; 2]>,
    budget: u32,
}

fn range(text: &str, what: &str) -> Result<SeedRange> {
    SeedRange::parse(text).with_context(|| what.to_owned())
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let start = ctx.rules.clone();
    let targets =
        parse_targets(&args.targets, &start).map_err(|e| anyhow::anyhow!("targets: {e}"))?;
    let vary = args
        .vary
        .iter()
        .map(|v| parse_vary(v, &start))
        .collect::<Result<Vec<_>, _>>()?;
    let seeds = range(&args.seeds, "--seeds")?;
    let holdout = args
        .holdout
        .as_deref()
        .map(|h| range(h, "--holdout"))
        .transpose()?;
    let spec = TuneSpec {
        start,
        targets,
        vary,
        seeds,
        holdout,
        budget: args.budget,
        allow_slow: ctx.allow_slow,
    };
    spec.check()?;
    if let (Some(o), Some(r)) = (&args.output, &args.resume) {
        crate::args::refuse_one_file(("-o", o), ("--resume", r))?;
    }
    let mut store = FileStore::for_arg(args.resume.as_deref())?;
    if store.read > 0 {
        eprintln!(
            "resuming: {} tallies read from {}",
            store.read,
            crate::term::path(args.resume.as_ref().unwrap())
        );
    }
    let cancel = ctrl_c_flag();
    let mut eval = Evaluator::new(&spec.targets, &mut store, &cancel);
    if ctx.json {
        out.text("{\"inputs\":")?;
        out.json_compact(&Inputs {
            start_rules_id: spec.start.id(),
            targets: spec.targets.text(),
            vary: &spec.vary,
            seeds: [seeds.from(), seeds.to()],
            holdout: holdout.map(|h| [h.from(), h.to()]),
            budget: spec.budget,
        })?;
        out.text(",\n\"candidates\":[")?;
    }
    let bar = crate::progress::candidates_bar(u64::from(spec.budget));
    let mut written: Result<()> = Ok(());
    let outcome = tune(&spec, &mut eval, &mut |c, p| {
        bar.set_position(u64::from(p.done));
        if let Some(best) = p.best_score {
            bar.set_message(format!("best score {best:.4}"));
        }
        if ctx.json && written.is_ok() {
            written = (|| {
                out.text(if p.done == 1 { "\n" } else { ",\n" })?;
                out.json_compact(c)?;
                out.flush()
            })();
        }
    })?;
    bar.finish_and_clear();
    written?;
    store.check()?;
    if let (Some(path), Some(best)) = (&args.output, outcome.best.first()) {
        if !outcome.cancelled {
            ctx.write_output(path, rules_file_text(&best.rules).as_bytes())?;
        }
    }
    if ctx.json {
        out.text("\n],\n\"start\":")?;
        out.json_compact(&outcome.start)?;
        out.text(",\n\"start_holdout\":")?;
        out.json_compact(&outcome.start_holdout)?;
        out.text(&format!(
            ",\n\"tried\":{},\"cancelled\":{},\"exhausted\":{},\n\"best\":[",
            outcome.candidates, outcome.cancelled, outcome.exhausted
        ))?;
        for (i, b) in outcome.best.iter().enumerate() {
            out.text(if i == 0 { "\n" } else { ",\n" })?;
            out.json_compact(b)?;
        }
        out.text("\n]}\n")?;
    } else {
        out.text(&text_report(&spec, &outcome))?;
    }
    if outcome.cancelled {
        eprintln!(
            "cancelled after {} candidates{}",
            outcome.candidates,
            if args.resume.is_some() {
                "; run the same command to resume"
            } else {
                " (give --resume FILE to be able to resume)"
            }
        );
        return Ok(Exit::Interrupted);
    }
    if let Some(path) = &args.output {
        match outcome.best.first() {
            Some(_) => eprintln!(
                "the best rule set is written to {}",
                crate::term::path(path)
            ),
            None => bail!(
                "no candidate made valid rules: nothing written to {}",
                crate::term::path(path)
            ),
        }
    }
    Ok(Exit::Success)
}

fn figures_line(o: &Outcome) -> Vec<(String, f64, f64, bool)> {
    match o {
        Outcome::Scored { score, .. } => score
            .targets
            .iter()
            .map(|t| (t.target.clone(), t.value, t.miss, t.met))
            .collect(),
        Outcome::Refused { .. } => Vec::new(),
    }
}

fn text_report(spec: &TuneSpec, o: &contraption_tune::TuneOutcome) -> String {
    let mut s = format!(
        "tune from {} on seeds {}: {} candidates tried{}{}\ntargets: {}\n",
        crate::rules_label(spec.start.id()),
        spec.seeds,
        o.candidates,
        if o.exhausted {
            " (every point of the space)"
        } else {
            ""
        },
        if o.cancelled { " (cancelled)" } else { "" },
        spec.targets.text()
    );
    let start = figures_line(&o.start);
    s.push_str(&format!(
        "\nstart  score {:.4}\n",
        o.start.score().unwrap_or(f64::NAN)
    ));
    for (t, v, _, met) in &start {
        s.push_str(&format!(
            "    {t:<40} {v:>10.4}  {}\n",
            if *met { "met" } else { "missed" }
        ));
    }
    for (i, b) in o.best.iter().enumerate() {
        s.push_str(&best_block(i, b, &start));
    }
    if o.best.is_empty() {
        s.push_str("\nno candidate made valid rules\n");
    }
    s
}

fn best_block(i: usize, b: &Best, start: &[(String, f64, f64, bool)]) -> String {
    let mut s = format!(
        "\n#{}  score {:.4}  rules {}{}\n",
        i + 1,
        b.candidate.score().unwrap_or(f64::NAN),
        b.rules.id(),
        b.holdout
            .as_ref()
            .map(|h| format!("  holdout score {:.4}", h.score.score))
            .unwrap_or_default()
    );
    for d in &b.diff {
        s.push_str(&format!("    {}: {} -> {}\n", d.field, d.a, d.b));
    }
    if b.diff.is_empty() {
        s.push_str("    (the starting rules)\n");
    }
    let hold: Vec<_> = b
        .holdout
        .as_ref()
        .map(|h| h.score.targets.clone())
        .unwrap_or_default();
    for (k, (t, v, miss, met)) in figures_line(&b.candidate.outcome).into_iter().enumerate() {
        let was = start
            .get(k)
            .map(|x| format!("start {:.4}", x.1))
            .unwrap_or_default();
        let verdict = if met {
            "met".to_owned()
        } else {
            format!("missed by {miss:.4}")
        };
        let h = hold
            .get(k)
            .map(|h| format!("  holdout {:.4}", h.value))
            .unwrap_or_default();
        s.push_str(&format!("    {t:<40} {v:>10.4}  ({was})  {verdict}{h}\n"));
    }
    s
}
