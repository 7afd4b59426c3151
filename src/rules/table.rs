//! The table itself: every field of the rules, in the order of a rules file, with
//! its unit, its bounds and what it does.

use crate::rules::fields::{count, f, friction, n, ratio, real, whole, Allowed, Axis, RuleField};
use crate::rules::limits::{
    MAX_ATTEMPTS_CAP, MAX_PART_COUNT, MAX_STEP_BUDGET, MAX_SWEEP_ANGLES, MAX_SWEEP_POSITIONS,
    MAX_WALLS,
};

const HALF_PI: f64 = std::f64::consts::FRAC_PI_2;

const TUNNEL: &str = "with ball.radius and the solids' radii, one step at top speed \
                      (max_speed / steps_per_second) must be shorter than the thinnest contact";
const WORK: &str = "max_attempts × (sweep size + 1) × max_steps must be at most 2^30";

/// Every field of the rules, in the order of a rules file.
pub const RULE_FIELDS: &[RuleField] = &[
    f(
        "field.width",
        "units",
        real(20.0, 1000.0),
        "The field's width: the left side stands at x = 0, the right side at x = width.",
    ),
    f(
        "field.height",
        "units",
        real(20.0, 1000.0),
        "The field's height (y grows downward): the ball is out once its centre is below height + ball.radius.",
    ),
    f(
        "field.side_restitution",
        "",
        ratio(),
        "The share of its speed into the left or right side that the ball bounces back with.",
    ),
    n(
        "ball.radius",
        "units",
        real(0.1, 20.0),
        "2 × radius must be less than field.width",
        "The ball's radius: added to each solid's radius, it is every contact distance.",
    ),
    f(
        "ball.start_y",
        "units",
        Allowed::InField { axis: Axis::Y },
        "The height every level's ball starts at, at rest.",
    ),
    f(
        "ball.start_x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
        "The range the generator draws the ball's starting x from (rounded to hundredths).",
    ),
    f(
        "physics.gravity",
        "units/s²",
        Allowed::Positive { hi: 10_000.0 },
        "The downward acceleration of the ball, every step.",
    ),
    f(
        "physics.steps_per_second",
        "1/s",
        whole(10, 10_000),
        "Fixed simulation steps per simulated second: the time step is 1 / steps_per_second.",
    ),
    n(
        "physics.max_speed",
        "units/s",
        Allowed::Positive { hi: 100_000.0 },
        TUNNEL,
        "The speed cap: a faster ball is slowed to this speed each step before it moves.",
    ),
    f(
        "physics.bounce_threshold",
        "units/s",
        real(0.0, 100_000.0),
        "Impacts slower than this along the contact normal do not bounce, so the ball can settle and roll.",
    ),
    f(
        "physics.contact_passes",
        "passes",
        whole(1, 16),
        "Contact passes (the sides, then every solid) per step at most; a ball still inside after the last goes back, stopped.",
    ),
    f(
        "physics.contact_slop",
        "units",
        real(0.0, 0.001),
        "A push this small does not count as moving the ball (the passes stop), nor this depth inside a solid as wedged.",
    ),
    n(
        "simulation.max_steps",
        "steps",
        whole(1, MAX_STEP_BUDGET),
        WORK,
        "The step budget of one simulation: a run not decided after this many steps ends as timeout.",
    ),
    f(
        "simulation.rest_speed",
        "units/s",
        real(0.0, 100_000.0),
        "Below this speed the ball counts as still for the step.",
    ),
    f(
        "simulation.rest_steps",
        "steps",
        whole(1, MAX_STEP_BUDGET),
        "Still steps in a row after which the run ends as rest.",
    ),
    f(
        "simulation.top_exit_y",
        "units",
        real(-100_000.0, 0.0),
        "The ball is out once its centre is above this height (thrown out of the top).",
    ),
    f(
        "walls.radius",
        "units",
        real(0.05, 10.0),
        "A wall's half-thickness; a drawn wall with an end closer than this to the field's edge is dropped.",
    ),
    f(
        "walls.restitution",
        "",
        ratio(),
        "The share of its speed into a wall that the ball bounces back with.",
    ),
    f(
        "walls.friction",
        "",
        friction(),
        "Coulomb friction of walls: each contact takes this × the normal impulse off the ball's speed along the wall.",
    ),
    f(
        "walls.count",
        "walls",
        count(MAX_WALLS as u32),
        "How many walls the generator draws for a candidate (some may be dropped).",
    ),
    f(
        "walls.center_x",
        "units",
        Allowed::FieldRange { axis: Axis::X },
        "The range a drawn wall's centre x is drawn from.",
    ),
    f(
        "walls.center_y",
        "units",
        Allowed::FieldRange { axis: Axis::Y },
        "The range a drawn wall's centre y is drawn from.",
    ),
    f(
        "walls.length",
        "units",
        Allowed::RealRange {
            lo: 0.0,
            hi: 10_000.0,
        },
        "The range a drawn wall's length (end to end) is drawn from.",
    ),
    f(
        "walls.angle",
        "rad",
        Allowed::RealRange {
            lo: -HALF_PI,
            hi: HALF_PI,
        },
        "The range a drawn wall's tilt is drawn from (positive: its right end down).",
    ),
    f(
        "walls.ball_clearance",
        "units",
        real(0.0, 1000.0),
        "A drawn wall whose middle line passes closer than this to the ball's starting centre is dropped.",
    ),
    f(
        "walls.goal_clearance",
        "units",
        real(0.0, 1000.0),
        "A drawn wall whose middle line passes closer than this to the goal zone is dropped.",
    ),
    f(
        "parts.ramp.length",
        "units",
        real(0.5, 1000.0),
        "A ramp's length, end to end, centred on its placement along its angle.",
    ),
    f(
        "parts.ramp.radius",
        "units",
        real(0.05, 50.0),
        "A ramp's half-thickness.",
    ),
    f(
        "parts.ramp.restitution",
        "",
        ratio(),
        "The share of its speed into a ramp that the ball bounces back with.",
    ),
    f(
        "parts.ramp.friction",
        "",
        friction(),
        "Coulomb friction of ramps: how much a contact slows the ball along the ramp.",
    ),
    f(
        "parts.ramp.count",
        "ramps",
        count(MAX_PART_COUNT),
        "How many ramps a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.fan.housing",
        "units",
        real(0.5, 1000.0),
        "The length of a fan's solid housing, across the direction it blows.",
    ),
    f(
        "parts.fan.radius",
        "units",
        real(0.05, 50.0),
        "The half-thickness of a fan's housing.",
    ),
    f(
        "parts.fan.reach",
        "units",
        real(0.0, 10_000.0),
        "How far in front of its centre, along its direction, a fan blows.",
    ),
    f(
        "parts.fan.half_width",
        "units",
        real(0.0, 10_000.0),
        "Half the width of the box a fan blows, across its direction.",
    ),
    f(
        "parts.fan.accel",
        "units/s²",
        real(0.0, 100_000.0),
        "The acceleration a fan adds along its direction while the ball's centre is in its box.",
    ),
    f(
        "parts.fan.restitution",
        "",
        ratio(),
        "The share of its speed into a fan's housing that the ball bounces back with.",
    ),
    f(
        "parts.fan.friction",
        "",
        friction(),
        "Coulomb friction of a fan's housing.",
    ),
    f(
        "parts.fan.count",
        "fans",
        count(MAX_PART_COUNT),
        "How many fans a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.bumper.radius",
        "units",
        real(0.5, 50.0),
        "A bumper's radius (a solid disc; its angle is ignored).",
    ),
    f(
        "parts.bumper.restitution",
        "",
        ratio(),
        "The share of its speed into a bumper that the ball bounces back with (at least the kick).",
    ),
    f(
        "parts.bumper.friction",
        "",
        friction(),
        "Coulomb friction of bumpers.",
    ),
    f(
        "parts.bumper.kick",
        "units/s",
        real(0.0, 100_000.0),
        "The least speed the ball leaves a bumper with, along the contact normal.",
    ),
    f(
        "parts.bumper.count",
        "bumpers",
        count(MAX_PART_COUNT),
        "How many bumpers a level's inventory grants (drawn per candidate).",
    ),
    f(
        "parts.gear.radius",
        "units",
        real(0.5, 50.0),
        "A gear's radius (a solid disc that turns; its angle is ignored).",
    ),
    f(
        "parts.gear.surface_speed",
        "units/s",
        real(0.0, 100_000.0),
        "The speed of a gear's rim; each placement's spin picks its direction.",
    ),
    f(
        "parts.gear.friction",
        "",
        friction(),
        "Coulomb friction against the rim's motion: how strongly a turning gear carries the ball along.",
    ),
    f(
        "parts.gear.restitution",
        "",
        ratio(),
        "The share of its speed into a gear that the ball bounces back with.",
    ),
    f(
        "parts.gear.count",
        "gears",
        count(MAX_PART_COUNT),
        "How many gears a level's inventory grants (drawn per candidate).",
    ),
    f(
        "goal.width",
        "units",
        real(1.0, 100.0),
        "The goal zone's width: a step whose path of the ball's centre touches the zone reaches the goal.",
    ),
    f(
        "goal.height",
        "units",
        real(1.0, 100.0),
        "The goal zone's height.",
    ),
    f(
        "goal.x",
        "units",
        Allowed::CoordinateRange { axis: Axis::X },
        "The range the generator draws the goal's centre x from (rounded to hundredths).",
    ),
    f(
        "goal.y",
        "units",
        Allowed::CoordinateRange { axis: Axis::Y },
        "The range the generator draws the goal's centre y from (rounded to hundredths).",
    ),
    n(
        "generator.max_attempts",
        "candidates",
        whole(1, MAX_ATTEMPTS_CAP),
        WORK,
        "Candidates drawn at most for a seed; if none is accepted, the first one not preSolved ships as the fallback.",
    ),
    f(
        "sweep.xs",
        "units",
        Allowed::PositionList {
            axis: Axis::X,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
        "The x positions the plausiblySolvable sweep tries its one ramp at (its columns).",
    ),
    f(
        "sweep.ys",
        "units",
        Allowed::PositionList {
            axis: Axis::Y,
            max_len: MAX_SWEEP_POSITIONS as u32,
        },
        "The y positions the sweep tries its one ramp at (its rows).",
    ),
    n(
        "sweep.angles",
        "rad",
        Allowed::RealList {
            lo: -HALF_PI,
            hi: HALF_PI,
            max_len: MAX_SWEEP_ANGLES as u32,
        },
        "at most 1,024 placements in all (xs × ys × angles)",
        "The tilts the sweep's ramp tries at each position.",
    ),
    f(
        "sweep.nearly_trivial_solving",
        "placements",
        Allowed::SweepCount,
        "At least this many solving sweep placements label a shipped level nearly trivial (a label: it changes no level).",
    ),
];
