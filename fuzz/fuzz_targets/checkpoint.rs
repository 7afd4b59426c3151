//! The search-checkpoint reader refuses anything, never panics; a checkpoint it
//! accepts writes back and reads again to the same checkpoint.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(c) = contraption::checkpoint::parse_checkpoint(data) {
        let text = contraption::checkpoint::checkpoint_text(&c);
        let again = contraption::checkpoint::parse_checkpoint(text.as_bytes()).unwrap();
        assert_eq!(again, c);
    }
});
