//! The studio's catalog: one SQLite file (rusqlite, bundled SQLite) holding scanned
//! seeds, the scans and searches that produced them (jobs that resume, one
//! runner at a time: `catalog/src/job/`), bookmarks, and the tallies of rule sets
//! over seed ranges that tunes keep (`tallies.rs`).
//!
//! Every write is a transaction, so a process killed mid-scan or mid-edit loses
//! nothing that was committed. A file that is not ours or is damaged is moved aside
//! (never deleted) and a fresh catalog is created in its place.

mod bookmarks;
mod criteria_sql;
mod error;
mod file_check;
mod job;
mod scan;
mod search;
mod seeds;
mod store;
mod tallies;

pub use bookmarks::{Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery};
pub use criteria_sql::criteria_sql;
pub use error::CatalogError;
pub use job::{JobEvent, JobRun, ScanEnd, ScanState, LEASE_SECONDS};
pub use scan::{ScanEvent, ScanProgress, ScanRecord, ScanRun, SCAN_CHUNK};
pub use search::{search_batch, SearchRecord, SEARCH_BATCH};
pub use seeds::{SeedPage, SeedQuery, SeedRow, SortKey, Stats};
pub use store::{default_path, Catalog, Opened, APPLICATION_ID, SCHEMA_VERSION};
pub use tallies::TallyId;
