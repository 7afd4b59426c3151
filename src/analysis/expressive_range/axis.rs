//! One axis of the figure: a metric and the values it spans.

use serde::{Deserialize, Serialize};

use super::binning::{bins, Bin};
use super::metric::Metric;
use crate::rules::value::Rules;

/// One axis: a metric and the values it spans (both ends included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Axis {
    pub metric: Metric,
    pub lo: u32,
    pub hi: u32,
}

impl Axis {
    /// The metric's axis under both rule sets: the smallest span holding both
    /// domains.
    pub fn of(metric: Metric, a: &Rules, b: &Rules) -> Axis {
        let ((a0, a1), (b0, b1)) = (metric.domain(a), metric.domain(b));
        Axis {
            metric,
            lo: a0.min(b0),
            hi: a1.max(b1),
        }
    }

    pub(super) fn widen(&mut self, v: u32) {
        self.lo = self.lo.min(v);
        self.hi = self.hi.max(v);
    }

    /// The axis's bins.
    pub fn bins(&self) -> Vec<Bin> {
        bins(self.lo, self.hi)
    }

    /// The axis narrowed to the values `seen` (on it): from the smallest to the
    /// largest, so the figure's cells go to where the seeds are (attempts may go
    /// to 40 while a range's seeds take five); unchanged when none is seen.
    pub fn fitted(&self, seen: impl IntoIterator<Item = u32>) -> Axis {
        let mut span: Option<(u32, u32)> = None;
        for v in seen {
            span = Some(match span {
                None => (v, v),
                Some((lo, hi)) => (lo.min(v), hi.max(v)),
            });
        }
        match span {
            Some((lo, hi)) => Axis {
                metric: self.metric,
                lo: lo.max(self.lo),
                hi: hi.min(self.hi),
            },
            None => *self,
        }
    }
}
