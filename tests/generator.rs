//! The generator's guarantees, over many seeds.

mod common;

use contraption::rules::{MAX_ATTEMPTS, SWEEP_SIZE};
use contraption::scenes::open_field;
use contraption::{
    canonical_json, generate_with, level_hash, GenerateOptions, GenerationReport, Outcome,
    Placement, PlacementError, SimOptions, SimResult, SweepResult, Verdict, World,
};

fn simulate(world: &World, placements: &[Placement], options: &SimOptions) -> SimResult {
    contraption::simulate(&common::v1(), world, placements, options)
}

fn check_placements(world: &World, placements: &[Placement]) -> Result<(), PlacementError> {
    contraption::check_placements(&common::v1(), world, placements)
}
use proptest::prelude::*;

fn check_invariants(r: &GenerationReport) -> Result<(), TestCaseError> {
    prop_assert!(!r.attempts.is_empty() && r.attempts.len() as u32 <= MAX_ATTEMPTS);
    prop_assert!(r.shipped.attempt >= 1 && r.shipped.attempt <= MAX_ATTEMPTS);
    for (i, a) in r.attempts.iter().enumerate() {
        prop_assert_eq!(a.index as usize, i + 1);
        prop_assert_eq!(&a.level_hash, &level_hash(&a.world));
        prop_assert_eq!(
            a.verdict == Verdict::PreSolved,
            a.bare.outcome == Outcome::Goal
        );
        // The game never sweeps a preSolved candidate; the inspector sweeps all.
        let swept = r.mode == contraption::Mode::Inspector || a.verdict != Verdict::PreSolved;
        prop_assert_eq!(a.sweep.is_some(), swept);
        // Only the last attempt may be accepted.
        prop_assert_eq!(
            a.verdict == Verdict::Accepted,
            i + 1 == r.attempts.len() && !r.shipped.fallback && !r.shipped.all_pre_solved
        );
    }
    let shipped = r.shipped_attempt();
    prop_assert_eq!(&shipped.world, &r.shipped.world);
    prop_assert_eq!(&shipped.level_hash, &r.shipped.level_hash);
    if r.shipped.all_pre_solved {
        prop_assert!(!r.shipped.fallback);
        prop_assert_eq!(r.attempts.len() as u32, MAX_ATTEMPTS);
        prop_assert_eq!(r.shipped.attempt, MAX_ATTEMPTS);
        prop_assert!(r.attempts.iter().all(|a| a.verdict == Verdict::PreSolved));
    } else if r.shipped.fallback {
        prop_assert_eq!(r.attempts.len() as u32, MAX_ATTEMPTS);
        prop_assert!(shipped.fallback_candidate);
    } else {
        prop_assert_eq!(shipped.verdict, Verdict::Accepted);
        // Never a free win: the bare ball misses.
        let bare = simulate(&r.shipped.world, &[], &SimOptions::default());
        prop_assert_ne!(bare.outcome, Outcome::Goal);
        // The solving placement is legal and, simulated again, reaches the goal.
        let solution = r
            .shipped
            .solution
            .expect("accepted worlds carry their solution");
        prop_assert!(check_placements(&r.shipped.world, &[solution]).is_ok());
        let again = simulate(&r.shipped.world, &[solution], &SimOptions::default());
        prop_assert_eq!(again.outcome, Outcome::Goal);
        let sweep = shipped.sweep.as_ref().unwrap();
        let stop = sweep.game_stop.unwrap() as usize;
        prop_assert_eq!(sweep.placements[stop].result, SweepResult::Goal);
        prop_assert!(sweep.placements[..stop]
            .iter()
            .all(|p| p.result != SweepResult::Goal));
    }
    // Exactly one attempt is the fallback candidate: the first non-preSolved one.
    let first = r
        .attempts
        .iter()
        .position(|a| a.verdict != Verdict::PreSolved);
    for (i, a) in r.attempts.iter().enumerate() {
        prop_assert_eq!(a.fallback_candidate, Some(i) == first);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_seed_ships_within_40_attempts_and_keeps_its_promises(seed in any::<u32>()) {
        check_invariants(&common::game(seed))?;
    }

    /// The inspector simulates everything yet decides exactly as the game does.
    #[test]
    fn inspector_and_game_agree(seed in any::<u32>()) {
        let game = common::game(seed);
        let full = common::inspector(seed);
        check_invariants(&full)?;
        prop_assert_eq!(&game.shipped, &full.shipped);
        prop_assert_eq!(game.attempts.len(), full.attempts.len());
        for (g, f) in game.attempts.iter().zip(&full.attempts) {
            prop_assert_eq!(g.verdict, f.verdict);
            prop_assert_eq!(&g.reason, &f.reason);
            prop_assert_eq!(&g.bare, &f.bare);
            prop_assert!(f.sweep.is_some());
            if let (Some(gs), Some(fs)) = (&g.sweep, &f.sweep) {
                prop_assert_eq!(gs.game_stop, fs.game_stop);
                prop_assert_eq!(fs.placements.len(), SWEEP_SIZE);
                prop_assert!(fs.complete && !gs.complete);
                // The game's placements are a prefix of the inspector's.
                prop_assert_eq!(&gs.placements[..], &fs.placements[..gs.placements.len()]);
                let goals = fs.placements.iter().filter(|p| p.result == SweepResult::Goal).count();
                prop_assert_eq!(fs.solving as usize, goals);
            }
        }
    }

    /// A level's JSON reads back to the same bits and prints the same bytes.
    #[test]
    fn level_json_round_trips_bit_for_bit(seed in any::<u32>()) {
        let report = common::game(seed);
        let text = canonical_json(&report.shipped.world);
        let back: World = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &report.shipped.world);
        prop_assert_eq!(canonical_json(&back), text);
        prop_assert_eq!(level_hash(&back), report.shipped.level_hash.clone());
        let bits = |w: &World| {
            let mut v = vec![w.ball.x.to_bits(), w.ball.y.to_bits(), w.goal.center.x.to_bits(), w.goal.center.y.to_bits()];
            for wall in &w.walls { v.extend([wall.a.x, wall.a.y, wall.b.x, wall.b.y].map(f64::to_bits)); }
            v
        };
        prop_assert_eq!(bits(&back), bits(&report.shipped.world));
        // A whole report too.
        let report_text = canonical_json(&report);
        let report_back: GenerationReport = serde_json::from_str(&report_text).unwrap();
        prop_assert_eq!(canonical_json(&report_back), report_text);
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_many_threads() {
    let seeds: Vec<u32> = (0..40)
        .chain([u32::MAX, 0xDEAD_BEEF, 176_112_159])
        .collect();
    let expected: Vec<String> = seeds
        .iter()
        .map(|&s| canonical_json(&common::inspector(s)))
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let seeds = &seeds;
                scope.spawn(move || {
                    // Each thread walks the seeds in a different order.
                    let mut order: Vec<usize> = (0..seeds.len()).collect();
                    order.rotate_left(t * 7);
                    order
                        .into_iter()
                        .map(|i| (i, canonical_json(&common::inspector(seeds[i]))))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, text) in h.join().unwrap() {
                assert_eq!(
                    text, expected[i],
                    "seed {} differs across threads",
                    seeds[i]
                );
            }
        }
    });
}

#[test]
fn when_every_candidate_is_pre_solved_the_40th_ships_flagged() {
    let mut drawn = 0;
    let report = generate_with(&common::v1(), 7, &GenerateOptions::game(), |rng| {
        drawn += 1;
        rng.next_f64();
        open_field(50.0, 50.0)
    });
    assert_eq!(drawn, MAX_ATTEMPTS);
    check_invariants(&report).unwrap();
    assert!(!report.shipped.fallback && report.shipped.all_pre_solved);
    assert_eq!(report.shipped.attempt, MAX_ATTEMPTS);
    assert!(report.shipped.reason.contains("degenerate"));
}

#[test]
fn when_no_candidate_has_a_one_ramp_solution_the_first_non_trivial_ships() {
    // Candidate 1 is preSolved; candidates 2.. have the goal walled off.
    let mut n = 0;
    let report = generate_with(&common::v1(), 7, &GenerateOptions::game(), |_| {
        n += 1;
        if n == 1 {
            return open_field(50.0, 50.0);
        }
        let mut w = open_field(50.0, 50.0);
        w.goal.center.x = 90.0 - f64::from(n) * 0.01;
        for y in [20.0, 24.0] {
            w.walls.push(contraption::Wall {
                a: contraption::Vec2::new(1.0, y),
                b: contraption::Vec2::new(99.0, y),
            });
        }
        w
    });
    check_invariants(&report).unwrap();
    assert_eq!(report.attempts[0].verdict, Verdict::PreSolved);
    assert!(report.attempts[1..]
        .iter()
        .all(|a| a.verdict == Verdict::NoSingleRampSolution));
    assert!(report.shipped.fallback && !report.shipped.all_pre_solved);
    assert_eq!(report.shipped.attempt, 2);
    assert!(report.attempts[1].fallback_candidate);
    assert!(report.attempts[1].reason.contains("fallback"));
    assert_eq!(report.shipped.solution, None);
}

#[test]
fn sweep_ramps_on_a_wall_or_the_goal_are_blocked_not_simulated() {
    use contraption::{run_sweep, Compiled, Vec2, Wall};
    // Placement 8 is a ramp at (15, 66); placement 24..27 at (29, 30); the goal
    // sits on the sweep point (57, 120).
    let mut world = open_field(90.0, 57.0);
    world.goal.center = Vec2::new(57.0, 120.0);
    world.walls.push(Wall {
        a: Vec2::new(10.0, 66.0),
        b: Vec2::new(20.0, 66.0),
    });
    let rules = common::v1();
    let sweep = run_sweep(&rules, &world, &Compiled::new(&rules, &world), true, 0);
    for i in 8..12 {
        let p = &sweep.placements[i];
        assert_eq!((p.x, p.y), (15.0, 66.0));
        assert_eq!(p.result, SweepResult::Blocked);
        assert!(matches!(
            p.blocked,
            Some(PlacementError::OverlapsWall { wall: 1, .. })
        ));
        assert_eq!((p.steps, p.closest), (0, None));
    }
    let on_goal = &sweep.placements[(3 * 6 + 5) * 4];
    assert_eq!((on_goal.x, on_goal.y), (57.0, 120.0));
    assert!(matches!(
        on_goal.blocked,
        Some(PlacementError::OverlapsGoal { .. })
    ));
    let free = &sweep.placements[24];
    assert_ne!(free.result, SweepResult::Blocked);
    assert!(free.closest.is_some() && free.steps > 0);
}

#[test]
fn a_sweep_ramp_that_overlaps_a_wall_is_blocked_not_simulated() {
    let r = common::inspector(42);
    for a in &r.attempts {
        let Some(sweep) = &a.sweep else { continue };
        for p in &sweep.placements {
            let legal = check_placements(
                &a.world,
                &[contraption::sweep_placement(
                    &common::v1(),
                    p.index as usize,
                )],
            );
            assert_eq!(p.result == SweepResult::Blocked, legal.is_err());
            assert_eq!(p.blocked.is_some(), legal.is_err());
            if p.result == SweepResult::Blocked {
                assert_eq!((p.steps, p.closest), (0, None));
            }
        }
    }
}
