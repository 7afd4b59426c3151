//! The rules of the game as a value: every constant of the physics, the parts, the
//! generator and its sweep, grouped in sections. `docs/rules.md` explains each field.
//!
//! [`Rules::default()`] is the game as it has always been (rules version 1, named
//! `v1`); its values are the constants of [`crate::rules::defaults`], which stay public so that code that
//! only ever shows the default game can name them. The engine itself reads every
//! rule from a [`Rules`] value, after validation ([`crate::rules::valid::ValidRules`]).
//!
//! Units: lengths in field units (the default field is 100 units wide, y grows
//! downward), time in seconds, speeds in units per second, angles in radians.

use serde::{Deserialize, Serialize};

/// Bumped whenever the engine's code (the physics, the generator's algorithm, the
/// file formats' meaning) changes what a seed produces under the same rules.
pub const RULES_VERSION: u32 = 1;
/// The name the default rules are also known by.
pub const DEFAULT_RULES_NAME: &str = "v1";

// ---------------------------------------------------------------------------
// The rules as a value.
// ---------------------------------------------------------------------------

/// A range of real numbers drawn uniformly: `min + r() × (max − min)`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RealRange {
    pub min: f64,
    pub max: f64,
}

impl RealRange {
    pub const fn new(min: f64, max: f64) -> Self {
        Self { min, max }
    }
    /// Whether the range holds a single value (then drawing from it takes no draw).
    pub fn is_fixed(&self) -> bool {
        self.min == self.max
    }
}

/// A range of whole numbers, both ends included, drawn uniformly:
/// `min + floor(r() × (max − min + 1))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CountRange {
    pub min: u32,
    pub max: u32,
}

impl CountRange {
    pub const fn new(min: u32, max: u32) -> Self {
        Self { min, max }
    }
    /// Whether the range holds a single value (then drawing from it takes no draw).
    pub fn is_fixed(&self) -> bool {
        self.min == self.max
    }
}

/// The field: its size, its solid sides.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FieldSection {
    /// Width (x from 0 to `width`).
    pub width: f64,
    /// Height (y from 0 at the top to `height` at the bottom).
    pub height: f64,
    /// Restitution of the left and right sides.
    pub side_restitution: f64,
}

/// The ball and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BallSection {
    pub radius: f64,
    /// The height every level's ball starts at (at rest).
    pub start_y: f64,
    /// The generator draws the start's x from this range (rounded to hundredths).
    pub start_x: RealRange,
}

/// The integrator.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PhysicsSection {
    /// Downward acceleration, units/s².
    pub gravity: f64,
    /// Fixed steps per simulated second: the step is `dt = 1 / steps_per_second`.
    pub steps_per_second: u32,
    /// Speed cap, units/s.
    pub max_speed: f64,
    /// Normal impact speeds below this do not bounce.
    pub bounce_threshold: f64,
    /// Contact passes per step at most.
    pub contact_passes: u32,
    /// Pushes this small or smaller do not count as moving the ball.
    pub contact_slop: f64,
}

/// How one simulation ends besides the goal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SimulationSection {
    /// Step budget: a run that has not ended after this many steps times out.
    pub max_steps: u32,
    /// Below this speed the ball counts as still...
    pub rest_speed: f64,
    /// ...and after this many consecutive still steps it has come to rest.
    pub rest_steps: u32,
    /// The ball is out when its centre is above this height (it is also out below
    /// `field.height + ball.radius`).
    pub top_exit_y: f64,
}

/// Fixed walls (ledges): their material and how the generator draws them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct WallSection {
    /// Half-thickness of the capsule.
    pub radius: f64,
    pub restitution: f64,
    pub friction: f64,
    /// How many walls a candidate draws (some may be dropped).
    pub count: CountRange,
    /// A wall's centre x.
    pub center_x: RealRange,
    /// A wall's centre y.
    pub center_y: RealRange,
    /// A wall's length.
    pub length: RealRange,
    /// A wall's tilt.
    pub angle: RealRange,
    /// A wall closer than this to the ball's start is dropped.
    pub ball_clearance: f64,
    /// A wall closer than this to the goal zone is dropped.
    pub goal_clearance: f64,
}

/// Ramp: a plank centred on its placement.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RampSection {
    pub length: f64,
    /// Half-thickness.
    pub radius: f64,
    pub restitution: f64,
    pub friction: f64,
    /// How many ramps a level grants.
    pub count: CountRange,
}

/// Fan: a housing and the box of air in front of it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FanSection {
    /// Length of the housing (perpendicular to the blowing direction).
    pub housing: f64,
    /// Half-thickness of the housing.
    pub radius: f64,
    /// How far in front of the fan it blows.
    pub reach: f64,
    /// Half the width of the blown box.
    pub half_width: f64,
    /// Acceleration inside the box, units/s².
    pub accel: f64,
    pub restitution: f64,
    pub friction: f64,
    pub count: CountRange,
}

/// Bumper: a disc that kicks the ball away.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BumperSection {
    pub radius: f64,
    pub restitution: f64,
    pub friction: f64,
    /// The ball always leaves at least this fast along the normal.
    pub kick: f64,
    pub count: CountRange,
}

/// Gear: a turning wheel that carries the ball along its rim.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GearSection {
    pub radius: f64,
    /// Speed of the rim, units/s (its direction is chosen per placement).
    pub surface_speed: f64,
    /// Coulomb friction between the ball and the rim.
    pub friction: f64,
    pub restitution: f64,
    pub count: CountRange,
}

/// The parts a player may be granted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PartsSection {
    pub ramp: RampSection,
    pub fan: FanSection,
    pub bumper: BumperSection,
    pub gear: GearSection,
}

/// The goal zone: its size and where the generator puts it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GoalSection {
    pub width: f64,
    pub height: f64,
    /// The goal centre's x (rounded to hundredths).
    pub x: RealRange,
    /// The goal centre's y (rounded to hundredths).
    pub y: RealRange,
}

/// Generate and test.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GeneratorSection {
    /// Candidates drawn at most before the fallback ships.
    pub max_attempts: u32,
}

/// The plausiblySolvable sweep: one ramp at every `xs` × `ys` × `angles`, in that
/// nesting order (x outermost).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SweepSection {
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    /// Tilts, radians.
    pub angles: Vec<f64>,
    /// At least this many solving placements make a shipped level "nearly trivial"
    /// (a label in summaries and the calendar; it changes no level).
    pub nearly_trivial_solving: u32,
}

impl SweepSection {
    /// How many placements the sweep tries.
    pub fn size(&self) -> usize {
        self.xs.len() * self.ys.len() * self.angles.len()
    }
}

/// Every rule of the game. `Rules::default()` is the game of rules version 1 (`v1`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub field: FieldSection,
    pub ball: BallSection,
    pub physics: PhysicsSection,
    pub simulation: SimulationSection,
    pub walls: WallSection,
    pub parts: PartsSection,
    pub goal: GoalSection,
    pub generator: GeneratorSection,
    pub sweep: SweepSection,
}

impl Rules {
    /// The fixed time step, `1 / steps_per_second` (for the default rules exactly
    /// the f64 nearest to 1/120, the constant [`DT`](crate::rules::defaults::DT)).
    pub fn dt(&self) -> f64 {
        1.0 / f64::from(self.physics.steps_per_second)
    }

    /// The smallest radius of any solid (walls and every part kind).
    pub fn thinnest_solid_radius(&self) -> f64 {
        let p = &self.parts;
        self.walls
            .radius
            .min(p.ramp.radius)
            .min(p.fan.radius)
            .min(p.bumper.radius)
            .min(p.gear.radius)
    }
}
