//! A/B over a seed range: the range scanned into the catalog under rules A and
//! under rules B (catalog rows are keyed by rules id, so a range already stored
//! under some rules is not scanned again; scans run as one cancellable job and
//! resume), then compared side by side with the engine's `compare` figures; the
//! seeds whose shipped level changed; and the bookmarks and upcoming daily levels
//! that would change.
//!
//! `run` scans both sides, `report` compares them, `csv` writes the comparison,
//! `would_change` lists the bookmarks and days whose level differs.

mod csv;
mod report;
mod run;
mod would_change;

pub use csv::{write_csv, CsvFailure};
pub(crate) use report::each_pair;
pub use report::{report, AbReport, ChangedSeed, SideRules};
pub use run::{run_ab, stored, AbEvent, AbOutcome};
pub use would_change::{would_change, ChangedBookmark, ChangedDay, WouldChange};

use contraption::criteria::Field;
use contraption::{Criteria, ValidRules};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::CatalogViewError;
use crate::rules_book::RulesBook;
use crate::rules_draft::DraftStore;

type Result<T, E = CatalogViewError> = std::result::Result<T, E>;

/// At most this many changed seeds are listed (all of them are counted).
pub const MAX_LISTED_CHANGED: usize = 2000;

/// Upcoming daily levels checked: today and the days after it.
pub const UPCOMING_DAYS: u32 = 30;

/// Rows read from the catalog at a time while comparing.
const PAGE: u32 = 1000;

/// Which rules a side of the comparison uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AbRules {
    /// The rules in force.
    InForce,
    /// The Rules view's draft.
    Draft,
    /// The default rules (v1).
    Default,
}

/// The rules of `which`.
pub fn resolve(which: AbRules, book: &RulesBook, draft: &DraftStore) -> ValidRules {
    match which {
        AbRules::InForce => book.in_force(),
        AbRules::Draft => draft.get(),
        AbRules::Default => ValidRules::default(),
    }
}

/// A side: A or B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AbSide {
    A,
    B,
}

/// The criteria of the seeds `from..=last`.
fn seeds_within(from: u64, last: u64) -> Criteria {
    Criteria::Within {
        field: Field::Seed,
        lo: from as i64,
        hi: last as i64,
    }
}
