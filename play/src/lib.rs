//! Play mode without a window: the level a player plays (the seed's shipped level
//! under its rules, or an edited candidate), the engine's verdict on a part, one
//! run of the player's parts, and the one-file web player's page (its payload and
//! a level in a URL fragment).
//!
//! The studio's play window (`studio-core`'s `play`, through the Tauri shell) and
//! the web player (`web/`, this crate compiled to WebAssembly) both call these
//! functions, so the desktop and the page differ only in where the engine runs.
//! Only the engine decides: legality is `check_part` / `check_placements`, a run is
//! `simulate` with every step recorded, a replay is the engine's `replay`.

pub mod check;
pub mod fragment;
pub mod level;
pub mod page;
pub mod rules_info;
pub mod run;

pub use check::{check_part, NoSuchPart, PartCheck};
pub use fragment::{fragment_text, level_fragment, FragmentError, FRAGMENT_PREFIX};
pub use level::{play_level, play_level_with, EditedPlay, PlayLevel};
pub use page::{page_html, page_payload, Page, PageError, PagePayload, PAYLOAD_ELEMENT};
pub use rules_info::RulesInfo;
pub use run::{run, won, PlayRun, RUN_STRIDE};

#[cfg(test)]
mod page_tests;
