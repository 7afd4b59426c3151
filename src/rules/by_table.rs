//! Validation driven by the field table: every field of [`RULE_FIELDS`] is found in
//! the rules by its path and checked by its kind, in the table's order (the order
//! of a rules file), with the invariants between fields checked where they
//! belong in that order. No list of the fields is written here.

use serde_json::Value;

use crate::rules::check::{
    coordinate_range, count_range, list_len, positive, real, real_range, refuse, whole, RulesError,
};
use crate::rules::fields::{Allowed, Axis, RuleField, RULE_FIELDS};
use crate::rules::limits::{MAX_STEPS_PER_SEED, MAX_SWEEP_SIZE};
use crate::rules::value::{CountRange, RealRange, Rules};

fn json(rules: &Rules) -> Value {
    serde_json::to_value(rules).expect("rules always serialize")
}

/// The value of the table's field `path` in the rules' JSON.
fn at<'a>(v: &'a Value, path: &str) -> &'a Value {
    v.pointer(&format!("/{}", path.replace('.', "/")))
        .unwrap_or_else(|| panic!("{path} of the table of rules is not a field of the rules"))
}

fn num(v: &Value) -> f64 {
    v.as_f64()
        .expect("a real field holds a finite number by now")
}

fn int(v: &Value) -> u32 {
    v.as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .expect("a whole field holds a u32")
}

fn list(v: &Value) -> &[Value] {
    v.as_array().expect("a list field holds a list")
}

fn real_range_of(v: &Value) -> RealRange {
    RealRange::new(num(&v["min"]), num(&v["max"]))
}

fn count_range_of(v: &Value) -> CountRange {
    CountRange::new(int(&v["min"]), int(&v["max"]))
}

/// The real numbers of one field, each with its path (`….min`, `….max`, `…[i]`).
/// JSON has no NaN or infinity: a non-finite number is `null` here.
fn reals<'a>(field: &RuleField, v: &'a Value) -> Vec<(String, &'a Value)> {
    let p = field.path;
    match field.allowed {
        Allowed::Real { .. } | Allowed::Positive { .. } | Allowed::InField { .. } => {
            vec![(p.to_owned(), v)]
        }
        Allowed::RealRange { .. }
        | Allowed::FieldRange { .. }
        | Allowed::CoordinateRange { .. } => {
            vec![
                (format!("{p}.min"), &v["min"]),
                (format!("{p}.max"), &v["max"]),
            ]
        }
        Allowed::PositionList { .. } | Allowed::RealList { .. } => list(v)
            .iter()
            .enumerate()
            .map(|(i, x)| (format!("{p}[{i}]"), x))
            .collect(),
        Allowed::Whole { .. } | Allowed::CountRange { .. } | Allowed::SweepCount => Vec::new(),
    }
}

/// Writes every `-0.0` as `0.0`.
fn zero_sign(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() && n.as_f64() == Some(0.0) => {
            *n = serde_json::Number::from_f64(0.0).expect("0 is finite");
        }
        Value::Array(xs) => xs.iter_mut().for_each(zero_sign),
        Value::Object(o) => o.values_mut().for_each(zero_sign),
        _ => {}
    }
}

/// The lists' lengths, then every real number finite, in the table's order;
/// returns the rules with `-0.0` written as `0.0` (the same rule, one way).
pub(crate) fn finite_and_signed(rules: Rules) -> Result<Rules, RulesError> {
    let mut v = json(&rules);
    for field in RULE_FIELDS {
        if let Allowed::PositionList { max_len, .. } | Allowed::RealList { max_len, .. } =
            field.allowed
        {
            list_len(field.path, list(at(&v, field.path)).len(), max_len as usize)?;
        }
    }
    for field in RULE_FIELDS {
        if let Some((path, _)) = reals(field, at(&v, field.path))
            .into_iter()
            .find(|(_, x)| !x.is_f64())
        {
            return Err(refuse(&path, "not finite", "a finite number"));
        }
    }
    zero_sign(&mut v);
    Ok(serde_json::from_value(v).expect("the rules' own JSON reads back"))
}

/// Every field's own bounds and every invariant; the numbers are finite by now.
pub(crate) fn check(r: &Rules) -> Result<(), RulesError> {
    let v = json(r);
    let extent = |axis: Axis| match axis {
        Axis::X => (r.field.width, "field.width"),
        Axis::Y => (r.field.height, "field.height"),
    };
    for field in RULE_FIELDS {
        let (path, x) = (field.path, at(&v, field.path));
        if path == "sweep.nearly_trivial_solving" {
            sweep_size(r)?;
        }
        match field.allowed {
            Allowed::Real { lo, hi } => real(path, num(x), lo, hi)?,
            Allowed::Positive { hi } => positive(path, num(x), hi)?,
            Allowed::Whole { lo, hi } => whole(path, int(x), lo, hi)?,
            Allowed::RealRange { lo, hi } => real_range(path, real_range_of(x), lo, hi)?,
            Allowed::FieldRange { axis } => {
                real_range(path, real_range_of(x), 0.0, extent(axis).0)?
            }
            Allowed::CoordinateRange { axis } => {
                let (hi, name) = extent(axis);
                coordinate_range(path, real_range_of(x), hi, name)?
            }
            Allowed::CountRange { hi } => count_range(path, count_range_of(x), hi)?,
            Allowed::InField { axis } => real(path, num(x), 0.0, extent(axis).0)?,
            Allowed::PositionList { axis, .. } => {
                for (i, x) in list(x).iter().enumerate() {
                    real(&format!("{path}[{i}]"), num(x), 0.0, extent(axis).0)?;
                }
            }
            Allowed::RealList { lo, hi, .. } => {
                for (i, x) in list(x).iter().enumerate() {
                    real(&format!("{path}[{i}]"), num(x), lo, hi)?;
                }
            }
            Allowed::SweepCount => whole(path, int(x), 1, r.sweep.size() as u32)?,
        }
        match path {
            "ball.radius" => ball_fits(r)?,
            "parts.gear.count" => no_tunnelling(r)?,
            _ => {}
        }
    }
    bounded_work(r)
}

/// The ball fits between the sides.
fn ball_fits(r: &Rules) -> Result<(), RulesError> {
    let (radius, w) = (r.ball.radius, r.field.width);
    if 2.0 * radius >= w {
        return Err(refuse(
            "ball.radius",
            radius,
            format!("less than half of field.width ({w}), so the ball fits between the sides"),
        ));
    }
    Ok(())
}

/// No tunnelling: one step at top speed is shorter than the thinnest contact.
fn no_tunnelling(r: &Rules) -> Result<(), RulesError> {
    let p = &r.physics;
    let step = p.max_speed * r.dt();
    let contact = r.ball.radius + r.thinnest_solid_radius();
    if step >= contact {
        return Err(refuse(
            "physics.max_speed",
            p.max_speed,
            format!(
                "below {} so that one step at top speed (max_speed / steps_per_second = {step}) \
                 is shorter than the thinnest contact distance (ball.radius + the smallest solid \
                 radius = {contact})",
                contact * f64::from(p.steps_per_second)
            ),
        ));
    }
    Ok(())
}

/// At most [`MAX_SWEEP_SIZE`] placements in the sweep.
fn sweep_size(r: &Rules) -> Result<(), RulesError> {
    let size = r.sweep.size();
    if size > MAX_SWEEP_SIZE {
        return Err(refuse(
            "sweep",
            format!("{size} placements"),
            format!("at most {MAX_SWEEP_SIZE} placements (xs × ys × angles)"),
        ));
    }
    Ok(())
}

/// Bounded work: `max_attempts × (sweep size + 1) × max_steps` steps at most.
fn bounded_work(r: &Rules) -> Result<(), RulesError> {
    let (attempts, size, steps) = (
        r.generator.max_attempts,
        r.sweep.size(),
        r.simulation.max_steps,
    );
    let work = u64::from(attempts) * (size as u64 + 1) * u64::from(steps);
    if work > MAX_STEPS_PER_SEED {
        return Err(refuse(
            "simulation.max_steps",
            steps,
            format!(
                "small enough that max_attempts × (sweep size + 1) × max_steps \
                 ({attempts} × {} × {steps} = {work}) is at most {MAX_STEPS_PER_SEED}",
                size + 1,
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of the table is checked: a value beyond its bounds is refused
    /// with the field named (for ranges, their `.min`; for lists, their first item).
    #[test]
    fn every_field_of_the_table_is_checked_by_its_path() {
        for field in RULE_FIELDS {
            let mut v = json(&Rules::default());
            let target = v
                .pointer_mut(&format!("/{}", field.path.replace('.', "/")))
                .unwrap();
            let (bad, named): (Value, String) = match field.allowed {
                Allowed::Real { lo, .. } => (Value::from(lo - 1.0), field.path.into()),
                Allowed::Positive { .. } | Allowed::InField { .. } => {
                    (Value::from(-1.0), field.path.into())
                }
                Allowed::Whole { hi, .. } => (Value::from(hi + 1), field.path.into()),
                Allowed::SweepCount => (Value::from(0), field.path.into()),
                Allowed::RealRange { lo, .. } => (
                    serde_json::json!({"min": lo - 1.0, "max": lo}),
                    format!("{}.min", field.path),
                ),
                Allowed::FieldRange { .. } | Allowed::CoordinateRange { .. } => (
                    serde_json::json!({"min": -1.0, "max": 1.0}),
                    format!("{}.min", field.path),
                ),
                Allowed::CountRange { hi } => (
                    serde_json::json!({"min": hi + 1, "max": hi + 1}),
                    format!("{}.min", field.path),
                ),
                Allowed::PositionList { .. } => {
                    (serde_json::json!([-1.0]), format!("{}[0]", field.path))
                }
                Allowed::RealList { lo, .. } => {
                    (serde_json::json!([lo - 1.0]), format!("{}[0]", field.path))
                }
            };
            *target = bad;
            let rules: Rules = serde_json::from_value(v).unwrap();
            let e = finite_and_signed(rules)
                .and_then(|r| check(&r).map(|()| r))
                .expect_err(field.path);
            assert_eq!(e.field, named, "{}", field.path);
        }
    }

    #[test]
    fn a_number_that_is_not_finite_is_named_and_minus_zero_is_written_as_zero() {
        let mut r = Rules::default();
        r.parts.fan.accel = f64::NAN;
        let e = finite_and_signed(r).unwrap_err();
        assert_eq!(
            e.to_string(),
            "parts.fan.accel is not finite; it must be a finite number"
        );
        let mut r = Rules::default();
        r.walls.angle.min = -0.0;
        r.sweep.xs[0] = -0.0;
        let r = finite_and_signed(r).unwrap();
        assert!(r.walls.angle.min.is_sign_positive() && r.sweep.xs[0].is_sign_positive());
    }
}
