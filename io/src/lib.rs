//! File input and output shared by the `contraption` CLI and the studio.
//!
//! The engine does no I/O; everything that touches a user's files goes through
//! here, so the command line and the window behave the same way: inputs are
//! bounded before they are read and must be regular files; outputs are written
//! atomically and only over regular files.

mod atomic;
mod read;

pub use atomic::{
    output_target, write_atomically, write_atomically_apart_from, AtomicFile, WriteError,
};
pub use read::{kind_of, read_file_bounded, read_limited, read_stdin_bounded, ReadError};
