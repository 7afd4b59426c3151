//! The bookmarks and upcoming daily levels whose shipped level differs between A and B.

use contraption::{generate, GenerateOptions, ValidRules};
use contraption_catalog::BookmarkQuery;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::CatalogState;

use super::Result;
use super::UPCOMING_DAYS;

/// A bookmark whose level would change between A and B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChangedBookmark {
    #[ts(type = "number")]
    pub id: i64,
    pub seed: u32,
    pub note: String,
    pub a_hash: String,
    pub b_hash: String,
}

/// An upcoming daily level that would change between A and B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChangedDay {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub seed: u32,
    pub a_hash: String,
    pub b_hash: String,
}

/// The bookmarks and upcoming daily levels whose shipped level differs between A
/// and B (generated in game mode, compared by level hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct WouldChange {
    pub bookmarks_checked: u32,
    pub bookmarks: Vec<ChangedBookmark>,
    /// Today and the days after it.
    pub days_checked: u32,
    pub days: Vec<ChangedDay>,
}

fn shipped_hash(rules: &ValidRules, seed: u32) -> String {
    generate(rules, seed, &GenerateOptions::game())
        .shipped
        .level_hash
}

/// Which bookmarks and which of the `UPCOMING_DAYS` days from `today` change.
pub fn would_change(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    today: chrono::NaiveDate,
) -> Result<WouldChange> {
    let marks = state.with(|c| c.find_bookmarks(&BookmarkQuery::default()))?;
    let mut out = WouldChange {
        bookmarks_checked: marks.len() as u32,
        bookmarks: Vec::new(),
        days_checked: UPCOMING_DAYS,
        days: Vec::new(),
    };
    for m in marks {
        let (x, y) = (shipped_hash(a, m.seed), shipped_hash(b, m.seed));
        if x != y {
            out.bookmarks.push(ChangedBookmark {
                id: m.id,
                seed: m.seed,
                note: m.note,
                a_hash: x,
                b_hash: y,
            });
        }
    }
    out.bookmarks.sort_by_key(|m| (m.seed, m.id));
    for date in today.iter_days().take(UPCOMING_DAYS as usize) {
        let seed = contraption::daily_seed(date);
        let (x, y) = (shipped_hash(a, seed), shipped_hash(b, seed));
        if x != y {
            out.days.push(ChangedDay {
                date: date.format("%Y-%m-%d").to_string(),
                seed,
                a_hash: x,
                b_hash: y,
            });
        }
    }
    Ok(out)
}
