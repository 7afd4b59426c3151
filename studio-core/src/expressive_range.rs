//! The A/B view's expressive range: the exact joint counts of two per-level
//! metrics under rules A and under rules B over a stored range, read from the
//! catalog a page at a time as `ab::compare` reads it (constant memory: one
//! entry per pair of values, whatever the number of seeds), for the UI to bin;
//! and the figure as a PNG (the render crate's, the bytes `contraption compare
//! A B FROM..TO --png FILE --x X --y Y` writes).

use std::path::Path;

use contraption::expressive_range::{Axis, Metric, RangeCounts};
use contraption::ValidRules;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ab::{each_pair, SideRules};
use crate::catalog::{CatalogState, CatalogViewError};
use crate::exchange::{ExchangeError, WrittenFile};
use crate::StudioError;

/// The joint counts of `x` × `y` over a stored range under A and B.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct RangeReport {
    pub a: SideRules,
    pub b: SideRules,
    #[ts(type = "number")]
    pub from: u64,
    #[ts(type = "number")]
    pub to: u64,
    /// The axes: each metric over the values it can take under A or B.
    pub x: Axis,
    pub y: Axis,
    /// `[x value, y value, seeds]` of every pair some seed has under A,
    /// `(x, y)` ascending.
    #[ts(type = "Array<[number, number, number]>")]
    pub a_counts: Vec<[u64; 3]>,
    /// The same under B.
    #[ts(type = "Array<[number, number, number]>")]
    pub b_counts: Vec<[u64; 3]>,
}

/// Counts `x` × `y` over `from..to` as stored under `a` and `b` (both scanned in
/// full, else `not_scanned`).
pub fn range_counts(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
) -> Result<RangeCounts, CatalogViewError> {
    let mut counts = RangeCounts::new(x, y, a.rules(), b.rules());
    each_pair(state, a, b, from, to, |p, q| counts.add(p, q))?;
    Ok(counts)
}

/// The report the view bins.
pub fn range_report(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
) -> Result<RangeReport, CatalogViewError> {
    let c = range_counts(state, a, b, from, to, x, y)?;
    Ok(RangeReport {
        a: SideRules::of(a),
        b: SideRules::of(b),
        from,
        to,
        x: c.x,
        y: c.y,
        a_counts: c.a.triples(),
        b_counts: c.b.triples(),
    })
}

/// The figure's PNG bytes.
pub fn range_png(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
) -> Result<Vec<u8>, StudioError> {
    let counts = range_counts(state, a, b, from, to, x, y)?;
    contraption_render::render_range_png(&contraption_render::RangeFigure {
        counts: &counts,
        a_name: a.name(),
        b_name: b.name(),
        from,
        to,
    })
    .map_err(|e| {
        ExchangeError::Picture {
            reason: e.to_string(),
        }
        .into()
    })
}

/// Writes the figure at `path` (atomically; only a regular file is replaced).
#[allow(clippy::too_many_arguments)]
pub fn write_range_png(
    state: &CatalogState,
    a: &ValidRules,
    b: &ValidRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
    path: &Path,
) -> Result<WrittenFile, StudioError> {
    let png = range_png(state, a, b, from, to, x, y)?;
    crate::files::write(path, &png).map_err(ExchangeError::ExchangeIo)?;
    Ok(WrittenFile {
        path: path.display().to_string(),
        bytes: png.len() as u32,
    })
}
