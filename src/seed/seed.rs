//! Seeds: the daily key and seed, and the parser for what a person types as a seed.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::seed::fnv::fnv1a32;

/// The forms a seed may be typed in, for error messages and help texts.
pub const ACCEPTED_SEED_FORMS: &str = "a whole number from 0 to 4294967295 (e.g. 42), \
hex with 0x (e.g. 0x2A), a date YYYY-MM-DD for its daily seed (e.g. 2026-7-28), \
a daily key (e.g. contraption:2026-7-28), or a share code (e.g. CT-000G-0000-5AY0)";

/// The daily key of a UTC date: `contraption:YEAR-MONTH-DAY`, month and day not zero-padded.
pub fn daily_key(date: NaiveDate) -> String {
    format!(
        "contraption:{}-{}-{}",
        date.year(),
        date.month(),
        date.day()
    )
}

/// The daily seed of a UTC date: FNV-1a of its daily key.
pub fn daily_seed(date: NaiveDate) -> u32 {
    fnv1a32(&daily_key(date))
}

/// Where a parsed seed came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeedSource {
    /// Typed as a decimal number.
    Decimal,
    /// Typed as `0x` hex.
    Hex,
    /// A share code (`CT-XXXX-XXXX-XXXX`): the seed it names, and the rules version
    /// it was made with (which may differ from this engine's).
    ShareCode {
        /// The code, normalised (upper case, grouped).
        code: String,
        rules_version: u32,
    },
    /// A date or a daily key: the seed is that day's daily seed.
    Daily {
        /// The date, `YYYY-MM-DD` (zero-padded, ISO form).
        date: String,
        /// The canonical daily key.
        key: String,
    },
}

/// A seed together with the form it was typed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ParsedSeed {
    pub seed: u32,
    pub source: SeedSource,
}

/// Why seed text was refused. Every message names the accepted forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "text", rename_all = "snake_case")]
pub enum SeedError {
    #[error("no seed given; type {ACCEPTED_SEED_FORMS}")]
    Empty,
    #[error("'{0}' is negative; seeds are {ACCEPTED_SEED_FORMS}")]
    Negative(String),
    #[error("'{0}' is larger than 4294967295; seeds are {ACCEPTED_SEED_FORMS}")]
    TooLarge(String),
    #[error("'{0}' is not a real calendar date; seeds are {ACCEPTED_SEED_FORMS}")]
    ImpossibleDate(String),
    #[error("'{0}' is not a seed; type {ACCEPTED_SEED_FORMS}")]
    Unrecognized(String),
    #[error("'{text}' is not a valid share code: {reason}")]
    BadShareCode { text: String, reason: String },
}

/// Parses what a person types as a seed: decimal, `0x` hex, a date `YYYY-MM-DD`
/// (month and day may be one or two digits), or a daily key `contraption:YYYY-M-D`.
/// Surrounding white space is ignored.
pub fn parse_seed(text: &str) -> Result<ParsedSeed, SeedError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(SeedError::Empty);
    }
    if t.get(..3)
        .is_some_and(|p| p.eq_ignore_ascii_case(crate::seed::share::SHARE_PREFIX))
    {
        let code =
            crate::seed::share::decode_share_code(t).map_err(|e| SeedError::BadShareCode {
                text: t.to_owned(),
                reason: e.to_string(),
            })?;
        return Ok(ParsedSeed {
            seed: code.seed,
            source: SeedSource::ShareCode {
                code: crate::seed::share::encode_share_code(code)
                    .expect("a decoded code has a 16-bit rules version"),
                rules_version: code.rules_version,
            },
        });
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(SeedError::Unrecognized(t.to_owned()));
        }
        let digits = hex.trim_start_matches('0');
        if digits.len() > 8 {
            return Err(SeedError::TooLarge(t.to_owned()));
        }
        let seed = u32::from_str_radix(if digits.is_empty() { "0" } else { digits }, 16)
            .map_err(|_| SeedError::Unrecognized(t.to_owned()))?;
        return Ok(ParsedSeed {
            seed,
            source: SeedSource::Hex,
        });
    }
    if let Some(rest) = t.strip_prefix('-') {
        // One level deep at most: text that starts with '-' never parses, so a
        // second '-' cannot make a negative seed (and thousands of them must not
        // recurse thousands of times).
        if !rest.trim_start().starts_with('-')
            && parse_seed(rest).is_ok_and(|p| !matches!(p.source, SeedSource::Daily { .. }))
        {
            return Err(SeedError::Negative(t.to_owned()));
        }
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        let digits = t.trim_start_matches('0');
        if digits.len() > 10 {
            return Err(SeedError::TooLarge(t.to_owned()));
        }
        let wide: u64 = if digits.is_empty() {
            0
        } else {
            digits
                .parse()
                .map_err(|_| SeedError::Unrecognized(t.to_owned()))?
        };
        let seed = u32::try_from(wide).map_err(|_| SeedError::TooLarge(t.to_owned()))?;
        return Ok(ParsedSeed {
            seed,
            source: SeedSource::Decimal,
        });
    }
    // A daily key may name any year chrono knows (`contraption:999-1-1`); a bare
    // date needs four digits.
    let (date_text, year_digits) = match t.strip_prefix("contraption:") {
        Some(rest) => (rest, 1..=6),
        None => (t, 4..=4),
    };
    if let Some(date) = parse_ymd(date_text, year_digits, t)? {
        return Ok(daily(date));
    }
    Err(SeedError::Unrecognized(t.to_owned()))
}

/// The parsed form of a date's daily seed.
pub fn daily(date: NaiveDate) -> ParsedSeed {
    ParsedSeed {
        seed: daily_seed(date),
        source: SeedSource::Daily {
            date: date.format("%Y-%m-%d").to_string(),
            key: daily_key(date),
        },
    }
}

/// Parses `YYYY-M-D` (one or two digit month and day). `Ok(None)` when the text
/// does not have that shape; an error when it does but names no real day.
pub fn parse_date_text(text: &str, original: &str) -> Result<Option<NaiveDate>, SeedError> {
    parse_ymd(text, 4..=4, original)
}

fn parse_ymd(
    text: &str,
    year_digits: std::ops::RangeInclusive<usize>,
    original: &str,
) -> Result<Option<NaiveDate>, SeedError> {
    let parts: Vec<&str> = text.split('-').collect();
    let shaped = parts.len() == 3
        && year_digits.contains(&parts[0].len())
        && (1..=2).contains(&parts[1].len())
        && (1..=2).contains(&parts[2].len())
        && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()));
    if !shaped {
        return Ok(None);
    }
    let num = |s: &str| s.parse::<u32>().unwrap_or(0);
    let year = num(parts[0]) as i32;
    NaiveDate::from_ymd_opt(year, num(parts[1]), num(parts[2]))
        .map(Some)
        .ok_or_else(|| SeedError::ImpossibleDate(original.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_key_vector() {
        let d = NaiveDate::from_ymd_opt(2026, 7, 28).unwrap();
        assert_eq!(daily_key(d), "contraption:2026-7-28");
        assert_eq!(daily_seed(d), 176_112_159);
    }

    #[test]
    fn parses_every_form() {
        assert_eq!(parse_seed("42").unwrap().seed, 42);
        assert_eq!(parse_seed("  42 ").unwrap().seed, 42);
        assert_eq!(parse_seed("0").unwrap().seed, 0);
        assert_eq!(parse_seed("4294967295").unwrap().seed, u32::MAX);
        assert_eq!(parse_seed("0x2A").unwrap().seed, 42);
        assert_eq!(parse_seed("0XffffFFFF").unwrap().seed, u32::MAX);
        assert_eq!(parse_seed("2026-07-28").unwrap().seed, 176_112_159);
        assert_eq!(parse_seed("2026-7-28").unwrap().seed, 176_112_159);
        assert_eq!(
            parse_seed("contraption:2026-7-28").unwrap().seed,
            176_112_159
        );
        let shared = parse_seed(" ct-000g-0000-5ay0 ").unwrap();
        assert_eq!(shared.seed, 42);
        assert_eq!(
            shared.source,
            SeedSource::ShareCode {
                code: "CT-000G-0000-5AY0".into(),
                rules_version: 1
            }
        );
        assert!(matches!(
            parse_seed("CT-000G-0000-5AY1"),
            Err(SeedError::BadShareCode { .. })
        ));
        match parse_seed("2026-07-28").unwrap().source {
            SeedSource::Daily { date, key } => {
                assert_eq!(date, "2026-07-28");
                assert_eq!(key, "contraption:2026-7-28");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn refuses_bad_text_with_the_accepted_forms() {
        let cases = [
            ("", SeedError::Empty),
            ("   ", SeedError::Empty),
            ("-1", SeedError::Negative("-1".into())),
            ("4294967296", SeedError::TooLarge("4294967296".into())),
            (
                "99999999999999999999",
                SeedError::TooLarge("99999999999999999999".into()),
            ),
            ("0x100000000", SeedError::TooLarge("0x100000000".into())),
            ("2026-02-30", SeedError::ImpossibleDate("2026-02-30".into())),
            ("2026-13-01", SeedError::ImpossibleDate("2026-13-01".into())),
            (
                "contraption:2026-2-30",
                SeedError::ImpossibleDate("contraption:2026-2-30".into()),
            ),
            ("banana", SeedError::Unrecognized("banana".into())),
            ("0x", SeedError::Unrecognized("0x".into())),
            ("0xZZ", SeedError::Unrecognized("0xZZ".into())),
            ("4.5", SeedError::Unrecognized("4.5".into())),
            ("--1", SeedError::Unrecognized("--1".into())),
            ("-0x2A", SeedError::Negative("-0x2A".into())),
            ("-2026-7-28", SeedError::Unrecognized("-2026-7-28".into())),
            ("999-1-1", SeedError::Unrecognized("999-1-1".into())),
            ("12 34", SeedError::Unrecognized("12 34".into())),
            ("- -1", SeedError::Unrecognized("- -1".into())),
            ("- 42", SeedError::Negative("- 42".into())),
        ];
        for (text, expected) in cases {
            let err = parse_seed(text).unwrap_err();
            assert_eq!(err, expected, "for {text:?}");
            assert!(err.to_string().contains("0x2A"), "{err}");
        }
    }

    #[test]
    fn many_leading_minus_signs_are_refused_without_deep_recursion() {
        // Run on a small stack: a parser that recursed per character would overflow it.
        let text = format!("{}42", "-".repeat(200_000));
        let err = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || parse_seed(&text).unwrap_err())
            .unwrap()
            .join()
            .expect("the parser did not overflow its stack");
        assert!(matches!(err, SeedError::Unrecognized(_)), "{err:?}");
    }
}
