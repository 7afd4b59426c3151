//! File input and output shared by the `contraption` CLI and the studio.
//!
//! The engine does no I/O; everything that touches a user's files goes through
//! here, so the command line and the window behave the same way.

mod atomic;
mod bounded;

pub use atomic::{write_atomically, WriteError};
pub use bounded::{read_bounded, ReadError};
