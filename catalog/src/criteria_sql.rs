//! The engine's criteria (`contraption::Criteria`, the one language people type
//! filters and searches in) compiled to a SQL condition over the `seeds` table.
//!
//! Every field is a column; the flags read the `shipped` column (and `solving`
//! for `nearly_trivial`), exactly as `Flag::of` reads the summary; `solves N`
//! tests bit N − 1 of the `solving_mask` blob with an expression on its hex text;
//! `not`, `and` and `or` nest as they do in the engine. Every value is an integer
//! the parser produced, written as a literal: no text of the user's reaches SQL.
//! A property test (tests/criteria_sql.rs) checks that the condition keeps
//! exactly the rows `Criteria::matches` keeps.

use std::fmt::Write;

use contraption::criteria::{Cmp, Field, Flag};
use contraption::{Criteria, NEARLY_TRIVIAL_SOLVING};

fn column(field: Field) -> &'static str {
    match field {
        Field::Seed => "seed",
        Field::Attempts => "attempts",
        Field::PreSolved => "pre_solved",
        Field::Solving => "solving",
        Field::Walls => "walls",
        Field::Ramps => "ramps",
        Field::Fans => "fans",
        Field::Bumpers => "bumpers",
        Field::RulesVersion => "rules_version",
    }
}

fn op(cmp: Cmp) -> &'static str {
    match cmp {
        Cmp::Eq => "=",
        Cmp::Ne => "<>",
        Cmp::Lt => "<",
        Cmp::Le => "<=",
        Cmp::Gt => ">",
        Cmp::Ge => ">=",
    }
}

/// The condition a flag's `true` is.
fn flag(f: Flag) -> String {
    match f {
        Flag::Accepted => "shipped = 'accepted'".into(),
        Flag::Fallback => "shipped = 'fallback'".into(),
        Flag::AllPreSolved => "shipped = 'all_pre_solved'".into(),
        Flag::NearlyTrivial => format!("solving >= {NEARLY_TRIVIAL_SOLVING}"),
    }
}

/// Bit `placement − 1` of the mask (bit i of byte i / 8, as the engine stores it):
/// the byte's two hex digits are at 2·byte + 1 (high nibble) and 2·byte + 2 (low).
fn solves(placement: u32) -> String {
    let i = placement.saturating_sub(1);
    let byte = i / 8;
    let bit = i % 8;
    let digit = 2 * byte + if bit < 4 { 2 } else { 1 };
    format!(
        "(length(solving_mask) > {byte} AND \
         ((instr('0123456789ABCDEF', substr(hex(solving_mask), {digit}, 1)) - 1) >> {}) & 1 = 1)",
        bit % 4
    )
}

fn write(c: &Criteria, out: &mut String) {
    match c {
        Criteria::Compare {
            field,
            op: cmp,
            value,
        } => {
            let _ = write!(out, "{} {} {value}", column(*field), op(*cmp));
        }
        Criteria::Within { field, lo, hi } => {
            let _ = write!(out, "{} BETWEEN {lo} AND {hi}", column(*field));
        }
        Criteria::Is {
            flag: f,
            value: true,
        } => out.push_str(&flag(*f)),
        Criteria::Is {
            flag: f,
            value: false,
        } => {
            let _ = write!(out, "NOT ({})", flag(*f));
        }
        Criteria::Solves { placement } => out.push_str(&solves(*placement)),
        Criteria::Not { inner } => {
            out.push_str("NOT (");
            write(inner, out);
            out.push(')');
        }
        Criteria::And { all } => group(all, " AND ", "1", out),
        Criteria::Or { any } => group(any, " OR ", "0", out),
    }
}

fn group(items: &[Criteria], sep: &str, empty: &str, out: &mut String) {
    if items.is_empty() {
        out.push_str(empty);
        return;
    }
    out.push('(');
    for (i, c) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push('(');
        write(c, out);
        out.push(')');
    }
    out.push(')');
}

/// The SQL condition (for a `WHERE`) that keeps the rows meeting `criteria`.
/// The seeds table's columns are never NULL, so `NOT` is the plain negation.
pub fn criteria_sql(criteria: &Criteria) -> String {
    let mut out = String::new();
    write(criteria, &mut out);
    out
}
