//! Expressive-range analysis (Smith & Whitehead, "Analyzing the Expressive Range
//! of a Level Generator", 2010): every level of a seed range placed on two
//! per-level metrics, the 2-D histogram under rules A, under rules B, and their
//! difference B − A.
//!
//! The one definition of each metric ([`Metric`]): its name, its value for a
//! seed's summary (so every catalog scan already holds it), and the values it can
//! take under given rules ([`Metric::domain`]). The counts are exact per pair of
//! values ([`JointCounts`], constant memory: at most one entry per pair of the
//! two domains, whatever the number of seeds); binning ([`bins`]) puts one value
//! in a bin while a domain has at most [`MAX_BINS`] values, else `ceil(n / 24)`
//! values per bin (the last bin may hold fewer), with 0 alone in its bin on such
//! an axis from 0 ([`zero_alone`]; `ceil(hi / 23)` values in each bin after it).
//! The studio's UI bins the same counts the same way (`ui/src/range/grid.ts`);
//! one JSON fixture (`tests/data/expressive_range.json`) is checked by both.
//! `docs/rules.md` documents the metrics and the binning.
//!
//! The bare ball's closest approach, path length and first-contact depth are not
//! in a summary (so not in the catalog) and are not metrics here.
//!
//! One concept a file: `metric.rs` (the metrics, their values and domains),
//! `axis.rs` (a metric's span under both rules), `binning.rs` (values to bins),
//! `counts.rs` (the exact joint counts of a range), `grid.rs` (the binned
//! figure).

mod axis;
mod binning;
mod counts;
mod grid;
mod metric;

pub use axis::Axis;
pub use binning::{bin_of, bin_width, bins, zero_alone, Bin, MAX_BINS};
pub use counts::{JointCounts, RangeCounts};
pub use grid::RangeGrid;
pub use metric::{Metric, UnknownMetric};
