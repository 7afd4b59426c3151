//! The rules of the game as a value: every constant of the physics, the parts, the
//! generator and its sweep, grouped in sections. `docs/rules.md` explains each field.
//!
//! [`Rules::default()`] is the game as it has always been (rules version 1, named
//! `v1`); its values are the constants below, which stay public so that code that
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
// The values of the default rules (v1).
// ---------------------------------------------------------------------------

/// Field width; x runs from 0 (left) to 100 (right).
pub const FIELD_WIDTH: f64 = 100.0;
/// Field height; y runs from 0 (top) to 150 (bottom).
pub const FIELD_HEIGHT: f64 = 150.0;

/// The ball's radius.
pub const BALL_RADIUS: f64 = 2.5;
/// The ball always starts at this height.
pub const BALL_START_Y: f64 = 8.0;
/// Downward acceleration.
pub const GRAVITY: f64 = 200.0;
/// Fixed steps per simulated second.
pub const STEPS_PER_SECOND: u32 = 120;
/// The fixed time step: 120 steps per simulated second.
pub const DT: f64 = 1.0 / 120.0;
/// Speed cap (terminal velocity). `MAX_SPEED * DT` (2.5) is below the smallest
/// contact distance (ball radius + wall half-thickness = 3.0), so a ball that starts
/// a step outside every solid cannot cross a solid's middle line during it; the
/// repeated contact passes (`CONTACT_PASSES`) put it outside every solid again.
pub const MAX_SPEED: f64 = 300.0;
/// Contact passes per step at most: the sides and every solid are resolved again
/// until a pass moves the ball by no more than `CONTACT_SLOP`.
pub const CONTACT_PASSES: u32 = 4;
/// Pushes this small (or smaller) do not count as moving the ball.
pub const CONTACT_SLOP: f64 = 1e-9;
/// Step budget of one simulation (12 simulated seconds).
pub const MAX_STEPS: u32 = 1440;
/// Below this speed the ball counts as still...
pub const REST_SPEED: f64 = 4.0;
/// ...and after this many consecutive still steps it has come to rest.
pub const REST_STEPS: u32 = 60;
/// The ball has left the field when its centre is below `FIELD_HEIGHT + BALL_RADIUS`
/// or above this height (thrown out of the top).
pub const TOP_EXIT_Y: f64 = -60.0;
/// Impacts slower than this along the normal do not bounce (restitution 0), so the
/// ball can settle and roll instead of jittering.
pub const BOUNCE_THRESHOLD: f64 = 20.0;

/// Fixed walls (ledges): capsules of this half-thickness.
pub const WALL_RADIUS: f64 = 0.5;
pub const WALL_RESTITUTION: f64 = 0.35;
pub const WALL_FRICTION: f64 = 0.2;
/// The field's left and right sides are solid.
pub const SIDE_RESTITUTION: f64 = 0.5;

/// Ramp: a straight plank centred on its placement.
pub const RAMP_LENGTH: f64 = 18.0;
pub const RAMP_RADIUS: f64 = 0.75;
pub const RAMP_RESTITUTION: f64 = 0.2;
pub const RAMP_FRICTION: f64 = 0.05;

/// Fan: a short solid housing perpendicular to the direction it blows, and a
/// rectangular field in front of it that accelerates the ball.
pub const FAN_HOUSING: f64 = 8.0;
pub const FAN_RADIUS: f64 = 1.0;
pub const FAN_REACH: f64 = 40.0;
pub const FAN_HALF_WIDTH: f64 = 5.0;
pub const FAN_ACCEL: f64 = 500.0;
pub const FAN_RESTITUTION: f64 = 0.3;
pub const FAN_FRICTION: f64 = 0.2;

/// Bumper: a solid disc that kicks the ball away with at least `BUMPER_KICK`.
pub const BUMPER_RADIUS: f64 = 4.0;
pub const BUMPER_RESTITUTION: f64 = 0.9;
pub const BUMPER_FRICTION: f64 = 0.0;
pub const BUMPER_KICK: f64 = 90.0;

/// Gear: a wheel that turns at a set surface speed and carries the ball along its
/// rim through friction. The default rules grant none.
pub const GEAR_RADIUS: f64 = 6.0;
pub const GEAR_SURFACE_SPEED: f64 = 80.0;
pub const GEAR_FRICTION: f64 = 0.6;
pub const GEAR_RESTITUTION: f64 = 0.2;

/// Goal zone size (centred on the goal's position).
pub use crate::world::model::{GOAL_HEIGHT, GOAL_WIDTH};

/// Generator: attempts before the fallback ships.
pub const MAX_ATTEMPTS: u32 = 40;
/// Sweep grid of the plausiblySolvable check.
pub const SWEEP_XS: [f64; 6] = [15.0, 29.0, 43.0, 57.0, 71.0, 85.0];
pub const SWEEP_YS: [f64; 6] = [30.0, 48.0, 66.0, 84.0, 102.0, 120.0];
pub const SWEEP_ANGLES: [f64; 4] = [-0.8, -0.45, 0.45, 0.8];
/// 6 x 6 x 4.
pub const SWEEP_SIZE: usize = SWEEP_XS.len() * SWEEP_YS.len() * SWEEP_ANGLES.len();
/// At least this many solving sweep placements make a level "nearly trivial".
pub const NEARLY_TRIVIAL_SOLVING: u32 = 10;

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

impl Default for Rules {
    fn default() -> Self {
        Self {
            field: FieldSection {
                width: FIELD_WIDTH,
                height: FIELD_HEIGHT,
                side_restitution: SIDE_RESTITUTION,
            },
            ball: BallSection {
                radius: BALL_RADIUS,
                start_y: BALL_START_Y,
                start_x: RealRange::new(10.0, 90.0),
            },
            physics: PhysicsSection {
                gravity: GRAVITY,
                steps_per_second: STEPS_PER_SECOND,
                max_speed: MAX_SPEED,
                bounce_threshold: BOUNCE_THRESHOLD,
                contact_passes: CONTACT_PASSES,
                contact_slop: CONTACT_SLOP,
            },
            simulation: SimulationSection {
                max_steps: MAX_STEPS,
                rest_speed: REST_SPEED,
                rest_steps: REST_STEPS,
                top_exit_y: TOP_EXIT_Y,
            },
            walls: WallSection {
                radius: WALL_RADIUS,
                restitution: WALL_RESTITUTION,
                friction: WALL_FRICTION,
                count: CountRange::new(2, 5),
                center_x: RealRange::new(8.0, 92.0),
                center_y: RealRange::new(26.0, 110.0),
                length: RealRange::new(14.0, 30.0),
                angle: RealRange::new(-0.6, 0.6),
                ball_clearance: 6.0,
                goal_clearance: 5.0,
            },
            parts: PartsSection {
                ramp: RampSection {
                    length: RAMP_LENGTH,
                    radius: RAMP_RADIUS,
                    restitution: RAMP_RESTITUTION,
                    friction: RAMP_FRICTION,
                    count: CountRange::new(1, 2),
                },
                fan: FanSection {
                    housing: FAN_HOUSING,
                    radius: FAN_RADIUS,
                    reach: FAN_REACH,
                    half_width: FAN_HALF_WIDTH,
                    accel: FAN_ACCEL,
                    restitution: FAN_RESTITUTION,
                    friction: FAN_FRICTION,
                    count: CountRange::new(0, 1),
                },
                bumper: BumperSection {
                    radius: BUMPER_RADIUS,
                    restitution: BUMPER_RESTITUTION,
                    friction: BUMPER_FRICTION,
                    kick: BUMPER_KICK,
                    count: CountRange::new(0, 2),
                },
                gear: GearSection {
                    radius: GEAR_RADIUS,
                    surface_speed: GEAR_SURFACE_SPEED,
                    friction: GEAR_FRICTION,
                    restitution: GEAR_RESTITUTION,
                    count: CountRange::new(0, 0),
                },
            },
            goal: GoalSection {
                width: GOAL_WIDTH,
                height: GOAL_HEIGHT,
                x: RealRange::new(10.0, 90.0),
                y: RealRange::new(112.0, 140.0),
            },
            generator: GeneratorSection {
                max_attempts: MAX_ATTEMPTS,
            },
            sweep: SweepSection {
                xs: SWEEP_XS.to_vec(),
                ys: SWEEP_YS.to_vec(),
                angles: SWEEP_ANGLES.to_vec(),
                nearly_trivial_solving: NEARLY_TRIVIAL_SOLVING,
            },
        }
    }
}

impl Rules {
    /// The fixed time step, `1 / steps_per_second` (for the default rules exactly
    /// the f64 nearest to 1/120, the constant [`DT`]).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rules_are_the_constants() {
        let r = Rules::default();
        assert_eq!(r.dt().to_bits(), DT.to_bits());
        assert_eq!(r.sweep.size(), SWEEP_SIZE);
        assert_eq!(r.thinnest_solid_radius(), WALL_RADIUS);
    }
}
