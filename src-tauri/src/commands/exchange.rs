//! Share codes, level files and pictures: written and read by the shell after a
//! native dialog.

use std::sync::Arc;

use studio_core::exchange::{self, ImportedLevel, PictureKind, SharedSeed, WrittenFile};
use studio_core::rules_book::RulesBook;
use studio_core::slow::SlowFiles;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

const LEVEL: FileKind = FileKind {
    name: "Contraption level",
    extension: "json",
};
const PAGE: FileKind = FileKind {
    name: "Web page",
    extension: "html",
};
const GIF: FileKind = FileKind {
    name: "Animated GIF",
    extension: "gif",
};
const PNG: FileKind = FileKind {
    name: "PNG picture",
    extension: "png",
};

/// The share code of `seed` under the rules in force (none under other rules than the default).
#[tauri::command]
pub fn share_code(book: State<'_, Arc<RulesBook>>, seed: u32) -> SharedSeed {
    exchange::share(&book.in_force(), seed)
}

/// Asks where to save the level file of `seed` (under the rules in force), then
/// writes it; null when cancelled.
#[tauri::command]
pub async fn export_level_file(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    daily_key: Option<String>,
) -> Reply<Option<WrittenFile>> {
    let (answer, book) = (answer.inner().clone(), book.inner().clone());
    let name = format!("contraption-level-{seed}.json");
    blocking(move || {
        dialogs::save(&app, &answer, LEVEL, "Export the level", name, |p| {
            exchange::write_level(&book.in_force(), p, seed, daily_key)
        })
    })
    .await
}

/// Asks where to save the one-file web page that plays the seed's level (with
/// its solving ramp to watch).
#[tauri::command]
pub async fn export_page(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    daily_key: Option<String>,
) -> Reply<Option<WrittenFile>> {
    let (answer, book) = (answer.inner().clone(), book.inner().clone());
    let name = format!("contraption-{seed}.html");
    blocking(move || {
        dialogs::save(&app, &answer, PAGE, "Save a playable page", name, |p| {
            exchange::write_page(&book.in_force(), p, seed, daily_key)
        })
    })
    .await
}

/// Asks where to save an animated GIF of an attempt's run (the shipped level
/// solved by its ramp, another attempt's bare ball).
#[tauri::command]
pub async fn export_animation(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    attempt: Option<u32>,
) -> Reply<Option<WrittenFile>> {
    let (answer, book) = (answer.inner().clone(), book.inner().clone());
    let name = format!("contraption-{seed}-run.gif");
    blocking(move || {
        dialogs::save(&app, &answer, GIF, "Save an animation", name, |p| {
            exchange::write_animation(&book.in_force(), p, seed, attempt)
        })
    })
    .await
}

/// Asks where to save a PNG of an attempt (with the solution, the puzzle alone, or its sweep).
#[tauri::command]
pub async fn export_picture(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    attempt: Option<u32>,
    scale: f32,
    kind: PictureKind,
) -> Reply<Option<WrittenFile>> {
    let (answer, book) = (answer.inner().clone(), book.inner().clone());
    let name = format!("contraption-{seed}{}.png", kind.file_suffix());
    blocking(move || {
        dialogs::save(&app, &answer, PNG, "Export a picture", name, |p| {
            exchange::write_picture(&book.in_force(), p, seed, attempt, scale, kind)
        })
    })
    .await
}

/// Asks which level file to open, reads it strictly and verifies it under its
/// own rules (remembered, so the level can be played under them). Slow rules are
/// refused (`slow_rules`) unless `allow_slow` names the file refused for them:
/// it is read again, without a dialog.
#[tauri::command]
pub async fn import_level_file(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    book: State<'_, Arc<RulesBook>>,
    slow: State<'_, Arc<SlowFiles>>,
    allow_slow: Option<String>,
) -> Reply<Option<ImportedLevel>> {
    let (answer, book, slow) = (
        answer.inner().clone(),
        book.inner().clone(),
        slow.inner().clone(),
    );
    blocking(move || {
        dialogs::open_allowing_slow(
            &app,
            &answer,
            &slow,
            LEVEL,
            "Import a level",
            allow_slow,
            |p, allow| exchange::read_level(&book, p, allow),
        )
    })
    .await
}
