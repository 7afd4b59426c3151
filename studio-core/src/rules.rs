//! The one rules type the UI draws and animates with: the engine's constants
//! (`contraption::rules`), one field per constant under the constant's name in
//! snake case, served by the `rules` command. When the engine's rules become a
//! value, this type becomes that value.

use contraption::rules::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every constant of `contraption::rules` (see `docs/rules.md`). Lengths in field
/// units (x to the right, y downward), time in seconds, speeds in units per second.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RulesInfo {
    /// Bumped whenever anything here, the generator or the physics changes what a seed produces.
    pub rules_version: u32,
    /// The name the default rules are also known by (`v1`).
    pub default_rules_name: String,
    /// Field width; x runs from 0 (left) to 100 (right).
    pub field_width: f64,
    /// Field height; y runs from 0 (top) to 150 (bottom).
    pub field_height: f64,
    /// The ball's radius.
    pub ball_radius: f64,
    /// The height every level's ball starts at.
    pub ball_start_y: f64,
    /// Downward acceleration.
    pub gravity: f64,
    /// Fixed steps per simulated second (`dt = 1 / steps_per_second`).
    pub steps_per_second: u32,
    /// The fixed time step: 120 steps per simulated second.
    pub dt: f64,
    /// Speed cap (terminal velocity). `MAX_SPEED * DT` (2.5) is below the smallest
    /// contact distance (ball radius + wall half-thickness = 3.0), so a ball that starts
    /// a step outside every solid cannot cross a solid's middle line during it; the
    /// repeated contact passes (`CONTACT_PASSES`) put it outside every solid again.
    pub max_speed: f64,
    /// Contact passes per step at most: the sides and every solid are resolved again
    /// until a pass moves the ball by no more than `CONTACT_SLOP`.
    pub contact_passes: u32,
    /// Pushes this small (or smaller) do not count as moving the ball.
    pub contact_slop: f64,
    /// Step budget of one simulation (12 simulated seconds).
    pub max_steps: u32,
    /// Below this speed the ball counts as still...
    pub rest_speed: f64,
    /// ...and after this many consecutive still steps it has come to rest.
    pub rest_steps: u32,
    /// The ball has left the field when its centre is below `FIELD_HEIGHT + BALL_RADIUS`
    /// or above this height (thrown out of the top).
    pub top_exit_y: f64,
    /// Impacts slower than this along the normal do not bounce (restitution 0), so the
    /// ball can settle and roll instead of jittering.
    pub bounce_threshold: f64,
    /// Fixed walls (ledges): capsules of this half-thickness.
    pub wall_radius: f64,
    pub wall_restitution: f64,
    pub wall_friction: f64,
    /// The field's left and right sides are solid.
    pub side_restitution: f64,
    /// Ramp: a straight plank centred on its placement.
    pub ramp_length: f64,
    pub ramp_radius: f64,
    pub ramp_restitution: f64,
    pub ramp_friction: f64,
    /// Fan: a short solid housing perpendicular to the direction it blows, and a
    /// rectangular field in front of it that accelerates the ball.
    pub fan_housing: f64,
    pub fan_radius: f64,
    pub fan_reach: f64,
    pub fan_half_width: f64,
    pub fan_accel: f64,
    pub fan_restitution: f64,
    pub fan_friction: f64,
    /// Bumper: a solid disc that kicks the ball away with at least `BUMPER_KICK`.
    pub bumper_radius: f64,
    pub bumper_restitution: f64,
    pub bumper_kick: f64,
    pub bumper_friction: f64,
    /// Gear: a wheel whose rim turns at `gear_surface_speed` (clockwise or
    /// counter-clockwise per placement) and carries the ball along through friction.
    pub gear_radius: f64,
    pub gear_surface_speed: f64,
    pub gear_friction: f64,
    pub gear_restitution: f64,
    /// Goal zone size (centred on the goal's position).
    pub goal_width: f64,
    pub goal_height: f64,
    /// Generator: attempts before the fallback ships.
    pub max_attempts: u32,
    /// Sweep grid of the plausiblySolvable check.
    pub sweep_xs: Vec<f64>,
    pub sweep_ys: Vec<f64>,
    pub sweep_angles: Vec<f64>,
    /// Placements in the sweep: 6 x 6 x 4.
    pub sweep_size: u32,
    /// At least this many solving sweep placements make a level "nearly trivial".
    pub nearly_trivial_solving: u32,
}

impl RulesInfo {
    /// The rules this studio's engine was built with.
    pub fn current() -> Self {
        Self {
            rules_version: RULES_VERSION,
            default_rules_name: DEFAULT_RULES_NAME.to_owned(),
            field_width: FIELD_WIDTH,
            field_height: FIELD_HEIGHT,
            ball_radius: BALL_RADIUS,
            ball_start_y: BALL_START_Y,
            gravity: GRAVITY,
            steps_per_second: STEPS_PER_SECOND,
            dt: DT,
            max_speed: MAX_SPEED,
            contact_passes: CONTACT_PASSES,
            contact_slop: CONTACT_SLOP,
            max_steps: MAX_STEPS,
            rest_speed: REST_SPEED,
            rest_steps: REST_STEPS,
            top_exit_y: TOP_EXIT_Y,
            bounce_threshold: BOUNCE_THRESHOLD,
            wall_radius: WALL_RADIUS,
            wall_restitution: WALL_RESTITUTION,
            wall_friction: WALL_FRICTION,
            side_restitution: SIDE_RESTITUTION,
            ramp_length: RAMP_LENGTH,
            ramp_radius: RAMP_RADIUS,
            ramp_restitution: RAMP_RESTITUTION,
            ramp_friction: RAMP_FRICTION,
            fan_housing: FAN_HOUSING,
            fan_radius: FAN_RADIUS,
            fan_reach: FAN_REACH,
            fan_half_width: FAN_HALF_WIDTH,
            fan_accel: FAN_ACCEL,
            fan_restitution: FAN_RESTITUTION,
            fan_friction: FAN_FRICTION,
            bumper_radius: BUMPER_RADIUS,
            bumper_restitution: BUMPER_RESTITUTION,
            bumper_kick: BUMPER_KICK,
            bumper_friction: BUMPER_FRICTION,
            gear_radius: GEAR_RADIUS,
            gear_surface_speed: GEAR_SURFACE_SPEED,
            gear_friction: GEAR_FRICTION,
            gear_restitution: GEAR_RESTITUTION,
            goal_width: GOAL_WIDTH,
            goal_height: GOAL_HEIGHT,
            max_attempts: MAX_ATTEMPTS,
            sweep_xs: SWEEP_XS.to_vec(),
            sweep_ys: SWEEP_YS.to_vec(),
            sweep_angles: SWEEP_ANGLES.to_vec(),
            sweep_size: SWEEP_SIZE as u32,
            nearly_trivial_solving: NEARLY_TRIVIAL_SOLVING,
        }
    }
}
