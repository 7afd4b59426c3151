//! The inspector's Draws panel: a seed's draw record, "what if" with pins, and
//! the edited level exported or played (all under the rules in force).

use std::sync::Arc;

use contraption::{DrawRecord, Pin};
use studio_core::draws::{self, PinnedSeed};
use studio_core::exchange::WrittenFile;
use studio_core::play::{Levels, PlayError};
use studio_core::rules_book::RulesBook;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};
use crate::windows;

const LEVEL: FileKind = FileKind {
    name: "Contraption level",
    extension: "json",
};

/// The draws of every attempt the generator made for `seed`.
#[tauri::command]
pub async fn seed_draws(book: State<'_, Arc<RulesBook>>, seed: u32) -> Reply<DrawRecord> {
    let book = book.inner().clone();
    blocking(move || draws::seed_draws(&book.in_force(), seed)).await
}

/// `seed` with `pins` beside the seed as it is.
#[tauri::command]
pub async fn what_if(
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    pins: Vec<Pin>,
) -> Reply<PinnedSeed> {
    let book = book.inner().clone();
    blocking(move || draws::pinned_seed(&book.in_force(), seed, &pins)).await
}

/// Asks where to save the edited level file, then writes it; null when cancelled.
#[tauri::command]
pub async fn export_edited_level(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    pins: Vec<Pin>,
) -> Reply<Option<WrittenFile>> {
    let (answer, book) = (answer.inner().clone(), book.inner().clone());
    let name = draws::edited_file_name(seed, draws::pinned_attempt(&pins));
    blocking(move || {
        let rules = book.in_force();
        draws::edited_level(&rules, seed, &pins)?; // refused pins: no dialog
        dialogs::save(&app, &answer, LEVEL, "Export the edited level", name, |p| {
            draws::write_edited_level(&rules, p, seed, &pins)
        })
    })
    .await
}

/// Opens (or focuses) the play window of the edited level (rules in force).
#[tauri::command]
pub async fn open_edited_play(
    app: AppHandle,
    book: State<'_, Arc<RulesBook>>,
    levels: State<'_, Arc<Levels>>,
    seed: u32,
    pins: Vec<Pin>,
) -> Reply<String> {
    let (book, levels) = (book.inner().clone(), levels.inner().clone());
    let rules = book.in_force();
    let checked = pins.clone();
    blocking(move || levels.world(&rules, seed, &checked).map(|_| ())).await?;
    if pins.is_empty() {
        return Err(PlayError::EditedPins {
            error: contraption::PinError::Malformed {
                text: String::new(),
                expected: "an edited level has at least one pin".into(),
            },
        }
        .into());
    }
    let id = book.in_force().id().to_owned();
    Ok(windows::open_edited_play(&app, seed, &id, &pins)?)
}
