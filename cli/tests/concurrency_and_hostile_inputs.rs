//! The command line under attack: concurrent processes on a new catalog, inputs
//! that never end, FIFOs with no writer, special output paths, escape sequences
//! in user data, files from a newer studio, read-only catalogs. Every check runs
//! the real `contraption` binary.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

mod support;
use support::{cmd, mkfifo, names_with, run_guarded, stderr, wait_guarded};

// ---- 1. Several processes create one catalog at once --------------------------------

#[test]
fn processes_started_together_on_a_new_catalog_all_succeed_and_every_write_is_kept() {
    let trials = 50;
    for trial in 0..trials {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("new.sqlite3");
        let db_s = db.to_str().unwrap();
        let note_a = format!("trial {trial} a");
        let note_b = format!("trial {trial} b");
        let jobs: Vec<Vec<&str>> = vec![
            vec!["bookmarks", "--db", db_s, "add", "7", "--note", &note_a],
            vec!["scan", "0..6", "--db", db_s],
            vec!["bookmarks", "--db", db_s, "add", "8", "--note", &note_b],
            vec!["scan", "6..12", "--db", db_s],
        ];
        let children: Vec<Child> = jobs
            .iter()
            .map(|args| {
                cmd(args)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for (args, child) in jobs.iter().zip(children) {
            let out = wait_guarded(child, Duration::from_secs(120));
            assert!(
                out.status.success(),
                "trial {trial}: {args:?} failed: {}",
                stderr(&out)
            );
            assert!(
                !stderr(&out).contains("moved"),
                "trial {trial}: {}",
                stderr(&out)
            );
        }
        // Every acknowledged write is in the one catalog; nothing was moved aside.
        assert!(
            names_with(dir.path(), "unusable").is_empty(),
            "trial {trial}"
        );
        let c = rusqlite::Connection::open(&db).unwrap();
        let notes: Vec<String> = c
            .prepare("SELECT note FROM bookmarks ORDER BY note")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(notes, [note_a.clone(), note_b.clone()], "trial {trial}");
        let seeds: i64 = c
            .query_row("SELECT count(*) FROM seeds", [], |r| r.get(0))
            .unwrap();
        assert_eq!(seeds, 12, "trial {trial}");
        let done: i64 = c
            .query_row("SELECT count(*) FROM scans WHERE state = 'done'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(done, 2, "trial {trial}");
    }
}

// ---- 8. Two scans of one range share the work --------------------------------------

#[test]
fn two_scans_of_the_same_range_at_once_do_the_work_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    // Create the catalog first so both start on the scan, not on the creation.
    assert!(run_guarded(&mut cmd(&["bookmarks", "--db", db_s, "list"]))
        .status
        .success());
    let children: Vec<Child> = (0..2)
        .map(|_| {
            cmd(&["scan", "0..2048", "--db", db_s, "--json"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outs: Vec<Output> = children
        .into_iter()
        .map(|c| wait_guarded(c, Duration::from_secs(300)))
        .collect();
    let mut summarised = 0;
    for out in &outs {
        assert!(out.status.success(), "{}", stderr(out));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["scan"]["state"], "done");
        assert_eq!(v["stats"]["seeds"], 2048);
        summarised += v["summarised_here"].as_u64().unwrap();
    }
    assert_eq!(summarised, 2048, "every seed summarised once, not twice");
    assert!(
        outs.iter().any(|o| stderr(o).contains("waiting for it")),
        "one scan said it waits for the other"
    );
}

// ---- 3. Bounded memory, bounded input, no hang -------------------------------------

/// Runs the binary with its address space limited to 1 GiB.
fn limited(args: &[&str]) -> Command {
    let mut c = cmd(args);
    unsafe {
        c.pre_exec(|| {
            let limit = rustix::process::Rlimit {
                current: Some(1 << 30),
                maximum: Some(1 << 30),
            };
            rustix::process::setrlimit(rustix::process::Resource::As, limit)
                .map_err(std::io::Error::from)
        });
    }
    c
}

/// Reads the first `n` bytes of the command's stdout, then closes it (like
/// `| head -c n`); returns them and how the command ended.
fn head(mut c: Command, n: usize) -> (Vec<u8>, ExitStatus, String) {
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut bytes = vec![0; n];
    stdout.read_exact(&mut bytes).unwrap();
    drop(stdout);
    let out = wait_guarded(child, Duration::from_secs(120));
    (bytes, out.status, stderr(&out))
}

#[test]
fn scanning_the_whole_seed_space_streams_in_bounded_memory() {
    let (bytes, status, err) = head(limited(&["scan", "0..4294967296", "--json"]), 1_000_000);
    assert!(status.success(), "{status:?} {err}");
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.starts_with("{\"seeds\":[\n{\"seed\":0,"),
        "{}",
        &text[..80]
    );
    // Rows arrive in seed order, one per line.
    let seeds: Vec<u64> = text
        .lines()
        .skip(1)
        .filter_map(|l| serde_json::from_str::<Value>(l.trim_end_matches(',')).ok())
        .map(|v| v["seed"].as_u64().unwrap())
        .collect();
    assert!(seeds.len() > 1000);
    assert!(seeds.iter().enumerate().all(|(i, &s)| s == i as u64));
}

#[test]
fn a_streamed_scan_is_the_documented_object_in_seed_order() {
    let out = run_guarded(&mut cmd(&["scan", "5..2100", "--json"]));
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let seeds = v["seeds"].as_array().unwrap();
    assert_eq!(seeds.len(), 2095);
    assert!(seeds
        .iter()
        .enumerate()
        .all(|(i, r)| r["seed"] == 5 + i as u64));
    assert_eq!(v["summary"]["seeds"], 2095);
    assert_eq!(support::histogram_seeds(&v["summary"]), 2095);
}

#[test]
fn rng_streams_four_billion_draws_in_bounded_memory() {
    let (bytes, status, err) = head(limited(&["rng", "42", "--count", "4294967295"]), 1_000_000);
    assert!(status.success(), "{status:?} {err}");
    assert!(String::from_utf8(bytes)
        .unwrap()
        .starts_with("0.6011037519201636\n0.44829055899754167\n"));
}

#[test]
fn endless_and_oversized_inputs_are_refused_before_they_fill_memory() {
    // simulate - reading /dev/zero: cut at the limit, refused, in bounded memory.
    let out = wait_guarded(
        limited(&["simulate", "-"])
            .stdin(std::fs::File::open("/dev/zero").unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
        Duration::from_secs(120),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("larger than 1048576 bytes"),
        "{}",
        stderr(&out)
    );
    // /dev/zero as a file: not a regular file, refused without reading.
    for command in ["verify", "replay", "simulate"] {
        let out = run_guarded(limited(&[command, "/dev/zero"]).stdout(Stdio::piped()));
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(
            stderr(&out).contains("character device"),
            "{command}: {}",
            stderr(&out)
        );
    }
    // A level file of 64 KiB + 1 bytes is refused before it is read.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    std::fs::write(&big, vec![b' '; 65_537]).unwrap();
    for command in ["verify", "replay"] {
        let out = run_guarded(&mut cmd(&[command, big.to_str().unwrap()]));
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("larger than 65536 bytes"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn simulate_refuses_more_than_64_placements() {
    let report: Value =
        serde_json::from_slice(&run_guarded(&mut cmd(&["generate", "42", "--json"])).stdout)
            .unwrap();
    let world = &report["shipped"]["world"];
    let solution = &report["shipped"]["solution"];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.json");
    for (n, ok) in [(64, true), (65, false), (20_000, false)] {
        let scene = serde_json::json!({ "world": world, "placements": vec![solution; n] });
        std::fs::write(&path, scene.to_string()).unwrap();
        let out = run_guarded(&mut cmd(&["simulate", path.to_str().unwrap()]));
        assert_eq!(out.status.success(), ok, "{n}: {}", stderr(&out));
        if !ok {
            assert!(stderr(&out).contains("at most 64"), "{}", stderr(&out));
        }
    }
}

#[test]
fn a_fifo_with_no_writer_is_refused_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.json");
    mkfifo(&fifo);
    for command in ["verify", "replay", "simulate"] {
        let out = run_guarded(&mut cmd(&[command, fifo.to_str().unwrap()]));
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(stderr(&out).contains("FIFO"), "{command}: {}", stderr(&out));
    }
}

// ---- 4. Output paths that are not plain files ---------------------------------------

#[test]
fn export_and_render_refuse_special_files_and_write_through_links() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let null_link = dir.path().join("null");
    std::os::unix::fs::symlink("/dev/null", &null_link).unwrap();
    let subdir = dir.path().join("sub");
    std::fs::create_dir(&subdir).unwrap();
    for target in [&fifo, &null_link, &subdir] {
        for args in [
            vec!["export", "42", "-o", target.to_str().unwrap()],
            vec!["render", "42", "-o", target.to_str().unwrap()],
        ] {
            let out = run_guarded(&mut cmd(&args));
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let err = stderr(&out);
            assert!(
                err.contains("FIFO")
                    || err.contains("character device")
                    || err.contains("directory"),
                "{args:?}: {err}"
            );
        }
    }
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::symlink_metadata(&null_link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(names_with(dir.path(), ".tmp").is_empty());
    // A link to a regular file: the file is replaced, the link stays a link.
    let real = dir.path().join("real.json");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    assert!(
        run_guarded(&mut cmd(&["export", "42", "-o", link.to_str().unwrap()]))
            .status
            .success()
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let printed = run_guarded(&mut cmd(&["export", "42"])).stdout;
    assert_eq!(std::fs::read(&real).unwrap(), printed);
}

// ---- 7. Text that reaches a terminal ------------------------------------------------

const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m\u{7f}\u{202e}";

fn has_raw_controls(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .chars()
        .any(|c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c))
}

#[test]
fn control_characters_in_user_data_never_reach_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    let note = format!("see{HOSTILE}this\nsecond line");
    let add = run_guarded(&mut cmd(&[
        "bookmarks",
        "--db",
        db_s,
        "add",
        "42",
        "--note",
        &note,
    ]));
    assert!(add.status.success(), "{}", stderr(&add));
    // A tag and a level hash with control characters, as a tampered catalog holds.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE bookmarks SET tags = ?1, level_hash = ?2",
            [
                serde_json::to_string(&[format!("tag{HOSTILE}")]).unwrap(),
                format!("hash{HOSTILE}"),
            ],
        )
        .unwrap();
    for args in [
        vec!["bookmarks", "--db", db_s, "list"],
        vec!["bookmarks", "--db", db_s, "check"],
        vec!["bookmarks", "--db", db_s, "list", "--json"],
        vec!["bookmarks", "--db", db_s, "check", "--json"],
    ] {
        let out = run_guarded(&mut cmd(&args));
        assert!(
            !has_raw_controls(&out.stdout),
            "{args:?}: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(!has_raw_controls(&out.stderr), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("owned"), "the text is shown, escaped: {text}");
        if !args.contains(&"--json") && args.contains(&"list") {
            assert!(text.contains("\\x1b]0;owned\\x07"), "{text}");
            assert_eq!(
                text.lines().count(),
                1,
                "the note's newline is escaped: {text}"
            );
        }
    }
    let listed: Value = serde_json::from_slice(
        &run_guarded(&mut cmd(&["bookmarks", "--db", db_s, "list", "--json"])).stdout,
    )
    .unwrap();
    assert_eq!(listed[0]["note"], note.trim(), "JSON keeps the exact text");
    // Seed text and paths echoed in errors, clap's usage errors included.
    let evil_path = dir.path().join(format!("level{HOSTILE}.json"));
    for args in [
        vec!["generate", HOSTILE],
        vec!["generate", "--bogus", HOSTILE],
        vec!["verify", evil_path.to_str().unwrap()],
        vec!["scan", &format!("0..{HOSTILE}")],
        vec!["daily", HOSTILE],
    ] {
        let out = run_guarded(&mut cmd(&args));
        assert!(!out.status.success(), "{args:?}");
        assert!(
            !has_raw_controls(&out.stderr),
            "{args:?}: {:?}",
            stderr(&out)
        );
        // Shown escaped (clap's own usage errors drop ANSI sequences instead).
        let shown = if args.contains(&"--bogus") {
            "\\u{9b}"
        } else {
            "\\x1b"
        };
        assert!(stderr(&out).contains(shown), "{args:?}: {}", stderr(&out));
    }
}

// ---- 5. A file left untouched is untouched; read-only catalogs ----------------------

#[test]
fn a_newer_catalog_is_refused_and_not_one_byte_changes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    assert!(
        run_guarded(&mut cmd(&["bookmarks", "--db", db_s, "add", "1"]))
            .status
            .success()
    );
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.pragma_update(None, "journal_mode", "DELETE").unwrap();
        c.pragma_update(None, "user_version", 999).unwrap();
    }
    let before = std::fs::read(&db).unwrap();
    for args in [
        vec!["bookmarks", "--db", db_s, "list"],
        vec!["bookmarks", "--db", db_s, "add", "2"],
        vec!["scan", "0..10", "--db", db_s],
    ] {
        let out = run_guarded(&mut cmd(&args));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("newer"), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert_eq!(names_with(dir.path(), ""), ["c.sqlite3"]);
}

#[test]
fn bookmarks_list_works_on_a_catalog_in_a_read_only_directory() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let db = ro.join("c.sqlite3");
    let db_s = db.to_str().unwrap();
    assert!(run_guarded(&mut cmd(&[
        "bookmarks",
        "--db",
        db_s,
        "add",
        "9",
        "--note",
        "kept"
    ]))
    .status
    .success());
    assert!(run_guarded(&mut cmd(&["scan", "0..20", "--db", db_s]))
        .status
        .success());
    let before = std::fs::read(&db).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut list = cmd(&["bookmarks", "--db", db_s, "list", "--json"]);
    // Root ignores permissions: run as an unprivileged user then.
    if rustix::process::geteuid().is_root() {
        list.uid(65534).gid(65534);
    }
    let out = run_guarded(&mut list);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["note"], "kept");
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert_eq!(names_with(&ro, ""), ["c.sqlite3"]);
}
