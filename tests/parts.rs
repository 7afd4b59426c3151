//! Play mode's rules for one part (`check_part`) and the inventory a set of parts
//! uses (`Inventory::used_by`), checked against `check_placements`.

use std::sync::OnceLock;

use contraption::{
    GenerateOptions, Inventory, PartKind, Placement, PlacementError, Spin, ValidRules, World,
};
use proptest::prelude::*;

/// The engine's checks under the default rules.
fn check_part(
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<(), PlacementError> {
    contraption::check_part(&ValidRules::default(), world, placements, index, candidate)
}

fn check_placements(world: &World, placements: &[Placement]) -> Result<(), PlacementError> {
    contraption::check_placements(&ValidRules::default(), world, placements)
}

/// Seed 42 ships a level that grants one ramp; (15, 102) tilted 0.8 solves it.
fn world_42() -> World {
    contraption::generate(&ValidRules::default(), 42, &GenerateOptions::game())
        .shipped
        .world
}

fn message(r: Result<(), PlacementError>) -> Option<String> {
    r.err().map(|e| e.to_string())
}

fn bumper(x: f64, y: f64) -> Placement {
    Placement::bumper(x, y)
}

#[test]
fn used_by_counts_each_kind() {
    assert_eq!(Inventory::used_by(&[]), Inventory::default());
    let fan = Placement::fan(50.0, 50.0, -1.5);
    let used = Inventory::used_by(&[
        Placement::ramp(10.0, 10.0, 0.0),
        fan,
        Placement::ramp(30.0, 30.0, 0.0),
        bumper(70.0, 70.0),
        Placement::gear(20.0, 90.0, Spin::Clockwise),
    ]);
    assert_eq!(
        used,
        Inventory {
            ramp: 2,
            fan: 1,
            bumper: 1,
            gear: 1
        }
    );
    assert_eq!(used.total(), 5);
}

#[test]
fn a_part_is_refused_for_the_worlds_reasons() {
    let world = world_42();
    let w = world.walls[0];
    let on_wall = Placement::ramp((w.a.x + w.b.x) / 2.0, (w.a.y + w.b.y) / 2.0, 0.0);
    assert_eq!(
        check_part(&world, &[], 0, &on_wall),
        Err(PlacementError::OverlapsWall {
            part: "ramp".into(),
            wall: 1
        })
    );
    assert_eq!(
        message(check_part(&world, &[], 0, &Placement::ramp(2.0, 60.0, 0.0))).as_deref(),
        Some("the ramp sticks out of the field")
    );
    let on_ball = Placement::ramp(world.ball.x + 3.0, world.ball.y, 0.0);
    assert_eq!(
        message(check_part(&world, &[], 0, &on_ball)).as_deref(),
        Some("the ramp overlaps the ball's starting spot")
    );
    let g = world.goal.center;
    assert_eq!(
        message(check_part(&world, &[], 0, &Placement::ramp(g.x, g.y, 0.0))).as_deref(),
        Some("the ramp overlaps the goal")
    );
    let nan = Placement::ramp(f64::NAN, 50.0, 0.0);
    assert!(matches!(
        check_part(&world, &[], 0, &nan),
        Err(PlacementError::NotFinite { .. })
    ));
}

#[test]
fn moving_a_part_does_not_count_it_twice_and_adding_one_counts_the_inventory() {
    let world = world_42();
    let good = Placement::ramp(15.0, 102.0, 0.8);
    assert_eq!(check_part(&world, &[], 0, &good), Ok(()));
    // Part 1 moved onto itself: it is not an obstacle to itself.
    assert_eq!(check_part(&world, &[good], 0, &good), Ok(()));
    // A second ramp is not granted (index 1 = a new part, and so is any index past the end).
    for index in [1, 5] {
        assert_eq!(
            message(check_part(
                &world,
                &[good],
                index,
                &Placement::ramp(50.0, 40.0, 0.0)
            ))
            .as_deref(),
            Some("the level grants 1 ramp(s); this would be number 2")
        );
    }
}

#[test]
fn overlaps_name_the_players_part_numbers() {
    let mut rich = world_42();
    rich.inventory.ramp = 3;
    rich.inventory.bumper = 1;
    let parts = [
        Placement::ramp(20.0, 40.0, 0.0),
        Placement::ramp(50.0, 40.0, 0.0),
        Placement::ramp(50.0, 90.0, 0.0),
    ];
    // Part 1 moved onto part 3 (the third in the list, second among the others).
    assert_eq!(
        message(check_part(
            &rich,
            &parts,
            0,
            &Placement::ramp(52.0, 90.0, 0.0)
        ))
        .as_deref(),
        Some("the ramp overlaps part 3")
    );
    // Part 3 moved onto part 1 (before it: numbered as is).
    assert_eq!(
        message(check_part(
            &rich,
            &parts,
            2,
            &Placement::ramp(22.0, 40.0, 0.0)
        ))
        .as_deref(),
        Some("the ramp overlaps part 1")
    );
    // A new bumper onto part 2.
    assert_eq!(
        message(check_part(&rich, &parts, 3, &bumper(50.0, 42.0))).as_deref(),
        Some("the bumper overlaps part 2")
    );
    // Whatever check_part accepts, check_placements accepts.
    let moved = [parts[0], parts[1], Placement::ramp(80.0, 100.0, 0.3)];
    assert_eq!(check_part(&rich, &parts, 2, &moved[2]), Ok(()));
    assert!(check_placements(&rich, &moved).is_ok());
}

/// Shipped worlds of a few seeds, each granting two parts of every kind.
fn worlds() -> &'static [World] {
    static WORLDS: OnceLock<Vec<World>> = OnceLock::new();
    WORLDS.get_or_init(|| {
        [0u32, 7, 42, 1671, 176_112_159]
            .iter()
            .map(|&s| {
                let mut w =
                    contraption::generate(&ValidRules::default(), s, &GenerateOptions::game())
                        .shipped
                        .world;
                w.inventory = Inventory {
                    ramp: 2,
                    fan: 2,
                    bumper: 2,
                    gear: 2,
                };
                w
            })
            .collect()
    })
}

fn placement() -> impl Strategy<Value = Placement> {
    (
        prop_oneof![
            Just(PartKind::Ramp),
            Just(PartKind::Fan),
            Just(PartKind::Bumper),
            Just(PartKind::Gear)
        ],
        -5.0..105.0f64,
        -5.0..155.0f64,
        -3.2..3.2f64,
        any::<bool>(),
    )
        .prop_map(|(part, x, y, angle, clockwise)| Placement {
            part,
            x,
            y,
            angle,
            // Gears turn; the other parts do not.
            spin: (part == PartKind::Gear).then_some(if clockwise {
                Spin::Clockwise
            } else {
                Spin::CounterClockwise
            }),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// When the other parts are legal, `check_part` accepts a candidate exactly when
    /// the set with the candidate in its place passes `check_placements`.
    #[test]
    fn check_part_agrees_with_check_placements(
        w in 0..5usize,
        pool in prop::collection::vec(placement(), 0..8),
        moved in prop::option::of(placement()),
        index in 0..8usize,
        candidate in placement(),
    ) {
        let world = &worlds()[w];
        // The other parts: a legal set drawn from the pool.
        let mut others: Vec<Placement> = Vec::new();
        for p in pool {
            others.push(p);
            if check_placements(world, &others).is_err() {
                others.pop();
            }
        }
        let index = index.min(others.len());
        // The player's list: the part being moved sits at `index` (whatever it was),
        // or, with nothing moved, the candidate is a new part.
        let mut placements = others.clone();
        if let Some(m) = moved {
            placements.insert(index, m);
        }
        let index = if moved.is_some() { index } else { placements.len() };
        let mut result = others.clone();
        result.insert(index.min(others.len()), candidate);
        prop_assert_eq!(
            check_part(world, &placements, index, &candidate).is_ok(),
            check_placements(world, &result).is_ok()
        );
        prop_assert_eq!(Inventory::used_by(&result).total() as usize, result.len());
    }
}
