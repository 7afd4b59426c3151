//! `contraption sensitivity --seeds FROM..TO`: what each rule does. Every chosen
//! field stepped down and up from the rules in force (a tornado chart, ordered by
//! effect on one figure); with `--curve FIELD`, one field swept over k values (a
//! response curve); with `--random N`, N rule sets drawn at random within the
//! `--vary` bounds (where they land on two figures).

use std::path::PathBuf;

use anyhow::{Context, Result};
use contraption::{FigureName, SeedRange, Targets};
use contraption_tune::{
    numeric_fields, parse_vary, random_rules, response_curve, sensitivity, Evaluator, Vary,
};

use crate::commands::sensitivity_out::{curve_out, random_out, tornado_out, RandomOut};
use crate::commands::tune_store::FileStore;
use crate::exit::Exit;
use crate::output::Out;
use crate::progress::{ctrl_c_flag, rule_sets_bar};
use crate::Ctx;

/// What each rule does, on one seed sample, from the rules in force (`--rules`).
///
/// By default every number of the rules (or those of --fields) is stepped down and
/// up by --step (a share of its value) and the figures of `contraption compare`
/// are given at each step; the fields are ordered by their effect on --figure.
/// JSON: `{rules_id, from, to, figure, tornado: [fields by effect], step, start:
/// figures, fields: [{field, value, lo, hi, down, up}]}`, each step `{values,
/// rules_id, figures, refused}`.
#[derive(clap::Args)]
pub struct Args {
    /// The seed sample, FROM..TO (TO excluded).
    #[arg(long, value_name = "FROM..TO")]
    seeds: String,
    /// The fields to step, FIELD or FIELD=LO..HI (bounds the steps stay in),
    /// comma-separated; every number of the rules when left out.
    #[arg(long, value_name = "FIELD[=LO..HI],...", value_delimiter = ',')]
    fields: Vec<String>,
    /// The step, a share of each field's value (a tenth of its bounds' span when
    /// the value is 0; whole fields step by at least 1).
    #[arg(long, default_value_t = 0.1)]
    step: f64,
    /// The figure the tornado is ordered by (and the PNG shows).
    #[arg(long, value_name = "FIGURE", default_value = "mean_solving")]
    figure: String,
    /// A response curve instead: FIELD (or FIELD=LO..HI) swept over --points values.
    #[arg(long, value_name = "FIELD[=LO..HI]", conflicts_with_all = ["random", "fields"])]
    curve: Option<String>,
    /// The response curve's values.
    #[arg(long, default_value_t = 9)]
    points: u32,
    /// Random rule sets instead: N drawn uniformly within the --vary bounds.
    #[arg(long, value_name = "N", conflicts_with = "fields")]
    random: Option<u32>,
    /// The fields random rule sets vary, FIELD=LO..HI; repeat for more.
    #[arg(long = "vary", value_name = "FIELD=LO..HI", requires = "random")]
    vary: Vec<String>,
    /// The seed of the random draw of rule sets.
    #[arg(long, default_value_t = 1, requires = "random")]
    sample_seed: u32,
    /// The random rule sets' x figure (for the PNG).
    #[arg(
        long,
        value_name = "FIGURE",
        default_value = "mean_walls",
        requires = "random"
    )]
    x: String,
    /// The random rule sets' y figure (for the PNG).
    #[arg(
        long,
        value_name = "FIGURE",
        default_value = "mean_solving",
        requires = "random"
    )]
    y: String,
    /// Also write the figures as CSV to FILE (one row per rule set).
    #[arg(long, value_name = "FILE")]
    pub(super) csv: Option<PathBuf>,
    /// Also draw the chart to FILE (PNG).
    #[arg(long, value_name = "FILE")]
    pub(super) png: Option<PathBuf>,
    /// Keep every rule set's tallies in FILE and reuse those it holds (the tune's
    /// resume file format).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

fn figure(text: &str, what: &str) -> Result<FigureName> {
    FigureName::parse(text).with_context(|| {
        let names: Vec<&str> = FigureName::ALL.iter().map(|f| f.name()).collect();
        format!(
            "{what}: '{text}' is not a figure; one of {}",
            names.join(", ")
        )
    })
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let start = ctx.rules.clone();
    let seeds = SeedRange::parse(&args.seeds).context("--seeds")?;
    if let (Some(c), Some(p)) = (&args.csv, &args.png) {
        crate::args::refuse_one_file(("--csv", c), ("--png", p))?;
    }
    let mut store = FileStore::for_arg(args.resume.as_deref())?;
    let cancel = ctrl_c_flag();
    let none = Targets { targets: vec![] };
    let mut eval = Evaluator::new(&none, &mut store, &cancel);
    let bar = rule_sets_bar();
    let mut on = |d: u32, n: u32| {
        bar.set_length(u64::from(n));
        bar.set_position(u64::from(d));
    };
    let label = crate::rules_label(start.id());
    let done = if let Some(c) = &args.curve {
        let f = parse_vary(c, &start)?;
        let Some(points) = response_curve(
            &start,
            &f,
            args.points,
            seeds,
            ctx.allow_slow,
            &mut eval,
            &mut on,
        )?
        else {
            return cancelled();
        };
        bar.finish_and_clear();
        curve_out(ctx, out, &args, &start, seeds, &f, &points, &label)?
    } else if let Some(n) = args.random {
        let (x, y) = (figure(&args.x, "--x")?, figure(&args.y, "--y")?);
        let vary = args
            .vary
            .iter()
            .map(|v| parse_vary(v, &start))
            .collect::<Result<Vec<_>, _>>()?;
        let Some(base) = eval.tally(&start, seeds) else {
            return cancelled();
        };
        let Some(points) = random_rules(
            &start,
            &vary,
            n,
            args.sample_seed,
            seeds,
            ctx.allow_slow,
            &mut eval,
            &mut on,
        )?
        else {
            return cancelled();
        };
        bar.finish_and_clear();
        let r = RandomOut {
            rules_id: start.id(),
            from: seeds.from(),
            to: seeds.to(),
            sample_seed: args.sample_seed,
            vary: &vary,
            x: x.name(),
            y: y.name(),
            start: &base.side.figures(),
            points: &points,
        };
        random_out(ctx, out, &args, &r, x, y, &label)?
    } else {
        let by = figure(&args.figure, "--figure")?;
        let fields = if args.fields.is_empty() {
            numeric_fields(&start)
                .into_iter()
                .map(|f| Vary {
                    field: f.field,
                    lo: f.lo,
                    hi: f.hi,
                    whole: f.whole,
                })
                .collect()
        } else {
            args.fields
                .iter()
                .map(|v| parse_vary(v, &start))
                .collect::<Result<Vec<_>, _>>()?
        };
        let Some(s) = sensitivity(
            &start,
            &fields,
            args.step,
            seeds,
            ctx.allow_slow,
            &mut eval,
            &mut on,
        )?
        else {
            return cancelled();
        };
        bar.finish_and_clear();
        tornado_out(ctx, out, &args, &start, seeds, by, &s, &label)?
    };
    store.check()?;
    Ok(done)
}

fn cancelled() -> Result<Exit> {
    eprintln!("cancelled; nothing written (with --resume, the rule sets run so far are kept)");
    Ok(Exit::Interrupted)
}
