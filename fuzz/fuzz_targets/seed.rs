//! The seed parser never panics, and a decimal it accepts prints back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(p) = contraption::parse_seed(text) {
        if matches!(p.source, contraption::SeedSource::Decimal) {
            assert_eq!(contraption::parse_seed(&p.seed.to_string()).unwrap().seed, p.seed);
        }
    }
});
