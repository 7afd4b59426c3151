//! The rules draft's unit tests.

use contraption::rule_fields::RULE_FIELDS;
use contraption::{parse_rules_file, Rules, ValidRules};

use crate::rules_book::RulesBook;

use super::{rules_fields, set_field, DraftStore};
use super::{RulesDraftError, DRAFT_FILE};

#[test]
fn the_fields_come_from_the_engine_table_with_defaults() {
    let fields = rules_fields();
    assert_eq!(fields.len(), RULE_FIELDS.len());
    let g = fields.iter().find(|f| f.path == "physics.gravity").unwrap();
    assert_eq!((g.unit.as_str(), g.default.as_str()), ("units/s²", "200.0"));
    assert_eq!(g.allowed, "above 0, at most 10000");
    assert_eq!(g.section, "physics");
    // Every field says what it does, as the engine's table says it.
    for (f, t) in fields.iter().zip(RULE_FIELDS) {
        assert_eq!(
            (f.path.as_str(), f.description.as_str()),
            (t.path, t.description)
        );
        assert!(!f.description.is_empty(), "{}", f.path);
    }
    let a = fields
        .iter()
        .find(|f| f.path == "generator.max_attempts")
        .unwrap();
    assert_eq!(a.allowed, "a whole number from 1 to 1000");
    assert_eq!(a.default, "40");
    let x = fields.iter().find(|f| f.path == "ball.start_x").unwrap();
    assert_eq!(
        (x.shape.as_str(), x.default.as_str()),
        ("range", r#"{"max":90.0,"min":10.0}"#)
    );
}

#[test]
fn an_edit_is_validated_by_the_engine() {
    let r = Rules::default();
    let e = set_field(&r, "generator.max_attempts", "0").unwrap_err();
    assert_eq!(
        e.to_string(),
        "generator.max_attempts is 0; it must be a whole number from 1 to 1000"
    );
    let e = set_field(&r, "physics.gravity", "-200").unwrap_err();
    assert_eq!(
        e.to_string(),
        "physics.gravity is -200; it must be greater than 0 and at most 10000"
    );
    assert!(matches!(
        set_field(&r, "physics.gravity", "strong"),
        Err(RulesDraftError::NotAValue { .. })
    ));
    assert!(matches!(
        set_field(&r, "generator.max_attempts", "1.5"),
        Err(RulesDraftError::NotAValue { .. })
    ));
    assert!(matches!(
        set_field(&r, "physics.wind", "1"),
        Err(RulesDraftError::UnknownRulesField { .. })
    ));
    assert!(matches!(
        set_field(&r, "physics.gravity.min", "1"),
        Err(RulesDraftError::UnknownRulesField { .. })
    ));
    let ok = set_field(&r, "generator.max_attempts", "1").unwrap();
    assert_eq!(ok.generator.max_attempts, 1);
    assert_eq!(ok.id(), "9e63fc90eca2");
    let ok = set_field(&r, "parts.gear.count.max", "2").unwrap();
    assert_eq!(ok.parts.gear.count.max, 2);
    let ok = set_field(&r, "sweep.xs", "[20, 50, 80]").unwrap();
    assert_eq!(ok.sweep.xs, [20.0, 50.0, 80.0]);
}

#[test]
fn the_draft_survives_a_restart_and_a_refused_edit_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DRAFT_FILE);
    let book = RulesBook::default();
    let store = DraftStore::open(&path, &book.in_force());
    assert!(store.get().is_default());
    assert!(!path.exists(), "nothing is written before an edit");
    let state = store
        .set_field(&book, "generator.max_attempts", "1")
        .unwrap();
    assert_eq!(state.diff.len(), 1);
    assert_eq!(
        (
            state.diff[0].field.as_str(),
            state.diff[0].a.as_str(),
            state.diff[0].b.as_str()
        ),
        ("generator.max_attempts", "40", "1")
    );
    let before = std::fs::read(&path).unwrap();
    assert!(store
        .set_field(&book, "generator.max_attempts", "1001")
        .is_err());
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(store.get().generator.max_attempts, 1);
    drop(store);
    let again = DraftStore::open(&path, &ValidRules::default());
    assert_eq!(again.get().generator.max_attempts, 1);
    assert_eq!(again.state(&book).draft.rules_id, "9e63fc90eca2");
}

#[test]
fn an_unreadable_draft_is_moved_aside_not_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DRAFT_FILE);
    std::fs::write(&path, b"{ not rules").unwrap();
    let store = DraftStore::open(&path, &ValidRules::default());
    assert!(store.get().is_default());
    let aside = store.state(&RulesBook::default()).set_aside.unwrap();
    assert_eq!(std::fs::read(aside).unwrap(), b"{ not rules");
}

#[test]
fn apply_and_reset_change_the_rules_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let book = RulesBook::default();
    let store = DraftStore::open(&dir.path().join(DRAFT_FILE), &ValidRules::default());
    store.load_preset(&book, "gears").unwrap();
    assert_eq!(store.get().id(), "1cb7c5e44f48");
    assert!(
        book.in_force().is_default(),
        "loading a preset does not apply it"
    );
    let state = store.apply(&book, false).unwrap();
    assert_eq!(state.in_force.rules_id, "1cb7c5e44f48");
    assert!(state.diff.is_empty());
    assert_eq!(book.in_force().id(), "1cb7c5e44f48");
    // The rules that were in force are still known (a play window may use them).
    assert!(book.get(contraption::DEFAULT_RULES_ID).is_ok());
    book.reset();
    assert!(book.in_force().is_default());
    assert_eq!(store.get().id(), "1cb7c5e44f48", "reset keeps the draft");
    assert!(book.get("1cb7c5e44f48").is_ok());
    assert!(matches!(
        store.load_preset(&book, "nope"),
        Err(RulesDraftError::UnknownPreset { .. })
    ));
}

#[test]
fn rules_files_open_and_save_through_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let book = RulesBook::default();
    let store = DraftStore::open(&dir.path().join(DRAFT_FILE), &ValidRules::default());
    store.set_field(&book, "physics.gravity", "155").unwrap();
    let out = dir.path().join("mine.json");
    store.save_file(&out).unwrap();
    let read = parse_rules_file(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(read, store.get());
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        std::fs::read_to_string(&out)
            .unwrap()
            .replace("155.0", "-1.0"),
    )
    .unwrap();
    let before = store.get();
    let e = store.open_file(&book, &bad, false).unwrap_err();
    assert!(e.to_string().contains("physics.gravity is -1"), "{e}");
    assert_eq!(store.get(), before);
}
