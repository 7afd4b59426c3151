//! Any values in a catalog's scans, seeds and bookmarks rows (as a damaged or
//! hand-edited file holds them): every reader either refuses them as damaged data
//! or returns values that keep the catalog's rules; none panics.
#![no_main]
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use contraption_catalog::{Catalog, ScanState, SeedQuery};
use libfuzzer_sys::{arbitrary, fuzz_target};

#[derive(Debug, arbitrary::Arbitrary)]
struct Rows {
    from: i64,
    to: i64,
    next: i64,
    rules_version: i64,
    rules_id: String,
    state: String,
    lease_owner: Option<String>,
    lease_until: Option<i64>,
    seed: i64,
    shipped: String,
    attempts: i64,
    pre_solved: i64,
    solving: i64,
    solving_mask: Vec<u8>,
    tags: String,
    bookmark_seed: i64,
}

/// A fresh catalog file's bytes, made once.
fn template() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = scratch();
        let path = dir.path().join("t.sqlite3");
        drop(Catalog::open(&path).unwrap());
        let c = rusqlite::Connection::open(&path).unwrap();
        c.pragma_update(None, "journal_mode", "DELETE").unwrap();
        drop(c);
        std::fs::read(&path).unwrap()
    })
}

/// A scratch directory in memory where there is one (no disk syncs to wait for).
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm").unwrap_or_else(|_| tempfile::tempdir().unwrap())
}

fuzz_target!(|rows: Rows| {
    let dir = scratch();
    let path = dir.path().join("catalog.sqlite3");
    std::fs::write(&path, template()).unwrap();
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute(
            "INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, state, lease_owner, lease_until, rules_id) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            rusqlite::params![
                rows.from,
                rows.to,
                rows.next,
                rows.rules_version,
                rows.state,
                rows.lease_owner,
                rows.lease_until,
                rows.rules_id
            ],
        )
        .unwrap();
        c.execute(
            "INSERT INTO seeds (rules_id, seed, rules_version, shipped, attempts, fallback, pre_solved, \
             solving, solving_mask, walls, ramps, fans, bumpers, gears, level_hash) \
             VALUES ('010786ff88f4', ?1, 1, ?2, ?3, 0, ?4, ?5, ?6, 1, 1, 0, 0, 0, 'h')",
            rusqlite::params![
                rows.seed,
                rows.shipped,
                rows.attempts,
                rows.pre_solved,
                rows.solving,
                rows.solving_mask
            ],
        )
        .unwrap();
        c.execute(
            "INSERT INTO bookmarks (seed, note, tags, level_hash, rules_version, created_at, updated_at) \
             VALUES (?1, '', ?2, 'h', 1, '', '')",
            rusqlite::params![rows.bookmark_seed, rows.tags],
        )
        .unwrap();
    }
    let mut c = Catalog::open(&path).unwrap().catalog;
    let rules = contraption::ValidRules::default();
    match c.scan(1) {
        Ok(s) => {
            assert!(s.from < s.to && s.to <= 1 << 32, "{s:?}");
            assert!(s.from <= s.next && s.next <= s.to, "{s:?}");
            assert!(s.state != ScanState::Done || s.next == s.to, "{s:?}");
            assert_eq!(c.scans().unwrap(), vec![s.clone()]);
            // Resuming it stores only seeds of its range (a tiny range only).
            if s.to - s.next <= 4 {
                let _ = c.run_scan(&rules, 1, &AtomicBool::new(false), |_| {});
            }
        }
        Err(e) => assert!(e.to_string().contains("damaged data"), "{e}"),
    }
    if let Ok(stats) = c.stats(&rules, &contraption::Criteria::everything()) {
        assert!(stats.seeds <= 1);
    }
    let _ = c.query(&rules, &SeedQuery::default());
    if let Ok(b) = c.bookmarks(None) {
        assert!(b.iter().all(|b| i64::from(b.seed) == rows.bookmark_seed));
    }
});
