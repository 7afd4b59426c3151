//! End-to-end soak of the inspector (issue 22, point 7): memory stays flat over
//! many seed changes.
//!
//! 400 seed changes with `]` from seed 42, "All trajectories" turned on every
//! tenth seed (the stream waited for to the end, then turned off again). The
//! resident memory of the studio's web process(es) — the `WebKitWebProcess`
//! children of the studio process tauri-driver started — is read from `/proc`
//! after the first 50 changes, every 100, at the end and after 30 s idle. The
//! figures are printed (run with `--nocapture`); the test fails when the web
//! process, left idle 30 s at the end (where the report found memory
//! never given back), is more than 10% above its size after the first 50
//! changes (the history is capped at 50, so by then every per-seed structure has
//! reached its size). The readings right after a run swing by some 30 MB with
//! the JavaScript heap between full collections (`JSC_logGC=1`: each full
//! collection goes back to about 10 MB of live objects), so they are printed,
//! not judged. No timed assertion.

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use contraption_e2e::Studio;
use serde_json::Value;

/// Seed changes in all, the ones before the baseline, and how often the
/// stream of all trajectories is turned on.
const CHANGES: u64 = 400;
const BASELINE_AFTER: u64 = 50;
const STREAM_EVERY: u64 = 10;
const FIRST_SEED: u64 = 42;
/// How long the window is left alone before a reading (GC and the allocator's
/// scavenger run on timers).
const SETTLE: Duration = Duration::from_secs(5);
const LONG_IDLE: Duration = Duration::from_secs(30);

/// One process as `/proc/PID/stat` and `cmdline` describe it.
struct Proc {
    pid: u32,
    ppid: u32,
    /// argv[0]'s file name (the kernel's `comm` is cut at 15 bytes).
    name: String,
}

fn processes() -> Vec<Proc> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return out;
    };
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "PID (comm) STATE PPID ...": comm may hold spaces and parentheses.
        let Some(after) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let Some(ppid) = after
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let argv0 = cmdline.split(|b| *b == 0).next().unwrap_or_default();
        let name = Path::new(&*String::from_utf8_lossy(argv0))
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        out.push(Proc { pid, ppid, name });
    }
    out
}

/// The pids of the running `contraption-studio` processes.
fn studio_pids(procs: &[Proc]) -> HashSet<u32> {
    procs
        .iter()
        .filter(|p| p.name == "contraption-studio")
        .map(|p| p.pid)
        .collect()
}

/// Whether `pid` descends from a process named `ancestor`.
fn descends_from(procs: &[Proc], pid: u32, ancestor: &str) -> bool {
    let mut at = pid;
    for _ in 0..64 {
        let Some(p) = procs.iter().find(|p| p.pid == at) else {
            return false;
        };
        if p.pid != pid && p.name == ancestor {
            return true;
        }
        if p.ppid <= 1 {
            return false;
        }
        at = p.ppid;
    }
    false
}

/// The `WebKitWebProcess`es under `studio` (children, or further down when
/// WebKit's sandbox puts bubblewrap in between).
fn web_processes(studio: u32) -> Vec<u32> {
    let procs = processes();
    let mut found = Vec::new();
    let mut frontier = vec![studio];
    while let Some(parent) = frontier.pop() {
        for p in procs.iter().filter(|p| p.ppid == parent) {
            if p.name == "WebKitWebProcess" {
                found.push(p.pid);
            }
            frontier.push(p.pid);
        }
    }
    found.sort_unstable();
    found
}

/// A process's resident memory from `/proc/PID/status`, in kB: (RSS, anonymous, file, shared memory).
fn rss_kb(pid: u32) -> Option<[u64; 4]> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    Some([
        field("VmRSS:"),
        field("RssAnon:"),
        field("RssFile:"),
        field("RssShmem:"),
    ])
}

/// One reading: the web processes' RSS summed, in MB, with its parts printed.
fn reading(studio: u32, what: &str) -> f64 {
    let pids = web_processes(studio);
    assert!(
        !pids.is_empty(),
        "the studio (pid {studio}) has a WebKitWebProcess"
    );
    let mut sum = [0u64; 4];
    let mut each = Vec::new();
    for pid in &pids {
        let r = rss_kb(*pid).unwrap_or_else(|| panic!("read /proc/{pid}/status"));
        for (s, v) in sum.iter_mut().zip(r) {
            *s += v;
        }
        each.push(format!("{pid}: {:.1} MB", r[0] as f64 / 1024.0));
    }
    let ui = rss_kb(studio).map(|r| r[0] as f64 / 1024.0).unwrap_or(0.0);
    let mb = |kb: u64| kb as f64 / 1024.0;
    eprintln!(
        "soak: {what}: web process RSS {:.1} MB (anon {:.1}, file {:.1}, shmem {:.1}; {}), studio process {ui:.1} MB",
        mb(sum[0]),
        mb(sum[1]),
        mb(sum[2]),
        mb(sum[3]),
        each.join(", ")
    );
    mb(sum[0])
}

/// Waits inside the page (no WebDriver polling) until `cond` holds; fails after 60 s.
async fn settle(studio: &Studio, cond: &str, what: &str) {
    let script = format!(
        "new Promise((resolve) => {{ const t0 = performance.now(); \
         const check = () => {{ if ({cond}) return resolve(true); \
         if (performance.now() - t0 > 60000) return resolve(false); setTimeout(check, 10); }}; check(); }})"
    );
    assert_eq!(
        studio.eval(&script).await,
        Value::Bool(true),
        "timed out waiting for {what} ({cond})"
    );
}

/// Shows the next seed with `]` and waits until its frame is drawn.
async fn next_seed(studio: &Studio, seed: u64) {
    studio.press("]").await;
    settle(
        studio,
        &format!(
            "document.body.dataset.state === 'ready' && document.body.dataset.seed === '{seed}' && \
             window.__studioPerf.seedChanges.at(-1)?.seed === {seed}"
        ),
        &format!("seed {seed} drawn"),
    )
    .await;
}

/// Turns "All trajectories" on, waits for the whole stream, turns it off again.
async fn stream_all(studio: &Studio) {
    studio.press("a").await;
    // An attempt never swept (a preSolved fallback) streams nothing.
    settle(
        studio,
        "document.getElementById('stage-empty') !== null || \
         (document.getElementById('job-status').dataset.state === 'finished' && \
          document.getElementById('stage-canvas').dataset.trajectories === \
          String(document.getElementById('stage-canvas').dataset.results.length))",
        "every trajectory streamed",
    )
    .await;
    studio.press("a").await;
    settle(
        studio,
        "document.getElementById('job-status').textContent.trim() === ''",
        "all trajectories off",
    )
    .await;
}

/// What the page holds, for the log.
async fn page_counts(studio: &Studio) -> Value {
    studio
        .eval(
            "({ canvases: document.querySelectorAll('canvas').length, \
               elements: document.getElementsByTagName('*').length, \
               history: document.querySelectorAll('#history li').length, \
               seedChanges: window.__studioPerf.seedChanges.length, \
               frames: window.__studioPerf.frames.length })",
        )
        .await
}

// Not in the default run: on this machine, after the canvas fix, the web process
// left idle 30 s ended 7.2% to 9.7% above its size after 50 changes in the last
// three runs (9.7% to 13.7% 5 s after the run): inside the 10% bound by too
// little to gate CI on without making it flaky. Run it alone, with the display
// and the driver up as scripts/e2e.sh starts them:
// `cargo test --release -p contraption-e2e --test soak -- --ignored --nocapture`.
#[ignore = "memory soak: +7–10% of a 10% bound in the last runs; run with --ignored"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_stays_flat_over_400_seed_changes() {
    let before = studio_pids(&processes());
    let studio = Studio::launch().await;
    let procs = processes();
    let launched: Vec<u32> = studio_pids(&procs)
        .difference(&before)
        .copied()
        .filter(|pid| descends_from(&procs, *pid, "WebKitWebDriver"))
        .collect();
    assert_eq!(
        launched.len(),
        1,
        "one studio started by tauri-driver's WebKitWebDriver during the launch: {launched:?}"
    );
    let pid = launched[0];
    reading(pid, "launched");

    studio.type_seed(&FIRST_SEED.to_string()).await;
    studio.wait_seed(FIRST_SEED).await;
    let started = Instant::now();
    let mut baseline = None;
    for n in 1..=CHANGES {
        let seed = FIRST_SEED + n;
        next_seed(&studio, seed).await;
        if n % STREAM_EVERY == 0 {
            stream_all(&studio).await;
        }
        if n == BASELINE_AFTER {
            reading(pid, &format!("after {n} changes"));
            tokio::time::sleep(SETTLE).await;
            let mb = reading(pid, &format!("after {n} changes and {SETTLE:?} idle"));
            eprintln!("soak: page {}", page_counts(&studio).await);
            baseline = Some(mb);
        }
        if n % 100 == 0 {
            reading(
                pid,
                &format!(
                    "after {n} changes ({:.0} s)",
                    started.elapsed().as_secs_f64()
                ),
            );
        }
    }
    let baseline = baseline.expect("the baseline was read");
    eprintln!("soak: page {}", page_counts(&studio).await);
    tokio::time::sleep(SETTLE).await;
    let end = reading(pid, &format!("after {CHANGES} changes and {SETTLE:?} idle"));
    tokio::time::sleep(LONG_IDLE - SETTLE).await;
    let idle = reading(
        pid,
        &format!("after {CHANGES} changes and {LONG_IDLE:?} idle"),
    );
    eprintln!(
        "soak: {CHANGES} changes from seed {FIRST_SEED} in {:.0} s: web process {baseline:.1} MB after {BASELINE_AFTER}, \
         {end:.1} MB at the end after {SETTLE:?} idle ({:+.1}%), {idle:.1} MB after {LONG_IDLE:?} idle ({:+.1}%, judged)",
        started.elapsed().as_secs_f64(),
        (end / baseline - 1.0) * 100.0,
        (idle / baseline - 1.0) * 100.0,
    );
    assert!(
        idle <= baseline * 1.10,
        "the web process grew from {baseline:.1} MB after {BASELINE_AFTER} seed changes to {idle:.1} MB \
         after {CHANGES} and {LONG_IDLE:?} idle"
    );
    studio.close().await;
}
