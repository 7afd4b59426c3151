//! The binned figure of A, B and B − A.

use serde::{Deserialize, Serialize};

use super::axis::Axis;
use super::binning::{bin_of, Bin};

/// The binned figure: seeds per cell under A and B, and B − A. Cells are row
/// by row from the lowest y bin, each row from the lowest x bin:
/// cell `(i, j)` (x bin `i`, y bin `j`) is at `j × x_bins.len() + i`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeGrid {
    pub x_bins: Vec<Bin>,
    pub y_bins: Vec<Bin>,
    pub a: Vec<u64>,
    pub b: Vec<u64>,
    pub diff: Vec<i64>,
}

impl RangeGrid {
    /// Bins `[x, y, seeds]` triples of A and B (every value on its axis) on the
    /// axes fitted to the values seen ([`Axis::fitted`]).
    pub fn of(x: &Axis, y: &Axis, a: &[[u64; 3]], b: &[[u64; 3]]) -> RangeGrid {
        let seen = |k: usize| {
            a.iter()
                .chain(b)
                .filter(|t| t[2] > 0)
                .map(move |t| t[k] as u32)
        };
        let (x, y) = (&x.fitted(seen(0)), &y.fitted(seen(1)));
        let (x_bins, y_bins) = (x.bins(), y.bins());
        let n = x_bins.len() * y_bins.len();
        let fill = |triples: &[[u64; 3]]| {
            let mut cells = vec![0u64; n];
            for &[vx, vy, count] in triples.iter().filter(|t| t[2] > 0) {
                let i = bin_of(x.lo, x.hi, vx as u32);
                let j = bin_of(y.lo, y.hi, vy as u32);
                cells[j * x_bins.len() + i] += count;
            }
            cells
        };
        let (a, b) = (fill(a), fill(b));
        let diff = a
            .iter()
            .zip(&b)
            .map(|(&p, &q)| q as i64 - p as i64)
            .collect();
        RangeGrid {
            x_bins,
            y_bins,
            a,
            b,
            diff,
        }
    }

    /// The largest count of either side (the shared colour scale of A and B).
    pub fn max_count(&self) -> u64 {
        self.a.iter().chain(&self.b).copied().max().unwrap_or(0)
    }

    /// The largest |B − A| (the difference's colour scale).
    pub fn max_diff(&self) -> u64 {
        self.diff
            .iter()
            .map(|d| d.unsigned_abs())
            .max()
            .unwrap_or(0)
    }
}
