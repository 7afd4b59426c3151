//! Validation: each field's own range (taken from the field table, so the table
//! and validation cannot disagree) and the invariants between fields (no
//! tunnelling, the ball fits, drawn coordinates in the field, bounded work).

use serde::{Deserialize, Serialize};

use crate::base::round::round_hundredths;
use crate::rules::fields::{rule_field, Allowed};
use crate::rules::limits::*;
use crate::rules::value::{CountRange, RealRange, Rules};

/// Why rules were refused: the field (a path such as `sweep.angles[2]`), its value
/// and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{field} is {value}; it must be {allowed}")]
pub struct RulesError {
    pub field: String,
    pub value: String,
    pub allowed: String,
}

pub(crate) fn refuse(field: &str, value: impl ToString, allowed: impl Into<String>) -> RulesError {
    RulesError {
        field: field.to_owned(),
        value: value.to_string(),
        allowed: allowed.into(),
    }
}

/// A real number in `lo..=hi` (finite by then: non-finite numbers were refused first).
pub(crate) fn real(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), RulesError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(field, v, format!("a number from {lo} to {hi}")))
    }
}

/// A real number in `lo < v <= hi`.
pub(crate) fn positive(field: &str, v: f64, hi: f64) -> Result<(), RulesError> {
    if v > 0.0 && v <= hi {
        Ok(())
    } else {
        Err(refuse(field, v, format!("greater than 0 and at most {hi}")))
    }
}

pub(crate) fn whole(field: &str, v: u32, lo: u32, hi: u32) -> Result<(), RulesError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(
            field,
            v,
            format!("a whole number from {lo} to {hi}"),
        ))
    }
}

/// A drawn range: `min ≤ max`, both in `lo..=hi`.
pub(crate) fn real_range(field: &str, r: RealRange, lo: f64, hi: f64) -> Result<(), RulesError> {
    real(&format!("{field}.min"), r.min, lo, hi)?;
    real(&format!("{field}.max"), r.max, lo, hi)?;
    if r.min > r.max {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at least {field}.min ({})", r.min),
        ));
    }
    Ok(())
}

/// A drawn coordinate range whose values, rounded to hundredths, stay in `0..=hi`.
pub(crate) fn coordinate_range(
    field: &str,
    r: RealRange,
    hi: f64,
    axis: &str,
) -> Result<(), RulesError> {
    real_range(field, r, 0.0, hi)?;
    if round_hundredths(r.max) > hi {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at most {hi} ({axis}) once rounded to hundredths"),
        ));
    }
    Ok(())
}

pub(crate) fn count_range(field: &str, r: CountRange, hi: u32) -> Result<(), RulesError> {
    whole(&format!("{field}.min"), r.min, 0, hi)?;
    whole(&format!("{field}.max"), r.max, 0, hi)?;
    if r.min > r.max {
        return Err(refuse(
            &format!("{field}.max"),
            r.max,
            format!("at least {field}.min ({})", r.min),
        ));
    }
    Ok(())
}

pub(crate) fn list_len(field: &str, len: usize, hi: usize) -> Result<(), RulesError> {
    if (1..=hi).contains(&len) {
        Ok(())
    } else {
        Err(refuse(
            field,
            format!("a list of {len} value(s)"),
            format!("a list of 1 to {hi} values"),
        ))
    }
}

impl Rules {
    /// Every real number of the rules with its field path, in declaration order.
    pub(crate) fn reals_mut(&mut self) -> Vec<(String, &mut f64)> {
        let mut v: Vec<(String, &mut f64)> = Vec::with_capacity(80);
        let f = &mut self.field;
        v.push(("field.width".into(), &mut f.width));
        v.push(("field.height".into(), &mut f.height));
        v.push(("field.side_restitution".into(), &mut f.side_restitution));
        let b = &mut self.ball;
        v.push(("ball.radius".into(), &mut b.radius));
        v.push(("ball.start_y".into(), &mut b.start_y));
        v.push(("ball.start_x.min".into(), &mut b.start_x.min));
        v.push(("ball.start_x.max".into(), &mut b.start_x.max));
        let p = &mut self.physics;
        v.push(("physics.gravity".into(), &mut p.gravity));
        v.push(("physics.max_speed".into(), &mut p.max_speed));
        v.push(("physics.bounce_threshold".into(), &mut p.bounce_threshold));
        v.push(("physics.contact_slop".into(), &mut p.contact_slop));
        let s = &mut self.simulation;
        v.push(("simulation.rest_speed".into(), &mut s.rest_speed));
        v.push(("simulation.top_exit_y".into(), &mut s.top_exit_y));
        let w = &mut self.walls;
        v.push(("walls.radius".into(), &mut w.radius));
        v.push(("walls.restitution".into(), &mut w.restitution));
        v.push(("walls.friction".into(), &mut w.friction));
        v.push(("walls.center_x.min".into(), &mut w.center_x.min));
        v.push(("walls.center_x.max".into(), &mut w.center_x.max));
        v.push(("walls.center_y.min".into(), &mut w.center_y.min));
        v.push(("walls.center_y.max".into(), &mut w.center_y.max));
        v.push(("walls.length.min".into(), &mut w.length.min));
        v.push(("walls.length.max".into(), &mut w.length.max));
        v.push(("walls.angle.min".into(), &mut w.angle.min));
        v.push(("walls.angle.max".into(), &mut w.angle.max));
        v.push(("walls.ball_clearance".into(), &mut w.ball_clearance));
        v.push(("walls.goal_clearance".into(), &mut w.goal_clearance));
        let r = &mut self.parts.ramp;
        v.push(("parts.ramp.length".into(), &mut r.length));
        v.push(("parts.ramp.radius".into(), &mut r.radius));
        v.push(("parts.ramp.restitution".into(), &mut r.restitution));
        v.push(("parts.ramp.friction".into(), &mut r.friction));
        let f = &mut self.parts.fan;
        v.push(("parts.fan.housing".into(), &mut f.housing));
        v.push(("parts.fan.radius".into(), &mut f.radius));
        v.push(("parts.fan.reach".into(), &mut f.reach));
        v.push(("parts.fan.half_width".into(), &mut f.half_width));
        v.push(("parts.fan.accel".into(), &mut f.accel));
        v.push(("parts.fan.restitution".into(), &mut f.restitution));
        v.push(("parts.fan.friction".into(), &mut f.friction));
        let b = &mut self.parts.bumper;
        v.push(("parts.bumper.radius".into(), &mut b.radius));
        v.push(("parts.bumper.restitution".into(), &mut b.restitution));
        v.push(("parts.bumper.friction".into(), &mut b.friction));
        v.push(("parts.bumper.kick".into(), &mut b.kick));
        let g = &mut self.parts.gear;
        v.push(("parts.gear.radius".into(), &mut g.radius));
        v.push(("parts.gear.surface_speed".into(), &mut g.surface_speed));
        v.push(("parts.gear.friction".into(), &mut g.friction));
        v.push(("parts.gear.restitution".into(), &mut g.restitution));
        let g = &mut self.goal;
        v.push(("goal.width".into(), &mut g.width));
        v.push(("goal.height".into(), &mut g.height));
        v.push(("goal.x.min".into(), &mut g.x.min));
        v.push(("goal.x.max".into(), &mut g.x.max));
        v.push(("goal.y.min".into(), &mut g.y.min));
        v.push(("goal.y.max".into(), &mut g.y.max));
        let s = &mut self.sweep;
        for (i, x) in s.xs.iter_mut().enumerate() {
            v.push((format!("sweep.xs[{i}]"), x));
        }
        for (i, y) in s.ys.iter_mut().enumerate() {
            v.push((format!("sweep.ys[{i}]"), y));
        }
        for (i, a) in s.angles.iter_mut().enumerate() {
            v.push((format!("sweep.angles[{i}]"), a));
        }
        v
    }
}

/// The bounds of a field of the table of rules (`RULE_FIELDS`): each kind of check
/// below takes them from there, so the table and validation cannot disagree.
pub(crate) fn real_t(field: &str, v: f64) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Real { lo, hi } => real(field, v, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not Real"),
    }
}

pub(crate) fn positive_t(field: &str, v: f64) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Positive { hi } => positive(field, v, hi),
        other => unreachable!("{field} is {other:?} in the table, not Positive"),
    }
}

pub(crate) fn whole_t(field: &str, v: u32) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Whole { lo, hi } => whole(field, v, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not Whole"),
    }
}

pub(crate) fn real_range_t(field: &str, r: RealRange) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::RealRange { lo, hi } => real_range(field, r, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not RealRange"),
    }
}

pub(crate) fn count_range_t(field: &str, r: CountRange) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::CountRange { hi } => count_range(field, r, hi),
        other => unreachable!("{field} is {other:?} in the table, not CountRange"),
    }
}

pub(crate) fn list_bounds(field: &str) -> (f64, f64) {
    match rule_field(field).allowed {
        Allowed::RealList { lo, hi, .. } => (lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not RealList"),
    }
}

/// Every range and invariant; the numbers are finite by now.
pub(crate) fn check(r: &Rules) -> Result<(), RulesError> {
    let f = &r.field;
    real_t("field.width", f.width)?;
    real_t("field.height", f.height)?;
    real_t("field.side_restitution", f.side_restitution)?;
    let (w, h) = (f.width, f.height);

    let b = &r.ball;
    real_t("ball.radius", b.radius)?;
    if 2.0 * b.radius >= w {
        return Err(refuse(
            "ball.radius",
            b.radius,
            format!("less than half of field.width ({w}), so the ball fits between the sides"),
        ));
    }
    real("ball.start_y", b.start_y, 0.0, h)?;
    coordinate_range("ball.start_x", b.start_x, w, "field.width")?;

    let p = &r.physics;
    positive_t("physics.gravity", p.gravity)?;
    whole_t("physics.steps_per_second", p.steps_per_second)?;
    positive_t("physics.max_speed", p.max_speed)?;
    real_t("physics.bounce_threshold", p.bounce_threshold)?;
    whole_t("physics.contact_passes", p.contact_passes)?;
    real_t("physics.contact_slop", p.contact_slop)?;

    let s = &r.simulation;
    whole_t("simulation.max_steps", s.max_steps)?;
    real_t("simulation.rest_speed", s.rest_speed)?;
    whole_t("simulation.rest_steps", s.rest_steps)?;
    real_t("simulation.top_exit_y", s.top_exit_y)?;

    let wl = &r.walls;
    real_t("walls.radius", wl.radius)?;
    real_t("walls.restitution", wl.restitution)?;
    real_t("walls.friction", wl.friction)?;
    count_range_t("walls.count", wl.count)?;
    real_range("walls.center_x", wl.center_x, 0.0, w)?;
    real_range("walls.center_y", wl.center_y, 0.0, h)?;
    real_range_t("walls.length", wl.length)?;
    real_range_t("walls.angle", wl.angle)?;
    real_t("walls.ball_clearance", wl.ball_clearance)?;
    real_t("walls.goal_clearance", wl.goal_clearance)?;

    let ramp = &r.parts.ramp;
    real_t("parts.ramp.length", ramp.length)?;
    real_t("parts.ramp.radius", ramp.radius)?;
    real_t("parts.ramp.restitution", ramp.restitution)?;
    real_t("parts.ramp.friction", ramp.friction)?;
    count_range_t("parts.ramp.count", ramp.count)?;
    let fan = &r.parts.fan;
    real_t("parts.fan.housing", fan.housing)?;
    real_t("parts.fan.radius", fan.radius)?;
    real_t("parts.fan.reach", fan.reach)?;
    real_t("parts.fan.half_width", fan.half_width)?;
    real_t("parts.fan.accel", fan.accel)?;
    real_t("parts.fan.restitution", fan.restitution)?;
    real_t("parts.fan.friction", fan.friction)?;
    count_range_t("parts.fan.count", fan.count)?;
    let bumper = &r.parts.bumper;
    real_t("parts.bumper.radius", bumper.radius)?;
    real_t("parts.bumper.restitution", bumper.restitution)?;
    real_t("parts.bumper.friction", bumper.friction)?;
    real_t("parts.bumper.kick", bumper.kick)?;
    count_range_t("parts.bumper.count", bumper.count)?;
    let gear = &r.parts.gear;
    real_t("parts.gear.radius", gear.radius)?;
    real_t("parts.gear.surface_speed", gear.surface_speed)?;
    real_t("parts.gear.friction", gear.friction)?;
    real_t("parts.gear.restitution", gear.restitution)?;
    count_range_t("parts.gear.count", gear.count)?;

    // No tunnelling: one step at top speed is shorter than the thinnest contact.
    let step = p.max_speed * r.dt();
    let contact = b.radius + r.thinnest_solid_radius();
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

    let g = &r.goal;
    real_t("goal.width", g.width)?;
    real_t("goal.height", g.height)?;
    coordinate_range("goal.x", g.x, w, "field.width")?;
    coordinate_range("goal.y", g.y, h, "field.height")?;

    whole_t("generator.max_attempts", r.generator.max_attempts)?;

    let sw = &r.sweep;
    for (i, x) in sw.xs.iter().enumerate() {
        real(&format!("sweep.xs[{i}]"), *x, 0.0, w)?;
    }
    for (i, y) in sw.ys.iter().enumerate() {
        real(&format!("sweep.ys[{i}]"), *y, 0.0, h)?;
    }
    for (i, a) in sw.angles.iter().enumerate() {
        let (lo, hi) = list_bounds("sweep.angles");
        real(&format!("sweep.angles[{i}]"), *a, lo, hi)?;
    }
    let size = sw.size();
    if size > MAX_SWEEP_SIZE {
        return Err(refuse(
            "sweep",
            format!("{size} placements"),
            format!("at most {MAX_SWEEP_SIZE} placements (xs × ys × angles)"),
        ));
    }
    whole(
        "sweep.nearly_trivial_solving",
        sw.nearly_trivial_solving,
        1,
        size as u32,
    )?;
    let work = u64::from(r.generator.max_attempts) * (size as u64 + 1) * u64::from(s.max_steps);
    if work > MAX_STEPS_PER_SEED {
        return Err(refuse(
            "simulation.max_steps",
            s.max_steps,
            format!(
                "small enough that max_attempts × (sweep size + 1) × max_steps \
                 ({} × {} × {} = {work}) is at most {MAX_STEPS_PER_SEED}",
                r.generator.max_attempts,
                size + 1,
                s.max_steps
            ),
        ));
    }
    Ok(())
}
