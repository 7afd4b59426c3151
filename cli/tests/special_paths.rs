//! Paths the commands must refuse at once: a FIFO, a device or a link to one
//! given as the catalog (`--db`, `CONTRAPTION_DB`) or as an output (`--csv`),
//! and an output that is one of the command's own inputs (`compare --csv B.json`
//! over rules file B). Refused means: exit 1, a message that names the file,
//! nothing changed, nothing left beside it. Every check runs the real binary.
#![cfg(unix)]

use std::path::Path;

mod support;
use support::{cmd, mkfifo, names_with, run_guarded, stderr};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_fifo_or_a_device_as_the_catalog_is_refused_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("catalog.sqlite3");
    mkfifo(&fifo);
    let link = dir.path().join("link.sqlite3");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for (db, says) in [
        (s(&fifo), "FIFO"),
        (s(&link), "FIFO"),
        ("/dev/null", "character device"),
    ] {
        for args in [
            vec!["bookmarks", "--db", db, "list"],
            vec!["bookmarks", "--db", db, "add", "7"],
            vec!["scan", "0..10", "--db", db],
        ] {
            let out = run_guarded(&mut cmd(&args));
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let err = stderr(&out);
            assert!(err.contains(says) && err.contains(db), "{args:?}: {err}");
        }
        let out = run_guarded(cmd(&["bookmarks", "list"]).env("CONTRAPTION_DB", db));
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    assert_eq!(
        names_with(dir.path(), "").len(),
        2,
        "nothing made beside them"
    );
}

fn rules_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("b.json");
    let shown = run_guarded(&mut cmd(&["rules", "show"]));
    assert!(shown.status.success());
    std::fs::write(&path, &shown.stdout).unwrap();
    path
}

#[test]
fn compare_never_writes_its_csv_over_an_input_or_a_special_file() {
    let dir = tempfile::tempdir().unwrap();
    let b = rules_file(dir.path());
    let before = std::fs::read(&b).unwrap();
    let link = dir.path().join("link-to-b.json");
    std::os::unix::fs::symlink(&b, &link).unwrap();
    for over in [&b, &link] {
        for flag in ["--csv", "--png"] {
            let out = run_guarded(&mut cmd(&["compare", "v1", s(&b), "0..5", flag, s(over)]));
            assert_eq!(out.status.code(), Some(1), "{flag} {}", over.display());
            let err = stderr(&out);
            assert!(err.contains("rules B") && err.contains("b.json"), "{err}");
        }
    }
    assert_eq!(std::fs::read(&b).unwrap(), before, "rules B untouched");
    let fifo = dir.path().join("pipe.csv");
    mkfifo(&fifo);
    for (target, says) in [(s(&fifo), "FIFO"), ("/dev/null", "character device")] {
        let out = run_guarded(&mut cmd(&["compare", "v1", s(&b), "0..5", "--csv", target]));
        assert_eq!(out.status.code(), Some(1), "{target}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    let out = run_guarded(&mut cmd(&[
        "compare",
        "v1",
        s(&b),
        "0..5",
        "--csv",
        "same",
        "--png",
        "same",
    ]));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("one file"), "{}", stderr(&out));
    assert!(names_with(dir.path(), ".tmp").is_empty());
}

#[test]
fn compare_writes_its_csv_whole_and_keeps_the_file_it_replaces_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let b = rules_file(dir.path());
    let csv = dir.path().join("ab.csv");
    std::fs::write(&csv, "old").unwrap();
    let out = run_guarded(&mut cmd(&[
        "compare",
        "v1",
        s(&b),
        "0..30",
        "--csv",
        s(&csv),
    ]));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 31, "a header and one row per seed");
    // A command refused for another reason leaves the old file as it was.
    std::fs::write(&csv, "old").unwrap();
    let out = run_guarded(&mut cmd(&[
        "compare",
        "v1",
        s(&b),
        "0..30",
        "--csv",
        s(&csv),
        "--png",
        s(&dir.path().join("x.png")),
        "--x",
        "nonsense",
    ]));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "old");
    assert!(names_with(dir.path(), ".tmp").is_empty());
    // Export and render never write over the --rules file they play by.
    for args in [
        vec!["--rules", s(&b), "export", "3", "-o", s(&b)],
        vec![
            "--rules",
            s(&b),
            "render",
            "3",
            "-o",
            s(&link_to(&b, dir.path())),
        ],
    ] {
        let out = run_guarded(&mut cmd(&args));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("--rules file"), "{}", stderr(&out));
    }
}

fn link_to(target: &Path, dir: &Path) -> std::path::PathBuf {
    let link = dir.join("rules-link.json");
    if !link.exists() {
        std::os::unix::fs::symlink(target, &link).unwrap();
    }
    link
}
