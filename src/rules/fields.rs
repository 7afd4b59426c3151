//! The table of rules: every field a rules file holds, with its unit, what
//! validation allows and what it does. [`ValidRules::new`](crate::rules::valid::ValidRules::new) takes each
//! field's own bounds from this table (so the table cannot drift from validation),
//! and tools that edit rules (the studio's rules view) show it.
//!
//! The invariants between fields (no tunnelling, the ball fitting between the
//! sides, the work bound, `nearly_trivial_solving` at most the sweep's size) are
//! checked by validation on top of these bounds; `note` says which apply.

use serde::{Deserialize, Serialize};

use crate::rules::valid::{
    MAX_ATTEMPTS_CAP, MAX_PART_COUNT, MAX_STEP_BUDGET, MAX_SWEEP_ANGLES, MAX_SWEEP_POSITIONS,
};
use crate::world::model::MAX_WALLS;

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
    /// What the field does, in one line (what the engine does with it).
    pub description: &'static str,
}

const fn f(
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

const fn n(
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
    f(
        "field.width",
        "units",
        real(20.0, 1000.0),
        "The field's width: the left side stands at x = 0, the right side at x = width.",
    ),
    f(
        "field.height",
        "units",
        real(20.0, 1000.0),
        "The field's height (y grows downward): the ball is out once its centre is below height + ball.radius.",
    ),
    f(
        "field.side_restitution",
        "",
        ratio(),
        "The share of its speed into the left or right side that the ball bounces back with.",
    ),
    n(
        "ball.radius",
        "units",
        real(0.1, 20.0),
        "2 × radius must be less than field.width",
        "The ball's radius: added to each solid's radius, it is every contact distance.",
    ),
    f(
        "ball.start_y",
        "units",
        Allowed::InField { axis: Axis::Y },
        "The height every level's ball starts at, at rest.",
    ),
    f(
        "ball.start_x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
        "The range the generator draws the ball's starting x from (rounded to hundredths).",
    ),
    f(
        "physics.gravity",
        "units/s²",
        Allowed::Positive { hi: 10_000.0 },
        "The downward acceleration of the ball, every step.",
    ),
    f(
        "physics.steps_per_second",
        "1/s",
        whole(10, 10_000),
        "Fixed simulation steps per simulated second: the time step is 1 / steps_per_second.",
    ),
    n(
        "physics.max_speed",
        "units/s",
        Allowed::Positive { hi: 100_000.0 },
        TUNNEL,
        "The speed cap: a faster ball is slowed to this speed each step before it moves.",
    ),
    f(
        "physics.bounce_threshold",
        "units/s",
        real(0.0, 100_000.0),
        "Impacts slower than this along the contact normal do not bounce, so the ball can settle and roll.",
    ),
    f(
        "physics.contact_passes",
        "passes",
        whole(1, 16),
        "Contact passes (the sides, then every solid) per step at most; a ball still inside after the last goes back, stopped.",
    ),
    f(
        "physics.contact_slop",
        "units",
        real(0.0, 0.001),
        "A push this small does not count as moving the ball (the passes stop), nor this depth inside a solid as wedged.",
    ),
    n(
        "simulation.max_steps",
        "steps",
        whole(1, MAX_STEP_BUDGET),
        WORK,
        "The step budget of one simulation: a run not decided after this many steps ends as timeout.",
    ),
    f(
        "simulation.rest_speed",
        "units/s",
        real(0.0, 100_000.0),
        "Below this speed the ball counts as still for the step.",
    ),
    f(
        "simulation.rest_steps",
        "steps",
        whole(1, MAX_STEP_BUDGET),
        "Still steps in a row after which the run ends as rest.",
    ),
    f(
        "simulation.top_exit_y",
        "units",
        real(-100_000.0, 0.0),
        "The ball is out once its centre is above this height (thrown out of the top).",
    ),
    f(
        "walls.radius",
        "units",
        real(0.05, 10.0),
        "A wall's half-thickness; a drawn wall with an end closer than this to the field's edge is dropped.",
    ),
    f(
        "walls.restitution",
        "",
        ratio(),
        "The share of its speed into a wall that the ball bounces back with.",
    ),
    f(
        "walls.friction",
        "",
        friction(),
        "Coulomb friction of walls: each contact takes this × the normal impulse off the ball's speed along the wall.",
    ),
    f(
        "walls.count",
        "walls",
        count(MAX_WALLS as u32),
        "How many walls the generator draws for a candidate (some may be dropped).",
    ),
    f(
        "walls.center_x",
        "units",
        Allowed::FieldRange { axis: Axis::X },
        "The range a drawn wall's centre x is drawn from.",
    ),
    f(
        "walls.center_y",
        "units",
        Allowed::FieldRange { axis: Axis::Y },
        "The range a drawn wall's centre y is drawn from.",
    ),
    f(
        "walls.length",
        "units",
        Allowed::RealRange {
            lo: 0.0,
            hi: 10_000.0,
        },
        "The range a drawn wall's length (end to end) is drawn from.",
    ),
    f(
        "walls.angle",
        "rad",
        Allowed::RealRange {
            lo: -HALF_PI,
            hi: HALF_PI,
        },
        "The range a drawn wall's tilt is drawn from (positive: its right end down).",
    ),
    f(
        "walls.ball_clearance",
        "units",
        real(0.0, 1000.0),
        "A drawn wall whose middle line passes closer than this to the ball's starting centre is dropped.",
    ),
    f(
        "walls.goal_clearance",
        "units",
        real(0.0, 1000.0),
        "A drawn wall whose middle line passes closer than this to the goal zone is dropped.",
    ),
    f(
        "parts.ramp.length",
        "units",
        real(0.5, 1000.0),
        "A ramp's length, end to end, centred on its placement along its angle.",
    ),
    f(
        "parts.ramp.radius",
        "units",
        real(0.05, 50.0),
        "A ramp's half-thickness.",
    ),
    f(
        "parts.ramp.restitution",
        "",
        ratio(),
        "The share of its speed into a ramp that the ball bounces back with.",
    ),
    f(
        "parts.ramp.friction",
        "",
        friction(),
        "Coulomb friction of ramps: how much a contact slows the ball along the ramp.",
    ),
    f(
        "parts.ramp.count",
        "ramps",
        count(MAX_PART_COUNT),
        "How many ramps a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.fan.housing",
        "units",
        real(0.5, 1000.0),
        "The length of a fan's solid housing, across the direction it blows.",
    ),
    f(
        "parts.fan.radius",
        "units",
        real(0.05, 50.0),
        "The half-thickness of a fan's housing.",
    ),
    f(
        "parts.fan.reach",
        "units",
        real(0.0, 10_000.0),
        "How far in front of its centre, along its direction, a fan blows.",
    ),
    f(
        "parts.fan.half_width",
        "units",
        real(0.0, 10_000.0),
        "Half the width of the box a fan blows, across its direction.",
    ),
    f(
        "parts.fan.accel",
        "units/s²",
        real(0.0, 100_000.0),
        "The acceleration a fan adds along its direction while the ball's centre is in its box.",
    ),
    f(
        "parts.fan.restitution",
        "",
        ratio(),
        "The share of its speed into a fan's housing that the ball bounces back with.",
    ),
    f(
        "parts.fan.friction",
        "",
        friction(),
        "Coulomb friction of a fan's housing.",
    ),
    f(
        "parts.fan.count",
        "fans",
        count(MAX_PART_COUNT),
        "How many fans a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.bumper.radius",
        "units",
        real(0.5, 50.0),
        "A bumper's radius (a solid disc; its angle is ignored).",
    ),
    f(
        "parts.bumper.restitution",
        "",
        ratio(),
        "The share of its speed into a bumper that the ball bounces back with (at least the kick).",
    ),
    f(
        "parts.bumper.friction",
        "",
        friction(),
        "Coulomb friction of bumpers.",
    ),
    f(
        "parts.bumper.kick",
        "units/s",
        real(0.0, 100_000.0),
        "The least speed the ball leaves a bumper with, along the contact normal.",
    ),
    f(
        "parts.bumper.count",
        "bumpers",
        count(MAX_PART_COUNT),
        "How many bumpers a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.gear.radius",
        "units",
        real(0.5, 50.0),
        "A gear's radius (a solid disc that turns; its angle is ignored).",
    ),
    f(
        "parts.gear.surface_speed",
        "units/s",
        real(0.0, 100_000.0),
        "The speed of a gear's rim; each placement's spin picks its direction.",
    ),
    f(
        "parts.gear.friction",
        "",
        friction(),
        "Coulomb friction against the rim's motion: how strongly a turning gear carries the ball along.",
    ),
    f(
        "parts.gear.restitution",
        "",
        ratio(),
        "The share of its speed into a gear that the ball bounces back with.",
    ),
    f(
        "parts.gear.count",
        "gears",
        count(MAX_PART_COUNT),
        "How many gears a level's inventory grants (drawn per candidate).",
    ),
    f(
        "goal.width",
        "units",
        real(1.0, 100.0),
        "The goal zone's width: a step whose path of the ball's centre touches the zone reaches the goal.",
    ),
    f(
        "goal.height",
        "units",
        real(1.0, 100.0),
        "The goal zone's height.",
    ),
    f(
        "goal.x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
        "The range the generator draws the goal's centre x from (rounded to hundredths).",
    ),
    f(
        "goal.y",
        "units",
        Allowed::CoordinateRange { axis: Axis::Y },
        "The range the generator draws the goal's centre y from (rounded to hundredths).",
    ),
    n(
        "generator.max_attempts",
        "candidates",
        whole(1, MAX_ATTEMPTS_CAP),
        WORK,
        "Candidates drawn at most for a seed; if none is accepted, the first one not preSolved ships as the fallback.",
    ),
    f(
        "sweep.xs",
        "units",
        Allowed::PositionList {
            axis: Axis::X,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
        "The x positions the plausiblySolvable sweep tries its one ramp at (its columns).",
    ),
    f(
        "sweep.ys",
        "units",
        Allowed::PositionList {
            axis: Axis::Y,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
        "The y positions the sweep tries its one ramp at (its rows).",
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
        "The tilts the sweep's ramp tries at each position.",
    ),
    f(
        "sweep.nearly_trivial_solving",
        "placements",
        Allowed::SweepCount,
        "At least this many solving sweep placements label a shipped level nearly trivial (a label: it changes no level).",
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
