//! Any bytes as a catalog file: opening it (read-only, then for writing) and
//! reading everything back never panics; a file that opens reads back only rows
//! that keep the catalog's rules, or reports them as damaged.
#![no_main]
use std::sync::atomic::AtomicBool;

use contraption_catalog::{Catalog, SeedQuery};
use libfuzzer_sys::fuzz_target;

fn read_everything(c: &mut Catalog) {
    if let Ok(scans) = c.scans() {
        for s in scans {
            assert!(s.from < s.to && s.to <= 1 << 32 && s.from <= s.next && s.next <= s.to);
        }
    }
    let rules = contraption::ValidRules::default();
    let _ = c.bookmarks(None);
    let _ = c.stats(&rules, &contraption::Criteria::everything());
    let _ = c.query(&rules, &SeedQuery::default());
    if let Ok(searches) = c.searches() {
        for s in searches {
            assert!(s.from < s.to && s.to <= 1 << 32 && s.from <= s.next && s.next <= s.to);
            assert_eq!(s.totals.seeds, s.next - s.from);
            let _ = c.search_matches(s.id);
        }
    }
    let _ = c.check_bookmarks(&rules).map(|checks| checks.len());
}

/// A scratch directory in memory where there is one (no disk syncs to wait for).
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm").unwrap_or_else(|_| tempfile::tempdir().unwrap())
}

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let path = dir.path().join("catalog.sqlite3");
    std::fs::write(&path, data).unwrap();
    // Read-only when it is a current catalog; else the ordinary open (which
    // creates, migrates or moves aside).
    if let Ok(mut opened) = Catalog::open_read_only(&path) {
        read_everything(&mut opened.catalog);
    }
    if let Ok(mut opened) = Catalog::open(&path) {
        read_everything(&mut opened.catalog);
        // A scan of a range it may already hold: validated before it is resumed.
        let rules = contraption::ValidRules::default();
        if let Ok(scan) = opened.catalog.begin_scan(&rules, 0, 2) {
            let _ = opened
                .catalog
                .run_scan(&rules, scan.id, &AtomicBool::new(false), |_| {});
        }
    }
});
