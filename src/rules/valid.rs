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
use crate::rules::value::{Rules, DEFAULT_RULES_NAME};
use crate::world::model::Body;

use crate::rules::by_table::{check, finite_and_signed};
pub use crate::rules::check::RulesError;
pub use crate::rules::limits::*;

/// The id of `Rules::default()` (a test keeps it in step).
pub const DEFAULT_RULES_ID: &str = "010786ff88f4";

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
    pub fn new(rules: Rules) -> Result<Self, RulesError> {
        let rules = finite_and_signed(rules)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::value::CountRange;

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
            ("walls.radius", "not finite")
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
