//! Every constant of the game's rules, in one place. `docs/rules.md` explains them.
//!
//! Units: lengths in field units (the field is 100 units wide, y grows downward),
//! time in seconds, speeds in units per second.

/// Bumped whenever anything here, the generator or the physics changes what a seed produces.
pub const RULES_VERSION: u32 = 1;

/// Field width; x runs from 0 (left) to 100 (right).
pub const FIELD_WIDTH: f64 = 100.0;
/// Field height; y runs from 0 (top) to 150 (bottom).
pub const FIELD_HEIGHT: f64 = 150.0;

/// The ball's radius.
pub const BALL_RADIUS: f64 = 2.5;
/// Downward acceleration.
pub const GRAVITY: f64 = 200.0;
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
pub const BUMPER_KICK: f64 = 90.0;

/// Goal zone size (centred on the goal's position).
pub const GOAL_WIDTH: f64 = 14.0;
pub const GOAL_HEIGHT: f64 = 6.0;

/// Generator: attempts before the fallback ships.
pub const MAX_ATTEMPTS: u32 = 40;
/// Sweep grid of the plausiblySolvable check.
pub const SWEEP_XS: [f64; 6] = [15.0, 29.0, 43.0, 57.0, 71.0, 85.0];
pub const SWEEP_YS: [f64; 6] = [30.0, 48.0, 66.0, 84.0, 102.0, 120.0];
pub const SWEEP_ANGLES: [f64; 4] = [-0.8, -0.45, 0.45, 0.8];
/// 6 x 6 x 4.
pub const SWEEP_SIZE: usize = SWEEP_XS.len() * SWEEP_YS.len() * SWEEP_ANGLES.len();
