//! The play window's commands, tested without a window: the level is the one the
//! generator ships, checks are the engine's, runs are `simulate`, and solution
//! files round-trip through the engine's format and replay identically.

use contraption::PlacementError;
use contraption::{
    solution_text, GenerateOptions, GenerationReport, Outcome, Placement, SimOptions, SimResult,
    SolutionError, SweepResult, ValidRules, World, RULES_VERSION,
};
use studio_core::play::{self, Levels, PlayError, PlayLevel};
use studio_core::rules::RulesInfo;
use studio_core::rules_book::RulesBook;
use studio_core::CommandError;
use studio_core::FileError;

fn v1() -> ValidRules {
    ValidRules::default()
}

/// A studio on the default rules.
fn book() -> RulesBook {
    RulesBook::default()
}

fn play_level(seed: u32) -> PlayLevel {
    play::play_level(&v1(), RulesInfo::of(&v1(), None), seed)
}

/// The engine's functions under the default rules.
fn generate(seed: u32, options: &GenerateOptions) -> GenerationReport {
    contraption::generate(&ValidRules::default(), seed, options)
}

fn simulate(world: &World, placements: &[Placement], options: &SimOptions) -> SimResult {
    contraption::simulate(&ValidRules::default(), world, placements, options)
}

fn check_placements(world: &World, placements: &[Placement]) -> Result<(), PlacementError> {
    contraption::check_placements(&ValidRules::default(), world, placements)
}

/// Seed 42 ships a level with one ramp; the sweep's only solving placement is a
/// ramp at (15, 102) tilted 0.8.
const SEED: u32 = 42;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("studio-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_level_is_the_shipped_world_and_hints_are_the_sweeps_goals() {
    let level = play_level(SEED);
    let report = generate(SEED, &GenerateOptions::inspector());
    assert_eq!(level.world, report.shipped.world);
    assert_eq!(level.level_hash, report.shipped.level_hash);
    assert_eq!(level.level_hash, "12b1c1050d31d4fb");
    let goals: Vec<_> = report
        .shipped_attempt()
        .sweep
        .as_ref()
        .unwrap()
        .placements
        .iter()
        .filter(|e| e.result == SweepResult::Goal)
        .map(|e| Placement::ramp(e.x, e.y, e.angle))
        .collect();
    assert_eq!(level.hints, goals);
    assert_eq!(level.hints, vec![Placement::ramp(15.0, 102.0, 0.8)]);
    assert_eq!(report.shipped.solution, level.hints.first().copied());
    // Every hint wins when played.
    for h in &level.hints {
        let run = play::run(&v1(), SEED, &level.world, &[*h]).unwrap();
        assert!(play::won(&run), "hint {h:?}");
    }
    // Several seeds: hints always solve and are legal.
    for seed in [0, 1, 7, 1671, 176112159] {
        let level = play_level(seed);
        for h in level.hints.iter().take(3) {
            assert!(check_placements(&level.world, &[*h]).is_ok());
            assert_eq!(
                simulate(&level.world, &[*h], &SimOptions::default()).outcome,
                Outcome::Goal
            );
        }
    }
}

#[test]
fn a_run_is_simulate_with_every_step() {
    let levels = Levels::default();
    let (hash, world) = levels.world(&v1(), SEED, &[]).unwrap();
    assert_eq!(hash, "12b1c1050d31d4fb");
    let parts = [Placement::ramp(15.0, 102.0, 0.8)];
    let run = play::run(&v1(), SEED, &world, &parts).unwrap();
    let engine = simulate(&world, &parts, &SimOptions::with_trajectory(1));
    assert_eq!(run.result, engine);
    assert_eq!(run.result.outcome, Outcome::Goal);
    assert_eq!(run.result.steps, 133);
    // The start and one position per step.
    assert_eq!(run.result.trajectory.len(), run.result.steps as usize + 1);
    assert_eq!(run.result.trajectory[0], [world.ball.x, world.ball.y]);
    assert_eq!(run.seconds, 133.0 / 120.0);
    assert_eq!(run.parts_used.ramp, 1);
    assert_eq!(run.parts_used.total(), 1);
    // No parts: the bare ball, which the generator says misses.
    let bare = play::run(&v1(), SEED, &world, &[]).unwrap();
    assert_ne!(bare.result.outcome, Outcome::Goal);
    assert_eq!(bare.parts_used.total(), 0);
}

#[test]
fn illegal_runs_are_refused_with_the_engines_reason() {
    let (_, world) = Levels::default().world(&v1(), SEED, &[]).unwrap();
    // Seed 42 grants one ramp.
    let two = [
        Placement::ramp(15.0, 102.0, 0.8),
        Placement::ramp(50.0, 40.0, 0.3),
    ];
    let err = play::run(&v1(), SEED, &world, &two).unwrap_err();
    assert_eq!(
        err,
        PlayError::Placement {
            error: PlacementError::NotInInventory {
                part: "ramp".into(),
                granted: 1,
                wanted: 2
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "the level grants 1 ramp(s); this would be number 2"
    );
}

#[test]
fn check_part_is_the_engines_check_with_its_reason_in_words() {
    let (_, world) = Levels::default().world(&v1(), SEED, &[]).unwrap();
    let w = world.walls[0];
    let on_wall = Placement::ramp((w.a.x + w.b.x) / 2.0, (w.a.y + w.b.y) / 2.0, 0.0);
    let c = play::check_part(&v1(), &world, &[], 0, &on_wall).unwrap();
    assert!(!c.ok);
    assert_eq!(c.message.as_deref(), Some("the ramp overlaps wall 1"));
    assert_eq!(
        c.error,
        Some(PlacementError::OverlapsWall {
            part: "ramp".into(),
            wall: 1
        })
    );
    let good = Placement::ramp(15.0, 102.0, 0.8);
    let ok = play::check_part(&v1(), &world, &[], 0, &good).unwrap();
    assert!(ok.ok && ok.message.is_none() && ok.error.is_none());
    // Moving part 1 onto itself is fine; a second ramp is not granted.
    assert!(
        play::check_part(&v1(), &world, &[good], 0, &good)
            .unwrap()
            .ok
    );
    let c = play::check_part(&v1(), &world, &[good], 1, &Placement::ramp(50.0, 40.0, 0.0)).unwrap();
    assert_eq!(
        c.message.as_deref(),
        Some("the level grants 1 ramp(s); this would be number 2")
    );
    // Past the end is a request error, in the player's numbering.
    assert_eq!(
        play::check_part(&v1(), &world, &[good], 3, &good).unwrap_err(),
        PlayError::NoSuchPart { index: 4, count: 1 }
    );
    // Always the engine's verdict.
    let mut rich = world.clone();
    rich.inventory.ramp = 3;
    let parts = [
        Placement::ramp(20.0, 40.0, 0.0),
        Placement::ramp(50.0, 40.0, 0.0),
        Placement::ramp(50.0, 90.0, 0.0),
    ];
    for (index, candidate) in [
        (0, Placement::ramp(52.0, 90.0, 0.0)),
        (2, Placement::ramp(80.0, 100.0, 0.3)),
        (3, Placement::ramp(50.0, 42.0, 0.0)),
    ] {
        let c = play::check_part(&v1(), &rich, &parts, index, &candidate).unwrap();
        assert_eq!(
            c.error,
            contraption::check_part(&ValidRules::default(), &rich, &parts, index, &candidate).err()
        );
    }
}

#[test]
fn solutions_save_load_and_replay_identically() {
    let levels = Levels::default();
    let (hash, world) = levels.world(&v1(), SEED, &[]).unwrap();
    let parts = vec![Placement::ramp(15.0, 102.0, 0.8)];
    let played = play::run(&v1(), SEED, &world, &parts).unwrap();
    let solution = play::solution_for(&v1(), SEED, &hash, &world, &parts).unwrap();
    assert_eq!(solution.rules_version, RULES_VERSION);
    assert_eq!(solution.level_hash, hash);
    let path = temp("win.solution.json");
    let saved = play::write_solution(&book(), &path, &solution).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        solution_text(&solution)
    );
    assert_eq!(saved.solution, solution);
    assert_eq!(saved.run, played, "the saved file replays as it played");
    let loaded = play::read_solution(&book(), &path, false).unwrap();
    assert_eq!(loaded.run, played);
    assert_eq!(loaded.solution.placements, parts);

    // Illegal placements cannot be saved.
    let two = vec![parts[0], Placement::ramp(50.0, 40.0, 0.0)];
    assert!(matches!(
        play::solution_for(&v1(), SEED, &hash, &world, &two),
        Err(PlayError::Placement { .. })
    ));

    // Another rules version, another level: refused with the engine's message.
    let mut other = solution.clone();
    other.rules_version = RULES_VERSION + 1;
    let p = temp("rules.solution.json");
    std::fs::write(&p, solution_text(&other)).unwrap();
    let err = play::read_solution(&book(), &p, false).unwrap_err();
    assert_eq!(
        err,
        PlayError::Solution {
            error: SolutionError::OtherRules {
                file: RULES_VERSION + 1,
                current: RULES_VERSION
            }
        }
    );
    assert!(err.to_string().contains("rules version"));
    let mut other = solution.clone();
    other.level_hash = "0000000000000000".into();
    std::fs::write(&p, solution_text(&other)).unwrap();
    let err = play::read_solution(&book(), &p, false).unwrap_err();
    assert!(matches!(
        err,
        PlayError::Solution {
            error: SolutionError::OtherLevel { .. }
        }
    ));
    std::fs::write(&p, "{\"not\": \"a solution\"}").unwrap();
    assert!(matches!(
        play::read_solution(&book(), &p, false).unwrap_err(),
        PlayError::Solution {
            error: SolutionError::Malformed(_)
        }
    ));
    let missing = temp("missing.json");
    let err = play::read_solution(&book(), &missing, false).unwrap_err();
    assert!(matches!(
        &err,
        PlayError::PlayIo(FileError { action, .. }) if action == "read"
    ));
    assert!(err.to_string().starts_with("could not read"));
    // A huge file is refused before it is read.
    let huge = temp("huge.solution.json");
    std::fs::write(&huge, vec![b' '; 64 * 1024 + 1]).unwrap();
    assert_eq!(
        play::read_solution(&book(), &huge, false).unwrap_err(),
        PlayError::Solution {
            error: SolutionError::TooLarge(64 * 1024 + 1)
        }
    );
    // Writing where no file can go fails with the path and leaves nothing behind.
    let dir = temp("dir.solution.json");
    std::fs::create_dir_all(dir.join("inside")).unwrap();
    let err = play::write_solution(&book(), &dir, &solution).unwrap_err();
    assert!(err.to_string().starts_with("could not write"), "{err}");
    assert!(dir.join("inside").is_dir());
}

#[test]
fn the_command_error_carries_the_message_and_the_kind() {
    let err = PlayError::NoSuchPart { index: 4, count: 1 };
    let reply = CommandError::from(err.clone());
    assert_eq!(reply.message, err.to_string());
    let json = serde_json::to_value(&reply).unwrap();
    assert_eq!(json["error"]["kind"], "no_such_part");
    let io = PlayError::PlayIo(FileError {
        action: "read".into(),
        path: "/x".into(),
        reason: "gone".into(),
    });
    let json = serde_json::to_value(CommandError::from(io)).unwrap();
    assert_eq!(json["error"]["kind"], "play_io");
    assert_eq!(json["error"]["path"], "/x");
    assert_eq!(json["message"], "could not read /x: gone");
}

#[test]
fn window_and_file_names() {
    assert_eq!(play::window_label(42, "010786ff88f4", true), "play-42");
    assert_eq!(
        play::window_label(42, "1cb7c5e44f48", false),
        "play-42-1cb7c5e44f48"
    );
    assert_eq!(
        play::window_url(42, "010786ff88f4"),
        "play.html?seed=42&rules=010786ff88f4"
    );
    assert_eq!(play::default_file_name(42), "contraption-42.solution.json");
}
