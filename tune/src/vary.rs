//! The rule fields a tuner may change and a sensitivity run steps: every number
//! of the rules that stands alone (a real, a whole number, either end of a
//! range), with the bounds the field table allows under the starting rules.
//! Lists (the sweep's grid) are left out: changing their length changes what a
//! placement is.

use contraption::rule_fields::{Allowed, Axis, RULE_FIELDS};
use contraption::{Rules, ValidRules};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::TuneError;

/// One number of the rules the tuner may set, and its bounds (both included).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Vary {
    /// Its path: `physics.gravity`, `goal.x.min`, `generator.max_attempts`.
    pub field: String,
    pub lo: f64,
    pub hi: f64,
    /// Whether it is a whole number (then every value is one).
    pub whole: bool,
}

/// A number of the rules that may be varied, with what the field table allows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NumericField {
    pub field: String,
    /// The lowest and highest value the field table allows on its own under the
    /// starting rules (a positive number's lowest is its highest / 10^6).
    pub lo: f64,
    pub hi: f64,
    pub whole: bool,
    /// The starting rules' value.
    pub value: f64,
}

fn pointer(path: &str) -> String {
    format!("/{}", path.replace('.', "/"))
}

/// The value of one number of the rules.
pub fn value_of(rules: &Rules, field: &str) -> Option<f64> {
    serde_json::to_value(rules)
        .ok()?
        .pointer(&pointer(field))?
        .as_f64()
}

/// Every number of the rules that may be varied, in the order of a rules file.
pub fn numeric_fields(start: &ValidRules) -> Vec<NumericField> {
    let r = start.rules();
    let dim = |axis: Axis| match axis {
        Axis::X => r.field.width,
        Axis::Y => r.field.height,
    };
    let mut out = Vec::new();
    let mut push = |field: String, lo: f64, hi: f64, whole: bool| {
        let value = value_of(r, &field).expect("the table's fields are the rules' fields");
        out.push(NumericField {
            field,
            lo,
            hi,
            whole,
            value,
        });
    };
    for f in RULE_FIELDS {
        let p = f.path;
        let ends = |push: &mut dyn FnMut(String, f64, f64, bool), lo, hi, whole| {
            push(format!("{p}.min"), lo, hi, whole);
            push(format!("{p}.max"), lo, hi, whole);
        };
        match f.allowed {
            Allowed::Real { lo, hi } => push(p.to_owned(), lo, hi, false),
            Allowed::Positive { hi } => push(p.to_owned(), hi / 1e6, hi, false),
            Allowed::Whole { lo, hi } => push(p.to_owned(), lo.into(), hi.into(), true),
            Allowed::InField { axis } => push(p.to_owned(), 0.0, dim(axis), false),
            Allowed::SweepCount => push(p.to_owned(), 1.0, r.sweep.size() as f64, true),
            Allowed::RealRange { lo, hi } => ends(&mut push, lo, hi, false),
            Allowed::FieldRange { axis } | Allowed::CoordinateRange { axis } => {
                ends(&mut push, 0.0, dim(axis), false)
            }
            Allowed::CountRange { hi } => ends(&mut push, 0.0, hi.into(), true),
            Allowed::PositionList { .. } | Allowed::RealList { .. } => {}
        }
    }
    out
}

fn fmt_num(x: f64) -> String {
    format!("{x}")
}

/// Reads `FIELD=LO..HI` (or `FIELD` alone: the bounds the table allows) under
/// the starting rules.
pub fn parse_vary(text: &str, start: &ValidRules) -> Result<Vary, TuneError> {
    let bad = |m: String| TuneError::Vary(m);
    let (field, bounds) = match text.split_once('=') {
        Some((f, b)) => (f.trim(), Some(b.trim())),
        None => (text.trim(), None),
    };
    let fields = numeric_fields(start);
    let Some(nf) = fields.iter().find(|f| f.field == field) else {
        let list_field = RULE_FIELDS.iter().any(|f| {
            f.path == field
                && matches!(
                    f.allowed,
                    Allowed::PositionList { .. } | Allowed::RealList { .. }
                )
        });
        return Err(bad(if list_field {
            format!("{field} is a list; the tuner varies single numbers (lists such as the sweep's grid are left out)")
        } else if RULE_FIELDS.iter().any(|f| f.path == field) {
            format!("{field} is a range; vary its ends, {field}.min and {field}.max")
        } else {
            format!("'{field}' is not a number of the rules; e.g. physics.gravity, generator.max_attempts, goal.x.min")
        }));
    };
    let (lo, hi) = match bounds {
        None => (nf.lo, nf.hi),
        Some(b) => {
            let Some((a, z)) = b.split_once("..") else {
                return Err(bad(format!(
                    "'{text}': write FIELD=LO..HI, e.g. {field}={}..{}",
                    fmt_num(nf.lo),
                    fmt_num(nf.hi)
                )));
            };
            let num = |s: &str| -> Result<f64, TuneError> {
                s.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad(format!("'{}' in '{text}' is not a number", s.trim())))
            };
            (num(a)?, num(z)?)
        }
    };
    if lo >= hi {
        return Err(bad(format!(
            "{field}={lo}..{hi}: the low bound must be below the high one"
        )));
    }
    if lo < nf.lo || hi > nf.hi {
        return Err(bad(format!(
            "{field} may be from {} to {} under the starting rules; {lo}..{hi} is outside that",
            fmt_num(nf.lo),
            fmt_num(nf.hi)
        )));
    }
    if nf.whole && (lo.fract() != 0.0 || hi.fract() != 0.0) {
        return Err(bad(format!(
            "{field} is a whole number; give whole bounds, not {lo}..{hi}"
        )));
    }
    Ok(Vary {
        field: field.to_owned(),
        lo,
        hi,
        whole: nf.whole,
    })
}

/// The starting rules with `values` (one per varied field) set, validated; the
/// reason when the rules refuse them.
pub fn with_values(start: &Rules, vary: &[Vary], values: &[f64]) -> Result<ValidRules, String> {
    let mut v = serde_json::to_value(start).expect("rules serialize");
    for (f, &x) in vary.iter().zip(values) {
        let slot = v
            .pointer_mut(&pointer(&f.field))
            .expect("a varied field is a number of the rules");
        *slot = if f.whole {
            Value::from(x as u64)
        } else {
            Value::from(x)
        };
    }
    let rules: Rules = serde_json::from_value(v).map_err(|e| e.to_string())?;
    ValidRules::new(rules).map_err(|e| e.to_string())
}
