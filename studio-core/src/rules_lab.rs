//! The rules lab's logic: the table of rules as the UI shows it (from the engine's
//! `RULE_FIELDS`, the table validation takes its bounds from), the draft (edited
//! one field at a time, each edit validated by the engine: a refused edit changes
//! nothing), its persistence in the app's data directory (written atomically after
//! every change, read back at start), the presets, and the difference between the
//! draft and the rules in force (`rules_diff`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use contraption::rule_fields::{Allowed, Axis, RuleField, RULE_FIELDS};
use contraption::{
    parse_rules_file, rules_diff, rules_file_text, Rules, RulesDifference, RulesError, ValidRules,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::draft_compare::{compare_seed, SeedComparison};
use crate::files;
use crate::files::FileError;
use crate::rules::RulesInfo;
use crate::rules_book::{read_rules_file, RulesBook, RulesFileFailure};
use crate::slow::{self, RulesCost, SlowRules};

/// The file the draft is kept in, in the app's data directory.
pub const DRAFT_FILE: &str = "rules-draft.json";

/// The shipped `rules/gears.json`, embedded.
const GEARS_TEXT: &str = include_str!("../../rules/gears.json");

/// Why the rules lab refused a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RulesLabError {
    /// The engine refused the value: the field, the value and what is allowed.
    #[error("{error}")]
    InvalidRules { error: RulesError },
    /// The text is not a value of the field's type (e.g. `strong` for a number).
    #[error("{field}: {message}")]
    NotAValue { field: String, message: String },
    #[error("there is no rules field {field}")]
    UnknownRulesField { field: String },
    #[error("there is no preset {name}; the presets are v1 and gears")]
    UnknownPreset { name: String },
    /// A rules file was refused (its path and the engine's reason).
    /// A rules file was refused: its path and the engine's reason (which names the field).
    #[error("cannot use the rules file {path}: {reason}")]
    RulesFile { path: String, reason: String },
    #[error("{error}")]
    RulesIo { error: FileError },
    /// Slow rules not asked for (a rules file opened as the draft, the draft
    /// applied or a seed compared under it): nothing changed or ran.
    #[error("{0}")]
    SlowRules(Box<SlowRules>),
}

impl From<Box<SlowRules>> for RulesLabError {
    fn from(e: Box<SlowRules>) -> Self {
        RulesLabError::SlowRules(e)
    }
}

impl From<RulesFileFailure> for RulesLabError {
    fn from(e: RulesFileFailure) -> Self {
        match e {
            RulesFileFailure::Io { path, reason } => RulesLabError::RulesIo {
                error: FileError {
                    action: "read".into(),
                    path,
                    reason,
                },
            },
            RulesFileFailure::Refused { path, error } => RulesLabError::RulesFile {
                path,
                reason: error.to_string(),
            },
            RulesFileFailure::Slow(e) => RulesLabError::SlowRules(e),
        }
    }
}

impl From<FileError> for RulesLabError {
    fn from(error: FileError) -> Self {
        RulesLabError::RulesIo { error }
    }
}

/// One field of the rules as the rules view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RuleFieldInfo {
    /// The path (`physics.gravity`); a range's ends are edited as `….min`, `….max`.
    pub path: String,
    /// The section (`physics`, `parts.ramp`): the path without its last name.
    pub section: String,
    /// The unit (empty for a ratio).
    pub unit: String,
    /// What the field's shape is: `number`, `whole`, `range`, `count_range` or `list`.
    pub shape: String,
    /// What validation allows, in words (from the engine's table).
    pub allowed: String,
    /// Invariants between fields that also bound it (empty when none).
    pub note: String,
    /// What the field does, in one line (from the engine's table).
    pub description: String,
    /// The default rules' value, as JSON text.
    pub default: String,
}

fn axis_words(axis: Axis) -> &'static str {
    match axis {
        Axis::X => "in the field (0 to field.width)",
        Axis::Y => "in the field (0 to field.height)",
    }
}

fn allowed_words(a: Allowed) -> (String, &'static str) {
    match a {
        Allowed::Real { lo, hi } => (format!("{lo} to {hi}"), "number"),
        Allowed::Positive { hi } => (format!("above 0, at most {hi}"), "number"),
        Allowed::Whole { lo, hi } => (format!("a whole number from {lo} to {hi}"), "whole"),
        Allowed::RealRange { lo, hi } => (format!("min ≤ max, both {lo} to {hi}"), "range"),
        Allowed::FieldRange { axis } => (format!("min ≤ max, both {}", axis_words(axis)), "range"),
        Allowed::CoordinateRange { axis } => (
            format!(
                "min ≤ max, both {} once rounded to hundredths",
                axis_words(axis)
            ),
            "range",
        ),
        Allowed::CountRange { hi } => (
            format!("whole numbers, min ≤ max, both 0 to {hi}"),
            "count_range",
        ),
        Allowed::InField { axis } => (axis_words(axis).to_owned(), "number"),
        Allowed::PositionList { axis, max_len } => (
            format!("1 to {max_len} values, each {}", axis_words(axis)),
            "list",
        ),
        Allowed::RealList { lo, hi, max_len } => {
            (format!("1 to {max_len} values, each {lo} to {hi}"), "list")
        }
        Allowed::SweepCount => (
            "a whole number from 1 to the sweep's size (xs × ys × angles)".to_owned(),
            "whole",
        ),
    }
}

fn pointer(path: &str) -> String {
    format!("/{}", path.replace('.', "/"))
}

/// The value at `path` in `rules`, as JSON text.
pub fn value_text(rules: &Rules, path: &str) -> Option<String> {
    let v = serde_json::to_value(rules).expect("rules serialize");
    v.pointer(&pointer(path)).map(Value::to_string)
}

/// Every field of the rules (the engine's table), with the default rules' value.
pub fn rules_fields() -> Vec<RuleFieldInfo> {
    let defaults = Rules::default();
    RULE_FIELDS
        .iter()
        .map(|f: &RuleField| {
            let (allowed, shape) = allowed_words(f.allowed);
            RuleFieldInfo {
                path: f.path.to_owned(),
                section: f.path.rsplit_once('.').map_or("", |(s, _)| s).to_owned(),
                unit: f.unit.to_owned(),
                shape: shape.to_owned(),
                allowed,
                note: f.note.to_owned(),
                description: f.description.to_owned(),
                default: value_text(&defaults, f.path).expect("every table path is in the rules"),
            }
        })
        .collect()
}

/// Whether `path` can be edited: a field of the table, or an end of a range field.
fn editable(path: &str) -> bool {
    RULE_FIELDS.iter().any(|f| {
        f.path == path
            || (matches!(
                f.allowed,
                Allowed::RealRange { .. }
                    | Allowed::FieldRange { .. }
                    | Allowed::CoordinateRange { .. }
                    | Allowed::CountRange { .. }
            ) && (path == format!("{}.min", f.path) || path == format!("{}.max", f.path)))
    })
}

/// `rules` with the field at `path` set to `text` (JSON: `200`, `[15, 29]`),
/// validated by the engine. A refusal names the field, the value and what is allowed.
pub fn set_field(rules: &Rules, path: &str, text: &str) -> Result<ValidRules, RulesLabError> {
    if !editable(path) {
        return Err(RulesLabError::UnknownRulesField {
            field: path.to_owned(),
        });
    }
    let not_a_value = |message: String| RulesLabError::NotAValue {
        field: path.to_owned(),
        message,
    };
    let value: Value = serde_json::from_str(text.trim()).map_err(|_| {
        not_a_value(format!(
            "{:?} is not a number or a list of numbers",
            text.trim()
        ))
    })?;
    let mut v = serde_json::to_value(rules).expect("rules serialize");
    *v.pointer_mut(&pointer(path))
        .expect("an editable path is in the rules") = value;
    let rules: Rules = serde_json::from_value(v).map_err(|e| not_a_value(e.to_string()))?;
    ValidRules::new(rules).map_err(|error| RulesLabError::InvalidRules { error })
}

/// A preset: `v1` (the default rules) or `gears` (the shipped `rules/gears.json`).
pub fn preset(name: &str) -> Result<ValidRules, RulesLabError> {
    match name {
        "v1" => Ok(ValidRules::default()),
        "gears" => {
            Ok(parse_rules_file(GEARS_TEXT.as_bytes()).expect("the shipped gears rules are valid"))
        }
        _ => Err(RulesLabError::UnknownPreset {
            name: name.to_owned(),
        }),
    }
}

/// The rules view's state: the draft, the rules in force and how they differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RulesDraft {
    pub draft: RulesInfo,
    pub in_force: RulesInfo,
    /// Every field whose value differs (`a`: in force, `b`: the draft), by path.
    pub diff: Vec<RulesDifference>,
    /// What one seed can cost under the draft at the very worst (`slow`: over the
    /// everyday budget, so applying it or comparing a seed under it asks first).
    pub draft_cost: RulesCost,
    /// Set when the draft file could not be read at start: it was moved aside to
    /// this path (nothing is lost) and the draft started from the rules in force.
    pub set_aside: Option<String>,
}

/// The draft and the file it is kept in.
pub struct DraftStore {
    path: PathBuf,
    draft: Mutex<ValidRules>,
    set_aside: Option<String>,
}

impl DraftStore {
    /// The draft kept at `path`, else `start` (the rules in force). A draft file
    /// that cannot be used is moved aside (`….unreadable`), never overwritten.
    pub fn open(path: &Path, start: &ValidRules) -> Self {
        let mut set_aside = None;
        let draft = if path.exists() {
            match read_rules_file(path) {
                Ok(r) => r,
                Err(_) => {
                    let aside = path.with_extension("json.unreadable");
                    if std::fs::rename(path, &aside).is_ok() {
                        set_aside = Some(aside.display().to_string());
                    }
                    start.clone()
                }
            }
        } else {
            start.clone()
        };
        Self {
            path: path.to_path_buf(),
            draft: Mutex::new(draft),
            set_aside,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The draft.
    pub fn get(&self) -> ValidRules {
        self.draft.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Makes `rules` the draft: written (atomically) first, kept only once written.
    pub fn set(&self, rules: ValidRules) -> Result<(), RulesLabError> {
        let mut draft = self.draft.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(dir) = self.path.parent() {
            // The app's data directory may not exist yet; a failure shows in the write.
            let _ = std::fs::create_dir_all(dir);
        }
        files::write(&self.path, rules_file_text(&rules).as_bytes())?;
        *draft = rules;
        Ok(())
    }

    /// The view's state against the rules in force of `book`.
    pub fn state(&self, book: &RulesBook) -> RulesDraft {
        let draft = self.get();
        let in_force = book.info();
        RulesDraft {
            diff: rules_diff(&in_force.rules, &draft),
            draft_cost: RulesCost::of(&draft),
            draft: RulesInfo::of(&draft, None),
            in_force,
            set_aside: self.set_aside.clone(),
        }
    }

    /// Sets one field of the draft (refused: nothing changes).
    pub fn set_field(
        &self,
        book: &RulesBook,
        path: &str,
        text: &str,
    ) -> Result<RulesDraft, RulesLabError> {
        let next = set_field(&self.get(), path, text)?;
        self.set(next)?;
        Ok(self.state(book))
    }

    /// Makes a preset the draft.
    pub fn load_preset(&self, book: &RulesBook, name: &str) -> Result<RulesDraft, RulesLabError> {
        self.set(preset(name)?)?;
        Ok(self.state(book))
    }

    /// Makes the rules file at `path` the draft (read bounded, strictly; refused:
    /// nothing changes). Slow rules are refused (`slow_rules`) unless `allow_slow`.
    pub fn open_file(
        &self,
        book: &RulesBook,
        path: &Path,
        allow_slow: bool,
    ) -> Result<RulesDraft, RulesLabError> {
        let rules = read_rules_file(path)?;
        slow::check(&rules, Some(path), allow_slow)?;
        self.set(rules)?;
        Ok(self.state(book))
    }

    /// Writes the draft as a rules file at `path` (atomically); returns the path.
    pub fn save_file(&self, path: &Path) -> Result<String, RulesLabError> {
        crate::files::write(path, rules_file_text(&self.get()).as_bytes())?;
        Ok(path.display().to_string())
    }

    /// Makes the draft the rules in force. A slow draft is refused (`slow_rules`:
    /// the rules in force stay) unless `allow_slow`.
    pub fn apply(&self, book: &RulesBook, allow_slow: bool) -> Result<RulesDraft, RulesLabError> {
        let draft = self.get();
        slow::check(&draft, None, allow_slow)?;
        book.apply(draft, None);
        Ok(self.state(book))
    }

    /// `seed` generated under the rules in force and under the draft. A slow
    /// draft is refused (`slow_rules`, before anything is generated) unless
    /// `allow_slow`.
    pub fn compare(
        &self,
        book: &RulesBook,
        seed: u32,
        allow_slow: bool,
    ) -> Result<SeedComparison, RulesLabError> {
        let draft = self.get();
        slow::check(&draft, None, allow_slow)?;
        Ok(compare_seed(&book.in_force(), &draft, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Err(RulesLabError::NotAValue { .. })
        ));
        assert!(matches!(
            set_field(&r, "generator.max_attempts", "1.5"),
            Err(RulesLabError::NotAValue { .. })
        ));
        assert!(matches!(
            set_field(&r, "physics.wind", "1"),
            Err(RulesLabError::UnknownRulesField { .. })
        ));
        assert!(matches!(
            set_field(&r, "physics.gravity.min", "1"),
            Err(RulesLabError::UnknownRulesField { .. })
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
            Err(RulesLabError::UnknownPreset { .. })
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
}
