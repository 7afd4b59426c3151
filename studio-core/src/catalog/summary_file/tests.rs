//! The summary file's unit tests.

use contraption::{summarize, Totals, ValidRules};
use serde_json::json;

use super::*;

/// The file `contraption.distributed.scan` writes for `from..to` (the same
/// engine calls as the Python package's `totals_summary`).
fn distributed_file(from: u32, to: u32) -> (Totals, Value) {
    let rules = ValidRules::default();
    let mut totals = Totals::default();
    for seed in from..to {
        totals.add(&summarize(&rules, seed));
    }
    let mut summary = serde_json::to_value(totals.summary()).unwrap();
    let mut printed = Map::new();
    printed.insert("rules_id".into(), json!(rules.id()));
    printed.extend(summary.as_object_mut().unwrap().clone());
    let file = json!({
        "summary": printed,
        "range": format!("{from}..{to}"),
        "rules_id": rules.id(),
        "where": "solving = 1",
        "rows": 3,
        "shards": 2,
        "computed": 1,
        "skipped": 1,
        "shard_size": 20,
        "solving_histogram": totals.solving_buckets(),
        "all_pre_solved_seeds": totals.all_pre_solved_seeds,
        "out": "/tmp/out",
    });
    (totals, file)
}

fn parse(v: &Value) -> Result<RangeSummary> {
    parse_summary(Path::new("_summary.json"), v.to_string().as_bytes())
}

#[test]
fn a_distributed_scan_s_summary_reads_as_the_engine_s_totals() {
    let (totals, file) = distributed_file(100, 140);
    let r = parse(&file).unwrap();
    let s = totals.summary();
    assert_eq!(r.range, "100..140");
    assert_eq!(r.rules_id, ValidRules::default().id());
    assert_eq!(r.criteria.as_deref(), Some("solving = 1"));
    assert_eq!(r.stats.seeds, 40);
    assert_eq!(r.stats.accepted, s.accepted);
    // As the catalog counts them: the all-preSolved seeds among the fallbacks.
    assert_eq!(r.stats.fallback, s.fallback + s.all_pre_solved);
    assert_eq!(r.stats.all_pre_solved, s.all_pre_solved);
    assert_eq!(r.stats.pre_solved_rejections, s.pre_solved_rejections);
    assert_eq!(r.no_single_ramp_rejections, s.no_single_ramp_rejections);
    let hist: Vec<[u64; 2]> = totals
        .attempts_histogram
        .iter()
        .map(|(&k, &n)| [u64::from(k), n])
        .collect();
    assert_eq!(r.stats.attempts_histogram, hist);
    let solving: Vec<[u64; 2]> = totals
        .solving_histogram
        .iter()
        .map(|(&k, &n)| [u64::from(k), n])
        .collect();
    assert_eq!(r.stats.solving_histogram, solving);
    assert!(r.stats.placement_solves.is_empty());
}

#[test]
fn a_bad_summary_file_is_refused_with_the_reason() {
    let (_, good) = distributed_file(0, 30);
    type Tamper = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(Tamper, &str)> = vec![
        (Box::new(|v| v["extra"] = json!(1)), "unknown field `extra`"),
        (
            Box::new(|v| v["summary"]["extra"] = json!(1)),
            "fields a scan's summary",
        ),
        (
            Box::new(|v| drop(v["summary"].as_object_mut().unwrap().remove("seeds"))),
            "missing field `seeds`",
        ),
        (
            Box::new(|v| v["range"] = json!("0..31")),
            "30 seeds for the range 0..31",
        ),
        (Box::new(|v| v["range"] = json!("5..5")), "is not FROM..TO"),
        (
            Box::new(|v| v["summary"]["rules_id"] = json!("x")),
            "of rules x",
        ),
        (
            Box::new(|v| v["summary"]["fallback_rate"] = json!(0.5)),
            "fallback rate",
        ),
        (
            Box::new(|v| v["summary"]["pre_solved_rejections"] = json!(100000)),
            "add up to its attempts",
        ),
        (
            Box::new(|v| v["solving_histogram"] = json!([{"solving": 1, "seeds": 2}])),
            "solving histogram counts 2 seeds",
        ),
        (Box::new(|v| v["rows"] = json!(-1)), "invalid value"),
        // Counts that would overflow when added are refused, not a panic.
        (
            Box::new(|v| v["summary"]["accepted"] = json!(u64::MAX)),
            "do not add up to its seeds",
        ),
        (
            Box::new(|v| {
                v["summary"]["attempts_histogram"] =
                    json!([{"attempts": 1, "seeds": u64::MAX}, {"attempts": 2, "seeds": u64::MAX}])
            }),
            "attempts histogram counts",
        ),
    ];
    for (tamper, reason) in cases {
        let mut v = good.clone();
        tamper(&mut v);
        match parse(&v) {
            Err(CatalogViewError::SummaryFile { reason: r, .. }) => {
                assert!(r.contains(reason), "{r:?} should say {reason:?}")
            }
            other => panic!("{reason}: {other:?}"),
        }
    }
    match parse_summary(Path::new("x"), b"{\"seeds\": [], \"summary\": {}}") {
        Err(CatalogViewError::SummaryFile { reason, .. }) => {
            assert!(
                reason.starts_with("it is not the _summary.json"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_file_is_read_with_a_bound() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("_summary.json");
    let (_, good) = distributed_file(0, 10);
    std::fs::write(&path, good.to_string()).unwrap();
    assert_eq!(read_summary_file(&path).unwrap().stats.seeds, 10);
    std::fs::write(&path, vec![b' '; MAX_SUMMARY_FILE_BYTES + 1]).unwrap();
    match read_summary_file(&path) {
        Err(CatalogViewError::SummaryFile { reason, .. }) => {
            assert!(reason.contains("at most"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    match read_summary_file(&dir.path().join("missing.json")) {
        Err(CatalogViewError::CatalogIo(e)) => assert_eq!(e.action, "read"),
        other => panic!("{other:?}"),
    }
}
