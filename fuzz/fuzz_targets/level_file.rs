//! The level-file reader must refuse anything, never panic; whatever it accepts
//! must write back and read again to the same file.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = contraption::parse_level_file(data) {
        let text = contraption::level_file_text(&file);
        assert_eq!(contraption::parse_level_file(text.as_bytes()).unwrap(), file);
    }
});
