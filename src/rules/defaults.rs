//! The default rules (rules version 1, `v1`): the game as it has always been.
//! Their values are public constants, so code that only ever shows the default
//! game can name them; the engine itself reads every rule from a
//! [`Rules`] value.

use crate::rules::value::*;

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
pub const GOAL_WIDTH: f64 = crate::world::model::GOAL_WIDTH;
/// Goal zone height.
pub const GOAL_HEIGHT: f64 = crate::world::model::GOAL_HEIGHT;

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
