//! The table of rules: every field a rules file holds, with its unit, what
//! validation allows and what it does. [`ValidRules::new`](crate::rules::valid::ValidRules::new) takes each
//! field's own bounds from this table (so the table cannot drift from validation),
//! and tools that edit rules (the studio's rules view) show it.
//!
//! The invariants between fields (no tunnelling, the ball fitting between the
//! sides, the work bound, `nearly_trivial_solving` at most the sweep's size) are
//! checked by validation on top of these bounds; `note` says which apply.

use serde::{Deserialize, Serialize};

pub use crate::rules::table::RULE_FIELDS;

/// What a field allows on its own.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Allowed {
    /// A number from `lo` to `hi`.
    Real { lo: f64, hi: f64 },
    /// A number above 0, at most `hi`.
    Positive { hi: f64 },
    /// A whole number from `lo` to `hi`.
    Whole { lo: u32, hi: u32 },
    /// A range `{min, max}` of numbers, `min ≤ max`, both from `lo` to `hi`.
    RealRange { lo: f64, hi: f64 },
    /// A range `{min, max}` of numbers in the field along `axis` (0 to the field's
    /// width or height).
    FieldRange { axis: Axis },
    /// A range of numbers in the field along `axis` (0 to the field's width or
    /// height), once rounded to hundredths.
    CoordinateRange { axis: Axis },
    /// A range `{min, max}` of whole numbers, `min ≤ max`, both from 0 to `hi`.
    CountRange { hi: u32 },
    /// A number in the field along `axis` (0 to the field's width or height).
    InField { axis: Axis },
    /// A list of 1 to `max_len` numbers, each in the field along `axis`.
    PositionList { axis: Axis, max_len: u32 },
    /// A list of 1 to `max_len` numbers, each from `lo` to `hi`.
    RealList { lo: f64, hi: f64, max_len: u32 },
    /// A whole number from 1 to the sweep's size (xs × ys × angles).
    SweepCount,
}

/// The field's axis: x (its width) or y (its height).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    X,
    Y,
}

/// One field of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RuleField {
    /// The field's path in a rules file (`physics.gravity`; a range's two ends are
    /// `….min` and `….max` in validation's messages).
    pub path: &'static str,
    /// Its unit (`units`, `units/s²`, `rad`, `steps`; empty for a ratio).
    pub unit: &'static str,
    pub allowed: Allowed,
    /// The invariants between fields that also bound it (empty when none).
    pub note: &'static str,
    /// What the field does, in one line (what the engine does with it).
    pub description: &'static str,
}

pub(crate) const fn f(
    path: &'static str,
    unit: &'static str,
    allowed: Allowed,
    description: &'static str,
) -> RuleField {
    RuleField {
        path,
        unit,
        allowed,
        note: "",
        description,
    }
}

pub(crate) const fn n(
    path: &'static str,
    unit: &'static str,
    allowed: Allowed,
    note: &'static str,
    description: &'static str,
) -> RuleField {
    RuleField {
        path,
        unit,
        allowed,
        note,
        description,
    }
}

pub(crate) const fn real(lo: f64, hi: f64) -> Allowed {
    Allowed::Real { lo, hi }
}
pub(crate) const fn ratio() -> Allowed {
    Allowed::Real { lo: 0.0, hi: 1.0 }
}
pub(crate) const fn friction() -> Allowed {
    Allowed::Real { lo: 0.0, hi: 10.0 }
}
pub(crate) const fn whole(lo: u32, hi: u32) -> Allowed {
    Allowed::Whole { lo, hi }
}
pub(crate) const fn count(hi: u32) -> Allowed {
    Allowed::CountRange { hi }
}

/// The table's entry for `path` (a field of [`RULE_FIELDS`]).
///
/// # Panics
/// When `path` is not in the table: a bug in the engine, caught by its tests.
pub fn rule_field(path: &str) -> &'static RuleField {
    RULE_FIELDS
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("{path} is not in the table of rules"))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::rules::valid::ValidRules;
    use crate::rules::value::Rules;

    /// The paths of a rules value's fields: a `{min, max}` range and a list are one field.
    fn paths(v: &Value, path: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(o) if !(o.len() == 2 && o.contains_key("min")) => {
                for (k, x) in o {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    paths(x, &p, out);
                }
            }
            _ => out.push(path.to_owned()),
        }
    }

    fn with(path: &str, value: Value) -> Result<ValidRules, crate::rules::valid::RulesError> {
        let mut v = serde_json::to_value(Rules::default()).unwrap();
        let pointer = format!("/{}", path.replace('.', "/"));
        *v.pointer_mut(&pointer).unwrap() = value;
        ValidRules::new(serde_json::from_value(v).unwrap())
    }

    #[test]
    fn the_table_names_every_field_once() {
        let mut all = Vec::new();
        paths(
            &serde_json::to_value(Rules::default()).unwrap(),
            "",
            &mut all,
        );
        let mut table: Vec<&str> = RULE_FIELDS.iter().map(|f| f.path).collect();
        table.sort_unstable();
        table.dedup();
        assert_eq!(table.len(), RULE_FIELDS.len(), "a path twice");
        assert_eq!(table, all);
    }

    #[test]
    fn every_field_says_what_it_does_in_one_line_of_its_own() {
        let mut seen = std::collections::BTreeSet::new();
        for f in RULE_FIELDS {
            let d = f.description;
            assert!(!d.trim().is_empty(), "{} has no description", f.path);
            assert!(!d.contains('\n'), "{}: more than one line", f.path);
            assert_eq!(d, d.trim(), "{}: stray whitespace", f.path);
            assert!(d.ends_with('.'), "{}: not a sentence: {d}", f.path);
            assert!(d.chars().count() <= 120, "{}: longer than a line", f.path);
            assert!(
                seen.insert(d),
                "{} says what another field says: {d}",
                f.path
            );
        }
    }

    #[test]
    fn validation_refuses_just_outside_each_bound_of_the_table_and_names_the_field() {
        for f in RULE_FIELDS {
            let (lo, hi) = match f.allowed {
                Allowed::Real { lo, hi } => (Some(lo), hi),
                Allowed::Positive { hi } => (Some(0.0), hi),
                Allowed::Whole { lo, hi } => ((lo > 0).then(|| f64::from(lo)), f64::from(hi)),
                _ => continue,
            };
            let whole = matches!(f.allowed, Allowed::Whole { .. });
            let above = if whole { hi + 1.0 } else { hi * 1.5 + 1.0 };
            let num = |x: f64| {
                if whole {
                    serde_json::json!(x as u64)
                } else {
                    serde_json::json!(x)
                }
            };
            let err = with(f.path, num(above)).unwrap_err();
            assert_eq!(err.field, f.path, "{} above {hi}: {err}", f.path);
            if let Some(lo) = lo {
                let below = if whole { lo - 1.0 } else { lo - 1.0 - lo.abs() };
                let err = with(f.path, num(below)).unwrap_err();
                assert_eq!(err.field, f.path, "{} below {lo}: {err}", f.path);
            }
        }
        let err = with("walls.count", serde_json::json!({"min": 0, "max": 65})).unwrap_err();
        assert_eq!(err.field, "walls.count.max");
        let err = with("walls.angle", serde_json::json!({"min": -2.0, "max": 0.0})).unwrap_err();
        assert_eq!(err.field, "walls.angle.min");
    }
}
