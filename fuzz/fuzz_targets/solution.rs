//! The solution-file reader never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = contraption::parse_solution(data);
});
