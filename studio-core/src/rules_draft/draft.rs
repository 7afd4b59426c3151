//! The draft: edited one field at a time, kept in its file (written atomically
//! after every change, read back at start), applied, and compared with the rules
//! in force.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use contraption::{rules_diff, rules_file_text, RulesDifference, ValidRules};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::draft_vs_in_force::{compare_seed, SeedComparison};
use crate::files;
use crate::rules::RulesInfo;
use crate::rules_book::{read_rules_file, RulesBook};
use crate::slow::{self, RulesCost};

use super::RulesDraftError;
use super::{preset, set_field};

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
    pub fn set(&self, rules: ValidRules) -> Result<(), RulesDraftError> {
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
    ) -> Result<RulesDraft, RulesDraftError> {
        let next = set_field(&self.get(), path, text)?;
        self.set(next)?;
        Ok(self.state(book))
    }

    /// Makes a preset the draft.
    pub fn load_preset(&self, book: &RulesBook, name: &str) -> Result<RulesDraft, RulesDraftError> {
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
    ) -> Result<RulesDraft, RulesDraftError> {
        let rules = read_rules_file(path)?;
        slow::check(&rules, Some(path), allow_slow)?;
        self.set(rules)?;
        Ok(self.state(book))
    }

    /// Writes the draft as a rules file at `path` (atomically); returns the path.
    pub fn save_file(&self, path: &Path) -> Result<String, RulesDraftError> {
        crate::files::write(path, rules_file_text(&self.get()).as_bytes())?;
        Ok(path.display().to_string())
    }

    /// Makes the draft the rules in force. A slow draft is refused (`slow_rules`:
    /// the rules in force stay) unless `allow_slow`.
    pub fn apply(&self, book: &RulesBook, allow_slow: bool) -> Result<RulesDraft, RulesDraftError> {
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
    ) -> Result<SeedComparison, RulesDraftError> {
        let draft = self.get();
        slow::check(&draft, None, allow_slow)?;
        Ok(compare_seed(&book.in_force(), &draft, seed))
    }
}
