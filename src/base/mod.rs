//! Level 1, the ground everything stands on: plane geometry, rounding, the strict
//! JSON reader and canonical serialization. Imports nothing of the engine.

pub mod canonical;
pub mod geometry;
pub mod round;
pub mod strict_json;
