//! Slow rules (over the everyday budget of one seed, `contraption::work`) are
//! used only when asked for: a level file or a solution file that embeds them is
//! refused unless the caller allows them, and so are a rules file opened as the
//! draft, applying a slow draft, comparing a seed under it and `--rules FILE` at
//! start. The refusal carries the engine's figures and comes before any work.
//!
//! Two kinds of slow rules: *walls 64* (the default rules with
//! `walls.count.max = 64`) is slow by the estimate but quick in fact, so the tests
//! can accept it; *stalled* (gravity 10^-6, the ball never still, 100,000 steps a
//! simulation) runs to its worst case in fact — every simulation of every attempt
//! times out — so a refusal that came after any generation or replay would take
//! minutes, and the tests time it.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use contraption::{
    export_level, level_file_text, new_solution, simulate, solution_text, Outcome, SimOptions,
    ValidRules,
};
use studio_core::args::StudioArgs;
use studio_core::exchange::{self, ExchangeError};
use studio_core::play::{self, PlayError};
use studio_core::rules_book::{RulesBook, RulesFileFailure};
use studio_core::rules_draft::{DraftStore, RulesDraftError, DRAFT_FILE};
use studio_core::slow::{RulesCost, SlowRules};
use studio_core::{CommandError, StudioError};

/// Slow by the estimate, quick in fact.
fn walls64() -> ValidRules {
    let mut r = ValidRules::default().rules().clone();
    r.walls.count.max = 64;
    ValidRules::new(r).unwrap()
}

/// Slow in fact: the ball barely falls and never counts as still, so every
/// attempt's bare run takes its 100,000 steps, and there are 1,000 attempts (a
/// sweep of one placement keeps the estimate within what validation allows).
fn stalled() -> ValidRules {
    let mut r = ValidRules::default().rules().clone();
    r.physics.gravity = 1e-6;
    r.simulation.rest_speed = 0.0;
    r.simulation.max_steps = 100_000;
    r.generator.max_attempts = 1_000;
    r.sweep.xs = vec![50.0];
    r.sweep.ys = vec![60.0];
    r.sweep.angles = vec![0.45];
    r.sweep.nearly_trivial_solving = 1;
    ValidRules::new(r).unwrap()
}

/// A level file of seed 42 that embeds the stalled rules, consistent (hashes,
/// rules id) without generating under them: the default rules' level of seed 42
/// with the rules swapped and the file hash computed again.
fn stalled_level_file(path: &Path) {
    let rules = stalled();
    let mut file = export_level(&ValidRules::default(), 42, None);
    file.rules_id = Some(rules.id().to_owned());
    file.rules = Some(rules);
    file.file_hash = None;
    file.file_hash = Some(file.computed_file_hash());
    std::fs::write(path, level_file_text(&file)).unwrap();
}

/// Runs `f` on a thread; fails unless it answers within `limit`.
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("no answer within {limit:?}: the work ran before the refusal"))
}

/// The stalled rules really are slow: one bare simulation of seed 42's level
/// runs every one of its steps, and a generation runs one for each of its
/// 1,000 attempts (none can be preSolved or solved: the ball stays at the top).
fn a_generation_under_stalled_rules_takes_at_least() -> Duration {
    let rules = stalled();
    let world = export_level(&ValidRules::default(), 42, None).level;
    let started = Instant::now();
    let run = simulate(&rules, &world, &[], &SimOptions::default());
    let one = started.elapsed();
    assert_eq!(run.outcome, Outcome::Timeout);
    assert_eq!(run.steps, 100_000);
    one * rules.generator.max_attempts
}

fn slow_of(e: &StudioError) -> &SlowRules {
    match e {
        StudioError::Exchange(ExchangeError::SlowRules(s))
        | StudioError::Play(PlayError::SlowRules(s))
        | StudioError::RulesDraft(RulesDraftError::SlowRules(s)) => s,
        other => panic!("not a slow-rules refusal: {other:?}"),
    }
}

#[test]
fn a_level_file_with_slow_rules_is_refused_without_the_flag_and_read_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("walls64.json");
    let rules = walls64();
    assert!(rules.is_slow());
    std::fs::write(&path, level_file_text(&export_level(&rules, 42, None))).unwrap();
    let book = RulesBook::default();

    let e = exchange::read_level(&book, &path, false).unwrap_err();
    let ExchangeError::SlowRules(slow) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(slow.path.as_deref(), path.to_str());
    assert_eq!(slow.rules_id, rules.id());
    assert_eq!(slow.cost, RulesCost::of(&rules));
    assert_eq!(slow.cost.worst_case, rules.worst_case());
    assert!(slow.cost.slow && slow.cost.seconds > slow.cost.budget_seconds);
    assert!(
        book.get(rules.id()).is_err(),
        "a refused file's rules are not remembered"
    );
    // On the wire: the one error, tagged `slow_rules`, with the figures.
    let wire = serde_json::to_value(CommandError::from(e.clone())).unwrap();
    assert_eq!(wire["error"]["kind"], "slow_rules");
    assert_eq!(
        wire["error"]["cost"]["worst_case"]["steps"],
        serde_json::json!(rules.worst_case().steps)
    );
    assert!(wire["message"]
        .as_str()
        .unwrap()
        .contains(&rules.worst_case().describe()));
    let back: CommandError = serde_json::from_value(wire).unwrap();
    assert!(back.error.is_slow_rules());

    let imported = exchange::read_level(&book, &path, true).unwrap();
    assert!(imported.verification.identical);
    assert_eq!(imported.rules_id, rules.id());
    assert!(!imported.in_force);
    assert_eq!(book.get(rules.id()).unwrap(), rules);

    // Rules that are not slow need no flag.
    let gears = dir.path().join("gears.json");
    let g = contraption::parse_rules_file(include_bytes!("../../rules/gears.json")).unwrap();
    std::fs::write(&gears, level_file_text(&export_level(&g, 0, None))).unwrap();
    assert!(exchange::read_level(&book, &gears, false).is_ok());
}

#[test]
fn a_level_file_with_slow_rules_is_refused_before_anything_is_generated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stalled.json");
    stalled_level_file(&path);
    let at_least = a_generation_under_stalled_rules_takes_at_least();
    let book = std::sync::Arc::new(RulesBook::default());
    let (b, p) = (book.clone(), path.clone());
    let started = Instant::now();
    let answer = within(Duration::from_secs(30), move || {
        exchange::read_level(&b, &p, false)
    });
    let took = started.elapsed();
    assert!(
        matches!(answer, Err(ExchangeError::SlowRules(_))),
        "{answer:?}"
    );
    assert!(
        took * 10 < at_least,
        "refused in {took:?}; a generation takes at least {at_least:?}"
    );
    assert!(book.get(stalled().id()).is_err());
}

#[test]
fn a_solution_with_slow_rules_is_refused_without_the_flag_and_replayed_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let rules = walls64();
    let level = play::play_level(&rules, studio_core::rules::RulesInfo::of(&rules, None), 42);
    let path = dir.path().join("walls64.solution.json");
    let solution = new_solution(&rules, 42, level.level_hash.clone(), vec![]);
    std::fs::write(&path, solution_text(&solution)).unwrap();
    let book = RulesBook::default();

    let e = play::read_solution(&book, &path, false).unwrap_err();
    let slow = slow_of(&StudioError::from(e)).clone();
    assert_eq!(slow.path.as_deref(), path.to_str());
    assert_eq!(slow.rules_id, rules.id());
    assert_eq!(slow.cost.worst_case, rules.worst_case());
    assert!(book.get(rules.id()).is_err());

    let read = play::read_solution(&book, &path, true).unwrap();
    assert_eq!(read.rules_id, rules.id());
    assert_eq!(read.solution, solution);
    assert_eq!(book.get(rules.id()).unwrap(), rules);

    // A play window under those rules (asked for already) saves and reads back
    // its own solution without asking again.
    let again = dir.path().join("again.solution.json");
    let saved = play::write_solution(&book, &again, &solution).unwrap();
    assert_eq!(saved.run, read.run);
}

#[test]
fn a_solution_with_slow_rules_is_refused_before_it_is_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stalled.solution.json");
    let rules = stalled();
    let hash = export_level(&ValidRules::default(), 42, None).level_hash;
    std::fs::write(
        &path,
        solution_text(&new_solution(&rules, 42, hash, vec![])),
    )
    .unwrap();
    let at_least = a_generation_under_stalled_rules_takes_at_least();
    let book = std::sync::Arc::new(RulesBook::default());
    let (b, p) = (book.clone(), path.clone());
    let started = Instant::now();
    let answer = within(Duration::from_secs(30), move || {
        play::read_solution(&b, &p, false)
    });
    let took = started.elapsed();
    assert!(matches!(answer, Err(PlayError::SlowRules(_))), "{answer:?}");
    assert!(
        took * 10 < at_least,
        "refused in {took:?}; a replay takes at least {at_least:?}"
    );
    assert!(book.get(rules.id()).is_err());
}

fn rules_file(dir: &Path, name: &str, rules: &ValidRules) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contraption::rules_file_text(rules)).unwrap();
    path
}

#[test]
fn the_rules_lab_opens_applies_and_compares_slow_rules_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let book = RulesBook::default();
    let store = DraftStore::open(&dir.path().join(DRAFT_FILE), &ValidRules::default());
    let rules = walls64();

    // The draft's worst case is in every answer, live.
    let state = store.state(&book);
    assert_eq!(state.draft_cost, RulesCost::of(&ValidRules::default()));
    assert!(!state.draft_cost.slow);
    let state = store.set_field(&book, "walls.count.max", "64").unwrap();
    assert_eq!(state.draft.rules_id, rules.id());
    assert_eq!(state.draft_cost, RulesCost::of(&rules));
    assert!(state.draft_cost.slow);

    // Applying it asks first: refused, the rules in force stay.
    let e = store.apply(&book, false).unwrap_err();
    let RulesDraftError::SlowRules(slow) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(
        (slow.path.as_deref(), slow.rules_id.as_str()),
        (None, rules.id())
    );
    assert!(book.in_force().is_default());
    // So does comparing a seed under it.
    assert!(matches!(
        store.compare(&book, 42, false),
        Err(RulesDraftError::SlowRules(_))
    ));
    let c = store.compare(&book, 42, true).unwrap();
    assert_eq!(c.after.rules_id, rules.id());
    let state = store.apply(&book, true).unwrap();
    assert_eq!(book.in_force(), rules);
    assert!(state.diff.is_empty());

    // A slow rules file opened as the draft is refused; the draft stays.
    let store = DraftStore::open(&dir.path().join("other-draft.json"), &ValidRules::default());
    let path = rules_file(dir.path(), "walls64.json", &rules);
    let e = store.open_file(&book, &path, false).unwrap_err();
    let RulesDraftError::SlowRules(slow) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(slow.path.as_deref(), path.to_str());
    assert!(store.get().is_default());
    assert!(
        !dir.path().join("other-draft.json").exists(),
        "nothing written"
    );
    let state = store.open_file(&book, &path, true).unwrap();
    assert_eq!(state.draft.rules_id, rules.id());
    assert!(state.draft_cost.slow);

    // Quick rules need no flag anywhere.
    store.load_preset(&book, "gears").unwrap();
    assert!(store.apply(&book, false).is_ok());
    assert!(store.compare(&book, 42, false).is_ok());
}

#[test]
fn comparing_a_seed_under_a_slow_draft_is_refused_before_anything_is_generated() {
    let dir = tempfile::tempdir().unwrap();
    let book = std::sync::Arc::new(RulesBook::default());
    let store = std::sync::Arc::new(DraftStore::open(
        &dir.path().join(DRAFT_FILE),
        &ValidRules::default(),
    ));
    let path = rules_file(dir.path(), "stalled.json", &stalled());
    store.open_file(&book, &path, true).unwrap();
    let at_least = a_generation_under_stalled_rules_takes_at_least();
    let (b, s) = (book.clone(), store.clone());
    let started = Instant::now();
    let answer = within(Duration::from_secs(30), move || s.compare(&b, 42, false));
    let took = started.elapsed();
    assert!(
        matches!(answer, Err(RulesDraftError::SlowRules(_))),
        "{answer:?}"
    );
    assert!(took * 10 < at_least, "refused in {took:?}");
}

#[test]
fn the_rules_flag_takes_slow_rules_only_with_allow_slow() {
    let dir = tempfile::tempdir().unwrap();
    let path = rules_file(dir.path(), "walls64.json", &walls64());
    let p = path.to_str().unwrap();
    let args =
        StudioArgs::try_parse_with_version(["contraption-studio", "--rules", p], "1").unwrap();
    let e = args.rules_book().err().expect("refused");
    assert!(matches!(e, RulesFileFailure::Slow(_)), "{e}");
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "cannot use the rules file {p}: these rules are slow ("
        )),
        "{text}"
    );
    assert!(text.contains(&walls64().worst_case().describe()), "{text}");
    assert!(
        text.ends_with("start with --allow-slow to use them anyway"),
        "{text}"
    );
    let args = StudioArgs::try_parse_with_version(
        ["contraption-studio", "--rules", p, "--allow-slow"],
        "1",
    )
    .unwrap();
    assert!(args.allow_slow);
    assert_eq!(args.rules_book().unwrap().in_force(), walls64());
}
