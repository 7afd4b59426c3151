//! The table of rules as the UI shows it (the engine's `RULE_FIELDS`), one
//! field's edit validated by the engine, and the presets.

use contraption::rule_fields::{Allowed, Axis, RuleField, RULE_FIELDS};
use contraption::{parse_rules_file, Rules, ValidRules};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::RulesDraftError;

/// The shipped `rules/gears.json`, embedded.
const GEARS_TEXT: &str = include_str!("../../../rules/gears.json");

/// One field of the rules as the rules view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RuleFieldInfo {
    /// The path (`physics.gravity`); a range's ends are edited as `….min`, `….max`.
    pub path: String,
    /// The section (`physics`, `parts.ramp`): the path without its last name.
    pub section: String,
    /// The unit (empty for a ratio).
    pub unit: String,
    /// What the field's shape is: `number`, `whole`, `range`, `count_range` or `list`.
    pub shape: String,
    /// What validation allows, in words (from the engine's table).
    pub allowed: String,
    /// Invariants between fields that also bound it (empty when none).
    pub note: String,
    /// What the field does, in one line (from the engine's table).
    pub description: String,
    /// The default rules' value, as JSON text.
    pub default: String,
}

fn axis_words(axis: Axis) -> &'static str {
    match axis {
        Axis::X => "in the field (0 to field.width)",
        Axis::Y => "in the field (0 to field.height)",
    }
}

fn allowed_words(a: Allowed) -> (String, &'static str) {
    match a {
        Allowed::Real { lo, hi } => (format!("{lo} to {hi}"), "number"),
        Allowed::Positive { hi } => (format!("above 0, at most {hi}"), "number"),
        Allowed::Whole { lo, hi } => (format!("a whole number from {lo} to {hi}"), "whole"),
        Allowed::RealRange { lo, hi } => (format!("min ≤ max, both {lo} to {hi}"), "range"),
        Allowed::FieldRange { axis } => (format!("min ≤ max, both {}", axis_words(axis)), "range"),
        Allowed::CoordinateRange { axis } => (
            format!(
                "min ≤ max, both {} once rounded to hundredths",
                axis_words(axis)
            ),
            "range",
        ),
        Allowed::CountRange { hi } => (
            format!("whole numbers, min ≤ max, both 0 to {hi}"),
            "count_range",
        ),
        Allowed::InField { axis } => (axis_words(axis).to_owned(), "number"),
        Allowed::PositionList { axis, max_len } => (
            format!("1 to {max_len} values, each {}", axis_words(axis)),
            "list",
        ),
        Allowed::RealList { lo, hi, max_len } => {
            (format!("1 to {max_len} values, each {lo} to {hi}"), "list")
        }
        Allowed::SweepCount => (
            "a whole number from 1 to the sweep's size (xs × ys × angles)".to_owned(),
            "whole",
        ),
    }
}

fn pointer(path: &str) -> String {
    format!("/{}", path.replace('.', "/"))
}

/// The value at `path` in `rules`, as JSON text.
pub fn value_text(rules: &Rules, path: &str) -> Option<String> {
    let v = serde_json::to_value(rules).expect("rules serialize");
    v.pointer(&pointer(path)).map(Value::to_string)
}

/// Every field of the rules (the engine's table), with the default rules' value.
pub fn rules_fields() -> Vec<RuleFieldInfo> {
    let defaults = Rules::default();
    RULE_FIELDS
        .iter()
        .map(|f: &RuleField| {
            let (allowed, shape) = allowed_words(f.allowed);
            RuleFieldInfo {
                path: f.path.to_owned(),
                section: f.path.rsplit_once('.').map_or("", |(s, _)| s).to_owned(),
                unit: f.unit.to_owned(),
                shape: shape.to_owned(),
                allowed,
                note: f.note.to_owned(),
                description: f.description.to_owned(),
                default: value_text(&defaults, f.path).expect("every table path is in the rules"),
            }
        })
        .collect()
}

/// Whether `path` can be edited: a field of the table, or an end of a range field.
fn editable(path: &str) -> bool {
    RULE_FIELDS.iter().any(|f| {
        f.path == path
            || (matches!(
                f.allowed,
                Allowed::RealRange { .. }
                    | Allowed::FieldRange { .. }
                    | Allowed::CoordinateRange { .. }
                    | Allowed::CountRange { .. }
            ) && (path == format!("{}.min", f.path) || path == format!("{}.max", f.path)))
    })
}

/// `rules` with the field at `path` set to `text` (JSON: `200`, `[15, 29]`),
/// validated by the engine. A refusal names the field, the value and what is allowed.
pub fn set_field(rules: &Rules, path: &str, text: &str) -> Result<ValidRules, RulesDraftError> {
    if !editable(path) {
        return Err(RulesDraftError::UnknownRulesField {
            field: path.to_owned(),
        });
    }
    let not_a_value = |message: String| RulesDraftError::NotAValue {
        field: path.to_owned(),
        message,
    };
    let value: Value = serde_json::from_str(text.trim()).map_err(|_| {
        not_a_value(format!(
            "{:?} is not a number or a list of numbers",
            text.trim()
        ))
    })?;
    let mut v = serde_json::to_value(rules).expect("rules serialize");
    *v.pointer_mut(&pointer(path))
        .expect("an editable path is in the rules") = value;
    let rules: Rules = serde_json::from_value(v).map_err(|e| not_a_value(e.to_string()))?;
    ValidRules::new(rules).map_err(|error| RulesDraftError::InvalidRules { error })
}

/// A preset: `v1` (the default rules) or `gears` (the shipped `rules/gears.json`).
pub fn preset(name: &str) -> Result<ValidRules, RulesDraftError> {
    match name {
        "v1" => Ok(ValidRules::default()),
        "gears" => {
            Ok(parse_rules_file(GEARS_TEXT.as_bytes()).expect("the shipped gears rules are valid"))
        }
        _ => Err(RulesDraftError::UnknownPreset {
            name: name.to_owned(),
        }),
    }
}
