//! Share codes: a short text that names a seed and the rules version that made it.
//!
//! Layout: 7 bytes — rules version (u16, big-endian), seed (u32, big-endian), and a
//! check byte (the low byte of FNV-1a 32 over the six bytes) — written in Crockford
//! base32 (12 characters) after the prefix `CT-`, grouped in fours:
//! `CT-XXXX-XXXX-XXXX`. Reading ignores case, spaces and hyphens, and accepts
//! Crockford's aliases (O for 0, I and L for 1).
//!
//! A share code names a level of the **default rules** only: twelve characters have
//! no room for a rules id, and an id would not be enough anyway (the recipient also
//! needs the rules). The rules' `share_code` refuses other rules with a message pointing to
//! the level file, which embeds its rules.

use serde::{Deserialize, Serialize};

use crate::seed::fnv::fnv1a32_fold;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Every share code starts with this.
pub const SHARE_PREFIX: &str = "CT-";
const PAYLOAD_BYTES: usize = 7;
const CODE_CHARS: usize = 12; // ceil(7 * 8 / 5)

/// What a share code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShareCode {
    pub seed: u32,
    pub rules_version: u32,
}

/// Why text is not a share code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShareCodeError {
    #[error("a share code starts with CT-")]
    MissingPrefix,
    #[error("a share code has 12 letters and digits after CT-; this one has {found}")]
    WrongLength { found: usize },
    #[error("'{character}' cannot appear in a share code")]
    BadCharacter { character: char },
    #[error("this share code is mistyped (its check character does not match)")]
    BadCheck,
    #[error("this share code names rules version {0}, which is too large")]
    BadRulesVersion(u32),
    #[error("share codes name levels of the default rules (v1) only; these rules ({rules_id}) are not: share the level file, which embeds them")]
    CustomRules { rules_id: String },
}

fn check_byte(bytes: &[u8]) -> u8 {
    let h = fnv1a32_fold(bytes.iter().map(|&b| u32::from(b)));
    (h & 0xff) as u8
}

/// Encodes a seed and rules version (which must fit in 16 bits).
pub fn encode_share_code(code: ShareCode) -> Result<String, ShareCodeError> {
    let version = u16::try_from(code.rules_version)
        .map_err(|_| ShareCodeError::BadRulesVersion(code.rules_version))?;
    let mut bytes = [0u8; PAYLOAD_BYTES];
    bytes[..2].copy_from_slice(&version.to_be_bytes());
    bytes[2..6].copy_from_slice(&code.seed.to_be_bytes());
    bytes[6] = check_byte(&bytes[..6]);
    // 56 bits, padded with 4 zero bits to 60 = 12 × 5.
    let mut bits: u64 = 0;
    for b in bytes {
        bits = (bits << 8) | u64::from(b);
    }
    bits <<= 4;
    let chars: String = (0..CODE_CHARS)
        .rev()
        .map(|i| ALPHABET[((bits >> (i * 5)) & 31) as usize] as char)
        .collect();
    Ok(format!(
        "{SHARE_PREFIX}{}-{}-{}",
        &chars[0..4],
        &chars[4..8],
        &chars[8..12]
    ))
}

fn symbol(c: char) -> Option<u64> {
    let c = c.to_ascii_uppercase();
    let c = match c {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    };
    ALPHABET
        .iter()
        .position(|&a| a as char == c)
        .map(|p| p as u64)
}

/// Reads a share code. Case, spaces and hyphens do not matter.
pub fn decode_share_code(text: &str) -> Result<ShareCode, ShareCodeError> {
    let t = text.trim();
    let upper = t.get(..3).map(str::to_ascii_uppercase);
    if upper.as_deref() != Some(SHARE_PREFIX) {
        return Err(ShareCodeError::MissingPrefix);
    }
    let body: Vec<char> = t[3..]
        .chars()
        .filter(|c| *c != '-' && !c.is_whitespace())
        .collect();
    if body.len() != CODE_CHARS {
        return Err(ShareCodeError::WrongLength { found: body.len() });
    }
    let mut bits: u64 = 0;
    for &c in &body {
        let v = symbol(c).ok_or(ShareCodeError::BadCharacter { character: c })?;
        bits = (bits << 5) | v;
    }
    if bits & 0xf != 0 {
        return Err(ShareCodeError::BadCheck);
    }
    bits >>= 4;
    let mut bytes = [0u8; PAYLOAD_BYTES];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = ((bits >> ((PAYLOAD_BYTES - 1 - i) * 8)) & 0xff) as u8;
    }
    if check_byte(&bytes[..6]) != bytes[6] {
        return Err(ShareCodeError::BadCheck);
    }
    Ok(ShareCode {
        rules_version: u32::from(u16::from_be_bytes([bytes[0], bytes[1]])),
        seed: u32::from_be_bytes([bytes[2], bytes[3], bytes[4], bytes[5]]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reads_loosely() {
        for seed in [0, 1, 42, 176_112_159, u32::MAX] {
            let c = ShareCode {
                seed,
                rules_version: 1,
            };
            let text = encode_share_code(c).unwrap();
            assert_eq!(text.len(), 3 + 14);
            assert_eq!(decode_share_code(&text), Ok(c));
            assert_eq!(decode_share_code(&text.to_lowercase()), Ok(c));
            assert_eq!(
                decode_share_code(&format!(
                    " {} ",
                    text.replace('-', " ").replacen(' ', "-", 1)
                )),
                Ok(c)
            );
        }
    }

    #[test]
    fn a_single_typo_is_caught() {
        let text = encode_share_code(ShareCode {
            seed: 42,
            rules_version: 1,
        })
        .unwrap();
        let chars: Vec<char> = text.chars().collect();
        for i in 3..chars.len() {
            if chars[i] == '-' {
                continue;
            }
            for &a in ALPHABET {
                let mut typo = chars.clone();
                if typo[i] == a as char {
                    continue;
                }
                typo[i] = a as char;
                let t: String = typo.into_iter().collect();
                assert!(decode_share_code(&t).is_err(), "{t} decoded");
            }
        }
    }

    #[test]
    fn refuses_what_is_not_a_code() {
        assert_eq!(decode_share_code("42"), Err(ShareCodeError::MissingPrefix));
        assert_eq!(
            decode_share_code("CT-1234"),
            Err(ShareCodeError::WrongLength { found: 4 })
        );
        assert_eq!(
            decode_share_code("CT-UUUU-UUUU-UUUU"),
            Err(ShareCodeError::BadCharacter { character: 'U' })
        );
        assert!(encode_share_code(ShareCode {
            seed: 1,
            rules_version: 70_000
        })
        .is_err());
    }
}
