//! The table of rules: every field a rules file holds, with its unit and what
//! validation allows. [`ValidRules::new`](crate::ValidRules::new) takes each
//! field's own bounds from this table (so the table cannot drift from validation),
//! and tools that edit rules (the studio's rules view) show it.
//!
//! The invariants between fields (no tunnelling, the ball fitting between the
//! sides, the work bound, `nearly_trivial_solving` at most the sweep's size) are
//! checked by validation on top of these bounds; `note` says which apply.

use serde::{Deserialize, Serialize};

use crate::valid_rules::{
    MAX_ATTEMPTS_CAP, MAX_PART_COUNT, MAX_STEP_BUDGET, MAX_SWEEP_ANGLES, MAX_SWEEP_POSITIONS,
};
use crate::world::MAX_WALLS;

const HALF_PI: f64 = std::f64::consts::FRAC_PI_2;

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
}

const fn f(path: &'static str, unit: &'static str, allowed: Allowed) -> RuleField {
    RuleField {
        path,
        unit,
        allowed,
        note: "",
    }
}

const fn n(
    path: &'static str,
    unit: &'static str,
    allowed: Allowed,
    note: &'static str,
) -> RuleField {
    RuleField {
        path,
        unit,
        allowed,
        note,
    }
}

const fn real(lo: f64, hi: f64) -> Allowed {
    Allowed::Real { lo, hi }
}
const fn ratio() -> Allowed {
    Allowed::Real { lo: 0.0, hi: 1.0 }
}
const fn friction() -> Allowed {
    Allowed::Real { lo: 0.0, hi: 10.0 }
}
const fn whole(lo: u32, hi: u32) -> Allowed {
    Allowed::Whole { lo, hi }
}
const fn count(hi: u32) -> Allowed {
    Allowed::CountRange { hi }
}

const TUNNEL: &str = "with ball.radius and the solids' radii, one step at top speed \
                      (max_speed / steps_per_second) must be shorter than the thinnest contact";
const WORK: &str = "max_attempts × (sweep size + 1) × max_steps must be at most 2^30";

/// Every field of the rules, in the order of a rules file.
pub const RULE_FIELDS: &[RuleField] = &[
    f("field.width", "units", real(20.0, 1000.0)),
    f("field.height", "units", real(20.0, 1000.0)),
    f("field.side_restitution", "", ratio()),
    n(
        "ball.radius",
        "units",
        real(0.1, 20.0),
        "2 × radius must be less than field.width",
    ),
    f("ball.start_y", "units", Allowed::InField { axis: Axis::Y }),
    f(
        "ball.start_x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
    ),
    f(
        "physics.gravity",
        "units/s²",
        Allowed::Positive { hi: 10_000.0 },
    ),
    f("physics.steps_per_second", "1/s", whole(10, 10_000)),
    n(
        "physics.max_speed",
        "units/s",
        Allowed::Positive { hi: 100_000.0 },
        TUNNEL,
    ),
    f("physics.bounce_threshold", "units/s", real(0.0, 100_000.0)),
    f("physics.contact_passes", "passes", whole(1, 16)),
    f("physics.contact_slop", "units", real(0.0, 0.001)),
    n(
        "simulation.max_steps",
        "steps",
        whole(1, MAX_STEP_BUDGET),
        WORK,
    ),
    f("simulation.rest_speed", "units/s", real(0.0, 100_000.0)),
    f("simulation.rest_steps", "steps", whole(1, MAX_STEP_BUDGET)),
    f("simulation.top_exit_y", "units", real(-100_000.0, 0.0)),
    f("walls.radius", "units", real(0.05, 10.0)),
    f("walls.restitution", "", ratio()),
    f("walls.friction", "", friction()),
    f("walls.count", "walls", count(MAX_WALLS as u32)),
    f(
        "walls.center_x",
        "units",
        Allowed::FieldRange { axis: Axis::X },
    ),
    f(
        "walls.center_y",
        "units",
        Allowed::FieldRange { axis: Axis::Y },
    ),
    f(
        "walls.length",
        "units",
        Allowed::RealRange {
            lo: 0.0,
            hi: 10_000.0,
        },
    ),
    f(
        "walls.angle",
        "rad",
        Allowed::RealRange {
            lo: -HALF_PI,
            hi: HALF_PI,
        },
    ),
    f("walls.ball_clearance", "units", real(0.0, 1000.0)),
    f("walls.goal_clearance", "units", real(0.0, 1000.0)),
    f("parts.ramp.length", "units", real(0.5, 1000.0)),
    f("parts.ramp.radius", "units", real(0.05, 50.0)),
    f("parts.ramp.restitution", "", ratio()),
    f("parts.ramp.friction", "", friction()),
    f("parts.ramp.count", "ramps", count(MAX_PART_COUNT)),
    f("parts.fan.housing", "units", real(0.5, 1000.0)),
    f("parts.fan.radius", "units", real(0.05, 50.0)),
    f("parts.fan.reach", "units", real(0.0, 10_000.0)),
    f("parts.fan.half_width", "units", real(0.0, 10_000.0)),
    f("parts.fan.accel", "units/s²", real(0.0, 100_000.0)),
    f("parts.fan.restitution", "", ratio()),
    f("parts.fan.friction", "", friction()),
    f("parts.fan.count", "fans", count(MAX_PART_COUNT)),
    f("parts.bumper.radius", "units", real(0.5, 50.0)),
    f("parts.bumper.restitution", "", ratio()),
    f("parts.bumper.friction", "", friction()),
    f("parts.bumper.kick", "units/s", real(0.0, 100_000.0)),
    f("parts.bumper.count", "bumpers", count(MAX_PART_COUNT)),
    f("parts.gear.radius", "units", real(0.5, 50.0)),
    f("parts.gear.surface_speed", "units/s", real(0.0, 100_000.0)),
    f("parts.gear.friction", "", friction()),
    f("parts.gear.restitution", "", ratio()),
    f("parts.gear.count", "gears", count(MAX_PART_COUNT)),
    f("goal.width", "units", real(1.0, 100.0)),
    f("goal.height", "units", real(1.0, 100.0)),
    f(
        "goal.x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
    ),
    f(
        "goal.y",
        "units",
        Allowed::CoordinateRange { axis: Axis::Y },
    ),
    n(
        "generator.max_attempts",
        "candidates",
        whole(1, MAX_ATTEMPTS_CAP),
        WORK,
    ),
    f(
        "sweep.xs",
        "units",
        Allowed::PositionList {
            axis: Axis::X,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
    ),
    f(
        "sweep.ys",
        "units",
        Allowed::PositionList {
            axis: Axis::Y,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
    ),
    n(
        "sweep.angles",
        "rad",
        Allowed::RealList {
            lo: -HALF_PI,
            hi: HALF_PI,
            max_len: MAX_SWEEP_ANGLES as u32,
        },
        "at most 1,024 placements in all (xs × ys × angles)",
    ),
    f(
        "sweep.nearly_trivial_solving",
        "placements",
        Allowed::SweepCount,
    ),
];

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
    use crate::rules::Rules;
    use crate::valid_rules::ValidRules;

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

    fn with(path: &str, value: Value) -> Result<ValidRules, crate::RulesError> {
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
