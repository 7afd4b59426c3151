//! Values to bins: at most [`MAX_BINS`] per axis, 0 alone on a wide axis from 0.

use serde::{Deserialize, Serialize};

/// At most this many bins per axis.
pub const MAX_BINS: u32 = 24;

/// A bin: the values `lo..=hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bin {
    pub lo: u32,
    pub hi: u32,
}

/// Whether 0 has a bin of its own on `lo..=hi`: when the span starts at 0 and
/// has more than [`MAX_BINS`] values (so its bins hold more than one). Every
/// metric is a count whose 0 means none at all — no solving placement (no
/// one-ramp solution, as a fallback ships), no preSolved rejection, no wall, no
/// part — and must not share a bin with 1 (a level with exactly one way through).
pub fn zero_alone(lo: u32, hi: u32) -> bool {
    lo == 0 && u64::from(hi) + 1 > u64::from(MAX_BINS)
}

/// Values per bin over `lo..=hi`: 1 while the span has at most [`MAX_BINS`]
/// values, else `ceil(n / MAX_BINS)`; when 0 is alone ([`zero_alone`]), the
/// width of the bins after it, `ceil(hi / (MAX_BINS − 1))` over `1..=hi`.
pub fn bin_width(lo: u32, hi: u32) -> u32 {
    if zero_alone(lo, hi) {
        return u64::from(hi).div_ceil(u64::from(MAX_BINS - 1)) as u32;
    }
    let n = u64::from(hi.saturating_sub(lo)) + 1;
    n.div_ceil(u64::from(MAX_BINS)) as u32
}

/// The bins of `lo..=hi` (`lo ≤ hi`): equal widths from `lo` up, the last one
/// cut at `hi` — after a bin holding 0 alone when [`zero_alone`].
pub fn bins(lo: u32, hi: u32) -> Vec<Bin> {
    let w = bin_width(lo, hi);
    let mut out = Vec::new();
    let mut start = u64::from(lo);
    if zero_alone(lo, hi) {
        out.push(Bin { lo: 0, hi: 0 });
        start = 1;
    }
    while start <= u64::from(hi) {
        let end = (start + u64::from(w) - 1).min(u64::from(hi));
        out.push(Bin {
            lo: start as u32,
            hi: end as u32,
        });
        start = end + 1;
    }
    out
}

/// The bin of value `v` on `lo..=hi` (`lo ≤ v ≤ hi`).
pub fn bin_of(lo: u32, hi: u32, v: u32) -> usize {
    let w = bin_width(lo, hi);
    if zero_alone(lo, hi) {
        return if v == 0 {
            0
        } else {
            1 + ((v - 1) / w) as usize
        };
    }
    ((v - lo) / w) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binning_edges() {
        // One bin per value up to 24 values.
        assert_eq!(bins(0, 0), vec![Bin { lo: 0, hi: 0 }]);
        assert_eq!(bins(1, 24).len(), 24);
        assert!(bins(1, 24).iter().all(|b| b.lo == b.hi));
        // 25 values from 0: 0 alone, then two per bin, 13 bins.
        let b = bins(0, 24);
        assert_eq!(b.len(), 13);
        assert_eq!(b[0], Bin { lo: 0, hi: 0 });
        assert_eq!(b[1], Bin { lo: 1, hi: 2 });
        assert_eq!(b[12], Bin { lo: 23, hi: 24 });
        // 25 values from 1: two per bin from 1 up, the last holding one.
        let b = bins(1, 25);
        assert_eq!(b.len(), 13);
        assert_eq!(b[0], Bin { lo: 1, hi: 2 });
        assert_eq!(b[12], Bin { lo: 25, hi: 25 });
        // The default sweep: no solving placement alone, then 7 per bin from 1
        // (one-way levels apart from the fallbacks), 22 bins.
        let b = bins(0, 144);
        assert_eq!(b.len(), 22);
        assert_eq!(b[0], Bin { lo: 0, hi: 0 });
        assert_eq!(b[1], Bin { lo: 1, hi: 7 });
        assert_eq!(b[21], Bin { lo: 141, hi: 144 });
        assert_eq!(bin_of(0, 144, 0), 0);
        assert_eq!(bin_of(0, 144, 1), 1);
        assert_eq!(bin_of(0, 144, 7), 1);
        assert_eq!(bin_of(0, 144, 8), 2);
        assert_eq!(bin_of(0, 144, 144), 21);
        // Up to 24 values from 0, one per value as before (0 is alone anyway).
        assert_eq!(bins(0, 23).len(), 24);
        assert!(!zero_alone(0, 23) && zero_alone(0, 24) && !zero_alone(1, 1000));
        // Never more than 24, the bins tile the span, each value in its bin.
        for (lo, hi) in [
            (0, 1000),
            (1, 1000),
            (3, 50),
            (0, 1024),
            (7, 7),
            (0, 47),
            (0, 48),
            (0, 24),
            (0, 40),
            (0, 64),
            (0, 144),
            (0, 1024),
            (1, 24),
            (1, 25),
        ] {
            let b = bins(lo, hi);
            assert!(b.len() as u32 <= MAX_BINS, "{lo}..={hi}");
            assert_eq!(b[0].lo, lo);
            // From 0, with more than one value to a bin: 0 alone.
            if lo == 0 && hi >= MAX_BINS {
                assert_eq!(b[0], Bin { lo: 0, hi: 0 }, "{lo}..={hi}");
            }
            assert_eq!(b[b.len() - 1].hi, hi);
            assert!(b.windows(2).all(|w| w[1].lo == w[0].hi + 1));
            for v in lo..=hi {
                let i = bin_of(lo, hi, v);
                assert!(b[i].lo <= v && v <= b[i].hi);
            }
        }
        assert_eq!(bins(0, u32::MAX).len(), 24);
    }
}
