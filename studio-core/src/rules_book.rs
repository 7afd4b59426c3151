//! The rules the studio runs under: the rules in force (the default rules, or a
//! `--rules FILE` read at start), which the inspector, exports and play windows
//! use, and the other rules the studio has met in files (a level or solution
//! file that embeds its rules), so a play window can play such a level under its
//! own rules. Play windows name their rules by id; the book turns an id back into
//! the validated rules. The catalog views' jobs do not read the book (they stay
//! on the default rules); the A/B view's sides are resolved through it
//! (`ab::resolve`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

use contraption::rules_file::MAX_RULES_FILE_BYTES;
use contraption::{parse_rules_file, RulesFileError, ValidRules};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::files::{self, ReadFailure};
use crate::rules::RulesInfo;
use crate::slow::{self, SlowRules};

/// Other rules remembered at most; beyond, the oldest are forgotten (a play
/// window on forgotten rules gets `unknown_rules` and says so).
const REMEMBERED: usize = 32;

/// A rules id the studio does not know (neither in force nor met in a file).
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[error("the studio knows no rules with id {id}; open the level or solution file that embeds them again")]
pub struct UnknownRules {
    pub id: String,
}

/// Why `--rules FILE` could not be used (the studio refuses to start).
#[derive(Debug, thiserror::Error)]
pub enum RulesFileFailure {
    #[error("cannot use the rules file {path}: {reason}")]
    Io { path: String, reason: String },
    #[error("cannot use the rules file {path}: {error}")]
    Refused { path: String, error: RulesFileError },
    /// Slow rules, not asked for (`--allow-slow`).
    #[error("cannot use the rules file {}: these rules are slow ({}); start with --allow-slow to use them anyway", .0.path.as_deref().unwrap_or_default(), .0.cost.describe)]
    Slow(Box<SlowRules>),
}

/// Reads a rules file: at most `MAX_RULES_FILE_BYTES` (bounded before reading),
/// then the engine's strict `parse_rules_file` (its error names the field).
pub fn read_rules_file(path: &Path) -> Result<ValidRules, RulesFileFailure> {
    let shown = path.display().to_string();
    let bytes = files::read(path, MAX_RULES_FILE_BYTES).map_err(|e| match e {
        ReadFailure::TooLarge(size) => RulesFileFailure::Refused {
            path: shown.clone(),
            error: RulesFileError::TooLarge(usize::try_from(size).unwrap_or(usize::MAX)),
        },
        ReadFailure::Io(e) => RulesFileFailure::Io {
            path: shown.clone(),
            reason: e.reason,
        },
    })?;
    parse_rules_file(&bytes).map_err(|error| RulesFileFailure::Refused { path: shown, error })
}

/// The rules in force and the other rules met in files.
pub struct RulesBook {
    /// The rules in force and the file they came from; the rules view's "apply"
    /// and "back to the default" change them.
    in_force: RwLock<(ValidRules, Option<PathBuf>)>,
    /// Other rules by id, with the order they were met in (to forget the oldest).
    others: Mutex<BTreeMap<String, (u64, ValidRules)>>,
    met: Mutex<u64>,
}

impl Default for RulesBook {
    /// The default rules in force.
    fn default() -> Self {
        Self::new(ValidRules::default(), None)
    }
}

impl RulesBook {
    /// `in_force` (read from `source`, when given) are the rules in force.
    pub fn new(in_force: ValidRules, source: Option<PathBuf>) -> Self {
        Self {
            in_force: RwLock::new((in_force, source)),
            others: Mutex::new(BTreeMap::new()),
            met: Mutex::new(0),
        }
    }

    /// The book for `--rules FILE` (the default rules without it); slow rules
    /// are refused unless `allow_slow` (`--allow-slow`).
    pub fn from_file(path: Option<&Path>, allow_slow: bool) -> Result<Self, RulesFileFailure> {
        Ok(match path {
            Some(p) => {
                let rules = read_rules_file(p)?;
                slow::check(&rules, Some(p), allow_slow).map_err(RulesFileFailure::Slow)?;
                Self::new(rules, Some(p.to_path_buf()))
            }
            None => Self::default(),
        })
    }

    /// The rules in force.
    pub fn in_force(&self) -> ValidRules {
        self.in_force
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .clone()
    }

    /// What the `rules` command returns: the rules in force, with id, name and file.
    pub fn info(&self) -> RulesInfo {
        let g = self.in_force.read().unwrap_or_else(|e| e.into_inner());
        RulesInfo::of(&g.0, g.1.as_ref().map(|p| p.display().to_string()))
    }

    /// Makes `rules` (read from `source`, when they were) the rules in force. The
    /// rules that were in force are remembered, so a play window opened under them
    /// keeps working.
    pub fn apply(&self, rules: ValidRules, source: Option<PathBuf>) {
        let old = {
            let mut g = self.in_force.write().unwrap_or_else(|e| e.into_inner());
            std::mem::replace(&mut *g, (rules, source)).0
        };
        self.remember(&old);
    }

    /// The default rules in force again.
    pub fn reset(&self) {
        self.apply(ValidRules::default(), None);
    }

    /// Remembers `rules` met in a file (nothing to do for the rules in force); returns their id.
    pub fn remember(&self, rules: &ValidRules) -> String {
        let id = rules.id().to_owned();
        if id == self.in_force().id() {
            return id;
        }
        let order = {
            let mut met = self.met.lock().unwrap_or_else(|e| e.into_inner());
            *met += 1;
            *met
        };
        let mut others = self.others.lock().unwrap_or_else(|e| e.into_inner());
        others.insert(id.clone(), (order, rules.clone()));
        while others.len() > REMEMBERED {
            let oldest = others
                .iter()
                .min_by_key(|(_, (o, _))| *o)
                .map(|(k, _)| k.clone())
                .expect("not empty");
            others.remove(&oldest);
        }
        id
    }

    /// The rules with `id`: those in force, or rules met in a file.
    pub fn get(&self, id: &str) -> Result<ValidRules, UnknownRules> {
        let in_force = self.in_force();
        if id == in_force.id() {
            return Ok(in_force);
        }
        let others = self.others.lock().unwrap_or_else(|e| e.into_inner());
        others
            .get(id)
            .map(|(_, r)| r.clone())
            .ok_or_else(|| UnknownRules { id: id.to_owned() })
    }

    /// The view of the rules with `id` (`source` only for the rules in force).
    pub fn info_of(&self, id: &str) -> Result<RulesInfo, UnknownRules> {
        if id == self.in_force().id() {
            return Ok(self.info());
        }
        self.get(id).map(|r| RulesInfo::of(&r, None))
    }
}
