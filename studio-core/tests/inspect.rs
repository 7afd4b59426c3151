//! The inspector, tested without a window: every function behind a command wires
//! to the engine and agrees with the engine's own report.

use std::sync::atomic::{AtomicBool, Ordering};

use contraption::{
    parse_seed, GenerateOptions, GenerationReport, Placement, Rules, SweepResult, ValidRules,
    Verdict,
};
use std::sync::Arc;

use studio_core::inspect::{self as api, InspectError};
use studio_core::jobs::Jobs;
use studio_core::sweep_job::{sweep_trajectories, JobEnd, SweepEvent, CHUNK};
use studio_core::CommandError;

fn v1() -> ValidRules {
    ValidRules::default()
}

/// The engine's `generate` and `sweep_placement` under the default rules.
fn generate(seed: u32, options: &GenerateOptions) -> GenerationReport {
    contraption::generate(&ValidRules::default(), seed, options)
}

fn sweep_placement(i: usize) -> Placement {
    contraption::sweep_placement(&Rules::default(), i)
}

/// Seed 1671 makes 11 attempts: 6 rejected, a preSolved 7th, 3 more rejected, the 11th accepted.
const SEED: u32 = 1671;

#[test]
fn parse_is_the_engines_parser() {
    assert_eq!(api::parse("0x2A").unwrap().seed, 42);
    assert_eq!(
        api::parse(" 2026-7-28 ").unwrap(),
        parse_seed("2026-7-28").unwrap()
    );
    let err = api::parse("banana").unwrap_err();
    let engine = parse_seed("banana").unwrap_err();
    assert_eq!(
        err,
        InspectError::InvalidSeed {
            error: engine.clone()
        }
    );
    let reply = CommandError::from(err);
    assert_eq!(reply.message, engine.to_string());
    let json = serde_json::to_value(&reply).unwrap();
    assert_eq!(json["error"]["kind"], "invalid_seed");
    assert_eq!(json["error"]["error"]["kind"], "unrecognized");
    assert_eq!(json["message"], engine.to_string());
}

#[test]
fn today_is_a_daily_seed() {
    let t = api::today();
    match &t.source {
        contraption::SeedSource::Daily { key, .. } => {
            assert_eq!(t.seed, contraption::fnv1a32(key));
        }
        other => panic!("not a daily seed: {other:?}"),
    }
}

#[test]
fn inspection_is_the_inspector_report_with_bare_trajectories() {
    let insp = api::inspect(&v1(), SEED).unwrap();
    let mut engine = generate(SEED, &GenerateOptions::inspector());
    assert_eq!(insp.report.attempts.len(), 11);
    for (a, e) in insp.report.attempts.iter().zip(&mut engine.attempts) {
        let t = &a.bare.trajectory;
        assert!(t.len() > 2, "attempt {} has a bare trajectory", a.index);
        assert_eq!(t[0], [a.world.ball.x, a.world.ball.y]);
        // Strided samples: about steps / stride points.
        let expected = a.bare.steps / api::BARE_STRIDE;
        assert!(
            (t.len() as i64 - expected as i64).abs() <= 2,
            "{} vs {expected}",
            t.len()
        );
        e.bare.trajectory = t.clone();
    }
    // Apart from the trajectories, byte for byte what the engine reports.
    assert_eq!(insp.report, engine);
    assert_eq!(insp.report.attempts[6].verdict, Verdict::PreSolved);
    assert_eq!(insp.report.shipped.attempt, 11);
}

#[test]
fn the_grid_is_the_engines_sweep_geometry() {
    let grid = api::sweep_grid(&v1());
    assert_eq!(grid.len(), 144);
    for g in &grid {
        let p = sweep_placement(g.index as usize);
        let body = p.body(&Rules::default().parts);
        assert_eq!((g.x, g.y, g.angle), (p.x, p.y, p.angle));
        assert_eq!((g.a, g.b, g.radius), (body.a, body.b, body.radius));
        assert_eq!(g.index, g.column * 24 + g.row * 4 + g.tilt);
    }
}

#[test]
fn placement_trajectories_agree_with_the_sweep() {
    let report = api::report(&v1(), SEED);
    let sweep = report.attempts[10].sweep.as_ref().unwrap();
    let stop = sweep.game_stop.unwrap();
    let t = api::placement_trajectory(&v1(), SEED, 11, stop).unwrap();
    assert_eq!(t.result, SweepResult::Goal);
    assert_eq!(t.steps, sweep.placements[stop as usize].steps);
    assert_eq!(t.closest, sweep.placements[stop as usize].closest);
    assert!(
        t.trajectory.len() as u32 >= t.steps,
        "every step is sampled"
    );
    // Blocked placements are never simulated.
    let blocked = sweep
        .placements
        .iter()
        .find(|p| p.result == SweepResult::Blocked)
        .unwrap();
    let b = api::placement_trajectory(&v1(), SEED, 11, blocked.index).unwrap();
    assert!(b.trajectory.is_empty() && b.closest.is_none());
}

#[test]
fn bad_requests_are_typed_errors() {
    assert_eq!(
        api::placement_trajectory(&v1(), SEED, 11, 144).unwrap_err(),
        InspectError::NoSuchPlacement {
            index: 144,
            last: 143
        }
    );
    assert_eq!(
        api::placement_trajectory(&v1(), SEED, 12, 0).unwrap_err(),
        InspectError::NoSuchAttempt {
            seed: SEED,
            attempt: 12,
            attempts: 11
        }
    );
    assert_eq!(
        api::placement_trajectory(&v1(), SEED, 0, 0).unwrap_err(),
        InspectError::NoSuchAttempt {
            seed: SEED,
            attempt: 0,
            attempts: 11
        }
    );
    let never = AtomicBool::new(false);
    let err = sweep_trajectories(&v1(), 1, SEED, 99, &never, |_| {}).unwrap_err();
    assert_eq!(
        err,
        InspectError::NoSuchAttempt {
            seed: SEED,
            attempt: 99,
            attempts: 11
        }
    );
    assert!(CommandError::from(err).message.contains("11 attempts"));
}

#[test]
fn pre_solved_attempts_are_swept_for_information() {
    // The inspector sweeps every candidate, preSolved ones included (the game does not).
    let report = api::report(&v1(), SEED);
    let attempt = &report.attempts[6];
    assert_eq!(attempt.verdict, Verdict::PreSolved);
    let sweep = attempt
        .sweep
        .as_ref()
        .expect("inspector mode sweeps preSolved candidates");
    let never = AtomicBool::new(false);
    let mut n = 0;
    let summary = sweep_trajectories(&v1(), 2, SEED, 7, &never, |e| {
        if let SweepEvent::Chunk { trajectories, .. } = e {
            for t in trajectories {
                assert_eq!(t.result, sweep.placements[t.index as usize].result);
                n += 1;
            }
        }
    })
    .unwrap();
    assert_eq!((summary.end, summary.done, n), (JobEnd::Finished, 144, 144));
}

#[test]
fn a_sweep_job_streams_all_144_trajectories_in_chunks() {
    let never = AtomicBool::new(false);
    let mut events = Vec::new();
    let summary = sweep_trajectories(&v1(), 9, SEED, 11, &never, |e| events.push(e)).unwrap();
    assert_eq!(summary.end, JobEnd::Finished);
    assert_eq!((summary.job, summary.done, summary.total), (9, 144, 144));
    assert!(matches!(
        events.first(),
        Some(SweepEvent::Started {
            job: 9,
            total: 144,
            ..
        })
    ));
    assert!(matches!(
        events.last(),
        Some(SweepEvent::Finished {
            job: 9,
            done: 144,
            ..
        })
    ));
    let report = api::report(&v1(), SEED);
    let sweep = report.attempts[10].sweep.as_ref().unwrap();
    let mut seen = 0;
    for e in &events[1..events.len() - 1] {
        let SweepEvent::Chunk {
            trajectories, done, ..
        } = e
        else {
            panic!("unexpected {e:?}");
        };
        assert_eq!(trajectories.len(), CHUNK);
        for t in trajectories {
            assert_eq!(t.index, seen);
            let entry = &sweep.placements[seen as usize];
            assert_eq!(
                (t.result, t.steps, t.closest),
                (entry.result, entry.steps, entry.closest)
            );
            assert_eq!(
                t.trajectory.is_empty(),
                entry.result == SweepResult::Blocked
            );
            seen += 1;
        }
        assert_eq!(*done, seen);
    }
    assert_eq!(seen, 144);
    let json = serde_json::to_value(&events[1]).unwrap();
    assert_eq!(json["event"], "chunk");
}

#[test]
fn a_cancelled_job_stops_at_the_next_placement() {
    let cancel = AtomicBool::new(false);
    let mut events = Vec::new();
    let summary = sweep_trajectories(&v1(), 3, SEED, 11, &cancel, |e| {
        if matches!(e, SweepEvent::Chunk { .. }) {
            // Cancel as soon as the first column arrives.
            cancel.store(true, Ordering::Relaxed);
        }
        events.push(e);
    })
    .unwrap();
    assert_eq!(summary.end, JobEnd::Cancelled);
    assert_eq!(summary.done, CHUNK as u32);
    assert!(
        matches!(events.last(), Some(SweepEvent::Cancelled { job: 3, done }) if *done == CHUNK as u32)
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, SweepEvent::Chunk { .. }))
            .count(),
        1
    );
}

#[test]
fn jobs_are_registered_cancelled_and_forgotten() {
    let jobs = Arc::new(Jobs::default());
    let a = jobs.start();
    let b = jobs.start();
    assert_ne!(a.id, b.id);
    assert_eq!(jobs.running(), vec![a.id, b.id]);
    assert!(jobs.cancel(b.id));
    assert!(b.cancel_flag().load(Ordering::Relaxed) && !a.cancel_flag().load(Ordering::Relaxed));
    let b_id = b.id;
    drop(b);
    assert!(!jobs.cancel(b_id), "a finished job cannot be cancelled");
    assert_eq!(jobs.running(), vec![a.id]);
    // However the work ends, even by a panic, the job is forgotten.
    let c = jobs.start();
    let c_id = c.id;
    let _ = std::thread::spawn(move || {
        let _job = c;
        panic!("the worker failed");
    })
    .join();
    assert!(!jobs.running().contains(&c_id));
}
