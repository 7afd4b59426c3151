//! The catalog in the studio: scanned seeds, statistics, bookmarks, the daily
//! calendar and thumbnails. Only the catalog crate (`contraption-catalog`) and the
//! engine decide; this holds the open catalog (`CatalogState`), runs scans as
//! cancellable jobs (`scan`), draws the worlds the views show (`pictures`), writes
//! a chart's data as CSV (`table`) and reads a whole-range summary file for the
//! Statistics view (`summary_file`), and compares seeds side by side (`compare`).

mod pictures;
mod scan;
mod search;
mod side_by_side;
mod state;
mod summary_file;
mod table;

use contraption::{parse_criteria_for, Criteria, ValidRules};
use contraption_catalog::{
    Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery, CatalogError, SeedPage, SeedQuery,
    SortKey, Stats,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use pictures::{
    calendar_month, thumbnails, CalendarDay, CalendarMonth, Thumbnail, MAX_THUMBNAILS,
};
pub use scan::{
    check_range, eta_seconds, run_scan, scan_under, seeds_per_second, ScanEvent, ScanOutcome,
    SEED_END,
};
pub use search::{run_search, search, SearchEvent, SearchInfo, SearchOutcome, SearchTotals};
pub use side_by_side::{side_by_side, ComparedAttempt, ComparedSeed, MAX_COMPARED, MIN_COMPARED};
pub use state::{CatalogInfo, CatalogState, ScanSlot};
pub use summary_file::{parse_summary, read_summary_file, RangeSummary, MAX_SUMMARY_FILE_BYTES};
pub use table::{write_table, ChartTable, MAX_CELL_CHARS, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS};

/// Everything the catalog views can refuse or fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CatalogViewError {
    /// The catalog itself failed (its own typed error).
    #[error("{error}")]
    Catalog { error: CatalogError },
    /// The catalog file could not be opened at start-up, so nothing can be stored.
    #[error("the catalog is not available: {message}")]
    Unavailable { message: String },
    /// The criteria text (the engine's language, `parse_criteria`) was refused:
    /// what is wrong, and where (`at`: the character, counted from 0).
    #[error("{message} (at character {})", .at + 1)]
    Criteria { at: usize, message: String },
    #[error("a scan needs FROM < TO ≤ 4294967296 (TO excluded); got {from}..{to}")]
    InvalidRange {
        #[ts(type = "number")]
        from: u64,
        #[ts(type = "number")]
        to: u64,
    },
    #[error("a scan or a search is already running; cancel it or wait for it to finish")]
    ScanRunning,
    #[error("{year}-{month} is not a month")]
    NoSuchMonth { year: i32, month: u32 },
    #[error("at most {max} thumbnails per request (asked for {asked})")]
    TooManyThumbnails { asked: usize, max: usize },
    /// An A/B comparison needs the whole range stored under both rules.
    #[error("the range is not scanned under the rules {rules_id} yet ({stored} of {total} seeds stored); run the A/B scan first")]
    NotScanned {
        rules_id: String,
        #[ts(type = "number")]
        stored: u64,
        #[ts(type = "number")]
        total: u64,
    },
    /// A chart's table was refused (nothing was written).
    #[error("the chart's table was refused: {reason}")]
    BadTable { reason: String },
    /// A whole-range summary file was refused; the view keeps what it showed.
    #[error("{path} was refused: {reason}")]
    SummaryFile { path: String, reason: String },
    /// A file the catalog views read or write (a summary file, a chart's CSV).
    #[error("{0}")]
    CatalogIo(crate::files::FileError),
    /// A comparison is of `min` to `max` distinct seeds.
    #[error("compare {min} to {max} different seeds (got {asked}, {different} different)")]
    CompareSeeds {
        asked: usize,
        different: usize,
        min: usize,
        max: usize,
    },
}

impl From<CatalogError> for CatalogViewError {
    fn from(error: CatalogError) -> Self {
        CatalogViewError::Catalog { error }
    }
}

type Result<T, E = CatalogViewError> = std::result::Result<T, E>;

/// Which rows the browser wants, in which order, which page: the criteria as the
/// user typed them (the engine's language), parsed here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeedRequest {
    /// Criteria text, e.g. `solving <= 3 and not fallback`; empty keeps every row.
    pub criteria: String,
    /// Only the matches of this search (a `SearchInfo`'s id), when set.
    #[ts(type = "number | null")]
    pub search: Option<i64>,
    pub sort: SortKey,
    pub descending: bool,
    pub offset: u32,
    /// At most 1000.
    pub limit: u32,
}

impl Default for SeedRequest {
    fn default() -> Self {
        Self {
            criteria: String::new(),
            search: None,
            sort: SortKey::Seed,
            descending: false,
            offset: 0,
            limit: 100,
        }
    }
}

/// Criteria text the user typed, read by the engine's one parser under the
/// rules in force (`solves N` names a placement of their sweep). The error's
/// position is a character index (the engine's is a byte offset), so the UI can
/// point under the character.
pub fn criteria(text: &str, rules: &ValidRules) -> Result<Criteria> {
    parse_criteria_for(text, rules).map_err(|e| {
        let at = text.char_indices().take_while(|&(i, _)| i < e.at).count();
        CatalogViewError::Criteria {
            at,
            message: e.message,
        }
    })
}

/// The seeds that match, one page, with the criteria's canonical text (what the
/// filter box echoes).
pub fn query(state: &CatalogState, rules: &ValidRules, q: &SeedRequest) -> Result<SeedPage> {
    let query = SeedQuery {
        criteria: criteria(&q.criteria, rules)?,
        search: q.search,
        sort: q.sort,
        descending: q.descending,
        offset: q.offset,
        limit: q.limit,
    };
    state.with(|c| c.query(rules, &query))
}

/// Statistics over exactly the rows `query` would return with the same rules and criteria.
pub fn stats(state: &CatalogState, rules: &ValidRules, criteria_text: &str) -> Result<Stats> {
    let criteria = criteria(criteria_text, rules)?;
    state.with(|c| c.stats(rules, &criteria))
}

/// The bookmarks that match, newest first.
pub fn bookmarks(state: &CatalogState, query: &BookmarkQuery) -> Result<Vec<Bookmark>> {
    state.with(|c| c.find_bookmarks(query))
}

/// Bookmarks `seed` under `rules` (the rules in force); a seed already bookmarked
/// under them is refused (`already_bookmarked`, naming the existing bookmark,
/// which the UI offers to edit instead).
pub fn add_bookmark(
    state: &CatalogState,
    rules: &ValidRules,
    seed: u32,
    input: &BookmarkInput,
) -> Result<Bookmark> {
    state.with(|c| c.add_bookmark(rules, seed, input))
}

pub fn update_bookmark(state: &CatalogState, id: i64, input: &BookmarkInput) -> Result<Bookmark> {
    state.with(|c| c.update_bookmark(id, input))
}

pub fn delete_bookmark(state: &CatalogState, id: i64) -> Result<()> {
    state.with(|c| c.delete_bookmark(id))
}

/// Regenerates every seed bookmarked under `rules` (the rules in force) and reports
/// the levels that changed; bookmarks of other rules are not checked.
pub fn check_bookmarks(state: &CatalogState, rules: &ValidRules) -> Result<Vec<BookmarkCheck>> {
    state.with(|c| c.check_bookmarks(rules))
}
