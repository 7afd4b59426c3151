//! The inspector's Draws panel and pins, tested without a window: the draw record
//! is the engine's (its raw outputs mulberry32's, its attempts the generator's),
//! "what if" is the engine's `what_if` beside the real seed, under the rules in
//! force; refused pins carry the engine's message; an edited level is written as
//! the engine's edited level file and verifies against its own content; an
//! edited level plays as edited, never as the seed's.

use contraption::{
    generate, parse_level_file, verify, what_if, GenerateOptions, Mulberry32, Pin, PinError, PinTo,
    ValidRules, Verdict,
};
use studio_core::draws::{self, DrawsError};
use studio_core::play::{self, Levels, PlayError};
use studio_core::rules::RulesInfo;
use studio_core::rules_draft::set_field;
use studio_core::{CommandError, StudioError};

fn v1() -> ValidRules {
    ValidRules::default()
}

fn pin(text: &str) -> Pin {
    Pin::parse(text).unwrap()
}

#[test]
fn the_draw_record_covers_every_attempt_and_its_raw_outputs_are_mulberry32() {
    let rules = v1();
    // Seed 1671 takes 11 attempts under v1.
    let record = draws::seed_draws(&rules, 1671).unwrap();
    let report = generate(&rules, 1671, &GenerateOptions::inspector());
    assert_eq!(record.attempts.len(), report.attempts.len());
    assert_eq!(record.attempts.len(), 11);
    assert_eq!(record.rules_id, rules.id());
    // One stream across attempts: each attempt starts where the last one ended,
    // and every drawn value is the next output of mulberry32 for the seed.
    let mut rng = Mulberry32::new(1671);
    let mut next = 0;
    for (a, r) in record.attempts.iter().zip(&report.attempts) {
        assert_eq!(a.first_position, next, "attempt {}", a.attempt);
        assert_eq!(
            a.world, r.world,
            "attempt {} is the candidate drawn",
            a.attempt
        );
        for d in a.draws.iter().filter(|d| d.position.is_some()) {
            assert_eq!(d.position, Some(next));
            let expected = rng.next_u32();
            assert_eq!(d.raw, Some(expected), "draw {next} ({})", d.site);
            next += 1;
        }
        assert_eq!(next - a.first_position, a.draw_count);
    }
}

#[test]
fn what_if_is_the_engines_beside_the_real_seed() {
    let rules = v1();
    let pins = vec![pin("1:goal.x=40")];
    let p = draws::pinned_seed(&rules, 42, &pins).unwrap();
    let engine = what_if(&rules, 42, &pins, 0).unwrap();
    let real = generate(&rules, 42, &GenerateOptions::inspector());
    assert_eq!(p.pins, pins);
    assert_eq!(p.pinned_attempt, 1);
    assert_eq!(p.candidate.world.goal.center.x, 40.0);
    assert_eq!(p.candidate.level_hash, engine.candidate.level_hash);
    assert_eq!(p.candidate.verdict, engine.candidate.verdict);
    assert_eq!(
        p.candidate.sweep.as_ref().map(|s| s.counts()),
        engine.candidate.sweep.as_ref().map(|s| s.counts())
    );
    // The candidate's bare ball is re-run at the inspector's stride, and agrees.
    assert_eq!(p.bare_stride, studio_core::inspect::BARE_STRIDE);
    assert_eq!(p.candidate.bare.steps, engine.candidate.bare.steps);
    assert!(p.candidate.bare.trajectory.len() > 2);
    // Before: the seed as it ships; after: the pinned generation.
    assert_eq!(p.before.shipped_attempt, real.shipped.attempt);
    assert_eq!(p.before.level_hash, real.shipped.level_hash);
    assert_eq!(p.after.shipped_attempt, engine.report.shipped.attempt);
    assert_eq!(p.after.level_hash, engine.report.shipped.level_hash);
    assert_eq!(
        p.same_level,
        real.shipped.level_hash == engine.report.shipped.level_hash
    );
    assert_eq!(p.reached, engine.reached);
    assert_eq!(p.record, engine.record);
    // No pins: the seed itself on both sides.
    let none = draws::pinned_seed(&rules, 42, &[]).unwrap();
    assert!(none.same_level);
}

#[test]
fn refused_pins_carry_the_engines_message() {
    let rules = v1();
    for (pins, kind) in [
        (vec![pin("1:goal.x=400")], "out_of_range"),
        (vec![pin("1:walls.count=2.5")], "not_whole"),
        (vec![pin("99:goal.x=40")], "no_such_attempt"),
        (vec![pin("1:goal.x=40"), pin("1:goal.x=41")], "duplicate"),
    ] {
        let engine = what_if(&rules, 42, &pins, 0).unwrap_err();
        let e: CommandError = draws::pinned_seed(&rules, 42, &pins).unwrap_err().into();
        assert_eq!(e.message, engine.to_string());
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["error"]["kind"], "pins", "{json}");
        assert_eq!(json["error"]["error"]["kind"], kind, "{json}");
    }
    let e = draws::pinned_seed(&rules, 42, &[pin("1:goal.x=400")]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "goal.x is drawn from 10 to 90; 400 is outside that range"
    );
    // An unknown site.
    let bad = Pin {
        attempt: 1,
        site: "goal.z".into(),
        to: PinTo::Value(3.0),
    };
    let e = draws::pinned_seed(&rules, 42, &[bad]).unwrap_err();
    assert!(matches!(
        e,
        StudioError::Draws(DrawsError::Pins {
            error: PinError::UnknownSite { .. }
        })
    ));
}

#[test]
fn pins_are_judged_under_the_rules_in_force() {
    let v1 = v1();
    let narrow = set_field(&v1, "goal.x.min", "30").unwrap();
    // goal.x = 20 is inside v1's range, outside the rules in force.
    let pins = vec![pin("1:goal.x=20")];
    assert!(draws::pinned_seed(&v1, 42, &pins).is_ok());
    let e = draws::pinned_seed(&narrow, 42, &pins).unwrap_err();
    assert_eq!(
        e.to_string(),
        "goal.x is drawn from 30 to 90; 20 is outside that range"
    );
    // Inside both: each side is the engine's under the rules given.
    let pins = vec![pin("1:goal.x=40")];
    let p = draws::pinned_seed(&narrow, 42, &pins).unwrap();
    let engine = what_if(&narrow, 42, &pins, 0).unwrap();
    assert_eq!(p.record.rules_id, narrow.id());
    assert_eq!(p.before.rules_id, narrow.id());
    assert_eq!(p.after.level_hash, engine.report.shipped.level_hash);
    let real = generate(&narrow, 42, &GenerateOptions::inspector());
    assert_eq!(p.before.level_hash, real.shipped.level_hash);
    let record = draws::seed_draws(&narrow, 42).unwrap();
    let goal_x = record.attempts[0]
        .draws
        .iter()
        .find(|d| d.site == "goal.x")
        .unwrap();
    assert_eq!((goal_x.span.min, goal_x.span.max), (30.0, 90.0));
}

#[test]
fn an_edited_level_file_is_the_engines_and_verifies_against_its_own_content() {
    let rules = v1();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.json");
    let pins = vec![pin("1:goal.x=40"), pin("1:walls[1]=drop")];
    let written = draws::write_edited_level(&rules, &path, 42, &pins).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(written.bytes as usize, bytes.len());
    let expected = contraption::export_edited_level(&rules, 42, &pins).unwrap();
    assert_eq!(
        String::from_utf8(bytes.clone()).unwrap(),
        contraption::level_file_text(&expected)
    );
    let file = parse_level_file(&bytes).unwrap();
    assert_eq!(file.edited.as_deref(), Some(&pins[..]));
    assert!(file
        .verdict
        .reason
        .starts_with("edited: attempt 1 of seed 42"));
    assert!(verify(&file).identical);
    // No pins is the seed's own level; bad pins write nothing.
    let none = dir.path().join("none.json");
    assert_eq!(
        draws::write_edited_level(&rules, &none, 42, &[]).unwrap_err(),
        StudioError::Draws(DrawsError::NoPins)
    );
    assert!(draws::write_edited_level(&rules, &none, 42, &[pin("1:goal.y=1")]).is_err());
    assert!(!none.exists());
    // A directory is never replaced.
    assert!(draws::write_edited_level(&rules, dir.path(), 42, &pins).is_err());
}

#[test]
fn an_edited_level_plays_as_edited_never_as_the_seeds() {
    let rules = v1();
    let pins = vec![pin("1:goal.x=40")];
    let info = RulesInfo::of(&rules, None);
    let level = play::play_level_with(&rules, info.clone(), 42, &pins).unwrap();
    let seed_level = play::play_level(&rules, info.clone(), 42);
    let engine = what_if(&rules, 42, &pins, 0).unwrap();
    let edited = level.edited.as_ref().expect("marked edited");
    assert!(seed_level.edited.is_none());
    assert_eq!(edited.pins, pins);
    assert_eq!(edited.attempt, 1);
    assert_eq!(edited.verdict, engine.candidate.verdict);
    assert_eq!(level.world, engine.candidate.world);
    assert_ne!(level.level_hash, seed_level.level_hash);
    let goals = engine.candidate.sweep.as_ref().unwrap().counts().goal as usize;
    assert_eq!(level.hints.len(), goals);
    if edited.verdict == Verdict::Accepted {
        assert!(!level.hints.is_empty());
    }
    // The checks and runs use the same edited world (the draw record, no physics).
    let levels = Levels::default();
    let (hash, world) = levels.world(&rules, 42, &pins).unwrap();
    assert_eq!(
        (hash, world),
        (level.level_hash.clone(), level.world.clone())
    );
    let (seed_hash, _) = levels.world(&rules, 42, &[]).unwrap();
    assert_eq!(seed_hash, seed_level.level_hash);
    // Refused pins: the engine's message.
    let e = levels
        .world(&rules, 42, &[pin("1:goal.x=400")])
        .unwrap_err();
    assert!(matches!(e, PlayError::EditedPins { .. }));
    assert_eq!(
        e.to_string(),
        "goal.x is drawn from 10 to 90; 400 is outside that range"
    );
    // Its own window, never the seed's, whose page carries the pins.
    let label = play::edited_window_label(42, rules.id(), true, &pins);
    assert_ne!(label, play::window_label(42, rules.id(), true));
    assert!(label.starts_with("play-42-edited-"));
    let other = play::edited_window_label(42, rules.id(), true, &[pin("1:goal.x=41")]);
    assert_ne!(label, other);
    let url = play::edited_window_url(42, rules.id(), &pins);
    assert!(url.starts_with(&play::window_url(42, rules.id())));
    // `[{"attempt":1` in hex.
    assert!(url.contains("&pins=5b7b22617474656d7074223a31"), "{url}");
}
