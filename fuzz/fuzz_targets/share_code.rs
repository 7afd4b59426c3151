//! The share-code decoder never panics, and what it accepts encodes back to a code
//! that decodes to the same thing.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(code) = contraption::decode_share_code(text) {
        let again = contraption::encode_share_code(code).unwrap();
        assert_eq!(contraption::decode_share_code(&again).unwrap(), code);
    }
});
