//! The studio's reader of whole-range summary files (`_summary.json`, opened in the
//! Statistics view) refuses anything, never panics; a file it accepts is of a range
//! whose histograms add up to its seeds.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = studio_core::catalog::parse_summary(std::path::Path::new("_summary.json"), data) {
        let seeds: u64 = r.stats.attempts_histogram.iter().map(|[_, n]| n).sum();
        assert_eq!(seeds, r.stats.seeds);
        assert!(r.stats.placement_solves.is_empty());
    }
});
