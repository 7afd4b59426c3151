//! Validated rules and their identity.
//!
//! A [`ValidRules`] can only be built by checking a [`Rules`] value: every number
//! finite and in its range, every range ordered, every list of a bounded size, and
//! the invariants the physics relies on (see [`ValidRules::new`]). Everything that
//! runs the physics or the generator takes one, so no rules file can make the engine
//! panic, tunnel or run without end.
//!
//! The **rules id** is the first 12 hex digits of the SHA-256 of the rules'
//! canonical JSON (compact, fields in declaration order). The default rules' id is
//! [`DEFAULT_RULES_ID`]; they are also known by their name, `v1`.

use std::ops::Deref;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::base::canonical::canonical_json;
use crate::base::round::round_hundredths;
use crate::rules::fields::{rule_field, Allowed};
use crate::rules::value::{CountRange, RealRange, Rules, DEFAULT_RULES_NAME};
use crate::world::model::Body;

pub use crate::rules::limits::*;

/// The id of `Rules::default()` (a test keeps it in step).
pub const DEFAULT_RULES_ID: &str = "010786ff88f4";

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

fn refuse(field: &str, value: impl ToString, allowed: impl Into<String>) -> RulesError {
    RulesError {
        field: field.to_owned(),
        value: value.to_string(),
        allowed: allowed.into(),
    }
}

/// A real number in `lo..=hi` (finite by then: non-finite numbers were refused first).
fn real(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), RulesError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(field, v, format!("a number from {lo} to {hi}")))
    }
}

/// A real number in `lo < v <= hi`.
fn positive(field: &str, v: f64, hi: f64) -> Result<(), RulesError> {
    if v > 0.0 && v <= hi {
        Ok(())
    } else {
        Err(refuse(field, v, format!("greater than 0 and at most {hi}")))
    }
}

fn whole(field: &str, v: u32, lo: u32, hi: u32) -> Result<(), RulesError> {
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
fn real_range(field: &str, r: RealRange, lo: f64, hi: f64) -> Result<(), RulesError> {
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
fn coordinate_range(field: &str, r: RealRange, hi: f64, axis: &str) -> Result<(), RulesError> {
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

fn count_range(field: &str, r: CountRange, hi: u32) -> Result<(), RulesError> {
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

fn list_len(field: &str, len: usize, hi: usize) -> Result<(), RulesError> {
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
    fn reals_mut(&mut self) -> Vec<(String, &mut f64)> {
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

/// The rules id of `rules` as they are: the first 12 hex digits of the SHA-256 of
/// their canonical JSON. ([`ValidRules::id`] is the id of the validated form, in
/// which `-0.0` has been written as `0.0`.)
pub fn rules_id(rules: &Rules) -> String {
    let digest = Sha256::digest(canonical_json(rules).as_bytes());
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// Rules that passed validation, with their id. Dereferences to [`Rules`].
///
/// Serializes as the plain rules; deserializing validates (so a file that embeds
/// rules can only hold valid ones).
///
/// (For TypeScript, a field holding `ValidRules` is typed as `Rules`.)
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "Rules")]
pub struct ValidRules {
    rules: Rules,
    id: String,
    /// The body of every sweep placement, in sweep order (computed once: each
    /// takes a libm `cos` and `sin`).
    sweep_bodies: Vec<Body>,
}

impl Serialize for ValidRules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.rules.serialize(s)
    }
}

impl TryFrom<Rules> for ValidRules {
    type Error = RulesError;
    fn try_from(rules: Rules) -> Result<Self, RulesError> {
        ValidRules::new(rules)
    }
}

impl Deref for ValidRules {
    type Target = Rules;
    fn deref(&self) -> &Rules {
        &self.rules
    }
}

impl Default for ValidRules {
    /// The default rules (`v1`).
    fn default() -> Self {
        ValidRules::new(Rules::default()).expect("the default rules are valid")
    }
}

impl ValidRules {
    /// The body of sweep placement `i` (0-based): `sweep_placement(self, i).body(&self.parts)`.
    /// Panics unless `i < self.sweep.size()`.
    pub fn sweep_body(&self, i: usize) -> Body {
        self.sweep_bodies[i]
    }

    /// Checks `rules` and computes their id. `-0.0` anywhere is read as `0.0`, so
    /// rules that compare equal have the same id.
    ///
    /// Besides every field's own range, the rules must keep these invariants:
    /// - **no tunnelling**: one step at top speed, `max_speed / steps_per_second`,
    ///   is shorter than the thinnest contact distance, `ball.radius` + the smallest
    ///   radius of any solid (walls and every part kind);
    /// - the ball fits between the sides (`2 × ball.radius < field.width`);
    /// - every drawn coordinate (ball start x, goal x and y, rounded to hundredths)
    ///   and every sweep position lies in the field; sweep tilts and wall angles are
    ///   within ±π/2;
    /// - bounded work: at most 100,000 steps per simulation, 1,000 attempts, 1,024
    ///   sweep placements, and `max_attempts × (sweep size + 1) × max_steps ≤ 2^30`.
    pub fn new(mut rules: Rules) -> Result<Self, RulesError> {
        let s = &rules.sweep;
        list_len("sweep.xs", s.xs.len(), MAX_SWEEP_POSITIONS)?;
        list_len("sweep.ys", s.ys.len(), MAX_SWEEP_POSITIONS)?;
        list_len("sweep.angles", s.angles.len(), MAX_SWEEP_ANGLES)?;
        for (path, x) in rules.reals_mut() {
            if !x.is_finite() {
                return Err(refuse(&path, *x, "a finite number"));
            }
            // -0.0 and 0.0 are the same rule; write it one way.
            if *x == 0.0 {
                *x = 0.0;
            }
        }
        check(&rules)?;
        let id = rules_id(&rules);
        let sweep_bodies = (0..rules.sweep.size())
            .map(|i| rules.sweep.placement(i).body(&rules.parts))
            .collect();
        Ok(Self {
            rules,
            id,
            sweep_bodies,
        })
    }

    /// The rules id (12 lowercase hex digits).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Whether these are the default rules (`v1`).
    pub fn is_default(&self) -> bool {
        self.id == DEFAULT_RULES_ID
    }

    /// `v1` for the default rules, else the id.
    pub fn name(&self) -> &str {
        if self.is_default() {
            DEFAULT_RULES_NAME
        } else {
            &self.id
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What one seed can cost under these rules at the very worst.
    pub fn worst_case(&self) -> crate::rules::work::WorstCase {
        crate::rules::work::worst_case(&self.rules)
    }

    /// Whether one seed can cost more than the everyday budget: valid, but
    /// accepted only when asked for (see [`crate::rules::work`]).
    pub fn is_slow(&self) -> bool {
        self.worst_case().is_slow()
    }

    pub fn into_rules(self) -> Rules {
        self.rules
    }
}

/// The bounds of a field of the table of rules (`RULE_FIELDS`): each kind of check
/// below takes them from there, so the table and validation cannot disagree.
fn real_t(field: &str, v: f64) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Real { lo, hi } => real(field, v, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not Real"),
    }
}

fn positive_t(field: &str, v: f64) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Positive { hi } => positive(field, v, hi),
        other => unreachable!("{field} is {other:?} in the table, not Positive"),
    }
}

fn whole_t(field: &str, v: u32) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::Whole { lo, hi } => whole(field, v, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not Whole"),
    }
}

fn real_range_t(field: &str, r: RealRange) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::RealRange { lo, hi } => real_range(field, r, lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not RealRange"),
    }
}

fn count_range_t(field: &str, r: CountRange) -> Result<(), RulesError> {
    match rule_field(field).allowed {
        Allowed::CountRange { hi } => count_range(field, r, hi),
        other => unreachable!("{field} is {other:?} in the table, not CountRange"),
    }
}

fn list_bounds(field: &str) -> (f64, f64) {
    match rule_field(field).allowed {
        Allowed::RealList { lo, hi, .. } => (lo, hi),
        other => unreachable!("{field} is {other:?} in the table, not RealList"),
    }
}

/// Every range and invariant; the numbers are finite by now.
fn check(r: &Rules) -> Result<(), RulesError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The cached sweep bodies are the placements' own, under the default rules
    /// and the gears rules.
    #[test]
    fn sweep_bodies_are_the_placements_bodies() {
        let file: serde_json::Value =
            serde_json::from_slice(include_bytes!("../../rules/gears.json")).unwrap();
        let gears =
            ValidRules::new(serde_json::from_value(file["rules"].clone()).unwrap()).unwrap();
        for rules in [ValidRules::default(), gears] {
            for i in 0..rules.sweep.size() {
                assert_eq!(
                    rules.sweep_body(i),
                    rules.sweep.placement(i).body(&rules.parts)
                );
            }
        }
    }

    #[test]
    fn the_default_rules_are_valid_and_their_id_is_pinned() {
        let v = ValidRules::default();
        assert_eq!(v.id(), rules_id(&Rules::default()));
        assert_eq!(v.id(), DEFAULT_RULES_ID);
        assert!(v.is_default());
        assert_eq!(v.name(), "v1");
        assert_eq!(v.rules(), &Rules::default());
    }

    #[test]
    fn errors_name_the_field_the_value_and_the_range() {
        let mut r = Rules::default();
        r.sweep.angles[2] = 2.0;
        let e = ValidRules::new(r).unwrap_err();
        assert_eq!(e.field, "sweep.angles[2]");
        assert_eq!(e.value, "2");
        assert!(e.allowed.contains("1.5707963267948966"), "{e}");

        let mut r = Rules::default();
        r.physics.gravity = -200.0;
        let e = ValidRules::new(r).unwrap_err();
        assert_eq!(e.field, "physics.gravity");

        let mut r = Rules::default();
        r.walls.radius = f64::NAN;
        let e = ValidRules::new(r).unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.value.as_str()),
            ("walls.radius", "NaN")
        );

        let mut r = Rules::default();
        r.physics.max_speed = 400.0;
        let e = ValidRules::new(r).unwrap_err();
        assert_eq!(e.field, "physics.max_speed");
        assert!(e.to_string().contains("below 360"), "{e}");

        let mut r = Rules::default();
        r.walls.count = CountRange::new(4, 3);
        assert_eq!(ValidRules::new(r).unwrap_err().field, "walls.count.max");

        let mut r = Rules::default();
        r.sweep.xs.clear();
        assert_eq!(ValidRules::new(r).unwrap_err().field, "sweep.xs");

        let mut r = Rules::default();
        r.simulation.max_steps = 100_000;
        assert!(ValidRules::new(r.clone()).is_ok());
        r.generator.max_attempts = 1000;
        assert_eq!(
            ValidRules::new(r).unwrap_err().field,
            "simulation.max_steps"
        );
    }

    #[test]
    fn negative_zero_is_zero() {
        let mut a = Rules::default();
        a.parts.bumper.friction = -0.0;
        let a = ValidRules::new(a).unwrap();
        assert!(a.is_default());
        assert!(a.parts.bumper.friction.is_sign_positive());
    }
}
