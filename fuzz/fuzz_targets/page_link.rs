//! A web player page's inputs from someone else: any text as its URL fragment
//! (`#level=1.…`) and as its payload. Reading them must refuse anything, never
//! panic; a fragment that decodes is read by the strict level-file reader, and a
//! payload that is accepted opens its level or says why not.
#![no_main]
use contraption_play::{fragment_text, Page};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(bytes) = fragment_text(&text) {
        let _ = contraption::parse_level_file(&bytes);
    }
    // The same bytes as a fragment's encoded part (most of them decode then).
    let _ = fragment_text(&format!("level=1.{text}"));
    if let Ok(page) = Page::new(&text) {
        if let Ok((_, level)) = page.open("") {
            let _ = page.solution(&level);
        }
    }
});
