//! The rules a play window or page runs under, as the UI sees them: `RulesInfo`, every value
//! of a `ValidRules` the drawing and animation code needs, flattened under the
//! names of the engine's constants (`src/rules.rs`) in snake case, with the whole
//! `Rules` value, its id and name. The `rules` command serves the rules in force
//! (`RulesBook`); a play window gets its level's rules with the level.

use contraption::rules::{DEFAULT_RULES_NAME, RULES_VERSION};
use contraption::{Rules, ValidRules};
use serde::{Deserialize, Serialize};

/// Every value of a `ValidRules` (see `docs/rules.md`) under the name of the engine's
/// constant for it, and the rules' identity. Lengths in field units (x to the right, y downward), time in seconds, speeds in units per second.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesInfo {
    /// The rules id (`ValidRules::id`: 12 hex digits of the canonical JSON's SHA-256).
    pub rules_id: String,
    /// `v1` for the default rules, else the id (`ValidRules::name`).
    pub rules_name: String,
    /// Whether these are the default rules.
    pub is_default: bool,
    /// The rules file they were read from (`--rules FILE`), when they were.
    pub source: Option<String>,
    /// The whole rules value (generator ranges included).
    pub rules: Rules,
    /// Bumped whenever anything here, the generator or the physics changes what a seed produces.
    pub rules_version: u32,
    /// The name the default rules are also known by (`v1`).
    pub default_rules_name: String,
    /// The id of the default rules, so a view can name rows, scans and bookmarks of
    /// the default rules `v1` whatever rules are in force.
    pub default_rules_id: String,
    /// Field width (100 by default); x runs from 0 (left) to the width.
    pub field_width: f64,
    /// Field height (150 by default); y runs from 0 (top) to the height.
    pub field_height: f64,
    /// The ball's radius.
    pub ball_radius: f64,
    /// The height every level's ball starts at.
    pub ball_start_y: f64,
    /// Downward acceleration.
    pub gravity: f64,
    /// Fixed steps per simulated second (`dt = 1 / steps_per_second`).
    pub steps_per_second: u32,
    /// The fixed time step, `1 / steps_per_second`.
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
    /// Step budget of one simulation (1440 = 12 simulated seconds by default).
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
    /// Placements in the sweep: xs x ys x angles (6 x 6 x 4 = 144 by default).
    pub sweep_size: u32,
    /// At least this many solving sweep placements make a level "nearly trivial".
    pub nearly_trivial_solving: u32,
}

impl RulesInfo {
    /// The view of `rules` (read from `source`, when they came from a file).
    pub fn of(rules: &ValidRules, source: Option<String>) -> Self {
        let r: &Rules = rules;
        let (p, s, parts) = (&r.physics, &r.simulation, &r.parts);
        Self {
            rules_id: rules.id().to_owned(),
            rules_name: rules.name().to_owned(),
            is_default: rules.is_default(),
            source,
            rules: r.clone(),
            rules_version: RULES_VERSION,
            default_rules_name: DEFAULT_RULES_NAME.to_owned(),
            default_rules_id: ValidRules::default().id().to_owned(),
            field_width: r.field.width,
            field_height: r.field.height,
            ball_radius: r.ball.radius,
            ball_start_y: r.ball.start_y,
            gravity: p.gravity,
            steps_per_second: p.steps_per_second,
            dt: r.dt(),
            max_speed: p.max_speed,
            contact_passes: p.contact_passes,
            contact_slop: p.contact_slop,
            max_steps: s.max_steps,
            rest_speed: s.rest_speed,
            rest_steps: s.rest_steps,
            top_exit_y: s.top_exit_y,
            bounce_threshold: p.bounce_threshold,
            wall_radius: r.walls.radius,
            wall_restitution: r.walls.restitution,
            wall_friction: r.walls.friction,
            side_restitution: r.field.side_restitution,
            ramp_length: parts.ramp.length,
            ramp_radius: parts.ramp.radius,
            ramp_restitution: parts.ramp.restitution,
            ramp_friction: parts.ramp.friction,
            fan_housing: parts.fan.housing,
            fan_radius: parts.fan.radius,
            fan_reach: parts.fan.reach,
            fan_half_width: parts.fan.half_width,
            fan_accel: parts.fan.accel,
            fan_restitution: parts.fan.restitution,
            fan_friction: parts.fan.friction,
            bumper_radius: parts.bumper.radius,
            bumper_restitution: parts.bumper.restitution,
            bumper_kick: parts.bumper.kick,
            bumper_friction: parts.bumper.friction,
            gear_radius: parts.gear.radius,
            gear_surface_speed: parts.gear.surface_speed,
            gear_friction: parts.gear.friction,
            gear_restitution: parts.gear.restitution,
            goal_width: r.goal.width,
            goal_height: r.goal.height,
            max_attempts: r.generator.max_attempts,
            sweep_xs: r.sweep.xs.clone(),
            sweep_ys: r.sweep.ys.clone(),
            sweep_angles: r.sweep.angles.clone(),
            sweep_size: r.sweep.size() as u32,
            nearly_trivial_solving: r.sweep.nearly_trivial_solving,
        }
    }
}
