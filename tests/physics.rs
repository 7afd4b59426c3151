//! What each rule of the physics does, checked on small scenes.

use contraption::rules::*;
use contraption::scenes::open_field;
use contraption::{Outcome, Placement, SimOptions, SimResult, ValidRules, Vec2, Wall, World};
use proptest::prelude::*;

/// `simulate` under the default rules (whose values are the constants used below).
fn simulate(world: &World, placements: &[Placement], options: &SimOptions) -> SimResult {
    contraption::simulate(&ValidRules::default(), world, placements, options)
}

fn traj() -> SimOptions {
    SimOptions::with_trajectory(1)
}

#[test]
fn a_ball_above_the_goal_falls_in() {
    let r = simulate(&open_field(50.0, 50.0), &[], &SimOptions::default());
    assert_eq!(r.outcome, Outcome::Goal);
    assert_eq!(r.closest, 0.0);
}

#[test]
fn free_fall_takes_the_time_gravity_says() {
    let r = simulate(&open_field(20.0, 80.0), &[], &SimOptions::default());
    assert_eq!(r.outcome, Outcome::Out);
    // Semi-implicit Euler: after n steps the ball has fallen g dt² n(n+1)/2.
    let drop = FIELD_HEIGHT + BALL_RADIUS - 8.0;
    let n = (1..2000u32)
        .find(|&n| GRAVITY * DT * DT * f64::from(n * (n + 1)) / 2.0 > drop)
        .unwrap();
    assert_eq!(r.steps, n);
    // Closest approach: horizontal gap between the column and the goal's edge.
    assert!((r.closest - (80.0 - GOAL_WIDTH / 2.0 - 20.0)).abs() < 1e-9);
}

#[test]
fn a_ramp_deflects_the_ball_down_its_slope() {
    let world = open_field(30.0, 80.0);
    for (angle, goes_right) in [(0.45, true), (-0.45, false)] {
        let r = simulate(&world, &[Placement::ramp(30.0, 60.0, angle)], &traj());
        let last = r.trajectory.last().unwrap();
        assert_eq!(
            last[0] > 30.0 + RAMP_LENGTH / 2.0,
            goes_right,
            "angle {angle}: {last:?}"
        );
        assert_eq!(
            last[0] < 30.0 - RAMP_LENGTH / 2.0,
            !goes_right,
            "angle {angle}: {last:?}"
        );
    }
}

#[test]
fn a_flat_ledge_brings_the_ball_to_rest() {
    let mut world = open_field(50.0, 80.0);
    world.walls.push(Wall {
        a: Vec2::new(35.0, 60.0),
        b: Vec2::new(65.0, 60.0),
    });
    let r = simulate(&world, &[], &traj());
    assert_eq!(r.outcome, Outcome::Rest);
    let last = r.trajectory.last().unwrap();
    assert!(
        (last[1] - (60.0 - BALL_RADIUS - WALL_RADIUS)).abs() < 0.05,
        "{last:?}"
    );
}

#[test]
fn a_fan_blows_the_ball_sideways() {
    let world = open_field(20.0, 80.0);
    let fan = Placement::fan(14.0, 60.0, 0.0);
    let still = simulate(&world, &[], &traj());
    let blown = simulate(&world, &[fan], &traj());
    assert!(blown.trajectory.last().unwrap()[0] > still.trajectory.last().unwrap()[0] + 10.0);
}

#[test]
fn a_bumper_kicks_the_ball_back_up() {
    let world = open_field(50.0, 80.0);
    let bumper = Placement::bumper(50.0, 60.0);
    let r = simulate(&world, &[bumper], &traj());
    let contact = r
        .trajectory
        .iter()
        .position(|p| p[1] >= 60.0 - BUMPER_RADIUS - BALL_RADIUS - 0.01)
        .unwrap();
    let highest_after = r.trajectory[contact..]
        .iter()
        .map(|p| p[1])
        .fold(f64::INFINITY, f64::min);
    assert!(highest_after < 60.0 - BUMPER_RADIUS - BALL_RADIUS - 5.0);
}

#[test]
fn the_step_budget_ends_in_a_timeout() {
    let options = SimOptions {
        max_steps: Some(10),
        trajectory_stride: 0,
    };
    let r = simulate(&open_field(20.0, 80.0), &[], &options);
    assert_eq!((r.outcome, r.steps), (Outcome::Timeout, 10));
}

#[test]
fn trajectories_hold_the_start_every_stride_and_the_end() {
    let r = simulate(
        &open_field(20.0, 80.0),
        &[],
        &SimOptions::with_trajectory(10),
    );
    assert_eq!(r.trajectory[0], [20.0, 8.0]);
    assert_eq!(
        r.trajectory.len() as u32,
        1 + r.steps / 10 + u32::from(!r.steps.is_multiple_of(10))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A fan above the ball blowing straight down drives it close to its top speed;
    /// a wall across the whole field below must still stop it, whatever its height
    /// and tilt. (The cap itself makes a step shorter than the thinnest contact
    /// distance: see `rules::MAX_SPEED`.)
    #[test]
    fn no_tunnelling_at_top_speed(
        wall_y in 100.0..143.0f64,
        tilt in -3.0..3.0f64,
        ball_x in 10.0..90.0f64,
    ) {
        let mut world = open_field(ball_x, 50.0);
        world.goal.center = Vec2::new(50.0, 147.0);
        world.walls.push(Wall { a: Vec2::new(0.5, wall_y - tilt), b: Vec2::new(99.5, wall_y + tilt) });
        let fans = [Placement::fan(ball_x, 3.0, std::f64::consts::FRAC_PI_2)];
        let r = simulate(&world, &fans, &SimOptions::with_trajectory(1));
        prop_assert!(matches!(r.outcome, Outcome::Rest | Outcome::Timeout), "{:?}", r.outcome);
        // Top speed was reached (per-step displacement at the cap).
        let fastest = r.trajectory.windows(2)
            .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
            .fold(0.0, f64::max);
        prop_assert!(fastest > MAX_SPEED * DT * 0.8, "only reached {fastest} per step");
        prop_assert!(fastest <= MAX_SPEED * DT + 1e-9 + BALL_RADIUS);
        for p in &r.trajectory {
            prop_assert!(p[1] < wall_y + tilt.abs(), "ball passed the wall at {p:?}");
        }
    }
}

fn wall(ax: f64, ay: f64, bx: f64, by: f64) -> Wall {
    Wall {
        a: Vec2::new(ax, ay),
        b: Vec2::new(bx, by),
    }
}

fn down_fan(x: f64) -> Placement {
    Placement::fan(x, 3.0, std::f64::consts::FRAC_PI_2)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Two walls in a line with a gap narrower than the ball: it cannot pass, as
    /// long as the barrier the two ends form is thicker than one step (2.5 units):
    /// ends at most 5.45 apart. Closer to the ball's width the barrier is a thin
    /// lens that a ball at top speed can jump (docs/rules.md, "Known limit").
    #[test]
    fn no_squeezing_through_a_gap_narrower_than_the_ball(
        gap in 0.0..5.45f64,
        ball_x in 35.0..65.0f64,
        fan in any::<bool>(),
    ) {
        let mut world = open_field(ball_x, 50.0);
        world.goal.center = Vec2::new(50.0, 140.0);
        world.walls = vec![wall(0.5, 60.0, 50.0 - gap / 2.0, 60.0), wall(50.0 + gap / 2.0, 60.0, 99.5, 60.0)];
        let placements: Vec<Placement> = if fan { vec![down_fan(ball_x)] } else { vec![] };
        let r = simulate(&world, &placements, &SimOptions::with_trajectory(1));
        prop_assert_ne!(r.outcome, Outcome::Goal);
        for p in &r.trajectory {
            prop_assert!(p[1] < 60.0, "ball passed the gap at {p:?}");
        }
    }

    /// Two walls crossing in an X: a ball dropped into the upper wedge stays above both.
    #[test]
    fn no_passing_through_a_crossing(
        slope in 0.2..1.0f64,
        ball_x in 44.0..56.0f64,
        fan in any::<bool>(),
    ) {
        let mut world = open_field(ball_x, 50.0);
        world.goal.center = Vec2::new(50.0, 140.0);
        world.walls = vec![
            wall(20.0, 60.0 - 30.0 * slope, 80.0, 60.0 + 30.0 * slope),
            wall(20.0, 60.0 + 30.0 * slope, 80.0, 60.0 - 30.0 * slope),
        ];
        let placements: Vec<Placement> = if fan { vec![down_fan(ball_x)] } else { vec![] };
        let r = simulate(&world, &placements, &SimOptions::with_trajectory(1));
        for p in &r.trajectory {
            let dx = (p[0] - 50.0).abs();
            if dx <= 30.0 {
                prop_assert!(p[1] <= 60.0 - slope * dx, "ball left the wedge at {p:?}");
            }
        }
    }

    /// A wall whose end is closer to a side than the ball is wide seals that side:
    /// the ball rolls down into the corner and stays there (ends up to 5.2 units
    /// from the side, where the barrier is thicker than one step; see docs/rules.md).
    #[test]
    fn no_slipping_between_a_wall_and_a_side(
        end in 0.6..5.2f64,
        ball_x in 3.0..15.0f64,
        right in any::<bool>(),
    ) {
        let mirror = |x: f64| if right { 100.0 - x } else { x };
        let mut world = open_field(mirror(ball_x), 50.0);
        world.goal.center = Vec2::new(50.0, 140.0);
        world.walls = vec![wall(mirror(end), 60.0, mirror(40.0), 50.0)];
        let r = simulate(&world, &[down_fan(mirror(ball_x))], &SimOptions::with_trajectory(1));
        for p in &r.trajectory {
            prop_assert!(p[1] < 60.0, "ball slipped past the wall's end at {p:?}");
            // Contacts settle to within CONTACT_SLOP of the side.
            prop_assert!(
                (BALL_RADIUS - CONTACT_SLOP..=100.0 - BALL_RADIUS + CONTACT_SLOP).contains(&p[0]),
                "ball left the sides at {p:?}"
            );
        }
    }
}

#[test]
fn the_sides_bounce_the_ball_back() {
    // A fan blowing left throws the ball at the left side, which sends it back right.
    let mut world = open_field(50.0, 90.0);
    world.ball = Vec2::new(50.0, 30.0);
    let fan = Placement::fan(56.0, 30.0, std::f64::consts::PI);
    let r = simulate(&world, &[fan], &traj());
    let hit = r
        .trajectory
        .iter()
        .position(|p| p[0] == BALL_RADIUS)
        .expect("reaches the side");
    let after = &r.trajectory[hit..];
    assert!(after.iter().all(|p| p[0] >= BALL_RADIUS));
    assert!(
        after.last().unwrap()[0] > BALL_RADIUS + 1.0,
        "bounced back: {:?}",
        after.last()
    );
}

#[test]
fn slow_impacts_do_not_bounce() {
    // Dropped from just above a flat ledge: the impact is slower than the bounce
    // threshold, so the ball never leaves the ledge again.
    let mut world = open_field(50.0, 80.0);
    world.ball = Vec2::new(50.0, 56.5);
    world.walls.push(wall(30.0, 60.0, 70.0, 60.0));
    let r = simulate(&world, &[], &traj());
    let resting_y = 60.0 - BALL_RADIUS - WALL_RADIUS;
    let first = r
        .trajectory
        .iter()
        .position(|p| (p[1] - resting_y).abs() < 1e-9)
        .unwrap();
    assert!(r.trajectory[first..]
        .iter()
        .all(|p| (p[1] - resting_y).abs() < 1e-9));
    assert_eq!(r.outcome, Outcome::Rest);
}

/// The reference vector quoted in docs/rules.md for anyone porting the engine.
#[test]
fn reference_vector_six_walls() {
    let scene = contraption::scenes::six_walls();
    let r = simulate(
        &scene.world,
        &scene.placements,
        &SimOptions::with_trajectory(60),
    );
    assert_eq!((r.outcome, r.steps), (Outcome::Out, 358));
    assert_eq!(r.closest, 2.873229361542393);
    assert_eq!(r.trajectory[1], [30.618123178487597, 30.268233720447668]);
    assert_eq!(r.trajectory[3], [53.961341304088975, 47.421716845307344]);
}
