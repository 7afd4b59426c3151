//! Edited levels: a seed's candidate with a designer's pins, as a level file
//! (schema version 3). It says it was edited (its `edited` field holds the pins),
//! and it is verified against its own content: the pins are applied to the seed's
//! draws again, the candidate is judged again (its preSolved check and sweep), and
//! both must equal the file. Its verdict is the candidate's own, never the seed's.

use crate::files::level_file::{LevelFile, LevelVerdict, LEVEL_FORMAT, LEVEL_SCHEMA_EDITED};
use crate::generate::pins::{Pin, PinError};
use crate::generate::report::Verdict;
use crate::generate::sweep::sweep_placement;
use crate::generate::what_if::what_if;
use crate::rules::valid::ValidRules;
use crate::rules::value::RULES_VERSION;

/// The level file of `seed`'s pinned candidate under `rules` (the last attempt a
/// pin touches), judged on its own.
pub fn export_edited_level(
    rules: &ValidRules,
    seed: u32,
    pins: &[Pin],
) -> Result<LevelFile, PinError> {
    if pins.is_empty() {
        return Err(PinError::Malformed {
            text: String::new(),
            expected: "an edited level has at least one pin".into(),
        });
    }
    let w = what_if(rules, seed, pins, 0)?;
    let c = w.candidate;
    let solution = match c.verdict {
        Verdict::Accepted => c
            .sweep
            .as_ref()
            .and_then(|s| s.game_stop)
            .map(|stop| sweep_placement(rules, stop as usize)),
        _ => None,
    };
    let pinned: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
    let mut file = LevelFile {
        format: LEVEL_FORMAT.to_owned(),
        schema_version: LEVEL_SCHEMA_EDITED,
        rules_version: RULES_VERSION,
        rules_id: Some(rules.id().to_owned()),
        rules: (!rules.is_default()).then(|| rules.clone()),
        seed,
        daily_key: None,
        level: c.world,
        level_hash: c.level_hash,
        verdict: LevelVerdict {
            shipped_attempt: c.index,
            fallback: false,
            all_pre_solved: false,
            solution,
            reason: format!(
                "edited: attempt {} of seed {seed} with {} ({}); {}",
                c.index,
                if pins.len() == 1 { "a pin" } else { "pins" },
                pinned.join(", "),
                c.reason
            ),
        },
        edited: Some(pins.to_vec()),
        file_hash: None,
    };
    file.file_hash = Some(file.computed_file_hash());
    Ok(file)
}

/// What an edited file should say now: its pins applied again under its rules.
/// Pins this engine refuses (which the reader lets through only when they are
/// well formed and within the rules' attempts, e.g. a value outside its range)
/// give a file with no pins and a reason that says why: always drift, whatever
/// the file says.
pub(crate) fn edited_now(rules: &ValidRules, file: &LevelFile, pins: &[Pin]) -> LevelFile {
    match export_edited_level(rules, file.seed, pins) {
        Ok(now) => now,
        Err(e) => {
            // Nothing a file can say matches this: an edited file always has pins.
            let mut now = file.clone();
            now.edited = None;
            now.verdict.reason = format!("the pins are refused: {e}");
            now
        }
    }
}
