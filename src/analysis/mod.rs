//! Level 8, questions about many seeds: totals of a range, the A/B comparison, the
//! daily calendar, the criteria language, search checkpoints and the expressive
//! range.

pub mod calendar;
pub mod checkpoint;
pub mod compare;
pub mod criteria;
pub mod expressive_range;
mod layouts;
mod search_loop;
mod shipping;
pub mod staged;
pub mod targets;
pub mod totals;
