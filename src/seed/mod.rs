//! Level 2, seeds: the mulberry32 stream, the FNV-1a hash, the daily seed and the
//! text forms a seed is written in (numbers, dates, share codes).

pub mod fnv;
pub mod range;
pub mod rng;
#[allow(clippy::module_inception)]
pub mod seed;
pub mod share;

pub use fnv::{fnv1a32, FNV_OFFSET, FNV_PRIME};
pub use seed::*;
