//! `contraption search`: the same seeds as filtering a scan, a stopped search that
//! resumes to the same result, bounded memory over the whole seed space, and
//! refused input that changes nothing.

use std::path::Path;
use std::process::{Child, Command as Process, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;
use contraption::checkpoint::parse_checkpoint;
use contraption::{parse_criteria, SeedSummary};

fn contraption(args: &[&str]) -> Output {
    Process::cargo_bin("contraption")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

/// The match lines and the summary line of a search's stdout.
fn split(stdout: &[u8]) -> (Vec<String>, serde_json::Value) {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let last = lines.pop().expect("a summary line");
    let summary: serde_json::Value = serde_json::from_str(&last).unwrap();
    (lines, summary["summary"].clone())
}

/// Kills the process even when an assertion fails first.
struct KillOnDrop(Child);
impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn interrupt(child: &Child) {
    let pid = rustix::process::Pid::from_child(child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
}

#[test]
fn search_finds_exactly_the_seeds_a_filtered_scan_keeps() {
    let expr = "solving = 1 and walls >= 4 or attempts >= 7 or not (solving <= 30)";
    let criteria = parse_criteria(expr).unwrap();
    let scan = contraption(&["scan", "0..50000", "--json"]);
    assert!(scan.status.success());
    let text = String::from_utf8(scan.stdout).unwrap();
    // Row lines are `{…}` or `{…},` inside the streamed {"seeds": [...]} document.
    let kept: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("{\"seed\""))
        .map(|l| l.trim_end_matches(',').to_owned())
        .filter(|l| criteria.matches(&serde_json::from_str::<SeedSummary>(l).unwrap()))
        .collect();
    let whole: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(whole["seeds"].as_array().unwrap().len(), 50_000);

    // The staged search (the default) and the full one keep the same rows.
    let fast = contraption(&["search", expr, "0..50000"]);
    assert!(fast.status.success(), "{fast:?}");
    let (found, summary) = split(&fast.stdout);
    assert_eq!(found, kept);
    assert_eq!(summary["summary"], "fast");
    assert_eq!(summary["searched"], 50_000);
    assert_eq!(summary["matches"], kept.len());
    let decided = &summary["decided"];
    let stages = ["layout", "generator", "sweep", "full"].map(|k| decided[k].as_u64().unwrap());
    assert_eq!(stages.iter().sum::<u64>(), 50_000, "{decided}");
    assert!(
        stages[3] >= kept.len() as u64,
        "every match has its whole row"
    );
    assert!(
        stages[1] + stages[2] > 0,
        "some seeds decided early: {decided}"
    );
    assert!(
        summary.get("mean_attempts").is_none(),
        "no aggregates in a fast search"
    );

    let search = contraption(&["search", expr, "0..50000", "--summary", "full"]);
    assert!(search.status.success(), "{search:?}");
    let (found, summary) = split(&search.stdout);
    assert!(
        kept.len() > 100,
        "a search that keeps something: {}",
        kept.len()
    );
    assert_eq!(found, kept);
    assert!(summary.get("decided").is_none(), "{summary}");
    assert_eq!(summary["matches"], kept.len());
    assert_eq!(summary["complete"], true);
    // The whole range's aggregates are the scan's summary.
    for (k, v) in whole["summary"].as_object().unwrap() {
        assert_eq!(&summary[k], v, "{k}");
    }
    let solving: u64 = summary["solving_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["seeds"].as_u64().unwrap())
        .sum();
    assert_eq!(solving, 50_000);
}

#[test]
fn a_stopped_search_resumes_to_the_uninterrupted_result() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("search.json");
    let ck_s = ck.to_str().unwrap();
    let (expr, range) = ("walls = 5 and solving <= 2", "0..16000");
    let whole = contraption(&["search", expr, range]);
    assert!(whole.status.success());

    // Its stdout goes to a file: a pipe nobody reads would stop it at the first flush.
    let first_out = dir.path().join("first.jsonl");
    let child = Process::cargo_bin("contraption")
        .unwrap()
        .args(["search", expr, range, "--resume", ck_s])
        .stdout(std::fs::File::create(&first_out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    // Stop it once the first checkpoint is written.
    let deadline = Instant::now() + Duration::from_secs(120);
    while !ck.exists() {
        assert!(Instant::now() < deadline, "no checkpoint was written");
        std::thread::sleep(Duration::from_millis(20));
    }
    interrupt(&child.0);
    let status = child.0.wait().unwrap();
    let (mut found, summary) = split(&std::fs::read(&first_out).unwrap());
    if status.code() == Some(130) {
        assert_eq!(summary["complete"], false);
    } else {
        // It ended before the signal arrived: still a whole result.
        assert!(status.success());
    }

    let rest = contraption(&["search", expr, range, "--resume", ck_s]);
    assert!(rest.status.success(), "{rest:?}");
    let (more, summary) = split(&rest.stdout);
    found.extend(more);
    let (all, whole_summary) = split(&whole.stdout);
    assert_eq!(found, all);
    assert_eq!(summary, whole_summary);

    // Run again once done: nothing more to search, the same summary.
    let again = contraption(&["search", expr, range, "--resume", ck_s]);
    let (none, summary) = split(&again.stdout);
    assert!(none.is_empty());
    assert_eq!(summary, whole_summary);
}

#[test]
fn a_search_of_the_whole_space_runs_in_bounded_memory() {
    let bin = assert_cmd::cargo::cargo_bin("contraption");
    let dir = tempfile::tempdir().unwrap();
    let stdout = dir.path().join("found.jsonl");
    let ck = dir.path().join("search.json");
    // Under a 2 GiB address-space limit (the old scan asked for 378 GB at once).
    let child = Process::new("sh")
        .args([
            "-c",
            "ulimit -v 2097152 && exec \"$0\" search 'walls = 5 and solving = 1' --all --resume \"$1\"",
        ])
        .arg(&bin)
        .arg(&ck)
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    // The peak is read once the checkpoint (written after every batch) says
    // BATCHES whole batches were searched: the run is past its start, its
    // memory that of a search under way (a machine under load only takes longer).
    const BATCHES: u64 = 3;
    let past = BATCHES * contraption_catalog::SEARCH_BATCH;
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let next = std::fs::read(&ck)
            .ok()
            .and_then(|b| parse_checkpoint(&b).ok())
            .map_or(0, |c| c.next);
        if next >= past {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{next} of {past} seeds searched in 5 minutes"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.0.id())).unwrap();
    let peak_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    assert!(peak_kib < 128 * 1024, "peak resident memory {peak_kib} KiB");
    interrupt(&child.0);
    let status = child.0.wait().unwrap();
    assert_eq!(status.code(), Some(130), "stopped by Ctrl-C");
    let (found, summary) = split(&std::fs::read(&stdout).unwrap());
    assert_eq!(summary["complete"], false);
    assert_eq!(summary["range"], "0..4294967296");
    assert_eq!(summary["matches"], found.len());
    assert!(summary["searched"].as_u64().unwrap() >= past);
}

#[test]
fn bad_searches_are_refused_and_change_nothing() {
    let out = contraption(&["search", "solving = 1 and", "0..10"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("at character 16"), "{err}");
    assert!(out.stdout.is_empty());

    let out = contraption(&["search", "walls = 5"]);
    assert_eq!(out.status.code(), Some(2), "a range or --all is required");

    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck.json");
    let ck_s = ck.to_str().unwrap();
    assert!(
        contraption(&["search", "walls = 5", "0..100", "--resume", ck_s])
            .status
            .success()
    );
    let saved = std::fs::read(&ck).unwrap();
    for (expr, range, more, why) in [
        ("walls = 4", "0..100", None, "criteria"),
        ("walls = 5", "0..200", None, "range"),
        (
            "walls = 5",
            "0..100",
            Some("full"),
            "summary fast, not full",
        ),
    ] {
        let mut args = vec!["search", expr, range, "--resume", ck_s];
        args.extend(more.map(|m| ["--summary", m]).into_iter().flatten());
        let out = contraption(&args);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("another search") && err.contains(why), "{err}");
        assert!(out.stdout.is_empty());
        assert_eq!(std::fs::read(&ck).unwrap(), saved, "the checkpoint is kept");
    }
    // A checkpoint whose totals disagree with its position is refused.
    let text = String::from_utf8(saved)
        .unwrap()
        .replace("\"next\": 100", "\"next\": 50");
    std::fs::write(&ck, &text).unwrap();
    let out = contraption(&["search", "walls = 5", "0..100", "--resume", ck_s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("changed since it was written"));
    assert_eq!(std::fs::read_to_string(&ck).unwrap(), text);
    // Not a checkpoint at all.
    let other = dir.path().join("other.json");
    std::fs::write(&other, "{\"seed\": 1}").unwrap();
    let out = contraption(&[
        "search",
        "walls = 5",
        "0..100",
        "--resume",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!Path::new(&other).with_extension("tmp").exists());
}

/// A rules file whose sweep is `xs × ys × angles` placements (the default rules
/// otherwise), in `dir`.
fn rules_with_sweep(dir: &Path, xs: usize, ys: usize, angles: usize) -> std::path::PathBuf {
    let shown = contraption(&["rules", "show"]);
    let mut file: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    let sweep = &mut file["rules"]["sweep"];
    let spread = |n: usize, from: f64| -> Vec<f64> { (0..n).map(|i| from + i as f64).collect() };
    sweep["xs"] = spread(xs, 15.0).into();
    sweep["ys"] = spread(ys, 30.0).into();
    sweep["angles"] = (0..angles)
        .map(|i| -0.8 + i as f64 / 10.0)
        .collect::<Vec<f64>>()
        .into();
    sweep["nearly_trivial_solving"] = 1.into();
    // Few attempts, so 1,024 placements stay within the everyday work budget.
    file["rules"]["generator"]["max_attempts"] = 5.into();
    let path = dir.join(format!("sweep-{}.json", xs * ys * angles));
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
    path
}

#[test]
fn solves_n_is_bounded_by_the_sweep_of_the_rules_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let eight = rules_with_sweep(dir.path(), 2, 2, 2);
    let big = rules_with_sweep(dir.path(), 16, 4, 16);
    let eight = eight.to_str().unwrap();
    let big = big.to_str().unwrap();
    // Under 8 placements, `solves 100` names nothing: refused, with the range.
    let out = contraption(&["--rules", eight, "search", "solves 100", "0..5"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("placements 1 to 8"), "{err}");
    assert!(out.stdout.is_empty());
    let out = contraption(&["--rules", eight, "search", "solves 8", "0..5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Under 1,024 placements, `solves 1024` is a placement (the default rules'
    // 144 is not the bound), and 1025 is not.
    let out = contraption(&["--rules", big, "search", "solves 1024", "0..3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = contraption(&["--rules", big, "search", "solves 1025", "0..3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("placements 1 to 1024"));
    // Under the default rules, 144 is the last.
    let out = contraption(&["search", "solves 145", "0..3"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("placements 1 to 144"));
}

#[test]
fn a_refused_criterion_is_quoted_shortened() {
    let long = format!("walls > 1 and {}", "walls > 1 and ".repeat(140)) + "nonsense";
    let out = contraption(&["search", &long, "0..3"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 600, "{} bytes of error: {err}", err.len());
    assert!(err.contains('…'), "{err}");
}

#[test]
fn every_single_digit_change_of_a_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ck.json");
    let ck_s = ck.to_str().unwrap();
    let (expr, range) = ("walls = 5 and solving <= 2", "0..300");
    let first = contraption(&["search", expr, range, "--resume", ck_s]);
    assert!(first.status.success());
    let saved = std::fs::read_to_string(&ck).unwrap();
    assert!(saved.contains("\"checksum\""), "{saved}");
    // Resumed as written: nothing more to search, the same summary.
    let again = contraption(&["search", expr, range, "--resume", ck_s]);
    assert!(again.status.success());
    assert_eq!(split(&again.stdout).1, split(&first.stdout).1);
    let mut refused = 0;
    for (i, c) in saved.char_indices().filter(|(_, c)| c.is_ascii_digit()) {
        let d = c.to_digit(10).unwrap();
        let edited = format!("{}{}{}", &saved[..i], (d + 1) % 10, &saved[i + 1..]);
        std::fs::write(&ck, &edited).unwrap();
        let out = contraption(&["search", expr, range, "--resume", ck_s]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "digit {i} of the checkpoint changed"
        );
        assert!(
            out.stdout.is_empty(),
            "digit {i}: refused before any output"
        );
        assert_eq!(
            std::fs::read_to_string(&ck).unwrap(),
            edited,
            "left as it was"
        );
        refused += 1;
    }
    assert!(refused > 20, "{refused} digits changed");
    // A checkpoint of the old format (no checksum) is refused with a way out.
    let old = saved.replace("\"version\": 2", "\"version\": 1");
    std::fs::write(&ck, &old).unwrap();
    let out = contraption(&["search", expr, range, "--resume", ck_s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("remove it"));
}

#[test]
fn an_unwritable_checkpoint_is_found_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir").join("ck.json");
    let out = contraption(&[
        "search",
        "walls = 5",
        "0..100000000",
        "--resume",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the checkpoint"));
    assert!(out.stdout.is_empty(), "no batch was searched");
}
