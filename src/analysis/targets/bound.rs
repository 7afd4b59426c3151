//! A target's bound on its figure, and how far a value misses it.

use serde::{Deserialize, Serialize};

/// The bound a figure must meet.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Bound {
    /// `<= x`.
    AtMost { x: f64 },
    /// `>= x`.
    AtLeast { x: f64 },
    /// `= x`.
    Equal { x: f64 },
    /// `in lo..hi`, both ends included.
    Within { lo: f64, hi: f64 },
}

impl Bound {
    /// The bound `value` falls short of or beyond, and by how much (0 when met).
    fn missed(self, value: f64) -> Option<(f64, f64)> {
        let (bound, by) = match self {
            Bound::AtMost { x } => (x, value - x),
            Bound::AtLeast { x } => (x, x - value),
            Bound::Equal { x } => (x, (value - x).abs()),
            Bound::Within { lo, .. } if value < lo => (lo, lo - value),
            Bound::Within { hi, .. } => (hi, value - hi),
        };
        (by > 0.0).then_some((bound, by))
    }

    /// How far `value` misses the bound, 0 when met: in share points for a share,
    /// relative to the missed bound (taken as at least 1) for a mean. A value
    /// that is not a number misses by infinity.
    pub fn miss(self, value: f64, is_share: bool) -> f64 {
        if value.is_nan() {
            return f64::INFINITY;
        }
        match self.missed(value) {
            None => 0.0,
            Some((_, by)) if is_share => by,
            Some((bound, by)) => by / bound.abs().max(1.0),
        }
    }

    /// Its canonical text after the figure: `<= 0.02`, `in 4..12`.
    pub fn text(self) -> String {
        match self {
            Bound::AtMost { x } => format!("<= {x}"),
            Bound::AtLeast { x } => format!(">= {x}"),
            Bound::Equal { x } => format!("= {x}"),
            Bound::Within { lo, hi } => format!("in {lo}..{hi}"),
        }
    }

    /// The numbers it names.
    pub fn numbers(self) -> Vec<f64> {
        match self {
            Bound::AtMost { x } | Bound::AtLeast { x } | Bound::Equal { x } => vec![x],
            Bound::Within { lo, hi } => vec![lo, hi],
        }
    }
}
