//! Level 6, generate-and-test: drawing candidates, the 144-placement sweep, the
//! generator's trace (the report) and its one-row summary.

pub mod generator;
pub mod report;
pub mod summary;
pub mod sweep;

#[cfg(test)]
mod shortcut_tests;
