//! Level 6, generate-and-test: drawing candidates, the 144-placement sweep, the
//! generator's trace (the report) and its one-row summary.

pub mod attempt;
pub mod draws;
pub mod generator;
pub mod outline;
pub(crate) mod pick;
pub mod pins;
pub mod record;
pub mod report;
pub mod search_order;
pub mod summary;
pub mod sweep;
pub mod what_if;

#[cfg(test)]
mod shortcut_tests;
#[cfg(test)]
mod straight_fall_tests;
