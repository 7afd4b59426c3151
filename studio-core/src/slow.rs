//! Slow rules: rules the engine accepts whose worst case of one seed is over the
//! everyday budget (`contraption::work`). The studio uses them only when the
//! designer asks: a level or solution file that embeds them, a rules file opened
//! as the draft, applying a draft, or comparing a seed under it, is refused with
//! [`SlowRules`] (carrying the engine's figures) before any generation or
//! replay, unless the caller passes the allow flag the UI's confirmation sets.
//!
//! A file chosen in a native dialog and refused for its slow rules is
//! remembered ([`SlowFiles`]), so the confirmation reads that same file again
//! without a second dialog — and only that file: the pages never name a file the
//! designer did not pick.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use contraption::work::REFERENCE_NS_PER_UNIT;
use contraption::{ValidRules, WorstCase};
use serde::{Deserialize, Deserializer, Serialize};
use ts_rs::TS;

use crate::error::ShellError;

/// What one seed can cost under some rules at the very worst (the engine's
/// `ValidRules::worst_case`), with what it means in seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RulesCost {
    /// The engine's figures: simulations, steps, units of work and the budget.
    #[serde(deserialize_with = "worst_case")]
    pub worst_case: WorstCase,
    /// The worst case in seconds on the reference machine, one core
    /// (`WorstCase::reference_seconds`).
    pub seconds: f64,
    /// The everyday budget in seconds on the same machine.
    pub budget_seconds: f64,
    /// Whether the worst case is over the budget (`WorstCase::is_slow`).
    pub slow: bool,
    /// The engine's one line of figures (`WorstCase::describe`).
    pub describe: String,
}

impl RulesCost {
    /// The cost of one seed under `rules`.
    pub fn of(rules: &ValidRules) -> Self {
        let w = rules.worst_case();
        Self {
            seconds: w.reference_seconds(),
            budget_seconds: w.budget as f64 * REFERENCE_NS_PER_UNIT * 1e-9,
            slow: w.is_slow(),
            describe: w.describe(),
            worst_case: w,
        }
    }
}

/// The engine's `WorstCase` serializes only; the studio's errors also read back.
fn worst_case<'de, D: Deserializer<'de>>(d: D) -> Result<WorstCase, D::Error> {
    #[derive(Deserialize)]
    struct Figures {
        simulations: u64,
        steps: u64,
        units: u64,
        budget: u64,
    }
    let f = Figures::deserialize(d)?;
    Ok(WorstCase {
        simulations: f.simulations,
        steps: f.steps,
        units: f.units,
        budget: f.budget,
    })
}

/// Slow rules that were not asked for: nothing was generated, replayed or
/// changed. Asked again with the allow flag, the same request goes through.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[error(
    "{}these rules ({rules_id}) are slow: {}; confirm to use them anyway",
    path.as_ref().map(|p| format!("{p}: ")).unwrap_or_default(),
    cost.describe
)]
pub struct SlowRules {
    /// The file that embeds or holds them (a level, solution or rules file), when
    /// they came from one; null for the draft.
    pub path: Option<String>,
    /// Their id.
    pub rules_id: String,
    /// The engine's figures.
    pub cost: RulesCost,
}

/// Refuses `rules` when they are slow and not `allowed` (`path`: where they came from).
pub fn check(rules: &ValidRules, path: Option<&Path>, allowed: bool) -> Result<(), Box<SlowRules>> {
    if allowed || !rules.is_slow() {
        return Ok(());
    }
    Err(Box::new(SlowRules {
        path: path.map(|p| p.display().to_string()),
        rules_id: rules.id().to_owned(),
        cost: RulesCost::of(rules),
    }))
}

/// Files remembered at most (the oldest forgotten first).
const REMEMBERED: usize = 16;

/// The files chosen in a native dialog of this studio and refused for their slow
/// rules: the only files a confirmation may read again without a dialog.
#[derive(Debug, Default)]
pub struct SlowFiles {
    paths: Mutex<Vec<PathBuf>>,
}

impl SlowFiles {
    /// Reads `path`, chosen in a dialog, with slow rules refused; a refusal for
    /// slow rules (`is_slow`) remembers the path for the confirmation.
    pub fn first<T, E>(
        &self,
        path: &Path,
        read: impl FnOnce(&Path, bool) -> Result<T, E>,
        is_slow: impl FnOnce(&E) -> bool,
    ) -> Result<T, E> {
        let result = read(path, false);
        if let Err(e) = &result {
            if is_slow(e) {
                let mut paths = self.paths.lock().unwrap_or_else(|e| e.into_inner());
                paths.retain(|p| p != path);
                paths.push(path.to_path_buf());
                if paths.len() > REMEMBERED {
                    paths.remove(0);
                }
            }
        }
        result
    }

    /// The file at `shown` (a path as a refusal named it), when this studio
    /// refused it for slow rules; else `not_refused` (nothing is read).
    pub fn confirmed(&self, shown: &str) -> Result<PathBuf, ShellError> {
        let paths = self.paths.lock().unwrap_or_else(|e| e.into_inner());
        paths
            .iter()
            .find(|p| p.display().to_string() == shown)
            .cloned()
            .ok_or_else(|| ShellError::NotRefused {
                path: shown.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_rules() -> ValidRules {
        let mut r = ValidRules::default().rules().clone();
        r.walls.count.max = 64;
        ValidRules::new(r).unwrap()
    }

    #[test]
    fn the_cost_is_the_engine_s_and_slow_rules_are_refused_unless_allowed() {
        let v1 = ValidRules::default();
        let cost = RulesCost::of(&v1);
        assert_eq!(cost.worst_case, v1.worst_case());
        assert!(!cost.slow);
        assert!(cost.seconds < cost.budget_seconds);
        assert!(check(&v1, None, false).is_ok());

        let slow = slow_rules();
        let cost = RulesCost::of(&slow);
        assert!(cost.slow && cost.seconds > cost.budget_seconds);
        assert_eq!(cost.describe, slow.worst_case().describe());
        assert!(check(&slow, None, true).is_ok());
        let e = check(&slow, Some(Path::new("/tmp/x.json")), false).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("/tmp/x.json"));
        assert_eq!(e.rules_id, slow.id());
        assert_eq!(e.cost, cost);
        let text = e.to_string();
        assert!(text.starts_with("/tmp/x.json: these rules ("), "{text}");
        assert!(text.contains(&cost.describe), "{text}");
    }

    #[test]
    fn the_refusal_crosses_as_json_and_reads_back() {
        let e = check(&slow_rules(), None, false).unwrap_err();
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(
            json["cost"]["worst_case"]["units"],
            serde_json::json!(slow_rules().worst_case().units)
        );
        assert_eq!(json["path"], serde_json::Value::Null);
        let back: SlowRules = serde_json::from_value(json).unwrap();
        assert_eq!(back, *e);
    }

    #[test]
    fn only_a_file_refused_for_slow_rules_can_be_confirmed() {
        let files = SlowFiles::default();
        let (a, b) = (Path::new("/tmp/a.json"), Path::new("/tmp/b.json"));
        let refused: Result<(), &str> = files.first(
            a,
            |_, allow| {
                assert!(!allow, "a first read never allows slow rules");
                Err("slow")
            },
            |e| *e == "slow",
        );
        assert!(refused.is_err());
        let _: Result<(), &str> = files.first(b, |_, _| Err("malformed"), |e| *e == "slow");
        assert_eq!(files.confirmed("/tmp/a.json").unwrap(), a);
        assert!(matches!(
            files.confirmed("/tmp/b.json"),
            Err(ShellError::NotRefused { .. })
        ));
        assert!(files.confirmed("/etc/passwd").is_err());
        for i in 0..REMEMBERED {
            let p = PathBuf::from(format!("/tmp/{i}.json"));
            let _: Result<(), ()> = files.first(&p, |_, _| Err(()), |_| true);
        }
        assert!(
            files.confirmed("/tmp/a.json").is_err(),
            "the oldest is forgotten"
        );
        assert!(files.confirmed("/tmp/0.json").is_ok());
    }
}
