//! Opening paths that are not catalogs yet, or not quite: FIFOs, devices and
//! links to them (refused at once, never opened), a file with our application id
//! and no tables (made in place), one with some of its tables missing (moved
//! aside), and refused files with nothing created beside them.
#![cfg(unix)]

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use contraption_catalog::{Catalog, CatalogError, APPLICATION_ID, SCHEMA_VERSION};

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `open` on a thread and fails the test if it has not answered in 20 s:
/// a guard against a hang (an open that blocks on a FIFO), not a measure of speed.
fn answers<T: Send + 'static>(open: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(open());
    });
    rx.recv_timeout(Duration::from_secs(20))
        .expect("the open was still blocked after 20 s: it hangs")
}

#[test]
fn fifos_devices_and_links_to_them_are_refused_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.sqlite3");
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .unwrap();
    let link = dir.path().join("link.sqlite3");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for (path, kind) in [
        (fifo.clone(), "FIFO"),
        (link.clone(), "FIFO"),
        ("/dev/null".into(), "character device"),
        (dir.path().to_owned(), "directory"),
    ] {
        for read_only in [false, true] {
            let p = path.clone();
            let opened = answers(move || {
                if read_only {
                    Catalog::open_read_only(&p).map(|_| ())
                } else {
                    Catalog::open(&p).map(|_| ())
                }
            });
            let err = opened.expect_err("refused").to_string();
            assert!(err.contains(kind), "{}: {err}", path.display());
        }
    }
    assert_eq!(names(dir.path()), ["link.sqlite3", "pipe.sqlite3"]);
}

#[test]
fn a_file_with_our_id_and_no_tables_is_made_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        raw.pragma_update(None, "user_version", 1).unwrap();
    }
    let opened = Catalog::open(&path).unwrap();
    assert!(
        opened.moved_aside.is_none(),
        "nothing to keep, nothing moved"
    );
    let mut c = opened.catalog;
    assert_eq!(c.schema_version().unwrap(), SCHEMA_VERSION);
    let rules = contraption::ValidRules::default();
    let scan = c.begin_scan(&rules, 0, 3).unwrap();
    c.run_scan(&rules, scan.id, &Default::default(), |_| {})
        .unwrap();
    assert_eq!(c.row_count().unwrap(), 3);
    assert_eq!(names(dir.path())[0], "catalog.sqlite3");
}

#[test]
fn a_catalog_missing_one_of_its_tables_is_moved_aside() {
    for table in ["scans", "searches"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.sqlite3");
        drop(Catalog::open(&path).unwrap());
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(&format!("DROP TABLE {table}"))
            .unwrap();
        let opened = Catalog::open(&path).unwrap();
        let reason = opened.reason.expect("moved aside");
        assert!(
            reason.contains("half-made") && reason.contains(table),
            "{reason}"
        );
        let aside = opened.moved_aside.unwrap();
        assert!(aside.exists(), "kept, never deleted");
        assert_eq!(opened.catalog.schema_version().unwrap(), SCHEMA_VERSION);
    }
}

#[test]
fn a_refused_catalog_gets_nothing_created_beside_it() {
    for journal in ["DELETE", "WAL"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.sqlite3");
        drop(Catalog::open(&path).unwrap());
        {
            let raw = rusqlite::Connection::open(&path).unwrap();
            raw.pragma_update(None, "journal_mode", journal).unwrap();
            raw.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
                .unwrap();
        }
        assert_eq!(names(dir.path()), ["catalog.sqlite3"], "{journal}");
        for open in [Catalog::open, Catalog::open_read_only] {
            assert!(matches!(open(&path), Err(CatalogError::NewerSchema { .. })));
            assert_eq!(names(dir.path()), ["catalog.sqlite3"], "{journal}");
        }
    }
}
