//! `contraption rules show [--explain] | check FILE | diff A B`: rules files from
//! the command line.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Subcommand;
use contraption::rule_fields::{RuleField, RULE_FIELDS};
use contraption::rules_file::{RULES_FORMAT, RULES_SCHEMA_VERSION};
use contraption::{rules_diff, rules_file_text, RulesFile, ValidRules};
use serde::Serialize;
use serde_json::Value;

use crate::args::{load_rules, rules_arg};
use crate::exit::Exit;
use crate::output::Out;
use crate::term::{path as shown, printable};
use crate::Ctx;

/// Rules files: show the rules in force, check a file, compare two.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
pub enum Action {
    /// Print the rules in force as a rules file: the default rules (v1), or those
    /// of --rules FILE. `rules show > my.json` is a file to start from; --json
    /// prints the same document as compact JSON on one line.
    Show {
        /// Instead of the file, every field with its value, unit and what it
        /// does (--json: each field of the engine's table with its value).
        #[arg(long)]
        explain: bool,
    },
    /// Check a rules file: its id when it is valid; else the field, its value and
    /// what is allowed (exit 1).
    Check { file: PathBuf },
    /// The fields where two rules files differ, with each file's value (either
    /// may be `v1`, the default rules). Exit 0 when the rules are the same, 3
    /// when they differ.
    Diff { a: PathBuf, b: PathBuf },
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    match args.action {
        Action::Show { explain: false } => show(ctx, out),
        Action::Show { explain: true } => explain(ctx, out),
        Action::Check { file } => check(&file, ctx, out),
        Action::Diff { a, b } => diff(&a, &b, ctx, out),
    }
}

fn show(ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    if ctx.json {
        // The same document as compact JSON, fields in their canonical order: also
        // a valid rules file.
        out.json_compact(&RulesFile {
            format: RULES_FORMAT.to_owned(),
            schema_version: RULES_SCHEMA_VERSION,
            rules: ctx.rules.rules().clone(),
        })?;
        out.text("\n")?;
    } else {
        out.text(&rules_file_text(&ctx.rules))?;
    }
    Ok(Exit::Success)
}

/// One field of `rules show --explain --json`: the engine's table entry and
/// the field's value under the rules in force.
#[derive(Serialize)]
struct Explained<'a> {
    #[serde(flatten)]
    field: &'a RuleField,
    value: Value,
}

/// What `rules show --explain --json` prints.
#[derive(Serialize)]
struct Explanation<'a> {
    rules_id: &'a str,
    /// `v1` for the default rules, else the id.
    name: &'a str,
    fields: Vec<Explained<'a>>,
}

/// The value at a table path (`physics.gravity`, `walls.count`) of `rules`.
fn value_at(rules: &Value, path: &str) -> Value {
    rules
        .pointer(&format!("/{}", path.replace('.', "/")))
        .cloned()
        .unwrap_or_else(|| panic!("{path} is a field of the rules"))
}

/// A value as the explanation reads it: a number as JSON writes it, a range as
/// `min – max`, a list comma separated.
fn value_words(v: &Value) -> String {
    match v {
        Value::Array(xs) => xs
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        Value::Object(o) if o.len() == 2 && o.contains_key("min") && o.contains_key("max") => {
            format!("{} – {}", o["min"], o["max"])
        }
        other => other.to_string(),
    }
}

/// `rules show --explain`: every field of the rules in force, its value, unit
/// and what it does, in aligned columns (JSON: the table's entries with values).
fn explain(ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let rules = serde_json::to_value(ctx.rules.rules()).expect("rules serialize");
    if ctx.json {
        let fields: Vec<Explained<'_>> = RULE_FIELDS
            .iter()
            .map(|field| Explained {
                field,
                value: value_at(&rules, field.path),
            })
            .collect();
        out.json(&Explanation {
            rules_id: ctx.rules.id(),
            name: ctx.rules.name(),
            fields,
        })?;
        return Ok(Exit::Success);
    }
    let rows: Vec<[String; 4]> = RULE_FIELDS
        .iter()
        .map(|f| {
            [
                f.path.to_owned(),
                value_words(&value_at(&rules, f.path)),
                if f.unit.is_empty() { "—" } else { f.unit }.to_owned(),
                f.description.to_owned(),
            ]
        })
        .collect();
    let header = ["field", "value", "unit", "what it does"].map(str::to_owned);
    let width = |k: usize| {
        rows.iter()
            .chain([&header])
            .map(|r| r[k].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (w0, w1, w2) = (width(0), width(1), width(2));
    for r in [&header].into_iter().chain(&rows) {
        writeln!(out, "{:<w0$}  {:<w1$}  {:<w2$}  {}", r[0], r[1], r[2], r[3])?;
    }
    writeln!(
        out,
        "{} fields of the rules {} (id {})",
        rows.len(),
        ctx.rules_label(),
        ctx.rules.id()
    )?;
    Ok(Exit::Success)
}

/// What `rules check --json` prints.
#[derive(Serialize)]
struct Checked<'a> {
    file: String,
    ok: bool,
    rules_id: &'a str,
    /// `v1` for the default rules, else the id.
    name: &'a str,
    default: bool,
    /// How many fields differ from the default rules.
    differs_from_default: usize,
    /// What one seed can cost at the very worst, and the everyday budget.
    worst_case: contraption::WorstCase,
    /// Over the budget: accepted only with --allow-slow.
    slow: bool,
}

fn check(file: &Path, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let rules = load_rules(file)?;
    let differs = rules_diff(ValidRules::default().rules(), rules.rules()).len();
    if ctx.json {
        out.json(&Checked {
            file: file.to_string_lossy().into_owned(),
            ok: true,
            rules_id: rules.id(),
            name: rules.name(),
            default: rules.is_default(),
            differs_from_default: differs,
            worst_case: rules.worst_case(),
            slow: rules.is_slow(),
        })?;
    } else if rules.is_default() {
        writeln!(
            out,
            "{}: ok, rules id {} (the default rules, v1)",
            shown(file),
            rules.id()
        )?;
    } else {
        writeln!(
            out,
            "{}: ok, rules id {} ({differs} field(s) differ from the default rules)",
            shown(file),
            rules.id()
        )?;
    }
    if !ctx.json {
        let verdict = if rules.is_slow() {
            ": slow rules, used only with --allow-slow"
        } else {
            ""
        };
        writeln!(out, "  {}{verdict}", rules.worst_case().describe())?;
    }
    Ok(Exit::Success)
}

/// One side of `rules diff --json`.
#[derive(Serialize)]
struct Side {
    file: String,
    rules_id: String,
    name: String,
}

fn side(file: &Path, rules: &ValidRules) -> Side {
    Side {
        file: file.to_string_lossy().into_owned(),
        rules_id: rules.id().to_owned(),
        name: rules.name().to_owned(),
    }
}

fn diff(a: &Path, b: &Path, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let (ra, rb) = (rules_arg(a)?, rules_arg(b)?);
    let differences = rules_diff(ra.rules(), rb.rules());
    let identical = differences.is_empty();
    if ctx.json {
        out.json(&serde_json::json!({
            "a": side(a, &ra),
            "b": side(b, &rb),
            "identical": identical,
            "differences": differences,
        }))?;
    } else if identical {
        writeln!(
            out,
            "{} and {} hold the same rules (id {})",
            shown(a),
            shown(b),
            ra.id()
        )?;
    } else {
        let width = differences
            .iter()
            .map(|d| d.field.chars().count())
            .chain([5])
            .max()
            .unwrap_or(5);
        let a_width = differences
            .iter()
            .map(|d| d.a.chars().count())
            .chain([ra.name().len()])
            .max()
            .unwrap_or(1);
        writeln!(
            out,
            "{:<width$}  {:<a_width$}  {}",
            "field",
            ra.name(),
            rb.name()
        )?;
        for d in &differences {
            writeln!(
                out,
                "{:<width$}  {:<a_width$}  {}",
                printable(&d.field),
                printable(&d.a),
                printable(&d.b)
            )?;
        }
        writeln!(
            out,
            "{} field(s) differ: {} (id {}) and {} (id {})",
            differences.len(),
            shown(a),
            ra.id(),
            shown(b),
            rb.id()
        )?;
    }
    Ok(if identical {
        Exit::Success
    } else {
        Exit::Drifted
    })
}
