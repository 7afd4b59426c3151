//! The solution-file reader never panics; whatever it accepts writes back and reads
//! again to the same solution.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = contraption::parse_solution(data) {
        let text = contraption::solution_text(&s);
        assert_eq!(contraption::parse_solution(text.as_bytes()).unwrap(), s);
    }
});
