//! A level in a page's URL fragment: `#level=1.` then the level file's compact
//! JSON, deflated (raw DEFLATE, level 9) and in URL-safe base64 without padding.
//! The version (`1.`) says how the rest is encoded; a page refuses another.
//!
//! The fragment carries the whole level file (hashes included), so the page reads
//! it with the engine's strict reader and verifies it, as it does its own level:
//! nothing in a link is trusted. Decoding is bounded: the inflated text is at most
//! a level file's limit.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use contraption::level_file::MAX_LEVEL_FILE_BYTES;
use contraption::LevelFile;

/// What comes before the encoded level in a fragment (after `#`).
pub const FRAGMENT_PREFIX: &str = "level=1.";

/// Longer fragments are refused before they are decoded (a level file's limit,
/// deflated at worst not at all, in base64).
pub const MAX_FRAGMENT_CHARS: usize = MAX_LEVEL_FILE_BYTES / 3 * 4 + 64;

/// Why a fragment is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FragmentError {
    #[error(
        "the link's level is {0} characters long; a level link is at most {MAX_FRAGMENT_CHARS}"
    )]
    TooLong(usize),
    #[error("the link does not hold a level (it should start with #{FRAGMENT_PREFIX}); version 1 is the one this page reads")]
    NotALevel,
    #[error("the link's level is not valid base64url")]
    NotBase64,
    #[error(
        "the link's level does not inflate to a level file of at most {MAX_LEVEL_FILE_BYTES} bytes"
    )]
    NotDeflate,
}

/// The fragment (without `#`) of `file`.
pub fn level_fragment(file: &LevelFile) -> String {
    let json = serde_json::to_string(file).expect("level files always serialize");
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!("{FRAGMENT_PREFIX}{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// The level file text a fragment (with or without its `#`) holds: to be read by
/// the engine's strict reader ([`contraption::parse_level_file`]).
pub fn fragment_text(fragment: &str) -> Result<Vec<u8>, FragmentError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_FRAGMENT_CHARS {
        return Err(FragmentError::TooLong(fragment.len()));
    }
    let encoded = fragment
        .strip_prefix(FRAGMENT_PREFIX)
        .ok_or(FragmentError::NotALevel)?;
    let deflated = URL_SAFE_NO_PAD
        .decode(encoded)
        .map_err(|_| FragmentError::NotBase64)?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_LEVEL_FILE_BYTES)
        .map_err(|_| FragmentError::NotDeflate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use contraption::{export_level, parse_level_file, ValidRules};
    use proptest::prelude::*;

    #[test]
    fn a_level_comes_back_from_its_fragment_as_the_same_file() {
        let rules = ValidRules::default();
        for seed in [0, 42, 1671, 4_000_000_000] {
            let file = export_level(&rules, seed, None);
            let fragment = level_fragment(&file);
            let back = parse_level_file(&fragment_text(&fragment).unwrap()).unwrap();
            assert_eq!(back, file, "seed {seed}");
            let hashed = parse_level_file(&fragment_text(&format!("#{fragment}")).unwrap());
            assert_eq!(hashed.unwrap(), file);
        }
    }

    #[test]
    fn a_typical_level_fits_in_a_few_hundred_characters() {
        let rules = ValidRules::default();
        let longest = (0..200)
            .map(|seed| level_fragment(&export_level(&rules, seed, None)).len())
            .max()
            .unwrap();
        assert!(
            longest < 1000,
            "the longest of seeds 0..200 is {longest} characters"
        );
    }

    #[test]
    fn what_is_not_a_level_fragment_is_refused_by_name() {
        assert_eq!(fragment_text("seed=42"), Err(FragmentError::NotALevel));
        assert_eq!(fragment_text("level=2.abc"), Err(FragmentError::NotALevel));
        assert_eq!(fragment_text("level=1.***"), Err(FragmentError::NotBase64));
        assert_eq!(
            fragment_text("level=1.AAAA"),
            Err(FragmentError::NotDeflate)
        );
        let long = format!("level=1.{}", "A".repeat(MAX_FRAGMENT_CHARS));
        assert!(matches!(
            fragment_text(&long),
            Err(FragmentError::TooLong(_))
        ));
        // A bomb: inflates past a level file's limit.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_LEVEL_FILE_BYTES + 1], 9);
        let bomb = format!("{FRAGMENT_PREFIX}{}", URL_SAFE_NO_PAD.encode(bomb));
        assert_eq!(fragment_text(&bomb), Err(FragmentError::NotDeflate));
    }

    proptest! {
        #[test]
        fn any_text_as_a_fragment_is_read_or_refused_never_a_panic(s in ".{0,300}") {
            let _ = fragment_text(&s);
            let _ = fragment_text(&format!("{FRAGMENT_PREFIX}{s}"));
        }
    }
}
