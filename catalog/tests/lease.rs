//! A scan's lease under rules where one chunk takes longer than the lease: the
//! runner's heartbeat keeps it, so a second runner of the same scan waits
//! instead of taking the scan over (before the heartbeat they took each other's
//! work, up to a livelock: issue 24, point 2). A search holds the same lease
//! (one job protocol, issue 23: before it, two runners of one search both
//! computed every batch). Also the bookmark writer that generates its level
//! before it takes the write lock (point 3).
#![cfg(unix)]

use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

use contraption::{parse_criteria, Rules, SummaryKind, ValidRules};
use contraption_catalog::{
    BookmarkInput, Catalog, JobEvent, JobRun, ScanEnd, ScanEvent, SeedQuery, SCAN_CHUNK,
};

/// Rules under which every simulation runs its whole step budget: one attempt,
/// and every sweep placement the same flat ramp right under the ball's start
/// (no bounce, no rest), so the ball lies on it until `max_steps`. Valid and
/// within the work budget, but some 15–30 ms a seed here: one chunk of 256
/// seeds takes seconds, longer than the 1 s lease the test sets.
fn slow_chunk_rules(max_steps: u32) -> ValidRules {
    let mut r = Rules::default();
    r.generator.max_attempts = 1;
    r.ball.start_x.min = 50.0;
    r.ball.start_x.max = 50.0;
    r.parts.ramp.restitution = 0.0;
    r.simulation.rest_speed = 0.0;
    r.simulation.max_steps = max_steps;
    r.sweep.xs = vec![50.0; 6];
    r.sweep.ys = vec![20.0; 6];
    r.sweep.angles = vec![0.0; 4];
    let rules = ValidRules::new(r).unwrap();
    assert!(!rules.is_slow(), "{}", rules.worst_case().describe());
    rules
}

/// Joins `threads`, failing the test if they have not all ended within 300 s: a
/// guard against the livelock, not a measure of speed.
fn join_guarded<T: Send + 'static>(threads: Vec<std::thread::JoinHandle<T>>) -> Vec<T> {
    let (tx, rx) = mpsc::channel();
    let n = threads.len();
    for (i, t) in threads.into_iter().enumerate() {
        let tx = tx.clone();
        std::thread::spawn(move || {
            let _ = tx.send((i, t.join().unwrap()));
        });
    }
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for _ in 0..n {
        let (i, v) = rx
            .recv_timeout(Duration::from_secs(300))
            .expect("the runners were still going after 300 s: they take each other's work");
        out[i] = Some(v);
    }
    out.into_iter().map(Option::unwrap).collect()
}

#[test]
fn two_runners_of_a_scan_whose_chunk_outlasts_the_lease_do_the_work_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let rules = slow_chunk_rules(1440);
    let total = 2 * SCAN_CHUNK;
    let runner = |path: std::path::PathBuf, rules: ValidRules| {
        std::thread::spawn(move || {
            let mut c = Catalog::open(&path).unwrap().catalog;
            c.set_lease_seconds(1);
            let scan = c.begin_scan(&rules, 0, total).unwrap();
            let mut waited = false;
            let run = c
                .run_scan_reporting(&rules, scan.id, &AtomicBool::new(false), |e| {
                    waited |= matches!(e, ScanEvent::Waiting { .. })
                })
                .unwrap();
            (run, waited)
        })
    };
    let runs = join_guarded(vec![
        runner(path.clone(), rules.clone()),
        runner(path.clone(), rules.clone()),
    ]);
    assert_one_did_the_work(&runs, total);
    let c = Catalog::open(&path).unwrap().catalog;
    assert_eq!(c.query(&rules, &SeedQuery::default()).unwrap().total, total);
}

/// One runner did all of `total`, the other waited for it, and no work was
/// done twice (no runner lost its lease); both ended done. `runs`: each
/// runner's run and whether it waited.
fn assert_one_did_the_work(runs: &[(JobRun, bool)], total: u64) {
    let (a, b) = (runs[0], runs[1]);
    assert_eq!((a.0.end, b.0.end), (ScanEnd::Done, ScanEnd::Done));
    assert_eq!(
        (a.0.lost, b.0.lost),
        (0, 0),
        "no runner computed work the other took over: {a:?} {b:?}"
    );
    assert_eq!(a.0.computed + b.0.computed, total, "{a:?} {b:?}");
    assert!(
        a.0.computed == 0 || b.0.computed == 0,
        "one runner did all the work, the other waited for it: {a:?} {b:?}"
    );
    assert!(a.1 || b.1, "one of them waited");
}

#[test]
fn two_runners_of_a_search_whose_batch_outlasts_the_lease_do_the_work_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    // One batch (fewer seeds than `SEARCH_BATCH`) of some 200 × 30–60 ms: it
    // takes seconds, longer than the 1 s lease.
    let rules = slow_chunk_rules(2880);
    let total = 200;
    let runner = |path: std::path::PathBuf, rules: ValidRules| {
        std::thread::spawn(move || {
            let mut c = Catalog::open(&path).unwrap().catalog;
            c.set_lease_seconds(1);
            let criteria = parse_criteria("walls >= 0").unwrap();
            let search = c
                .begin_search(&rules, &criteria, SummaryKind::Full, 0, total)
                .unwrap();
            let mut waited = false;
            let run = c
                .run_search_reporting(&rules, search.id, &AtomicBool::new(false), |e| {
                    waited |= matches!(e, JobEvent::Waiting { .. })
                })
                .unwrap();
            (run, waited, search.id)
        })
    };
    let runs = join_guarded(vec![
        runner(path.clone(), rules.clone()),
        runner(path.clone(), rules.clone()),
    ]);
    assert_eq!(runs[0].2, runs[1].2, "both runners found the same search");
    let runs: Vec<(JobRun, bool)> = runs.iter().map(|r| (r.0, r.1)).collect();
    assert_one_did_the_work(&runs, total);
    let c = Catalog::open(&path).unwrap().catalog;
    let search = c.searches().unwrap();
    assert_eq!(search.len(), 1);
    assert_eq!((search[0].totals.seeds, search[0].matches), (total, total));
    assert_eq!(c.search_matches(search[0].id).unwrap().len() as u64, total);
}

#[test]
fn a_slow_bookmark_add_leaves_the_write_lock_to_other_writers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    drop(Catalog::open(&path).unwrap());
    // About a second a seed: the add generates its level for that long.
    let rules = slow_chunk_rules(100_000);
    let adding = {
        let path = path.clone();
        std::thread::spawn(move || {
            let mut c = Catalog::open(&path).unwrap().catalog;
            c.add_bookmark(&rules, 7, &BookmarkInput::default())
                .unwrap()
        })
    };
    // Meanwhile another writer takes the write lock again and again, waiting
    // at most 300 ms each time (the add's own write is a few milliseconds).
    let other = rusqlite::Connection::open(&path).unwrap();
    other.busy_timeout(Duration::from_millis(300)).unwrap();
    let mut writes = 0;
    while !adding.is_finished() {
        other.execute_batch("BEGIN IMMEDIATE; COMMIT;").expect(
            "another writer was kept from the write lock while the add generated its level",
        );
        writes += 1;
        std::thread::sleep(Duration::from_millis(20));
    }
    let bookmark = adding.join().unwrap();
    assert_eq!(bookmark.seed, 7);
    assert!(
        writes > 1,
        "the other writer wrote while the add ran ({writes})"
    );
}
