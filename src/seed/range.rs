//! A range of seeds, `from..to` with `from < to ≤ 2^32`: what scans, searches,
//! comparisons and checkpoints run over. The whole space is `0..4294967296`.

use std::fmt;

use crate::seed::seed::{parse_seed, SeedSource};

/// One past the last seed: 2^32.
pub const SEED_END: u64 = 1 << 32;

/// A non-empty range of seeds, `from` included, `to` excluded, `to ≤ 2^32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeedRange {
    from: u64,
    to: u64,
}

/// Why a range of seeds was refused. The message quotes the range as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeedRangeError {
    #[error("'{0}' is not a range; write FROM..TO, e.g. 0..10000 (TO excluded)")]
    NotARange(String),
    #[error("'{bound}' in '{range}' is not a seed bound from 0 to 4294967296")]
    BadBound { bound: String, range: String },
    #[error("the range {0} is empty; TO must be greater than FROM")]
    Empty(String),
    #[error("the range {0} ends beyond 4294967296, one past the last seed")]
    PastEnd(String),
}

impl SeedRange {
    /// Every seed.
    pub const ALL: SeedRange = SeedRange {
        from: 0,
        to: SEED_END,
    };

    /// The range `from..to`, refused unless `from < to ≤ 2^32`.
    pub fn new(from: u64, to: u64) -> Result<Self, SeedRangeError> {
        if from >= to {
            Err(SeedRangeError::Empty(format!("{from}..{to}")))
        } else if to > SEED_END {
            Err(SeedRangeError::PastEnd(format!("{from}..{to}")))
        } else {
            Ok(SeedRange { from, to })
        }
    }

    /// Reads `FROM..TO`: each bound a decimal or `0x` number as seeds are typed
    /// (a share code names its seed; a date does not make a bound), and TO may be
    /// 4294967296, one past the last seed.
    pub fn parse(text: &str) -> Result<Self, SeedRangeError> {
        let Some((a, b)) = text.split_once("..") else {
            return Err(SeedRangeError::NotARange(text.to_owned()));
        };
        let bound = |s: &str| -> Result<u64, SeedRangeError> {
            let s = s.trim();
            if s == "4294967296" || s.eq_ignore_ascii_case("0x100000000") {
                return Ok(SEED_END);
            }
            match parse_seed(s) {
                Ok(p) if !matches!(p.source, SeedSource::Daily { .. }) => Ok(u64::from(p.seed)),
                _ => Err(SeedRangeError::BadBound {
                    bound: s.to_owned(),
                    range: text.to_owned(),
                }),
            }
        };
        let (from, to) = (bound(a)?, bound(b)?);
        SeedRange::new(from, to).map_err(|e| match e {
            SeedRangeError::Empty(_) => SeedRangeError::Empty(text.to_owned()),
            other => other,
        })
    }

    /// The first seed.
    pub fn from(&self) -> u64 {
        self.from
    }

    /// One past the last seed.
    pub fn to(&self) -> u64 {
        self.to
    }

    /// How many seeds (at least 1).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u64 {
        self.to - self.from
    }

    /// Whether `seed` is in the range.
    pub fn contains(&self, seed: u64) -> bool {
        (self.from..self.to).contains(&seed)
    }

    /// The seeds, in order.
    pub fn seeds(&self) -> impl Iterator<Item = u32> {
        // `to ≤ 2^32`, so every seed fits a u32.
        (self.from..self.to).map(|s| s as u32)
    }

    /// The range cut into consecutive pieces of at most `size` seeds (`size ≥ 1`).
    pub fn chunks(&self, size: u64) -> impl Iterator<Item = SeedRange> {
        assert!(size > 0, "a chunk holds at least one seed");
        let to = self.to;
        (self.from..to)
            .step_by(size as usize)
            .map(move |from| SeedRange {
                from,
                to: (from + size).min(to),
            })
    }
}

impl fmt::Display for SeedRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_non_empty_and_ends_by_2_to_the_32() {
        assert_eq!(SeedRange::new(0, SEED_END), Ok(SeedRange::ALL));
        assert_eq!(SeedRange::new(4_294_967_295, SEED_END).unwrap().len(), 1);
        for (from, to) in [(5, 5), (9, 3), (0, SEED_END + 1), (SEED_END, SEED_END + 1)] {
            assert!(SeedRange::new(from, to).is_err(), "{from}..{to}");
        }
        assert_eq!(
            SeedRange::new(3, 3).unwrap_err().to_string(),
            "the range 3..3 is empty; TO must be greater than FROM"
        );
        assert_eq!(
            SeedRange::new(0, SEED_END + 1).unwrap_err().to_string(),
            "the range 0..4294967297 ends beyond 4294967296, one past the last seed"
        );
    }

    #[test]
    fn ranges_are_read_as_seeds_are_typed() {
        let r = |t: &str| SeedRange::parse(t).map(|r| (r.from(), r.to()));
        assert_eq!(r("0..10000"), Ok((0, 10_000)));
        assert_eq!(r(" 0x10 .. 0x20 "), Ok((16, 32)));
        assert_eq!(r("0..4294967296"), Ok((0, SEED_END)));
        assert_eq!(r("0..0x100000000"), Ok((0, SEED_END)));
        assert_eq!(r("10..10"), Err(SeedRangeError::Empty("10..10".into())));
        assert_eq!(r("10"), Err(SeedRangeError::NotARange("10".into())));
        assert!(matches!(
            r("0..2026-07-28"),
            Err(SeedRangeError::BadBound { .. })
        ));
        assert!(matches!(
            r("0..4294967297"),
            Err(SeedRangeError::BadBound { .. })
        ));
        assert!(matches!(r("-1..5"), Err(SeedRangeError::BadBound { .. })));
    }

    #[test]
    fn seeds_and_chunks_cover_the_range_once_in_order() {
        let range = SeedRange::new(4_294_967_290, SEED_END).unwrap();
        let seeds: Vec<u32> = range.seeds().collect();
        assert_eq!(seeds, (4_294_967_290..=u32::MAX).collect::<Vec<_>>());
        let chunks: Vec<String> = range.chunks(4).map(|c| c.to_string()).collect();
        assert_eq!(chunks, ["4294967290..4294967294", "4294967294..4294967296"]);
        assert!(range.contains(4_294_967_295) && !range.contains(4_294_967_289));
        assert_eq!(range.to_string(), "4294967290..4294967296");
    }
}
