//! `scan --db` and `bookmarks` against a real catalog file, including a scan
//! whose process is killed mid-write.

use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::{cargo::CommandCargoExt, Command};
use serde_json::Value;

fn run_json(args: &[&str]) -> Value {
    let out = Command::cargo_bin("contraption")
        .unwrap()
        .args(args)
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

fn rows_in(path: &std::path::Path) -> (i64, i64, String) {
    let c = rusqlite::Connection::open(path).unwrap();
    // The scanner may not have created its tables yet: that is no rows.
    let rows: i64 = c
        .query_row("SELECT count(*) FROM seeds", [], |r| r.get(0))
        .unwrap_or(0);
    let (next, state) = c
        .query_row(
            "SELECT next_seed, state FROM scans ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap_or((0, String::new()));
    (rows, next, state)
}

#[test]
fn scan_into_a_catalog_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    let v = run_json(&["scan", "0..300", "--db", db_s, "--json"]);
    assert_eq!(v["scan"]["state"], "done");
    assert_eq!(v["stats"]["seeds"], 300);
    let plain = run_json(&["scan", "0..300", "--json"]);
    assert_eq!(v["stats"]["fallback"], plain["summary"]["fallback"]);
    // The rows equal what `scan` prints.
    let c = rusqlite::Connection::open(&db).unwrap();
    for row in plain["seeds"].as_array().unwrap().iter().step_by(29) {
        let (hash, solving): (String, i64) = c
            .query_row(
                "SELECT level_hash, solving FROM seeds WHERE seed = ?1",
                [row["seed"].as_i64().unwrap()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(hash, row["level_hash"].as_str().unwrap());
        assert_eq!(solving, row["solving"].as_i64().unwrap());
    }
}

#[test]
fn a_scan_killed_mid_write_loses_nothing_committed_and_stays_resumable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    /// Kills the scanner even when an assertion fails first.
    struct KillOnDrop(std::process::Child);
    impl Drop for KillOnDrop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = KillOnDrop(
        Process::cargo_bin("contraption")
            .unwrap()
            .args(["scan", "0..200000", "--db", db_s])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    // Wait until at least two chunks are committed, then kill -9.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        std::thread::sleep(Duration::from_millis(50));
        if db.exists() && rows_in(&db).0 >= 512 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the scan never committed two chunks"
        );
    }
    child.0.kill().unwrap();
    child.0.wait().unwrap();
    let (rows, next, state) = rows_in(&db);
    // Exactly the committed chunks are there: every seed below next_seed, none above.
    assert_eq!(
        rows, next,
        "rows and the scan's position were committed together"
    );
    assert_eq!(state, "running", "a killed scan is left resumable");
    let c = rusqlite::Connection::open(&db).unwrap();
    let check: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let max: i64 = c
        .query_row("SELECT max(seed) FROM seeds", [], |r| r.get(0))
        .unwrap();
    assert_eq!(max, next - 1);
    drop(c);
    // Bookmarks written meanwhile survive too, and the catalog still opens.
    run_json(&[
        "bookmarks",
        "--db",
        db_s,
        "add",
        "5",
        "--note",
        "after the crash",
        "--json",
    ]);
    let list = run_json(&["bookmarks", "--db", db_s, "list", "--json"]);
    assert_eq!(list[0]["note"], "after the crash");
}

#[test]
fn bookmarks_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    let added = run_json(&[
        "bookmarks",
        "--db",
        db_s,
        "add",
        "0x2A",
        "--note",
        "one ramp",
        "--tag",
        "hard",
        "--json",
    ]);
    assert_eq!(added["seed"], 42);
    let id = added["id"].as_i64().unwrap().to_string();
    run_json(&[
        "bookmarks",
        "--db",
        db_s,
        "edit",
        &id,
        "--note",
        "two ramps",
        "--tag",
        "easy",
        "--json",
    ]);
    let found = run_json(&[
        "bookmarks",
        "--db",
        db_s,
        "list",
        "--search",
        "easy",
        "--json",
    ]);
    assert_eq!(found[0]["note"], "two ramps");
    let checked = run_json(&["bookmarks", "--db", db_s, "check", "--json"]);
    assert_eq!(checked[0]["changed"], false);
    // A bookmark whose level changed: exit 3, and the report says so.
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute("UPDATE bookmarks SET level_hash = '0000000000000000'", [])
        .unwrap();
    drop(c);
    let out = Command::cargo_bin("contraption")
        .unwrap()
        .args(["bookmarks", "--db", db_s, "check"])
        .assert()
        .code(3)
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("CHANGED"));
    Command::cargo_bin("contraption")
        .unwrap()
        .args(["bookmarks", "--db", db_s, "remove", &id])
        .assert()
        .success();
    Command::cargo_bin("contraption")
        .unwrap()
        .args(["bookmarks", "--db", db_s, "remove", &id])
        .assert()
        .failure()
        .stderr(predicates::str::contains("no bookmark"));
    // A corrupt catalog is moved aside with a message, and a fresh one is used.
    std::fs::write(&db, "garbage").unwrap();
    let _ = std::fs::remove_file(dir.path().join("c.sqlite3-wal"));
    let _ = std::fs::remove_file(dir.path().join("c.sqlite3-shm"));
    Command::cargo_bin("contraption")
        .unwrap()
        .args(["bookmarks", "--db", db_s, "list"])
        .assert()
        .success()
        .stderr(predicates::str::contains("moved to"));
    assert_eq!(
        std::fs::read(dir.path().join("c.sqlite3.unusable-1")).unwrap(),
        b"garbage"
    );
}
