//! One module per command: its clap `Args` and its `run()`.

pub mod bookmarks;
pub mod compare;
pub mod daily;
pub mod draws;
pub mod export;
pub mod generate;
pub mod render;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod scan;
pub mod search;
pub mod sensitivity;
mod sensitivity_out;
pub mod share;
pub mod simulate;
pub mod sweep;
pub mod tune;
mod tune_store;
pub mod verify;
